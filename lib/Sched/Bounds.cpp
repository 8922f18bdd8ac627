//===- Bounds.cpp - Lower bounds on the initiation interval ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The bounds of computeBounds, each a sound lower bound on the II of any
// schedule that satisfies the Problem.h semantics:
//  * resource: a slot is held by one op per modulo row, so II >= the rows
//    of all footprints that hold it;
//  * fine density: a counting pool offers Capacity units per row;
//  * recurrence: S(To) + II * D >= S(From) + L around a cycle gives
//    II >= sum(L) / sum(D);
//  * dependency: stage limits against latency paths (see Bounds.h);
//  * recurrence with resources: each recurrence alone, with the slots and
//    pools of its ops (RecurrenceResourceBound.h);
//  * budget: the ring copies that stage distances force against the budget
//    pools (BudgetBound.h).
//
//===----------------------------------------------------------------------===//

#include "Bounds.h"
#include "BudgetBound.h"
#include "DepGraph.h"
#include "DifferenceConstraints.h"
#include "Groups.h"
#include "PlacementContext.h"
#include "RecurrenceResourceBound.h"

#include "tileas/Sched/Scheduler.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

static uint64_t ceilDiv(uint64_t A, uint64_t B) { return (A + B - 1) / B; }

static unsigned clampToBound(uint64_t V) {
  return V >= InfeasibleII ? InfeasibleII - 1 : unsigned(V);
}

unsigned computeResourceMII(const Problem &P) {
  uint64_t RowsPerBit[MaxSlotId] = {};
  for (const Operation &Op : P.operations()) {
    SmallVector<uint64_t, 8> Built;
    ArrayRef<uint64_t> Rows = Op.FootprintRows;
    if (Rows.empty()) {
      Built = buildFootprint(Op.Slots);
      Rows = Built;
    }
    for (uint64_t Row : Rows)
      for (; Row; Row &= Row - 1)
        ++RowsPerBit[countr_zero(Row)];
  }
  return clampToBound(
      *std::max_element(std::begin(RowsPerBit), std::end(RowsPerBit)));
}

unsigned computeFineDensityMII(const Problem &P) {
  ArrayRef<PoolDesc> Pools = P.model().pools();
  std::vector<uint64_t> Demand(Pools.size(), 0);
  for (const Operation &Op : P.operations())
    for (const PoolUse &U : Op.Pools)
      if (U.Pool < Pools.size())
        Demand[U.Pool] += uint64_t(U.Units) * U.Duration;
  uint64_t Bound = 0;
  for (unsigned I = 0, E = Pools.size(); I != E; ++I)
    if (Pools[I].Capacity)
      Bound = std::max(Bound, ceilDiv(Demand[I], Pools[I].Capacity));
  return clampToBound(Bound);
}

/// Cycle-ratio steps of the recurrence bound before it bisects instead.
static constexpr unsigned MaxRatioSteps = 32;

/// Bisection for the least II in (Lo, Hi] without a positive cycle, given
/// one at Lo; InfeasibleII when Hi has one too. Every cycle of distance
/// >= 1 is satisfied at Hi = the sum of positive latencies + 1, so a
/// positive cycle left there has distance 0.
static int64_t leastFeasibleII(DifferenceConstraints &System, int64_t Lo,
                               int64_t Hi) {
  if (System.hasPositiveCycle(Hi))
    return InfeasibleII;
  while (Hi - Lo > 1) {
    int64_t Mid = Lo + (Hi - Lo) / 2;
    (System.hasPositiveCycle(Mid) ? Lo : Hi) = Mid;
  }
  return Hi;
}

