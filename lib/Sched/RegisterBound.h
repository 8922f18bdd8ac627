//===- RegisterBound.h - Register pressure as a scheduling constraint -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The register-aware step of scheduleLoop (SchedulerOptions::RegisterLimits):
// a schedule whose estimate (RegisterPressure.h) exceeds a limit is replaced
// by one with fewer stages, found by scheduling again under a stage limit
// (first the stage count that the ratio of the limit to the estimate
// predicts, then one below the stage count tried last, down to 1); the II
// rises as far as the stage limit demands. Fewer stages keep fewer iterations'
// values live at once, and a higher II fewer instances of a long-lived value.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_REGISTERBOUND_H
#define TILEAS_LIB_SCHED_REGISTERBOUND_H

#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/STLFunctionalExtras.h"

namespace tileas {

struct SearchHint;

/// First is the schedule Run(Opts, nullptr) found. Returns it with its
/// register fit when it fits or no limit is set; else the first schedule of
/// Run(Opts with a lower MaxStages, a hint from the schedule before) that
/// fits, or, when none does, the successful one over its limit by the fewest
/// registers (the lower II on ties).
ScheduleResult
fitRegisterLimits(const Problem &P, const SchedulerOptions &Opts,
                  ScheduleResult First,
                  llvm::function_ref<ScheduleResult(const SchedulerOptions &,
                                                    const SearchHint *)>
                      Run);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_REGISTERBOUND_H
