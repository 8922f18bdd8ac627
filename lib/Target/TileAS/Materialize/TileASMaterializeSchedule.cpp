//===- TileASMaterializeSchedule.cpp - Expand and coordinate schedules ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-materialize-schedule: turns each schedule of TileASScheduleAnalysis
// into code. It reads only the analysis (or the schedule annotated in the
// MIR), never searches an II and never probes a reservation table; the
// schedule value carries the loop's problem, counted loop and coordination
// solve, which it does not rebuild:
//
//  1. checks that the schedule still matches its block and keeps every
//     dependence of the problem it carries (a hand-edited or stale schedule
//     is an error naming the instructions, and the loop is left unchanged);
//  2. takes the coordination (pipes, mutexes, barriers; TileASCoordination)
//     generation solved, or solves it (a schedule from the MIR, or a loop
//     whose coordination another loop's expansion changed), before it
//     changes anything, so that a refusal (a budget the schedule
//     exceeds, a pattern TileAS cannot coordinate) leaves the function as it
//     was; pipe ids are unique in the function, barrier ids start again for
//     every loop (a loop's pipes are done by its exit, see the producer's
//     tail in TileASCoordination.h);
//  3. writes the coordination next to the instructions it guards and
//     expands the loop into prologue, kernel and epilogue
//     (TileASLoopExpander), behind a trip-count test that sends loops with
//     fewer iterations than stages to the original loop;
//  4. checks its own output (TileASMaterializeCheck): barriers, stage and
//     order, and the protocol in issue order on every path.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASMaterializeSchedule.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASLoopNest.h"
#include "Materialize/TileASMaterializeCheck.h"
#include "Materialize/TileASMaterializeFault.h"
#include "Materialize/TileASMaterializePass.h"
#include "Materialize/TileASTileNestPipelinePrefetch.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASOptions.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAccumulatorBuffers.h"
#include "WarpSpecialize/TileASAgentIssue.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASStreamAgent.h"
#include "WarpSpecialize/TileASTileWork.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <tuple>

using namespace llvm;
using namespace tileas;

#define DEBUG_TYPE "tileas-materialize-schedule"

/// Testing only: seeds a mistake into each materialized loop after it is
/// built and before the self-check runs, to show that the check catches it.
static cl::opt<std::string> InjectFault(
    "tileas-materialize-inject-fault", cl::Hidden,
    cl::desc("Testing only: break the materialized loop before its self-check "
             "(drop-wait, drop-release, shallow-ring, wrong-iteration, "
             "mutex-side, barrier-budget, kernel-order, early-release)"));

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

FunctionPass *llvm::createTileASMaterializeSchedulePass(
    const TileASMaterializeScheduleOptions &Opts) {
  return new TileASMaterializeSchedule(Opts);
}

TileASMaterializeScheduleOptions
TileASMaterializeScheduleOptions::fromCommandLine() {
  TileASMaterializeScheduleOptions O;
  O.Target = TileASPipelinerOptions::fromCommandLine();
  O.InjectFault = ::InjectFault;
  return O;
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
  // A schedule whose annotation names a block the function lacks has no
  // loop; its message names the block.
  std::string Where =
      S.Loop ? formatv(" bb.{0}", S.Loop->getNumber()).str() : "";
  CurMF->getFunction().getContext().emitError(
      formatv("{0}{1}: cannot materialize the schedule: {2}; the loop is "
              "left unchanged",
              CurMF->getName(), Where, Msg.str()));
}

void TileASMaterializeSchedule::remarkLeftUnchanged(
    MachineBasicBlock &Loop, const LoopLeftUnchanged &Left) {
  StringRef Name = Left.isA(BarrierShortage::classID())
                       ? "NotEnoughBarriers"
                       : "UnsupportedCoordination";
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(
               DEBUG_TYPE, Name, Loop.findDebugLoc(Loop.begin()), &Loop)
           << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
           << ore::NV("Function", CurMF->getName())
           << " not pipelined: " << ore::NV("Reason", Left.why())
           << "; the loop is left unchanged";
  });
}