unsigned computeRecurrenceMII(const Problem &P, const DepGraph &G) {
  // The dependences inside the cyclic components, as one system: a cycle
  // lies inside one component, and one check covers them all.
  DifferenceConstraints System(G.size());
  int64_t PositiveLatency = 0;
  bool Cyclic = false;
  for (unsigned V = 0, E = G.size(); V != E; ++V)
    for (const GraphEdge &Edge : G.succs(V)) {
      unsigned C = G.sccOf()[V];
      if (G.sccOf()[Edge.Other] != C || !G.isCyclicSCC(C))
        continue;
      System.add(V, Edge.Other, Edge.Latency, -int64_t(Edge.Distance));
      PositiveLatency += std::max(Edge.Latency, 0);
      Cyclic = true;
    }
  if (!Cyclic)
    return 0;
  // The least II without a positive cycle. A positive cycle of latency L
  // and distance D at II proves every II below L / D infeasible, so the
  // search jumps to ceil(L / D) (Lawler's parametric search with cycle
  // ratios as steps: a few checks where bisection over [0, sum of
  // latencies] needs a dozen and more). One of distance 0 is positive at
  // every II.
  int64_t II = 0;
  DifferenceConstraints::CycleWeight Cycle;
  for (unsigned Steps = 0; System.findPositiveCycle(II, Cycle);) {
    if (Cycle.B == 0)
      return InfeasibleII;
    int64_t Distance = -Cycle.B;
    II = (Cycle.A + Distance - 1) / Distance;
    if (++Steps == MaxRatioSteps) {
      II = leastFeasibleII(System, II - 1, PositiveLatency + 1);
      break;
    }
  }
  return clampToBound(uint64_t(II));
}

std::vector<int> budgetStageGaps(const Problem &P) {
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  ArrayRef<Operation> Ops = P.operations();
  std::vector<int> Gap(P.dependences().size(), NoStageGap);
  if (Budgets.empty())
    return Gap;

  // The least usage of each pool: every ring at depth 1, and the barriers of
  // asynchronous producers, which always pipe.
  std::vector<uint64_t> Least(Budgets.size(), 0);
  for (const Operation &Op : Ops)
    for (const BudgetUse &U : Op.Budgets)
      if (U.Budget < Budgets.size() &&
          (U.Scaling == BudgetScaling::PerStage || Op.Async))
        Least[U.Budget] += U.Amount;

  std::vector<unsigned> MaxDepth(Ops.size(), 0); // 0 = unbounded
  for (unsigned V = 0, E = Ops.size(); V != E; ++V) {
    SmallVector<uint64_t, 4> PerCopy(Budgets.size(), 0);
    for (const BudgetUse &U : Ops[V].Budgets)
      if (U.Budget < Budgets.size() && U.Scaling == BudgetScaling::PerStage)
        PerCopy[U.Budget] += U.Amount;
    uint64_t Depth = ~uint64_t(0);
    for (unsigned B = 0, BE = Budgets.size(); B != BE; ++B) {
      if (PerCopy[B] == 0)
        continue;
      uint64_t Room =
          Budgets[B].Capacity > Least[B] ? Budgets[B].Capacity - Least[B] : 0;
      Depth = std::min(Depth, 1 + Room / PerCopy[B]);
    }
    if (Depth != ~uint64_t(0))
      MaxDepth[V] = unsigned(std::min<uint64_t>(Depth, 1u << 20));
  }
  ArrayRef<Dependence> Deps = P.dependences();
  for (unsigned I = 0, E = Deps.size(); I != E; ++I)
    if (Deps[I].Kind == DepKind::Data && MaxDepth[Deps[I].From] != 0)
      Gap[I] = int(MaxDepth[Deps[I].From]) - 1 - int(Deps[I].Distance);
  return Gap;
}

namespace {
/// Accumulates II >= ceil(Num / Den) terms; a term with Den <= 0 and
/// Num > 0 has no solution.
struct BoundAccumulator {
  uint64_t Bound = 0;
  bool Infeasible = false;
  void require(int64_t Num, int64_t Den) {
    if (Num <= 0)
      return;
    if (Den <= 0) {
      Infeasible = true;
      return;
    }
    Bound = std::max(Bound, uint64_t(ceilDiv(uint64_t(Num), uint64_t(Den))));
  }
};
} // namespace

