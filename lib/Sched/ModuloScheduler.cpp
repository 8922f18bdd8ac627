//===- ModuloScheduler.cpp - II search and placement driver ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Searches II from the lower bound up. At each candidate II the placement
// units go through the arm chain in priority order; if a unit defeats every
// arm, iterative modulo scheduling continues from the partial schedule at
// the same II until it succeeds, stalls or runs out of budget.
//
// Compile time is bounded by construction. Every attempt is charged the
// effort it spends (ModuloState::effort(): constraint arcs scanned by bound
// propagation, seats scanned, rows compared), and the whole search has a
// budget of effort proportional to the size of the loop (ops plus
// constraint arcs) with a floor for small loops. What the search spends it
// on is chosen by what attempts cost:
//
//  0. One long run at the bound, where most loops succeed (some after long
//     plateaus), and a second one with the other kind of forced seats if
//     the first got far. Each gets a third of the budget, but gives up
//     early while it has not placed two fifths of the ops at once: an
//     unreachable bound, such as that of a recurrence through memory on top
//     of a nearly full slot, never gets that far.
//  1. An upper bound, cheaply: the placement arms alone (one pass over the
//     ops, no eviction, so its cost is that of a single schedule) gallop up
//     from the bound until they succeed, then narrow the gap to a few
//     percent by bisection, on at most a quarter of the budget. Near a
//     tight recurrence they block after a few ops, so the failures are
//     cheap too.
//  2. Below that bound, iterative modulo scheduling bisects between the
//     highest failure and the best schedule while the budget lasts; each
//     attempt may take a third of what is left. An attempt at an II that
//     the heuristic cannot reach is what costs, so each run ends when it
//     stalls (see IterativeLimits::Stall) and the attempt starts over with
//     another priority order or placement rule (a restart): the effort that
//     succeeding needs varies by an order of magnitude with the order, so
//     several short runs find a schedule far more often than one long run.
//     Should the arms never have succeeded, the first attempt is at the II
//     cap.
//
// The previous search galloped up from the bound with attempts of up to 30
// placements per op each, which on recurrence-bound loops whose bound is
// not reachable spent minutes in failing attempts.
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

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace tileas {

/// An attempt of iterative modulo scheduling may spend this share of the
/// search budget that is left.
static constexpr uint64_t AttemptShare = 3;
/// The arms-only gallop starts with a step of 1 / ArmsFirstStep of the bound
/// (at least 1) ...
static constexpr uint64_t ArmsFirstStep = 128;
/// ... and its bisection stops once its gap is below 1 / ArmsPrecision of
/// the II: iterative modulo scheduling searches below it anyway.
static constexpr uint64_t ArmsPrecision = 32;
/// ... and it may spend 1 / ArmsShare of the search budget.
static constexpr uint64_t ArmsShare = 4;
/// Each run at the bound may spend 1 / BoundShare of the search budget.
/// While fewer than 2/5 of the ops have been placed at once, it gives up
/// after 1 / BoundStallShare placements per op, or BoundStallEffort
/// propagations over the loop, without progress (see IterativeLimits).
static constexpr uint64_t BoundShare = 2;
static constexpr uint64_t BoundStallShare = 4;
static constexpr uint64_t BoundStallEffort = 128;
/// See SearchBudget.
static constexpr uint64_t SmallLoopOps = 200;
static constexpr uint64_t LargeLoopOps = 800;

/// The integer square root (rounded down).
static uint64_t isqrt(uint64_t X) {
  uint64_t R = 0;
  for (uint64_t Bit = uint64_t(1) << 62; Bit; Bit >>= 2)
    if (X >= R + Bit) {
      X -= R + Bit;
      R = (R >> 1) + Bit;
    } else {
      R >>= 1;
    }
  return R;
}

namespace {

/// How one run of an attempt places ops.
struct RunStyle {
  unsigned Variant = 0;  ///< Priority variant (0 = plain heights).
  bool FromHint = false; ///< The order of the best schedule so far, if any.
  /// See ModuloState::setLoopCarriedAnchors.
  bool LoopCarriedAnchors = true;
  /// See IterativeLimits::SkipSameConflicts.
  bool Skip = false;
};

/// The runs of an attempt of iterative modulo scheduling, in order: the
/// plain order with Rau's forced seats, then without loop-carried anchors,
/// then the order of the best schedule so far and a perturbed order, both
/// skipping seats that evict the same ops again. Each style rescues loops
/// the others lose.
const RunStyle IterativeRuns[] = {{0, false, true, false},
                                  {0, false, false, false},
                                  {2, true, true, true},
                                  {3, false, true, true}};
/// The placement arms alone go further without loop-carried anchors: they
/// cannot undo a squeezed recurrence.
const RunStyle ArmsRuns[] = {{0, false, false, false}};
/// The two runs at the bound (the second only when the first got far).
const RunStyle BoundRuns[] = {{0, false, true, false}, {0, false, true, true}};

/// What one attempt may spend.
struct AttemptLimits {
  uint64_t Effort = 0;     ///< ModuloState::effort(), arms included.
  uint64_t Placements = 0; ///< Iterative placements per run; 0 = arms only.
  uint64_t Stall = 0;      ///< See IterativeLimits::Stall.
  uint64_t StallEffort = ~uint64_t(0); ///< See IterativeLimits::StallEffort.
  uint64_t StallBelow = ~uint64_t(0);  ///< See IterativeLimits::StallBelow.
  /// Its runs, until one succeeds or the effort is spent.
  ArrayRef<RunStyle> Runs = IterativeRuns;
};

struct Attempt {
  bool Success = false;
  /// It stopped on a limit; with more effort it might have succeeded.
  bool OutOfBudget = false;
  std::vector<int64_t> Starts;
  PlacementArm LastArm = PlacementArm::None;
  unsigned ArmSeats[NumPlacementArms] = {};
  ScheduleFailure Failure;
  uint64_t Effort = 0;
  unsigned MostPlaced = 0; ///< Iterative scheduling's high mark of placed ops.
};

/// The attempts of one II search. They share one ModuloState, reset for
/// each run, so that its tables are allocated once.
class AttemptRunner {
public:
  AttemptRunner(const PlacementContext &Ctx, const SchedulerOptions &Opts)
      : Ctx(Ctx), Opts(Opts) {}

  /// Runs at II until a run succeeds or the limits say stop.
  Attempt attempt(unsigned II, const AttemptLimits &Limits);
  /// The best schedule so far: a restart may take its order.
  void setHint(ArrayRef<int64_t> Starts) {
    Hint.assign(Starts.begin(), Starts.end());
  }

private:
  /// Checks that make II pointless before anything is placed.
  bool hopeless(unsigned II, Attempt &A) const;
  PriorityOrder runOrder(unsigned II, const RunStyle &Style) const;
  Attempt run(unsigned II, const AttemptLimits &Limits, const RunStyle &Style);

  const PlacementContext &Ctx;
  const SchedulerOptions &Opts;
  std::optional<ModuloState> State;
  std::vector<int64_t> Hint;
};

} // namespace

bool AttemptRunner::hopeless(unsigned II, Attempt &A) const {
  unsigned N = Ctx.size();
  ReservationTable Empty(Ctx.problem().model().pools());
  Empty.reset(II);
  // Ops that cannot sit anywhere at this II make the attempt pointless.
  for (unsigned Op = 0; Op != N; ++Op)
    if (!Empty.fitsAlone(Ctx.footprint(Op))) {
      A.Failure = diagnoseSelfCollision(Ctx, II, Op);
      return true;
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
  if (State)
    State->reset(II);
  else
    State.emplace(Ctx, II);
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
    IL.Stall = Limits.Stall;
    IL.StallEffort = Limits.StallEffort;
    IL.StallBelow = Limits.StallBelow;
    IL.SkipSameConflicts = Style.Skip;
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
    L.Effort = Limits.Effort - Spent;
    Attempt R = run(II, L, Limits.Runs[Run]);
    Spent += R.Effort;
    bool Again = !R.Success && R.OutOfBudget && Limits.Placements &&
                 Spent < Limits.Effort && Run + 1 < Limits.Runs.size();
    // The failure to explain is that of the plain order.
    if (Run == 0 || R.Success)
      A = std::move(R);
    A.Effort = Spent;
    if (!Again)
      return A;
  }
}

/// The failure of a problem whose lower bound is infeasible.
static void explainInfeasibleBound(const PlacementContext &Ctx,
                                   ScheduleResult &R) {
  const Problem &P = Ctx.problem();
  if (R.Bounds.Recurrence == InfeasibleII) {
    std::string Ops;
    std::vector<unsigned> Cycle = Ctx.graph().positiveZeroDistanceCycle();
    for (unsigned Op : Cycle)
      Ops += "'" + P.operations()[Op].Name + "' -> ";
    if (!Cycle.empty()) {
      Ops += "'" + P.operations()[Cycle.front()].Name + "'";
      R.Failure.Op = int(Cycle.front());
    }
    R.Failure.Reason = "a distance-0 dependence cycle has positive latency (" +
                       Ops + "): no II satisfies the recurrence bound";
  } else if (R.Bounds.Dependency == InfeasibleII) {
    R.Failure.Reason = "budget pools and stage limits admit no II (the "
                       "dependency bound)";
  } else {
    R.Failure.Reason = "no II satisfies the refined stage gaps";
  }
}

namespace {

/// The effort budget of the whole search and the limits of its attempts.
class SearchBudget {
public:
  SearchBudget(const PlacementContext &Ctx, const SchedulerOptions &Opts) {
    uint64_t N = Ctx.size();
    // One bound propagation over the whole loop scans every arc once.
    Unit = N + Ctx.numArcs() + 1;
    // Loops above LargeLoopOps ops get more effort per op, growing with the
    // square root of their size up to twice as much at four times the size:
    // the targets are per loop (tens of milliseconds at 800 ops, well under
    // a second at 3200), and an attempt at a large loop costs more per op
    // (its recurrences are larger).
    uint64_t Scale = N > LargeLoopOps
                         ? isqrt(std::min<uint64_t>(N, 4 * LargeLoopOps) *
                                 1024 / LargeLoopOps)
                         : 32;
    // Small loops get a floor, whole up to SmallLoopOps ops and shrinking
    // beyond, so that they get a few milliseconds of search.
    uint64_t Floor = Opts.MinSearchEffort * SmallLoopOps /
                     std::max<uint64_t>(N, SmallLoopOps);
    Total = std::max<uint64_t>(
        uint64_t(Opts.SearchEffortFactor) * Unit * Scale / 32, Floor);
    MinAttempt = std::min<uint64_t>(
        Total, std::max<uint64_t>(uint64_t(Opts.AttemptEffortFactor) * Unit,
                                  Floor / 8));
    Placements = std::max<uint64_t>(uint64_t(Opts.EvictionBudgetFactor) * N,
                                    Opts.MinEvictionBudget);
    Stall = std::max<uint64_t>(N, Opts.MinEvictionBudget / 3);
    this->N = N;
  }

  /// Limits of an attempt of iterative modulo scheduling.
  AttemptLimits iterative() const {
    AttemptLimits L;
    uint64_t Left = Total > Spent ? Total - Spent : 0;
    L.Effort = std::min(Left, std::max(MinAttempt, Left / AttemptShare));
    L.Placements = Placements;
    L.Stall = Stall;
    return L;
  }
  /// Limits of run Run (0 or 1) at the bound: one long run (a run that
  /// succeeds there may need long plateaus), with a share of the budget.
  AttemptLimits atBound(unsigned Run) const {
    AttemptLimits L;
    L.Effort = std::min(Total / BoundShare, Total - std::min(Total, Spent));
    L.Placements = Placements;
    L.Stall = std::max<uint64_t>(N / BoundStallShare, 64);
    L.StallEffort = BoundStallEffort * Unit;
    L.StallBelow = N * 2 / 5;
    L.Runs = ArrayRef<RunStyle>(BoundRuns).slice(Run, 1);
    return L;
  }
  /// Whether an attempt at the bound that failed got far enough to be
  /// worth its second run.
  bool gotFar(const Attempt &A) const {
    return uint64_t(A.MostPlaced) >= N * 2 / 5;
  }
  /// Limits of an attempt of the placement arms alone. Its cost is that of
  /// one pass over the ops, so it is not capped (it is charged, though).
  AttemptLimits armsOnly() const {
    AttemptLimits L;
    L.Effort = ~uint64_t(0) / 2;
    L.Runs = ArmsRuns;
    return L;
  }
  void charge(uint64_t Effort) { Spent += Effort; }
  bool exhausted() const { return Spent >= Total; }
  uint64_t spent() const { return Spent; }
  /// The arms-only phase stops once it has spent its share.
  void startArmsPhase() { ArmsStart = Spent; }
  bool armsPhaseOver() const {
    return (Spent - ArmsStart) * ArmsShare >= Total;
  }

private:
  uint64_t Total = 0, MinAttempt = 0, Placements = 0, Stall = 0, Spent = 0;
  uint64_t N = 0, Unit = 0, ArmsStart = 0;
};

/// The II search over one placement context.
class IISearch {
public:
  IISearch(const PlacementContext &Ctx, const SchedulerOptions &Opts,
           unsigned Lo, unsigned Cap, ScheduleResult &R)
      : Runner(Ctx, Opts), Budget(Ctx, Opts), Lo(Lo), Cap(Cap), R(R) {}

  /// Runs the phases; true when some attempt succeeded (R holds the best).
  /// R.SearchEffort says what they spent.
  bool run();

private:
  Attempt attempt(uint64_t II, const AttemptLimits &L) {
    Attempt A = Runner.attempt(unsigned(II), L);
    Budget.charge(A.Effort);
    return A;
  }
  /// Keeps A if it is the best schedule yet; true on success.
  bool record(uint64_t II, Attempt &A);
  void upperBound();
  /// Bisects between Failed and Best with attempts under Limits while the
  /// budget lasts, until the gap is at most Best / Precision (0 = exact).
  void bisect(function_ref<AttemptLimits()> Limits, uint64_t &Failed,
              uint64_t Precision, function_ref<bool()> Stop);

  AttemptRunner Runner;
  SearchBudget Budget;
  uint64_t Lo, Cap;
  ScheduleResult &R;
  uint64_t Best = 0; ///< The lowest II with a schedule, or 0.
};

} // namespace

bool IISearch::record(uint64_t II, Attempt &A) {
  if (!A.Success) {
    if (!Best)
      R.Failure = std::move(A.Failure);
    return false;
  }
  if (Best && II >= Best)
    return true;
  Best = II;
  R.Success = true;
  R.Sched = buildSchedule(unsigned(II), A.Starts);
  R.Sched.Bounds = R.Bounds;
  R.LastArm = A.LastArm;
  std::copy(std::begin(A.ArmSeats), std::end(A.ArmSeats), R.ArmSeats);
  R.Failure = ScheduleFailure();
  Runner.setHint(A.Starts);
  return true;
}

void IISearch::bisect(function_ref<AttemptLimits()> Limits, uint64_t &Failed,
                      uint64_t Precision, function_ref<bool()> Stop) {
  while (Best && Best - Failed > 1 &&
         (!Precision || (Best - Failed) * Precision > Best) && !Stop()) {
    uint64_t Mid = Failed + (Best - Failed) / 2;
    Attempt A = attempt(Mid, Limits());
    if (!record(Mid, A))
      Failed = Mid;
  }
}

bool IISearch::run() {
  // 0. Most loops have a schedule at the bound, and there nothing is left
  // to search. A second run, with the other forced seats, only if the
  // first got far.
  auto Iterative = [&] { return Budget.iterative(); };
  Attempt AtBound = attempt(Lo, Budget.atBound(0));
  if (!AtBound.Success && AtBound.OutOfBudget && Budget.gotFar(AtBound) &&
      !Budget.exhausted())
    AtBound = attempt(Lo, Budget.atBound(1));
  bool Stopped = AtBound.OutOfBudget;
  if (record(Lo, AtBound) || Lo == Cap) {
    R.SearchEffort = Budget.spent();
    return Best != 0;
  }
  // A run that stopped on its limits has not ruled the bound out: the
  // bisection may come back to it, with restarts.
  uint64_t Failed = Stopped ? Lo - 1 : Lo;

  // 1. An upper bound from the placement arms alone.
  Budget.startArmsPhase();
  uint64_t ArmsFailed = Lo;
  auto ArmsOnly = [&] { return Budget.armsOnly(); };
  for (uint64_t Step = std::max<uint64_t>(1, Lo / ArmsFirstStep);;) {
    uint64_t II = std::min<uint64_t>(Cap, Lo + Step);
    Attempt A = attempt(II, ArmsOnly());
    if (record(II, A) || II == Cap || Budget.armsPhaseOver())
      break;
    ArmsFailed = II;
    Step *= 2;
  }
  bisect(ArmsOnly, ArmsFailed, ArmsPrecision,
         [&] { return Budget.armsPhaseOver(); });

  // 2. Iterative modulo scheduling below it. Should the arms alone have
  // found no schedule at all (they cannot evict, and one op squeezed between
  // its placed neighbours blocks them at any II), it starts from the cap.
  if (!Best) {
    Attempt A = attempt(Cap, Iterative());
    record(Cap, A);
  }
  bisect(Iterative, Failed, /*Precision=*/0,
         [&] { return Budget.exhausted(); });
  R.SearchEffort = Budget.spent();
  return Best != 0;
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
    explainInfeasibleBound(Ctx, R);
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
  if (IISearch(Ctx, Opts, Lo, Cap, R).run())
    return R;

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
