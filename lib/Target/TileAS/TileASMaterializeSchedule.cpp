//===- TileASMaterializeSchedule.cpp - Expand and coordinate schedules ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-materialize-schedule: turns each schedule of TileASScheduleAnalysis
// into code. It reads only the analysis (or the schedule annotated in the
// MIR), never searches an II and never probes a reservation table:
//
//  1. checks that the schedule still matches its block and keeps every
//     dependence (a hand-edited or stale schedule is an error naming the
//     instructions, and the loop is left unchanged);
//  2. solves the coordination (pipes, mutexes, barriers; TileASCoordination)
//     and writes it next to the instructions it guards;
//  3. expands the loop into prologue, kernel and epilogue
//     (TileASLoopExpander), behind a trip-count test that sends loops with
//     fewer iterations than stages to the original loop;
//  4. checks its own output.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASCoordination.h"
#include "TileASCountedLoop.h"
#include "TileASLoopExpander.h"
#include "TileASLoopProblem.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASMaterializeCheck.h"
#include "TileASScheduleAnalysis.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <tuple>

using namespace llvm;
using namespace tileas;

#define DEBUG_TYPE "tileas-materialize-schedule"

namespace {

class TileASMaterializeSchedule : public MachineFunctionPass {
public:
  static char ID;
  TileASMaterializeSchedule() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "TileAS materialize schedule";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.addRequired<TileASScheduleAnalysis>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  bool materialize(const TileASLoopSchedule &S);
  bool checkSchedule(const TileASLoopSchedule &S);
  void error(const TileASLoopSchedule &S, const Twine &Msg);
  std::string describe(const MachineInstr &MI) const;

  MachineLoopInfo *MLI = nullptr;
  MachineOptimizationRemarkEmitter *ORE = nullptr;
};

} // namespace

char TileASMaterializeSchedule::ID = 0;

INITIALIZE_PASS_BEGIN(TileASMaterializeSchedule, DEBUG_TYPE,
                      "TileAS materialize schedule", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_DEPENDENCY(TileASScheduleAnalysis)
INITIALIZE_PASS_END(TileASMaterializeSchedule, DEBUG_TYPE,
                    "TileAS materialize schedule", false, false)

FunctionPass *llvm::createTileASMaterializeSchedulePass() {
  return new TileASMaterializeSchedule();
}

std::string TileASMaterializeSchedule::describe(const MachineInstr &MI) const {
  std::string Text;
  raw_string_ostream OS(Text);
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return "'" + Text + "'";
}

void TileASMaterializeSchedule::error(const TileASLoopSchedule &S,
                                      const Twine &Msg) {
  MachineFunction &MF = *S.Loop->getParent();
  MF.getFunction().getContext().emitError(
      formatv("{0} bb.{1}: cannot materialize the schedule: {2}; the loop is "
              "left unchanged",
              MF.getName(), S.Loop->getNumber(), Msg.str()));
}

static bool isSingleBlockLoop(const MachineLoopInfo &MLI,
                              const MachineBasicBlock &MBB) {
  const MachineLoop *L = MLI.getLoopFor(&MBB);
  return L && L->getNumBlocks() == 1 && MBB.isSuccessor(&MBB);
}

bool TileASMaterializeSchedule::runOnMachineFunction(MachineFunction &MF) {
  auto &Analysis = getAnalysis<TileASScheduleAnalysis>();
  MLI = &getAnalysis<MachineLoopInfoWrapperPass>().getLI();
  ORE = &getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();

  if (Analysis.schedules().empty()) {
    if (!Analysis.generated())
      for (MachineBasicBlock &MBB : MF)
        if (isSingleBlockLoop(*MLI, MBB)) {
          MF.getFunction().getContext().emitError(
              formatv("{0} bb.{1}: no schedule to materialize: run "
                      "tileas-generate-schedule first, or give the MIR a "
                      "schedule (-tileas-annotate-schedule writes one)",
                      MF.getName(), MBB.getNumber()));
          break;
        }
    return false;
  }

  // Expanding a loop creates and deletes blocks: take the list first.
  std::vector<TileASLoopSchedule> Work(Analysis.schedules().begin(),
                                       Analysis.schedules().end());
  bool Changed = false;
  for (const TileASLoopSchedule &S : Work) {
    // Expansion deletes the loop block: forget its schedule either way.
    Analysis.consume(S.Loop);
    Changed |= materialize(S);
  }
  return Changed;
}

bool TileASMaterializeSchedule::checkSchedule(const TileASLoopSchedule &S) {
  if (!S.Stale.empty()) {
    error(S, S.Stale);
    return false;
  }
  if (!S.Loop || !S.matchesBlock()) {
    error(S, "the schedule no longer matches its block (instructions were "
             "added, removed or moved since it was made)");
    return false;
  }
  if (!S.II || !isSingleBlockLoop(*MLI, *S.Loop)) {
    error(S, "the scheduled block is not a single-block loop with an II");
    return false;
  }
  Expected<TileASLoopProblem> LP = TileASLoopProblem::build(*S.Loop, -1);
  if (!LP) {
    error(S, toString(LP.takeError()));
    return false;
  }
  if (!LP->Unsupported.empty()) {
    error(S, LP->Unsupported);
    return false;
  }
  // The schedule must keep every dependence; report the first broken one by
  // its instructions.
  for (const Dependence &D : LP->Problem.dependences()) {
    const OpPlacement &From = S.Placement[D.From], &To = S.Placement[D.To];
    if (To.Start + int64_t(S.II) * D.Distance < From.Start + D.Latency) {
      error(S, formatv("{0} at cycle {1} does not wait for {2} at cycle {3}: "
                       "the dependence needs {4} cycles at distance {5} "
                       "(II {6})",
                       describe(*S.Instrs[D.To]), To.Start,
                       describe(*S.Instrs[D.From]), From.Start, D.Latency,
                       D.Distance, S.II));
      return false;
    }
  }
  unsigned MaxStage = 0;
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    const OpPlacement &P = S.Placement[I];
    if (P.Start < 0 || P.Stage != uint64_t(P.Start) / S.II) {
      error(S, formatv("{0} has cycle {1} and stage {2}, which disagree at "
                       "II {3}",
                       describe(*S.Instrs[I]), P.Start, P.Stage, S.II));
      return false;
    }
    MaxStage = std::max(MaxStage, P.Stage);
  }
  if (S.StageCount != MaxStage + 1) {
    error(S, formatv("the stage count is {0} but the last stage is {1}",
                     S.StageCount, MaxStage));
    return false;
  }
  return true;
}

