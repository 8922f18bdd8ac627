//===- ModuloScheduler.cpp - II search and placement driver ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Searches II upward from the lower bound. At each candidate II the
// placement units go through the arm chain in priority order; if a unit
// defeats every arm, iterative modulo scheduling continues from the partial
// schedule at the same II. Only when that runs out of budget is another II
// tried.
//
// The search starts at the largest lower bound (IIs below the dependency
// bound, found by galloping on a monotone relaxation, are never tried) and
// gallops: MII, MII + 1, MII + 2, MII + 4, ... until an attempt succeeds,
// then searches the last gap by bisection. Most loops succeed at MII; for
// the rest this costs a logarithmic number of attempts where a linear walk
// would cost one per cycle of the gap, which on large loops is dozens of
// attempts of tens of thousands of placements each.
//
//===----------------------------------------------------------------------===//

#include "ModuloScheduler.h"
#include "Bounds.h"
#include "FailureDiagnosis.h"
#include "IterativeModulo.h"
#include "ModuloState.h"
#include "PlacementArms.h"
#include "Priority.h"
#include "RecurrenceResourceBound.h"
#include "ScheduleBuilder.h"
#include "SerialScheduler.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

namespace {

struct Attempt {
  bool Success = false;
  std::vector<int64_t> Starts;
  PlacementArm LastArm = PlacementArm::None;
  unsigned ArmSeats[NumPlacementArms] = {};
  ScheduleFailure Failure;
};

} // namespace

/// The budget cap never brings an attempt below this many placements per op.
static constexpr unsigned MinBudgetFactor = 6;

/// Placements iterative modulo scheduling may make in one attempt.
static uint64_t evictionBudget(const SchedulerOptions &Opts, unsigned N) {
  uint64_t Budget = uint64_t(Opts.EvictionBudgetFactor) * N;
  if (Opts.EvictionBudgetCap)
    Budget =
        std::min(Budget, std::max<uint64_t>(Opts.EvictionBudgetCap,
                                            uint64_t(MinBudgetFactor) * N));
  return Budget;
}

static Attempt attemptII(const PlacementContext &Ctx,
                         const SchedulerOptions &Opts, unsigned II) {
  Attempt A;
  unsigned N = Ctx.size();
  ModuloState State(Ctx, II);

  // Ops that cannot sit anywhere at this II make the attempt pointless.
  for (unsigned Op = 0; Op != N; ++Op)
    if (!State.table().fitsAlone(Ctx.footprint(Op))) {
      A.Failure = diagnoseSelfCollision(Ctx, II, Op);
      return A;
    }
  for (unsigned Op = 0; Op != N; ++Op)
    for (const GraphEdge &E : Ctx.graph().succs(Op))
      if (E.Other == Op && (int64_t(E.Latency) > int64_t(II) * E.Distance ||
                            Ctx.stageGap(E.Dep) < 0)) {
        A.Failure.CandidateII = II;
        A.Failure.Op = int(Op);
        A.Failure.Reason = formatv("op {0} '{1}': its own loop-carried "
                                   "dependence cannot hold at II {2}",
                                   Op, Ctx.problem().operations()[Op].Name, II);
        return A;
      }

  if (!State.consistent()) {
    A.Failure.CandidateII = II;
    A.Failure.Reason = formatv("dependences, stage limits and stage gaps "
                               "cannot all hold at II {0}",
                               II);
    return A;
  }

  PriorityOrder Order = computePriority(Ctx, II);
  PlacementArms Arms(State, Order, Opts);
  RetryOverlay Overlay(N);
  int Blocked = -1;
  for (unsigned Unit : Order.Units) {
    PlacementArm Arm = Arms.placeUnit(Unit, Overlay);
    if (Arm == PlacementArm::None) {
      Blocked = Arms.lastBlockedOp();
      break;
    }
    ++A.ArmSeats[unsigned(Arm)];
    A.LastArm = Arm;
    State.forgetHistory();
  }

  if (Blocked >= 0) {
    // The arms are stuck: iterative modulo scheduling takes over here. The
    // explanation, should it fail too, is of the state the arms gave up in.
    ScheduleFailure Diagnosis = diagnoseBlockedOp(State, unsigned(Blocked));
    unsigned Before = State.numPlaced();
    State.setRecording(false);
    IterativeOutcome Outcome =
        runIterativeModulo(State, Order, evictionBudget(Opts, N));
    if (!Outcome.Success) {
      A.Failure = std::move(Diagnosis);
      return A;
    }
    A.ArmSeats[unsigned(PlacementArm::Iterative)] = N - Before;
    A.LastArm = PlacementArm::Iterative;
  }
  A.Success = true;
  A.Starts.assign(State.starts().begin(), State.starts().end());
  return A;
}

