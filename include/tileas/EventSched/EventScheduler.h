//===- EventScheduler.h - The event-pressure list scheduler ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Reorders the ops of one straight-line block so that the live cross-pipe
// events of every ordered pipe pair stay within budget, never breaking a
// dependence. The rule that picks the order:
//
//  1. If the original order is within budget, it is returned unchanged
//     (strategy Original).
//  2. Otherwise, for blocks of at most ExactMaxOps ops, the exact search: the
//     lexicographically smallest order (comparing original indices) among the
//     orders of least worst excess, where the excess is clamped at 0, i.e. any
//     within-budget order counts as least (strategy Exact). A feasible order
//     is found whenever one exists; otherwise the result is a proven best
//     effort. If the search runs out of states, go on with 3, or with 5 when
//     it has already proved that no order is within budget.
//  3. The seed's greedy in strict mode with its three rankings, in the order
//     MaxSumIndex, SumMaxIndex, MaxIndex; the first order within budget wins.
//  4. Bounded backtracking (depth-first from the MaxSumIndex ranking, dead
//     states memoized, event-free ready ops taken first) under a state
//     budget.
//  5. Best effort: start from the least worst excess among the original order
//     and the relaxed greedy orders of the three rankings (in that order);
//     then run 3 and 4 with every budget raised: first by the proven lower
//     bound L of the excess, then, while the best excess E so far is above L,
//     by E - 1, stopping at the first failure (or at L: nothing is better,
//     and the result is proven best). Only strict improvements replace the
//     current order, so the original order wins every tie.
//
// Rules 3 and 4 are skipped when the lower bound L of EventTable already
// proves that no order is within budget.
//
// Hence the worst excess of the result is never above the original order's,
// and the result is deterministic.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHED_EVENTSCHEDULER_H
#define TILEAS_EVENTSCHED_EVENTSCHEDULER_H

#include "tileas/EventSched/EventAccounting.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <vector>

namespace tileas {

enum class EventStrategy : uint8_t {
  Original,          ///< Rule 1: the input order was within budget.
  Exact,             ///< Rule 2 (feasible, or proven best effort).
  GreedyMaxSumIndex, ///< Rule 3, first ranking.
  GreedySumMaxIndex, ///< Rule 3, second ranking.
  GreedyMaxIndex,    ///< Rule 3, third ranking.
  Backtracking,      ///< Rule 4.
  BestEffort,        ///< Rule 5: no strategy found an order within budget.
};

llvm::StringRef toString(EventStrategy S);

struct EventScheduleOptions {
  /// Blocks of at most this many ops get the exact search (capped at 63).
  unsigned ExactMaxOps = 20;
  /// States the exact search may enter, over all its thresholds. The default
  /// (every downset of a 20-op block) always decides whether a 20-op block
  /// has an order within budget; the least excess of an infeasible block may
  /// need more (then rules 3-5 continue, skipping 3 and 4 when the search got
  /// far enough to prove the block infeasible).
  uint64_t ExactStateBudget = uint64_t(1) << 20;
  bool EnableBacktracking = true;
  /// States backtracking may enter, per run; 0 selects 16 * ops + 4096.
  uint64_t BacktrackStateBudget = 0;
  /// Candidate evaluations backtracking may do, per run (see
  /// OrderSearchSpec::WorkBudget); 0 selects 64 * ops + 16384.
  uint64_t BacktrackWorkBudget = 0;
};

struct EventSearchStats {
  bool ExactRan = false;
  bool ExactCompleted = false;
  uint64_t ExactStates = 0;
  unsigned StrictGreedyFailures = 0;
  bool BacktrackRan = false;
  /// Backtracking finished its search without an order (none exists, up to
  /// hash collisions).
  bool BacktrackExhausted = false;
  uint64_t BacktrackStates = 0;
  uint64_t BacktrackWork = 0;
  /// Rule 5's rounds under raised budgets.
  unsigned BestEffortRounds = 0;
};

struct EventScheduleResult {
  /// The new order: Order[I] is the original index of the I-th op.
  std::vector<unsigned> Order;
  /// Every pair within budget.
  bool Feasible = false;
  /// Order differs from the original order.
  bool Changed = false;
  /// The worst excess is proven minimal (clamped at 0): true when Feasible,
  /// when the exact search completed, or when the best effort reached
  /// EventTable::excessLowerBound().
  bool ProvenBest = false;
  EventStrategy Strategy = EventStrategy::Original;
  /// Peaks per pair under the original order and under Order.
  EventProfile Before;
  EventProfile After;
  EventSearchStats Stats;

  /// The worst pair of the result (largest excess), or null without events.
  const PairPeak *worst() const { return After.worst(); }
};

/// Schedules a finalized DAG. Deterministic: the same input gives the same
/// result.
EventScheduleResult scheduleEvents(const EventDAG &G, const EventBudget &B,
                                   const EventScheduleOptions &Opts = {});

/// A human-readable summary (strategy, worst pair, peaks before/after, order),
/// for remarks and debugging. Pipe names come from Pipes when given.
void printEventSchedule(llvm::raw_ostream &OS, const EventDAG &G,
                        const EventScheduleResult &R,
                        const PipeTable *Pipes = nullptr);

} // namespace tileas

#endif // TILEAS_EVENTSCHED_EVENTSCHEDULER_H
