//===- ScheduleBuilder.h - Schedules from start cycles ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_SCHEDULEBUILDER_H
#define TILEAS_LIB_SCHED_SCHEDULEBUILDER_H

#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace tileas {

/// A Schedule from start cycles at II. Starts are first shifted down by
/// whole stages so that the earliest op is in stage 0 (rows, stage
/// distances and dependences are unchanged by that); then Stage =
/// Start / II, Order = rank by (Start, index), StageCount = max stage + 1.
Schedule buildSchedule(unsigned II, llvm::ArrayRef<int64_t> Starts);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_SCHEDULEBUILDER_H
