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
#include "tileas/Model/MachineModel.h"

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

/// What a raised budget keeps free beyond the estimate. On attention forward
/// (compute estimate 238, 245 after TileAS's allocation) ptxas spills 72
/// bytes at 255 registers, the most a thread can use: the PTX sequences'
/// own registers (the printer's 24) come on top of the allocation, and
/// nothing else of the register file is left to give.
/// Measuring: count a PHI-carried value's copies only where they are live
/// (MaxLive, as the scheduler does) rather than for the whole kernel.
static cl::opt<bool> CarriedWhereLive(
    "tileas-ws-carried-where-live", cl::Hidden, cl::init(false),
    cl::desc("Count a PHI-carried value in an agent's register estimate only "
             "where its copies are live (the scheduler's MaxLive), not for "
             "the whole kernel"));

static cl::opt<unsigned> RaiseHeadroom(
    "tileas-ws-raise-headroom", cl::Hidden, cl::init(24),
    cl::desc("32-bit registers a warp-specialized agent's raised setmaxnreg "
             "budget must keep free beyond its estimate (the PTX sequences' "
             "own registers)"));

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

  std::vector<int64_t> Live(N, 0);
  // A value live over [Start, End) has an instance live at kernel position q
  // once per k with Start <= k * N + q < End. One live across the kernel's
  // back edge is carried by PHIs: each instance keeps its own register for
  // the whole kernel (copies at the back edge rotate them), so it takes its
  // most instances everywhere. MaxLive (CarriedWhereLive, the scheduler's
  // model) is below what TileAS's allocation takes: the MoE load warp at
  // prefetch distance 2 estimates 39 and allocates 56.
  auto AddInterval = [&](int64_t Start, int64_t End, unsigned Units) {
    auto CeilDiv = [](int64_t A, int64_t B) {
      return A >= 0 ? (A + B - 1) / B : -((-A) / B);
    };
    std::vector<int64_t> Count(N, 0);
    for (int64_t Q = 0; Q < N; ++Q)
      Count[Q] =
          std::max<int64_t>(0, CeilDiv(End - Q, N) - CeilDiv(Start - Q, N));
    bool Carried = !CarriedWhereLive && End > CeilDiv(Start + 1, N) * N;
    int64_t Most = *std::max_element(Count.begin(), Count.end());
    for (int64_t Q = 0; Q < N; ++Q)
      Live[Q] += (Carried ? Most : Count[Q]) * Units;
  };

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
      AddInterval(Start, End, Units);
    }
  }
  return Invariant + unsigned(*std::max_element(Live.begin(), Live.end()));
}

TileASAgentPrefetch llvm::fitPrefetchDistance(
    ArrayRef<MachineInstr *> Order, DenseMap<MachineInstr *, int> &Stage,
    const DenseMap<MachineInstr *, MachineInstr *> &AnchorOf,
    const MachineInstr &Compare, const MachineRegisterInfo &MRI,
    TileASAgentFit &Fit) {
  // Each try starts from the schedule's stages; a distance that adds no
  // stage is the last one worth trying.
  const DenseMap<MachineInstr *, int> Scheduled = Stage;
  TileASAgentPrefetch Prefetch;
  for (Fit.Distance = Fit.Requested;; --Fit.Distance) {
    Stage = Scheduled;
    Prefetch = prefetchFarMemoryLoads(Order, Stage, AnchorOf, Compare,
                                      Fit.Distance, MRI);
    Fit.Need = estimateLoopRegisters(Order, Stage, MRI);
    if (Fit.Distance == Fit.Requested)
      Fit.RequestedNeed = Fit.Need;
    if (!Prefetch.AddedStages || Fit.Need <= Fit.Budget)
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
  SmallVector<unsigned, 4> Need(N + 1, 0), Budget(N + 1, 0);
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
    Budget[A] = M.agents()[A - 1].Registers;
  }
  // The compute agent over the td's budget takes what the register file
  // leaves it (the largest budget: the allocation after the estimate has
  // taken up to 9 registers more on the corpus, and the PTX sequences more
  // again), when that holds its need and RaiseHeadroom.
  SmallVector<unsigned, 4> Layout = warpLayout(S, Partition);
  for (unsigned A = 1; A <= N; ++A) {
    const tileas::model::AgentRecord &Rec = M.agents()[A - 1];
    if (Need[A] <= Budget[A])
      continue;
    // Only the compute (default) agent is raised: it holds the rows of
    // values; a producer over 40 has prefetched too far, which
    // fitPrefetchDistance cuts back, or does not belong in one warp.
    if (A != M.defaultAgent())
      return formatv("agent {0} would keep {1} 32-bit registers live in its "
                     "loop, over its setmaxnreg budget of {2}",
                     Rec.Name, Need[A], Budget[A]);
    unsigned Largest = largestAgentBudget(M, Layout, Budget, A);
    if (Need[A] + RaiseHeadroom > Largest)
      return formatv("agent {0} would keep {1} 32-bit registers live in its "
                     "loop, over its setmaxnreg budget of {2}; the register "
                     "file allows it at most {3}, which does not hold {1} and "
                     "the {4} its PTX sequences need",
                     Rec.Name, Need[A], Budget[A], Largest,
                     unsigned(RaiseHeadroom));
    Budget[A] = Largest;
  }
  auto &Raised = MF.getInfo<TileASMachineFunctionInfo>()->AgentBudgets;
  for (unsigned A = 1; A <= N; ++A)
    if (Budget[A] != M.agents()[A - 1].Registers)
      Raised[A] = Budget[A];
  return "";
}

unsigned llvm::agentBudget(const MachineFunction &MF, unsigned A) {
  const auto &Raised = MF.getInfo<TileASMachineFunctionInfo>()->AgentBudgets;
  auto It = Raised.find(A);
  return It != Raised.end() ? It->second
                            : tileasMachine(MF).agents()[A - 1].Registers;
}
