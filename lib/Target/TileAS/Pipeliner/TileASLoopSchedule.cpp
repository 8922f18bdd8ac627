//===- TileASLoopSchedule.cpp - The schedule of one loop ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASLoopSchedule.h"

#include "llvm/CodeGen/MachineBasicBlock.h"

using namespace llvm;

bool llvm::isScheduledInstr(const MachineInstr &MI) {
  return !MI.isPHI() && !MI.isTerminator() && !MI.isDebugInstr();
}

bool TileASLoopSchedule::matchesBlock() const {
  if (!Stale.empty())
    return false;
  unsigned I = 0;
  for (MachineInstr &MI : *Loop) {
    if (!isScheduledInstr(MI))
      continue;
    if (I == Instrs.size() || Instrs[I] != &MI)
      return false;
    ++I;
  }
  return I == Instrs.size();
}
