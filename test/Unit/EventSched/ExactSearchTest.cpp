//===- ExactSearchTest.cpp - The exact search and its limits --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventScheduler.h"
#include "tileas/EventSched/OrderSearch.h"

#include "EventSchedTestUtil.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::evtest;

namespace {

using Names = std::vector<std::string>;

/// Five copies of the greedy trap of GreedyFailureTest.cpp (20 ops); the
/// tma->mma budget of 1 is shared by all of them.
EventDAG fiveTraps() {
  Block B;
  for (unsigned K = 0; K != 5; ++K) {
    std::string S = std::to_string(K);
    B.op(TMA, "A" + S, {}, {10 * K});
    B.op(TMA, "B" + S, {}, {10 * K + 1});
    B.op(MMA, "mmaAB" + S, {10 * K, 10 * K + 1}, {10 * K + 2});
    B.op(MMA, "mmaB" + S, {10 * K + 1}, {10 * K + 3});
  }
  return B.build();
}

// Lexicographically first feasible order: starting a trap with its A is a
// dead end, so each trap runs B, mmaB (index below the next trap's A), A,
// mmaAB.
TEST(EventExactSearch, TwentyOpsWithFiveTraps) {
  EventDAG G = fiveTraps();
  EventBudget Budget(NumPipes, 4);
  Budget.set(TMA, MMA, 1);
  EventScheduleResult R = scheduleEvents(G, Budget);
  Names Expected;
  for (unsigned K = 0; K != 5; ++K)
    for (const char *Op : {"B", "mmaB", "A", "mmaAB"})
      Expected.push_back(Op + std::to_string(K));
  EXPECT_EQ(names(G, R.Order), Expected);
  EXPECT_EQ(R.Strategy, EventStrategy::Exact);
  EXPECT_TRUE(R.Feasible);
  EXPECT_TRUE(keepsDependences(G, R.Order));

  EventTable T(G, Budget);
  ExactSearchResult X = runExactSearch(T, /*UpperBound=*/10, 0);
  EXPECT_TRUE(X.Completed);
  EXPECT_EQ(X.Threshold, 0);
  EXPECT_EQ(X.Order, R.Order);
}

// Seventeen event-free ops have 2^17 orders of their own; the search treats
// them as one, since an op that allocates no event can always go first.
// Only the last three ops matter: two loads and the op that reads both,
// which makes budget 1 infeasible; the original order has the least peak
// (2) and is lexicographically first, so it comes back unchanged.
TEST(EventExactSearch, EventFreeOpsDoNotMultiplyStates) {
  Block B;
  for (unsigned I = 0; I != 17; ++I)
    B.op(ALU, "free" + std::to_string(I), {}, {I});
  B.op(TMA, "x1", {}, {100});
  B.op(TMA, "x2", {}, {101});
  B.op(ALU, "w", {100, 101}, {});
  EventDAG G = B.build();
  EventScheduleResult R = scheduleEvents(G, EventBudget(NumPipes, 1));
  EXPECT_EQ(R.Strategy, EventStrategy::Exact);
  EXPECT_FALSE(R.Changed);
  EXPECT_FALSE(R.Feasible);
  EXPECT_TRUE(R.Stats.ExactCompleted);
  EXPECT_LT(R.Stats.ExactStates, 50u);
}

// When the state budget runs out after threshold 0 was refuted, the block is
// known to be infeasible: the driver skips the strict greedy and
// backtracking and goes straight to the best effort.
TEST(EventExactSearch, RefutedBlockSkipsHopelessStrategies) {
  Block B;
  for (unsigned I = 0; I != 5; ++I)
    B.op(TMA, "L" + std::to_string(I), {}, {10 + I});
  for (unsigned I = 0; I != 5; ++I)
    for (unsigned J = I + 1; J != 5; ++J)
      B.op(ALU, "C" + std::to_string(I) + std::to_string(J), {10 + I, 10 + J},
           {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 1);

  EventTable T(G, Budget);
  ExactSearchResult Full = runExactSearch(T, 4, 0);
  ASSERT_TRUE(Full.Completed);
  EXPECT_EQ(Full.Threshold, 1);
  EXPECT_EQ(Full.RefutedBelow, 1);
  // Find the smallest budget that refutes threshold 0 and stops in 1.
  uint64_t Budget0 = 1;
  while (runExactSearch(T, 4, Budget0).RefutedBelow == 0)
    ++Budget0;
  ExactSearchResult Partial = runExactSearch(T, 4, Budget0);
  ASSERT_FALSE(Partial.Completed);
  EXPECT_EQ(Partial.RefutedBelow, 1);

  EventScheduleOptions Opts;
  Opts.ExactStateBudget = Budget0;
  EventScheduleResult R = scheduleEvents(G, Budget, Opts);
  EXPECT_TRUE(R.Stats.ExactRan);
  EXPECT_FALSE(R.Stats.ExactCompleted);
  EXPECT_EQ(R.Stats.StrictGreedyFailures, 0u);
  EXPECT_FALSE(R.Stats.BacktrackRan);
  EXPECT_EQ(R.Strategy, EventStrategy::BestEffort);
  // The partial search refuted threshold 0 and the best effort reaches 1:
  // that is the least.
  EXPECT_TRUE(R.ProvenBest);
  EXPECT_EQ(R.worst()->Peak, 2u);
}

// The lower bound: a pair with budget 0 and an event has excess at least 1;
// and u needs both loads, so just before it runs two tma->alu events are
// live: excess at least 2. The search starts there; the least excess is then
// reported as such.
TEST(EventExactSearch, ZeroBudgetPairsStartAboveZero) {
  Block B;
  B.op(TMA, "l0", {}, {1});
  B.op(TMA, "l1", {}, {2});
  B.op(ALU, "u", {1, 2}, {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 4);
  Budget.set(TMA, ALU, 0);
  EventTable T(G, Budget);
  EXPECT_EQ(T.excessLowerBound(), 2);
  ExactSearchResult X = runExactSearch(T, 2, 0);
  ASSERT_TRUE(X.Completed);
  EXPECT_EQ(X.Threshold, 2);
  EXPECT_EQ(X.RefutedBelow, 2);

  // The driver knows it too: without exact search it goes straight to the
  // best effort, skipping the strict greedy and backtracking.
  EventScheduleOptions Opts;
  Opts.ExactMaxOps = 0;
  EventScheduleResult R = scheduleEvents(G, Budget, Opts);
  EXPECT_EQ(R.Strategy, EventStrategy::BestEffort);
  EXPECT_EQ(R.Stats.StrictGreedyFailures, 0u);
  EXPECT_FALSE(R.Stats.BacktrackRan);
  EXPECT_EQ(R.worst()->Peak, 2u);
  EXPECT_TRUE(R.ProvenBest);

  // Without the gather only the budget-0 bound is left.
  Block B2;
  B2.op(TMA, "l0", {}, {1});
  B2.op(ALU, "u0", {1}, {});
  B2.op(TMA, "l1", {}, {2});
  B2.op(ALU, "u1", {2}, {});
  EventDAG G2 = B2.build();
  EXPECT_EQ(EventTable(G2, Budget).excessLowerBound(), 1);
}

// The gather bound counts only events whose first consumer is forced: an op
// reading k loads needs them all live just before it runs, also when the
// loads' other consumers are its successors; not when they are not.
TEST(EventExactSearch, GatherLowerBound) {
  Block B;
  for (unsigned I = 0; I != 4; ++I)
    B.op(TMA, "l" + std::to_string(I), {}, {10 + I});
  B.op(ALU, "sum", {10, 11, 12, 13}, {20});
  // Later readers of l0 and l1 that depend on sum: sum is still first.
  B.op(ALU, "again0", {10, 20}, {21});
  B.op(ALU, "again1", {11, 20}, {22});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 1);
  EXPECT_EQ(EventTable(G, Budget).excessLowerBound(), 3);

  // An independent reader of l3 could run first: l3 no longer counts.
  Block C;
  for (unsigned I = 0; I != 4; ++I)
    C.op(TMA, "l" + std::to_string(I), {}, {10 + I});
  C.op(ALU, "sum", {10, 11, 12, 13}, {20});
  C.op(ALU, "other", {13}, {21});
  EventDAG GC = C.build();
  EXPECT_EQ(EventTable(GC, Budget).excessLowerBound(), 2);
}

// A large block where one op gathers sixteen loads (a store that must wait,
// through memory, for every load before it) is infeasible with a budget of
// 8, and the bound says so at once: no strict greedy, no backtracking, and
// the relaxed greedy's peak of 16 is reported as proven least.
TEST(EventExactSearch, GatherBoundSkipsTheSearchOnLargeBlocks) {
  Block B;
  enum : unsigned { Memory = 1000 };
  for (unsigned Group = 0; Group != 20; ++Group) {
    std::string G = std::to_string(Group);
    for (unsigned I = 0; I != 16; ++I)
      B.op(TMA, "l" + G + "_" + std::to_string(I), {Memory}, {100 * Group + I});
    for (unsigned I = 0; I != 16; ++I)
      B.op(MMA, "m" + G + "_" + std::to_string(I), {100 * Group + I},
           {100 * Group + 50 + I});
    B.op(LSU, "st" + G, {100 * Group + 50}, {Memory});
  }
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 8);
  EventScheduleResult R = scheduleEvents(G, Budget);
  EXPECT_EQ(R.Strategy, EventStrategy::BestEffort);
  EXPECT_FALSE(R.Feasible);
  EXPECT_TRUE(R.ProvenBest);
  EXPECT_EQ(R.Stats.StrictGreedyFailures, 0u);
  EXPECT_FALSE(R.Stats.BacktrackRan);
  EXPECT_EQ(R.Stats.BestEffortRounds, 0u);
  ASSERT_NE(R.After.find(TMA, LSU), nullptr);
  EXPECT_EQ(R.After.find(TMA, LSU)->Peak, 16u);
  EXPECT_EQ(R.After.worstExcess(), 8);
  EXPECT_TRUE(keepsDependences(G, R.Order));
}

} // namespace
