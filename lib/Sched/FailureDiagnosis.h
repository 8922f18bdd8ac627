//===- FailureDiagnosis.h - Why an op found no seat -------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_FAILUREDIAGNOSIS_H
#define TILEAS_LIB_SCHED_FAILUREDIAGNOSIS_H

#include "tileas/Sched/Schedule.h"

namespace tileas {

class ModuloState;
class PlacementContext;

/// Explains why Op (unplaced) has no seat in State: its dependence window,
/// or the seat in that window with the fewest conflicts, naming the first
/// triple that collides there and the rows it collides on (or the pool that
/// is full).
ScheduleFailure diagnoseBlockedOp(const ModuloState &State, unsigned Op);

/// Explains an op whose footprint collides with itself at II.
ScheduleFailure diagnoseSelfCollision(const PlacementContext &Ctx, unsigned II,
                                      unsigned Op);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_FAILUREDIAGNOSIS_H
