//===- BudgetBoundTest.cpp - Budgets against stage distances -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Hand-computed cases of the budget bound; its soundness against brute force
// is in test/Unit/Exact/ExactOracleTest.cpp (BudgetBoundIsSound).
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "BudgetBound.h"
#include "DepGraph.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

TEST(BudgetBound, StageDistanceForcesSecondCopy) {
  Problem P = twoRings();
  DepGraph G(P);
  BudgetNeed At10 = leastBudgetNeed(P, G, 10);
  EXPECT_EQ(At10.Depth[0], 2u);
  EXPECT_EQ(At10.Least[SmemBudget], 1200u);
  EXPECT_EQ(At10.Exceeded, int(SmemBudget));
  BudgetNeed At11 = leastBudgetNeed(P, G, 11);
  EXPECT_EQ(At11.Least[SmemBudget], 600u);
  EXPECT_EQ(At11.Exceeded, -1);
  EXPECT_EQ(computeBudgetMII(P, G, 1), 11u);
  EXPECT_EQ(computeBudgetMII(P, G, 12), 12u);
  EXPECT_NE(explainBudgetBound(P, G, 10).find("budget pool 'smem' needs 1200 "
                                              "of 1000 at II 10"),
            std::string::npos)
      << explainBudgetBound(P, G, 10);
}

// The bound sets the MII, the first attempt at it succeeds and the search
// stops there: one attempt, and the result says which bound proved it.
TEST(BudgetBound, SearchStopsAtTheBound) {
  Problem P = twoRings();
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Bounds.Budget, 11u);
  EXPECT_EQ(R.Sched.II, 11u);
  EXPECT_STREQ(R.Bounds.bindingName(), "budget");
  EXPECT_EQ(R.Search.size(), 1u);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  // Without it the refinement loop gets there too, at a higher effort.
  Opts.BudgetBound = false;
  ScheduleResult Plain = scheduleLoop(P, Opts);
  ASSERT_TRUE(Plain.Success);
  EXPECT_EQ(Plain.Sched.II, 11u);
  EXPECT_LT(R.SearchEffort, Plain.SearchEffort);
}

// u and its six readers on slot 2, each a cycle later: with u's ring one
// copy deep, the readers sit in the II - 1 cycles after u in u's stage, so
// II >= 7 although slot 2 alone asks for 6. A second copy (1200 bytes) does
// not fit.
TEST(BudgetBound, CrowdedStageForcesSecondCopy) {
  ProblemBuilder B;
  unsigned U = B.op({{1, 1}});
  B.at(U).Budgets.push_back({SmemBudget, 600, BudgetScaling::PerStage});
  for (int I = 0; I != 6; ++I)
    B.dep(U, B.op({{2, 1}}), 1);
  DepGraph G(B.P);
  EXPECT_EQ(leastBudgetNeed(B.P, G, 6).Depth[U], 2u);
  EXPECT_EQ(leastBudgetNeed(B.P, G, 7).Depth[U], 1u);
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Resource, 6u);
  EXPECT_EQ(Bounds.Budget, 7u);
  SchedulerOptions Opts;
  Opts.Verify = true;
  Opts.ForceModulo = true;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Sched.II, 7u);
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

TEST(BudgetBound, NothingWithoutBudgets) {
  ProblemBuilder B = simpleRecurrenceLoop();
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Budget, 0u);
  EXPECT_EQ(Bounds.mii(), 16u);
}

// Two async producers that each need a pipe of two barriers, with two
// barriers in all: no II helps, and the failure names the pool.
TEST(BudgetBound, NoIIFits) {
  ProblemBuilder B;
  unsigned U1 = B.op({{1, 1}}, /*Async=*/true), V1 = B.op({{2, 1}});
  unsigned U2 = B.op({{1, 1}}, /*Async=*/true), V2 = B.op({{2, 1}});
  B.at(U1).Budgets.push_back({BarrierBudget, 2, BudgetScaling::PerPipe});
  B.at(U2).Budgets.push_back({BarrierBudget, 2, BudgetScaling::PerPipe});
  B.dep(U1, V1, 1);
  B.dep(U2, V2, 1);
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  EXPECT_FALSE(R.Success);
  EXPECT_EQ(R.Bounds.Budget, InfeasibleII);
  EXPECT_EQ(R.Failure.Budget, int(BarrierBudget));
  EXPECT_NE(R.Failure.Reason.find("budget pool 'barriers' needs 4 of 2 at "
                                  "every II"),
            std::string::npos)
      << R.Failure.Reason;
}

} // namespace