void TileASMaterializeSchedule::remarkNestLeftUnchanged(MachineBasicBlock &Loop,
                                                        StringRef Why) {
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "UnsupportedLoopNest",
                                           Loop.findDebugLoc(Loop.begin()),
                                           &Loop)
           << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
           << ore::NV("Function", CurMF->getName())
           << " not pipelined: " << ore::NV("Reason", Why)
           << "; the loop is left unchanged";
  });
}

static bool isSingleBlockLoop(const MachineLoopInfo &MLI,
                              const MachineBasicBlock &MBB) {
  const MachineLoop *L = MLI.getLoopFor(&MBB);
  return L && L->getNumBlocks() == 1 && MBB.isSuccessor(&MBB);
}

bool TileASMaterializeSchedule::runOnMachineFunction(MachineFunction &MF) {
  Opts = Given ? *Given : TileASMaterializeScheduleOptions::fromCommandLine();
  auto &Analysis = getAnalysis<TileASScheduleAnalysis>();
  CurMF = &MF;
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

  if (Opts.Target.Strategy == TileASPipelineStrategy::None) {
    for (const TileASLoopSchedule &S : Analysis.schedules()) {
      if (!S.Loop) {
        error(S, S.Stale);
        continue;
      }
      ORE->emit([&] {
        return MachineOptimizationRemarkMissed(
                   DEBUG_TYPE, "StrategyNone",
                   S.Loop->findDebugLoc(S.Loop->begin()), S.Loop)
               << "not pipelined: -tileas-pipeline-strategy=none";
      });
    }
    return false;
  }
  Specialized = false;
  Nest.emplace(MF);
  // Expanding a loop creates and deletes blocks: take the list first.
  std::vector<TileASLoopSchedule> Work(Analysis.schedules().begin(),
                                       Analysis.schedules().end());
  bool Changed = false;
  for (TileASLoopSchedule &S : Work) {
    // Expansion deletes the loop block: forget its schedule either way.
    Analysis.consume(S.Loop);
    // An annotation names no form: the strategy this run materializes with
    // decides it (the analysis that loaded it reads no options of ours).
    if (S.Annotated)
      S.Form = Opts.Target.warpSpecialized() ? TileASLoopForm::WarpSpecialized
                                             : TileASLoopForm::Unspecialized;
    FunctionChanged = Changed;
    if (FunctionChanged && S.Counted)
      S.Counted->refreshInit();
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
    // Name the first instruction that differs. The scheduled instructions
    // may have been deleted: only compare them, never look into them.
    std::string Where;
    if (S.Loop) {
      unsigned I = 0, Index = 0;
      for (MachineInstr &MI : *S.Loop) {
        if (MI.isDebugInstr())
          continue;
        unsigned Pos = Index++;
        if (MI.isPHI() || MI.isTerminator())
          continue;
        if (I == S.Instrs.size() || S.Instrs[I] != &MI) {
          Where = formatv(": instruction {0}, {1}, is not the one that was "
                          "scheduled there",
                          Pos, describe(MI));
          break;
        }
        ++I;
      }
      if (Where.empty() && I < S.Instrs.size())
        Where = ": the block ends before its last scheduled instruction";
    }
    error(S, "the schedule no longer matches its block" + Where +
                 " (instructions were added, removed or moved since the "
                 "schedule was made)");
    return false;
  }
  if (!S.II || !isSingleBlockLoop(*MLI, *S.Loop)) {
    error(S, "the scheduled block is not a single-block loop with an II");
    return false;
  }
  if (!S.ProblemError.empty()) {
    error(S, S.ProblemError);
    return false;
  }
  if (!S.Problem) {
    error(S, "internal error: the schedule comes without its loop's problem");
    return false;
  }
  const TileASLoopProblem &LP = *S.Problem;
  // The schedule must keep every dependence; report the first broken one by
  // its instructions. The loop branch's (an op without an instruction, last)
  // is a matter of speed, not of correctness: an annotated schedule may
  // leave the exit test late.
  for (const Dependence &D : LP.Problem.dependences()) {
    if (D.From >= S.Instrs.size() || D.To >= S.Instrs.size())
      continue;
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
  // Expansion makes a copy of every instruction per stage; a generated
  // schedule can be as deep as an annotated one.
  uint64_t Copies = uint64_t(S.StageCount) * S.Instrs.size();
  if (S.StageCount > MaxScheduleStages || Copies > MaxExpandedCopies) {
    error(S, formatv("expanding {0} stages of {1} instructions would make "
                     "{2} copies; the limits are {3} stages "
                     "(MaxScheduleStages) and {4} copies (MaxExpandedCopies)",
                     S.StageCount, S.Instrs.size(), Copies, MaxScheduleStages,
                     MaxExpandedCopies));
    return false;
  }
  return true;
}

bool TileASMaterializeSchedule::checkLoopControl(const TileASLoopSchedule &S,
                                                 LoopInProgress &L) {
  if (!S.Counted) {
    error(S, "its loop control is not a counted loop: " + S.NotCounted);
    return false;
  }
  L.Counted = *S.Counted;
  MachineBasicBlock &Loop = *S.Loop;
  for (MachineBasicBlock *P : Loop.predecessors())
    if (P != &Loop)
      L.Preheader = L.Preheader ? nullptr : P;
  if (!L.Preheader || Loop.pred_size() != 2) {
    error(S, "the loop has more than one entry");
    return false;
  }
  if (Error E = checkExpandable(L.Counted)) {
    error(S, toString(std::move(E)));
    return false;
  }
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    if (S.Instrs[I] == L.Counted.Compare && S.Placement[I].Stage != 0) {
      error(S, formatv("the loop's exit test {0} is in stage {1}; it must be "
                       "in stage 0, where each kernel iteration decides "
                       "whether the next one starts",
                       describe(*L.Counted.Compare), S.Placement[I].Stage));
      return false;
    }
  return true;
}

/// The first pipe id after those of the loops materialized before (pipe ids
/// are unique in the function).
static unsigned firstFreePipeId(const MachineFunction &MF) {
  unsigned FirstPipeId = 0;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::PIPE_CREATE)
        FirstPipeId = std::max<unsigned>(
            FirstPipeId, namedOperand(MI, TileAS::OpName::pipe).getImm() + 1);
  return FirstPipeId;
}

