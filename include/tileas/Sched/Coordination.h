//===- Coordination.h - What a schedule's coordination costs ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The scheduler's side of the one definition of coordination cost: a
// problem's coordination description with a schedule placed in it, solved by
// tileas::pipes::solvePipes exactly as materialization will solve it. The
// scheduler accepts a schedule only if this fits every budget and names
// nothing TileAS cannot express.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_COORDINATION_H
#define TILEAS_SCHED_COORDINATION_H

#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <string>

namespace tileas {

/// In with each op's stage, order, start and the II of a schedule.
pipes::SolveInput placeSchedule(const pipes::SolveInput &In,
                                llvm::ArrayRef<OpPlacement> Ops, unsigned II);

/// Solves the coordination of P under S. P must carry a coordination
/// description whose ops are P's.
llvm::Expected<pipes::SolveResult> solveCoordination(const Problem &P,
                                                     const Schedule &S);

/// Why TileAS cannot coordinate R (R.Unsupported set), naming ops by OpName.
std::string
describeUnsupported(const pipes::SolveResult &R,
                    llvm::function_ref<std::string(unsigned)> OpName);

} // namespace tileas

#endif // TILEAS_SCHED_COORDINATION_H
