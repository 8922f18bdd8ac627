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
// (TileASRegisterUnits.h) and reports them in an analysis remark
// (AgentRegisters). A region over its budget: for PTX, the printer budgets
// the warpgroups again (ptxas allocates anew); elsewhere the AGENT_SWITCHes
// of its warpgroup are raised to what it uses when the register file holds
// that (AgentBudgetRaised), and otherwise an error names the function, the
// agent and the counts: such code is never emitted silently.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASRegisterUnits.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASStreamAgent.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
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
                      "TileAS agent register budget check", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(TileASAgentRegisterCheck, DEBUG_TYPE,
                    "TileAS agent register budget check", false, false)

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

/// An AGENT_SWITCH of MF's agent regions: its td agent, warps and budget.
struct AgentSwitch {
  MachineInstr *MI;
  MachineBasicBlock *MBB;
  unsigned Agent;
  unsigned FirstWarp;
  unsigned Warps;
  unsigned Budget;

  /// setmaxnreg applies per warpgroup (four warps): the warpgroups this
  /// agent's warps fall in.
  unsigned firstGroup() const { return FirstWarp / 4; }
  unsigned lastGroup() const {
    return (FirstWarp + std::max(Warps, 1u) - 1) / 4;
  }
  bool sharesWarpgroupWith(const AgentSwitch &O) const {
    return firstGroup() <= O.lastGroup() && O.firstGroup() <= lastGroup();
  }
};

static SmallVector<AgentSwitch, 4> agentSwitches(MachineFunction &MF) {
  SmallVector<AgentSwitch, 4> Switches;
  for (MachineBasicBlock &MBB : MF) {
    MachineInstr *Switch = const_cast<MachineInstr *>(agentSwitchIn(MBB));
    if (!Switch)
      continue;
    std::optional<int64_t> Agent =
        namedImmIfAny(*Switch, TileAS::OpName::agent);
    std::optional<int64_t> Warps =
        namedImmIfAny(*Switch, TileAS::OpName::warps);
    std::optional<int64_t> Regs = namedImmIfAny(*Switch, TileAS::OpName::regs);
    std::optional<int64_t> First =
        namedImmIfAny(*Switch, TileAS::OpName::first);
    if (!Agent || !Regs || *Agent < 1)
      continue;
    Switches.push_back({Switch, &MBB, unsigned(*Agent),
                        unsigned(First.value_or(0)),
                        unsigned(Warps.value_or(1)), unsigned(*Regs)});
  }
  return Switches;
}

/// The largest budget (a multiple of the granule, at most the td's maximum)
/// that Raised's warpgroups can take, every agent sharing them with it
/// raised alike, while the register file holds each warpgroup's 128
/// threads at the largest budget of the agents in it; 0 when none.
static unsigned largestBudget(const model::Machine &M,
                              ArrayRef<AgentSwitch> Switches,
                              const AgentSwitch &Raised) {
  model::AgentRegisterRule Rule = M.agentRegisterRule();
  unsigned Granule = std::max(1u, Rule.Granule);
  for (unsigned B = Rule.MaxRegisters / Granule * Granule;
       B >= Rule.MinRegisters && B >= Granule; B -= Granule) {
    std::map<unsigned, unsigned> GroupBudget;
    for (const AgentSwitch &S : Switches) {
      unsigned Budget =
          S.sharesWarpgroupWith(Raised) ? std::max(S.Budget, B) : S.Budget;
      for (unsigned G = S.firstGroup(); G <= S.lastGroup(); ++G)
        GroupBudget[G] = std::max(GroupBudget[G], Budget);
    }
    uint64_t Use = 0;
    for (const auto &[Group, Budget] : GroupBudget)
      Use += uint64_t(128) * Budget;
    if (Use <= Rule.RegisterFile)
      return B;
  }
  return 0;
}

bool TileASAgentRegisterCheck::runOnMachineFunction(MachineFunction &MF) {
  if (!MF.getProperties().hasNoVRegs())
    return false; // Before allocation there is nothing to count yet.
  const TargetRegisterInfo &TRI = *MF.getSubtarget().getRegisterInfo();
  auto &ORE = getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  const model::Machine &M = tileasMachine(MF);
  SmallVector<AgentSwitch, 4> Switches = agentSwitches(MF);
  bool Changed = false;
  for (AgentSwitch &Sw : Switches) {
    const MachineInstr *Switch = Sw.MI;
    const MachineBasicBlock &MBB = *Sw.MBB;
    unsigned Agent = Sw.Agent;
    unsigned Budget = Sw.Budget;
    std::string Name = agentNameOf(M, Agent);
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
    // Elsewhere the AGENT_SWITCH's budget is what is printed: raised to
    // what the allocation uses where the register file holds it beside the
    // other agents' budgets (the allocator may keep a few more live than
    // the estimate the materialization judged).
    model::AgentRegisterRule Rule = M.agentRegisterRule();
    unsigned Needed =
        std::max(Rule.MinRegisters,
                 unsigned(alignTo(Used.Units, std::max(1u, Rule.Granule))));
    unsigned Largest = largestBudget(M, Switches, Sw);
    if (Needed <= Largest) {
      // Every agent in the same warpgroup runs the same setmaxnreg.
      unsigned Launch = agentLaunchRegisters(M);
      AgentSwitch Raised = Sw;
      for (AgentSwitch &Other : Switches) {
        if (!Other.sharesWarpgroupWith(Raised) || Other.Budget >= Needed)
          continue;
        Other.MI->getOperand(2).setImm(Needed);
        Other.MI->getOperand(3).setImm(Needed > Launch ? 1 : 0);
        Other.Budget = Needed;
      }
      Changed = true;
      ORE.emit([&] {
        return MachineOptimizationRemarkAnalysis(
                   DEBUG_TYPE, "AgentBudgetRaised", Switch->getDebugLoc(), &MBB)
               << "agent " << ore::NV("Agent", Name) << " uses "
               << ore::NV("Units", Used.Units)
               << " 32-bit registers after allocation, over its budget of "
               << ore::NV("Budget", Budget) << "; its setmaxnreg is raised to "
               << ore::NV("Raised", Needed)
               << ", which the register file holds (at most "
               << ore::NV("Largest", Largest) << ")";
      });
      continue;
    }
    MF.getFunction().getContext().emitError(formatv(
        "{0}: agent {1} (AGENT_SWITCH in bb.{2}) uses {3} 32-bit registers "
        "after allocation ({4}), over its setmaxnreg budget of {5}, and the "
        "register file allows it at most {6}",
        MF.getName(), Name, MBB.getNumber(), Used.Units, Used.describe(),
        Budget, Largest));
  }
  return Changed;
}