bool TileASMaterializeSchedule::solveCoordination(const TileASLoopSchedule &S,
                                                  LoopInProgress &L,
                                                  bool Specialized) {
  // Generation solved the coordination of each form the loop may take; the
  // solve holds while the function describes the loop to it as it did then.
  const TileASCoordinationSolve *Solved =
      Specialized || S.Form == TileASLoopForm::Unspecialized
          ? S.Coordination.get()
          : S.UnspecializedCoordination.get();
  bool Current = Solved && (!FunctionChanged ||
                            isCoordinationCurrent(S, Opts.Target, *Solved));
  Expected<pipes::SolveResult> Solution =
      Current ? L.Coord.adopt(*Solved, L.FirstPipeId)
              : L.Coord.solve(L.FirstPipeId, Specialized);
  if (!Solution) {
    // A limitation of ours is not the user's error: the loop stays as it
    // was, with a remark; anything else is bad input or an internal error.
    handleAllErrors(
        Solution.takeError(),
        [&](const LoopLeftUnchanged &Left) {
          remarkLeftUnchanged(*S.Loop, Left);
        },
        [&](const ErrorInfoBase &E) { error(S, E.message()); });
    return false;
  }
  L.Solution = std::move(*Solution);
  return true;
}

bool TileASMaterializeSchedule::dedicateEntryAndExit(
    const TileASLoopSchedule &S, LoopInProgress &L) {
  MachineBasicBlock &Loop = *S.Loop;
  if (L.Preheader->succ_size() != 1)
    if (MachineBasicBlock *Split = L.Preheader->SplitCriticalEdge(&Loop, *this))
      L.Preheader = Split;
  L.Exit = L.Counted.Exit;
  bool ExitSplit = false;
  if (L.Exit->pred_size() != 1)
    if (MachineBasicBlock *Split = Loop.SplitCriticalEdge(L.Exit, *this)) {
      L.Exit = Split;
      ExitSplit = true;
    }
  // Splitting the exit edge may have rewritten the loop's terminators.
  bool Counted = true;
  if (ExitSplit) {
    std::optional<TileASCountedLoop> Again = TileASCountedLoop::analyze(Loop);
    Counted = Again.has_value();
    if (Again)
      L.Counted = *Again;
  }
  if (L.Preheader->succ_size() != 1 || L.Exit->pred_size() != 1 || !Counted) {
    CurMF->getFunction().getContext().emitError(formatv(
        "{0} bb.{1}: internal error: the loop's preheader or exit could not "
        "be made its own; the loop is not pipelined",
        CurMF->getName(), Loop.getNumber()));
    return false;
  }
  return true;
}

