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
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SIM_OPCLASSES_H
#define TILEAS_UTILS_SIM_OPCLASSES_H

#include "tileas/Sim/DynamicOp.h"

#include <map>
#include <optional>

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
  /// The timing of MI's opcode, or null if td/ gives it no resource vector
  /// (target-independent instructions such as COPY).
  const OpTiming *lookup(const llvm::MachineInstr &MI);

private:
  std::map<unsigned, std::optional<OpTiming>> ByOpcode;
};

} // namespace tileas

#endif // TILEAS_UTILS_SIM_OPCLASSES_H
