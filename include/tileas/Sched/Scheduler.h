//===- Scheduler.h - Entry points of the scheduling core ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_SCHEDULER_H
#define TILEAS_SCHED_SCHEDULER_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

namespace tileas {

/// A bound that no II satisfies (a distance-0 cycle of positive latency, or
/// budgets that no stage assignment meets); computeBounds reports it in the
/// bound concerned.
constexpr unsigned InfeasibleII = ~0u;

struct SchedulerOptions {
  /// Highest II tried. 0 selects a cap derived from the problem (at least the
  /// length of a non-overlapped schedule, so every resource-feasible loop gets
  /// a schedule).
  unsigned MaxII = 0;
  /// Upper bound on the stage count (pipeline depth); 0 = unlimited.
  unsigned MaxStages = 0;
  /// Bound on the constraint-refinement loop.
  unsigned MaxConstraintIterations = 16;
  /// Budget of placements (Rau's iterative modulo scheduling) per attempt at
  /// one II, as a multiple of the op count. Evictions make most of them:
  /// loops whose saturated slots must tile without a gap typically need 5
  /// to 20 placements per op.
  unsigned EvictionBudgetFactor = 30;
  /// Caps that budget on large loops (but never below 6 placements per op),
  /// so that an attempt that fails costs bounded time; 0 = no cap.
  unsigned EvictionBudgetCap = 100000;
  /// Raise the MII by the recurrence bound with resources (each recurrence
  /// alone with the slots and pools of its ops); off, only the four classic
  /// bounds are computed (ablation and tests of placement failures).
  bool RecurrenceResourceBound = true;
  /// Use the serial generator regardless of the selection rule.
  bool ForceSerial = false;
  /// Never use the serial generator (even for small or synchronous loops).
  bool ForceModulo = false;
  /// Run the independent verifier on the result and set SF_Verified.
  bool Verify = false;
  /// Values that may be live in one modulo cycle before the cost-based arm
  /// charges the spill surcharge (17 per excess value, capped at 4096). A
  /// cost term only, never a legality gate; 0 disables it.
  unsigned RegisterBudget = 128;
};

/// The lower bounds on II for a problem.
MIIBounds computeBounds(const Problem &P, const SchedulerOptions &Opts);

/// True when the serial generator is selected: force-serial, fewer than 8
/// ops, or no op that pipelining could overlap (no asynchronous op and no
/// far-memory load).
bool selectsSerial(const Problem &P, const SchedulerOptions &Opts);

/// Schedules a loop: the serial or the modulo generator by the selection rule,
/// inside the constraint-refinement loop. Deterministic.
ScheduleResult scheduleLoop(const Problem &P, const SchedulerOptions &Opts);

/// The modulo generator alone (II search from the MII up to the cap).
ScheduleResult scheduleModulo(const Problem &P, const SchedulerOptions &Opts);

/// The serial generator alone: Kahn order over distance-0 edges, ties by index,
/// every op in stage 0, II = the schedule length.
ScheduleResult scheduleSerial(const Problem &P, const SchedulerOptions &Opts);

} // namespace tileas

#endif // TILEAS_SCHED_SCHEDULER_H
