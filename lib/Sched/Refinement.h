//===- Refinement.h - Budget and coordination refinement --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The two generators as scheduleLoop runs them: each schedule is checked
// against the budget pools and, for a problem with a coordination
// description, against what the coordination solve decides. The modulo
// generator runs inside the constraint-refinement loop (Refinement.cpp);
// the serial generator's one schedule is taken or refused as it is.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_REFINEMENT_H
#define TILEAS_LIB_SCHED_REFINEMENT_H

#include "tileas/Sched/Scheduler.h"

namespace tileas {

struct SearchHint;

/// The serial generator's schedule if its budgets and coordination fit
/// (SF_Converged), else a failure naming the pool. P must be valid.
ScheduleResult scheduleSerialWithinBudgets(const Problem &P,
                                           const SchedulerOptions &Opts);

/// The modulo generator inside the constraint-refinement loop: schedule, and
/// while a budget pool or the coordination is over capacity, cap ring depths
/// or add orderings and schedule again, at most
/// Opts.MaxConstraintIterations times. P must be valid.
ScheduleResult scheduleModuloRefined(const Problem &P,
                                     const SchedulerOptions &Opts,
                                     const SearchHint *Start = nullptr);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_REFINEMENT_H
