//===- MemoryObjects.h - The objects memory accesses stay in ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Numbers the memory objects that instructions access when their memory
// operand shows one that nothing else overlaps: a noalias kernel parameter,
// a global. The simulator orders a load after earlier stores to its object
// and after stores to no named object, not after stores to other objects:
// the same fact the scheduler's dependences use (TileASLoopProblem's
// distinct objects), so a loop scheduled with a store and a load unordered
// is simulated unordered too. MIR without IR has no objects: everything is
// ordered by space.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_MEMORYOBJECTS_H
#define TILEAS_SIM_MEMORYOBJECTS_H

#include "llvm/ADT/DenseMap.h"

namespace llvm {
class MachineInstr;
class Value;
} // namespace llvm

namespace tileas {

class MemoryObjects {
public:
  /// The object MI accesses, numbered from 1 in the order first seen; 0 when
  /// MI has no single memory operand whose underlying object is identified.
  unsigned objectOf(const llvm::MachineInstr &MI);

private:
  // Numbers only compared for equality: the map's order never shows.
  llvm::DenseMap<const llvm::Value *, unsigned> Numbers;
};

} // namespace tileas

#endif // TILEAS_SIM_MEMORYOBJECTS_H
