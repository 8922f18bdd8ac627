//===- MemoryObjects.cpp - The objects memory accesses stay in ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MemoryObjects.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"

using namespace llvm;

namespace tileas {

unsigned MemoryObjects::objectOf(const MachineInstr &MI) {
  if (!MI.hasOneMemOperand())
    return 0;
  const Value *V = (*MI.memoperands_begin())->getValue();
  if (!V)
    return 0;
  // A pointer advanced each iteration stands for every object its incoming
  // values point into; more than one is no named object.
  SmallVector<const Value *, 4> Objects;
  getUnderlyingObjects(V, Objects);
  if (Objects.size() != 1 || !isIdentifiedObject(Objects.front()))
    return 0;
  auto [It, New] = Numbers.try_emplace(Objects.front(), Numbers.size() + 1);
  return It->second;
}

} // namespace tileas
