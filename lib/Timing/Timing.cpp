//===- Timing.cpp - Measured timing descriptions from td/ -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Timing/Timing.h"
#include "tileas/Timing/TimingTypes.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

#define GET_TILEAS_TIMING_TABLES
#include "TileASTimingTables.inc"

using namespace llvm;

namespace tileas {
namespace timing {

namespace {

ArrayRef<MmaRecord> mmas() { return ArrayRef(gen::Mmas, gen::NumMmas); }
ArrayRef<InstrRecord> instrs() { return ArrayRef(gen::Instrs, gen::NumInstrs); }
ArrayRef<TmaPointRecord> points() {
  return ArrayRef(gen::TmaPoints, gen::NumTmaPoints);
}

/// The points of one description's load Instr, in order of bytes.
ArrayRef<TmaPointRecord> pointsOf(unsigned Desc, StringRef Instr) {
  ArrayRef<TmaPointRecord> All = points();
  auto Key = [](const TmaPointRecord &P) {
    return std::make_pair(P.Desc, StringRef(P.Instr));
  };
  auto Lo = partition_point(All, [&](const TmaPointRecord &P) {
    return Key(P) < std::make_pair(Desc, Instr);
  });
  auto Hi = std::find_if(Lo, All.end(), [&](const TmaPointRecord &P) {
    return Key(P) != std::make_pair(Desc, Instr);
  });
  return ArrayRef(Lo, Hi);
}

/// Round-to-nearest division of a signed numerator by a positive divisor.
int64_t divideNearest(int64_t Num, int64_t Den) {
  return Num >= 0 ? (Num + Den / 2) / Den : -((-Num + Den / 2) / Den);
}

} // namespace

std::string MmaShape::str() const { return formatv("M{0} N{1} K{2}", M, N, K); }

StringRef Timing::name() const { return gen::Descs[Index].Name; }
unsigned Timing::clockMHz() const { return gen::Descs[Index].ClockMHz; }
unsigned Timing::fullLoadCyclesPerKiB() const {
  return gen::Descs[Index].FullLoadCyclesPerKiB;
}
unsigned Timing::smemBytesPerCycle() const {
  return gen::Descs[Index].SmemBytesPerCycle;
}
unsigned Timing::mbarrierLatency() const {
  return gen::Descs[Index].MbarrierLatency;
}
double Timing::farMemoryBytesPerCycle() const {
  return 1024.0 / double(fullLoadCyclesPerKiB());
}

bool Timing::timesMma(StringRef Instr) const {
  return any_of(mmas(), [&](const MmaRecord &R) {
    return R.Desc == Index && Instr == R.Instr;
  });
}

std::optional<InstrTiming> Timing::mma(StringRef Instr, MmaShape S) const {
  for (const MmaRecord &R : mmas())
    if (R.Desc == Index && Instr == R.Instr && R.M == S.M && R.N == S.N &&
        R.K == S.K)
      return InstrTiming{Unit::TensorCore, R.OccupancyX100, R.Latency, 0};
  return std::nullopt;
}

std::optional<InstrTiming> Timing::instr(StringRef Instr) const {
  for (const InstrRecord &R : instrs())
    if (R.Desc == Index && Instr == R.Instr)
      return InstrTiming{Unit::None, R.OccupancyX100, R.Latency, 0};
  return std::nullopt;
}

bool Timing::timesLoad(StringRef Instr) const {
  return !pointsOf(Index, Instr).empty();
}

std::optional<unsigned> Timing::loadLatency(StringRef Instr,
                                            uint64_t Bytes) const {
  ArrayRef<TmaPointRecord> Ps = pointsOf(Index, Instr);
  if (Ps.empty())
    return std::nullopt;
  if (Ps.size() == 1)
    return Ps.front().Latency;
  // The segment Bytes falls in, or the nearest one beyond either end.
  size_t I = 1;
  while (I + 1 < Ps.size() && Ps[I].Bytes < Bytes)
    ++I;
  const TmaPointRecord &P = Ps[I - 1], &Q = Ps[I];
  int64_t Rise = int64_t(Q.Latency) - int64_t(P.Latency);
  int64_t Run = int64_t(Q.Bytes - P.Bytes);
  int64_t L = int64_t(P.Latency) +
              divideNearest((int64_t(Bytes) - int64_t(P.Bytes)) * Rise, Run);
  return unsigned(std::max<int64_t>(L, 1));
}

uint64_t Timing::transferOccupancyX100(uint64_t Bytes) const {
  uint64_t Share = (Bytes * fullLoadCyclesPerKiB() * 100 + 512) / 1024;
  uint64_t Smem = (Bytes * 100 + smemBytesPerCycle() / 2) / smemBytesPerCycle();
  return std::max(Share, Smem);
}

std::optional<unsigned> Timing::loadLatency(StringRef Instr, uint64_t Bytes,
                                            uint64_t InFlightBytes) const {
  std::optional<unsigned> Alone = loadLatency(Instr, Bytes);
  if (!Alone)
    return std::nullopt;
  return *Alone + unsigned((transferOccupancyX100(InFlightBytes) + 99) / 100);
}

std::optional<InstrTiming> Timing::load(StringRef Instr, uint64_t Bytes) const {
  std::optional<unsigned> L = loadLatency(Instr, Bytes);
  if (!L)
    return std::nullopt;
  return InstrTiming{Unit::FarMemory, transferOccupancyX100(Bytes), *L, Bytes};
}

std::optional<Timing> lookup(StringRef Name) {
  for (unsigned I = 0; I != gen::NumDescs; ++I)
    if (Name == gen::Descs[I].Name)
      return Timing(I);
  return std::nullopt;
}

SmallVector<StringRef, 4> names() {
  SmallVector<StringRef, 4> Names;
  for (unsigned I = 0; I != gen::NumDescs; ++I)
    Names.push_back(gen::Descs[I].Name);
  return Names;
}

Error checkName(StringRef Name) {
  if (Name == ModelName || lookup(Name))
    return Error::success();
  std::string Known = ModelName;
  for (StringRef N : names())
    Known += ", " + N.str();
  return createStringError(
      inconvertibleErrorCode(),
      formatv("unknown timing '{0}' (known: {1})", Name, Known).str());
}

} // namespace timing
} // namespace tileas
