//===- IISearch.h - The search for the least II -----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_IISEARCH_H
#define TILEAS_LIB_SCHED_IISEARCH_H

#include "tileas/Sched/Schedule.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace tileas {

class PlacementContext;

/// What an earlier search found, for a search of a problem with more
/// constraints: a later refinement round (refinement only adds orderings and
/// caps) or a retry with fewer stages (RegisterBound.cpp). Its schedule's
/// order is a good first guess, and the IIs where it failed are out of reach
/// here too (for the heuristic; they are not proven infeasible, and no bound
/// uses them).
struct SearchHint {
  unsigned BestII = 0; ///< The II of its schedule.
  unsigned Failed = 0; ///< The highest II below BestII that failed, or 0.
  std::vector<int64_t> Starts; ///< Its schedule's start cycles.
  /// An attempt at the bound first, as without a hint: a retry with fewer
  /// stages often has a schedule there, far below the hint's II.
  bool TryBoundFirst = false;
  /// The search from the hint may spend 1 / Share of the budget.
  unsigned Share = 4;
  /// When not 0, an attempt of the search from the hint may spend at most
  /// FailScale times the most that one of its successful attempts spent.
  unsigned FailScale = 0;
};

/// The hint a search that found R.Sched leaves for the next round, given
/// that round's own attempts (Steps) and the hint it started from (if any).
SearchHint hintFrom(const ScheduleResult &R, llvm::ArrayRef<SearchStep> Steps,
                    const SearchHint *Previous);

/// Searches the IIs from Lo to Cap for the least one with a schedule, within
/// a budget of effort proportional to the loop. True when some attempt
/// succeeded: R then holds the best schedule found (R.Bounds must be set).
/// Otherwise R.Failure explains the first failure. R.SearchEffort says what
/// the search spent. With a Hint whose II is above Lo, the search starts
/// there, in the hint's order, and searches only between the hint's failure
/// and its own best, on a share of the budget; should it find nothing at
/// the hint's II, it searches from Lo as without a hint (IISearch.cpp).
bool searchII(const PlacementContext &Ctx, const SchedulerOptions &Opts,
              unsigned Lo, unsigned Cap, ScheduleResult &R,
              const SearchHint *Hint = nullptr);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_IISEARCH_H
