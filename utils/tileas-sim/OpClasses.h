//===- OpClasses.h - Timing classes of TileAS opcodes -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The simulator's view of each TileAS opcode, from the tables tileas-tblgen
// generates from td/ (lib/Model), never from numbers written here: the slot
// triples and pool charges of its resource vector, its result latency,
// whether it issues to an asynchronous unit (and which event pipe), whether
// its latency is a far-memory round trip (the td's FarMemory vectors, and
// asynchronous loads from global memory: TMA and cp.async), and the memory
// space it loads from or stores to (global and local memory are ordered;
// tile and tensor-memory values are registers).
//
// With a measured timing description (--timing, tileas/Timing/Timing.h) the
// instructions it lists take its numbers instead: an MMA occupies the
// tensor core for its shape's occupancy and its result is ready its
// latency after it started there (a later MMA on it reads its accumulator
// at once, queued behind it); a TMA load occupies the SM's far-memory share
// for its bytes and completes its latency after it started there. The slot
// triples and pool charges stay the slot model's. Classes are then per
// opcode and shape or bytes.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SIM_OPCLASSES_H
#define TILEAS_UTILS_SIM_OPCLASSES_H

#include "tileas/Sim/DynamicOp.h"
#include "tileas/Timing/Timing.h"

#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <string>
#include <tuple>
#include <vector>

namespace llvm {
class MachineInstr;
} // namespace llvm

namespace tileas {

struct OpTiming {
  sim::OpClass Class;
  /// The event pipe of an asynchronous op.
  std::optional<unsigned> AsyncPipe;
};

class OpClasses {
public:
  /// The occupied units of a run on a timing description (sim::Catalog's
  /// Units, in this order: unitNames()).
  enum UnitId : int { TensorCoreUnit = 0, FarMemoryUnit = 1 };
  /// The tensor core is named as td's tensor-core event pipe.
  static std::vector<std::string> unitNames();

  explicit OpClasses(std::optional<timing::Timing> T = std::nullopt)
      : Timing(T) {}

  /// The timing of MI, or null if td/ gives it no resource vector
  /// (target-independent instructions such as COPY); an error naming MI if
  /// the timing description times its instruction but not its shape.
  llvm::Expected<const OpTiming *> lookup(const llvm::MachineInstr &MI);

private:
  std::optional<timing::Timing> Timing;
  /// (opcode, M, N, K, bytes): the key of a class.
  using Key = std::tuple<unsigned, unsigned, unsigned, unsigned, uint64_t>;
  std::map<unsigned, std::optional<OpTiming>> ByOpcode;
  std::map<Key, std::optional<OpTiming>> ByShape;
};

} // namespace tileas

#endif // TILEAS_UTILS_SIM_OPCLASSES_H
