//===- TileASScheduleAnalysis.cpp - The schedule handoff ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TileASMachineFunctionInfo.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

#define DEBUG_TYPE "tileas-schedule-analysis"

char TileASScheduleAnalysis::ID = 0;

INITIALIZE_PASS(TileASScheduleAnalysis, DEBUG_TYPE, "TileAS schedule analysis",
                /*CFGOnly=*/false, /*IsAnalysis=*/true)

TileASScheduleAnalysis::TileASScheduleAnalysis() : MachineFunctionPass(ID) {}

static bool isScheduled(const MachineInstr &MI) {
  return !MI.isPHI() && !MI.isTerminator() && !MI.isDebugInstr();
}

bool TileASLoopSchedule::matchesBlock() const {
  if (!Stale.empty())
    return false;
  unsigned I = 0;
  for (MachineInstr &MI : *Loop) {
    if (!isScheduled(MI))
      continue;
    if (I == Instrs.size() || Instrs[I] != &MI)
      return false;
    ++I;
  }
  return I == Instrs.size();
}

/// Turns a MIR annotation back into a schedule of the block's instructions.
static TileASLoopSchedule loadAnnotation(MachineFunction &MF,
                                         const tileas_mfi::LoopSchedule &A) {
  TileASLoopSchedule S;
  S.II = A.II;
  S.StageCount = A.StageCount;
  S.Annotated = true;
  if (A.Block >= MF.getNumBlockIDs() || !MF.getBlockNumbered(A.Block)) {
    S.Stale = formatv("the annotated schedule names bb.{0}, which does not "
                      "exist",
                      A.Block);
    return S;
  }
  S.Loop = MF.getBlockNumbered(A.Block);
  if (A.StageCount > MaxScheduleStages) {
    S.Stale = formatv("the annotated schedule of bb.{0} has stageCount {1}, "
                      "above the limit of {2} (MaxScheduleStages)",
                      A.Block, A.StageCount, MaxScheduleStages);
    return S;
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
      return S;
    }
    if (I.Stage >= MaxScheduleStages) {
      S.Stale = formatv("the annotated schedule of bb.{0} puts instruction "
                        "{1} ({2}) in stage {3}, above the limit of {4} "
                        "stages (MaxScheduleStages)",
                        A.Block, I.Instr, I.Opcode, I.Stage, MaxScheduleStages);
      return S;
    }
    if (!isScheduled(*ByIndex[I.Instr])) {
      S.Stale = formatv("the annotated schedule of bb.{0} schedules "
                        "instruction {1} ({2}), a PHI or terminator",
                        A.Block, I.Instr, I.Opcode);
      return S;
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
  return S;
}

bool TileASScheduleAnalysis::runOnMachineFunction(MachineFunction &MF) {
  Store = MF.getInfo<TileASMachineFunctionInfo>();
  if (!Store->AnnotationsLoaded) {
    Store->AnnotationsLoaded = true;
    for (const tileas_mfi::LoopSchedule &A : Store->Schedules)
      record(loadAnnotation(MF, A));
  }
  return false;
}

void TileASScheduleAnalysis::markGenerated() {
  Store->SchedulesGenerated = true;
}

bool TileASScheduleAnalysis::generated() const {
  return Store->SchedulesGenerated;
}

ArrayRef<TileASLoopSchedule> TileASScheduleAnalysis::schedules() const {
  return Store->ComputedSchedules;
}

void TileASScheduleAnalysis::consume(const MachineBasicBlock *MBB) {
  llvm::erase_if(Store->ComputedSchedules,
                 [&](const TileASLoopSchedule &S) { return S.Loop == MBB; });
  // The annotation describes a block that expansion replaces.
  if (MBB)
    llvm::erase_if(Store->Schedules, [&](const tileas_mfi::LoopSchedule &A) {
      return A.Block == unsigned(MBB->getNumber());
    });
}

const TileASLoopSchedule *
TileASScheduleAnalysis::lookup(const MachineBasicBlock *MBB) const {
  for (const TileASLoopSchedule &S : Store->ComputedSchedules)
    if (S.Loop == MBB)
      return &S;
  return nullptr;
}

void TileASScheduleAnalysis::record(TileASLoopSchedule S) {
  std::vector<TileASLoopSchedule> &Schedules = Store->ComputedSchedules;
  for (TileASLoopSchedule &Old : Schedules)
    if (Old.Loop == S.Loop) {
      Old = std::move(S);
      return;
    }
  auto Pos = llvm::find_if(Schedules, [&](const TileASLoopSchedule &X) {
    return X.Loop && S.Loop && X.Loop->getNumber() > S.Loop->getNumber();
  });
  Schedules.insert(Pos, std::move(S));
}
