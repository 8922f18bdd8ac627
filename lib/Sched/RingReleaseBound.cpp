//===- RingReleaseBound.cpp - Ring depths that late releases force --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RingReleaseBound.h"
#include "BudgetBound.h"
#include "DepGraph.h"

#include "tileas/Pipes/PipeSolve.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

namespace {

/// One asynchronous reader's hold of one column, relative to the producer.
struct ReaderHold {
  int64_t From;    ///< Earliest cycle of the hold.
  uint64_t Energy; ///< Rows, or units times cycles.
  int64_t Tail;    ///< Its release after the last cycle of the hold.
};

/// The least latest release of readers that share a column of capacity
/// Capacity: the last of those starting at least Items[K].From cycles after
/// the producer holds the column no earlier than that plus the cycles their
/// energy fills, minus one.
int64_t crowdedRelease(SmallVectorImpl<ReaderHold> &Items, uint64_t Capacity) {
  llvm::stable_sort(Items, [](const ReaderHold &A, const ReaderHold &B) {
    return A.From < B.From;
  });
  int64_t Best = NoPath;
  uint64_t Energy = 0;
  int64_t Tail = std::numeric_limits<int64_t>::max();
  for (unsigned K = Items.size(); K-- > 0;) {
    Energy += Items[K].Energy;
    Tail = std::min(Tail, Items[K].Tail);
    int64_t Cycles = int64_t((Energy + Capacity - 1) / Capacity);
    Best = std::max(Best, Items[K].From + Cycles - 1 + Tail);
  }
  return Best;
}

} // namespace

RingReleaseDepths::RingReleaseDepths(const Problem &P, const DepGraph &G)
    : P(P) {
  if (!P.Coordination || P.Coordination->Ops.size() != P.size())
    return;
  const pipes::SolveInput &In = *P.Coordination;
  // Values rewritten in place share a buffer with others: their ring's
  // owner and depth depend on the group, so they are left out.
  std::vector<bool> InPlace(In.Values.size(), false);
  for (const pipes::Read &Rd : In.Reads)
    if (Rd.InPlace) {
      InPlace[Rd.Value] = true;
      if (Rd.Result >= 0)
        InPlace[Rd.Result] = true;
    }
  bool Paths = G.zeroDistanceAcyclic();
  std::vector<int64_t> Head;
  ArrayRef<PoolDesc> Pools = P.model().pools();
  for (unsigned V = 0, E = In.Values.size(); V != E; ++V) {
    const pipes::BufferedValue &BV = In.Values[V];
    if (BV.Producer < 0 || unsigned(BV.Producer) >= P.size() || InPlace[V] ||
        BV.Budget < 0 || unsigned(BV.Budget) >= In.BudgetCapacity.size() ||
        !BV.Bytes)
      continue;
    unsigned Producer = unsigned(BV.Producer);
    const pipes::LoopOp &Owner = In.Ops[Producer];
    SmallVector<unsigned, 8> Readers;
    bool HasRing = Owner.Async;
    for (const pipes::Read &Rd : In.Reads) {
      if (Rd.Value != V || Rd.Op >= P.size() || Rd.Op == Producer)
        continue;
      const pipes::LoopOp &Reader = In.Ops[Rd.Op];
      HasRing |= Reader.Async || Reader.Unit != Owner.Unit;
      if (Rd.Distance == 0 && !is_contained(Readers, Rd.Op))
        Readers.push_back(Rd.Op);
    }
    if (!HasRing || Readers.empty())
      continue;
    if (Paths) {
      longestZeroDistancePaths(G, /*Forward=*/true, {Producer}, Head);
    } else {
      Head.assign(P.size(), NoPath);
      for (const GraphEdge &GE : G.succs(Producer))
        if (GE.Distance == 0)
          Head[GE.Other] = std::max<int64_t>(Head[GE.Other], GE.Latency);
    }
    Ring R{Producer, BV.Bytes, unsigned(BV.Budget), {}, NoPath};
    // Per column (slot bit, or 64 + pool), the asynchronous readers' holds.
    SmallVector<std::pair<unsigned, ReaderHold>, 16> Holds;
    for (unsigned Op : Readers) {
      R.ReaderPaths.push_back(Head[Op]);
      if (!In.Ops[Op].Async || Head[Op] == NoPath)
        continue;
      int64_t Latency = In.Ops[Op].Latency;
      R.Release = std::max(R.Release, Head[Op] + Latency);
      for (const Hold &H : holdsOf(P, Op))
        Holds.push_back(
            {H.Column,
             {Head[Op] + H.First, H.Energy, Latency - int64_t(H.Last)}});
    }
    llvm::stable_sort(
        Holds, [](const auto &A, const auto &B) { return A.first < B.first; });
    for (unsigned I = 0, N = Holds.size(); I != N;) {
      unsigned Column = Holds[I].first, J = I;
      SmallVector<ReaderHold, 8> Items;
      for (; J != N && Holds[J].first == Column; ++J)
        Items.push_back(Holds[J].second);
      uint64_t Capacity = Column < 64 ? 1
                          : Column - 64 < Pools.size()
                              ? std::max(1u, Pools[Column - 64].Capacity)
                              : 1;
      if (Items.size() > 1)
        R.Release = std::max(R.Release, crowdedRelease(Items, Capacity));
      I = J;
    }
    Rings.push_back(std::move(R));
  }
}

