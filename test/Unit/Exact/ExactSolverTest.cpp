//===- ExactSolverTest.cpp - Hand-built problems with known optima --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Each problem is small enough to work out on paper; the comments give the
// argument for its optimal II. Every schedule must pass the verifier.
//
//===----------------------------------------------------------------------===//

#include "ExactTestUtil.h"

#include "tileas/Sched/Scheduler.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::exacttest;

namespace {

ExactResult solve(const Problem &P, unsigned MaxII = 0) {
  ExactOptions O;
  // These problems are settled in milliseconds; the limit only guards
  // against a hang, and is generous so that a loaded machine (or a
  // sanitizer build) cannot turn a proof into a timeout.
  O.TimeLimitSeconds = 120;
  O.MaxII = MaxII;
  return solveExact(P, O);
}

void expectOptimal(const Problem &P, const ExactResult &R, unsigned II) {
  EXPECT_EQ(R.Status, ExactResult::Optimal)
      << statusName(R.Status) << " " << R.Note;
  EXPECT_EQ(R.II, II);
  EXPECT_EQ(R.LowerBound, II);
  EXPECT_EQ(R.Sched.II, II);
  EXPECT_TRUE(R.Sched.Flags & SF_Verified);
  EXPECT_EQ(violations(P, R.Sched), "");
}

// A -> B -> C -> A with latencies 3, 4, 5 and distance 2 on the back edge:
// II >= ceil(12 / 2) = 6, and nothing else limits the loop.
TEST(ExactSolver, RecurrenceBound) {
  Problem P(smallModel());
  for (int I = 0; I != 3; ++I)
    P.addOperation(Operation());
  depend(P, 0, 1, 3);
  depend(P, 1, 2, 4);
  depend(P, 2, 0, 5, 2);
  ExactResult R = solve(P);
  EXPECT_EQ(R.Sched.Bounds.Recurrence, 6u);
  expectOptimal(P, R, 6);
}

// Five ops hold slot 1 for two cycles each: II >= 10, met by packing them.
TEST(ExactSolver, ResourceBound) {
  Problem P(smallModel());
  for (int I = 0; I != 5; ++I)
    P.addOperation(opHolding({{1, 2}}));
  depend(P, 0, 1, 1);
  depend(P, 3, 4, 7);
  ExactResult R = solve(P);
  EXPECT_EQ(R.Sched.Bounds.Resource, 10u);
  expectOptimal(P, R, 10);
}

// A holds slot 1 for 1 cycle and slot 2 for 3; B the other way round. Each
// slot is held 4 cycles, so the MII is 4, but the holds cannot interleave:
// slot 1 needs (a - b) mod II in [3, II - 1] and slot 2 needs (b - a) mod II
// in [3, II - 1], i.e. (a - b) mod II in [1, II - 3]. The two ranges first
// meet at II = 6 (a - b = 3); no placement works at 4 or 5.
TEST(ExactSolver, SlotConflictsAboveMII) {
  Problem P(smallModel());
  P.addOperation(opHolding({{1, 1}, {2, 3}}));
  P.addOperation(opHolding({{1, 3}, {2, 1}}));
  ExactResult R = solve(P);
  EXPECT_EQ(R.Sched.Bounds.mii(), 4u);
  expectOptimal(P, R, 6);
  ASSERT_EQ(R.Sched.Ops.size(), P.size());
  int64_t Diff = R.Sched.Ops[0].Start - R.Sched.Ops[1].Start;
  EXPECT_EQ(((Diff % 6) + 6) % 6, 3);
}

// The same pair with the II capped below the optimum: proven infeasible.
TEST(ExactSolver, InfeasibleUpToMaxII) {
  Problem P(smallModel());
  P.addOperation(opHolding({{1, 1}, {2, 3}}));
  P.addOperation(opHolding({{1, 3}, {2, 1}}));
  ExactResult R = solve(P, /*MaxII=*/5);
  EXPECT_EQ(R.Status, ExactResult::Infeasible) << statusName(R.Status);
  EXPECT_EQ(R.II, 0u);
  EXPECT_EQ(R.LowerBound, 6u);
}

// Pool "issue" offers 2 units per row. Five single-cycle ops and three
// two-cycle ops charge 5 + 6 = 11 units: II >= ceil(11 / 2) = 6.
TEST(ExactSolver, CountingPoolBound) {
  Problem P(smallModel());
  for (int I = 0; I != 8; ++I) {
    Operation Op;
    Op.Pools.push_back({0, 1, I < 5 ? 1u : 2u});
    P.addOperation(Op);
  }
  depend(P, 0, 5, 2);
  depend(P, 5, 6, 2);
  ExactResult R = solve(P);
  EXPECT_EQ(R.Sched.Bounds.FineDensity, 6u);
  expectOptimal(P, R, 6);
}

// Two producer/consumer pairs 10 cycles apart. Each producer pays 100 of
// the 150-unit budget when its consumer lies in a later stage (a PerPipe
// charge), so at most one pair may straddle a stage boundary: the other
// needs both ops in one stage, 10 cycles apart, hence II >= 11. The four
// single-cycle holds of slot 1 alone would allow II 4, and the lower bounds
// do not see PerPipe charges.
TEST(ExactSolver, PerPipeBudgetBound) {
  Problem P(smallModel());
  for (int I = 0; I != 4; ++I) {
    Operation Op = opHolding({{1, 1}});
    if (I % 2 == 0)
      Op.Budgets.push_back({0, 100, BudgetScaling::PerPipe});
    P.addOperation(Op);
  }
  depend(P, 0, 1, 10);
  depend(P, 2, 3, 10);
  ExactResult R = solve(P);
  // Both consumers a stage behind at II 10 would pipe both producers, 200
  // barriers of 150: the budget bound proves the optimum.
  EXPECT_EQ(R.Sched.Bounds.Resource, 4u);
  EXPECT_EQ(R.Sched.Bounds.Budget, 11u);
  expectOptimal(P, R, 11);
  ASSERT_EQ(R.Sched.BudgetUsage.size(), 1u);
  EXPECT_LE(R.Sched.BudgetUsage[0], 150u);
}

// An asynchronous producer whose ring copy costs 100 of 150: it can never
// be double-buffered, so its consumer (latency 10) shares its stage and
// II >= 11; the dependency bound knows this.
TEST(ExactSolver, PerStageBudgetForcesOneStage) {
  Problem P(smallModel());
  Operation Load = opHolding({{3, 2}});
  Load.Async = true;
  Load.Budgets.push_back({0, 100, BudgetScaling::PerStage});
  P.addOperation(Load);
  P.addOperation(opHolding({{1, 1}}));
  depend(P, 0, 1, 10);
  ExactResult R = solve(P);
  expectOptimal(P, R, 11);
  ASSERT_EQ(R.Sched.Ops.size(), P.size());
  EXPECT_EQ(R.Sched.Ops[0].Stage, R.Sched.Ops[1].Stage);
  EXPECT_EQ(R.Sched.BudgetUsage[0], 100u);
}

// Groups 1 and 2 merge (2 names 1 as its leader): ops 0 and 2 must share a
// stage although 0 -> 1 -> 2 takes 4 + 5 cycles, so II >= 10.
TEST(ExactSolver, MergedGroupsShareAStage) {
  Problem P(smallModel());
  for (int I = 0; I != 3; ++I)
    P.addOperation(opHolding({{1, 1}}));
  P.operations()[0].Group = 1;
  P.operations()[2].Group = 2;
  P.addGroup({1, -1, 0});
  P.addGroup({2, 1, 0});
  depend(P, 0, 1, 4);
  depend(P, 1, 2, 5);
  ExactResult R = solve(P);
  expectOptimal(P, R, 10);
  ASSERT_EQ(R.Sched.Ops.size(), P.size());
  EXPECT_EQ(R.Sched.Ops[0].Stage, R.Sched.Ops[2].Stage);
}

// MaxDepth 1 pins an op to stage 0: its predecessor chain of 7 cycles must
// fit in the first stage, so II >= 8.
TEST(ExactSolver, DepthLimitPinsStageZero) {
  Problem P(smallModel());
  P.addOperation(opHolding({{1, 1}}));
  P.addOperation(opHolding({{2, 1}}));
  P.operations()[1].MaxDepth = 1;
  depend(P, 0, 1, 7);
  ExactResult R = solve(P);
  expectOptimal(P, R, 8);
  ASSERT_EQ(R.Sched.Ops.size(), P.size());
  EXPECT_EQ(R.Sched.Ops[1].Stage, 0u);
}

// A distance-0 cycle of positive latency: no II works, and the bounds say so.
TEST(ExactSolver, PositiveZeroDistanceCycle) {
  Problem P(smallModel());
  P.addOperation(Operation());
  P.addOperation(Operation());
  depend(P, 0, 1, 2);
  depend(P, 1, 0, 1);
  ExactResult R = solve(P);
  EXPECT_EQ(R.Status, ExactResult::Infeasible);
  EXPECT_EQ(R.LowerBound, InfeasibleII);
  EXPECT_EQ(R.II, 0u);
}

TEST(ExactSolver, InvalidProblemIsReported) {
  Problem P(smallModel());
  P.addOperation(opHolding({{9, 1}})); // Slot 9 is not in the model.
  ExactResult R = solve(P);
  EXPECT_EQ(R.Status, ExactResult::Unknown);
  EXPECT_FALSE(R.Note.empty());
}

TEST(ExactSolver, EmptyProblem) {
  Problem P(smallModel());
  ExactResult R = solve(P);
  expectOptimal(P, R, 1);
}

} // namespace
