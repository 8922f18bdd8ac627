//===- SearchState.cpp - Incremental state of an order search -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SearchState.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileas {
namespace detail {

SearchState::SearchState(const EventTable &T)
    : T(T), EventState(T.numEvents(), Pending), Excess(T.numPairs()),
      Indegree(T.numNodes()), NodeDelta(T.numNodes()),
      NodeBucket(T.numNodes(), NotReady) {
  for (unsigned P = 0, E = T.numPairs(); P != E; ++P)
    Excess[P] = -T.budget(P);
  Order.reserve(T.numNodes());
  for (unsigned V = 0, E = T.numNodes(); V != E; ++V) {
    Indegree[V] = T.numPredecessors(V);
    if (Indegree[V] == 0)
      makeReady(V);
  }
}

static uint64_t hashDelta(const DeltaList &Delta) {
  uint64_t H = 0x84222325cbf29ce4ULL;
  for (const PairDelta &D : Delta) {
    H = (H ^ D.Pair) * 0x100000001b3ULL;
    H = (H ^ uint32_t(D.Delta)) * 0x100000001b3ULL;
  }
  return H;
}

static bool sameDelta(const DeltaList &A, const DeltaList &B) {
  if (A.size() != B.size())
    return false;
  for (unsigned I = 0, E = A.size(); I != E; ++I)
    if (A[I].Pair != B[I].Pair || A[I].Delta != B[I].Delta)
      return false;
  return true;
}

unsigned SearchState::bucketFor(const DeltaList &Delta) {
  uint64_t Hash = hashDelta(Delta);
  auto [It, Inserted] = BucketByHash.try_emplace(Hash, Buckets.size());
  if (!Inserted) {
    unsigned B = It->second;
    for (;; B = Buckets[B].NextSameHash) {
      if (sameDelta(Buckets[B].Delta, Delta))
        return B;
      if (Buckets[B].NextSameHash == ~0u)
        break;
    }
    Buckets[B].NextSameHash = Buckets.size();
  }
  Buckets.emplace_back();
  Buckets.back().Delta = Delta;
  for (const PairDelta &D : Delta)
    Buckets.back().DeltaSum += D.Delta;
  return Buckets.size() - 1;
}

static void insertSorted(SmallVectorImpl<unsigned> &List, unsigned V) {
  List.insert(llvm::lower_bound(List, V), V);
}

static void eraseSorted(SmallVectorImpl<unsigned> &List, unsigned V) {
  auto It = llvm::lower_bound(List, V);
  assert(It != List.end() && *It == V && "not a member");
  List.erase(It);
}

void SearchState::placeInBucket(unsigned V) {
  unsigned B = bucketFor(NodeDelta[V]);
  NodeBucket[V] = B;
  insertSorted(Buckets[B].Members, V);
  if (!Buckets[B].Listed) {
    Buckets[B].Listed = true;
    Active.push_back(B);
  }
}

void SearchState::makeReady(unsigned V) {
  assert(NodeBucket[V] == NotReady && "node is ready twice");
  DeltaList Delta;
  for (unsigned E : T.consumed(V))
    if (EventState[E] == Live)
      Delta.push_back({T.pairOf(E), -1});
  for (unsigned E : T.produced(V))
    Delta.push_back({T.pairOf(E), +1});
  llvm::sort(Delta, [](const PairDelta &A, const PairDelta &B) {
    return A.Pair < B.Pair;
  });
  // Merge entries of one pair (several producers on one pipe).
  DeltaList &Merged = NodeDelta[V];
  Merged.clear();
  for (const PairDelta &D : Delta) {
    if (!Merged.empty() && Merged.back().Pair == D.Pair)
      Merged.back().Delta += D.Delta;
    else
      Merged.push_back(D);
  }
  placeInBucket(V);
}

void SearchState::makeUnready(unsigned V) {
  unsigned B = NodeBucket[V];
  assert(B != NotReady && "node is not ready");
  eraseSorted(Buckets[B].Members, V);
  NodeBucket[V] = NotReady;
}

void SearchState::adjustReady(unsigned V, unsigned Pair, int Change) {
  eraseSorted(Buckets[NodeBucket[V]].Members, V);
  DeltaList &Delta = NodeDelta[V];
  auto It = llvm::lower_bound(
      Delta, Pair, [](const PairDelta &D, unsigned P) { return D.Pair < P; });
  if (It != Delta.end() && It->Pair == Pair) {
    It->Delta += Change;
    if (It->Delta == 0)
      Delta.erase(It);
  } else {
    Delta.insert(It, {Pair, Change});
  }
  placeInBucket(V);
}

ArrayRef<unsigned> SearchState::activeBuckets() {
  auto NewEnd = std::remove_if(Active.begin(), Active.end(), [&](unsigned B) {
    if (!Buckets[B].Members.empty())
      return false;
    Buckets[B].Listed = false;
    return true;
  });
  Active.erase(NewEnd, Active.end());
  return Active;
}

void SearchState::apply(unsigned V, StepRecord &Rec) {
  Rec.Node = V;
  Rec.Freed.clear();
  Rec.NewlyReady.clear();
  makeUnready(V);
  for (unsigned E : T.consumed(V)) {
    assert(EventState[E] != Pending && "consumer before its producer");
    if (EventState[E] != Live)
      continue;
    EventState[E] = Freed;
    unsigned Pair = T.pairOf(E);
    --Excess[Pair];
    --TotalLive;
    Rec.Freed.push_back(E);
    // Other ready consumers no longer free this event.
    for (unsigned C : T.consumers(E))
      if (C != V && NodeBucket[C] != NotReady)
        adjustReady(C, Pair, +1);
  }
  for (unsigned E : T.produced(V)) {
    EventState[E] = Live;
    ++Excess[T.pairOf(E)];
    ++TotalLive;
  }
  Order.push_back(V);
  for (unsigned S : T.successors(V))
    if (--Indegree[S] == 0) {
      makeReady(S);
      Rec.NewlyReady.push_back(S);
    }
}

void SearchState::undo(const StepRecord &Rec) {
  unsigned V = Rec.Node;
  assert(!Order.empty() && Order.back() == V && "undo out of order");
  for (unsigned S : llvm::reverse(Rec.NewlyReady))
    makeUnready(S);
  for (unsigned S : T.successors(V))
    ++Indegree[S];
  Order.pop_back();
  for (unsigned E : T.produced(V)) {
    EventState[E] = Pending;
    --Excess[T.pairOf(E)];
    --TotalLive;
  }
  for (unsigned E : llvm::reverse(Rec.Freed)) {
    EventState[E] = Live;
    unsigned Pair = T.pairOf(E);
    ++Excess[Pair];
    ++TotalLive;
    for (unsigned C : T.consumers(E))
      if (C != V && NodeBucket[C] != NotReady)
        adjustReady(C, Pair, -1);
  }
  makeReady(V);
}

} // namespace detail
} // namespace tileas
