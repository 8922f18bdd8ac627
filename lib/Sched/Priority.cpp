//===- Priority.cpp - Recurrence-aware placement priority -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Priority.h"
#include "DepGraph.h"
#include "ModuloState.h"

#include <algorithm>
#include <deque>

using namespace llvm;

namespace tileas {

std::vector<int64_t> computeHeights(const DepGraph &G, unsigned II) {
  std::vector<int64_t> Height(G.size(), 0);
  int64_t IIs = II;
  std::vector<uint8_t> Queued(G.size(), 0);
  std::deque<unsigned> Queue;
  // Components are numbered sinks first, so successors outside a component
  // are final when it is reached.
  for (unsigned C = 0, E = G.numSCCs(); C != E; ++C) {
    ArrayRef<unsigned> Members = G.sccMembers(C);
    for (unsigned V : Members)
      for (const GraphEdge &Edge : G.succs(V))
        if (G.sccOf()[Edge.Other] != C)
          Height[V] = std::max(Height[V], Height[Edge.Other] + Edge.Latency -
                                              IIs * Edge.Distance);
    if (!G.isCyclicSCC(C))
      continue;
    // Longest paths inside the component: no positive cycle at II >= RecMII,
    // so this settles; the pop limit only guards against a bad II.
    for (unsigned V : Members) {
      Queue.push_back(V);
      Queued[V] = 1;
    }
    uint64_t Pops = 0, Limit = uint64_t(Members.size()) * (Members.size() + 1);
    while (!Queue.empty() && Pops++ < Limit) {
      unsigned W = Queue.front();
      Queue.pop_front();
      Queued[W] = 0;
      for (const GraphEdge &Edge : G.preds(W)) {
        unsigned V = Edge.Other;
        if (G.sccOf()[V] != C)
          continue;
        int64_t Candidate = Height[W] + Edge.Latency - IIs * Edge.Distance;
        if (Candidate > Height[V]) {
          Height[V] = Candidate;
          if (!Queued[V]) {
            Queued[V] = 1;
            Queue.push_back(V);
          }
        }
      }
    }
    for (unsigned V : Queue)
      Queued[V] = 0;
    Queue.clear();
  }
  return Height;
}

PriorityOrder computePriority(const PlacementContext &Ctx, unsigned II) {
  const DepGraph &G = Ctx.graph();
  PriorityOrder Order;
  Order.Height = computeHeights(G, II);
  ArrayRef<unsigned> Rank = G.kahnRank();
  const std::vector<int64_t> &H = Order.Height;

  Order.Ops.resize(G.size());
  for (unsigned V = 0, E = G.size(); V != E; ++V)
    Order.Ops[V] = V;
  std::stable_sort(Order.Ops.begin(), Order.Ops.end(),
                   [&](unsigned A, unsigned B) {
                     if (H[A] != H[B])
                       return H[A] > H[B];
                     return Rank[A] < Rank[B];
                   });
  Order.Position.assign(G.size(), 0);
  for (unsigned I = 0, E = G.size(); I != E; ++I)
    Order.Position[Order.Ops[I]] = I;

  // A unit goes where its best member goes.
  const PlacementUnits &Units = Ctx.units();
  std::vector<unsigned> Best(Units.numUnits(), ~0u);
  for (unsigned V = 0, E = G.size(); V != E; ++V) {
    unsigned &B = Best[Units.unitOf(V)];
    B = std::min(B, Order.Position[V]);
  }
  Order.Units.resize(Units.numUnits());
  for (unsigned U = 0, E = Units.numUnits(); U != E; ++U)
    Order.Units[U] = U;
  std::stable_sort(Order.Units.begin(), Order.Units.end(),
                   [&](unsigned A, unsigned B) { return Best[A] < Best[B]; });
  return Order;
}

} // namespace tileas
