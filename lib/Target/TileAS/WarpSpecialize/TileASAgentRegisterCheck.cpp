//===- TileASAgentRegisterCheck.cpp - Agents within their budgets ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// After register allocation, each warp-specialized agent's region (the blocks
// its AGENT_SWITCH reaches without passing another agent's) must fit the
// setmaxnreg budget the AGENT_SWITCH sets: the allocator draws from the whole
// register file, and a warp that gave registers back (setmaxnreg.dec) would
// read garbage in the ones above its budget. The pass counts the distinct
// physical registers each region names, in 32-bit units
// (TileASRegisterUnits.h), reports them in an analysis remark
// (AgentRegisters), and an error naming the function, the agent and the
// counts when a region is over its budget: such code is never emitted
// silently.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASRegisterUnits.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASStreamAgent.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <optional>
#include <set>
#include <string>

using namespace llvm;
using namespace tileas;

#define DEBUG_TYPE "tileas-agent-register-check"

namespace {

class TileASAgentRegisterCheck : public MachineFunctionPass {
public:
  static char ID;
  TileASAgentRegisterCheck() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "TileAS agent register budget check";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;
};

/// The distinct physical registers a region names, by class name (sorted, so
/// that reports are stable), and their 32-bit units.
struct RegionRegisters {
  std::map<std::string, std::set<unsigned>> ByClass;
  unsigned Units = 0;
  std::string describe() const {
    std::string S;
    for (const auto &[Class, Regs] : ByClass)
      S += formatv("{0}{1} {2}", S.empty() ? "" : ", ", Regs.size(), Class);
    return S.empty() ? "none" : S;
  }
};

} // namespace

char TileASAgentRegisterCheck::ID = 0;

INITIALIZE_PASS_BEGIN(TileASAgentRegisterCheck, DEBUG_TYPE,
                      "TileAS agent register budget check", false, true)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(TileASAgentRegisterCheck, DEBUG_TYPE,
                    "TileAS agent register budget check", false, true)

FunctionPass *llvm::createTileASAgentRegisterCheckPass() {
  return new TileASAgentRegisterCheck();
}

/// The registers named in the blocks Start reaches without entering another
/// block that opens an agent's region.
static RegionRegisters regionRegisters(const MachineBasicBlock &Start,
                                       const TargetRegisterInfo &TRI) {
  RegionRegisters R;
  SmallPtrSet<const MachineBasicBlock *, 32> Seen{&Start};
  SmallVector<const MachineBasicBlock *, 16> Work{&Start};
  while (!Work.empty()) {
    const MachineBasicBlock *BB = Work.pop_back_val();
    for (const MachineInstr &MI : *BB)
      for (const MachineOperand &MO : MI.operands()) {
        if (!MO.isReg() || !MO.getReg().isPhysical())
          continue;
        MCRegister Reg = MO.getReg().asMCReg();
        const TargetRegisterClass *RC = TRI.getMinimalPhysRegClass(Reg);
        if (!RC)
          continue;
        if (R.ByClass[TRI.getRegClassName(RC)].insert(Reg.id()).second)
          R.Units += registerUnits(*RC, TRI);
      }
    for (const MachineBasicBlock *Succ : BB->successors())
      if (!agentSwitchIn(*Succ) && Seen.insert(Succ).second)
        Work.push_back(Succ);
  }
  return R;
}

bool TileASAgentRegisterCheck::runOnMachineFunction(MachineFunction &MF) {
  if (!MF.getProperties().hasNoVRegs())
    return false; // Before allocation there is nothing to count yet.
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  auto &ORE = getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  ArrayRef<model::AgentRecord> Agents = tileasMachine(MF).agents();
  for (const MachineBasicBlock &MBB : MF) {
    const MachineInstr *Switch = agentSwitchIn(MBB);
    if (!Switch)
      continue;
    std::optional<int64_t> SwitchAgent =
        namedImmIfAny(*Switch, TileAS::OpName::agent);
    std::optional<int64_t> Regs = namedImmIfAny(*Switch, TileAS::OpName::regs);
    if (!SwitchAgent || !Regs)
      continue;
    int64_t Agent = *SwitchAgent;
    unsigned Budget = *Regs;
    std::string Name = Agent >= 1 && uint64_t(Agent) <= Agents.size()
                           ? std::string(Agents[Agent - 1].Name)
                           : formatv("#{0}", Agent).str();
    RegionRegisters Used = regionRegisters(MBB, TRI);
    unsigned &Recorded =
        MF.getInfo<TileASMachineFunctionInfo>()->AgentRegisterUnits[Agent];
    Recorded = std::max(Recorded, Used.Units);
    ORE.emit([&] {
      return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "AgentRegisters",
                                               Switch->getDebugLoc(), &MBB)
             << "agent " << ore::NV("Agent", Name) << " (from bb."
             << ore::NV("Block", MBB.getNumber()) << ") uses "
             << ore::NV("Units", Used.Units)
             << " 32-bit registers of its budget " << ore::NV("Budget", Budget)
             << ": " << ore::NV("Classes", Used.describe());
    });
    if (Used.Units <= Budget)
      continue;
    // In PTX, ptxas allocates the registers again: the printer keeps every
    // thread at the largest budget when the register file allows, and
    // otherwise raises a warpgroup's setmaxnreg to what this allocation
    // uses (docs/ptx.md).
    if (MF.getSubtarget<TileASSubtarget>().emitsPTX()) {
      ORE.emit([&] {
        return MachineOptimizationRemarkMissed(DEBUG_TYPE, "AgentOverBudget",
                                               Switch->getDebugLoc(), &MBB)
               << "agent " << ore::NV("Agent", Name) << " uses "
               << ore::NV("Units", Used.Units)
               << " 32-bit registers after TileAS's allocation, over its "
                  "budget of "
               << ore::NV("Budget", Budget)
               << "; the PTX printer budgets for what it uses";
      });
      continue;
    }
    MF.getFunction().getContext().emitError(formatv(
        "{0}: agent {1} (AGENT_SWITCH in bb.{2}) uses {3} 32-bit registers "
        "after allocation ({4}), over its setmaxnreg budget of {5}",
        MF.getName(), Name, MBB.getNumber(), Used.Units, Used.describe(),
        Budget));
  }
  return false;
}
