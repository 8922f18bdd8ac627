//===- PropertyTest.cpp - Seeded random DAGs ------------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Checks on random blocks, against checkers that share no code with the
// library: dependences kept, peaks as reported, never worse than the
// original order, and, where the exact search ran, equal to the exhaustive
// optimum (brute force over all topological orders on tiny DAGs, a subset DP
// on larger ones). Each test also counts its non-trivial cases, so that a
// generator that stopped producing interesting blocks fails too.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventScheduler.h"
#include "tileas/EventSched/OrderSearch.h"

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

/// Checks shared by all property tests; returns the worst excess of R.
int checkBasics(const EventDAG &G, const EventBudget &B,
                const EventScheduleResult &R, uint64_t Seed) {
  EXPECT_TRUE(keepsDependences(G, R.Order)) << "seed " << Seed;
  int After = simulatedWorstExcess(G, B, R.Order);
  int Before = simulatedWorstExcess(G, B, identity(G.size()));
  EXPECT_LE(After, Before) << "seed " << Seed;
  EXPECT_EQ(R.After.worstExcess(), After) << "seed " << Seed;
  EXPECT_EQ(R.Before.worstExcess(), Before) << "seed " << Seed;
  EXPECT_EQ(R.Feasible, After <= 0) << "seed " << Seed;
  if (Before <= 0) {
    EXPECT_EQ(R.Order, identity(G.size())) << "seed " << Seed;
    EXPECT_EQ(R.Strategy, EventStrategy::Original) << "seed " << Seed;
  }
  return After;
}

TEST(EventProperty, TinyDAGsMatchBruteForceExactly) {
  unsigned Reordered = 0, Infeasible = 0;
  for (uint64_t Seed = 0; Seed != 2000; ++Seed) {
    unsigned N = 1 + Seed % 8; // 1..8: the edge cases and the brute force
    RandomDAG D = makeRandomDAG(Seed, N, 2 + Seed % 3);
    BruteForceResult BF = bruteForce(D.G, D.B);
    EventScheduleResult R = scheduleEvents(D.G, D.B);
    checkBasics(D.G, D.B, R, Seed);
    // The rule: least clamped excess, then lexicographically smallest.
    EXPECT_EQ(R.Order, BF.LexSmallestBest) << "seed " << Seed;
    EXPECT_EQ(R.Feasible, BF.MinExcess <= 0) << "seed " << Seed;
    EXPECT_TRUE(R.ProvenBest) << "seed " << Seed;
    if (!R.Feasible) {
      EXPECT_EQ(R.After.worstExcess(), BF.MinExcess) << "seed " << Seed;
    }
    // The lower bound is one.
    EXPECT_LE(EventTable(D.G, D.B).excessLowerBound(),
              std::max(0, BF.MinExcess))
        << "seed " << Seed;
    Reordered += R.Changed;
    Infeasible += !R.Feasible;
  }
  EXPECT_GT(Reordered, 50u);
  EXPECT_GT(Infeasible, 100u);
}

TEST(EventProperty, ExactSearchMatchesSubsetDP) {
  unsigned ExactRuns = 0, Infeasible = 0;
  for (uint64_t Seed = 1000; Seed != 1160; ++Seed) {
    unsigned N = 10 + Seed % 7;
    RandomDAG D = makeRandomDAG(Seed, N, 2 + Seed % 3);
    EventScheduleResult R = scheduleEvents(D.G, D.B);
    int After = checkBasics(D.G, D.B, R, Seed);
    if (R.Strategy == EventStrategy::Original)
      continue;
    ++ExactRuns;
    EXPECT_EQ(R.Strategy, EventStrategy::Exact) << "seed " << Seed;
    EXPECT_TRUE(R.Stats.ExactCompleted) << "seed " << Seed;
    int Least = leastWorstExcessDP(D.G, D.B);
    EXPECT_EQ(R.Feasible, Least <= 0) << "seed " << Seed;
    if (Least > 0) {
      EXPECT_EQ(After, Least) << "seed " << Seed;
    }
    Infeasible += !R.Feasible;
  }
  EXPECT_GT(ExactRuns, 60u);
  EXPECT_GT(Infeasible, 10u);
}

