//===- Priority.cpp - Recurrence-aware placement priority -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Priority.h"
#include "DepGraph.h"
#include "ModuloState.h"

#include "tileas/Support/SplitMix64.h"

#include <algorithm>
#include <tuple>

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

/// A 64-bit hash: the first value of the SplitMix64 stream seeded with X.
static uint64_t mix(uint64_t X) { return SplitMix64::first(X); }

/// Heights of a restart's variant differ by less than this.
static constexpr uint64_t HeightJitter = 8;

namespace {
/// An op's sort key: by First, then Second, then op number (which makes the
/// order that of a stable sort by the first two).
struct OpKey {
  int64_t First, Second;
  unsigned Op;
  bool operator<(const OpKey &O) const {
    return std::tie(First, Second, Op) < std::tie(O.First, O.Second, O.Op);
  }
};
} // namespace

/// The placement order of ops by key (smaller first), and of units by
/// their best member. The keys are sorted by value, not through a
/// comparator that looks them up: the II search orders every attempt.
static void orderBy(const PlacementContext &Ctx, PriorityOrder &Order,
                    std::vector<OpKey> &Keys) {
  unsigned N = Ctx.size();
  std::sort(Keys.begin(), Keys.end());
  Order.Ops.resize(N);
  Order.Position.assign(N, 0);
  for (unsigned I = 0; I != N; ++I) {
    Order.Ops[I] = Keys[I].Op;
    Order.Position[Keys[I].Op] = I;
  }

  // A unit goes where its best member goes: in op order, each unit at its
  // first member; units without members last.
  const PlacementUnits &Units = Ctx.units();
  std::vector<uint8_t> Seen(Units.numUnits(), 0);
  Order.Units.clear();
  Order.Units.reserve(Units.numUnits());
  for (unsigned V : Order.Ops) {
    unsigned U = Units.unitOf(V);
    if (!Seen[U]) {
      Seen[U] = 1;
      Order.Units.push_back(U);
    }
  }
  for (unsigned U = 0, E = Units.numUnits(); U != E; ++U)
    if (!Seen[U])
      Order.Units.push_back(U);
}

PriorityOrder computePriority(const PlacementContext &Ctx, unsigned II,
                              unsigned Variant) {
  const DepGraph &G = Ctx.graph();
  PriorityOrder Order;
  Order.Height = computeHeights(G, II);
  ArrayRef<unsigned> Rank = G.kahnRank();
  // Higher first, ties by Kahn rank. A variant ranks by heights with a
  // small deterministic jitter: ops of nearly equal height trade places,
  // and with them the whole search.
  std::vector<OpKey> Keys(G.size());
  for (unsigned V = 0, E = G.size(); V != E; ++V) {
    int64_t Key = Order.Height[V];
    if (Variant)
      Key += int64_t(mix(uint64_t(V) << 32 | Variant) % HeightJitter);
    Keys[V] = {-Key, Rank[V], V};
  }
  orderBy(Ctx, Order, Keys);
  return Order;
}

PriorityOrder priorityFromStarts(const PlacementContext &Ctx, unsigned II,
                                 ArrayRef<int64_t> Starts) {
  PriorityOrder Order;
  Order.Height = computeHeights(Ctx.graph(), II);
  // Earlier first, ties by greater height.
  std::vector<OpKey> Keys(Ctx.size());
  for (unsigned V = 0, E = Ctx.size(); V != E; ++V)
    Keys[V] = {Starts[V], -Order.Height[V], V};
  orderBy(Ctx, Order, Keys);
  return Order;
}

} // namespace tileas
