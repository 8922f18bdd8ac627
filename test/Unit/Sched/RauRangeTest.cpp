//===- RauRangeTest.cpp - Free seats in Rau's whole range -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// IterativeLimits::RauRange on a large resource-bound loop (issue 16): a
// seeded random loop of 700 ops whose FMA slot is nearly saturated at II 922
// (its resource bound is 920, where textbook IMS at budget ratio 20 first
// succeeds at 922). Iterative modulo scheduling that takes free seats only
// inside the propagated bounds does not pack the slot within 20 placements
// per op; with Rau's whole range it does, and the schedule verifies.
//
//===----------------------------------------------------------------------===//

#include "ModuloAttempt.h"
#include "PlacementContext.h"
#include "ScheduleBuilder.h"

#include "RandomProblem.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;

namespace {

constexpr unsigned Ops = 700;
constexpr unsigned NearBoundII = 922;

Problem largeResourceBoundLoop() {
  RandomProblemOptions RO;
  RO.NumOps = Ops;
  RO.Seed = 1;
  RO.Budgets = RO.Groups = RO.DepthLimits = false;
  return makeRandomProblem(RO);
}

/// One run in the plain order at II with textbook limits: 20 placements per
/// op, no stall cut-off, effort unbounded.
Attempt textbookRun(const Problem &P, unsigned II, bool RauRange) {
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  AttemptRunner Runner(Ctx, Opts);
  const RunStyle Styles[] = {{0, false, true, false, RauRange}};
  AttemptLimits L;
  L.Effort = ~uint64_t(0) / 4;
  L.Placements = 20 * Ops;
  L.Stall = ~uint64_t(0);
  L.Runs = Styles;
  return Runner.attempt(II, L);
}

TEST(RauRange, PacksANearlySaturatedSlot) {
  Problem P = largeResourceBoundLoop();
  ASSERT_EQ(computeBounds(P, SchedulerOptions()).mii(), 920u);

  Attempt Inside = textbookRun(P, NearBoundII, /*RauRange=*/false);
  EXPECT_FALSE(Inside.Success);
  EXPECT_TRUE(Inside.OutOfBudget);

  Attempt Whole = textbookRun(P, NearBoundII, /*RauRange=*/true);
  ASSERT_TRUE(Whole.Success);
  Schedule S = buildSchedule(NearBoundII, Whole.Starts);
  EXPECT_TRUE(verifySchedule(P, S).empty());
}

TEST(RauRange, LargeLoopsReachTheirBound) {
  // The search at default effort: the run at the bound takes Rau's whole
  // range, and nearly packed it may go on past its share of the budget.
  for (unsigned Size : {700u, 1400u}) {
    RandomProblemOptions RO;
    RO.NumOps = Size;
    RO.Seed = 2;
    RO.Budgets = RO.Groups = RO.DepthLimits = false;
    Problem P = makeRandomProblem(RO);
    SchedulerOptions Opts;
    Opts.ForceModulo = true;
    ScheduleResult R = scheduleLoop(P, Opts);
    ASSERT_TRUE(R.Success) << R.Failure.Reason;
    EXPECT_EQ(R.Sched.II, R.Bounds.mii()) << Size << " ops";
    EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  }
}

} // namespace
