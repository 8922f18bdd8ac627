//===- BudgetBound.cpp - Budgets against stage distances ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The paths used are those of distance-0 dependences (longest paths in the
// Kahn order, independent of II) and each Data edge on its own; both are
// real path lengths, so every window and stage distance derived from them is
// sound, if weaker than the longest paths through loop-carried edges. That
// makes everything but the arithmetic independent of II: the per-II test is
// a few operations per producer and per op near it.
//
//===----------------------------------------------------------------------===//

#include "BudgetBound.h"
#include "Bounds.h"
#include "DepGraph.h"
#include "RingReleaseBound.h"

#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <limits>

using namespace llvm;

namespace tileas {

SmallVector<Hold, 4> holdsOf(const Problem &P, unsigned Op) {
  const Operation &O = P.operations()[Op];
  SmallVector<uint64_t, 8> Built;
  ArrayRef<uint64_t> Rows = O.FootprintRows;
  if (Rows.empty()) {
    Built = buildFootprint(O.Slots);
    Rows = Built;
  }
  SmallVector<Hold, 4> Holds;
  uint64_t Bits = 0;
  for (uint64_t Row : Rows)
    Bits |= Row;
  for (uint64_t B = Bits; B; B &= B - 1) {
    unsigned Bit = countr_zero(B);
    Hold H{Bit, ~0u, 0, 0};
    for (unsigned K = 0, E = Rows.size(); K != E; ++K)
      if ((Rows[K] >> Bit) & 1) {
        H.First = std::min(H.First, K);
        H.Last = K;
        ++H.Energy;
      }
    Holds.push_back(H);
  }
  for (const PoolUse &U : O.Pools) {
    if (!U.Units || !U.Duration)
      continue;
    auto It = llvm::find_if(
        Holds, [&](const Hold &H) { return H.Column == 64 + U.Pool; });
    if (It == Holds.end())
      Holds.push_back(
          {64 + U.Pool, 0, U.Duration - 1, uint64_t(U.Units) * U.Duration});
    else {
      It->Last = std::max(It->Last, U.Duration - 1);
      It->Energy += uint64_t(U.Units) * U.Duration;
    }
  }
  return Holds;
}

void longestZeroDistancePaths(const DepGraph &G, bool Forward,
                              ArrayRef<unsigned> Sources,
                              std::vector<int64_t> &Dist) {
  Dist.assign(G.size(), NoPath);
  for (unsigned S : Sources)
    Dist[S] = 0;
  ArrayRef<unsigned> Order = G.kahnOrder();
  for (unsigned I = 0, N = Order.size(); I != N; ++I) {
    unsigned V = Order[Forward ? I : N - 1 - I];
    if (Dist[V] == NoPath)
      continue;
    for (const GraphEdge &E : Forward ? G.succs(V) : G.preds(V))
      if (E.Distance == 0 && E.Other != V)
        Dist[E.Other] = std::max(Dist[E.Other], Dist[V] + E.Latency);
  }
}

namespace {

/// An op that a depth of 1 confines to the II cycles after its producer:
/// its start lies in [Lo, II - 1 - Tail] relative to the producer's.
struct WindowOp {
  int64_t Lo, Tail;
  SmallVector<Hold, 4> Holds;
};

/// One op's budget charges and what its ring depth depends on.
struct Producer {
  unsigned Op = 0;
  /// Per Data edge: the consumer's least distance-0 path from the producer
  /// (NoPath if none), the edge's own latency and its distance.
  struct Edge {
    int64_t Path;
    int64_t Latency;
    unsigned Distance;
  };
  SmallVector<Edge, 4> Edges;
  /// The ops a depth of 1 confines (the producer first), or empty when the
  /// depth is at least 2 anyway or they are too many to look at.
  std::vector<WindowOp> Window;
};

/// The budget producers of P with what their depths need.
class BudgetDepths {
public:
  BudgetDepths(const Problem &P, const DepGraph &G, const BudgetBoundLimits &L)
      : P(P) {
    std::vector<int64_t> Head, Tail;
    bool Paths = G.zeroDistanceAcyclic();
    for (unsigned Op = 0, N = P.size(); Op != N; ++Op) {
      if (P.operations()[Op].Budgets.empty())
        continue;
      Producer Pr;
      Pr.Op = Op;
      if (Paths)
        longestZeroDistancePaths(G, /*Forward=*/true, {Op}, Head);
      SmallVector<unsigned, 8> Consumers;
      bool Deep = false;
      for (const GraphEdge &E : G.succs(Op)) {
        if (E.Kind != DepKind::Data)
          continue;
        int64_t Path = E.Distance == 0 && Paths ? Head[E.Other] : NoPath;
        Pr.Edges.push_back({Path, E.Latency, E.Distance});
        Deep |= E.Distance > 0;
        if (E.Other != Op)
          Consumers.push_back(E.Other);
      }
      if (Paths && !Deep && !Consumers.empty()) {
        longestZeroDistancePaths(G, /*Forward=*/false, Consumers, Tail);
        Pr.Window.push_back(
            {0, std::max<int64_t>(Tail[Op], 0), holdsOf(P, Op)});
        for (unsigned V = 0; V != N && Pr.Window.size() <= L.MaxWindowOps; ++V)
          if (V != Op && Head[V] != NoPath && Tail[V] != NoPath)
            Pr.Window.push_back({Head[V], Tail[V], holdsOf(P, V)});
        if (Pr.Window.size() > L.MaxWindowOps)
          Pr.Window.clear();
      }
      Producers.push_back(std::move(Pr));
    }
  }

