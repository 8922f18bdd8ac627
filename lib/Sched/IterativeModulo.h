//===- IterativeModulo.h - Rau's iterative modulo scheduling ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Iterative modulo scheduling (B. R. Rau, MICRO-27, 1994) on a ModuloState:
// the highest-priority unplaced op is seated in the first free cycle of
// [Estart, Estart + II - 1]; when no cycle is free it is forced into one and
// the ops it collides with are evicted and queued again. A budget of
// placements bounds the work, and so does a stall limit: placements that
// bring no new low in unplaced ops.
//
// Departures from Rau, against the drift that sinks IMS on tight
// recurrences and fully used slots:
//  * Estart is the propagated earliest start (through unplaced ops too) and
//    the first choice is cut at the propagated latest start, so a free seat
//    there breaks no dependence (as in Huff's slack scheduling);
//  * a forced seat goes where it evicts the fewest ops among a few
//    candidates: the first cycles of the range (resource evictions only),
//    Rau's first free cycle and his "one past the last seat" cycle, and the
//    stage of the op's group. The last two may lie past the latest start;
//    then the placed ops that bound it go too, found by pushing the bound
//    through unplaced ops;
//  * free seats on a nearly saturated slot are chosen best fit (see
//    ModuloState::packedFit).
//
// It continues from whatever the placement arms seated, so the cheap arms do
// most loops and eviction only finishes the ones they could not.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_ITERATIVEMODULO_H
#define TILEAS_LIB_SCHED_ITERATIVEMODULO_H

#include <cstdint>

namespace tileas {

class ModuloState;
struct PriorityOrder;

struct IterativeOutcome {
  bool Success = false;
  bool Stalled = false;    ///< Stopped by the stall limit.
  uint64_t Placements = 0; ///< Seats made (each costs one unit of budget).
  uint64_t Evictions = 0;
  int LastForcedOp = -1; ///< The last op seated by force, or -1.
};

constexpr uint64_t NoStallLimit = ~uint64_t(0);

/// Runs until every op is placed, Budget placements are spent, or StallLimit
/// placements pass without a new low in unplaced ops.
IterativeOutcome runIterativeModulo(ModuloState &State,
                                    const PriorityOrder &Order, uint64_t Budget,
                                    uint64_t StallLimit = NoStallLimit);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_ITERATIVEMODULO_H