/// The order of the kernel: by cycle modulo II; within a cycle the older
/// iteration (higher stage) first, so that a loop-carried dependence of
/// latency 0 is kept; then by order.
static std::tuple<int64_t, int64_t, unsigned> kernelKey(const OpPlacement &P,
                                                        unsigned II) {
  return {P.Start % II, -int64_t(P.Stage), P.Order};
}

bool TileASMaterializeSchedule::materialize(const TileASLoopSchedule &S) {
  if (!checkSchedule(S))
    return false;
  MachineBasicBlock &Loop = *S.Loop;
  std::optional<TileASCountedLoop> Counted = TileASCountedLoop::analyze(Loop);
  if (!Counted) {
    error(S, "its loop control is not a counted loop (an induction PHI, "
             "ADDri/SUBri, SETPri/SETPrr and a conditional branch back)");
    return false;
  }
  // A dedicated preheader and exit keep the expansion and the coordination
  // placed before and after the loop on the loop's own paths.
  MachineBasicBlock *Preheader = nullptr;
  for (MachineBasicBlock *P : Loop.predecessors())
    if (P != &Loop)
      Preheader = Preheader ? nullptr : P;
  if (!Preheader || Loop.pred_size() != 2) {
    error(S, "the loop has more than one entry");
    return false;
  }
  if (Preheader->succ_size() != 1)
    if (MachineBasicBlock *Split = Preheader->SplitCriticalEdge(&Loop, *this))
      Preheader = Split;
  MachineBasicBlock *Exit = Counted->Exit;
  if (Exit->pred_size() != 1)
    if (MachineBasicBlock *Split = Loop.SplitCriticalEdge(Exit, *this))
      Exit = Split;
  if (Preheader->succ_size() != 1 || Exit->pred_size() != 1) {
    error(S, "its preheader or exit is shared and could not be split");
    return false;
  }
  Counted = TileASCountedLoop::analyze(Loop);
  if (!Counted) {
    error(S, "its loop control changed when its edges were split");
    return false;
  }

  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    if (S.Instrs[I] == Counted->Compare && S.Placement[I].Stage != 0) {
      error(S, formatv("the loop's exit test {0} is in stage {1}; it must be "
                       "in stage 0, where each kernel iteration decides "
                       "whether the next one starts",
                       describe(*Counted->Compare), S.Placement[I].Stage));
      return false;
    }

  TileASCoordinationBuilder Coord(S, *Counted, *Preheader, *Exit);
  Expected<pipes::SolveResult> Solution = Coord.solve();
  if (!Solution) {
    error(S, toString(Solution.takeError()));
    return false;
  }
  Coord.emit(*Solution);

  // The kernel order: scheduled ops by their key, new coordination next to
  // the op it is anchored to (before or after it, as placed in the block).
  DenseMap<MachineInstr *, int> Stage;
  DenseMap<const MachineInstr *, std::tuple<int64_t, int64_t, unsigned>> Key;
  DenseMap<const MachineInstr *, unsigned> BlockPos;
  unsigned Pos = 0;
  for (MachineInstr &MI : Loop)
    BlockPos[&MI] = Pos++;
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    Stage[S.Instrs[I]] = S.Placement[I].Stage;
    Key[S.Instrs[I]] = kernelKey(S.Placement[I], S.II);
  }
  for (const PlacedCoordination &PC : Coord.placed()) {
    // Copies first: inserting may move the anchor's entry.
    int AnchorStage = Stage.lookup(PC.Anchor);
    auto AnchorKey = Key.lookup(PC.Anchor);
    Stage[PC.MI] = AnchorStage;
    Key[PC.MI] = AnchorKey;
  }
  std::vector<MachineInstr *> Ordered;
  for (MachineInstr &MI : Loop)
    if (!MI.isPHI() && !MI.isTerminator() && !MI.isDebugInstr())
      Ordered.push_back(&MI);
  llvm::stable_sort(Ordered, [&](const MachineInstr *A, const MachineInstr *B) {
    auto KA = Key.lookup(A), KB = Key.lookup(B);
    if (KA != KB)
      return KA < KB;
    return BlockPos.lookup(A) < BlockPos.lookup(B);
  });

  // The original loop remains as the path for short trip counts, where it
  // runs one iteration at a time: put its body in the order the schedule
  // issues an iteration (start cycle, then order), so that the coordination
  // sits around the same neighbours there as in every pipelined copy.
  DenseMap<const MachineInstr *, std::pair<int64_t, unsigned>> Flat;
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    Flat[S.Instrs[I]] = {S.Placement[I].Start, S.Placement[I].Order};
  for (const PlacedCoordination &PC : Coord.placed())
    Flat[PC.MI] = Flat.lookup(PC.Anchor);
  std::vector<MachineInstr *> Sequential(Ordered);
  llvm::stable_sort(Sequential,
                    [&](const MachineInstr *A, const MachineInstr *B) {
                      auto FA = Flat.lookup(A), FB = Flat.lookup(B);
                      if (FA != FB)
                        return FA < FB;
                      return BlockPos.lookup(A) < BlockPos.lookup(B);
                    });
  reorderBlock(Loop, Sequential);

  MachineFunction &MF = *Loop.getParent();
  TileASExpandedLoop Expanded =
      expandPipelinedLoop(*Counted, *Preheader, Ordered, Stage, S.StageCount);
  MachineBasicBlock *Kernel = Expanded.Kernel;
  if (Kernel)
    MF.getInfo<TileASMachineFunctionInfo>()->PipelinedKernels.push_back(
        Kernel->getNumber());

  // Check the result before anything else relies on it.
  // Each loop coordination op has a copy per stage on the pipelined path and
  // one in the original loop where that remains.
  unsigned Copies = (Kernel ? S.StageCount : 0) + (Expanded.Fallback ? 1 : 0);
  if (Kernel == Expanded.Fallback)
    Copies = 1; // One stage: the loop itself is the kernel.
  std::string Problem = checkMaterializedLoop(MF, *Solution, Copies);
  if (!Problem.empty()) {
    MF.getFunction().getContext().emitError(
        formatv("{0}: internal error: the materialized loop fails its "
                "self-check: {1}",
                MF.getName(), Problem));
    return true;
  }

  if (!Kernel) {
    ORE->emit([&] {
      return MachineOptimizationRemarkMissed(
                 DEBUG_TYPE, "TripCountBelowStages",
                 Expanded.Fallback->findDebugLoc(Expanded.Fallback->begin()),
                 Expanded.Fallback)
             << "not pipelined: its trip count "
             << ore::NV("TripCount", *Counted->constantTripCount())
             << " is below the " << ore::NV("Stages", S.StageCount)
             << " stages of its schedule; it runs one iteration at a time, "
                "with its coordination";
    });
    return true;
  }
  ORE->emit([&] {
    unsigned Rings = 0;
    for (const pipes::Pipe &P : Solution->Pipes)
      Rings += P.Kind == pipes::PipeKind::Ring;
    return MachineOptimizationRemark(DEBUG_TYPE, "Materialized",
                                     Kernel->findDebugLoc(Kernel->begin()),
                                     Kernel)
           << "materialized II=" << ore::NV("II", S.II) << " with "
           << ore::NV("Stages", S.StageCount)
           << " stages: " << ore::NV("Pipes", Rings) << " ring pipe(s), "
           << ore::NV("OtherPipes", unsigned(Solution->Pipes.size() - Rings))
           << " other pipe(s), "
           << ore::NV("Mutexes", unsigned(Solution->Mutexes.size()))
           << " mutex(es), " << ore::NV("Barriers", Solution->BarriersUsed)
           << " barrier(s)";
  });
  return true;
}
