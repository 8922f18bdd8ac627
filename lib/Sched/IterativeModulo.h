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
//    ModuloState::packedFit);
//  * with IterativeLimits::RauRange, a free seat past the latest start is
//    taken as Rau takes it, evicting the ops whose dependences it breaks.
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
  /// It stopped on the placement or effort budget.
  bool OutOfBudget = false;
  uint64_t Placements = 0; ///< Seats made (each costs one unit of budget).
  uint64_t Evictions = 0;
  int LastForcedOp = -1;   ///< The last op seated by force, or -1.
  unsigned MostPlaced = 0; ///< The most ops that were placed at once.
};

/// Limits besides the placement budget.
struct IterativeLimits {
  /// Stop once the state's effort() passes this.
  uint64_t Effort = ~uint64_t(0);
  /// Stop after this many placements without a new high of placed ops. An
  /// attempt at an II it cannot reach does not converge: it keeps evicting
  /// about as many ops as it seats, around the same count, while one that
  /// succeeds climbs, with plateaus shorter than the op count.
  uint64_t Stall = ~uint64_t(0);
  /// Stop after spending this much effort without a new high of placed ops
  /// (on large loops near a tight recurrence one placement can cost as much
  /// as a propagation over the whole loop).
  uint64_t StallEffort = ~uint64_t(0);
  /// The stall limits apply only while fewer than this many ops have ever
  /// been placed at once. An attempt at an II that cannot be reached
  /// typically never gets far (a tenth to a third of the ops), while one
  /// that succeeds after a long search has its plateaus higher up.
  uint64_t StallBelow = ~uint64_t(0);
  /// A forced seat skips seats where only the ops in the way at the
  /// previous one are in the way (see forcedSeat in IterativeModulo.cpp).
  bool SkipSameConflicts = false;
  /// Once FarPlaced ops have been placed at once, the effort limit is
  /// FarEffort instead of Effort: a run that has nearly every op seated is
  /// packing the last few, and may go on for longer.
  uint64_t FarPlaced = ~uint64_t(0);
  uint64_t FarEffort = 0;
  /// Where no free seat keeps every placed op's dependence, a free seat
  /// anywhere in Rau's range [Estart, Estart + II - 1] is taken before any
  /// seat that evicts for resources, and the placed ops whose dependences it
  /// breaks (directly or through unplaced ops) are evicted, as Rau evicts
  /// successors. On large resource-bound loops, where the free rows of a
  /// nearly saturated slot are few, this is what packs the slot: the
  /// dependences are cheap to restore (the evicted ops find seats a stage
  /// later), rows are not. Off, a free seat must lie inside the propagated
  /// bounds, which keeps compact recurrences compact.
  bool RauRange = false;
};

/// Runs until every op is placed, Budget placements are spent or a limit
/// is reached.
IterativeOutcome runIterativeModulo(ModuloState &State,
                                    const PriorityOrder &Order, uint64_t Budget,
                                    const IterativeLimits &Limits = {});

} // namespace tileas

#endif // TILEAS_LIB_SCHED_ITERATIVEMODULO_H
