//===- BoundsTest.cpp - Lower bounds on hand-computed cases ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "DifferenceConstraints.h"
#include "SchedTestUtil.h"

#include "tileas/Sched/Scheduler.h"

#include "gtest/gtest.h"

#include <random>

using namespace tileas;
using namespace tileas::test;

namespace {

TEST(BoundsTest, ResourceCountsRowsPerSlot) {
  ProblemBuilder B;
  B.op({{1, 3}});
  B.op({{1, 2}, {2, 4}});
  B.op({{2, 1}});
  B.op({{3, 6}}); // Alone on slot 3: 6 rows.
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Resource, 6u);
  EXPECT_EQ(Bounds.Recurrence, 0u);
  EXPECT_EQ(Bounds.FineDensity, 0u);
  EXPECT_EQ(Bounds.mii(), 6u);
}

TEST(BoundsTest, ResourceUsesPrecomputedFootprintRows) {
  ProblemBuilder B;
  unsigned A = B.op({{1, 2}, {2, 3}});
  B.at(A).FootprintRows = {0b11, 0b11, 0b10};
  B.op({{2, 2}});
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Resource, 5u);
}

TEST(BoundsTest, RecurrenceWithDistanceTwo) {
  // 3 + 4 cycles over 2 iterations: 3.5, rounded up.
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 3);
  B.dep(Y, X, 4, 2);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 4u);
}

TEST(BoundsTest, RecurrenceMaxRatioIsNotOnTheShortestCycle) {
  // A self-loop of ratio 3 and a longer cycle through the same op of ratio
  // (7 + 1 + 8) / 3 = 5.33: the bound is 6, from the longer cycle.
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op(), Z = B.op();
  B.dep(X, X, 3, 1);
  B.dep(X, Y, 7);
  B.dep(Y, Z, 1);
  B.dep(Z, X, 8, 3);
  // A short cycle of ratio 2 elsewhere.
  unsigned U = B.op(), V = B.op();
  B.dep(U, V, 1);
  B.dep(V, U, 1, 1);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 6u);
}

TEST(BoundsTest, RecurrenceIsExactAtTheRatio) {
  // Ratio exactly 4 (12 / 3): the bound is 4, not 5.
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 6, 1);
  B.dep(Y, X, 6, 2);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 4u);
}

TEST(BoundsTest, RecurrenceOfNonPositiveLatencyIsFree) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 2);
  B.dep(Y, X, -2); // A distance-0 cycle of latency 0: satisfiable.
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 0u);
}

TEST(BoundsTest, DistanceZeroPositiveCycleIsInfeasible) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 2);
  B.dep(Y, X, 1);
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Recurrence, InfeasibleII);
  EXPECT_EQ(Bounds.mii(), InfeasibleII);
}

TEST(BoundsTest, RecurrenceOverSeveralComponentsIsTheLargestRatio) {
  // Three separate recurrences (ratios 4.5, 3 and 12.5) and a path between
  // two of them that closes no cycle: the bound is 13, from the last.
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 4);
  B.dep(Y, X, 5, 2);
  unsigned U = B.op();
  B.dep(U, U, 3, 1);
  unsigned V = B.op(), W = B.op(), Z = B.op();
  B.dep(V, W, 10);
  B.dep(W, Z, 10);
  B.dep(Z, V, 5, 2);
  B.dep(Y, V, 100);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 13u);
}

TEST(BoundsTest, RecurrenceIsTheLeastFeasibleIIOnRandomGraphs) {
  // Against a plain bisection over II on the whole graph: random graphs of
  // 40 ops with forward edges of distance 0 and backward ones of distance
  // 1 to 3, so that cycles of many ratios share ops.
  std::mt19937 Rng(16);
  for (unsigned Trial = 0; Trial != 40; ++Trial) {
    ProblemBuilder B;
    constexpr unsigned N = 40;
    for (unsigned I = 0; I != N; ++I)
      B.op();
    DifferenceConstraints All(N);
    for (unsigned E = 0; E != 3 * N; ++E) {
      unsigned From = Rng() % N, To = Rng() % N;
      int Latency = int(Rng() % 20) - 2;
      unsigned Distance = From < To ? 0 : 1 + Rng() % 3;
      B.dep(From, To, Latency, Distance);
      All.add(From, To, Latency, -int64_t(Distance));
    }
    int64_t Lo = -1, Hi = 20 * 3 * N + 1; // Infeasible at Lo, feasible at Hi.
    while (Hi - Lo > 1) {
      int64_t Mid = Lo + (Hi - Lo) / 2;
      (Mid >= 0 && All.hasPositiveCycle(Mid) ? Lo : Hi) = Mid;
    }
    EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, unsigned(Hi))
        << "trial " << Trial;
  }
}

