//===- ModuloScheduler.h - II search and placement driver -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_MODULOSCHEDULER_H
#define TILEAS_LIB_SCHED_MODULOSCHEDULER_H

#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"

namespace tileas {

struct SearchHint;

/// scheduleModulo with extra per-dependence stage gaps (the maximum
/// Stage(To) - Stage(From)) from the constraint-refinement loop; empty means
/// none. The budget-derived gaps always apply. P must be valid
/// (Problem::validate): the caller has checked it, once for all rounds.
/// A later refinement round passes what the round before found (Hint).
ScheduleResult scheduleModuloWithGaps(const Problem &P,
                                      const SchedulerOptions &Opts,
                                      llvm::ArrayRef<int> ExtraGaps,
                                      const SearchHint *Hint = nullptr);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_MODULOSCHEDULER_H
