//===- TileASAgentRegisters.cpp - An agent's register need ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASAgentRegisters.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "TileASInstrInfo.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASRegisterUnits.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/RegisterPressure.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <vector>

using namespace llvm;

/// The registers a fragment agent's PTX sequences take beyond its live
/// values (tileas::FragmentSequenceRegisters; for measuring).
static cl::opt<unsigned> SequenceRegisters(
    "tileas-ws-sequence-registers", cl::Hidden,
    cl::init(tileas::FragmentSequenceRegisters),
    cl::desc("32-bit registers an agent that holds register fragments needs "
             "beyond its live values for its PTX sequences"));

/// The accumulator fragment that def operand DefIdx of a printed wgmma
/// (WGMMA_X<L>, L >= 8) rewrites in place (tileas-wgmma-in-place makes the
/// two one register before allocation), or null.
static const MachineOperand *wgmmaAccumulatorOf(const MachineInstr &MI,
                                                unsigned DefIdx) {
  unsigned Frags = TileAS::wgmmaLanes(MI.getOpcode()) / 4;
  if (Frags < 2 || DefIdx >= Frags)
    return nullptr;
  return &MI.getOperand(Frags + DefIdx);
}

/// The registers of Order's wgmma accumulator chains that the loop's PHIs
/// carry: from a wgmma reading a loop PHI's value, along the wgmmas that
/// rewrite each result in place. Such a chain is one register per fragment
/// for the whole kernel, however many stages it spans (the next iteration's
/// first wgmma waits for this one's last, so no two iterations' links are
/// live at once).
static DenseSet<Register>
carriedAccumulatorChains(ArrayRef<MachineInstr *> Order,
                         const MachineBasicBlock &Loop,
                         const MachineRegisterInfo &MRI) {
  DenseSet<Register> Chain;
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const MachineInstr *MI : Order)
      for (unsigned I = 0, E = MI->getNumExplicitDefs(); I != E; ++I) {
        const MachineOperand *Acc = wgmmaAccumulatorOf(*MI, I);
        Register D = MI->getOperand(I).getReg();
        if (!Acc || !Acc->getReg().isVirtual() || Chain.count(D))
          continue;
        const MachineInstr *Def = MRI.getVRegDef(Acc->getReg());
        if (!Def || Def->getParent() != &Loop)
          continue;
        if ((Def->isPHI() && Def->getOperand(0).getReg() == Acc->getReg()) ||
            Chain.count(Acc->getReg())) {
          Chain.insert(D);
          Changed = true;
        }
      }
  }
  return Chain;
}

