//===- Utilization.cpp - Tensor-core utilization of a run -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Utilization.h"
#include "tileas/Sim/Report.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace llvm;
using namespace tileas;
using namespace tileas::sim;

namespace {

/// The steady-state window of the main loop: [From, To) and its iterations.
struct Window {
  Cycle From = 0, To = 0;
  size_t Iterations = 0;
};

/// The later half of Loop's entries (LoopResult::steadyCyclesPerIteration).
std::optional<Window> laterHalf(const LoopResult *Loop) {
  if (!Loop || Loop->Entries.size() < 2)
    return std::nullopt;
  size_t Intervals = Loop->Entries.size() - 1;
  size_t Later = (Intervals + 1) / 2;
  Window W{Loop->Entries[Loop->Entries.size() - 1 - Later],
           Loop->Entries.back(), Later};
  if (W.To <= W.From)
    return std::nullopt;
  return W;
}

/// The steady state of the agent that issued most of Unit's ops: its loop
/// entered most often (the first on a tie).
std::optional<Window> issuerWindow(const SimResult &R,
                                   const OccupiedUnitResult &Unit) {
  std::map<unsigned, size_t> Ops;
  for (const UnitSpan &S : Unit.Spans)
    ++Ops[S.Agent];
  if (Ops.empty())
    return std::nullopt;
  unsigned Agent = Ops.begin()->first;
  for (auto [A, N] : Ops)
    if (N > Ops[Agent])
      Agent = A;
  const LoopResult *Best = nullptr;
  for (const LoopResult &L : R.Loops)
    if (L.Agent == Agent && (!Best || L.Entries.size() > Best->Entries.size()))
      Best = &L;
  return laterHalf(Best);
}

/// Per iteration of its issuer's steady state: the sum of Value over the
/// spans issued in it.
template <typename Fn>
std::optional<double> perIteration(const SimResult &R,
                                   const OccupiedUnitResult *Unit, Fn Value) {
  if (!Unit)
    return 0.0;
  std::optional<Window> W = issuerWindow(R, *Unit);
  if (!W)
    return Unit->Spans.empty() ? std::optional<double>(0.0) : std::nullopt;
  double Sum = 0;
  for (const UnitSpan &S : Unit->Spans)
    if (S.Issued >= W->From && S.Issued < W->To)
      Sum += Value(S);
  return Sum / double(W->Iterations);
}

double rounded(double V, double Scale) { return std::round(V * Scale) / Scale; }

} // namespace

TensorCoreUse tileas::sim::tensorCoreUse(const SimResult &R, int TensorCore,
                                         int FarMemory, double BytesPerCycle) {
  TensorCoreUse U;
  const OccupiedUnitResult *TC =
      TensorCore >= 0 && size_t(TensorCore) < R.Units.size()
          ? &R.Units[TensorCore]
          : nullptr;
  const OccupiedUnitResult *Mem =
      FarMemory >= 0 && size_t(FarMemory) < R.Units.size() ? &R.Units[FarMemory]
                                                           : nullptr;
  if (TC)
    U.BusyCycles = double(TC->BusyX100) / 100.0;
  if (R.Cycles)
    U.TotalBusyFraction = U.BusyCycles / double(R.Cycles);
  std::optional<Window> W = laterHalf(R.mainLoop());
  if (!W)
    return U;
  uint64_t FromX100 = W->From * 100, ToX100 = W->To * 100;
  uint64_t InWindowX100 = 0;
  if (TC)
    for (const UnitSpan &S : TC->Spans) {
      uint64_t Lo = std::max(S.StartX100, FromX100);
      uint64_t Hi = std::min(S.EndX100, ToX100);
      if (Hi > Lo)
        InWindowX100 += Hi - Lo;
    }
  U.SteadyBusyFraction = double(InWindowX100) / double(ToX100 - FromX100);
  std::optional<double> Mma = perIteration(R, TC, [](const UnitSpan &S) {
    return double(S.EndX100 - S.StartX100) / 100.0;
  });
  std::optional<double> Bytes = perIteration(
      R, Mem, [](const UnitSpan &S) { return double(S.TransferBytes); });
  if (!Mma || !Bytes)
    return U;
  double Transfer = BytesPerCycle > 0 ? *Bytes / BytesPerCycle : 0.0;
  U.MmaCyclesPerIteration = *Mma;
  U.TransferCyclesPerIteration = Transfer;
  if (*Mma > 0) {
    U.TransferBinds = Transfer > *Mma;
    U.BoundFraction = *Mma / std::max(*Mma, Transfer);
  }
  return U;
}

void tileas::sim::writeJSONTensorCore(json::OStream &J,
                                      const TensorCoreUse &U) {
  // Cycles as formatCycles writes them (two decimals at most), fractions
  // with four: the report reads them back as printed.
  auto Cycles = [&](StringRef Key, std::optional<double> V) {
    J.attributeBegin(Key);
    if (V)
      J.rawValue(formatCycles(rounded(*V, 100)));
    else
      J.value(nullptr);
    J.attributeEnd();
  };
  auto Fraction = [&](StringRef Key, std::optional<double> V) {
    J.attributeBegin(Key);
    if (V)
      J.rawValue(formatv("{0:F4}", *V).str());
    else
      J.value(nullptr);
    J.attributeEnd();
  };
  J.attributeObject("tensor_core", [&] {
    Cycles("busy_cycles", U.BusyCycles);
    Fraction("steady_busy_fraction", U.SteadyBusyFraction);
    Fraction("total_busy_fraction", U.TotalBusyFraction);
    Cycles("mma_cycles_per_iteration", U.MmaCyclesPerIteration);
    Cycles("transfer_cycles_per_iteration", U.TransferCyclesPerIteration);
    Fraction("bound_fraction", U.BoundFraction);
    J.attribute("binding",
                U.BoundFraction
                    ? json::Value(U.TransferBinds ? "transfer" : "mma")
                    : json::Value(nullptr));
  });
}

void tileas::sim::printTensorCore(raw_ostream &OS, const TensorCoreUse &U) {
  auto Percent = [](double F) { return formatv("{0:F1}%", F * 100).str(); };
  OS << "  tensor core: busy " << formatCycles(rounded(U.BusyCycles, 100))
     << " cycles, " << Percent(U.TotalBusyFraction) << " of the run";
  if (U.SteadyBusyFraction)
    OS << ", " << Percent(*U.SteadyBusyFraction) << " of the steady state";
  if (U.BoundFraction)
    OS << "; bound " << Percent(*U.BoundFraction) << " ("
       << formatCycles(rounded(*U.MmaCyclesPerIteration, 100))
       << " MMA cycles per iteration against "
       << formatCycles(rounded(*U.TransferCyclesPerIteration, 100))
       << " of transfer: " << (U.TransferBinds ? "transfer" : "MMA")
       << " binds)";
  OS << "\n";
}
