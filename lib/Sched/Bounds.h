//===- Bounds.h - Lower bounds on the initiation interval -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_BOUNDS_H
#define TILEAS_LIB_SCHED_BOUNDS_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <climits>
#include <vector>

namespace tileas {

class DepGraph;
class PlacementContext;

/// No stage-gap limit on an edge.
constexpr int NoStageGap = INT_MAX;

/// computeBounds of a problem already validated (Problem::validate): the
/// core's own callers validate once, at its entry points.
MIIBounds computeValidBounds(const Problem &P, const SchedulerOptions &Opts);

unsigned computeResourceMII(const Problem &P);
unsigned computeFineDensityMII(const Problem &P);
/// The exact maximum cycle ratio, rounded up; InfeasibleII when a cycle of
/// distance 0 has positive latency.
unsigned computeRecurrenceMII(const Problem &P, const DepGraph &G);

/// Per dependence, the largest Stage(To) - Stage(From) that the budget pools
/// allow (NoStageGap when unconstrained): a producer charging Amount per
/// ring copy to a pool can have at most
///   1 + (Capacity - least possible usage of the pool) / Amount
/// copies alive, so each of its Data edges e can span at most that depth
/// minus 1 minus Distance(e) stages.
std::vector<int> budgetStageGaps(const Problem &P);

/// The dependency bound: dependence paths against the stage rules of Ctx
/// (stage limits from MaxDepth, groups and MaxStages; stage gaps from budgets
/// and refinement). Two parts, the larger wins:
///  * path terms: for every rule "these two ops are at most K stages apart"
///    (an op against the loop entry under a stage limit, members of one
///    group with K = 0, the ends of an edge with a stage gap K) and a path
///    between them of latency L and distance D, II >= (L + 1) / (K + 1 + D);
///    the paths used are the edge itself and the longest distance-0 path;
///  * the smallest II >= RecMII at which the difference-constraint
///    relaxation of all stage rules together (PlacementContext arcs, an
///    entry node, stage limits) is feasible, found by galloping and
///    bisection; it is skipped when the relaxation is not monotone in II.
/// InfeasibleII when no II works. Sources whose terms cannot exceed Floor
/// are skipped (a speedup for callers that already know II >= Floor; the
/// result is then exact only when it exceeds Floor).
/// The recurrence bound with resources (RecurrenceResourceBound.h), searched
/// from the largest of the other three per-loop bounds up and reported as
/// the recurrence bound when it proves nothing more.
unsigned computeRecurrenceResourceMII(const Problem &P, const DepGraph &G,
                                      const MIIBounds &Others,
                                      const SchedulerOptions &Opts,
                                      uint64_t *Work = nullptr);

/// The budget bound (BudgetBound.h), searched from the largest of the
/// resource, recurrence, fine-density and recurrence-with-resources bounds;
/// 0 when it proves nothing more.
unsigned computeBudgetBound(const Problem &P, const DepGraph &G,
                            const MIIBounds &Others,
                            const SchedulerOptions &Opts);

/// The least II >= From at which Passes holds, for a test that, once it
/// holds, holds at every larger II: galloping up from From, then bisection.
/// InfeasibleII when it holds nowhere below InfeasibleII.
unsigned leastPassingII(unsigned From,
                        llvm::function_ref<bool(uint64_t)> Passes);

unsigned computeDependencyMII(const PlacementContext &Ctx, unsigned RecMII,
                              unsigned Floor = 0);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_BOUNDS_H
