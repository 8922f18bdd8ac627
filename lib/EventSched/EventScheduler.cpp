//===- EventScheduler.cpp - Strategy driver of the event scheduler --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs the strategies in the order of the rule in EventScheduler.h. Whatever
// a strategy returns is measured again by computeEventProfile, which shares no
// bookkeeping with the searches.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventScheduler.h"
#include "tileas/EventSched/OrderSearch.h"

#include <algorithm>
#include <cassert>
#include <numeric>

using namespace llvm;

namespace tileas {

StringRef toString(EventStrategy S) {
  switch (S) {
  case EventStrategy::Original:
    return "original";
  case EventStrategy::Exact:
    return "exact";
  case EventStrategy::GreedyMaxSumIndex:
    return "greedy-max-sum-index";
  case EventStrategy::GreedySumMaxIndex:
    return "greedy-sum-max-index";
  case EventStrategy::GreedyMaxIndex:
    return "greedy-max-index";
  case EventStrategy::Backtracking:
    return "backtracking";
  case EventStrategy::BestEffort:
    return "best-effort";
  }
  return "?";
}

static constexpr CandidateRank GreedyRanks[] = {CandidateRank::MaxSumIndex,
                                                CandidateRank::SumMaxIndex,
                                                CandidateRank::MaxIndex};
static constexpr EventStrategy GreedyStrategies[] = {
    EventStrategy::GreedyMaxSumIndex, EventStrategy::GreedySumMaxIndex,
    EventStrategy::GreedyMaxIndex};

namespace {
/// Fills in a result from the chosen order.
class ResultBuilder {
public:
  ResultBuilder(const EventDAG &G, const EventBudget &B, EventScheduleResult &R)
      : G(G), B(B), R(R) {}