void TileASMaterializeSchedule::chooseRingsAcrossTiles(
    const TileASLoopSchedule &S, LoopInProgress &L) {
  if (!unspecializedTileNestsEnabled() ||
      !MLI->getLoopFor(S.Loop)->getParentLoop())
    return;
  std::string Why;
  std::optional<TileASTileNest> TN =
      TileASLoopNest::tileNestOf(*MLI, *S.Loop, Why);
  if (TN)
    Why = TileASTileNestPipeline::whyNotAcrossTiles(
        *TN, L.Counted, *L.Preheader, *L.Exit, *L.Solution);
  MachineBasicBlock &Loop = *S.Loop;
  if (!Why.empty()) {
    ORE->emit([&] {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "RingsPerTile",
                                             Loop.findDebugLoc(Loop.begin()),
                                             &Loop)
             << "loop bb." << ore::NV("Block", Loop.getNumber())
             << ": its rings are created again at every tile: "
             << ore::NV("Reason", Why);
    });
    return;
  }
  L.AcrossTiles.emplace(*TN, L.Counted, *L.Preheader, *L.Exit);
  ORE->emit([&] {
    return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "RingsAcrossTiles",
                                             Loop.findDebugLoc(Loop.begin()),
                                             &Loop)
           << "loop bb." << ore::NV("Block", Loop.getNumber())
           << ": its rings are created once, before the tile loop of bb."
           << ore::NV("TileLoop", TN->Before.front()->getNumber())
           << ", and count their iterations across tiles";
  });
}

void TileASMaterializeSchedule::placeCoordination(LoopInProgress &L) {
  if (L.Partition)
    L.Coord.setIssuingAgents(L.Partition->issuingAgents());
  else
    L.Coord.setStreamAgent(streamAgentOf(*L.Preheader));
  L.Coord.emit(*L.Solution, L.Counted, *L.Preheader, *L.Exit);
  if (L.Partition)
    L.Partition->addCoordination(L.Coord.placed());
}

