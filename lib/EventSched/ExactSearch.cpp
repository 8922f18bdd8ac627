//===- ExactSearch.cpp - Least worst excess, lexicographically first ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// For a threshold T, an oracle decides whether some order completes a state
// with every pair within budget + T. Raising T from a lower bound, the first T
// the oracle accepts for the empty state is the least worst excess (clamped at
// 0). A walk then builds the lexicographically smallest order for it: at each
// step it takes the smallest ready node whose successor state the oracle
// accepts.
//
// The oracle is a depth-first search with memoized dead states. The set of
// scheduled nodes determines the live events (event E of producer P is live
// iff P is scheduled and none of E's consumers is), so a dead state is dead on
// every path. With at most 63 nodes a state is a bit mask.
//
// It only visits states closed under "quiet" nodes: ready nodes that allocate
// no event. Moving a quiet node to the front of any completion never raises a
// count (it allocates nothing, and whatever it frees is freed earlier), so a
// state has a completion within the limits iff its closure has one. This
// collapses, e.g., all orders of event-free ops into one.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/OrderSearch.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileas {

namespace {

class MaskSearch {
public:
  explicit MaskSearch(const EventTable &T) : T(T), N(T.numNodes()) {
    Full = (uint64_t(1) << N) - 1;
    Pred.assign(N, 0);
    Quiet = 0;
    for (unsigned V = 0; V != N; ++V) {
      for (unsigned S : T.successors(V))
        Pred[S] |= uint64_t(1) << V;
      if (T.produced(V).empty())
        Quiet |= uint64_t(1) << V;
    }
    ConsumerMask.assign(T.numEvents(), 0);
    for (unsigned E = 0, NE = T.numEvents(); E != NE; ++E)
      for (unsigned C : T.consumers(E))
        ConsumerMask[E] |= uint64_t(1) << C;
  }

  /// Limits every pair to budget + Threshold and forgets earlier results.
  void reset(int Threshold, uint64_t StateBudget) {
    Limit.resize(T.numPairs());
    Count.assign(T.numPairs(), 0);
    for (unsigned P = 0, E = T.numPairs(); P != E; ++P)
      Limit[P] = T.budget(P) + Threshold;
    Dead.clear();
    Alive.clear();
    Budget = StateBudget;
    Entered = 0;
    OutOfBudget = false;
  }

  bool outOfBudget() const { return OutOfBudget; }
  uint64_t states() const { return Entered; }

  /// Whether the empty state has a completion within the limits.
  bool feasibleFromStart() { return feasibleAfterClosure(0); }

  /// The lexicographically smallest order within the limits; call only after
  /// feasibleFromStart() returned true.
  bool walk(std::vector<unsigned> &Order) {
    uint64_t Scheduled = 0;
    while (Scheduled != Full) {
      bool Stepped = false;
      for (uint64_t Left = Full & ~Scheduled; Left; Left &= Left - 1) {
        unsigned V = llvm::countr_zero(Left);
        if ((Pred[V] & ~Scheduled) || !allowed(V))
          continue;
        apply(V, Scheduled);
        uint64_t Next = Scheduled | uint64_t(1) << V;
        if (feasibleAfterClosure(Next)) {
          Order.push_back(V);
          Scheduled = Next;
          Stepped = true;
          break;
        }
        undo(V, Scheduled);
        if (OutOfBudget)
          return false;
      }
      assert(Stepped && "the oracle accepted a state without a completion");
      if (!Stepped)
        return false;
    }
    return true;
  }

private:
  bool allowed(unsigned V) const {
    // A node's events go to distinct pairs, and counts never exceed their
    // limits in visited states, so only its own allocations can break one.
    for (unsigned E : T.produced(V))
      if (Count[T.pairOf(E)] + 1 > Limit[T.pairOf(E)])
        return false;
    return true;
  }

