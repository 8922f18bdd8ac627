//===- TileASMachineCheck.cpp - Refuse instructions the machine lacks -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs right after instruction selection (and first on MIR input, which is
// already selected): every instruction must be one the subtarget's machine
// has. An instruction in the machine's Unsupported list (td
// TileASMachineModel) is an error naming the function, the block, the
// instruction, the machine and the CPU, as the scheduler's own check words
// it (the first such instruction of each function); llc then exits
// non-zero. A refused function is left as a lone `ret`,
// so that no later pass meets an instruction the machine has no numbers for.
//
// Before that, what MIR input can break of what selection guarantees
// (refuseMalformedInput, TileASMIRInputCheck.cpp), and a conditional
// branch's fall-through made a BRA, as selection writes it.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASSubtarget.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

#define DEBUG_TYPE "tileas-machine-check"

namespace {
class TileASMachineCheck : public MachineFunctionPass {
public:
  static char ID;
  TileASMachineCheck() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "TileAS instructions of the machine";
  }
  bool runOnMachineFunction(MachineFunction &MF) override;
};
} // namespace

char TileASMachineCheck::ID = 0;

INITIALIZE_PASS(TileASMachineCheck, DEBUG_TYPE,
                "TileAS instructions of the machine", false, false)

FunctionPass *llvm::createTileASMachineCheckPass() {
  return new TileASMachineCheck();
}

void llvm::leaveOnlyReturn(MachineFunction &MF) {
  // Every edge goes first: a block erased below may be a predecessor of the
  // entry (a loop back to bb.0), which must not keep pointing at it.
  for (MachineBasicBlock &MBB : MF)
    while (!MBB.succ_empty())
      MBB.removeSuccessor(MBB.succ_begin());
  while (MF.size() > 1)
    MF.erase(std::prev(MF.end()));
  if (MF.empty())
    MF.push_back(MF.CreateMachineBasicBlock());
  MachineBasicBlock &Entry = MF.front();
  Entry.clear();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  BuildMI(Entry, Entry.end(), DebugLoc(), TII.get(TileAS::RET));
  // A lone `ret` is in SSA form, whatever the refused body was: later
  // passes (LiveVariables) stop on a function that says it is not.
  MF.getProperties().setIsSSA();
}

/// The first instruction of MF that machine M lacks, if any.
static const MachineInstr *firstUnsupported(const MachineFunction &MF,
                                            const tileas::model::Machine &M) {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (M.isUnsupported(MI.getOpcode()))
        return &MI;
  return nullptr;
}

/// Gives each conditional branch that falls through the other way its
/// `BRA`, as selection always writes it (BR_P, then BRA): MIR input may
/// leave it out, and the loop expansion of a tile nest broke the CFG of a
/// latch that did (a branch to a block whose label was never printed).
static bool branchFallThroughs(MachineFunction &MF) {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    MachineBasicBlock *TBB = nullptr, *FBB = nullptr;
    SmallVector<MachineOperand, 2> Cond;
    if (TII.analyzeBranch(MBB, TBB, FBB, Cond) || Cond.empty() || FBB)
      continue;
    MachineBasicBlock *Next = MBB.getNextNode();
    if (!Next || !MBB.isSuccessor(Next))
      continue;
    TII.insertBranch(MBB, Next, nullptr, {}, DebugLoc());
    Changed = true;
  }
  return Changed;
}

bool TileASMachineCheck::runOnMachineFunction(MachineFunction &MF) {
  if (refuseMalformedInput(MF))
    return true;
  bool Changed = branchFallThroughs(MF);
  const tileas::model::Machine &M = tileasMachine(MF);
  const MachineInstr *MI = firstUnsupported(MF, M);
  if (!MI)
    return Changed;
  // One error a function, as the scheduler's: the first instruction says
  // which machine the kernel was written for.
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MF.getFunction().getContext().emitError(formatv(
      "{0}: bb.{1}: {2} has no instruction on machine {3} (-mcpu={4})",
      MF.getName(), MI->getParent()->getNumber(), TII.getName(MI->getOpcode()),
      M.name(), MF.getSubtarget().getCPU()));
  leaveOnlyReturn(MF);
  return true;
}
