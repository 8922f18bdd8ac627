//===- ModuloAttempt.cpp - One attempt at one II --------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ModuloAttempt.h"
#include "FailureDiagnosis.h"
#include "IterativeModulo.h"
#include "PlacementContext.h"
#include "tileas/Sched/ReservationTable.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

AttemptRunner::AttemptRunner(const PlacementContext &Ctx,
                             const SchedulerOptions &Opts)
    : Ctx(Ctx), Opts(Opts) {
  for (const PoolDesc &P : Ctx.problem().model().pools())
    PoolCapacity.push_back(P.Capacity);
  // From the longest footprint on, no footprint wraps onto itself, and
  // whether an op fits alone no longer depends on II: decide it once.
  for (unsigned Op = 0, N = Ctx.size(); Op != N; ++Op) {
    Footprint F = Ctx.footprint(Op);
    WrapFreeII = std::max<unsigned>(WrapFreeII, F.Rows.size());
    for (const PoolUse &U : F.Pools)
      WrapFreeII = std::max(WrapFreeII, U.Duration);
    for (const GraphEdge &E : Ctx.graph().succs(Op))
      if (E.Other == Op)
        SelfEdges.push_back({Op, &E});
  }
  WrapFreeII = std::max(WrapFreeII, 1u);
  for (unsigned Op = 0, N = Ctx.size(); Op != N && UnfitWrapFree < 0; ++Op)
    if (!ReservationTable::fitsAlone(Ctx.footprint(Op), WrapFreeII,
                                     PoolCapacity))
      UnfitWrapFree = int(Op);
}

bool AttemptRunner::hopeless(unsigned II, Attempt &A) const {
  // Ops that cannot sit anywhere at this II make the attempt pointless.
  int Unfit = -1;
  if (II >= WrapFreeII) {
    Unfit = UnfitWrapFree;
  } else {
    for (unsigned Op = 0, N = Ctx.size(); Op != N && Unfit < 0; ++Op)
      if (!ReservationTable::fitsAlone(Ctx.footprint(Op), II, PoolCapacity))
        Unfit = int(Op);
  }
  if (Unfit >= 0) {
    A.Failure = diagnoseSelfCollision(Ctx, II, unsigned(Unfit));
    return true;
  }
  for (auto [Op, E] : SelfEdges)
    if (int64_t(E->Latency) > int64_t(II) * E->Distance ||
        Ctx.stageGap(E->Dep) < 0) {
      A.Failure.CandidateII = II;
      A.Failure.Op = int(Op);
      A.Failure.Reason = formatv("op {0} '{1}': its own loop-carried "
                                 "dependence cannot hold at II {2}",
                                 Op, Ctx.problem().operations()[Op].Name, II);
      return true;
    }
  return false;
}

PriorityOrder AttemptRunner::runOrder(unsigned II,
                                      const RunStyle &Style) const {
  if (Style.FromHint && !Hint.empty())
    return priorityFromStarts(Ctx, II, Hint);
  return computePriority(Ctx, II, Style.Variant);
}

Attempt AttemptRunner::run(unsigned II, const AttemptLimits &Limits,
                           const RunStyle &Style) {
  Attempt A;
  DependenceBounds Bounds = Style.NeighbourBounds
                                ? DependenceBounds::PlacedNeighbours
                                : DependenceBounds::Propagated;
  if (State)
    State->reset(II, Bounds);
  else if (State.emplace(Ctx, II); Bounds != DependenceBounds::Propagated)
    State->reset(II, Bounds);
  ModuloState &S = *State;
  S.setLoopCarriedAnchors(Style.LoopCarriedAnchors);
  uint64_t EffortBefore = S.effort();
  auto Spent = [&] { return S.effort() - EffortBefore; };
  if (!S.consistent()) {
    A.Effort = Spent();
    A.Failure.CandidateII = II;
    A.Failure.Reason = formatv("dependences, stage limits and stage gaps "
                               "cannot all hold at II {0}",
                               II);
    return A;
  }

  unsigned N = Ctx.size();
  PriorityOrder Order = runOrder(II, Style);
  S.charge(N + Ctx.numArcs());
  PlacementArms Arms(S, Order, Opts);
  RetryOverlay Overlay(N);
  int Blocked = -1;
  for (unsigned Unit : Order.Units) {
    // The arms always finish their pass (it is bounded: a few arms per
    // unit); the limits are for what iterative scheduling adds.
    PlacementArm Arm = Arms.placeUnit(Unit, Overlay);
    if (Arm == PlacementArm::None) {
      Blocked = Arms.lastBlockedOp();
      if (Blocked < 0) // Name some member that is still unplaced.
        for (unsigned Op : Ctx.units().members(Unit))
          if (!S.isPlaced(Op)) {
            Blocked = int(Op);
            break;
          }
      break;
    }
    ++A.ArmSeats[unsigned(Arm)];
    A.LastArm = Arm;
    S.forgetHistory();
  }

  if (Blocked >= 0) {
    // The arms are stuck: iterative modulo scheduling takes over here. The
    // explanation, should it fail too, is of the state the arms gave up in.
    ScheduleFailure Diagnosis = diagnoseBlockedOp(S, unsigned(Blocked));
    unsigned Before = S.numPlaced();
    S.setRecording(false);
    IterativeLimits IL;
    IL.Effort = EffortBefore + Limits.Effort;
    IL.FarPlaced = Limits.FarPlaced;
    IL.FarEffort = EffortBefore + Limits.FarEffort;
    IL.Stall = Limits.Stall;
    IL.StallEffort = Limits.StallEffort;
    IL.StallBelow = Limits.StallBelow;
    IL.SkipSameConflicts = Style.Skip;
    IL.RauRange = Style.RauRange;
    // Seating the ops the arms left is not eviction: the budget is on top.
    uint64_t Budget = Limits.Placements ? N - Before + Limits.Placements : 0;
    IterativeOutcome Outcome =
        runIterativeModulo(S, Order, Spent() < Limits.Effort ? Budget : 0, IL);
    A.Effort = Spent();
    A.MostPlaced = Outcome.MostPlaced;
    if (!Outcome.Success) {
      A.OutOfBudget = Outcome.OutOfBudget;
      A.Failure = std::move(Diagnosis);
      return A;
    }
    A.ArmSeats[unsigned(PlacementArm::Iterative)] = N - Before;
    A.LastArm = PlacementArm::Iterative;
  }
  A.Effort = Spent();
  A.Success = true;
  A.Starts.assign(S.starts().begin(), S.starts().end());
  return A;
}

Attempt AttemptRunner::attempt(unsigned II, const AttemptLimits &Limits) {
  Attempt A;
  if (hopeless(II, A))
    return A;
  uint64_t Spent = 0;
  for (unsigned Run = 0;; ++Run) {
    AttemptLimits L = Limits;
    L.Effort = Limits.Effort - std::min(Limits.Effort, Spent);
    L.FarEffort = Limits.FarEffort - std::min(Limits.FarEffort, Spent);
    Attempt R = run(II, L, Limits.Runs[Run]);
    Spent += R.Effort;
    bool Again = !R.Success && R.OutOfBudget && Limits.Placements &&
                 Spent < std::max(Limits.Effort, Limits.FarEffort) &&
                 Run + 1 < Limits.Runs.size();
    // The failure to explain is that of the plain order.
    if (Run == 0 || R.Success)
      A = std::move(R);
    A.Effort = Spent;
    if (!Again)
      return A;
  }
}

} // namespace tileas
