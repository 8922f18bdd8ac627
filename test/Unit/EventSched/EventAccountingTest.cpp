//===- EventAccountingTest.cpp - Broadcast events, peaks, budgets ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventAccounting.h"

#include "EventSchedTestUtil.h"

#include "gtest/gtest.h"

#include <numeric>

using namespace llvm;
using namespace tileas;
using namespace tileas::evtest;

namespace {

std::vector<unsigned> identity(unsigned N) {
  std::vector<unsigned> Order(N);
  std::iota(Order.begin(), Order.end(), 0u);
  return Order;
}

unsigned peakOf(const EventProfile &P, unsigned Src, unsigned Dst) {
  const PairPeak *Pair = P.find(Src, Dst);
  return Pair ? Pair->Peak : ~0u;
}

TEST(EventAccounting, BroadcastIsOneEventPerProducerAndDestinationPipe) {
  EventDAG G(NumPipes);
  unsigned L = G.addNode(TMA, "load");
  for (unsigned I = 0; I != 10; ++I)
    G.addEdge(L, G.addNode(ALU), EventEdgeKind::RAW);
  unsigned M = G.addNode(MMA, "mma");
  G.addEdge(L, M, EventEdgeKind::RAW);
  ASSERT_FALSE(bool(G.finalize()));
  EventBudget B(NumPipes, 1);

  EventProfile P = computeEventProfile(G, B, identity(G.size()));
  ASSERT_EQ(P.Pairs.size(), 2u);
  EXPECT_EQ(peakOf(P, TMA, MMA), 1u);
  EXPECT_EQ(peakOf(P, TMA, ALU), 1u);
  EXPECT_TRUE(P.withinBudget());

  EventTable T(G, B);
  EXPECT_EQ(T.numEvents(), 2u);
  EXPECT_EQ(T.produced(L).size(), 2u);
  // Events are numbered by destination pipe: mma (1) before alu (4).
  unsigned AluEvent = T.produced(L)[1];
  EXPECT_EQ(T.pairDst(T.pairOf(AluEvent)), unsigned(ALU));
  EXPECT_EQ(T.consumers(AluEvent).size(), 10u);
}

TEST(EventAccounting, EventLivesUntilTheFirstConsumerOnItsPipe) {
  // p1, p2 on TMA; c12 (ALU) reads both; c1 (ALU) reads p1 again.
  EventDAG G(NumPipes);
  unsigned P1 = G.addNode(TMA), P2 = G.addNode(TMA);
  unsigned C12 = G.addNode(ALU), C1 = G.addNode(ALU);
  G.addEdge(P1, C12, EventEdgeKind::RAW);
  G.addEdge(P2, C12, EventEdgeKind::RAW);
  G.addEdge(P1, C1, EventEdgeKind::RAW);
  ASSERT_FALSE(bool(G.finalize()));
  EventBudget B(NumPipes, 1);

  EventProfile Both = computeEventProfile(G, B, {P1, P2, C12, C1});
  EXPECT_EQ(peakOf(Both, TMA, ALU), 2u);
  EXPECT_FALSE(Both.withinBudget());
  ASSERT_NE(Both.worst(), nullptr);
  EXPECT_EQ(Both.worstExcess(), 1);

  // c1 releases p1's event before p2 is issued.
  EventProfile Split = computeEventProfile(G, B, {P1, C1, P2, C12});
  EXPECT_EQ(peakOf(Split, TMA, ALU), 1u);
  EXPECT_TRUE(Split.withinBudget());
}

TEST(EventAccounting, OrderEdgesNeverCostEvents) {
  EventDAG G(NumPipes);
  unsigned A = G.addNode(TMA), U = G.addNode(ALU), C = G.addNode(LSU);
  G.addEdge(A, U, EventEdgeKind::Order);
  G.addEdge(U, C, EventEdgeKind::Order);
  ASSERT_FALSE(bool(G.finalize()));
  EventBudget B(NumPipes, 0);
  EventProfile P = computeEventProfile(G, B, identity(3));
  EXPECT_TRUE(P.Pairs.empty());
  EXPECT_TRUE(P.withinBudget());
  EXPECT_EQ(P.worst(), nullptr);
  EXPECT_EQ(EventTable(G, B).numEvents(), 0u);
}

TEST(EventAccounting, WARAndWAWAcrossPipesCostEvents) {
  EventDAG G(NumPipes);
  unsigned R = G.addNode(ALU), W = G.addNode(TMA), W2 = G.addNode(LSU);
  G.addEdge(R, W, EventEdgeKind::WAR);
  G.addEdge(W, W2, EventEdgeKind::WAW);
  ASSERT_FALSE(bool(G.finalize()));
  EventBudget B(NumPipes, 0);
  EventProfile P = computeEventProfile(G, B, identity(3));
  ASSERT_EQ(P.Pairs.size(), 2u);
  EXPECT_EQ(peakOf(P, ALU, TMA), 1u);
  EXPECT_EQ(peakOf(P, TMA, LSU), 1u);
}

TEST(EventAccounting, SamePipeEdgesCostNothing) {
  EventDAG G(NumPipes);
  unsigned A = G.addNode(ALU), B2 = G.addNode(ALU);
  G.addEdge(A, B2, EventEdgeKind::RAW);
  ASSERT_FALSE(bool(G.finalize()));
  EXPECT_TRUE(
      computeEventProfile(G, EventBudget(NumPipes, 0), {0, 1}).Pairs.empty());
}

TEST(EventAccounting, WorstPairIsLargestExcessThenPeakThenSmallestPair) {
  // Three producers: tma->alu peak 2 (budget 2, excess 0), mma->alu peak 1
  // (budget 1, excess 0), lsu->alu peak 1 (budget 0, excess 1).
  EventDAG G(NumPipes);
  unsigned T1 = G.addNode(TMA), T2 = G.addNode(TMA), M = G.addNode(MMA);
  unsigned S = G.addNode(LSU), C = G.addNode(ALU);
  for (unsigned P : {T1, T2, M, S})
    G.addEdge(P, C, EventEdgeKind::RAW);
  ASSERT_FALSE(bool(G.finalize()));
  EventBudget B(NumPipes, 1);
  B.set(TMA, ALU, 2);
  B.set(LSU, ALU, 0);
  EventProfile P = computeEventProfile(G, B, identity(5));
  ASSERT_NE(P.worst(), nullptr);
  EXPECT_EQ(P.worst()->Src, unsigned(LSU));
  EXPECT_EQ(P.worstExcess(), 1);

  // With lsu->alu at budget 1 all excesses are 0: the larger peak wins.
  B.set(LSU, ALU, 1);
  P = computeEventProfile(G, B, identity(5));
  EXPECT_EQ(P.worst()->Src, unsigned(TMA));
  EXPECT_EQ(P.worst()->Peak, 2u);

  // Equal excess and peak: the smallest (Src, Dst) wins (mma < lsu).
  B.set(TMA, ALU, 3);
  P = computeEventProfile(G, B, identity(5));
  EXPECT_EQ(P.worst()->Src, unsigned(MMA));
  EXPECT_EQ(P.worstExcess(), 0);
}

TEST(EventAccounting, ValidOrderChecksPermutationAndEdges) {
  EventDAG G(NumPipes);
  G.addNode(TMA);
  G.addNode(ALU);
  G.addNode(ALU);
  G.addEdge(0, 1, EventEdgeKind::Order);
  ASSERT_FALSE(bool(G.finalize()));
  EXPECT_TRUE(isValidOrder(G, {0, 1, 2}));
  EXPECT_TRUE(isValidOrder(G, {2, 0, 1}));
  EXPECT_FALSE(isValidOrder(G, {1, 0, 2}));
  EXPECT_FALSE(isValidOrder(G, {0, 1}));
  EXPECT_FALSE(isValidOrder(G, {0, 0, 1}));
  EXPECT_FALSE(isValidOrder(G, {0, 1, 3}));
}

TEST(EventBudget, OverridesByNameAndWildcard) {
  PipeTable Pipes = machinePipes();
  EventBudget B(NumPipes, 8);
  ASSERT_FALSE(bool(B.applyOverrides("tma->alu=3, *->lsu=0,mma->*=5", Pipes)));
  EXPECT_EQ(B.get(TMA, ALU), 3u);
  EXPECT_EQ(B.get(ALU, LSU), 0u);
  EXPECT_EQ(B.get(TMA, LSU), 0u);
  EXPECT_EQ(B.get(MMA, LSU), 5u); // the later entry wins
  EXPECT_EQ(B.get(MMA, ALU), 5u);
  EXPECT_EQ(B.get(ALU, TMA), 8u);
}

TEST(EventBudget, BadOverridesChangeNothing) {
  PipeTable Pipes = machinePipes();
  EventBudget B(NumPipes, 8);
  for (const char *Spec :
       {"tma->alu=3,gpu->alu=1", "tma->alu", "tma=3", "tma->alu=x"}) {
    Error E = B.applyOverrides(Spec, Pipes);
    EXPECT_TRUE(bool(E)) << Spec;
    consumeError(std::move(E));
    EXPECT_EQ(B.get(TMA, ALU), 8u) << Spec;
  }
}

} // namespace