RingReleaseDepths::Need RingReleaseDepths::need(unsigned II) const {
  const pipes::SolveInput &In = *P.Coordination;
  II = std::max(II, 1u);
  Need N;
  N.Least.assign(In.BudgetCapacity.size(), 0);
  for (const Ring &R : Rings) {
    int64_t Depth = 1;
    for (int64_t Path : R.ReaderPaths)
      if (Path != NoPath)
        Depth = std::max(Depth, 1 + floorDiv(Path, II));
    if (R.Release != NoPath)
      Depth = std::max(Depth, (R.Release + II - 1) / int64_t(II));
    Depth = std::min<int64_t>(Depth, 1 << 30);
    N.Depth.push_back(unsigned(Depth));
    N.Least[R.Budget] += R.Bytes * uint64_t(Depth);
  }
  for (unsigned B = 0, E = N.Least.size(); B != E && N.Exceeded < 0; ++B)
    if (N.Least[B] > In.BudgetCapacity[B])
      N.Exceeded = int(B);
  return N;
}

std::string RingReleaseDepths::explain(unsigned II, bool EveryII) const {
  if (Rings.empty())
    return "";
  Need N = need(II);
  if (N.Exceeded < 0)
    return "";
  const pipes::SolveInput &In = *P.Coordination;
  unsigned B = unsigned(N.Exceeded);
  // The largest charges first, ties by ring.
  SmallVector<std::pair<uint64_t, unsigned>, 8> Charges;
  for (unsigned I = 0, E = Rings.size(); I != E; ++I)
    if (Rings[I].Budget == B)
      Charges.push_back({Rings[I].Bytes * N.Depth[I], I});
  llvm::stable_sort(
      Charges, [](const auto &X, const auto &Y) { return X.first > Y.first; });
  std::string List;
  for (unsigned I = 0, E = std::min<size_t>(Charges.size(), 3); I != E; ++I) {
    const Ring &R = Rings[Charges[I].second];
    List += formatv("{0}'{1}' {2} x {3}", I ? ", " : "",
                    P.operations()[R.Producer].Name, N.Depth[Charges[I].second],
                    R.Bytes);
  }
  if (Charges.size() > 3)
    List += ", ...";
  std::string Name = B < In.BudgetNames.size() ? In.BudgetNames[B]
                                               : formatv("pool {0}", B).str();
  std::string Where =
      EveryII ? std::string("at every II") : formatv("at II {0}", II).str();
  return formatv("the loop's rings need {0} of '{1}' ({2}) {3}: their "
                 "asynchronous readers release each slot so late, and their "
                 "stage distances leave so few iterations, that no ring can "
                 "be shallower ({4})",
                 N.Least[B], Name, In.BudgetCapacity[B], Where, List);
}

} // namespace tileas