unsigned llvm::estimateLoopRegisters(ArrayRef<MachineInstr *> Order,
                                     const DenseMap<MachineInstr *, int> &Stage,
                                     const MachineRegisterInfo &MRI) {
  if (Order.empty())
    return 0;
  const MachineBasicBlock *Loop = Order.front()->getParent();
  const TargetRegisterInfo &TRI =
      *Loop->getParent()->getSubtarget().getRegisterInfo();
  const int64_t N = Order.size();
  DenseMap<const MachineInstr *, int64_t> Pos;
  for (int64_t I = 0; I < N; ++I)
    Pos[Order[I]] = I;
  // An instruction of iteration i issues at (i + its stage) * N + its
  // position on a line of kernel positions; times are relative to i = 0.
  auto Time = [&](const MachineInstr *MI, int64_t Iterations) {
    return (Stage.lookup(const_cast<MachineInstr *>(MI)) + Iterations) * N +
           Pos.lookup(MI);
  };

  // Every value's range on the line of kernel positions, counted by the
  // scheduler's model (MaxLive, tileas/Sched/RegisterPressure.h): a value
  // carried across the back edge only where its copies are live.
  std::vector<tileas::LiveRange> Ranges;
  unsigned Invariant = 0;
  SmallSet<Register, 16> SeenInvariant;
  // A carried accumulator chain holds its registers throughout, counted at
  // the link that reads the PHI.
  DenseSet<Register> Chain = carriedAccumulatorChains(Order, *Loop, MRI);
  for (const MachineInstr *MI : Order) {
    for (const MachineOperand &MO : MI->operands()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      Register R = MO.getReg();
      unsigned Units = registerUnits(*MRI.getRegClass(R), TRI);
      if (MO.isDef() && Chain.count(R)) {
        const MachineOperand *Acc = wgmmaAccumulatorOf(*MI, MO.getOperandNo());
        if (!Chain.count(Acc->getReg()))
          Invariant += Units;
        continue;
      }
      if (MO.isUse()) {
        const MachineInstr *Def = MRI.getVRegDef(R);
        if ((!Def || Def->getParent() != Loop) &&
            SeenInvariant.insert(R).second)
          Invariant += Units;
        continue;
      }
      int64_t Start = Time(MI, 0), End = Start;
      // Readers in the body, through up to a few PHIs (each an iteration
      // later), and after the loop.
      SmallVector<std::pair<Register, int64_t>, 4> Work{{R, 0}};
      for (unsigned Hops = 0; !Work.empty() && Hops < 8; ++Hops) {
        auto [Reg, Later] = Work.pop_back_val();
        for (const MachineInstr &User : MRI.use_nodbg_instructions(Reg)) {
          if (User.getParent() != Loop) {
            End = std::max(End, Start + N); // Read after the loop.
          } else if (User.isPHI()) {
            Work.push_back({User.getOperand(0).getReg(), Later + 1});
          } else if (Pos.count(&User)) {
            End = std::max(End, Time(&User, Later));
          }
        }
      }
      Ranges.push_back({Start, End, Units});
    }
  }
  return Invariant + tileas::maxLiveRegisters(Ranges, unsigned(N));
}

unsigned llvm::sequenceRegisters(ArrayRef<MachineInstr *> Order,
                                 const MachineRegisterInfo &MRI) {
  for (const MachineInstr *MI : Order)
    for (const MachineOperand &MO : MI->defs())
      if (MO.isReg() && MO.getReg().isVirtual() &&
          MRI.getRegClass(MO.getReg())->getID() == TileAS::FRAGRegClassID)
        return SequenceRegisters;
  return 0;
}

TileASAgentPrefetch llvm::fitPrefetchDistance(
    ArrayRef<MachineInstr *> Order, DenseMap<MachineInstr *, int> &Stage,
    const DenseMap<MachineInstr *, MachineInstr *> &AnchorOf,
    const MachineInstr &Compare, const MachineRegisterInfo &MRI,
    TileASAgentFit &Fit) {
  // Each try starts from the schedule's stages; a distance that adds no
  // stage is the last one worth trying.
  const DenseMap<MachineInstr *, int> Scheduled = Stage;
  Fit.Sequences = sequenceRegisters(Order, MRI);
  Fit.PrefetchBudget = Fit.Budget;
  TileASAgentPrefetch Prefetch;
  for (Fit.Distance = Fit.Requested;; --Fit.Distance) {
    Stage = Scheduled;
    Prefetch = prefetchFarMemoryLoads(Order, Stage, AnchorOf, Compare,
                                      Fit.Distance, MRI);
    Fit.Need = estimateLoopRegisters(Order, Stage, MRI);
    if (Fit.Distance == Fit.Requested)
      Fit.RequestedNeed = Fit.Need;
    if (!Prefetch.AddedStages || Fit.Need + Fit.Sequences <= Fit.Budget)
      return Prefetch;
  }
}