  // Scheduled is the set before V; an event V consumes is live iff none of
  // its consumers is in it.
  void apply(unsigned V, uint64_t Scheduled) {
    for (unsigned E : T.consumed(V))
      if (!(ConsumerMask[E] & Scheduled))
        --Count[T.pairOf(E)];
    for (unsigned E : T.produced(V))
      ++Count[T.pairOf(E)];
  }
  void undo(unsigned V, uint64_t Scheduled) {
    for (unsigned E : T.produced(V))
      --Count[T.pairOf(E)];
    for (unsigned E : T.consumed(V))
      if (!(ConsumerMask[E] & Scheduled))
        ++Count[T.pairOf(E)];
  }

  /// Schedules ready quiet nodes until none is left; records them in Added.
  uint64_t close(uint64_t Scheduled, SmallVectorImpl<unsigned> &Added) {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (uint64_t Left = Quiet & ~Scheduled; Left; Left &= Left - 1) {
        unsigned V = llvm::countr_zero(Left);
        if (Pred[V] & ~Scheduled)
          continue;
        apply(V, Scheduled);
        Added.push_back(V);
        Scheduled |= uint64_t(1) << V;
        Changed = true;
      }
    }
    return Scheduled;
  }

  void reopen(uint64_t Closed, ArrayRef<unsigned> Added) {
    for (unsigned V : llvm::reverse(Added)) {
      Closed &= ~(uint64_t(1) << V);
      undo(V, Closed);
    }
  }

  /// Counts must be those of Scheduled; they are the same on return.
  bool feasibleAfterClosure(uint64_t Scheduled) {
    SmallVector<unsigned, 8> Added;
    uint64_t Closed = close(Scheduled, Added);
    bool Result = feasibleClosed(Closed);
    reopen(Closed, Added);
    return Result;
  }

  bool feasibleClosed(uint64_t Scheduled) {
    if (Scheduled == Full || Alive.contains(Scheduled))
      return true;
    if (Dead.contains(Scheduled))
      return false;
    if (Budget && Entered >= Budget) {
      OutOfBudget = true;
      return false;
    }
    ++Entered;
    for (uint64_t Left = Full & ~Scheduled; Left; Left &= Left - 1) {
      unsigned V = llvm::countr_zero(Left);
      if ((Pred[V] & ~Scheduled) || !allowed(V))
        continue;
      apply(V, Scheduled);
      bool Found = feasibleAfterClosure(Scheduled | uint64_t(1) << V);
      undo(V, Scheduled);
      if (Found) {
        Alive.insert(Scheduled);
        return true;
      }
      if (OutOfBudget)
        return false;
    }
    Dead.insert(Scheduled);
    return false;
  }

  const EventTable &T;
  unsigned N;
  uint64_t Full = 0, Quiet = 0;
  std::vector<uint64_t> Pred, ConsumerMask;
  std::vector<int> Limit, Count;
  // Masks never have bit 63 set (N <= 63), so they never collide with the
  // sets' reserved empty and tombstone keys.
  DenseSet<uint64_t> Dead, Alive;
  uint64_t Budget = 0, Entered = 0;
  bool OutOfBudget = false;
};

} // namespace

ExactSearchResult runExactSearch(const EventTable &T, int UpperBound,
                                 uint64_t StateBudget) {
  assert(T.numNodes() <= MaxExactNodes && "exact search on too many nodes");
  ExactSearchResult Result;
  MaskSearch Search(T);
  int Lower = T.excessLowerBound();
  int Upper = std::max(Lower, UpperBound);
  Result.RefutedBelow = Lower;
  for (int Threshold = Lower; Threshold <= Upper; ++Threshold) {
    uint64_t Remaining = 0;
    if (StateBudget) {
      if (Result.States >= StateBudget)
        return Result;
      Remaining = StateBudget - Result.States;
    }
    Search.reset(Threshold, Remaining);
    bool Feasible = Search.feasibleFromStart();
    std::vector<unsigned> Order;
    bool Walked = Feasible && Search.walk(Order);
    Result.States += Search.states();
    if (Search.outOfBudget())
      return Result;
    if (Walked) {
      Result.Completed = true;
      Result.Order = std::move(Order);
      Result.Threshold = Threshold;
      return Result;
    }
    Result.RefutedBelow = Threshold + 1;
  }
  // UpperBound was not reachable after all; report an incomplete search.
  return Result;
}

} // namespace tileas
