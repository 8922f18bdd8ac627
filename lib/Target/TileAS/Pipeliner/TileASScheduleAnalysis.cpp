//===- TileASScheduleAnalysis.cpp - The schedule handoff ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASScheduleAnalysis.h"
#include "Pipeliner/TileASAnnotatedSchedule.h"
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

bool TileASScheduleAnalysis::runOnMachineFunction(MachineFunction &MF) {
  Store = MF.getInfo<TileASMachineFunctionInfo>();
  if (!Store->AnnotationsLoaded) {
    Store->AnnotationsLoaded = true;
    TileASPipelinerOptions Opts = TileASPipelinerOptions::fromCommandLine();
    for (const tileas_mfi::LoopSchedule &A : Store->Schedules)
      record(loadAnnotatedSchedule(MF, A, Opts));
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
