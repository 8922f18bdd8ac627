//===- GreedyRankingTest.cpp - The seed's rankings, one by one ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Small blocks where the hard first-consumer priority and each of the three
// rankings decide the order, so that every part of the ranking is pinned by
// an exact order. Budgets are loose: the greedy never has to refuse a step.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/OrderSearch.h"

#include "EventSchedTestUtil.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::evtest;

namespace {

using Names = std::vector<std::string>;

Names greedyOrder(const EventDAG &G, const EventBudget &B, CandidateRank Rank) {
  EventTable T(G, B);
  OrderSearchResult R = runGreedy(T, Rank, /*Strict=*/true);
  EXPECT_EQ(R.Status, SearchStatus::Found) << toString(Rank).str();
  EXPECT_TRUE(keepsDependences(G, R.Order));
  return names(G, R.Order);
}

// After the load, the MMA frees the load's event but allocates two new ones
// (alu and lsu); "y", on the load's own pipe, costs nothing. Without the hard
// priority "y" would win on Sum (and on Index for MaxIndex); with it the MMA
// goes first, then its consumers (each the first on its pipe), then "y".
TEST(EventGreedyRanking, FirstConsumerHasHardPriority) {
  Block B;
  B.op(TMA, "load", {}, {1});
  B.op(TMA, "y", {1}, {9});
  B.op(MMA, "mma", {1}, {2});
  B.op(ALU, "epi", {2}, {});
  B.op(LSU, "store", {2}, {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 8);
  for (CandidateRank Rank :
       {CandidateRank::MaxSumIndex, CandidateRank::SumMaxIndex,
        CandidateRank::MaxIndex})
    EXPECT_EQ(greedyOrder(G, Budget, Rank),
              (Names{"load", "mma", "epi", "store", "y"}))
        << toString(Rank).str();
}

// Once the first consumer of an event is scheduled, the other consumers of
// that event lose their priority: "b" now only allocates an alu->lsu event,
// so the free "y" (ready after "a") goes before it.
TEST(EventGreedyRanking, LaterConsumersFreeNothing) {
  Block B;
  B.op(TMA, "load", {}, {1});
  B.op(ALU, "a", {1}, {2});
  B.op(ALU, "b", {1}, {3});
  B.op(LSU, "store", {3}, {});
  B.op(ALU, "y", {2}, {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 1);
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::MaxSumIndex),
            (Names{"load", "a", "y", "b", "store"}));
}

// x costs one tma->alu event (budget 1: Max after = 0, Sum 1); y costs an
// mma->alu and an mma->lsu event (budgets 4: Max after = -1, Sum 2).
// Max first picks y; Sum first picks x.
TEST(EventGreedyRanking, MaxFirstAndSumFirstDisagree) {
  Block B;
  B.op(TMA, "x", {}, {1});
  B.op(MMA, "y", {}, {2});
  B.op(ALU, "cx", {1}, {});
  B.op(ALU, "cy", {2}, {});
  B.op(LSU, "dy", {2}, {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 4);
  Budget.set(TMA, ALU, 1);
  Names YFirst{"y", "cy", "dy", "x", "cx"};
  Names XFirst{"x", "cx", "y", "cy", "dy"};
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::MaxSumIndex), YFirst);
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::MaxIndex), YFirst);
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::SumMaxIndex), XFirst);
}

// y (mma -> alu and lsu) and z (xu -> alu) tie on Max (-3 with budget 4);
// Sum prefers z, Index prefers y.
TEST(EventGreedyRanking, SumBreaksMaxTiesBeforeIndex) {
  Block B;
  B.op(MMA, "y", {}, {1});
  B.op(XU, "z", {}, {2});
  B.op(ALU, "cy", {1}, {});
  B.op(LSU, "dy", {1}, {});
  B.op(ALU, "cz", {2}, {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 4);
  Names ZFirst{"z", "cz", "y", "cy", "dy"};
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::MaxSumIndex), ZFirst);
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::SumMaxIndex), ZFirst);
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::MaxIndex),
            (Names{"y", "cy", "dy", "z", "cz"}));
}

// Max is over all pairs, not only those a step touches. After h, tma->alu
// sits at its budget (excess 0), so y (mma->alu, excess -3 -> -2) and x
// (xu->alu, -5 -> -4) tie on Max = 0 and on Sum; the index picks y. Counting
// only the touched pairs would pick x.
TEST(EventGreedyRanking, MaxIsOverAllPairs) {
  EventDAG G(NumPipes);
  unsigned H = G.addNode(TMA, "h"), Y = G.addNode(MMA, "y");
  unsigned X = G.addNode(XU, "x"), CH = G.addNode(ALU, "ch");
  unsigned CY = G.addNode(ALU, "cy");
  G.addEdge(H, Y, EventEdgeKind::Order);
  G.addEdge(H, X, EventEdgeKind::Order);
  G.addEdge(H, CH, EventEdgeKind::RAW);
  G.addEdge(X, CH, EventEdgeKind::RAW);
  G.addEdge(Y, CY, EventEdgeKind::RAW);
  ASSERT_FALSE(bool(G.finalize()));
  EventBudget Budget(NumPipes, 8);
  Budget.set(TMA, ALU, 1);
  Budget.set(MMA, ALU, 3);
  Budget.set(XU, ALU, 5);
  EXPECT_EQ(greedyOrder(G, Budget, CandidateRank::MaxSumIndex),
            (Names{"h", "y", "cy", "x", "ch"}));
}

// Strict mode refuses a step that would take a pair over budget; relaxed
// mode takes the best step regardless.
TEST(EventGreedyRanking, StrictRefusesOverBudgetSteps) {
  Block B;
  B.op(TMA, "l0", {}, {1});
  B.op(TMA, "l1", {}, {2});
  B.op(ALU, "both", {1, 2}, {});
  EventDAG G = B.build();
  EventBudget Budget(NumPipes, 1);
  EventTable T(G, Budget);
  OrderSearchResult Strict = runGreedy(T, CandidateRank::MaxSumIndex, true);
  EXPECT_EQ(Strict.Status, SearchStatus::DeadEnd);
  EXPECT_EQ(names(G, Strict.Order), (Names{"l0"}));
  OrderSearchResult Relaxed = runGreedy(T, CandidateRank::MaxSumIndex, false);
  EXPECT_EQ(Relaxed.Status, SearchStatus::Found);
  EXPECT_EQ(names(G, Relaxed.Order), (Names{"l0", "l1", "both"}));
}

} // namespace