  bool empty() const { return Producers.empty(); }

  BudgetNeed need(unsigned II) const {
    ArrayRef<BudgetDesc> Budgets = P.model().budgets();
    BudgetNeed Need;
    Need.Least.assign(Budgets.size(), 0);
    Need.Depth.assign(P.size(), 1);
    for (const Producer &Pr : Producers) {
      const Operation &O = P.operations()[Pr.Op];
      int64_t Span = 0;
      bool LaterConsumer = false;
      for (const Producer::Edge &E : Pr.Edges) {
        int64_t Stages = floorDiv(E.Latency, II);
        if (E.Path != NoPath)
          Stages = std::max(Stages, floorDiv(E.Path, II) + E.Distance);
        Span = std::max(Span, Stages);
        LaterConsumer |= Stages - int64_t(E.Distance) >= 1;
      }
      if (Span == 0 && crowded(Pr.Window, II))
        Span = 1;
      Need.Depth[Pr.Op] = unsigned(std::min<int64_t>(1 + Span, 1u << 30));
      bool Pipes = O.Async || LaterConsumer;
      for (const BudgetUse &U : O.Budgets) {
        if (U.Budget >= Budgets.size())
          continue;
        uint64_t Charge = U.Scaling == BudgetScaling::PerStage
                              ? U.Amount * Need.Depth[Pr.Op]
                          : Pipes ? U.Amount
                                  : 0;
        Need.Least[U.Budget] += Charge;
      }
    }
    for (unsigned B = 0, E = Budgets.size(); B != E && Need.Exceeded < 0; ++B)
      if (Need.Least[B] > Budgets[B].Capacity)
        Need.Exceeded = int(B);
    return Need;
  }

private:
  /// True when the ops of Window cannot all start within the II cycles
  /// after the producer: some window is empty, or the ops whose holds must
  /// fall inside some span of at most II cycles need more of a slot or pool
  /// than the span has.
  bool crowded(ArrayRef<WindowOp> Window, unsigned II) const {
    if (Window.empty())
      return false;
    struct Item {
      int64_t Lo, Hi;
      uint64_t Energy;
    };
    SmallVector<Item, 32> Items;
    SmallVector<unsigned, 16> Columns;
    for (const WindowOp &W : Window) {
      if (W.Lo > int64_t(II) - 1 - W.Tail)
        return true;
      for (const Hold &H : W.Holds)
        if (!llvm::is_contained(Columns, H.Column))
          Columns.push_back(H.Column);
    }
    ArrayRef<PoolDesc> Pools = P.model().pools();
    for (unsigned Column : Columns) {
      uint64_t Capacity = Column < 64 ? 1 : Pools[Column - 64].Capacity;
      Items.clear();
      for (unsigned I = 0, E = Window.size(); I != E; ++I) {
        const WindowOp &W = Window[I];
        int64_t Lo = I == 0 ? 0 : W.Lo;
        int64_t Hi = I == 0 ? 0 : int64_t(II) - 1 - W.Tail;
        for (const Hold &H : W.Holds)
          if (H.Column == Column)
            Items.push_back({Lo + H.First, Hi + H.Last, H.Energy});
      }
      if (Items.size() < 2)
        continue;
      // Spans [From, To] start where some hold can start earliest and end
      // where some hold can end latest.
      for (const Item &A : Items) {
        SmallVector<std::pair<int64_t, uint64_t>, 32> Inside;
        for (const Item &B : Items)
          if (B.Lo >= A.Lo && B.Hi - A.Lo + 1 <= int64_t(II))
            Inside.push_back({B.Hi, B.Energy});
        llvm::sort(Inside);
        uint64_t Energy = 0;
        for (auto [Hi, E] : Inside) {
          Energy += E;
          if (Energy > Capacity * uint64_t(Hi - A.Lo + 1))
            return true;
        }
      }
    }
    return false;
  }