void TileASMaterializeSchedule::orderLoop(const TileASLoopSchedule &S,
                                          LoopInProgress &L) {
  MachineBasicBlock &Loop = *S.Loop;
  // The kernel order: scheduled ops by their key, new coordination next to
  // the op it is anchored to (before or after it, as placed in the block).
  DenseMap<const MachineInstr *, std::tuple<int64_t, int64_t, unsigned>> Key;
  DenseMap<const MachineInstr *, unsigned> BlockPos;
  unsigned Pos = 0;
  for (MachineInstr &MI : Loop)
    BlockPos[&MI] = Pos++;
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    L.Stage[S.Instrs[I]] = S.Placement[I].Stage;
    Key[S.Instrs[I]] = kernelOrderKey(S.Placement[I], S.II);
  }
  for (const PlacedCoordination &PC : L.Coord.placed()) {
    // Copies first: inserting may move the anchor's entry.
    int AnchorStage = L.Stage.lookup(PC.Anchor);
    auto AnchorKey = Key.lookup(PC.Anchor);
    L.Stage[PC.MI] = AnchorStage;
    Key[PC.MI] = AnchorKey;
  }
  for (MachineInstr &MI : Loop)
    if (!MI.isPHI() && !MI.isTerminator() && !MI.isDebugInstr())
      L.Ordered.push_back(&MI);
  llvm::stable_sort(L.Ordered,
                    [&](const MachineInstr *A, const MachineInstr *B) {
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
  for (const PlacedCoordination &PC : L.Coord.placed())
    Flat[PC.MI] = Flat.lookup(PC.Anchor);
  std::vector<MachineInstr *> Sequential(L.Ordered);
  llvm::stable_sort(Sequential,
                    [&](const MachineInstr *A, const MachineInstr *B) {
                      auto FA = Flat.lookup(A), FB = Flat.lookup(B);
                      if (FA != FB)
                        return FA < FB;
                      return BlockPos.lookup(A) < BlockPos.lookup(B);
                    });
  reorderBlock(Loop, Sequential);
}

TileASMaterializedLoop
TileASMaterializeSchedule::describeForSelfCheck(const TileASLoopSchedule &S,
                                                const LoopInProgress &L) {
  TileASMaterializedLoop Check;
  Check.Placement = S.Placement;
  Check.II = S.II;
  Check.StageCount = S.StageCount;
  Check.FirstBarrier = L.Coord.firstBarrier();
  Check.BarrierLimit = L.Coord.barrierLimit();
  Check.ConstantTripCount = L.Counted.constantTripCount();
  Check.LoopCarriedReleases.assign(L.Coord.loopCarriedReleases().begin(),
                                   L.Coord.loopCarriedReleases().end());
  DenseMap<const MachineInstr *, unsigned> SchedIdx;
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    SchedIdx[S.Instrs[I]] = I;
  DenseMap<const MachineInstr *, const MachineInstr *> AnchorOf;
  for (const PlacedCoordination &PC : L.Coord.placed())
    AnchorOf[PC.MI] = PC.Anchor;
  // The ring iteration of a tile nest counts beside the induction value.
  if (L.AcrossTiles)
    AnchorOf[L.AcrossTiles->ringIncrement()] =
        L.AcrossTiles->inductionIncrement();
  for (unsigned I = 0; I < L.Ordered.size(); ++I) {
    const MachineInstr *MI = L.Ordered[I];
    bool IsCoord = AnchorOf.count(MI);
    Check.SchedIndex.push_back(SchedIdx.lookup(IsCoord ? AnchorOf[MI] : MI));
    Check.LoopIndex[MI] = I;
  }
  return Check;
}

bool TileASMaterializeSchedule::expandAndCheck(const TileASLoopSchedule &S,
                                               LoopInProgress &L) {
  MachineBasicBlock &Loop = *S.Loop;
  // What the self-check needs to know about the loop before the expansion
  // (which may delete it).
  TileASMaterializedLoop Check = describeForSelfCheck(S, L);
  int LoopNumber = Loop.getNumber();

  TileASExpandedLoop Expanded = expandPipelinedLoop(
      L.Counted, *L.Preheader, L.Ordered, L.Stage, S.StageCount);
  MachineBasicBlock *Kernel = Expanded.Kernel;
  if (Kernel)
    CurMF->getInfo<TileASMachineFunctionInfo>()->addPipelinedKernel(*Kernel);

  // Check the result before anything else relies on it.
  pipes::SolveResult Solved = *L.Solution;
  bool LoopRemains = !Kernel || Kernel == &Loop || Expanded.Fallback;
  Check.Solution = &Solved;
  Check.Expanded = &Expanded;
  Check.Loop = LoopRemains ? &Loop : nullptr;
  if (!LoopRemains)
    Check.LoopIndex.clear();
  Check.Preheader = L.Preheader;
  Check.Exit = L.Exit;
  injectMaterializeFault(Opts.InjectFault, Expanded, Solved, Check);
  std::string Problem = checkMaterializedLoop(Check);
  if (!Problem.empty()) {
    CurMF->getFunction().getContext().emitError(
        formatv("{0}: internal error: the materialized loop fails its "
                "self-check: {1}",
                CurMF->getName(), Problem));
    return true;
  }
  // Checked as one entry of the k-loop; now the tile nest's rings move out
  // of it.
  if (L.AcrossTiles) {
    L.AcrossTiles->keepRingsAcrossTiles(*L.Solution, L.Coord.created());
    if (unspecializedTileNestPrefetchEnabled() && Expanded.Kernel)
      remarkTilePrefetch(*Expanded.Kernel, LoopNumber,
                         L.AcrossTiles->prefetchNextTile(Expanded));
  }
  remarkMaterialized(S, L, Expanded);
  return true;
}

void TileASMaterializeSchedule::remarkTilePrefetch(MachineBasicBlock &Kernel,
                                                   int LoopNumber,
                                                   StringRef Why) {
  if (!Why.empty()) {
    ORE->emit([&] {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "NoTilePrefetch",
                                             DebugLoc(), &Kernel)
             << "loop bb." << ore::NV("Block", LoopNumber)
             << ": the next tile's loads wait for this tile's drain: "
             << ore::NV("Reason", Why);
    });
    return;
  }
  ORE->emit([&] {
    return MachineOptimizationRemarkAnalysis(DEBUG_TYPE, "TilePrefetch",
                                             DebugLoc(), &Kernel)
           << "loop bb." << ore::NV("Block", LoopNumber)
           << ": the next tile's stage-0 ops are issued during this tile's "
              "drain";
  });
}

