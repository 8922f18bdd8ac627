//===- TileASScheduleAnalysis.h - The schedule handoff ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The only handoff between tileas-generate-schedule and
// tileas-materialize-schedule: per pipelined loop, one TileASLoopSchedule
// (its II, stage count, bounds and flags, per scheduled instruction its
// (stage, order, cycle), the loop's problem, counted loop, form and
// coordination solve). Generation records into it; materialization only
// reads it (and forgets a loop once it is expanded). The first time it runs
// on a function whose MIR carries annotated schedules
// (-tileas-annotate-schedule wrote them), it starts from those
// (TileASAnnotatedSchedule.h), so that materialization can be tested from a
// fixed schedule.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASSCHEDULEANALYSIS_H
#define TILEAS_TILEASSCHEDULEANALYSIS_H

#include "Pipeliner/TileASLoopSchedule.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineFunctionPass.h"

#include <string>
#include <vector>

namespace llvm {

class TileASMachineFunctionInfo;

class TileASScheduleAnalysis : public MachineFunctionPass {
public:
  static char ID;
  TileASScheduleAnalysis();

  StringRef getPassName() const override { return "TileAS schedule analysis"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  /// Resets to the schedules annotated in the function's MIR, if any.
  bool runOnMachineFunction(MachineFunction &MF) override;

  const TileASLoopSchedule *lookup(const MachineBasicBlock *MBB) const;
  /// tileas-generate-schedule ran on this function (so a loop without a
  /// schedule was left alone on purpose).
  void markGenerated();
  bool generated() const;
  /// Forgets the schedule of a loop that has been materialized.
  void consume(const MachineBasicBlock *MBB);
  /// Records (or replaces) the schedule of a loop.
  void record(TileASLoopSchedule S);
  ArrayRef<TileASLoopSchedule> schedules() const;

private:
  /// The schedules live in the function's TileASMachineFunctionInfo: the
  /// pass manager may recompute this analysis between generation and
  /// materialization (other analyses do not declare that they preserve it),
  /// and the handoff must survive that.
  TileASMachineFunctionInfo *Store = nullptr;
};

void initializeTileASScheduleAnalysisPass(PassRegistry &);

} // namespace llvm

#endif // TILEAS_TILEASSCHEDULEANALYSIS_H
