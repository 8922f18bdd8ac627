//===- ModuloAttempt.h - One attempt at one II ------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// An attempt places every op at one candidate II: the placement arms go
// through the units in priority order, and where a unit defeats them,
// iterative modulo scheduling carries on from the partial schedule. An
// attempt is one or more runs (restarts in other priority orders or with
// other placement rules) under limits of effort and placements that the II
// search sets.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_MODULOATTEMPT_H
#define TILEAS_LIB_SCHED_MODULOATTEMPT_H

#include "ModuloState.h"
#include "PlacementArms.h"
#include "Priority.h"

#include "tileas/Sched/Schedule.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tileas {

class PlacementContext;

/// How one run of an attempt places ops.
struct RunStyle {
  unsigned Variant = 0;  ///< Priority variant (0 = plain heights).
  bool FromHint = false; ///< The order of the best schedule so far, if any.
  /// See ModuloState::setLoopCarriedAnchors.
  bool LoopCarriedAnchors = true;
  /// See IterativeLimits::SkipSameConflicts.
  bool Skip = false;
  /// See IterativeLimits::RauRange.
  bool RauRange = false;
  /// Bounds from placed neighbours only (DependenceBounds::PlacedNeighbours).
  bool NeighbourBounds = false;
};

/// The runs of an attempt of iterative modulo scheduling, in order: the
/// plain order with Rau's forced seats, then without loop-carried anchors,
/// then the order of the best schedule so far and a perturbed order, both
/// skipping seats that evict the same ops again. Each style rescues loops
/// the others lose.
inline constexpr RunStyle IterativeRuns[] = {{0, false, true, false},
                                             {0, false, false, false},
                                             {2, true, true, true},
                                             {3, false, true, true}};
/// The same runs once some schedule is known, its order first: a few
/// percent below the best II it succeeds at a fraction of the effort that
/// the plain order needs there, which lets the search make more attempts.
inline constexpr RunStyle IterativeRunsFromHint[] = {{2, true, true, true},
                                                     {0, false, true, false},
                                                     {0, false, false, false},
                                                     {3, false, true, true}};
/// The placement arms alone go further without loop-carried anchors: they
/// cannot undo a squeezed recurrence.
inline constexpr RunStyle ArmsRuns[] = {{0, false, false, false}};
/// The two runs at the bound (the second only when the first got far).
inline constexpr RunStyle BoundRuns[] = {{0, false, true, false},
                                         {0, false, true, true}};

/// The same three lists for large loops (see IISearch.cpp), each with a run
/// in the plain order and Rau's whole range first (IterativeLimits::
/// RauRange): on large resource-bound loops it packs a nearly saturated
/// slot where no other run does, even from a known schedule's order.
inline constexpr RunStyle LargeIterativeRuns[] = {{0, false, true, false, true},
                                                  {0, false, false, false},
                                                  {2, true, true, true},
                                                  {3, false, true, true}};
inline constexpr RunStyle LargeIterativeRunsFromHint[] = {
    {0, false, true, false, true},
    {2, true, true, true},
    {0, false, false, false},
    {3, false, true, true}};
inline constexpr RunStyle LargeBoundRuns[] = {{0, false, true, false, true},
                                              {0, false, true, true}};

/// The runs of the neighbour phase on large loops (see IISearch.cpp): Rau's
/// own algorithm, his whole range under bounds from placed neighbours only
/// (DependenceBounds::PlacedNeighbours). The placement arms alone go in the
/// order of the best schedule so far, iterative runs in the plain order.
inline constexpr RunStyle NeighbourArmsRuns[] = {
    {2, true, true, true, true, true}};
inline constexpr RunStyle NeighbourRuns[] = {
    {0, false, true, false, true, true}};

/// What one attempt may spend.
struct AttemptLimits {
  uint64_t Effort = 0;     ///< ModuloState::effort(), arms included.
  uint64_t Placements = 0; ///< Iterative placements per run; 0 = arms only.
  uint64_t Stall = 0;      ///< See IterativeLimits::Stall.
  uint64_t StallEffort = ~uint64_t(0); ///< See IterativeLimits::StallEffort.
  uint64_t StallBelow = ~uint64_t(0);  ///< See IterativeLimits::StallBelow.
  /// See IterativeLimits::FarPlaced; FarEffort counts like Effort.
  uint64_t FarPlaced = ~uint64_t(0);
  uint64_t FarEffort = 0;
  /// Its runs, until one succeeds or the effort is spent.
  llvm::ArrayRef<RunStyle> Runs = IterativeRuns;
};

struct Attempt {
  bool Success = false;
  /// It stopped on a limit; with more effort it might have succeeded.
  bool OutOfBudget = false;
  std::vector<int64_t> Starts;
  PlacementArm LastArm = PlacementArm::None;
  unsigned ArmSeats[NumPlacementArms] = {};
  ScheduleFailure Failure;
  uint64_t Effort = 0;
  unsigned MostPlaced = 0; ///< Iterative scheduling's high mark of placed ops.
};

/// The attempts of one II search. They share one ModuloState, reset for
/// each run, so that its tables are allocated once.
class AttemptRunner {
public:
  AttemptRunner(const PlacementContext &Ctx, const SchedulerOptions &Opts);

  /// Runs at II until a run succeeds or the limits say stop.
  Attempt attempt(unsigned II, const AttemptLimits &Limits);
  /// The best schedule so far: a restart may take its order.
  void setHint(llvm::ArrayRef<int64_t> Starts) {
    Hint.assign(Starts.begin(), Starts.end());
  }

private:
  /// Checks that make II pointless before anything is placed.
  bool hopeless(unsigned II, Attempt &A) const;
  PriorityOrder runOrder(unsigned II, const RunStyle &Style) const;
  Attempt run(unsigned II, const AttemptLimits &Limits, const RunStyle &Style);

  const PlacementContext &Ctx;
  const SchedulerOptions &Opts;
  std::optional<ModuloState> State;
  std::vector<int64_t> Hint;
  std::vector<unsigned> PoolCapacity; ///< By counting pool.
  /// The least II at which no footprint wraps onto itself, and the first op
  /// that fits alone at no such II (-1: none); see hopeless().
  unsigned WrapFreeII = 0;
  int UnfitWrapFree = -1;
  /// Dependences of an op on itself, with the op.
  std::vector<std::pair<unsigned, const GraphEdge *>> SelfEdges;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_MODULOATTEMPT_H
