//===- TileASStreamAgent.cpp - Who runs a block after a dispatch ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASStreamAgent.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"

using namespace llvm;

const MachineInstr *llvm::agentSwitchIn(const MachineBasicBlock &MBB) {
  for (const MachineInstr &MI : MBB)
    if (MI.getOpcode() == TileAS::AGENT_SWITCH)
      return &MI;
  return nullptr;
}

static int agentSwitchedIn(const MachineBasicBlock &BB) {
  const MachineInstr *Switch = agentSwitchIn(BB);
  return Switch ? tileas::namedOperand(*Switch, TileAS::OpName::agent).getImm()
                : -1;
}

unsigned llvm::streamAgentOf(const MachineBasicBlock &MBB) {
  // Walk backwards from MBB, stopping at the blocks that open an agent's
  // region: the warps of every region met reach MBB, and so does every warp
  // if the walk reaches the function's entry.
  const MachineBasicBlock *Entry = &MBB.getParent()->front();
  SmallPtrSet<const MachineBasicBlock *, 32> Seen;
  SmallVector<const MachineBasicBlock *, 16> Work{&MBB};
  Seen.insert(&MBB);
  int Agent = -1;
  while (!Work.empty()) {
    const MachineBasicBlock *BB = Work.pop_back_val();
    int K = agentSwitchedIn(*BB);
    if (K < 0 && BB == Entry)
      return 0;
    if (K >= 0) {
      if (Agent >= 0 && Agent != K)
        return 0;
      Agent = K;
      continue;
    }
    for (const MachineBasicBlock *Pred : BB->predecessors())
      if (Seen.insert(Pred).second)
        Work.push_back(Pred);
  }
  return Agent < 0 ? 0 : unsigned(Agent);
}
