//===- IterativeModulo.cpp - Rau's iterative modulo scheduling ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "IterativeModulo.h"
#include "ModuloState.h"
#include "Priority.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <functional>
#include <queue>

using namespace llvm;

namespace tileas {

/// Cycles from the earliest start on that the fallback seat search
/// considers when Rau's forced seat cannot be made legal.
static constexpr int64_t NearCandidates = 8;
/// A free seat in Rau's range is taken only if it evicts fewer ops than
/// this: past the latest start, one seat can break the bounds of a long
/// chain of placed ops, and evicting it costs more than any seat saves.
static constexpr size_t MaxRauEvictions = 8;
/// Seats a forced seat skips at most, looking for other ops in the way.
static constexpr unsigned MaxSkippedSeats = 64;

/// Rau's forced seat: the earliest start the first time, then past the
/// previous seat, wrapping back to the earliest start after a whole II.
/// Moving on each time is what keeps two ops from evicting each other back
/// and forth: a choice by least damage repeats itself, this one cannot. On
/// an exactly saturated slot it moves on to the next bin of the slot's
/// layout, since any other seat leaves a hole nobody can use.
///
/// With Skip, it also passes over the seats where only ops that were in the
/// way at the previous seat are in the way: those evict the same ops again,
/// one cycle later. With long holds (a transport slot held 7 cycles) and a
/// large II, stepping one cycle at a time can make two ops chase each other
/// around the rows for thousands of placements; on other loops the small
/// steps are what finds the seat, so restarts try both.
static int64_t forcedSeat(const ModuloState &State, unsigned Op, int64_t First,
                          int64_t Prev, bool Skip) {
  int64_t Last = First + int64_t(State.ii()) - 1;
  if (Prev != ModuloState::Unplaced && Prev >= First && Prev < Last) {
    int64_t Next = State.nextOnLayout(Op, Prev + 1);
    SmallVector<unsigned, 8> Before, Here;
    if (Skip)
      State.resourceConflicts(Op, Prev, Before);
    for (unsigned Step = 0;
         Next <= Last && !Before.empty() && Step != MaxSkippedSeats; ++Step) {
      State.resourceConflicts(Op, Next, Here);
      bool Same = !Here.empty() && llvm::all_of(Here, [&](unsigned V) {
        return llvm::binary_search(Before, V);
      });
      if (!Same)
        break;
      Next = State.nextOnLayout(Op, Next + 1);
    }
    if (Next <= Last)
      return Next;
  }
  return State.nextOnLayout(Op, First);
}

/// Among Candidates, the seat that evicts the fewest placed ops and can be
/// made legal by evicting, if any.
static std::optional<int64_t> leastDamage(const ModuloState &State, unsigned Op,
                                          ArrayRef<int64_t> Candidates) {
  SmallVector<unsigned, 16> Resource, Constraint;
  std::optional<int64_t> Best;
  size_t BestDamage = ~size_t(0);
  for (int64_t C : Candidates) {
    State.resourceConflicts(Op, C, Resource);
    size_t Damage = Resource.size();
    if (Damage >= BestDamage)
      continue;
    if (!State.constraintConflicts(Op, C, Constraint,
                                   BestDamage - Damage + Resource.size()))
      continue;
    for (unsigned V : Constraint)
      Damage += !llvm::binary_search(Resource, V);
    if (Damage < BestDamage) {
      BestDamage = Damage;
      Best = C;
    }
  }
  return Best;
}

IterativeOutcome runIterativeModulo(ModuloState &State,
                                    const PriorityOrder &Order, uint64_t Budget,
                                    const IterativeLimits &Limits) {
  const PlacementContext &Ctx = State.context();
  unsigned N = Ctx.size();
  int64_t II = State.ii();
  IterativeOutcome Outcome;

  // Min-heap of priority positions: the top is the highest-priority op.
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      Ready;
  std::vector<uint8_t> Queued(N, 0);
  auto Enqueue = [&](unsigned Op) {
    if (!Queued[Op]) {
      Queued[Op] = 1;
      Ready.push(Order.Position[Op]);
    }
  };
  for (unsigned Op = 0; Op != N; ++Op)
    if (!State.isPlaced(Op))
      Enqueue(Op);

  std::vector<int64_t> LastStart(N, ModuloState::Unplaced);
  SmallVector<unsigned, 16> Evict, More;
  SmallVector<int64_t, 16> Candidates;
  unsigned MostPlaced = Outcome.MostPlaced = State.numPlaced();
  uint64_t PlacementsAtMost = 0, EffortAtMost = State.effort();
  while (!Ready.empty()) {
    if (State.numPlaced() > MostPlaced) {
      MostPlaced = Outcome.MostPlaced = State.numPlaced();
      PlacementsAtMost = Outcome.Placements;
      EffortAtMost = State.effort();
    }
    uint64_t EffortLimit =
        MostPlaced >= Limits.FarPlaced ? Limits.FarEffort : Limits.Effort;
    if (Outcome.Placements == Budget || State.effort() > EffortLimit ||
        (MostPlaced < Limits.StallBelow &&
         (Outcome.Placements - PlacementsAtMost > Limits.Stall ||
          State.effort() - EffortAtMost > Limits.StallEffort))) {
      Outcome.OutOfBudget = true;
      return Outcome;
    }
    unsigned Op = Order.Ops[Ready.top()];
    Ready.pop();
    Queued[Op] = 0;

    Window W = State.window(Op);
    Footprint F = Ctx.footprint(Op);
    // Rau's range, II cycles from the earliest start, inside the propagated
    // bounds: no seat in it can break a dependence.
    int64_t First = W.Earliest;
    int64_t Last = std::min(First + II - 1, W.Latest);
    // Propagated bounds never cross while every seat respects them; bounds
    // from placed neighbours may (the op then evicts, below).
    if (First > Last &&
        State.dependenceBounds() == DependenceBounds::Propagated)
      return Outcome;

    // 1. A free cycle that breaks nothing.
    int64_t Lo = std::max(First, W.Lo), Hi = std::min(Last, W.Hi);
    std::optional<int64_t> T;
    if (Lo <= Hi)
      T = State.packedFit(Op, Lo, unsigned(Hi - Lo + 1));
    bool Forced = !T;
    if (!T && Limits.RauRange) {
      // 1'. Rau's own choice: a free cycle anywhere in his range, even past
      // the latest start; the placed ops whose dependences it breaks go.
      if (std::optional<int64_t> Free =
              State.packedFit(Op, First, unsigned(II)))
        if (State.constraintConflicts(Op, *Free, More, MaxRauEvictions) &&
            More.size() < MaxRauEvictions)
          T = Free;
    }
    if (!T) {
      // 2. Rau's forced seat, which may lie past the latest start: then the
      // placed ops that bound the op go too.
      int64_t Prev = LastStart[Op];
      Candidates.assign(
          1, forcedSeat(State, Op, First, Prev, Limits.SkipSameConflicts));
      T = leastDamage(State, Op, Candidates);
    }
    if (!T) {
      // 3. No eviction makes the forced seat legal (it breaks a stage limit
      // or a group's stage): among the first cycles of the range, the
      // first resource-free cycle and the stage of the op's group, the seat
      // that evicts the fewest ops.
      Candidates.clear();
      for (int64_t C = First; C <= Last && C < First + NearCandidates; ++C)
        Candidates.push_back(C);
      if (std::optional<int64_t> Free =
              State.table().findFirstFit(F, First, unsigned(II)))
        Candidates.push_back(*Free);
      unsigned Unit = Ctx.units().unitOf(Op);
      if (State.placedMembers(Unit)) {
        int64_t StageLo = State.unitStage(Unit) * II;
        Candidates.push_back(std::clamp(First, StageLo, StageLo + II - 1));
      }
      T = leastDamage(State, Op, Candidates);
      if (!T)
        return Outcome; // Nothing can make room (only a bad II gets here).
    }
    if (Forced) {
      State.resourceConflicts(Op, *T, Evict);
      State.constraintConflicts(Op, *T, More);
      Evict.append(More.begin(), More.end());
      std::sort(Evict.begin(), Evict.end());
      Evict.erase(std::unique(Evict.begin(), Evict.end()), Evict.end());
      State.unseatAll(Evict);
      for (unsigned Victim : Evict) {
        Enqueue(Victim);
        ++Outcome.Evictions;
      }
      if (!Evict.empty())
        Outcome.LastForcedOp = int(Op);
      if (!State.fits(Op, *T) || *T < State.earliest(Op) ||
          *T > State.latest(Op))
        return Outcome; // Its footprint does not fit this II at all.
    }
    State.seat(Op, *T);
    LastStart[Op] = *T;
    ++Outcome.Placements;
  }
  Outcome.Success = true;
  return Outcome;
}

} // namespace tileas
