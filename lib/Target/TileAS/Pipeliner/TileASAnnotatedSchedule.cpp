//===- TileASAnnotatedSchedule.cpp - Schedules written in MIR -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASAnnotatedSchedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

tileas_mfi::LoopSchedule llvm::annotationOf(const TileASLoopSchedule &S) {
  const TargetInstrInfo &TII =
      *S.Loop->getParent()->getSubtarget().getInstrInfo();
  tileas_mfi::LoopSchedule A;
  A.Block = S.Loop->getNumber();
  A.II = S.II;
  A.StageCount = S.StageCount;
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    A.Instrs.push_back({annotationIndex(*S.Instrs[I]),
                        TII.getName(S.Instrs[I]->getOpcode()).str(),
                        S.Placement[I].Stage, S.Placement[I].Order,
                        S.Placement[I].Start});
  return A;
}

/// The placements of annotation A, in S (S.Loop set), or S.Stale set.
static void loadPlacements(MachineFunction &MF,
                           const tileas_mfi::LoopSchedule &A,
                           TileASLoopSchedule &S) {
  if (A.Block >= MF.getNumBlockIDs() || !MF.getBlockNumbered(A.Block)) {
    S.Stale = formatv("the annotated schedule names bb.{0}, which does not "
                      "exist",
                      A.Block);
    return;
  }
  S.Loop = MF.getBlockNumbered(A.Block);
  if (A.StageCount > MaxScheduleStages) {
    S.Stale = formatv("the annotated schedule of bb.{0} has stageCount {1}, "
                      "above the limit of {2} (MaxScheduleStages)",
                      A.Block, A.StageCount, MaxScheduleStages);
    return;
  }
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  SmallVector<MachineInstr *, 32> ByIndex;
  for (MachineInstr &MI : *S.Loop)
    if (!MI.isDebugInstr())
      ByIndex.push_back(&MI);
  for (const tileas_mfi::ScheduledInstr &I : A.Instrs) {
    if (I.Instr >= ByIndex.size() ||
        TII.getName(ByIndex[I.Instr]->getOpcode()) != I.Opcode) {
      S.Stale = formatv("the annotated schedule of bb.{0} says instruction {1} "
                        "is {2}, but it is {3}",
                        A.Block, I.Instr, I.Opcode,
                        I.Instr < ByIndex.size()
                            ? TII.getName(ByIndex[I.Instr]->getOpcode())
                            : StringRef("past the end of the block"));
      return;
    }
    if (I.Stage >= MaxScheduleStages) {
      S.Stale = formatv("the annotated schedule of bb.{0} puts instruction "
                        "{1} ({2}) in stage {3}, above the limit of {4} "
                        "stages (MaxScheduleStages)",
                        A.Block, I.Instr, I.Opcode, I.Stage, MaxScheduleStages);
      return;
    }
    if (!isScheduledInstr(*ByIndex[I.Instr])) {
      S.Stale = formatv("the annotated schedule of bb.{0} schedules "
                        "instruction {1} ({2}), a PHI or terminator",
                        A.Block, I.Instr, I.Opcode);
      return;
    }
    S.Instrs.push_back(ByIndex[I.Instr]);
    S.Placement.push_back({I.Cycle, I.Stage, I.Order});
  }
  // Keep the block order that the rest of TileAS relies on.
  DenseMap<const MachineInstr *, unsigned> Position;
  for (unsigned I = 0; I < ByIndex.size(); ++I)
    Position[ByIndex[I]] = I;
  SmallVector<unsigned, 32> Perm(S.Instrs.size());
  for (unsigned I = 0; I < Perm.size(); ++I)
    Perm[I] = I;
  llvm::stable_sort(Perm, [&](unsigned X, unsigned Y) {
    return Position[S.Instrs[X]] < Position[S.Instrs[Y]];
  });
  SmallVector<MachineInstr *, 32> Instrs;
  std::vector<tileas::OpPlacement> Placement;
  for (unsigned I : Perm) {
    Instrs.push_back(S.Instrs[I]);
    Placement.push_back(S.Placement[I]);
  }
  S.Instrs = std::move(Instrs);
  S.Placement = std::move(Placement);
  if (!S.matchesBlock())
    S.Stale = formatv("the annotated schedule of bb.{0} does not cover every "
                      "instruction of the block exactly once",
                      A.Block);
}

/// What generation would have handed over with the placements: the loop's
/// problem and its counted loop. Only for a block that is a loop with an II;
/// materialization refuses any other before it needs either.
static void describeLoop(TileASLoopSchedule &S,
                         const TileASPipelinerOptions &Opts) {
  if (!S.II || !S.Loop->isSuccessor(S.Loop))
    return;
  // The dependences do not depend on the barrier reservation; the td's
  // keeps the problem buildable whatever -tileas-reserved-barriers leaves
  // (a shortage is the coordination's to report, as a remark).
  TileASPipelinerOptions ProblemOpts = Opts;
  ProblemOpts.ReservedBarriers = -1;
  Expected<TileASLoopProblem> LP =
      TileASLoopProblem::build(*S.Loop, ProblemOpts);
  if (!LP) {
    S.ProblemError = toString(LP.takeError());
    return;
  }
  if (!LP->Unsupported.empty()) {
    S.ProblemError = LP->Unsupported;
    return;
  }
  S.Problem = std::make_shared<const TileASLoopProblem>(std::move(*LP));
  S.Counted = TileASCountedLoop::analyze(*S.Loop, &S.NotCounted);
}

TileASLoopSchedule
llvm::loadAnnotatedSchedule(MachineFunction &MF,
                            const tileas_mfi::LoopSchedule &A,
                            const TileASPipelinerOptions &Opts) {
  TileASLoopSchedule S;
  S.II = A.II;
  S.StageCount = A.StageCount;
  S.Annotated = true;
  S.Form = Opts.warpSpecialized() ? TileASLoopForm::WarpSpecialized
                                  : TileASLoopForm::Unspecialized;
  loadPlacements(MF, A, S);
  if (S.Stale.empty())
    describeLoop(S, Opts);
  return S;
}
