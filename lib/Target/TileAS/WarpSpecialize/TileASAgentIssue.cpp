//===- TileASAgentIssue.cpp - What the agents issue together --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASAgentIssue.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentPartition.h"

#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"

using namespace llvm;
using namespace tileas;

/// Whether Agent's copy of Loop holds only its control (the warp
/// specializer then skips the loop).
static bool idle(const TileASAgentPartition &P, unsigned Agent,
                 const MachineBasicBlock &Loop, const TileASCountedLoop &C,
                 const MachineRegisterInfo &MRI) {
  return all_of(Loop, [&](const MachineInstr &MI) {
    return !P.keeps(Agent, &MI) || isIdleLoopInstr(MI, C.IVPhi, Loop, MRI);
  });
}

TileASAgentIssue llvm::agentIssue(const TileASAgentPartition &Partition,
                                  const MachineBasicBlock &Loop,
                                  const TileASCountedLoop &Counted) {
  const MachineRegisterInfo &MRI = Loop.getParent()->getRegInfo();
  const model::Machine &M = tileasMachine(*Loop.getParent());
  Problem All(M.buildResourceModel(/*ReservedBarriers=*/-1));
  TileASAgentIssue R;
  SmallPtrSet<const MachineInstr *, 32> Seen;
  for (unsigned A = 1; A <= Partition.numAgents(); ++A) {
    if (idle(Partition, A, Loop, Counted, MRI))
      continue;
    ++R.Looping;
    for (const MachineInstr &MI : Loop) {
      if (!Partition.keeps(A, &MI) || MI.isPHI())
        continue;
      const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode());
      if (!Rec)
        continue;
      Operation Op;
      M.fillResources(M.resourceVector(*Rec), Op);
      All.addOperation(std::move(Op));
      if (!Seen.insert(&MI).second)
        ++R.Extra;
    }
  }
  MIIBounds B = computeBounds(All, SchedulerOptions());
  R.Bound = std::max(B.Resource, B.FineDensity);
  return R;
}
