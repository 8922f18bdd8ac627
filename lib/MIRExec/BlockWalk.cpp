//===- BlockWalk.cpp - How a run of MIR moves between blocks --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/BlockWalk.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/Where.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

bool isBranchTaken(const MachineInstr &MI, int64_t Pred) {
  if (MI.getOpcode() == TileAS::BRA)
    return true;
  return (Pred != 0) == (MI.getOpcode() == TileAS::BR_P);
}

const MachineBasicBlock *branchDestination(const MachineInstr &MI) {
  return MI.getOperand(MI.getOpcode() == TileAS::BRA ? 0 : 1).getMBB();
}

const MachineBasicBlock *fallThroughSuccessor(const MachineBasicBlock &MBB) {
  if (MBB.succ_size() == 1)
    return *MBB.succ_begin();
  const MachineBasicBlock *Layout = MBB.getNextNode();
  if (Layout && MBB.isSuccessor(Layout))
    return Layout;
  return nullptr;
}

Register phiIncoming(const MachineInstr &Phi, const MachineBasicBlock *Pred) {
  Register Incoming;
  for (unsigned I = 1; I + 1 < Phi.getNumOperands(); I += 2)
    if (Phi.getOperand(I + 1).getMBB() == Pred)
      Incoming = Phi.getOperand(I).getReg();
  return Incoming;
}

Error countStep(const MachineInstr &MI, uint64_t &Steps, uint64_t MaxSteps) {
  if (++Steps > MaxSteps)
    return failAt(MI,
                  formatv("still running after {0} instructions", MaxSteps));
  return Error::success();
}

} // namespace tileas
