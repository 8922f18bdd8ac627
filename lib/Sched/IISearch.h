//===- IISearch.h - The search for the least II -----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_IISEARCH_H
#define TILEAS_LIB_SCHED_IISEARCH_H

#include "tileas/Sched/Schedule.h"
#include "tileas/Sched/Scheduler.h"

namespace tileas {

class PlacementContext;

/// Searches the IIs from Lo to Cap for the least one with a schedule, within
/// a budget of effort proportional to the loop. True when some attempt
/// succeeded: R then holds the best schedule found (R.Bounds must be set).
/// Otherwise R.Failure explains the first failure. R.SearchEffort says what
/// the search spent.
bool searchII(const PlacementContext &Ctx, const SchedulerOptions &Opts,
              unsigned Lo, unsigned Cap, ScheduleResult &R);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_IISEARCH_H
