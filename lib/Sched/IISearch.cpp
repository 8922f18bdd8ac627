//===- IISearch.cpp - The search for the least II -------------------------===//
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
//     the first got far. Each gets half of the budget, but gives up early
//     while it has not placed two fifths of the ops at once: an unreachable
//     bound, such as that of a recurrence through memory on top of a nearly
//     full slot, never gets that far, and mostly shows within a few
//     propagations over the loop. On large loops its runs take free seats
//     in Rau's whole range (IterativeLimits::RauRange), and a run that has
//     placed nearly every op at once may spend more (BoundPackingScale):
//     what stops it there is packing a nearly saturated slot, which it
//     mostly finishes.
//  1. An upper bound, cheaply: the placement arms alone (one pass over the
//     ops, no eviction, so its cost is that of a single schedule) gallop up
//     from the bound until they succeed, whatever that costs (a few dozen
//     passes at most), then narrow the gap to a few percent by bisection on
//     at most a quarter of the budget. Near a tight recurrence they block
//     after a few ops, so the failures are cheap too.
//  2. Below that bound, iterative modulo scheduling bisects between the
//     highest failure and the best schedule while the budget lasts; each
//     attempt may take a third of what is left. An attempt at an II that
//     the heuristic cannot reach is what costs, so each run ends when it
//     stalls (see IterativeLimits::Stall) and the attempt starts over with
//     another priority order or placement rule (a restart): the effort that
//     succeeding needs varies by an order of magnitude with the order, so
//     several short runs find a schedule far more often than one long run.
//     The order of the best schedule so far goes first. Should the arms
//     never have succeeded, the first attempt is at the II cap.
//  3. On loops of NeighbourOps (150) ops and more, Rau's own runs (bounds
//     from placed neighbours only, DependenceBounds::PlacedNeighbours) step
//     down from the best II: where propagated bounds fix a long recurrence
//     before the chains that feed it, the phases before end a few percent
//     (up to a fifth on 200-op loops) above textbook IMS, and these runs do
//     not. Their budget depends on the size of the loop. Under
//     LargeRunsOps ops, 1 / NeighbourShare of the budget on top of it, and
//     the phases before are exactly as they were. From LargeRunsOps to
//     LongDescentOps ops, phases 1 and 2 end once the search has spent
//     half of the budget (NeighbourSplit), and this phase ends where the
//     whole budget is spent (with at least 1 / NeighbourShare of it beyond
//     what runs at the bound overspent): its runs a fraction of a percent
//     below the best II mostly succeed where the bisection far below it
//     mostly fails. The search then spends its budget about once, where
//     two thirds before this phase and a half in it spent up to 1.2 times
//     it: the 800-op loops keep their IIs for a seventh to a fifth less
//     effort. Above LongDescentOps ops, which have no time target but the
//     budget's growth, NeighbourLongScale times the budget on top, in
//     finer steps.
//
// A later round of the constraint refinement (Refinement.cpp) solves the
// problem of the round before with orderings or ring caps added, so it
// starts from what that round found (SearchHint): an attempt at its II in
// its schedule's order, which mostly succeeds at a fraction of a search,
// then the bisection below it down to the highest II where that round
// failed, on a quarter of the budget (SearchHint::Share). Should that
// attempt fail, the search starts over from the bound as if there were no
// hint. Each round searching from scratch cost a whole budget again.
//
// A retry with fewer stages (RegisterBound.cpp) starts the same way, from
// the schedule of the search with more stages folded onto a multiple of its
// II, after an attempt at the bound. Its bisection's attempts may each spend
// only a few times what its successes spent: from a folded schedule a
// success costs about a pass over the loop, and a failure ran to its limit
// (attention forward on sm_100a: 8.1 million units of effort in two retries
// before, 3.8 million after, at the same II).
//
// The previous search galloped up from the bound with attempts of up to 30
// placements per op each, which on recurrence-bound loops whose bound is
// not reachable spent minutes in failing attempts.
//
//===----------------------------------------------------------------------===//

#include "IISearch.h"
#include "ModuloAttempt.h"
#include "PlacementContext.h"
#include "ScheduleBuilder.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include <algorithm>
#include <cmath>
#include <tuple>
#include <utility>

using namespace llvm;

