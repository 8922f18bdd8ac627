//===- PlacementContext.cpp - What placement knows apart from II ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PlacementContext.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <limits>
#include <tuple>

using namespace llvm;

namespace tileas {

/// Work (arcs looked at) the implied-arc reduction may spend per op and
/// dependence of the loop.
static constexpr uint64_t ImpliedArcWork = 256;

namespace {
/// A difference constraint S(Head) >= S(Tail) + A + B * II before CSR form.
/// A is a latency (or 0, 1) and B minus a distance or stage gap: 32 bits
/// hold both, and halve what a large loop's arcs take.
struct RawArc {
  unsigned Tail, Head;
  int32_t A, B;
  bool Dependence = false;
};
} // namespace

/// Marks the dependence arcs that two kept arcs imply at every II: an arc
/// u -> v of latency L and distance D is implied by u -> w -> v with
/// latencies L1 + L2 >= L and distances D1 + D2 <= D, since then
/// L1 + L2 - II * (D1 + D2) >= L - II * D for all II >= 0; it is also
/// implied by a parallel arc that dominates it. Conservative memory
/// dependences make most of the arcs of large loops redundant this way,
/// and every bound propagation pays for each arc it scans.
///
/// The arcs of one tail are decided together against the arcs kept so far.
/// That is sound only if no two removed arcs imply each other; such a cycle
/// of implications needs a distance-0 cycle among their heads, so the
/// reduction runs only when distance-0 dependences are acyclic. Only
/// 2-paths of total distance at most 1 are looked for (the loops of
/// interest have distances 0 and 1).
static unsigned markImpliedArcs(unsigned NumOps, llvm::ArrayRef<RawArc> Raw,
                                unsigned NumDepArcs,
                                std::vector<uint8_t> &Implied) {
  Implied.assign(Raw.size(), 0);
  std::vector<unsigned> Begin(NumOps + 1, 0), List(NumDepArcs);
  for (unsigned I = 0; I != NumDepArcs; ++I)
    ++Begin[Raw[I].Tail + 1];
  for (unsigned V = 0; V != NumOps; ++V)
    Begin[V + 1] += Begin[V];
  std::vector<unsigned> Fill(Begin.begin(), Begin.end() - 1);
  for (unsigned I = 0; I != NumDepArcs; ++I)
    List[Fill[Raw[I].Tail]++] = I;

  // The arcs in List order, contiguous: the 2-path scan reads the second
  // hops' arcs in a row.
  struct TailArc {
    unsigned Head;
    int32_t A, B;
    unsigned Id;
  };
  std::vector<TailArc> Arcs(NumDepArcs);
  for (unsigned K = 0; K != NumDepArcs; ++K)
    Arcs[K] = {Raw[List[K]].Head, Raw[List[K]].A, Raw[List[K]].B, List[K]};

  constexpr int64_t None = std::numeric_limits<int64_t>::min();
  // Best latency of a 2-path from the current tail, by total distance.
  std::vector<int64_t> Reach0(NumOps, None), Reach1(NumOps, None);
  // U + 1 on the heads of U's arcs: only 2-paths that end there can imply
  // one of them.
  std::vector<unsigned> HeadOf(NumOps, 0);
  std::vector<unsigned> Touched, Sorted;
  unsigned Count = 0;
  // The 2-path scan costs the out-degrees of the first hops; dense memory
  // dependences make that quadratic, so a budget bounds it (arcs it has no
  // time for are kept, which is always sound).
  uint64_t Work = 0, MaxWork = ImpliedArcWork * (uint64_t(NumOps) + NumDepArcs);
  for (unsigned U = 0; U != NumOps; ++U) {
    uint64_t Cost = 0;
    for (unsigned I = Begin[U]; I != Begin[U + 1]; ++I)
      Cost += 1 + Begin[Arcs[I].Head + 1] - Begin[Arcs[I].Head];
    bool Scan = Work + Cost <= MaxWork;
    Work += Scan ? Cost : Begin[U + 1] - Begin[U];
    if (Scan)
      for (unsigned I = Begin[U]; I != Begin[U + 1]; ++I)
        HeadOf[Arcs[I].Head] = U + 1;
    for (unsigned I = Begin[U]; I != Begin[U + 1] && Scan; ++I) {
      const TailArc &First = Arcs[I];
      unsigned W = First.Head;
      if (W == U || Implied[First.Id] || First.B < -1)
        continue;
      for (unsigned J = Begin[W]; J != Begin[W + 1]; ++J) {
        const TailArc &Second = Arcs[J];
        unsigned X = Second.Head;
        if (HeadOf[X] != U + 1)
          continue;
        int64_t Dist = -(int64_t(First.B) + Second.B);
        if (X == W || X == U || Implied[Second.Id] || Dist > 1)
          continue;
        int64_t &Best = Dist == 0 ? Reach0[X] : Reach1[X];
        if (Reach0[X] == None && Reach1[X] == None)
          Touched.push_back(X);
        Best = std::max(Best, int64_t(First.A) + Second.A);
      }
    }
    // Parallel arcs: by head, then strongest first (shorter distance,
    // then longer latency, then the earlier arc).
    Sorted.assign(List.begin() + Begin[U], List.begin() + Begin[U + 1]);
    llvm::sort(Sorted, [&](unsigned A, unsigned B) {
      return std::make_tuple(Raw[A].Head, -int64_t(Raw[A].B),
                             -int64_t(Raw[A].A), A) <
             std::make_tuple(Raw[B].Head, -int64_t(Raw[B].B),
                             -int64_t(Raw[B].A), B);
    });
    for (unsigned I = 0, E = Sorted.size(); I != E; ++I) {
      const RawArc &Arc = Raw[Sorted[I]];
      unsigned V = Arc.Head;
      if (V == U)
        continue;
      bool Redundant = Reach0[V] >= Arc.A ||
                       (Arc.B <= -1 && Reach1[V] != None && Reach1[V] >= Arc.A);
      for (unsigned J = I; J-- > 0 && Raw[Sorted[J]].Head == V && !Redundant;)
        Redundant = Raw[Sorted[J]].A >= Arc.A && Raw[Sorted[J]].B >= Arc.B;
      if (Redundant) {
        Implied[Sorted[I]] = 1;
        ++Count;
      }
    }
    for (unsigned X : Touched)
      Reach0[X] = Reach1[X] = None;
    Touched.clear();
  }
  return Count;
}

PlacementContext::PlacementContext(const Problem &P,
                                   const SchedulerOptions &Opts,
                                   ArrayRef<int> ExtraGaps)
    : P(P), G(P), Units(P), Gap(budgetStageGaps(P)) {
  for (unsigned I = 0, E = Gap.size(); I != E && I < ExtraGaps.size(); ++I)
    Gap[I] = std::min(Gap[I], ExtraGaps[I]);

  unsigned N = P.size();
  StageLimit.assign(N, 0);
  RowBegin.assign(N + 1, 0);
  Area.assign(N, 0);
  uint64_t UsedBits = 0;
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    unsigned Limit = Units.depthLimit(Units.unitOf(Op));
    if (Opts.MaxStages && (!Limit || Opts.MaxStages < Limit))
      Limit = Opts.MaxStages;
    StageLimit[Op] = Limit;
    StageConstrained |= Limit != 0;

    if (!O.FootprintRows.empty())
      RowStore.insert(RowStore.end(), O.FootprintRows.begin(),
                      O.FootprintRows.end());
    else
      append_range(RowStore, buildFootprint(O.Slots));
    RowBegin[Op + 1] = RowStore.size();

    uint64_t Length = RowBegin[Op + 1] - RowBegin[Op];
    for (unsigned K = RowBegin[Op]; K != RowBegin[Op + 1]; ++K) {
      Area[Op] += popcount(RowStore[K]);
      UsedBits |= RowStore[K];
      for (uint64_t B = RowStore[K]; B; B &= B - 1)
        ++RowsPerBit[countr_zero(B)];
    }
    uint64_t OpBits = 0;
    for (unsigned K = RowBegin[Op]; K != RowBegin[Op + 1]; ++K)
      OpBits |= RowStore[K];
    for (uint64_t Bits = OpBits; Bits; Bits &= Bits - 1) {
      unsigned Bit = countr_zero(Bits);
      unsigned Held = 0;
      for (unsigned K = RowBegin[Op]; K != RowBegin[Op + 1]; ++K)
        Held += (RowStore[K] >> Bit) & 1;
      if (!ShortestHold[Bit])
        UniformHold |= uint64_t(1) << Bit;
      else if (Held != ShortestHold[Bit] || Held != LongestHold[Bit])
        UniformHold &= ~(uint64_t(1) << Bit);
      if (!ShortestHold[Bit] || Held < ShortestHold[Bit])
        ShortestHold[Bit] = Held;
      LongestHold[Bit] = std::max(LongestHold[Bit], Held);
      auto It = llvm::find_if(HoldCounts[Bit], [&](const HoldCount &C) {
        return C.Length == Held;
      });
      if (It == HoldCounts[Bit].end())
        HoldCounts[Bit].push_back({Held, 1});
      else
        ++It->Count;
    }
    for (const PoolUse &U : O.Pools) {
      Area[Op] += U.Units * U.Duration;
      Length = std::max<uint64_t>(Length, U.Duration);
    }
    SequentialLength += std::max<uint64_t>(Length, 1);
  }
  for (unsigned U = 0, E = Units.numUnits(); U != E; ++U)
    StageConstrained |= Units.members(U).size() > 1;
  for (int G : Gap)
    StageConstrained |= G != NoStageGap;

