//===- GreedyFailureTest.cpp - Where the seed's greedy fails --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Two TMA loads A and B; one MMA reads both, another reads B only; budget
// tma->mma = 1. Both loads look the same to the one-step greedy (each costs
// one tma->mma event and frees nothing), so every ranking issues A first (the
// smaller index) and is stuck: B would be a second live event, and both MMAs
// need B. The only feasible orders start with B: B, mmaB (frees B's event),
// A, mmaAB (frees A's).
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

void addTrap(Block &B, const std::string &Suffix, unsigned Base) {
  B.op(TMA, "A" + Suffix, {}, {Base});
  B.op(TMA, "B" + Suffix, {}, {Base + 1});
  B.op(MMA, "mmaAB" + Suffix, {Base, Base + 1}, {Base + 2});
  B.op(MMA, "mmaB" + Suffix, {Base + 1}, {Base + 3});
}

EventBudget trapBudget() {
  EventBudget Budget(NumPipes, 4);
  Budget.set(TMA, MMA, 1);
  return Budget;
}

TEST(EventGreedyFailure, EveryStrictGreedyRankingDeadEnds) {
  Block B;
  addTrap(B, "", 10);
  EventDAG G = B.build();
  EventBudget Budget = trapBudget();
  EventTable T(G, Budget);
  for (CandidateRank Rank :
       {CandidateRank::MaxSumIndex, CandidateRank::SumMaxIndex,
        CandidateRank::MaxIndex}) {
    OrderSearchResult Greedy = runGreedy(T, Rank, /*Strict=*/true);
    EXPECT_EQ(Greedy.Status, SearchStatus::DeadEnd) << toString(Rank).str();
    EXPECT_EQ(names(G, Greedy.Order), (Names{"A"})) << toString(Rank).str();
  }
}

TEST(EventGreedyFailure, ExactSearchFindsTheFeasibleOrder) {
  Block B;
  addTrap(B, "", 10);
  EventDAG G = B.build();
  EventScheduleResult R = scheduleEvents(G, trapBudget());
  EXPECT_EQ(names(G, R.Order), (Names{"B", "mmaB", "A", "mmaAB"}));
  EXPECT_EQ(R.Strategy, EventStrategy::Exact);
  EXPECT_TRUE(R.Feasible);
  EXPECT_EQ(R.Before.find(TMA, MMA)->Peak, 2u);
  EXPECT_EQ(R.After.find(TMA, MMA)->Peak, 1u);
  EXPECT_TRUE(keepsDependences(G, R.Order));
}

// Without the exact search, the greedy still fails and bounded backtracking
// recovers: it undoes the first choice and tries B.
TEST(EventGreedyFailure, BacktrackingFindsItWithoutExactSearch) {
  Block B;
  addTrap(B, "", 10);
  EventDAG G = B.build();
  EventScheduleOptions Opts;
  Opts.ExactMaxOps = 0;
  EventScheduleResult R = scheduleEvents(G, trapBudget(), Opts);
  EXPECT_EQ(names(G, R.Order), (Names{"B", "mmaB", "A", "mmaAB"}));
  EXPECT_EQ(R.Strategy, EventStrategy::Backtracking);
  EXPECT_EQ(R.Stats.StrictGreedyFailures, 3u);
  EXPECT_TRUE(R.Feasible);

  // And with backtracking off too, only a best effort is left.
  Opts.EnableBacktracking = false;
  R = scheduleEvents(G, trapBudget(), Opts);
  EXPECT_EQ(R.Strategy, EventStrategy::BestEffort);
  EXPECT_FALSE(R.Feasible);
}

// Thirty independent traps (120 ops, beyond the exact range): backtracking
// repairs each one as it meets it.
TEST(EventGreedyFailure, BacktrackingRepairsTrapsInALargeBlock) {
  Block B;
  for (unsigned K = 0; K != 30; ++K)
    addTrap(B, std::to_string(K), 10 * K);
  EventDAG G = B.build();
  EventScheduleResult R = scheduleEvents(G, trapBudget());
  EXPECT_EQ(R.Strategy, EventStrategy::Backtracking);
  EXPECT_TRUE(R.Feasible);
  EXPECT_FALSE(R.Stats.ExactRan);
  Names Expected;
  for (unsigned K = 0; K != 30; ++K)
    for (const char *Op : {"B", "mmaB", "A", "mmaAB"})
      Expected.push_back(Op + std::to_string(K));
  EXPECT_EQ(names(G, R.Order), Expected);
  EXPECT_TRUE(keepsDependences(G, R.Order));
}

