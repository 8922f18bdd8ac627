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
  /// Placements (Rau's iterative modulo scheduling) one run of an attempt at
  /// one II may make beyond seating the ops the placement arms left, as a
  /// multiple of the op count (but at least MinEvictionBudget). Runs mostly
  /// end earlier, on the effort budget or when they stall.
  unsigned EvictionBudgetFactor = 30;
  unsigned MinEvictionBudget = 3000;
  /// The effort (ModuloState::effort(): constraint arcs scanned by bound
  /// propagation, seats scanned, rows compared) that the II search may
  /// spend, as a multiple of the ops plus constraint arcs of the loop (the
  /// cost of one bound propagation over all of it), growing further for
  /// loops of more than 800 ops; at least MinSearchEffort for loops of up
  /// to 200 ops and a floor shrinking with the cube of the size beyond
  /// (small loops get the same search whatever their size). An attempt gets
  /// a third of what is left, but at least AttemptEffortFactor times the
  /// loop (or an eighth of MinSearchEffort). This bounds compile time by
  /// construction; what it is in milliseconds, and against stock
  /// MachinePipeliner, is measured in bench/results/report.md. 500 buys IIs
  /// 1-5% lower on loops of 500 ops and more for 2.5 times the effort
  /// (bench/effort-tradeoff.sh). Once the budget is spent the search returns
  /// its best schedule.
  unsigned AttemptEffortFactor = 64;
  unsigned SearchEffortFactor = 200;
  uint64_t MinSearchEffort = 4000000;
  /// Raise the MII by the recurrence bound with resources (each recurrence
  /// alone with the slots and pools of its ops); off, only the four classic
  /// bounds are computed (ablation and tests of placement failures).
  bool RecurrenceResourceBound = true;
  /// Raise the MII by the budget bound (the ring copies that stage distances
  /// force, against the budget pools); off, the constraint-refinement loop
  /// alone deals with budgets (ablation and tests of refinement).
  bool BudgetBound = true;
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
  /// Register pressure as a constraint (RegisterPressure.h): the per-thread
  /// limit of each register group (Operation::RegisterGroup; 0 or a missing
  /// entry: unlimited); a single entry is the limit of all the groups
  /// together (one register file: the unspecialized loop). When the schedule
  /// found at the resources' II needs more registers than a group's limit, the
  /// loop is scheduled again with fewer stages (from the stage count the ratio
  /// of limit to estimate predicts down to 1, the II rising as the stage limit
  /// demands)
  /// until one fits; the schedule that fits first, or else the one over by the
  /// fewest registers, is kept (Schedule::Registers says which). Empty:
  /// registers are not weighed.
  llvm::SmallVector<unsigned, 4> RegisterLimits;
};

/// The lower bounds on II for a problem.
MIIBounds computeBounds(const Problem &P, const SchedulerOptions &Opts);

/// True when the serial generator is selected: force-serial, or no op that
/// pipelining could overlap (no asynchronous op and no far-memory load),
/// whatever the loop's size.
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