TEST(BoundsTest, FineDensityDividesPoolDemand) {
  // Three charges of 1 unit for 3 cycles on a pool of capacity 2: 9 / 2.
  ProblemBuilder B;
  for (int I = 0; I != 3; ++I)
    B.portOp(1, 3);
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.FineDensity, 5u);
  EXPECT_EQ(Bounds.Resource, 0u);
  EXPECT_EQ(Bounds.mii(), 5u);
}

TEST(BoundsTest, DependencyFromDepthLimit) {
  // S(Y) >= 10 and S(Y) <= 2 * II - 1 give II >= 5.5.
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 10);
  B.at(Y).MaxDepth = 2;
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Dependency, 6u);
}

TEST(BoundsTest, DependencyFromMaxStagesOption) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op(), Z = B.op();
  B.dep(X, Y, 10);
  B.dep(Y, Z, 10);
  SchedulerOptions Opts;
  EXPECT_EQ(computeBounds(B.P, Opts).Dependency, 0u);
  Opts.MaxStages = 3; // S(Z) >= 20, S(Z) <= 3 * II - 1.
  EXPECT_EQ(computeBounds(B.P, Opts).Dependency, 7u);
  Opts.MaxStages = 1;
  EXPECT_EQ(computeBounds(B.P, Opts).Dependency, 21u);
}

TEST(BoundsTest, DependencyFromGroupSharingAStage) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op(), Z = B.op();
  B.dep(X, Y, 4);
  B.dep(Y, Z, 3);
  B.P.addGroup({7, -1, 0});
  B.at(X).Group = 7;
  B.at(Z).Group = 7;
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Dependency, 8u);
}

TEST(BoundsTest, DependencyFromBudgetRingDepth) {
  // U and V each keep 400 bytes per ring copy in a 1000-byte pool: the
  // least usage is 800, so U can afford no second copy and its consumer W
  // must sit in U's stage: 9 + 1 <= II.
  ProblemBuilder B;
  unsigned U = B.op(), V = B.op(), W = B.op();
  B.at(U).Budgets.push_back({SmemBudget, 400, BudgetScaling::PerStage});
  B.at(V).Budgets.push_back({SmemBudget, 400, BudgetScaling::PerStage});
  B.dep(U, W, 9);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Dependency, 10u);
  // With 1200 bytes a second copy fits: W may be one stage later.
  ResourceModel Roomier = smallModel();
  ResourceModel M;
  for (const SlotDesc &S : Roomier.slots())
    M.addSlot(S.Id, S.Name, S.Kind);
  M.addPool("port", 2);
  M.addBudget("smem", 1200);
  M.addBudget("barriers", 2);
  B.P.model() = M;
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Dependency, 5u);
}

TEST(BoundsTest, DependencyFromGroupAcrossAnIteration) {
  // X and Y share a stage (|S(X) - S(Y)| <= II - 1) but Y needs
  // S(Y) >= S(X) + 12 - II: only the relaxation of both finds II >= 7.
  ProblemBuilder B;
  unsigned X = B.op(), Z = B.op(), Y = B.op();
  B.dep(X, Z, 6);
  B.dep(Z, Y, 6, 1);
  B.P.addGroup({1, -1, 0});
  B.at(X).Group = 1;
  B.at(Y).Group = 1;
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Recurrence, 0u);
  EXPECT_EQ(Bounds.Dependency, 7u);
}

TEST(BoundsTest, DependencyIsInfeasibleWhenNoDepthFits) {
  // W reads U's value two iterations later and also follows U within the
  // iteration, so W's stage is at least U's and the ring needs three
  // copies; the budget leaves room for one at any II.
  ProblemBuilder B;
  unsigned U = B.op(), V = B.op(), W = B.op();
  B.at(U).Budgets.push_back({SmemBudget, 600, BudgetScaling::PerStage});
  B.at(V).Budgets.push_back({SmemBudget, 400, BudgetScaling::PerStage});
  B.dep(U, W, 1);
  B.dep(U, W, 0, 2);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Dependency, InfeasibleII);
}

TEST(BoundsTest, InvalidProblemHasNoBounds) {
  ProblemBuilder B;
  B.op({{9, 1}}); // Slot 9 is not in the model.
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Resource, 0u);
  EXPECT_EQ(Bounds.mii(), 1u);
}

} // namespace
