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
// placements bounds the work.
//
// Departures from Rau:
//  * Estart is the propagated earliest start (through unplaced ops too) and
//    the free-cycle search is cut at the propagated latest start, so a free
//    seat there breaks no dependence (as in Huff's slack scheduling);
//  * the forced seat is Rau's (Estart, then one past the previous seat), but
//    it may lie past the latest start: then the placed ops that bound the op
//    go too, found by pushing the bound through unplaced ops. Only when no
//    eviction can make it legal (a stage limit, a group's stage) does the
//    op take, among a few other seats, the one that evicts the fewest ops;
//  * free seats on a nearly saturated slot are chosen best fit (see
//    ModuloState::packedFit).
//
// Choosing every forced seat by least damage was tried and is worse: two ops
// then evict each other back and forth at the same two seats until the
// budget runs out, where Rau's rule moves on.
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
  uint64_t Placements = 0; ///< Seats made (each costs one unit of budget).
  uint64_t Evictions = 0;
  int LastForcedOp = -1; ///< The last op seated by force, or -1.
};

/// Runs until every op is placed or Budget placements are spent.
IterativeOutcome runIterativeModulo(ModuloState &State,
                                    const PriorityOrder &Order,
                                    uint64_t Budget);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_ITERATIVEMODULO_H