/// An unrolled GEMM mainloop: per step two TMA loads into a ring of eight
/// buffer pairs and one MMA into a shared accumulator; a prefetching front
/// end hoists the loads of each group of eight steps to the group's front.
/// The loads of a group overwrite the buffers the previous group's MMAs read
/// (WAR, mma->tma events).
EventDAG hoistedMainloop(unsigned Steps) {
  Block B;
  for (unsigned Group = 0; Group * 8 < Steps; ++Group) {
    for (unsigned S = Group * 8; S != Group * 8 + 8; ++S) {
      B.op(TMA, "a" + std::to_string(S), {}, {2 * (S % 8)});
      B.op(TMA, "b" + std::to_string(S), {}, {2 * (S % 8) + 1});
    }
    for (unsigned S = Group * 8; S != Group * 8 + 8; ++S)
      B.op(MMA, "mma" + std::to_string(S), {2 * (S % 8), 2 * (S % 8) + 1, 100},
           {100});
  }
  return B.build();
}

// A realistic greedy failure: once the MMAs of a group have run, the next
// group's "a" loads each free an mma->tma (WAR) event, so the hard
// first-consumer priority issues them ahead of their "b" partners; every one
// then holds a tma->mma event until its MMA, and the budget runs out.
// Backtracking repairs it.
TEST(EventGreedyFailure, HoistedMainloopNeedsBacktracking) {
  EventDAG G = hoistedMainloop(24);
  EventBudget Budget(NumPipes, 8);
  EventTable T(G, Budget);
  for (CandidateRank Rank :
       {CandidateRank::MaxSumIndex, CandidateRank::SumMaxIndex,
        CandidateRank::MaxIndex})
    EXPECT_EQ(runGreedy(T, Rank, /*Strict=*/true).Status, SearchStatus::DeadEnd)
        << toString(Rank).str();
  EventScheduleResult R = scheduleEvents(G, Budget);
  EXPECT_EQ(R.Strategy, EventStrategy::Backtracking);
  EXPECT_TRUE(R.Feasible);
  EXPECT_EQ(R.Before.find(TMA, MMA)->Peak, 16u);
  EXPECT_LE(R.After.find(TMA, MMA)->Peak, 8u);
  EXPECT_TRUE(keepsDependences(G, R.Order));
}

// With tma->mma at budget 1 nothing is feasible (each MMA needs two loads),
// and the relaxed greedy inherits the same myopia. Rule 5 retries the strict
// strategies with raised budgets and reaches the least possible peak, 2.
TEST(EventGreedyFailure, RaisedBudgetsBeatTheRelaxedGreedy) {
  EventDAG G = hoistedMainloop(24);
  EventBudget Budget(NumPipes, 8);
  Budget.set(TMA, MMA, 1);
  EventTable T(G, Budget);
  for (CandidateRank Rank :
       {CandidateRank::MaxSumIndex, CandidateRank::SumMaxIndex,
        CandidateRank::MaxIndex}) {
    OrderSearchResult Relaxed = runGreedy(T, Rank, /*Strict=*/false);
    ASSERT_EQ(Relaxed.Status, SearchStatus::Found);
    EXPECT_GT(simulatedWorstExcess(G, Budget, Relaxed.Order), 1)
        << toString(Rank).str();
  }
  EventScheduleResult R = scheduleEvents(G, Budget);
  EXPECT_EQ(R.Strategy, EventStrategy::BestEffort);
  EXPECT_FALSE(R.Feasible);
  EXPECT_EQ(R.Stats.BestEffortRounds, 1u); // the lower bound 1 is reached
  ASSERT_NE(R.worst(), nullptr);
  EXPECT_EQ(R.worst()->Src, unsigned(TMA));
  EXPECT_EQ(R.worst()->Dst, unsigned(MMA));
  EXPECT_EQ(R.worst()->Peak, 2u);
  EXPECT_TRUE(keepsDependences(G, R.Order));
}

} // namespace