namespace tileas {

/// An attempt of iterative modulo scheduling may spend this share of the
/// search budget that is left.
static constexpr uint64_t AttemptShare = 3;
/// The arms-only gallop starts with a step of 1 / ArmsFirstStep of the bound
/// (at least 1) ...
static constexpr uint64_t ArmsFirstStep = 32;
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
static constexpr uint64_t BoundStallEffort = 16;
/// See SearchBudget.
static constexpr uint64_t SmallLoopOps = 200;
static constexpr uint64_t LargeLoopOps = 800;
/// Loops of at least LargeRunsOps ops take the run lists for large loops
/// (LargeBoundRuns and the others in ModuloAttempt.h), whose first runs
/// take free seats in Rau's whole range. Smaller loops, the corpus
/// kernels among them, keep the lists they are tuned to.
static constexpr uint64_t LargeRunsOps = 300;
/// On a large loop, a run at the bound that has placed all but 1 /
/// PackedShare of the ops at once is packing the last few, and mostly
/// succeeds: it may spend BoundPackingScale times its share of the budget.
static constexpr uint64_t PackedShare = 16;
static constexpr uint64_t BoundPackingScale = 4;
/// Loops of at least NeighbourOps ops get the neighbour phase. Below 200
/// ops it gained nothing on the generated loops measured (150 ops: the same
/// IIs for a fraction of a percent more effort), from 200 ops on up to a
/// fifth of the II; loops under 100 ops, which must schedule within 2 ms,
/// stay well clear of it.
static constexpr uint64_t NeighbourOps = 150;
/// The neighbour phase may spend 1 / NeighbourShare of the budget on top of
/// it, its runs NeighbourRatio placements per op each (the budget ratio of
/// Rau's paper). Its first step down is 1 / NeighbourFirstStep of the best
/// II, and a run gives up after NeighbourFailScale times the effort of the
/// last success (see descend).
static constexpr uint64_t NeighbourShare = 6;
static constexpr uint64_t NeighbourRatio = 3;
static constexpr uint64_t NeighbourFirstStep = 512;
static constexpr uint64_t NeighbourFailScale = 2;
/// On loops of LargeRunsOps to LongDescentOps ops the phases before the
/// neighbour phase end once the search has spent 1 / NeighbourSplit of the
/// budget, and the neighbour phase ends where the whole budget is spent
/// (with at least 1 / NeighbourShare of it, should a run at the bound have
/// spent more): on recurrence-bound loops the bisection's attempts far below
/// the best II mostly fail, while the neighbour phase's runs a fraction of a
/// percent below it succeed at one pass over the loop each. (Two thirds
/// and a half, up to 1.2 times the budget in all, took the 800-op loops
/// past their 10 ms; half and half keeps their IIs.)
static constexpr uint64_t NeighbourSplit = 2;
/// Loops of more than LongDescentOps ops have no compile-time target beyond
/// the budget's growth: their neighbour phase may spend
/// NeighbourLongScale times the budget on top of it, with a first step of 1
/// / NeighbourLongFirstStep of the best II (their IIs are in the thousands,
/// and IMS lands within a few cycles of where the phase stops).
static constexpr uint64_t LongDescentOps = 1000;
static constexpr uint64_t NeighbourLongScale = 2;
static constexpr uint64_t NeighbourLongFirstStep = 2048;

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
    // the time targets are per loop (bench/results/report.md), and an
    // attempt at a large loop costs more per op (its recurrences are
    // larger).
    uint64_t Scale = N > LargeLoopOps
                         // Exact: the argument is at most 4096, and IEEE
                         // square roots are correctly rounded.
                         ? uint64_t(std::sqrt(
                               double(std::min<uint64_t>(N, 4 * LargeLoopOps) *
                                      1024 / LargeLoopOps)))
                         : 32;
    // Small loops get a floor, so that their search is not cut short by
    // their size: whole up to SmallLoopOps ops, then shrinking with the cube
    // of the size (an eighth at twice that size), which hands over to the
    // proportional budget before 500 ops instead of doubling it there.
    uint64_t Over = std::max<uint64_t>(N, SmallLoopOps);
    uint64_t Floor = Opts.MinSearchEffort * SmallLoopOps / Over * SmallLoopOps /
                     Over * SmallLoopOps / Over;
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

