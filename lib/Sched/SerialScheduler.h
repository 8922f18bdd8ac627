//===- SerialScheduler.h - The non-overlapped generator ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_SERIALSCHEDULER_H
#define TILEAS_LIB_SCHED_SERIALSCHEDULER_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Scheduler.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {

class DepGraph;

struct SerialPlacement {
  bool Success = false;
  std::vector<int64_t> Starts;
  unsigned II = 0;
  std::string Reason; ///< Why it failed.
};

/// In-order list scheduling in Kahn order over distance-0 edges (ties by op
/// index): each op at the first cycle, no earlier than the op before it and
/// its predecessors' latencies, where its footprint is free in a table that
/// never wraps. II is the schedule length, raised until every loop-carried
/// edge holds, so every op is in stage 0.
SerialPlacement placeSerially(const Problem &P, const DepGraph &G);

/// scheduleSerial of a problem already validated (Problem::validate).
ScheduleResult scheduleValidSerial(const Problem &P,
                                   const SchedulerOptions &Opts);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_SERIALSCHEDULER_H