static uint64_t pathDependencyBound(const PlacementContext &Ctx, unsigned Floor,
                                    bool &Infeasible) {
  const Problem &P = Ctx.problem();
  const DepGraph &G = Ctx.graph();
  const PlacementUnits &Units = Ctx.units();
  ArrayRef<int> EdgeStageGap = Ctx.stageGaps();
  unsigned N = P.size();
  BoundAccumulator Acc;
  // Sources whose terms cannot exceed this are skipped; the running bound
  // keeps the result exact, Floor only prunes what the caller already has.
  auto Threshold = [&] {
    return int64_t(std::max<uint64_t>(Acc.Bound, Floor));
  };
  ArrayRef<Dependence> Deps = P.dependences();

  // Direct edges under a stage gap: L - II*D <= S(v) - S(u) <= II*(K+1) - 1.
  for (unsigned I = 0, E = Deps.size(); I != E; ++I)
    if (EdgeStageGap[I] != NoStageGap)
      Acc.require(int64_t(Deps[I].Latency) + 1,
                  int64_t(EdgeStageGap[I]) + 1 + Deps[I].Distance);

  auto StageLimit = [&](unsigned V) { return Ctx.stageLimit(V); };

  // Longest distance-0 paths need a topological order; with a distance-0
  // cycle (of non-positive latency) the path terms are left out, which keeps
  // the bound sound, only weaker.
  if (!G.zeroDistanceAcyclic()) {
    Infeasible = Acc.Infeasible;
    return Acc.Bound;
  }
  ArrayRef<unsigned> Order = G.kahnOrder();
  ArrayRef<unsigned> Rank = G.kahnRank();

  // Earliest starts from the loop entry: S(v) <= Limit*II - 1.
  std::vector<int64_t> Asap(N, 0), Height(N, 0);
  for (unsigned V : Order)
    for (const GraphEdge &E : G.succs(V))
      if (E.Distance == 0 && E.Other != V)
        Asap[E.Other] = std::max(Asap[E.Other], Asap[V] + E.Latency);
  for (unsigned V = 0; V != N; ++V)
    if (unsigned Limit = StageLimit(V))
      Acc.require(Asap[V] + 1, Limit);
  // Height[u] bounds every distance-0 path leaving u: used to skip sources.
  for (unsigned I = N; I-- > 0;) {
    unsigned V = Order[I];
    for (const GraphEdge &E : G.succs(V))
      if (E.Distance == 0 && E.Other != V)
        Height[V] = std::max(Height[V], Height[E.Other] + E.Latency);
  }

  constexpr int64_t Unreached = INT64_MIN;
  std::vector<int64_t> Path(N, Unreached);
  std::vector<unsigned> Touched;
  auto LongestFrom = [&](unsigned U) {
    for (unsigned V : Touched)
      Path[V] = Unreached;
    Touched.clear();
    Path[U] = 0;
    Touched.push_back(U);
    for (unsigned I = Rank[U], E = N; I != E; ++I) {
      unsigned V = Order[I];
      if (Path[V] == Unreached)
        continue;
      for (const GraphEdge &Edge : G.succs(V)) {
        if (Edge.Distance != 0 || Edge.Other == V)
          continue;
        if (Path[Edge.Other] == Unreached)
          Touched.push_back(Edge.Other);
        Path[Edge.Other] = std::max(Path[Edge.Other], Path[V] + Edge.Latency);
      }
    }
  };

  // Edge stage gaps against the longest distance-0 path u ~> v.
  for (unsigned U = 0; U != N; ++U) {
    int MinGap = NoStageGap;
    for (const GraphEdge &E : G.succs(U))
      if (EdgeStageGap[E.Dep] != NoStageGap && E.Other != U)
        MinGap = std::min(MinGap, EdgeStageGap[E.Dep]);
    if (MinGap == NoStageGap)
      continue;
    if (MinGap >= 0 &&
        int64_t(ceilDiv(uint64_t(std::max<int64_t>(Height[U] + 1, 0)),
                        uint64_t(MinGap) + 1)) <= Threshold())
      continue;
    LongestFrom(U);
    for (const GraphEdge &E : G.succs(U))
      if (EdgeStageGap[E.Dep] != NoStageGap && E.Other != U &&
          Path[E.Other] != Unreached)
        Acc.require(Path[E.Other] + 1, int64_t(EdgeStageGap[E.Dep]) + 1);
  }

  // Members of one group share a stage: a path a ~> b needs L + 1 <= II.
  for (unsigned UnitIdx = 0, E = Units.numUnits(); UnitIdx != E; ++UnitIdx) {
    ArrayRef<unsigned> Members = Units.members(UnitIdx);
    if (Members.size() < 2)
      continue;
    for (unsigned A : Members) {
      if (Height[A] + 1 <= Threshold())
        continue;
      LongestFrom(A);
      for (unsigned B : Members)
        if (B != A && Path[B] != Unreached)
          Acc.require(Path[B] + 1, 1);
    }
  }
  Infeasible = Acc.Infeasible;
  return Acc.Bound;
}