std::string llvm::partitionOverBudget(const TileASLoopSchedule &S,
                                      const TileASAgentPartition &Partition) {
  MachineFunction &MF = *S.Loop->getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const tileas::model::Machine &M = tileasMachine(MF);
  std::vector<unsigned> ByKey(S.Instrs.size());
  for (unsigned I = 0; I < ByKey.size(); ++I)
    ByKey[I] = I;
  llvm::stable_sort(ByKey, [&](unsigned A, unsigned B) {
    return tileas::kernelOrderKey(S.Placement[A], S.II) <
           tileas::kernelOrderKey(S.Placement[B], S.II);
  });
  const unsigned N = Partition.numAgents();
  SmallVector<unsigned, 4> Need(N + 1, 0), Sequences(N + 1, 0),
      Budget(N + 1, 0);
  for (unsigned A = 1; A <= N; ++A) {
    std::vector<MachineInstr *> Order;
    DenseMap<MachineInstr *, int> Stage;
    for (unsigned I : ByKey) {
      MachineInstr *MI = S.Instrs[I];
      if (MI->isPHI() || MI->isTerminator() || !Partition.keeps(A, MI))
        continue;
      Order.push_back(MI);
      Stage[MI] = S.Placement[I].Stage;
    }
    Need[A] = estimateLoopRegisters(Order, Stage, MRI);
    Sequences[A] = sequenceRegisters(Order, MRI);
    Budget[A] = tileas::agentRecordOf(M, A).Registers;
  }
  // The compute agent over the td's budget takes what the register file
  // leaves it (the largest budget), when that holds its need.
  SmallVector<unsigned, 4> Layout = warpLayout(S, Partition);
  for (unsigned A = 1; A <= N; ++A) {
    const tileas::model::AgentRecord &Rec = tileas::agentRecordOf(M, A);
    const unsigned Total = Need[A] + Sequences[A];
    if (Total <= Budget[A])
      continue;
    std::string Over = formatv(
        "agent {0} would keep {1} 32-bit registers live in its loop"
        "{2}, over its setmaxnreg budget of {3}",
        tileas::agentNameOf(M, A), Need[A],
        Need[A] > Budget[A]
            ? std::string()
            : formatv(" and {0} for its PTX sequences", Sequences[A]).str(),
        Budget[A]);
    // Only the compute (default) agent is raised: it holds the rows of
    // values; a producer over 40 has prefetched too far, which
    // fitPrefetchDistance cuts back, or does not belong in one warp.
    if (A != M.defaultAgent())
      return Over;
    unsigned Largest = largestAgentBudget(M, Layout, Budget, A);
    if (Total > Largest)
      return formatv("{0}; the register file allows it at most {1}, which "
                     "does not hold {2} and the {3} its PTX sequences need",
                     Over, Largest, Need[A], Sequences[A]);
    Budget[A] = Largest;
  }
  auto &Raised = MF.getInfo<TileASMachineFunctionInfo>()->AgentBudgets;
  for (unsigned A = 1; A <= N; ++A)
    if (Budget[A] != tileas::agentRecordOf(M, A).Registers)
      Raised[A] = Budget[A];
  return "";
}

unsigned llvm::raiseAgentBudget(const TileASLoopSchedule &S,
                                const TileASAgentPartition &Partition,
                                unsigned A, unsigned Need) {
  MachineFunction &MF = *S.Loop->getParent();
  const tileas::model::Machine &M = tileasMachine(MF);
  const unsigned N = Partition.numAgents();
  SmallVector<unsigned, 4> Budget(N + 1, 0);
  for (unsigned B = 1; B <= N; ++B)
    Budget[B] = agentBudget(MF, B);
  if (A != M.defaultAgent() || Need <= Budget[A])
    return Budget[A];
  unsigned Largest = largestAgentBudget(M, warpLayout(S, Partition), Budget, A);
  if (Largest <= Budget[A])
    return Budget[A];
  MF.getInfo<TileASMachineFunctionInfo>()->AgentBudgets[A] = Largest;
  return Largest;
}

unsigned llvm::agentBudget(const MachineFunction &MF, unsigned A) {
  const auto &Raised = MF.getInfo<TileASMachineFunctionInfo>()->AgentBudgets;
  auto It = Raised.find(A);
  return It != Raised.end()
             ? It->second
             : tileas::agentRecordOf(tileasMachine(MF), A).Registers;
}