  const Problem &P;
  std::vector<Producer> Producers;
};

} // namespace

BudgetNeed leastBudgetNeed(const Problem &P, const DepGraph &G, unsigned II,
                           const BudgetBoundLimits &L) {
  return BudgetDepths(P, G, L).need(std::max(II, 1u));
}

unsigned computeBudgetMII(const Problem &P, const DepGraph &G, unsigned From,
                          const BudgetBoundLimits &L) {
  if (From == InfeasibleII || P.model().budgets().empty())
    return From;
  BudgetDepths Depths(P, G, L);
  RingReleaseDepths Rings(P, G);
  if (Depths.empty() && Rings.empty())
    return From;
  From = std::max(From, 1u);
  auto Fits = [&](uint64_t II) {
    return Depths.need(unsigned(II)).Exceeded < 0 &&
           (Rings.empty() || Rings.need(unsigned(II)).Exceeded < 0);
  };
  return leastPassingII(From, Fits);
}

std::string explainBudgetBound(const Problem &P, const DepGraph &G, unsigned II,
                               const BudgetBoundLimits &L) {
  if (II == 0)
    return "";
  bool Always = II == InfeasibleII;
  BudgetNeed Need = leastBudgetNeed(P, G, Always ? II - 1 : II, L);
  if (Need.Exceeded < 0)
    return RingReleaseDepths(P, G).explain(Always ? II - 1 : II, Always);
  unsigned B = unsigned(Need.Exceeded);
  // The largest charges first, ties by op.
  SmallVector<std::pair<uint64_t, unsigned>, 8> Charges;
  for (unsigned Op = 0, N = P.size(); Op != N; ++Op)
    for (const BudgetUse &U : P.operations()[Op].Budgets)
      if (U.Budget == B && U.Scaling == BudgetScaling::PerStage)
        Charges.push_back({U.Amount * Need.Depth[Op], Op});
  llvm::stable_sort(
      Charges, [](const auto &X, const auto &Y) { return X.first > Y.first; });
  std::string Rings;
  for (unsigned I = 0, E = std::min<size_t>(Charges.size(), 3); I != E; ++I) {
    unsigned Op = Charges[I].second;
    Rings +=
        formatv("{0}'{1}' {2} x {3}", I ? ", " : "", P.operations()[Op].Name,
                Need.Depth[Op], Charges[I].first / Need.Depth[Op]);
  }
  if (Charges.size() > 3)
    Rings += ", ...";
  const BudgetDesc &Pool = P.model().budgets()[B];
  std::string Where =
      Always ? std::string("at every II") : formatv("at II {0}", II).str();
  return formatv("budget pool '{0}' needs {1} of {2} {3}, where the stage "
                 "distances to their consumers leave the fewest ring copies "
                 "({4})",
                 Pool.Name, Need.Least[B], Pool.Capacity, Where,
                 Rings.empty() ? std::string("barriers") : Rings);
}

} // namespace tileas