/// Smallest II >= Lo at which the relaxation of all stage rules is feasible;
/// InfeasibleII if none is, 0 if the relaxation is not monotone in II.
static unsigned stageRelaxationThreshold(const PlacementContext &Ctx,
                                         unsigned Lo) {
  unsigned Entry = Ctx.numNodes();
  DifferenceConstraints System(Entry + 1);
  for (unsigned V = 0; V != Ctx.numNodes(); ++V)
    for (const PlacementContext::Arc &A : Ctx.arcsOut(V))
      System.add(V, A.Other, A.A, A.B);
  for (unsigned V = 0, N = Ctx.size(); V != N; ++V) {
    System.add(Entry, V, 0, 0);
    if (unsigned Limit = Ctx.stageLimit(V))
      System.add(V, Entry, 1, -int64_t(Limit)); // S(V) <= Limit * II - 1.
  }
  if (!System.isMonotone())
    return 0;
  return leastPassingII(
      Lo, [&](uint64_t II) { return !System.hasPositiveCycle(II); });
}

unsigned computeDependencyMII(const PlacementContext &Ctx, unsigned RecMII,
                              unsigned Floor) {
  bool Infeasible = false;
  uint64_t Bound = pathDependencyBound(Ctx, Floor, Infeasible);
  if (Infeasible || RecMII == InfeasibleII)
    return InfeasibleII;
  if (!Ctx.hasStageConstraints())
    return clampToBound(Bound);
  // Only what the stage rules add on top of the recurrences counts here.
  unsigned Lo = unsigned(std::max<uint64_t>({Bound, RecMII, Floor, 1}));
  unsigned Threshold = stageRelaxationThreshold(Ctx, Lo);
  if (Threshold > Lo)
    return Threshold;
  return clampToBound(Bound);
}

} // namespace tileas

namespace tileas {

unsigned computeRecurrenceResourceMII(const Problem &P, const DepGraph &G,
                                      const MIIBounds &Others,
                                      const SchedulerOptions &Opts,
                                      uint64_t *Work) {
  if (Others.Recurrence == InfeasibleII)
    return InfeasibleII;
  if (!Opts.RecurrenceResourceBound)
    return Others.Recurrence;
  unsigned From =
      std::max({Others.Resource, Others.Recurrence, Others.FineDensity, 1u});
  unsigned Bound = computeRecurrenceResourceMII(P, G, From, {}, Work);
  return Bound > From ? Bound : Others.Recurrence;
}

unsigned computeBudgetBound(const Problem &P, const DepGraph &G,
                            const MIIBounds &Others,
                            const SchedulerOptions &Opts) {
  if (Others.Recurrence == InfeasibleII || !Opts.BudgetBound)
    return 0;
  unsigned From = std::max({Others.Resource, Others.Recurrence,
                            Others.FineDensity, Others.RecurrenceResource, 1u});
  unsigned Bound = computeBudgetMII(P, G, From);
  return Bound > From ? Bound : 0;
}

MIIBounds computeBounds(const Problem &P, const SchedulerOptions &Opts) {
  // Nothing sound can be said about an inconsistent problem.
  if (Error E = P.validate()) {
    consumeError(std::move(E));
    return MIIBounds();
  }
  return computeValidBounds(P, Opts);
}

MIIBounds computeValidBounds(const Problem &P, const SchedulerOptions &Opts) {
  MIIBounds B;
  PlacementContext Ctx(P, Opts, {});
  B.Resource = computeResourceMII(P);
  B.FineDensity = computeFineDensityMII(P);
  B.Recurrence = computeRecurrenceMII(P, Ctx.graph());
  B.RecurrenceResource = computeRecurrenceResourceMII(P, Ctx.graph(), B, Opts);
  B.Budget = computeBudgetBound(P, Ctx.graph(), B, Opts);
  B.Dependency = computeDependencyMII(Ctx, B.Recurrence);
  return B;
}

unsigned leastPassingII(unsigned From, function_ref<bool(uint64_t)> Passes) {
  if (Passes(From))
    return From;
  // Gallop: From + 1, From + 3, From + 7, ... then bisect the last gap.
  constexpr uint64_t Top = InfeasibleII - 1;
  uint64_t Bad = From, Step = 1, Good;
  while (true) {
    uint64_t Probe = std::min<uint64_t>(uint64_t(From) + Step, Top);
    if (Passes(Probe)) {
      Good = Probe;
      break;
    }
    if (Probe == Top)
      return InfeasibleII;
    Bad = Probe;
    Step = Step * 2 + 1;
  }
  while (Good - Bad > 1) {
    uint64_t Mid = Bad + (Good - Bad) / 2;
    (Passes(Mid) ? Good : Bad) = Mid;
  }
  return unsigned(Good);
}

} // namespace tileas
