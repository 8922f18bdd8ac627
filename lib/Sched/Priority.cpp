//===- Priority.cpp - Recurrence-aware placement priority -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Priority.h"
#include "DepGraph.h"
#include "ModuloState.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

std::vector<int64_t> computeHeights(const DepGraph &G, unsigned II) {
  std::vector<int64_t> Height(G.size(), 0);
  int64_t IIs = II;
  ArrayRef<unsigned> Rank = G.kahnRank();
  std::vector<uint8_t> Dirty(G.size(), 0);
  std::vector<unsigned> Order;
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
    // Longest paths inside the component, in sweeps that take successors
    // before predecessors along distance-0 edges: one sweep settles those,
    // and only loop-carried edges make a node dirty again. There is no
    // positive cycle at II >= RecMII, so this settles; the sweep limit only
    // guards against a bad II.
    Order.assign(Members.begin(), Members.end());
    llvm::sort(Order,
               [&](unsigned A, unsigned B) { return Rank[A] > Rank[B]; });
    for (unsigned V : Members)
      Dirty[V] = 1;
    bool Changed = true;
    for (size_t Sweep = 0; Changed && Sweep <= Members.size(); ++Sweep) {
      Changed = false;
      for (unsigned V : Order) {
        if (!Dirty[V])
          continue;
        Dirty[V] = 0;
        int64_t H = Height[V];
        for (const GraphEdge &Edge : G.succs(V))
          if (G.sccOf()[Edge.Other] == C)
            H = std::max(H, Height[Edge.Other] + Edge.Latency -
                                IIs * Edge.Distance);
        if (H == Height[V])
          continue;
        Height[V] = H;
        for (const GraphEdge &Edge : G.preds(V))
          if (G.sccOf()[Edge.Other] == C && !Dirty[Edge.Other]) {
            Dirty[Edge.Other] = 1;
            Changed = true;
          }
      }
    }
    for (unsigned V : Members)
      Dirty[V] = 0;
  }
  return Height;
}

/// A 64-bit mixing function (splitmix64's finalizer).
static uint64_t mix(uint64_t X) {
  X += 0x9e3779b97f4a7c15ULL;
  X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
  X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
  return X ^ (X >> 31);
}

/// Heights of a restart's variant differ by less than this.
static constexpr uint64_t HeightJitter = 8;

/// The placement order of ops by key (smaller first), and of units by
/// their best member.
template <typename Less>
static void orderBy(const PlacementContext &Ctx, PriorityOrder &Order,
                    Less Before) {
  unsigned N = Ctx.size();
  Order.Ops.resize(N);
  for (unsigned V = 0; V != N; ++V)
    Order.Ops[V] = V;
  std::stable_sort(Order.Ops.begin(), Order.Ops.end(), Before);
  Order.Position.assign(N, 0);
  for (unsigned I = 0; I != N; ++I)
    Order.Position[Order.Ops[I]] = I;

  // A unit goes where its best member goes.
  const PlacementUnits &Units = Ctx.units();
  std::vector<unsigned> Best(Units.numUnits(), ~0u);
  for (unsigned V = 0; V != N; ++V) {
    unsigned &B = Best[Units.unitOf(V)];
    B = std::min(B, Order.Position[V]);
  }
  Order.Units.resize(Units.numUnits());
  for (unsigned U = 0, E = Units.numUnits(); U != E; ++U)
    Order.Units[U] = U;
  std::stable_sort(Order.Units.begin(), Order.Units.end(),
                   [&](unsigned A, unsigned B) { return Best[A] < Best[B]; });
}

PriorityOrder computePriority(const PlacementContext &Ctx, unsigned II,
                              unsigned Variant) {
  const DepGraph &G = Ctx.graph();
  PriorityOrder Order;
  Order.Height = computeHeights(G, II);
  ArrayRef<unsigned> Rank = G.kahnRank();
  // A variant ranks by heights with a small deterministic jitter: ops of
  // nearly equal height trade places, and with them the whole search.
  std::vector<int64_t> Key = Order.Height;
  if (Variant)
    for (unsigned V = 0, E = G.size(); V != E; ++V)
      Key[V] += int64_t(mix(uint64_t(V) << 32 | Variant) % HeightJitter);
  orderBy(Ctx, Order, [&](unsigned A, unsigned B) {
    if (Key[A] != Key[B])
      return Key[A] > Key[B];
    return Rank[A] < Rank[B];
  });
  return Order;
}

PriorityOrder priorityFromStarts(const PlacementContext &Ctx, unsigned II,
                                 ArrayRef<int64_t> Starts) {
  PriorityOrder Order;
  Order.Height = computeHeights(Ctx.graph(), II);
  const std::vector<int64_t> &H = Order.Height;
  orderBy(Ctx, Order, [&](unsigned A, unsigned B) {
    if (Starts[A] != Starts[B])
      return Starts[A] < Starts[B];
    return H[A] > H[B];
  });
  return Order;
}

} // namespace tileas