  EventScheduleResult finish(std::vector<unsigned> Order, EventStrategy S,
                             bool ProvenBest) {
    assert(isValidOrder(G, Order) && "a strategy broke a dependence");
    R.After = computeEventProfile(G, B, Order);
    R.Feasible = R.After.withinBudget();
    R.ProvenBest = ProvenBest || R.Feasible;
    R.Strategy = S;
    R.Changed = false;
    for (unsigned I = 0, E = Order.size(); I != E; ++I)
      R.Changed |= Order[I] != I;
    R.Order = std::move(Order);
    return std::move(R);
  }

private:
  const EventDAG &G;
  const EventBudget &B;
  EventScheduleResult &R;
};
} // namespace

/// Rules 3 and 4 with every budget raised by Threshold: the strict greedy
/// with each ranking, then bounded backtracking. Stats, when given, records
/// the attempts.
static bool tryWithinBudget(const EventTable &T, int Threshold,
                            const EventScheduleOptions &Opts,
                            EventSearchStats *Stats,
                            std::vector<unsigned> &Order,
                            EventStrategy &Strategy) {
  for (unsigned I = 0; I != 3; ++I) {
    OrderSearchSpec Spec;
    Spec.Rank = GreedyRanks[I];
    Spec.Threshold = Threshold;
    OrderSearchResult Greedy = searchOrder(T, Spec);
    if (Greedy.Status == SearchStatus::Found) {
      Order = std::move(Greedy.Order);
      Strategy = GreedyStrategies[I];
      return true;
    }
    if (Stats)
      ++Stats->StrictGreedyFailures;
  }
  if (!Opts.EnableBacktracking)
    return false;
  OrderSearchSpec Spec;
  Spec.Rank = CandidateRank::MaxSumIndex;
  Spec.Threshold = Threshold;
  Spec.Backtrack = true;
  uint64_t N = T.numNodes();
  Spec.StateBudget =
      Opts.BacktrackStateBudget ? Opts.BacktrackStateBudget : 16 * N + 4096;
  Spec.WorkBudget =
      Opts.BacktrackWorkBudget ? Opts.BacktrackWorkBudget : 64 * N + 16384;
  OrderSearchResult BT = searchOrder(T, Spec);
  if (Stats) {
    Stats->BacktrackRan = true;
    Stats->BacktrackStates = BT.States;
    Stats->BacktrackWork = BT.Work;
    Stats->BacktrackExhausted = BT.Status == SearchStatus::Exhausted;
  }
  if (BT.Status != SearchStatus::Found)
    return false;
  Order = std::move(BT.Order);
  Strategy = EventStrategy::Backtracking;
  return true;
}

EventScheduleResult scheduleEvents(const EventDAG &G, const EventBudget &B,
                                   const EventScheduleOptions &Opts) {
  assert(G.isFinalized() && "schedule a finalized DAG");
  assert(B.numPipes() >= G.numPipes() && "budget for fewer pipes than DAG");
  unsigned N = G.size();
  EventScheduleResult R;
  ResultBuilder Builder(G, B, R);
  std::vector<unsigned> Original(N);
  std::iota(Original.begin(), Original.end(), 0u);
  R.Before = computeEventProfile(G, B, Original);

  // Rule 1: an order within budget is never touched.
  if (R.Before.withinBudget())
    return Builder.finish(std::move(Original), EventStrategy::Original,
                          /*ProvenBest=*/true);

  EventTable T(G, B);
  int OriginalExcess = R.Before.worstExcess();

  // No order beats the lower bound (e.g. a pair with an event and budget 0,
  // or an op that needs more loads than the budget): above 0, every order is
  // infeasible.
  int RefutedBelow = T.excessLowerBound();
  bool ProvedInfeasible = RefutedBelow > 0;

  // Rule 2: exact search on small blocks.
  if (N <= std::min(Opts.ExactMaxOps, MaxExactNodes)) {
    ExactSearchResult X =
        runExactSearch(T, OriginalExcess, Opts.ExactStateBudget);
    R.Stats.ExactRan = true;
    R.Stats.ExactCompleted = X.Completed;
    R.Stats.ExactStates = X.States;
    if (X.Completed)
      return Builder.finish(std::move(X.Order), EventStrategy::Exact,
                            /*ProvenBest=*/true);
    // It ran out of states; if it got past threshold 0, rules 3 and 4
    // cannot succeed.
    RefutedBelow = std::max(RefutedBelow, X.RefutedBelow);
    ProvedInfeasible = RefutedBelow > 0;
  }

  // Rules 3 and 4.
  std::vector<unsigned> Order;
  EventStrategy Strategy = EventStrategy::BestEffort;
  if (!ProvedInfeasible &&
      tryWithinBudget(T, /*Threshold=*/0, Opts, &R.Stats, Order, Strategy))
    return Builder.finish(std::move(Order), Strategy, /*ProvenBest=*/true);

  // Rule 5: the least bad of the original and the relaxed greedy orders...
  std::vector<unsigned> Best = Original;
  int BestExcess = OriginalExcess;
  for (CandidateRank Rank : GreedyRanks) {
    OrderSearchResult Relaxed = runGreedy(T, Rank, /*Strict=*/false);
    assert(Relaxed.Status == SearchStatus::Found && "relaxed greedy failed");
    int Excess = computeEventProfile(G, B, Relaxed.Order).worstExcess();
    if (Excess < BestExcess) {
      BestExcess = Excess;
      Best = std::move(Relaxed.Order);
    }
  }
  // ...improved by rules 3 and 4 under raised budgets. The first round asks
  // for the proven lower bound (when it works, nothing better exists);
  // then each round asks for one less than the best excess so far, and the
  // first failure ends the search. (A failing round costs a full
  // backtracking budget, a succeeding one usually much less, so this beats
  // bisection, whose rounds fail about half the time.) Only strict
  // improvements are taken, so the original order wins ties.
  int Low = std::max(1, RefutedBelow);
  bool TriedLow = false;
  while (BestExcess > Low) {
    int Target = TriedLow ? BestExcess - 1 : Low;
    ++R.Stats.BestEffortRounds;
    bool Improved = tryWithinBudget(T, Target, Opts, nullptr, Order, Strategy);
    if (!Improved && TriedLow)
      break;
    if (!Improved) {
      TriedLow = true;
      ++Low; // Low itself is out of reach for these strategies.
      continue;
    }
    BestExcess = computeEventProfile(G, B, Order).worstExcess();
    assert(BestExcess <= Target && "a step went above the raised budget");
    Best = std::move(Order);
    TriedLow = true;
  }
  // Reaching the lower bound proves the excess least.
  return Builder.finish(std::move(Best), EventStrategy::BestEffort,
                        /*ProvenBest=*/BestExcess <= RefutedBelow);
}

} // namespace tileas
