//===- BarrierPlan.h - Barriers and budgets of a loop's pipes ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PIPES_BARRIERPLAN_H
#define TILEAS_LIB_PIPES_BARRIERPLAN_H

#include "tileas/Pipes/PipeSolve.h"

namespace tileas {
namespace pipes {

/// Charges R's rings and their mbarriers to their budget pools and gives
/// every pipe and mutex its barriers (BarrierCost.h); when the mbarriers'
/// pool does not fit, shares the mbarriers of consumer-only pipes with
/// drains and fuses rings (PipeSolve.h, step 5). Numbers the
/// pipes and sets BudgetUsage, BarriersUsed and Exceeded. Warp-specialized
/// and within every budget, gives the rings an asynchronous unit fills for
/// another agent up to In.RingSlack more slots where their pool has room
/// (Pipe::Slack).
void planBarriers(const SolveInput &In, SolveResult &R);

} // namespace pipes
} // namespace tileas

#endif // TILEAS_LIB_PIPES_BARRIERPLAN_H
