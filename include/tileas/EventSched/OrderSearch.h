//===- OrderSearch.h - Greedy, backtracking and exact orders ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// searchOrder builds the orders of the greedy and backtracking strategies:
// Kahn's algorithm over the ready set, picking the best allowed candidate by
// a ranking, optionally backtracking (depth-first, with memoized dead states)
// when no candidate is allowed. runExactSearch has its own bit-mask engine
// (ExactSearch.cpp) for blocks of up to 63 ops.
//
// A candidate is allowed when scheduling it keeps every pair at or below
// budget + Threshold. Candidates are ranked by a total order:
//
//  * ProgramOrder: by original index. With backtracking this enumerates orders
//    lexicographically (by original indices), so the first order found is the
//    lexicographically smallest allowed one (what runExactSearch computes,
//    faster, for small blocks).
//  * MaxSumIndex / SumMaxIndex / MaxIndex: the seed's greedy orders. First,
//    candidates that free at least one live event (first consumers) beat those
//    that free none. Then, lower is better, with the live counts predicted
//    after the step:
//      Max = the largest (live - budget) over all pairs,
//      Sum = the total number of live events,
//      Index = the original position;
//    compared as (Max, Sum, Index), (Sum, Max, Index) or (Max, Index). With a
//    uniform budget, Max orders candidates as the seed's "max live count" does.
//
// When backtracking, a ready node that allocates no event ("quiet") is the
// only candidate tried: moving such a node to the front of any completion
// never raises a count, so this keeps the search complete and cuts its
// branching. (The greedy, being the seed's algorithm, does not do this.)
//
// Dead states are memoized by the set of scheduled nodes, which determines the
// live events exactly: up to 63 nodes the key is the node bit mask (so the
// search is exact); beyond that a 64-bit Zobrist hash (a collision can only
// make the search miss an order, never return a wrong one; every order is
// checked again by the caller).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHED_ORDERSEARCH_H
#define TILEAS_EVENTSCHED_ORDERSEARCH_H

#include "tileas/EventSched/EventAccounting.h"

#include <climits>
#include <cstdint>
#include <vector>

namespace tileas {

enum class CandidateRank : uint8_t {
  ProgramOrder,
  MaxSumIndex,
  SumMaxIndex,
  MaxIndex,
};

llvm::StringRef toString(CandidateRank R);

/// The most nodes the exact search accepts (its memo keys are bit masks).
constexpr unsigned MaxExactNodes = 63;

/// Threshold value that allows every candidate (the relaxed, best-effort mode).
constexpr int UnlimitedThreshold = INT_MAX / 4;

struct OrderSearchSpec {
  CandidateRank Rank = CandidateRank::MaxSumIndex;
  /// A step may not take any pair above its budget + Threshold.
  int Threshold = 0;
  /// false: stop at the first dead end (the seed's greedy). true: backtrack.
  bool Backtrack = false;
  /// Most search states entered (0 = unlimited). A greedy run enters one
  /// state per step.
  uint64_t StateBudget = 0;
  /// Most candidate evaluations (0 = unlimited): each visit of a state
  /// evaluates every group of ready nodes whose steps would change the live
  /// counts alike, so this bounds time where states alone do not (blocks
  /// with many distinct ready nodes).
  uint64_t WorkBudget = 0;
};

enum class SearchStatus : uint8_t {
  Found,       ///< A complete order; every step was allowed.
  DeadEnd,     ///< Greedy only: no allowed candidate; Order is the prefix.
  Exhausted,   ///< Backtracking proved there is no allowed order.
  OutOfBudget, ///< StateBudget or WorkBudget ran out first.
};

struct OrderSearchResult {
  SearchStatus Status = SearchStatus::DeadEnd;
  /// The order when Found; the prefix reached when DeadEnd; else empty.
  std::vector<unsigned> Order;
  uint64_t States = 0;
  uint64_t Work = 0;
};

OrderSearchResult searchOrder(const EventTable &T, const OrderSearchSpec &Spec);

/// The seed's greedy: one of its three rankings; Strict keeps every pair
/// within budget (and may dead-end), otherwise nothing is refused.
OrderSearchResult runGreedy(const EventTable &T, CandidateRank Rank,
                            bool Strict);

struct ExactSearchResult {
  /// False when the state budget ran out before the search finished.
  bool Completed = false;
  /// The lexicographically smallest order (by original index) among those
  /// whose worst excess is at most Threshold.
  std::vector<unsigned> Order;
  /// max(0, the smallest worst excess of any order).
  int Threshold = 0;
  /// Every threshold below this one was refuted (also when not Completed):
  /// above 0, no order is within budget.
  int RefutedBelow = 0;
  uint64_t States = 0;
};

/// Exact search for DAGs of at most MaxExactNodes nodes. Tries thresholds
/// from a lower bound up to UpperBound (an excess some order is known to
/// reach, e.g. the original order's) and stops at the first that admits an
/// order. StateBudget bounds the states entered over all thresholds (0 =
/// unlimited). States are counted after closing them under quiet nodes (see
/// ExactSearch.cpp), so 2^N states always suffice to decide threshold 0.
ExactSearchResult runExactSearch(const EventTable &T, int UpperBound,
                                 uint64_t StateBudget);

} // namespace tileas

#endif // TILEAS_EVENTSCHED_ORDERSEARCH_H
