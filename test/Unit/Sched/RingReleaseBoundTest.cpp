//===- RingReleaseBoundTest.cpp - Ring depths that late releases force ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Hand-computed cases of the budget bound of a problem with its
// coordination (RingReleaseBound.h), and the bounds a refined problem
// reports. Its soundness against brute force is in
// test/Unit/Exact/ExactOracleTest.cpp (RingReleaseBoundIsSound).
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "DepGraph.h"
#include "RingReleaseBound.h"

#include "tileas/Sched/Coordination.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr unsigned TMA = 4, TensorCore = 6, Issuer = 9;
constexpr unsigned LoadA = 0, LoadB = 1, FirstMma = 2, Mmas = 4;

/// The SMEM-bound GEMM in small: two asynchronous loads of 300-byte tiles
/// (the pool holds 1000), each read 10 cycles later by four tensor-core ops
/// of two cycles each on slot 2, which release their slots 3 cycles after
/// they issue. The readers share slot 2, so the last starts at least 10 + 6
/// after either load and releases at 19: a ring of depth 1 needs II >= 19.
/// Below it both rings need two copies, 1200 bytes; at 19 one of them fits
/// with one copy (900 bytes).
Problem smemBoundLoop() {
  ProblemBuilder B;
  B.op({{1, 1}}, /*Async=*/true);
  B.op({{1, 1}}, /*Async=*/true);
  for (unsigned M = 0; M != Mmas; ++M) {
    unsigned Mma = B.op({{2, 2}}, /*Async=*/true);
    B.dep(LoadA, Mma, 10);
    B.dep(LoadB, Mma, 10);
  }
  makeModuloEligible(B.P);

  pipes::SolveInput In;
  for (unsigned Op = 0; Op != B.P.size(); ++Op) {
    pipes::LoopOp L;
    bool Load = Op < FirstMma, Mma = !Load && Op < FirstMma + Mmas;
    L.Unit = Load ? TMA : Mma ? TensorCore : Issuer;
    L.Async = Load || Mma;
    L.Latency = Load ? 10 : Mma ? 3 : 1;
    In.Ops.push_back(L);
  }
  In.Values = {{int(LoadA), false, 300, int(SmemBudget), false},
               {int(LoadB), false, 300, int(SmemBudget), false}};
  for (unsigned M = 0; M != Mmas; ++M)
    for (unsigned V : {0u, 1u})
      In.Reads.push_back({FirstMma + M, V, 0, false, -1});
  In.FirstBarrier = 1;
  In.BarrierLimit = 5;
  In.BudgetCapacity = {1000, 4};
  In.BudgetNames = {"smem", "barriers"};
  In.BarrierBudget = int(BarrierBudget);
  B.P.Coordination = In;
  return B.P;
}

TEST(RingReleaseBound, LateReleasesDeepenBothRings) {
  Problem P = smemBoundLoop();
  DepGraph G(P);
  RingReleaseDepths Rings(P, G);
  ASSERT_FALSE(Rings.empty());
  RingReleaseDepths::Need At18 = Rings.need(18);
  EXPECT_EQ(At18.Depth, (std::vector<unsigned>{2, 2}));
  EXPECT_EQ(At18.Least[SmemBudget], 1200u);
  EXPECT_EQ(At18.Exceeded, int(SmemBudget));
  RingReleaseDepths::Need At19 = Rings.need(19);
  EXPECT_EQ(At19.Depth, (std::vector<unsigned>{1, 1}));
  EXPECT_EQ(At19.Exceeded, -1);
  EXPECT_NE(Rings.explain(18).find("the loop's rings need 1200 of 'smem' "
                                   "(1000) at II 18"),
            std::string::npos)
      << Rings.explain(18);
  EXPECT_EQ(Rings.explain(19), "");

  MIIBounds Bounds = computeBounds(P, SchedulerOptions());
  EXPECT_EQ(Bounds.Resource, 8u);
  EXPECT_EQ(Bounds.Budget, 19u);
  EXPECT_STREQ(Bounds.bindingName(), "budget");
  // Without its coordination the problem has no such rings.
  Problem Plain = smemBoundLoop();
  Plain.Coordination.reset();
  EXPECT_TRUE(RingReleaseDepths(Plain, G).empty());
  EXPECT_EQ(computeBounds(Plain, SchedulerOptions()).mii(), 8u);
}

// The bound is the optimum: the first attempt at it succeeds, the
// coordination accepts it, and the search stops there.
TEST(RingReleaseBound, SearchStopsAtTheBound) {
  Problem P = smemBoundLoop();
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Sched.II, 19u);
  EXPECT_EQ(R.Bounds.mii(), 19u);
  EXPECT_EQ(R.Search.size(), 1u);
  EXPECT_FALSE(R.Sched.Refined.refined());
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  Expected<pipes::SolveResult> C = solveCoordination(P, R.Sched);
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_FALSE(C->Exceeded.has_value());
}

// Without the budget bound, refinement orders a reader's release before the
// refill and reaches II 19 on a refined problem whose own bound is 19. The
// result reports the bounds of the problem as given (MII 8, the slot), so 19 is
// not claimed optimal, and says what the refined problem was.
TEST(RingReleaseBound, RefinedProblemIsNamedNotClaimed) {
  Problem P = smemBoundLoop();
  SchedulerOptions Opts;
  Opts.Verify = true;
  Opts.BudgetBound = false;
  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Sched.II, 19u);
  EXPECT_EQ(R.Bounds.mii(), 8u);
  EXPECT_EQ(R.Sched.Bounds.mii(), 8u);
  EXPECT_TRUE(R.Sched.Refined.refined());
  EXPECT_GE(R.Sched.Refined.Orderings, 1u);
  EXPECT_EQ(R.Sched.Refined.MII, 19u);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
}

} // namespace