void TileASMaterializeSchedule::remarkMaterialized(
    const TileASLoopSchedule &S, const LoopInProgress &L,
    const TileASExpandedLoop &Expanded) {
  MachineBasicBlock *Kernel = Expanded.Kernel;
  if (!Kernel) {
    ORE->emit([&] {
      return MachineOptimizationRemarkMissed(
                 DEBUG_TYPE, "TripCountBelowStages",
                 Expanded.Fallback->findDebugLoc(Expanded.Fallback->begin()),
                 Expanded.Fallback)
             << "not pipelined: its trip count "
             << ore::NV("TripCount", *L.Counted.constantTripCount())
             << " is below the " << ore::NV("Stages", S.StageCount)
             << " stages of its schedule; it runs one iteration at a time, "
                "with its coordination";
    });
    return;
  }
  const pipes::SolveResult &Solution = *L.Solution;
  ORE->emit([&] {
    unsigned Rings = 0;
    for (const pipes::Pipe &P : Solution.Pipes)
      Rings += P.Kind == pipes::PipeKind::Ring;
    return MachineOptimizationRemark(DEBUG_TYPE, "Materialized",
                                     Kernel->findDebugLoc(Kernel->begin()),
                                     Kernel)
           << "materialized II=" << ore::NV("II", S.II) << " with "
           << ore::NV("Stages", S.StageCount)
           << " stages: " << ore::NV("Pipes", Rings) << " ring pipe(s), "
           << ore::NV("OtherPipes", unsigned(Solution.Pipes.size() - Rings))
           << " other pipe(s), "
           << ore::NV("Mutexes", unsigned(Solution.Mutexes.size()))
           << " mutex(es), "
           << ore::NV("NamedBarriers", Solution.Barriers.NamedBarriers)
           << " named barrier(s), "
           << ore::NV("Mbarriers", Solution.Barriers.Mbarriers)
           << " mbarrier(s) ("
           << ore::NV("MbarrierBytes", Solution.Barriers.MbarrierBytes)
           << " bytes)";
  });
}

bool TileASMaterializeSchedule::materialize(const TileASLoopSchedule &S) {
  if (!checkSchedule(S))
    return false;
  if (std::optional<std::string> Why = Nest->whyLeftUnchanged(*S.Loop)) {
    remarkNestLeftUnchanged(*S.Loop, *Why);
    return false;
  }
  LoopInProgress L(S, Opts.Target);
  if (!checkLoopControl(S, L))
    return false;
  // Solve before changing anything, so that a refusal leaves the function
  // exactly as it was.
  L.FirstPipeId = firstFreePipeId(*CurMF);
  if (!solveCoordination(S, L,
                         /*Specialized=*/S.Form ==
                             TileASLoopForm::WarpSpecialized))
    return false;
  // Warp specialization needs every value that crosses agents to be a
  // buffer the coordination hands over; decide before changing anything.
  if (Opts.Target.warpSpecialized() && !chooseWarpSpecialization(S, L))
    return false;
  // A dedicated preheader and exit keep the expansion and the coordination
  // placed before and after the loop on the loop's own paths.
  if (!dedicateEntryAndExit(S, L))
    return true;
  if (!L.Partition)
    chooseRingsAcrossTiles(S, L);
  placeCoordination(L);
  orderLoop(S, L);
  if (L.Partition)
    return specialize(S, L);
  if (L.AcrossTiles)
    L.AcrossTiles->countRingsAcrossTiles(L.Ordered, L.Stage);
  return expandAndCheck(S, L);
}
