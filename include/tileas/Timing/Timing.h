//===- Timing.h - Measured timing descriptions from td/ ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Access to the timing descriptions of td/TileASTiming*.td (tileas-tblgen
// -gen-tileas-timing-tables): how long an instruction takes on a real part,
// by its td record name and, for an MMA, its shape. IR-independent: callers
// say which instruction and shape (the MIR front ends decode the shape from
// the instruction descriptor or the opcode).
//
// Two units are timed:
//
//  * the tensor core: an MMA occupies it OccupancyX100 / 100 cycles (the
//    next MMA starts no earlier) and its result is ready Latency cycles
//    after it started;
//  * the SM's share of far-memory bandwidth: a TMA load of B bytes occupies
//    it transferOccupancyX100(B) / 100 cycles and, started on a free share,
//    completes loadLatency(B) cycles later. Loads in flight queue on the
//    share, so a load's latency grows with the bytes ahead of it
//    (loadLatency(B, InFlight)).
//
// An instruction a description does not list keeps the slot model's
// numbers (MachineModel.h): the lookups return nullopt for it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TIMING_TIMING_H
#define TILEAS_TIMING_TIMING_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tileas {
namespace timing {

/// The name of the slot model's own numbers (`--timing=model`).
constexpr const char *ModelName = "model";

struct MmaShape {
  unsigned M = 0, N = 0, K = 0;
  std::string str() const;
};

enum class Unit : uint8_t { None, TensorCore, FarMemory };

/// What a description says of one instruction (of one shape or size).
struct InstrTiming {
  Unit OnUnit = Unit::None;
  /// Hundredths of a cycle its unit is busy with it.
  uint64_t OccupancyX100 = 0;
  /// Cycles from its start on a free unit to its result.
  unsigned Latency = 0;
  /// Far-memory bytes it moves (a load).
  uint64_t Bytes = 0;
};

class Timing {
public:
  explicit Timing(unsigned Index) : Index(Index) {}

  llvm::StringRef name() const;
  unsigned clockMHz() const;
  /// Cycles a KiB occupies the SM's far-memory share when every SM loads.
  unsigned fullLoadCyclesPerKiB() const;
  unsigned smemBytesPerCycle() const;
  unsigned mbarrierLatency() const;
  /// The SM's far-memory share in bytes per cycle (1024 / cycles per KiB).
  double farMemoryBytesPerCycle() const;

  /// Whether the description times Instr as an MMA (with shapes).
  bool timesMma(llvm::StringRef Instr) const;
  /// The MMA of that shape, or nullopt if the description has no entry.
  std::optional<InstrTiming> mma(llvm::StringRef Instr, MmaShape S) const;
  /// A shapeless instruction's timing, or nullopt.
  std::optional<InstrTiming> instr(llvm::StringRef Instr) const;

  /// Whether the description times Instr as a far-memory load.
  bool timesLoad(llvm::StringRef Instr) const;
  /// A load of Bytes: its latency with nothing in flight, its occupancy of
  /// the far-memory share; nullopt if the description does not time Instr.
  std::optional<InstrTiming> load(llvm::StringRef Instr, uint64_t Bytes) const;
  /// The latency of a load of Bytes with nothing else in flight: linear
  /// between the description's points, and beyond them along the nearest
  /// segment (at least 1).
  std::optional<unsigned> loadLatency(llvm::StringRef Instr,
                                      uint64_t Bytes) const;
  /// The same with InFlightBytes queued ahead of it on the SM's share:
  /// the share needs their transfer time before this load's starts.
  std::optional<unsigned> loadLatency(llvm::StringRef Instr, uint64_t Bytes,
                                      uint64_t InFlightBytes) const;
  /// Hundredths of a cycle a transfer of Bytes occupies the SM's share: the
  /// larger of its time at the full-load share and at the shared-memory
  /// bandwidth it is written with.
  uint64_t transferOccupancyX100(uint64_t Bytes) const;

private:
  unsigned Index;
};

/// The description named Name, or nullopt (also for "model").
std::optional<Timing> lookup(llvm::StringRef Name);
/// The names of the descriptions, sorted.
llvm::SmallVector<llvm::StringRef, 4> names();
/// "model" or a description's name; otherwise an error listing the names.
llvm::Error checkName(llvm::StringRef Name);

} // namespace timing
} // namespace tileas

#endif // TILEAS_TIMING_TIMING_H
