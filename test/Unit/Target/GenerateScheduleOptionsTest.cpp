//===- GenerateScheduleOptionsTest.cpp - The pass's options as a value ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-generate-schedule's options map to the scheduling core's and back
// in one place (TileASGenerateScheduleOptions::schedulerOptions and
// fromSchedulerOptions): a tool that holds the core's options (tileas-bench)
// builds the pass from them and gets a pass that asks the core for exactly
// those options.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASGenerateSchedule.h"
#include "TileASOptions.h"

#include "tileas/Sched/Scheduler.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;

namespace {

/// Core options with every field the pass carries off its default.
SchedulerOptions nonDefaultCore() {
  SchedulerOptions Core;
  Core.MaxII = 123;
  Core.MaxStages = 4;
  Core.MaxConstraintIterations = 7;
  Core.SearchEffortFactor = 345;
  Core.ForceModulo = true;
  Core.Verify = true;
  return Core;
}

TEST(GenerateScheduleOptionsTest, CoreOptionsRoundTrip) {
  const SchedulerOptions Core = nonDefaultCore();
  SchedulerOptions Back =
      TileASGenerateScheduleOptions::fromSchedulerOptions(Core)
          .schedulerOptions();
  EXPECT_EQ(Back.MaxII, Core.MaxII);
  EXPECT_EQ(Back.MaxStages, Core.MaxStages);
  EXPECT_EQ(Back.MaxConstraintIterations, Core.MaxConstraintIterations);
  EXPECT_EQ(Back.SearchEffortFactor, Core.SearchEffortFactor);
  EXPECT_EQ(Back.ForceModulo, Core.ForceModulo);
  EXPECT_EQ(Back.Verify, Core.Verify);

  // And with every one of them at its default.
  const SchedulerOptions Defaults;
  Back = TileASGenerateScheduleOptions::fromSchedulerOptions(Defaults)
             .schedulerOptions();
  EXPECT_EQ(Back.MaxII, Defaults.MaxII);
  EXPECT_EQ(Back.MaxStages, Defaults.MaxStages);
  EXPECT_EQ(Back.MaxConstraintIterations, Defaults.MaxConstraintIterations);
  EXPECT_EQ(Back.SearchEffortFactor, Defaults.SearchEffortFactor);
  EXPECT_FALSE(Back.ForceModulo);
  EXPECT_FALSE(Back.Verify);
}

TEST(GenerateScheduleOptionsTest, PassOptionsRoundTrip) {
  TileASGenerateScheduleOptions Pass;
  Pass.MaxII = 50;
  Pass.MaxStages = 2;
  Pass.MaxConstraintIterations = 3;
  Pass.SearchEffort = 77;
  Pass.ForceModulo = true;
  Pass.Target.VerifySchedules = true;
  Pass.Target.Strategy = TileASPipelineStrategy::WarpSpecialized;
  Pass.Target.RingSlack = 5;
  TileASGenerateScheduleOptions Back =
      TileASGenerateScheduleOptions::fromSchedulerOptions(
          Pass.schedulerOptions(), Pass.Target);
  EXPECT_EQ(Back.MaxII, Pass.MaxII);
  EXPECT_EQ(Back.MaxStages, Pass.MaxStages);
  EXPECT_EQ(Back.MaxConstraintIterations, Pass.MaxConstraintIterations);
  EXPECT_EQ(Back.SearchEffort, Pass.SearchEffort);
  EXPECT_EQ(Back.ForceModulo, Pass.ForceModulo);
  EXPECT_EQ(Back.Target.VerifySchedules, Pass.Target.VerifySchedules);
  EXPECT_EQ(Back.Target.Strategy, Pass.Target.Strategy);
  EXPECT_EQ(Back.Target.RingSlack, Pass.Target.RingSlack);
}

TEST(GenerateScheduleOptionsTest, CoreVerifyDecidesTheTargetsVerify) {
  // The pass verifies by the target's option; the core's Verify is what
  // sets it, whatever the target's options given along.
  TileASPipelinerOptions Target;
  Target.VerifySchedules = true;
  Target.ReservedBarriers = 3;
  SchedulerOptions Core;
  Core.Verify = false;
  TileASGenerateScheduleOptions Pass =
      TileASGenerateScheduleOptions::fromSchedulerOptions(Core, Target);
  EXPECT_FALSE(Pass.Target.VerifySchedules);
  EXPECT_EQ(Pass.Target.ReservedBarriers, 3);
}

TEST(GenerateScheduleOptionsTest, FieldsWithoutAPassOptionKeepDefaults) {
  // The pass has no option for these: they do not travel, and the core
  // gets its defaults.
  SchedulerOptions Core = nonDefaultCore();
  Core.ForceSerial = true;
  Core.RegisterBudget = 9;
  Core.BudgetBound = false;
  SchedulerOptions Back =
      TileASGenerateScheduleOptions::fromSchedulerOptions(Core)
          .schedulerOptions();
  const SchedulerOptions Defaults;
  EXPECT_EQ(Back.ForceSerial, Defaults.ForceSerial);
  EXPECT_EQ(Back.RegisterBudget, Defaults.RegisterBudget);
  EXPECT_EQ(Back.BudgetBound, Defaults.BudgetBound);
  // Nor do the pass's own outputs.
  TileASGenerateScheduleOptions Pass =
      TileASGenerateScheduleOptions::fromSchedulerOptions(Core);
  EXPECT_FALSE(Pass.PrintSchedule);
  EXPECT_FALSE(Pass.AnnotateSchedule);
}

} // namespace