  /// Limits of an attempt of iterative modulo scheduling, given whether
  /// some schedule is known (its order then goes first).
  AttemptLimits iterative(bool HaveSchedule) const {
    AttemptLimits L;
    uint64_t Left = Total > Spent ? Total - Spent : 0;
    L.Effort = std::min(Left, std::max(MinAttempt, Left / AttemptShare));
    L.Placements = Placements;
    L.Stall = Stall;
    bool Large = N >= LargeRunsOps;
    if (HaveSchedule)
      L.Runs = Large ? ArrayRef<RunStyle>(LargeIterativeRunsFromHint)
                     : ArrayRef<RunStyle>(IterativeRunsFromHint);
    else if (Large)
      L.Runs = LargeIterativeRuns;
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
    if (N >= LargeRunsOps) {
      L.FarPlaced = N - N / PackedShare;
      L.FarEffort = std::max(L.Effort, Total * BoundPackingScale / BoundShare);
      L.Runs = ArrayRef<RunStyle>(LargeBoundRuns).slice(Run, 1);
    }
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
  /// Keeps 1 / Share of the budget, none of it spent (the search counts
  /// what it spent before in Earlier) ...
  void shrink(uint64_t Share) {
    Spent = 0;
    Full = {Total, MinAttempt};
    Total /= Share;
    MinAttempt = std::min(MinAttempt, Total);
  }
  /// ... or all of it again, none of it spent.
  void restart() {
    std::tie(Total, MinAttempt) = Full;
    Spent = 0;
  }
  /// Limits of an attempt of the neighbour phase: what the phase has left.
  AttemptLimits neighbour() const {
    AttemptLimits L;
    L.Effort = NeighbourEnd > Spent ? NeighbourEnd - Spent : 0;
    L.Placements = NeighbourRatio * N;
    L.Stall = Stall;
    L.Runs = NeighbourRuns;
    return L;
  }
  /// Loops that get the neighbour phase.
  bool neighbours() const { return N >= NeighbourOps; }
  /// The neighbour phase's first step down from Best.
  uint64_t neighbourFirstStep(uint64_t Best) const {
    return std::max<uint64_t>(1, Best / (N > LongDescentOps
                                             ? NeighbourLongFirstStep
                                             : NeighbourFirstStep));
  }
  /// Holds back the neighbour phase's share from the phases before it
  /// (see NeighbourSplit) ...
  void reserveForNeighbours() {
    if (N < LargeRunsOps || N > LongDescentOps)
      return;
    Reserved = Total / NeighbourSplit;
    Total -= Reserved;
    MinAttempt = std::min(MinAttempt, Total);
  }
  /// ... which the neighbour phase gets back: it ends where the whole
  /// budget is spent, but gets at least 1 / NeighbourShare of it (a run at
  /// the bound may have spent more than the budget). Without a share held
  /// back, 1 / NeighbourShare of the budget (NeighbourLongScale times it on
  /// the longest loops) beyond what the search has spent.
  void startNeighbourPhase() {
    if (Reserved) {
      Total += Reserved;
      Reserved = 0;
      NeighbourEnd = std::max(Total, Spent + Total / NeighbourShare);
      return;
    }
    NeighbourEnd = std::max(Spent, Total) + (N > LongDescentOps
                                                 ? Total * NeighbourLongScale
                                                 : Total / NeighbourShare);
  }
  bool neighbourPhaseOver() const { return Spent >= NeighbourEnd; }
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
  uint64_t N = 0, Unit = 0, ArmsStart = 0, NeighbourEnd = 0, Reserved = 0;
  std::pair<uint64_t, uint64_t> Full; ///< Total and MinAttempt, unshrunk.
};

/// The II search over one placement context.
class IISearch {
public:
  IISearch(const PlacementContext &Ctx, const SchedulerOptions &Opts,
           unsigned Lo, unsigned Cap, ScheduleResult &R, const SearchHint *Hint)
      : Runner(Ctx, Opts), Budget(Ctx, Opts), Lo(Lo), Cap(Cap), R(R),
        Hint(Hint) {}

  /// Runs the phases; true when some attempt succeeded (R holds the best).
  /// R.SearchEffort says what they spent.
  bool run();

private:
  /// The phases 0 to 2.
  bool runFromBound();
  /// A later refinement round's search, from Hint.
  bool runFromHint();
  /// Phase 1 from Base (a failure, or the bound).
  void armsPhase(uint64_t Base);
  /// Phase 2 above Failed.
  void iterativePhase(uint64_t Failed);
  /// Phase 3 on large loops, below the best schedule.
  void neighbourPhase();
  /// Steps down from the best II with attempts of that phase, the arms
  /// alone or iterative runs, whose failures may cost at most
  /// NeighbourFailScale times Reference (0: no limit yet); returns the
  /// effort of its last success or first attempt.
  uint64_t descend(bool ArmsOnly, uint64_t Reference);
  bool finish() {
    R.SearchEffort = Earlier + Budget.spent();
    return Best != 0;
  }