ScheduleResult scheduleModuloWithGaps(const Problem &P,
                                      const SchedulerOptions &Opts,
                                      ArrayRef<int> ExtraGaps) {
  ScheduleResult R;
  if (Error E = P.validate()) {
    R.Failure.Reason = "invalid problem: " + toString(std::move(E));
    return R;
  }
  PlacementContext Ctx(P, Opts, ExtraGaps);
  R.Bounds.Resource = computeResourceMII(P);
  R.Bounds.FineDensity = computeFineDensityMII(P);
  R.Bounds.Recurrence = computeRecurrenceMII(P, Ctx.graph());
  R.Bounds.RecurrenceResource =
      computeRecurrenceResourceMII(P, Ctx.graph(), R.Bounds, Opts);
  if (ExtraGaps.empty())
    R.Bounds.Dependency = computeDependencyMII(Ctx, R.Bounds.Recurrence);
  else
    R.Bounds.Dependency = computeDependencyMII(PlacementContext(P, Opts, {}),
                                               R.Bounds.Recurrence);
  R.Sched.Bounds = R.Bounds;

  // The refinement's stage gaps can only raise the dependency bound.
  unsigned Lo = R.Bounds.mii();
  if (Lo != InfeasibleII && !ExtraGaps.empty())
    Lo = std::max(Lo, computeDependencyMII(Ctx, R.Bounds.Recurrence, Lo));
  if (Lo == InfeasibleII) {
    if (R.Bounds.Recurrence == InfeasibleII) {
      std::string Ops;
      std::vector<unsigned> Cycle = Ctx.graph().positiveZeroDistanceCycle();
      for (unsigned Op : Cycle)
        Ops += "'" + P.operations()[Op].Name + "' -> ";
      if (!Cycle.empty()) {
        Ops += "'" + P.operations()[Cycle.front()].Name + "'";
        R.Failure.Op = int(Cycle.front());
      }
      R.Failure.Reason =
          "a distance-0 dependence cycle has positive latency (" + Ops +
          "): no II satisfies the recurrence bound";
    } else if (R.Bounds.Dependency == InfeasibleII)
      R.Failure.Reason = "budget pools and stage limits admit no II (the "
                         "dependency bound)";
    else
      R.Failure.Reason = "no II satisfies the refined stage gaps";
    return R;
  }

  SerialPlacement Serial = placeSerially(P, Ctx.graph());
  uint64_t AutoCap = std::max<uint64_t>(
      Lo, Serial.Success ? Serial.II : Ctx.sequentialLength());
  unsigned Cap = Opts.MaxII
                     ? Opts.MaxII
                     : unsigned(std::min<uint64_t>(AutoCap, InfeasibleII - 1));
  if (Lo > Cap) {
    R.Sched.Flags |= SF_IICapReached;
    R.Failure.CandidateII = Lo;
    R.Failure.Reason =
        formatv("the lower bound II {0} exceeds the II cap {1}", Lo, Cap);
    // When a recurrence's own resources set the bound, say which.
    if (Lo == R.Bounds.RecurrenceResource && Lo > R.Bounds.Recurrence)
      if (std::string Why = explainRecurrenceResource(P, Ctx.graph(), Lo - 1);
          !Why.empty())
        R.Failure.Reason += formatv(" ({0})", Why).str();
    return R;
  }
  auto Accept = [&](uint64_t II, Attempt &A) {
    R.Success = true;
    R.Sched = buildSchedule(unsigned(II), A.Starts);
    R.Sched.Bounds = R.Bounds;
    R.LastArm = A.LastArm;
    std::copy(std::begin(A.ArmSeats), std::end(A.ArmSeats), R.ArmSeats);
    R.Failure = ScheduleFailure();
  };
  // Gallop up from the bound until an attempt succeeds ...
  uint64_t Failed = Lo - 1, Step = 1;
  for (uint64_t II = Lo;;) {
    Attempt A = attemptII(Ctx, Opts, unsigned(II));
    if (A.Success) {
      Accept(II, A);
      break;
    }
    R.Failure = std::move(A.Failure);
    Failed = II;
    if (II == Cap)
      break;
    II = std::min<uint64_t>(Cap, Lo + Step);
    Step *= 2;
  }
  // ... then bisect the gap below the success.
  if (R.Success) {
    for (uint64_t Hi = R.Sched.II; Hi - Failed > 1;) {
      uint64_t Mid = Failed + (Hi - Failed) / 2;
      Attempt A = attemptII(Ctx, Opts, unsigned(Mid));
      if (A.Success) {
        Accept(Mid, A);
        Hi = Mid;
      } else {
        Failed = Mid;
      }
    }
    return R;
  }

  // Every resource-feasible loop has the non-overlapped schedule; it is a
  // modulo schedule too when nothing forbids stage 0 for everyone.
  bool SerialFits = Serial.Success && Serial.II <= Cap &&
                    llvm::all_of(Ctx.stageGaps(), [](int G) { return G >= 0; });
  if (SerialFits) {
    R.Success = true;
    R.Sched = buildSchedule(Serial.II, Serial.Starts);
    R.Sched.Bounds = R.Bounds;
    R.Sched.Flags |= SF_Serial;
    R.LastArm = PlacementArm::Serial;
    R.ArmSeats[unsigned(PlacementArm::Serial)] = P.size();
    R.Failure = ScheduleFailure();
    return R;
  }
  R.Sched.Flags |= SF_IICapReached;
  if (R.Failure.Reason.empty())
    R.Failure.Reason = "no schedule at or below the II cap";
  R.Failure.Reason =
      formatv("no schedule at the IIs tried from {0} to {1}; at II {1}: {2}",
              Lo, Cap, R.Failure.Reason);
  return R;
}

ScheduleResult scheduleModulo(const Problem &P, const SchedulerOptions &Opts) {
  return scheduleModuloWithGaps(P, Opts, {});
}

} // namespace tileas
