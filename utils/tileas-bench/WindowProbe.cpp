//===- WindowProbe.cpp - Run WindowScheduler and keep its schedule --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WindowProbe.h"

#include "Pipeliner/TileASLoopProblem.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/CodeGen/LiveIntervals.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/RegisterClassInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/CodeGen/WindowScheduler.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace tileas::bench;

namespace {

std::string opName(const MachineInstr &MI) {
  return MI.getMF()
      ->getSubtarget()
      .getInstrInfo()
      ->getName(MI.getOpcode())
      .str();
}

/// Says which of WindowScheduler's entry conditions the loop fails (checked
/// in the order the scheduler checks them).
std::string windowRefusal(MachineBasicBlock &MBB) {
  MachineFunction &MF = *MBB.getParent();
  const TargetSubtargetInfo &ST = MF.getSubtarget();
  const TargetInstrInfo *TII = ST.getInstrInfo();
  if (!ST.enableWindowScheduler())
    return "the target disables window scheduling";
  SmallSet<Register, 8> PhiDefs, PhiUses;
  for (MachineInstr &Phi : MBB.phis()) {
    if (PhiUses.count(Phi.getOperand(0).getReg()))
      return "loop-carried PHI chain (a PHI feeds a PHI)";
    PhiDefs.insert(Phi.getOperand(0).getReg());
    for (unsigned I = 1; I < Phi.getNumOperands(); I += 2) {
      if (PhiDefs.count(Phi.getOperand(I).getReg()))
        return "loop-carried PHI chain (a PHI feeds a PHI)";
      PhiUses.insert(Phi.getOperand(I).getReg());
    }
  }
  auto PLI = TII->analyzeLoopForPipelining(&MBB);
  unsigned Count = 0;
  for (MachineInstr &MI : MBB) {
    if (MI.isMetaInstruction() || MI.isTerminator() || MI.isPHI())
      continue;
    ++Count;
    if (TII->isSchedulingBoundary(MI, &MBB, MF))
      return opName(MI) + " is a scheduling boundary";
    if (PLI && PLI->shouldIgnoreForPipelining(&MI))
      return "the target marks " + opName(MI) +
             " as ignored for pipelining (shouldIgnoreForPipelining), which "
             "WindowScheduler does not accept";
    for (const MachineOperand &Def : MI.all_defs())
      if (Def.getReg().isPhysical())
        return opName(MI) + " defines a physical register";
  }
  if (Count <= 3)
    return "too few instructions for a window (window-region-limit)";
  return "initialize() refused the loop for a reason this probe does not "
         "recognise";
}

class CapturingWindowScheduler : public WindowScheduler {
public:
  CapturingWindowScheduler(MachineSchedContext *C, MachineLoop &L,
                           const TileASLoopProblem *LP, WindowCapture &Out)
      : WindowScheduler(C, L), LP(LP), Out(Out) {}

protected:
  bool initialize() override {
    Out.Initialized = WindowScheduler::initialize();
    if (!Out.Initialized)
      Out.Refusal = windowRefusal(*MBB);
    return Out.Initialized;
  }
  bool isScheduleValid() override {
    bool Valid = WindowScheduler::isScheduleValid();
    Out.BaseII = BaseII;
    if (!Valid)
      Out.Refusal = formatv("no folding position beat the unfolded list "
                            "schedule (II {0}) by window-diff-limit",
                            BaseII);
    return Valid;
  }
  void expand() override {
    Out.Expanded = true;
    Out.BestII = BestII;
    if (LP) {
      PeerPlacements Placements;
      for (const auto &[MI, Cycle, Stage, Order] : SchedResult)
        Placements[MI] = {Stage, Cycle};
      Expected<tileas::Schedule> S = buildPeerSchedule(*LP, Placements, BestII);
      if (S) {
        Out.HasSchedule = true;
        Out.Sched = std::move(*S);
      } else {
        Out.ScheduleError = toString(S.takeError());
      }
    } else {
      Out.ScheduleError = "the loop has no TileAS problem";
    }
    WindowScheduler::expand();
  }

private:
  const TileASLoopProblem *LP;
  WindowCapture &Out;
};

bool hasPhiCycle(const MachineBasicBlock &MBB, const MachineRegisterInfo &MRI) {
  DenseMap<Register, SmallVector<Register, 2>> Edges;
  for (const MachineInstr &Phi : MBB.phis())
    for (unsigned I = 1; I < Phi.getNumOperands(); I += 2)
      Edges[Phi.getOperand(0).getReg()].push_back(Phi.getOperand(I).getReg());
  // Colours: absent = unvisited, 1 = on the stack, 2 = done.
  DenseMap<Register, int> Colour;
  std::function<bool(Register)> Visit = [&](Register R) {
    auto It = Edges.find(R);
    if (It == Edges.end())
      return false;
    int &C = Colour[R];
    if (C == 1)
      return true;
    if (C == 2)
      return false;
    C = 1;
    for (Register Next : It->second)
      if (Visit(Next))
        return true;
    Colour[R] = 2;
    return false;
  };
  for (const auto &KV : Edges)
    if (Visit(KV.first))
      return true;
  return false;
}

/// Why the pipeliner pass would not offer the loop to any scheduler, or "".
std::string pipelinerRefusal(MachineLoop &L) {
  if (L.getNumBlocks() != 1)
    return "not a single basic block";
  MachineBasicBlock *MBB = L.getHeader();
  MachineFunction &MF = *MBB->getParent();
  const TargetInstrInfo *TII = MF.getSubtarget().getInstrInfo();
  if (hasPhiCycle(*MBB, MF.getRegInfo()))
    return "PHI cycle";
  MachineBasicBlock *TBB = nullptr, *FBB = nullptr;
  SmallVector<MachineOperand, 4> Cond;
  if (TII->analyzeBranch(*MBB, TBB, FBB, Cond))
    return "the branch can't be understood";
  if (!TII->analyzeLoopForPipelining(L.getTopBlock()))
    return "the loop structure is not supported";
  if (!L.getLoopPreheader())
    return "no loop preheader found";
  return "";
}

class WindowProbe : public MachineFunctionPass {
public:
  static char ID;
  WindowProbe(const std::vector<LoopRef> &Loops,
              const std::vector<const TileASLoopProblem *> &Problems,
              std::vector<WindowCapture> &Out)
      : MachineFunctionPass(ID), Loops(Loops), Problems(Problems), Out(Out) {
    Out.assign(Loops.size(), WindowCapture());
  }
  StringRef getPassName() const override {
    return "tileas-bench WindowScheduler probe";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<AAResultsWrapperPass>();
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineDominatorTreeWrapperPass>();
    AU.addRequired<LiveIntervalsWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.addRequired<TargetPassConfig>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override {
    MachineLoopInfo &MLI = getAnalysis<MachineLoopInfoWrapperPass>().getLI();
    bool Changed = false;
    for (MachineLoop *L : MLI)
      Changed |= visit(MF, *L);
    return Changed;
  }

private:
  bool visit(MachineFunction &MF, MachineLoop &L) {
    bool Changed = false;
    for (MachineLoop *Inner : L)
      Changed |= visit(MF, *Inner);
    int Index = -1;
    for (unsigned I = 0; I < Loops.size(); ++I)
      if (Loops[I].MBB == L.getHeader())
        Index = I;
    if (Index < 0)
      return Changed;
    WindowCapture &C = Out[Index];
    C.Refusal = pipelinerRefusal(L);
    if (!C.Refusal.empty())
      return Changed;
    C.Offered = true;
    MachineSchedContext Context;
    Context.MF = &MF;
    Context.MLI = &getAnalysis<MachineLoopInfoWrapperPass>().getLI();
    Context.MDT = &getAnalysis<MachineDominatorTreeWrapperPass>().getDomTree();
    Context.TM = &getAnalysis<TargetPassConfig>().getTM<TargetMachine>();
    Context.AA = &getAnalysis<AAResultsWrapperPass>().getAAResults();
    Context.LIS = &getAnalysis<LiveIntervalsWrapperPass>().getLIS();
    Context.RegClassInfo->runOnMachineFunction(MF);
    CapturingWindowScheduler WS(&Context, L, Problems[Index], C);
    return WS.run() || Changed;
  }

  const std::vector<LoopRef> &Loops;
  const std::vector<const TileASLoopProblem *> &Problems;
  std::vector<WindowCapture> &Out;
};

} // namespace

char WindowProbe::ID = 0;

MachineFunctionPass *tileas::bench::createWindowProbe(
    const std::vector<LoopRef> &Loops,
    const std::vector<const TileASLoopProblem *> &Problems,
    std::vector<WindowCapture> &Out) {
  return new WindowProbe(Loops, Problems, Out);
}
