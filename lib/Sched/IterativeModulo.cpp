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

/// Cycles from the earliest start on that a forced seat considers besides
/// Rau's two.
static constexpr int64_t NearCandidates = 8;

IterativeOutcome runIterativeModulo(ModuloState &State,
                                    const PriorityOrder &Order, uint64_t Budget,
                                    uint64_t StallLimit) {
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
  size_t FewestUnplaced = Ready.size();
  uint64_t LastLow = 0;
  while (!Ready.empty()) {
    if (Outcome.Placements == Budget)
      return Outcome;
    if (Ready.size() < FewestUnplaced) {
      FewestUnplaced = Ready.size();
      LastLow = Outcome.Placements;
    } else if (Outcome.Placements - LastLow > StallLimit) {
      Outcome.Stalled = true;
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
    if (First > Last)
      return Outcome; // Cannot happen while every seat respects the bounds.

    // 1. A free cycle that breaks nothing.
    int64_t Lo = std::max(First, W.Lo), Hi = std::min(Last, W.Hi);
    std::optional<int64_t> T;
    if (Lo <= Hi)
      T = State.packedFit(Op, Lo, unsigned(Hi - Lo + 1));
    if (!T) {
      // 2. Among a few candidates, the seat that evicts the fewest ops: the
      // first cycles of the range (resource evictions only), Rau's first
      // resource-free cycle and his forced cycle one past the last seat
      // (both may lie past the latest start and evict the placed ops that
      // bound it). The last seat itself is not retried while there is
      // another: it would evict whoever evicted this op.
      int64_t RauLast = First + II - 1;
      SmallVector<int64_t, 16> Candidates;
      for (int64_t C = First; C <= Last && C < First + NearCandidates; ++C)
        Candidates.push_back(C);
      if (std::optional<int64_t> Free =
              State.table().findFirstFit(F, First, unsigned(II)))
        Candidates.push_back(*Free);
      int64_t Prev = LastStart[Op];
      int64_t Forced =
          (Prev == ModuloState::Unplaced || First > Prev) ? First : Prev + 1;
      Candidates.push_back(Forced > RauLast ? First : Forced);
      // The stage its placed unit members are in, even if that lies outside
      // its bounds (the ops that bound it then go instead).
      unsigned Unit = Ctx.units().unitOf(Op);
      if (State.placedMembers(Unit)) {
        int64_t StageLo = State.unitStage(Unit) * II;
        Candidates.push_back(std::clamp(First, StageLo, StageLo + II - 1));
      }
      std::sort(Candidates.begin(), Candidates.end());
      Candidates.erase(std::unique(Candidates.begin(), Candidates.end()),
                       Candidates.end());
      if (Candidates.size() > 1)
        llvm::erase(Candidates, Prev);
      size_t BestDamage = ~size_t(0);
      for (int64_t C : Candidates) {
        State.resourceConflicts(Op, C, More);
        size_t Damage = More.size();
        if (Damage >= BestDamage)
          continue;
        if (!State.constraintConflicts(Op, C, Evict,
                                       BestDamage - Damage + More.size()))
          continue;
        for (unsigned V : Evict)
          Damage += !llvm::binary_search(More, V);
        if (Damage < BestDamage) {
          BestDamage = Damage;
          T = C;
        }
      }
      if (!T)
        return Outcome; // Nothing can make room (only a bad II gets here).
      State.resourceConflicts(Op, *T, Evict);
      State.constraintConflicts(Op, *T, More);
      Evict.append(More.begin(), More.end());
      std::sort(Evict.begin(), Evict.end());
      Evict.erase(std::unique(Evict.begin(), Evict.end()), Evict.end());
      for (unsigned Victim : Evict) {
        State.unseat(Victim);
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
