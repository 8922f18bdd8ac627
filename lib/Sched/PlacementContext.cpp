//===- PlacementContext.cpp - What placement knows apart from II ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PlacementContext.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

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
    for (unsigned Bit = 0; Bit != 64; ++Bit) {
      unsigned Held = 0;
      for (unsigned K = RowBegin[Op]; K != RowBegin[Op + 1]; ++K)
        Held += (RowStore[K] >> Bit) & 1;
      if (!Held)
        continue;
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

  // Constraint arcs in CSR form, both directions.
  struct RawArc {
    unsigned Tail, Head;
    int64_t A, B;
  };
  std::vector<RawArc> Raw;
  ArrayRef<Dependence> Deps = P.dependences();
  for (unsigned I = 0, E = Deps.size(); I != E; ++I) {
    const Dependence &D = Deps[I];
    Raw.push_back({D.From, D.To, D.Latency, -int64_t(D.Distance)});
    if (Gap[I] != NoStageGap)
      Raw.push_back({D.To, D.From, 1, -(int64_t(Gap[I]) + 1)});
  }
  // A hub per multi-op unit: members start within II - 1 of it, the
  // difference-constraint shadow of sharing a stage.
  NumNodes = N;
  for (unsigned U = 0, E = Units.numUnits(); U != E; ++U) {
    ArrayRef<unsigned> Members = Units.members(U);
    if (Members.size() < 2)
      continue;
    unsigned Hub = NumNodes++;
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
    ArcOut[OutFill[A.Tail]++] = {A.Head, A.A, A.B};
    ArcIn[InFill[A.Head]++] = {A.Tail, A.A, A.B};
  }
}

} // namespace tileas