// Beyond brute force: on blocks of 9 to 18 ops the exact search returns
// exactly the order of an independent DP over scheduled sets, the
// lexicographically first among those of least clamped worst excess, so it
// is exact in its tie-breaking too (and, when that order is the original
// one, keeps it).
TEST(EventProperty, ExactSearchIsLexicographicallyFirstOnMidSizeBlocks) {
  unsigned ExactRuns = 0, Reordered = 0, Infeasible = 0;
  for (uint64_t Seed = 5000; Seed != 5300; ++Seed) {
    unsigned N = 9 + Seed % 10;
    RandomDAG D = makeRandomDAG(Seed, N, 2 + Seed % 4);
    EventScheduleResult R = scheduleEvents(D.G, D.B);
    checkBasics(D.G, D.B, R, Seed);
    EXPECT_EQ(R.Order, lexSmallestBestDP(D.G, D.B)) << "seed " << Seed;
    EXPECT_TRUE(R.ProvenBest) << "seed " << Seed;
    EXPECT_LE(EventTable(D.G, D.B).excessLowerBound(),
              std::max(0, leastWorstExcessDP(D.G, D.B)))
        << "seed " << Seed;
    ExactRuns += R.Strategy == EventStrategy::Exact;
    Reordered += R.Changed;
    Infeasible += !R.Feasible;
  }
  EXPECT_GT(ExactRuns, 100u);
  EXPECT_GT(Reordered, 50u);
  EXPECT_GT(Infeasible, 30u);
}

// Backtracking at threshold 0 with exact keys and enough states is a complete
// search: it finds an order within budget whenever one exists.
TEST(EventProperty, UnboundedBacktrackingIsComplete) {
  EventScheduleOptions Opts;
  Opts.ExactMaxOps = 0;
  Opts.BacktrackStateBudget = uint64_t(1) << 22;
  unsigned Rescued = 0;
  for (uint64_t Seed = 2000; Seed != 2400; ++Seed) {
    RandomDAG D = makeRandomDAG(Seed, 3 + Seed % 6, 2 + Seed % 3);
    BruteForceResult BF = bruteForce(D.G, D.B);
    EventScheduleResult R = scheduleEvents(D.G, D.B, Opts);
    checkBasics(D.G, D.B, R, Seed);
    EXPECT_EQ(R.Feasible, BF.MinExcess <= 0) << "seed " << Seed;
    Rescued += R.Strategy == EventStrategy::Backtracking;
  }
  EXPECT_GT(Rescued, 0u);
}

TEST(EventProperty, LargeBlocksKeepDependencesAndNeverGetWorse) {
  unsigned Improved = 0;
  for (uint64_t Seed = 3000; Seed != 3040; ++Seed) {
    unsigned N = 30 + (Seed * 37) % 270;
    RandomDAG D = makeRandomDAG(Seed, N, 3 + Seed % 5);
    EventScheduleResult R = scheduleEvents(D.G, D.B);
    int After = checkBasics(D.G, D.B, R, Seed);
    Improved += After < R.Before.worstExcess();
    // A best effort is called proven only when it reaches the lower bound.
    if (R.Strategy == EventStrategy::BestEffort) {
      EXPECT_EQ(R.ProvenBest, After <= EventTable(D.G, D.B).excessLowerBound())
          << "seed " << Seed;
    }
    // Determinism: a second run and a run on an identical copy agree.
    EventScheduleResult Again = scheduleEvents(D.G, D.B);
    EXPECT_EQ(Again.Order, R.Order) << "seed " << Seed;
    EXPECT_EQ(Again.Strategy, R.Strategy) << "seed " << Seed;
    RandomDAG Copy = makeRandomDAG(Seed, N, 3 + Seed % 5);
    EXPECT_EQ(scheduleEvents(Copy.G, Copy.B).Order, R.Order) << "seed " << Seed;
  }
  EXPECT_GT(Improved, 10u);
}

TEST(EventProperty, EveryGreedyOrderKeepsDependences) {
  for (uint64_t Seed = 4000; Seed != 4100; ++Seed) {
    RandomDAG D = makeRandomDAG(Seed, 5 + Seed % 60, 2 + Seed % 4);
    EventTable T(D.G, D.B);
    for (CandidateRank Rank :
         {CandidateRank::MaxSumIndex, CandidateRank::SumMaxIndex,
          CandidateRank::MaxIndex}) {
      OrderSearchResult Relaxed = runGreedy(T, Rank, /*Strict=*/false);
      ASSERT_EQ(Relaxed.Status, SearchStatus::Found) << "seed " << Seed;
      EXPECT_TRUE(keepsDependences(D.G, Relaxed.Order)) << "seed " << Seed;
      OrderSearchResult Strict = runGreedy(T, Rank, /*Strict=*/true);
      if (Strict.Status == SearchStatus::Found) {
        EXPECT_LE(simulatedWorstExcess(D.G, D.B, Strict.Order), 0)
            << "seed " << Seed;
      }
    }
  }
}

} // namespace