  for (unsigned Bit = 0; Bit != 64; ++Bit)
    ColumnOfBit[Bit] = (UsedBits >> Bit) & 1 ? NumColumns++ : 64;

  // Constraint arcs in CSR form, both directions: the dependences first
  // (less those that others imply), then the stage gaps and the hubs.
  std::vector<RawArc> Raw;
  ArrayRef<Dependence> Deps = P.dependences();
  Raw.reserve(2 * Deps.size() + 2 * N);
  for (const Dependence &D : Deps)
    Raw.push_back({D.From, D.To, D.Latency, -int32_t(D.Distance), true});
  std::vector<uint8_t> Implied;
  if (G.zeroDistanceAcyclic())
    NumImplied = markImpliedArcs(N, Raw, Deps.size(), Implied);
  else
    Implied.assign(Raw.size(), 0);
  unsigned Kept = 0;
  for (unsigned I = 0, E = Raw.size(); I != E; ++I)
    if (!Implied[I])
      Raw[Kept++] = Raw[I];
  Raw.resize(Kept);
  for (unsigned I = 0, E = Deps.size(); I != E; ++I)
    if (Gap[I] != NoStageGap)
      Raw.push_back({Deps[I].To, Deps[I].From, 1, -(Gap[I] + 1)});
  // A hub per multi-op unit: members start within II - 1 of it, the
  // difference-constraint shadow of sharing a stage.
  NumNodes = N;
  std::vector<unsigned> HubOf(Units.numUnits(), ~0u);
  for (unsigned U = 0, E = Units.numUnits(); U != E; ++U) {
    ArrayRef<unsigned> Members = Units.members(U);
    if (Members.size() < 2)
      continue;
    unsigned Hub = NumNodes++;
    HubOf[U] = Hub;
    for (unsigned V : Members) {
      Raw.push_back({Hub, V, 0, 0});
      Raw.push_back({V, Hub, 1, -1});
    }
  }
  ArcOutBegin.assign(NumNodes + 1, 0);
  ArcInBegin.assign(NumNodes + 1, 0);
  for (const RawArc &A : Raw) {
    ++ArcOutBegin[A.Tail + 1];
    ++ArcInBegin[A.Head + 1];
  }
  for (unsigned V = 0; V != NumNodes; ++V) {
    ArcOutBegin[V + 1] += ArcOutBegin[V];
    ArcInBegin[V + 1] += ArcInBegin[V];
  }
  ArcOut.resize(Raw.size());
  ArcIn.resize(Raw.size());
  std::vector<unsigned> OutFill(ArcOutBegin.begin(), ArcOutBegin.end() - 1);
  std::vector<unsigned> InFill(ArcInBegin.begin(), ArcInBegin.end() - 1);
  for (const RawArc &A : Raw) {
    ArcOut[OutFill[A.Tail]++] = {A.Head, A.A, A.B, A.Dependence};
    ArcIn[InFill[A.Head]++] = {A.Tail, A.A, A.B, A.Dependence};
  }

  Rank.assign(NumNodes, 0);
  unsigned Next = 0;
  for (unsigned V : G.kahnOrder()) {
    unsigned Hub = HubOf[Units.unitOf(V)];
    if (Hub != ~0u) {
      Rank[Hub] = Next++;
      HubOf[Units.unitOf(V)] = ~0u;
    }
    Rank[V] = Next++;
  }
}

} // namespace tileas
