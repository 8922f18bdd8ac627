//===- DifferenceConstraints.cpp - Feasibility of II-parametric systems ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "DifferenceConstraints.h"

#include <cstddef>

namespace tileas {

static constexpr unsigned NoParent = ~0u;

bool DifferenceConstraints::isMonotone() const {
  for (const Edge &E : Pending)
    if (E.B > 0)
      return false;
  return true;
}

void DifferenceConstraints::finalize() {
  Begin.assign(NumNodes + 1, 0);
  for (const Edge &E : Pending)
    ++Begin[E.From + 1];
  for (unsigned V = 0; V != NumNodes; ++V)
    Begin[V + 1] += Begin[V];
  Target.resize(Pending.size());
  WeightA.resize(Pending.size());
  WeightB.resize(Pending.size());
  std::vector<unsigned> Fill(Begin.begin(), Begin.end() - 1);
  for (const Edge &E : Pending) {
    unsigned Slot = Fill[E.From]++;
    Target[Slot] = E.To;
    WeightA[Slot] = E.A;
    WeightB[Slot] = E.B;
  }
  Finalized = true;
}

// In Bellman-Ford every cycle of the parent graph has positive weight, and a
// positive cycle in the graph eventually shows up as one.
bool DifferenceConstraints::parentGraphHasCycle() {
  // Mark: 0 = unseen, 1 = on the current walk, 2 = known acyclic.
  Mark.assign(NumNodes, 0);
  for (unsigned Start = 0; Start != NumNodes; ++Start) {
    unsigned V = Start;
    while (V != NoParent && Mark[V] == 0) {
      Mark[V] = 1;
      V = Parent[V];
    }
    bool Cycle = V != NoParent && Mark[V] == 1;
    for (unsigned W = Start; W != NoParent && Mark[W] == 1; W = Parent[W])
      Mark[W] = 2;
    if (Cycle) {
      CycleNode = V;
      return true;
    }
  }
  return false;
}

DifferenceConstraints::CycleWeight
DifferenceConstraints::parentCycleWeight() const {
  CycleWeight W;
  unsigned V = CycleNode;
  do {
    unsigned I = ParentEdge[V];
    W.A += WeightA[I];
    W.B += WeightB[I];
    V = Parent[V];
  } while (V != CycleNode);
  return W;
}

bool DifferenceConstraints::findPositiveCycle(int64_t II, CycleWeight &Cycle) {
  if (!Finalized)
    finalize();
  // Every node starts at 0, as if a virtual source reached each of them.
  Dist.assign(NumNodes, 0);
  Parent.assign(NumNodes, NoParent);
  ParentEdge.assign(NumNodes, 0);
  InQueue.assign(NumNodes, 1);
  Queue.resize(NumNodes);
  for (unsigned V = 0; V != NumNodes; ++V)
    Queue[V] = V;
  // Queue is a ring buffer of capacity NumNodes: a node is in it at most once.
  std::size_t Head = 0, Size = NumNodes;
  uint64_t Relaxations = 0;
  while (Size != 0) {
    unsigned U = Queue[Head];
    Head = Head + 1 == NumNodes ? 0 : Head + 1;
    --Size;
    InQueue[U] = 0;
    int64_t DU = Dist[U];
    for (unsigned I = Begin[U], E = Begin[U + 1]; I != E; ++I) {
      unsigned V = Target[I];
      int64_t Candidate = DU + WeightA[I] + WeightB[I] * II;
      if (Candidate <= Dist[V])
        continue;
      if (V == U) { // A positive self-loop.
        Cycle = {WeightA[I], WeightB[I]};
        return true;
      }
      Dist[V] = Candidate;
      Parent[V] = U;
      ParentEdge[V] = I;
      if (!InQueue[V]) {
        InQueue[V] = 1;
        std::size_t Tail = Head + Size;
        Queue[Tail >= NumNodes ? Tail - NumNodes : Tail] = V;
        ++Size;
      }
      if (++Relaxations % NumNodes == 0 && parentGraphHasCycle()) {
        Cycle = parentCycleWeight();
        return true;
      }
    }
  }
  return false;
}

} // namespace tileas
