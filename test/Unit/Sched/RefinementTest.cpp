//===- RefinementTest.cpp - Budgets bound the stage count -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

// The budget bound proves II >= 11 for twoRings() outright
// (BudgetBoundTest.cpp); these tests turn it off to see the refinement loop
// get there.
TEST(RefinementTest, ConvergesAfterCappingARing) {
  Problem P = twoRings();
  SchedulerOptions Opts;
  Opts.Verify = true;
  Opts.BudgetBound = false;
  MIIBounds Bounds = computeBounds(P, Opts);
  // Each ring may be two deep, so a consumer may be one stage later:
  // II >= (10 + 1) / 2.
  EXPECT_EQ(Bounds.Dependency, 6u);
  ScheduleResult First = scheduleModulo(P, Opts);
  ASSERT_TRUE(First.Success);
  ASSERT_GT(computeBudgetUsage(P, First.Sched)[SmemBudget], 1000u)
      << "the unrefined schedule must overflow for this test to mean much";

  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Sched.ConstraintIterations, 2u);
  EXPECT_EQ(R.Sched.Flags & (SF_Converged | SF_Verified),
            unsigned(SF_Converged | SF_Verified));
  EXPECT_FALSE(R.Sched.Flags & SF_BudgetExceeded);
  EXPECT_LE(R.Sched.BudgetUsage[SmemBudget], 1000u);
  EXPECT_EQ(R.Sched.BudgetUsage, computeBudgetUsage(P, R.Sched));
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
}

TEST(RefinementTest, RunsOutOfIterations) {
  Problem P = twoRings();
  SchedulerOptions Opts;
  Opts.BudgetBound = false;
  Opts.MaxConstraintIterations = 1;
  ScheduleResult R = scheduleLoop(P, Opts);
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Sched.Flags & SF_BudgetExceeded);
  EXPECT_FALSE(R.Sched.Flags & SF_Converged);
  EXPECT_EQ(R.Failure.Budget, int(SmemBudget));
  EXPECT_NE(R.Failure.Reason.find("smem"), std::string::npos)
      << R.Failure.Reason;
  EXPECT_EQ(R.Sched.ConstraintIterations, 1u);
}

TEST(RefinementTest, CapsThatLeaveNoScheduleNameThePool) {
  // Capping U1's ring puts its consumer in its own stage, which needs
  // II >= 11; the II cap is 10.
  Problem P = twoRings();
  SchedulerOptions Opts;
  Opts.BudgetBound = false;
  Opts.MaxII = 10;
  ScheduleResult R = scheduleLoop(P, Opts);
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Sched.Flags & SF_BudgetExceeded);
  EXPECT_EQ(R.Failure.Budget, int(SmemBudget));
  EXPECT_EQ(R.Sched.ConstraintIterations, 2u);
  EXPECT_NE(R.Failure.Reason.find("capped"), std::string::npos)
      << R.Failure.Reason;
}

TEST(RefinementTest, ConvergesAtOnceWhenNothingOverflows) {
  Problem P = twoRings();
  ResourceModel Roomy;
  for (const SlotDesc &S : P.model().slots())
    Roomy.addSlot(S.Id, S.Name, S.Kind);
  Roomy.addPool("port", 2);
  Roomy.addBudget("smem", 100000);
  Roomy.addBudget("barriers", 2);
  P.model() = Roomy;
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success);
  EXPECT_EQ(R.Sched.ConstraintIterations, 1u);
  EXPECT_TRUE(R.Sched.Flags & SF_Converged);
}

TEST(RefinementTest, BarriersOfSynchronousProducersStopPiping) {
  // Three non-async producers that each need a barrier when a consumer is
  // in a later stage, with two barriers: one of them must keep its consumer
  // in its own stage.
  ProblemBuilder B;
  for (int I = 0; I != 3; ++I) {
    unsigned U = B.op({{1, 1}}), V = B.op({{2, 1}});
    B.at(U).Budgets.push_back({BarrierBudget, 1, BudgetScaling::PerPipe});
    B.dep(U, V, 9);
  }
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_LE(R.Sched.BudgetUsage[BarrierBudget], 2u);
  EXPECT_TRUE(R.Sched.Flags & SF_Verified);
}

TEST(RefinementTest, SerialScheduleOverBudgetFails) {
  // A value read two iterations later needs three copies even in stage 0.
  ProblemBuilder B;
  unsigned U = B.op(), V = B.op();
  B.at(U).Budgets.push_back({SmemBudget, 400, BudgetScaling::PerStage});
  B.dep(U, V, 1);
  B.dep(U, V, 0, 2);
  ScheduleResult R = scheduleLoop(B.P, SchedulerOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Sched.Flags & SF_BudgetExceeded);
  EXPECT_EQ(R.Failure.Budget, int(SmemBudget));
}

} // namespace
