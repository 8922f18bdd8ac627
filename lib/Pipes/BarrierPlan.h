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

/// Charges R's rings to their budget pools and gives every pipe and mutex
/// its barriers; when they do not fit, shares the barriers of consumer-only
/// pipes with drains and fuses rings (PipeSolve.h, step 5). Numbers the
/// pipes and sets BudgetUsage, BarriersUsed and Exceeded.
void planBarriers(const SolveInput &In, SolveResult &R);

} // namespace pipes
} // namespace tileas

#endif // TILEAS_LIB_PIPES_BARRIERPLAN_H
