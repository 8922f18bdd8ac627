//===- RecurrenceResourceBoundTest.cpp - Recurrences with resources -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Hand-computed cases of the recurrence bound with resources; its soundness
// against brute force is in test/Unit/Exact/ExactOracleTest.cpp.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "DepGraph.h"
#include "RecurrenceResourceBound.h"

#include "tileas/Sched/Scheduler.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

unsigned bound(const Problem &P, unsigned From,
               const RecurrenceResourceLimits &L = {}) {
  DepGraph G(P);
  return computeRecurrenceResourceMII(P, G, From, L);
}

// u -> v latency 2, v -> u latency 0 one iteration later: the cycle ratio is
// 2, and at II 2 the dependences pin v exactly 2 cycles after u, onto u's
// row of slot 1. At II 3 v may sit 2 cycles after u, on another row.
TEST(RecurrenceResourceBound, PinnedOntoOneRow) {
  ProblemBuilder B;
  unsigned U = B.op({{1, 1}}), V = B.op({{1, 1}});
  B.dep(U, V, 2);
  B.dep(V, U, 0, 1);
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Recurrence, 2u);
  EXPECT_EQ(Bounds.Resource, 2u);
  EXPECT_EQ(Bounds.RecurrenceResource, 3u);
  EXPECT_EQ(Bounds.mii(), 3u);
}

// The same cycle on different slots: nothing collides, nothing is raised,
// and the bound reports the plain recurrence bound.
TEST(RecurrenceResourceBound, DifferentSlotsRaiseNothing) {
  ProblemBuilder B;
  unsigned U = B.op({{1, 1}}), V = B.op({{2, 1}});
  B.dep(U, V, 2);
  B.dep(V, U, 0, 1);
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.RecurrenceResource, Bounds.Recurrence);
  EXPECT_EQ(Bounds.mii(), 2u);
}

// Distance 2: u -> v latency 4, v -> u latency 0 two iterations later. The
// ratio is 2; at II 2 v is pinned 4 cycles after u (row 0 again); at II 3 it
// may sit 4..6 cycles after u, and 4 is on row 1.
TEST(RecurrenceResourceBound, DistanceTwo) {
  ProblemBuilder B;
  unsigned U = B.op({{3, 1}}), V = B.op({{3, 1}});
  B.dep(U, V, 4);
  B.dep(V, U, 0, 2);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 2u);
  EXPECT_EQ(bound(B.P, 2), 3u);
}

// Three ops of a counting pool of capacity 2 on a cycle of latency-0 edges
// closed by a latency-3 edge one iteration later: at II 3 (the ratio) a, b
// and c must start together, which needs 3 units. At II 4 c can move a row.
TEST(RecurrenceResourceBound, PoolCapacity) {
  ProblemBuilder B;
  unsigned A = B.portOp(), Bo = B.portOp(), C = B.portOp();
  B.dep(A, Bo, 0);
  B.dep(Bo, C, 0);
  B.dep(C, A, 3, 1);
  MIIBounds Bounds = computeBounds(B.P, SchedulerOptions());
  EXPECT_EQ(Bounds.Recurrence, 3u);
  EXPECT_EQ(Bounds.FineDensity, 2u);
  EXPECT_EQ(Bounds.RecurrenceResource, 4u);
}

// A hold longer than one row: u holds slot 2 for two cycles; v must start 2
// cycles after u at II 2 (the ratio), on u's first row again.
TEST(RecurrenceResourceBound, MultiRowHold) {
  ProblemBuilder B;
  unsigned U = B.op({{2, 2}}), V = B.op({{2, 1}});
  B.dep(U, V, 2);
  B.dep(V, U, 1, 1);
  // Ratio 3/1 = 3; resource rows 3. At II 3, v is pinned 2 after u: u holds
  // rows 0, 1 and v row 2: it fits. The bound proves nothing more.
  EXPECT_EQ(bound(B.P, 3), 3u);
  // Tighter: with latency 1 back the ratio is 3 still, but force v onto u's
  // second row by making u -> v latency 1 and v -> u latency 2.
  ProblemBuilder C;
  unsigned U2 = C.op({{2, 2}}), V2 = C.op({{2, 1}});
  C.dep(U2, V2, 1);
  C.dep(V2, U2, 2, 1);
  EXPECT_EQ(bound(C.P, 3), 4u);
}

// A search that runs out of seats proves nothing: the bound stays put.
TEST(RecurrenceResourceBound, OutOfBudgetProvesNothing) {
  ProblemBuilder B;
  unsigned U = B.op({{1, 1}}), V = B.op({{1, 1}});
  B.dep(U, V, 2);
  B.dep(V, U, 0, 1);
  RecurrenceResourceLimits L;
  L.WorkBudget = 0; // Not even the first offset of the pair.
  EXPECT_EQ(bound(B.P, 2, L), 2u);
  L.MaxHolders = 1; // Too many holders to search at all.
  L.WorkBudget = 1000;
  EXPECT_EQ(bound(B.P, 2, L), 2u);
}

// Five loads holding slot 2 for 7 cycles each feed a join 100 to 104 cycles
// later, and the join feeds all five one iteration later (latency 7): the
// cycle ratio is 111. At II, load I starts in [J + 7 - II, J - 100 - I], so
// the five holds of 7 cycles need II - 107 >= 28: the bound is 135. No two
// loads are interchangeable (their latencies differ) and every pair alone
// fits, so only the energetic check (35 cycles of slot 2 within a span of
// at most II - 100) proves the IIs below 135 without a search; without it
// the search needs hundreds of thousands of units, and runs out of this
// budget.
TEST(RecurrenceResourceBound, EnergeticCheckProvesWithoutSearch) {
  ProblemBuilder B;
  unsigned Join = B.op({{3, 1}});
  for (int I = 0; I != 5; ++I) {
    unsigned Load = B.op({{2, 7}});
    B.dep(Load, Join, 100 + I);
    B.dep(Join, Load, 7, 1);
  }
  DepGraph G(B.P);
  EXPECT_EQ(computeBounds(B.P, SchedulerOptions()).Recurrence, 111u);
  uint64_t Work = 0;
  EXPECT_EQ(computeRecurrenceResourceMII(B.P, G, 111, {}, &Work), 135u);
  EXPECT_LE(Work, 2000u) << "work " << Work;
  // A budget of that much work still proves it.
  RecurrenceResourceLimits L;
  L.WorkBudget = 2000u;
  EXPECT_EQ(bound(B.P, 111, L), 135u);
}

// The search starts from the given II and only ever raises it.
TEST(RecurrenceResourceBound, NeverBelowFrom) {
  ProblemBuilder B;
  unsigned U = B.op({{1, 1}}), V = B.op({{1, 1}});
  B.dep(U, V, 2);
  B.dep(V, U, 0, 1);
  EXPECT_EQ(bound(B.P, 7), 7u);
  EXPECT_EQ(bound(B.P, InfeasibleII), InfeasibleII);
}

} // namespace