  Attempt attempt(SearchPhase Phase, uint64_t II, const AttemptLimits &L) {
    Attempt A = Runner.attempt(unsigned(II), L);
    Budget.charge(A.Effort);
    R.Search.push_back(
        {Phase, unsigned(II), A.Success, A.Effort, A.MostPlaced});
    return A;
  }
  /// Keeps A if it is the best schedule yet; true on success.
  bool record(uint64_t II, Attempt &A);
  /// Bisects between Failed and Best with attempts under Limits while the
  /// budget lasts, until the gap is at most Best / Precision (0 = exact).
  void bisect(SearchPhase Phase, function_ref<AttemptLimits()> Limits,
              uint64_t &Failed, uint64_t Precision, function_ref<bool()> Stop);

  AttemptRunner Runner;
  SearchBudget Budget;
  uint64_t Lo, Cap;
  ScheduleResult &R;
  const SearchHint *Hint;
  uint64_t Best = 0;    ///< The lowest II with a schedule, or 0.
  uint64_t Earlier = 0; ///< Effort spent before a restart.
  /// The most effort a successful attempt spent (see SearchHint::FailScale).
  uint64_t MostForSuccess = 0;
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
  MostForSuccess = std::max(MostForSuccess, A.Effort);
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

void IISearch::bisect(SearchPhase Phase, function_ref<AttemptLimits()> Limits,
                      uint64_t &Failed, uint64_t Precision,
                      function_ref<bool()> Stop) {
  while (Best && Best - Failed > 1 &&
         (!Precision || (Best - Failed) * Precision > Best) && !Stop()) {
    uint64_t Mid = Failed + (Best - Failed) / 2;
    Attempt A = attempt(Phase, Mid, Limits());
    if (!record(Mid, A))
      Failed = Mid;
  }
}

bool IISearch::run() {
  if (Hint && Hint->BestII > Lo && Hint->BestII <= Cap)
    return runFromHint();
  return runFromBound();
}

bool IISearch::runFromBound() {
  // 0. Most loops have a schedule at the bound, and there nothing is left
  // to search. A second run, with the other forced seats, only if the
  // first got far.
  Attempt AtBound = attempt(SearchPhase::Bound, Lo, Budget.atBound(0));
  if (!AtBound.Success && AtBound.OutOfBudget && Budget.gotFar(AtBound) &&
      !Budget.exhausted())
    AtBound = attempt(SearchPhase::Bound, Lo, Budget.atBound(1));
  bool Stopped = AtBound.OutOfBudget;
  if (record(Lo, AtBound) || Lo == Cap)
    return finish();
  // A run that stopped on its limits has not ruled the bound out: the
  // bisection may come back to it, with restarts.
  uint64_t Failed = Stopped ? Lo - 1 : Lo;
  Budget.reserveForNeighbours();
  armsPhase(Lo);
  iterativePhase(Failed);
  neighbourPhase();
  return finish();
}

bool IISearch::runFromHint() {
  uint64_t Failed = std::max<uint64_t>(
      Lo - 1, std::min<uint64_t>(Hint->Failed, Hint->BestII - 1));
  if (Hint->TryBoundFirst) {
    Attempt AtBound = attempt(SearchPhase::Bound, Lo, Budget.atBound(0));
    if (record(Lo, AtBound))
      return finish();
    if (!AtBound.OutOfBudget)
      Failed = std::max(Failed, Lo);
  }
  // The bound's attempt spent from the whole budget, the rest from a share.
  Earlier += Budget.spent();
  Budget.shrink(Hint->Share);
  Runner.setHint(Hint->Starts);
  uint64_t Start = Hint->BestII;
  Attempt A = attempt(SearchPhase::Iterative, Start, Budget.iterative(true));
  if (!record(Start, A)) {
    // The orderings moved the schedule far from the hint's: the search
    // from the bound, as if there were no hint.
    Earlier += Budget.spent();
    Budget.restart();
    Runner.setHint({});
    Hint = nullptr;
    return runFromBound();
  }
  iterativePhase(Failed);
  neighbourPhase();
  return finish();
}

void IISearch::armsPhase(uint64_t Base) {
  // 1. An upper bound from the placement arms alone.
  Budget.startArmsPhase();
  uint64_t ArmsFailed = Base;
  auto ArmsOnly = [&] { return Budget.armsOnly(); };
  // The gallop goes on past the phase's share: without an upper bound, the
  // iterative phase would have to start from the cap.
  for (uint64_t Step = std::max<uint64_t>(1, Base / ArmsFirstStep);;) {
    uint64_t II = std::min<uint64_t>(Cap, Base + Step);
    Attempt A = attempt(SearchPhase::ArmsOnly, II, ArmsOnly());
    if (record(II, A) || II == Cap)
      break;
    ArmsFailed = II;
    Step *= 2;
  }
  bisect(SearchPhase::ArmsOnly, ArmsOnly, ArmsFailed, ArmsPrecision,
         [&] { return Budget.armsPhaseOver(); });
}

void IISearch::iterativePhase(uint64_t Failed) {
  // 2. Iterative modulo scheduling below it. Should the arms alone have
  // found no schedule at all (they cannot evict, and one op squeezed between
  // its placed neighbours blocks them at any II), it starts from the cap.
  auto Iterative = [&] {
    AttemptLimits L = Budget.iterative(Best != 0);
    if (Hint && Hint->FailScale && MostForSuccess)
      L.Effort = std::min(L.Effort, Hint->FailScale * MostForSuccess);
    return L;
  };
  if (!Best) {
    Attempt A = attempt(SearchPhase::Iterative, Cap, Iterative());
    record(Cap, A);
  }
  bisect(SearchPhase::Iterative, Iterative, Failed, /*Precision=*/0,
         [&] { return Budget.exhausted(); });
}

void IISearch::neighbourPhase() {
  // 3. Rau's own runs (bounds from placed neighbours only) below the best
  // schedule, on a budget of their own: the placement arms alone first,
  // which mostly seat every op in one pass where they succeed, then
  // iterative runs.
  if (!Budget.neighbours() || !Best || Best <= Lo)
    return;
  Budget.startNeighbourPhase();
  uint64_t Pass = descend(/*ArmsOnly=*/true, 0);
  descend(/*ArmsOnly=*/false, Pass);
}

uint64_t IISearch::descend(bool ArmsOnly, uint64_t Reference) {
  // The failures of the phases before are those of propagated bounds, which
  // say little about these runs. A run that succeeds costs about a pass
  // over the loop and one that fails may cost many, so the runs step down
  // from the best II, 1 / NeighbourFirstStep of it first, doubling the step
  // after each success and bisecting towards the best II after a failure; a
  // run gives up after NeighbourFailScale times the effort of the last
  // success (or of the phase's first attempt). A failure before any
  // success ends the descent: a fraction of a percent below the best II,
  // it says these runs do no better on this loop than the phases before.
  uint64_t Failed = Lo - 1;
  uint64_t Step = Budget.neighbourFirstStep(Best);
  bool Succeeded = false;
  while (!Budget.neighbourPhaseOver()) {
    Step = std::min(Step, (Best - Failed) / 2);
    if (!Step)
      break;
    uint64_t II = Best - Step;
    AttemptLimits L = Budget.neighbour();
    if (ArmsOnly) {
      L.Placements = 0;
      L.Runs = NeighbourArmsRuns;
    }
    if (Reference)
      L.Effort = std::min(L.Effort, NeighbourFailScale * Reference);
    Attempt A = attempt(SearchPhase::Neighbour, II, L);
    bool Success = record(II, A);
    if (Success || !Reference)
      Reference = A.Effort;
    if (!Success && !Succeeded)
      break;
    Succeeded |= Success;
    if (Success)
      Step *= 2;
    else
      Failed = II;
  }
  return Reference;
}

SearchHint hintFrom(const ScheduleResult &R, ArrayRef<SearchStep> Steps,
                    const SearchHint *Previous) {
  SearchHint H;
  H.BestII = R.Sched.II;
  if (Previous && Previous->Failed < H.BestII)
    H.Failed = Previous->Failed;
  // The neighbour phase's failures say nothing about the next round's
  // iterative runs, whose bisection stops at H.Failed.
  for (const SearchStep &S : Steps)
    if (!S.Success && S.II < H.BestII && S.Phase != SearchPhase::Neighbour)
      H.Failed = std::max(H.Failed, S.II);
  H.Starts.reserve(R.Sched.Ops.size());
  for (const OpPlacement &Pl : R.Sched.Ops)
    H.Starts.push_back(Pl.Start);
  return H;
}

bool searchII(const PlacementContext &Ctx, const SchedulerOptions &Opts,
              unsigned Lo, unsigned Cap, ScheduleResult &R,
              const SearchHint *Hint) {
  return IISearch(Ctx, Opts, Lo, Cap, R, Hint).run();
}

} // namespace tileas
