//===- SearchBudgetTest.cpp - Bounded II search and its machinery ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The II search spends a budget of effort, not its luck: these tests check
// the bound, the stall and placement limits of iterative modulo scheduling,
// determinism on loops with conservative memory dependences (where the
// previous search spent minutes in failing attempts), and the pieces that
// make an attempt cheap: implied constraint arcs left out, bounds
// propagated in sweeps, one state reset for every II, heights in sweeps.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "IterativeModulo.h"
#include "ModuloState.h"
#include "PlacementContext.h"
#include "Priority.h"

#include "RandomProblem.h"
#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <climits>

using namespace tileas;
using namespace tileas::test;

namespace {

/// A loopgen-like random loop; Plain leaves out budgets, groups and depth
/// limits (no refinement, and bounds are those of the dependences alone).
Problem memoryOrderLoop(unsigned Ops, uint64_t Seed, bool Plain = false) {
  RandomProblemOptions RO;
  RO.NumOps = Ops;
  RO.Seed = Seed;
  RO.MemoryOrder = true;
  RO.Budgets = RO.Groups = RO.DepthLimits = !Plain;
  return makeRandomProblem(RO);
}

/// Longest paths from cycle 0 over every dependence at II, with the ops in
/// Fixed pinned to their starts (Bellman-Ford, as a reference).
std::vector<int64_t> referenceEarliest(const Problem &P, unsigned II,
                                       const std::vector<int64_t> &Fixed) {
  std::vector<int64_t> E(P.size(), 0);
  for (unsigned V = 0; V != P.size(); ++V)
    if (Fixed[V] != ModuloState::Unplaced)
      E[V] = Fixed[V];
  for (unsigned Round = 0; Round <= P.size(); ++Round)
    for (const Dependence &D : P.dependences()) {
      if (Fixed[D.To] != ModuloState::Unplaced || D.From == D.To)
        continue;
      int64_t Candidate =
          E[D.From] + D.Latency - int64_t(II) * int64_t(D.Distance);
      E[D.To] = std::max(E[D.To], Candidate);
    }
  return E;
}

TEST(SearchBudgetTest, MemoryOrderLoopsAreLoopgenLike) {
  Problem P = memoryOrderLoop(200, 1);
  ASSERT_FALSE(bool(P.validate()));
  // Every global load (the far-memory ops) waits for every store of the
  // previous iteration.
  std::vector<unsigned> Loads;
  for (unsigned V = 0; V != P.size(); ++V)
    if (P.operations()[V].FarMemory)
      Loads.push_back(V);
  ASSERT_FALSE(Loads.empty());
  unsigned Into = 0;
  for (const Dependence &D : P.dependences())
    Into += D.Kind == DepKind::Memory && D.Distance == 1 &&
            llvm::is_contained(Loads, D.To);
  EXPECT_GT(Into, Loads.size());
  // The recurrences through memory bound II above the busiest slot.
  MIIBounds B = computeBounds(P, SchedulerOptions());
  EXPECT_GT(B.Recurrence, B.Resource);
  EXPECT_TRUE(llvm::any_of(P.operations(),
                           [](const Operation &Op) { return Op.FarMemory; }));
}

TEST(SearchBudgetTest, TheSearchStaysWithinItsBudget) {
  Problem P = memoryOrderLoop(300, 2, /*Plain=*/true);
  SchedulerOptions Opts;
  Opts.Verify = true;
  Opts.SearchEffortFactor = 0;
  for (uint64_t Budget : {uint64_t(20000), uint64_t(400000)}) {
    Opts.MinSearchEffort = Budget;
    ScheduleResult R = scheduleLoop(P, Opts);
    ASSERT_TRUE(R.Success) << R.Failure.Reason;
    EXPECT_TRUE(R.Sched.Flags & SF_Verified);
    EXPECT_EQ(R.Sched.ConstraintIterations, 1u);
    // Attempts stop on the budget; the last one may overrun it by at most
    // one pass of the placement arms over the loop.
    EXPECT_LE(R.SearchEffort, 2 * Budget + 400000) << "budget " << Budget;
    EXPECT_GT(R.SearchEffort, 0u);
  }
}

TEST(SearchBudgetTest, TheTraceAccountsForTheWholeSearch) {
  // A loop whose bound is out of reach: the search goes through all its
  // phases. Its trace must add up to what it reports.
  Problem P = memoryOrderLoop(300, 2, /*Plain=*/true);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  ASSERT_FALSE(R.Search.empty());
  uint64_t Sum = 0, BestII = ~uint64_t(0);
  for (const SearchStep &S : R.Search) {
    Sum += S.Effort;
    if (S.Success)
      BestII = std::min<uint64_t>(BestII, S.II);
  }
  EXPECT_EQ(Sum, R.SearchEffort);
  // The schedule kept is that of the lowest II any attempt reached.
  EXPECT_EQ(BestII, R.Sched.II);
  // The first attempt is at the bound, and failed there.
  EXPECT_EQ(R.Search.front().Phase, SearchPhase::Bound);
  EXPECT_EQ(R.Search.front().II, R.Bounds.mii());
  EXPECT_GT(R.Sched.II, R.Bounds.mii());
  // The placement arms gallop up until they succeed, even past their share
  // of a tiny budget: the iterative phase then starts below their schedule,
  // not from the cap.
  SchedulerOptions Tiny;
  Tiny.SearchEffortFactor = 0;
  Tiny.MinSearchEffort = 1;
  ScheduleResult T = scheduleLoop(P, Tiny);
  ASSERT_TRUE(T.Success) << T.Failure.Reason;
  auto ArmsSuccess = llvm::find_if(T.Search, [](const SearchStep &S) {
    return S.Phase == SearchPhase::ArmsOnly && S.Success;
  });
  ASSERT_NE(ArmsSuccess, T.Search.end());
  for (const SearchStep &S : T.Search)
    EXPECT_LE(S.II, ArmsSuccess->II);
}

/// Whether R's search had a neighbour phase.
bool hasNeighbourPhase(const ScheduleResult &R) {
  return llvm::any_of(R.Search, [](const SearchStep &S) {
    return S.Phase == SearchPhase::Neighbour;
  });
}

TEST(SearchBudgetTest, TheNeighbourPhaseRunsBelowTheBestScheduleOnLargeLoops) {
  // A recurrence-bound generated loop of 400 ops (test/Inputs/loopgen):
  // the phases with propagated bounds end at II 840 on the half of the
  // budget they keep, textbook IMS reaches 812. The neighbour phase comes
  // last, tries only IIs below the best schedule of its time, and spends
  // at most the other half from where they ended.
  llvm::SmallString<256> File(TILEAS_SOURCE_DIR);
  llvm::sys::path::append(File, "test", "Inputs", "loopgen",
                          "loopgen-400-s1.txt");
  llvm::Expected<Problem> P = loadProblemFile(File, LoadOptions());
  ASSERT_TRUE(bool(P)) << llvm::toString(P.takeError());
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(*P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_TRUE(R.Sched.Flags & SF_Verified);
  uint64_t Best = ~uint64_t(0), BestBefore = 0, Before = 0, Neighbour = 0,
           Largest = 0;
  bool InPhase = false;
  for (const SearchStep &S : R.Search) {
    if (S.Phase == SearchPhase::Neighbour) {
      if (!InPhase)
        BestBefore = Best;
      InPhase = true;
      EXPECT_LT(S.II, Best);
      Neighbour += S.Effort;
      Largest = std::max(Largest, S.Effort);
    } else {
      EXPECT_FALSE(InPhase) << "the neighbour phase comes last";
      Before += S.Effort;
    }
    if (S.Success)
      Best = std::min<uint64_t>(Best, S.II);
  }
  ASSERT_TRUE(InPhase);
  EXPECT_EQ(BestBefore, 840u);
  EXPECT_LE(R.Sched.II, 812u);
  // At most as much as the phases before spent (they may overrun their
  // half by an attempt; so may its last attempt).
  EXPECT_LE(Neighbour, Before + Largest);
  // It runs from 150 ops on (on the generated 200-op loop gen-200-s1 the
  // phases before end at 526, the neighbour phase and textbook IMS at 421).
  ScheduleResult Mid = scheduleLoop(memoryOrderLoop(200, 2, true), Opts);
  ASSERT_TRUE(Mid.Success) << Mid.Failure.Reason;
  EXPECT_TRUE(hasNeighbourPhase(Mid));
  // Under 150 ops the search is as it was, though this loop's bound is out
  // of reach too.
  ScheduleResult Small = scheduleLoop(memoryOrderLoop(100, 3, true), Opts);
  ASSERT_TRUE(Small.Success) << Small.Failure.Reason;
  EXPECT_GT(Small.Sched.II, Small.Bounds.mii());
  EXPECT_FALSE(hasNeighbourPhase(Small));
}

TEST(SearchBudgetTest, MoreBudgetNeverHurtsTheLowerBound) {
  // A small loop whose bound is reachable: every budget finds it.
  ProblemBuilder B = simpleRecurrenceLoop();
  SchedulerOptions Opts;
  Opts.SearchEffortFactor = 0;
  for (uint64_t Budget : {uint64_t(1), uint64_t(1000), uint64_t(1) << 20}) {
    Opts.MinSearchEffort = Budget;
    ScheduleResult R = scheduleLoop(B.P, Opts);
    ASSERT_TRUE(R.Success);
    EXPECT_EQ(R.Sched.II, 16u) << "budget " << Budget;
  }
}

TEST(SearchBudgetTest, LoopsWithMemoryOrderAreDeterministic) {
  Problem P = memoryOrderLoop(400, 3), Copy = memoryOrderLoop(400, 3);
  SchedulerOptions Opts;
  ScheduleResult A = scheduleLoop(P, Opts), B = scheduleLoop(P, Opts),
                 C = scheduleLoop(Copy, Opts);
  ASSERT_TRUE(A.Success) << A.Failure.Reason;
  for (const ScheduleResult *R : {&B, &C}) {
    ASSERT_TRUE(R->Success);
    EXPECT_EQ(A.Sched.II, R->Sched.II);
    EXPECT_EQ(A.SearchEffort, R->SearchEffort);
    ASSERT_EQ(A.Sched.Ops.size(), R->Sched.Ops.size());
    for (unsigned I = 0, E = A.Sched.Ops.size(); I != E; ++I)
      EXPECT_EQ(A.Sched.Ops[I].Start, R->Sched.Ops[I].Start) << "op " << I;
  }
  EXPECT_TRUE(verifySchedule(P, A.Sched).empty());
}

/// A loop whose II is far below what it needs: every op holds slot 1 for
/// two cycles, so any II below twice the op count fails.
ProblemBuilder crowdedSlot(unsigned Ops) {
  ProblemBuilder B;
  for (unsigned I = 0; I != Ops; ++I)
    B.op({{1, 2}});
  for (unsigned I = 0; I + 1 < Ops; ++I)
    B.dep(I, I + 1, 1);
  return B;
}

TEST(SearchBudgetTest, IterativeSchedulingKeepsToItsPlacementBudget) {
  ProblemBuilder B = crowdedSlot(12);
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState State(Ctx, 16); // 24 rows of demand in 16.
  PriorityOrder Order = computePriority(Ctx, 16);
  State.setRecording(false);
  IterativeOutcome Outcome = runIterativeModulo(State, Order, 50);
  EXPECT_FALSE(Outcome.Success);
  EXPECT_TRUE(Outcome.OutOfBudget);
  EXPECT_EQ(Outcome.Placements, 50u);
}

TEST(SearchBudgetTest, IterativeSchedulingStopsWhenItStalls) {
  ProblemBuilder B = crowdedSlot(12);
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState State(Ctx, 16);
  PriorityOrder Order = computePriority(Ctx, 16);
  State.setRecording(false);
  IterativeLimits Limits;
  Limits.Stall = 10;
  IterativeOutcome Outcome = runIterativeModulo(State, Order, 100000, Limits);
  EXPECT_FALSE(Outcome.Success);
  EXPECT_TRUE(Outcome.OutOfBudget);
  // At most 8 ops fit; it gives up long before the placement budget.
  EXPECT_LT(Outcome.Placements, 100u);

  // An effort limit stops it too.
  ModuloState Fresh(Ctx, 16);
  Fresh.setRecording(false);
  Limits = IterativeLimits();
  Limits.Effort = Fresh.effort() + 500;
  Outcome = runIterativeModulo(Fresh, Order, 100000, Limits);
  EXPECT_TRUE(Outcome.OutOfBudget);
  EXPECT_LT(Outcome.Placements, 100000u);
}

TEST(SearchBudgetTest, ImpliedArcsAreLeftOutAndBoundsStayExact) {
  ProblemBuilder B;
  unsigned A = B.op(), Bo = B.op(), C = B.op(), D = B.op();
  B.dep(A, Bo, 3);
  B.dep(Bo, C, 4);
  B.dep(A, C, 5);     // Implied: 3 + 4 >= 5 through Bo.
  B.dep(A, D, 9);     // Not implied: nothing else reaches D.
  B.dep(Bo, D, 2);    // Not implied: 2 < 9 - 3 is no path from Bo.
  B.dep(C, A, 1, 1);  // The loop-carried arc.
  B.dep(Bo, A, 0, 2); // Implied by Bo -> C -> A (distance 1 <= 2, 5 >= 0).
  B.dep(A, C, 2);     // A weaker parallel arc.
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  EXPECT_EQ(Ctx.numImpliedArcs(), 3u);
  EXPECT_EQ(Ctx.numArcs(), B.P.dependences().size() - 3);

  // The propagated bounds are those of every dependence.
  ModuloState State(Ctx, 10);
  std::vector<int64_t> Fixed(B.P.size(), ModuloState::Unplaced);
  EXPECT_EQ(State.earliest(C), referenceEarliest(B.P, 10, Fixed)[C]);
  State.seat(A, 2);
  Fixed[A] = 2;
  std::vector<int64_t> Ref = referenceEarliest(B.P, 10, Fixed);
  for (unsigned V : {Bo, C, D})
    EXPECT_EQ(State.earliest(V), Ref[V]) << "op " << V;
  EXPECT_TRUE(State.boundsAreExact());
}

TEST(SearchBudgetTest, NoArcIsLeftOutAroundAZeroDistanceCycle) {
  // Two ops that must start together: each arc implies the other's 2-path,
  // and dropping both would lose the constraint.
  ProblemBuilder B;
  unsigned A = B.op(), Bo = B.op(), C = B.op();
  B.dep(A, Bo, 0);
  B.dep(Bo, A, 0);
  B.dep(A, C, 1);
  B.dep(Bo, C, 1);
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  EXPECT_EQ(Ctx.numImpliedArcs(), 0u);
}

TEST(SearchBudgetTest, MemoryOrderBoundsMatchTheReference) {
  // Three global stores: their memory-order arcs imply one another's.
  Problem P = memoryOrderLoop(120, 3, /*Plain=*/true);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  EXPECT_GT(Ctx.numImpliedArcs(), P.dependences().size() / 4);
  unsigned II = computeBounds(P, Opts).mii() + 40;
  ModuloState State(Ctx, II);
  std::vector<int64_t> Fixed(P.size(), ModuloState::Unplaced);
  // Seat every third op where it may sit and compare with Bellman-Ford
  // over all dependences (implied arcs included).
  for (unsigned V = 0; V < P.size(); V += 3) {
    if (State.earliest(V) > State.latest(V) ||
        !State.fits(V, State.earliest(V)))
      continue;
    State.seat(V, State.earliest(V));
    Fixed[V] = State.start(V);
  }
  std::vector<int64_t> Ref = referenceEarliest(P, II, Fixed);
  for (unsigned V = 0; V != P.size(); ++V)
    EXPECT_EQ(State.earliest(V), Ref[V]) << "op " << V;
}

TEST(SearchBudgetTest, AResetStateEqualsAFreshOne) {
  Problem P = memoryOrderLoop(80, 5, /*Plain=*/true);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  unsigned II = computeBounds(P, Opts).mii();
  ModuloState Reused(Ctx, II + 50);
  for (unsigned V = 0; V < P.size(); V += 2)
    if (!Reused.isPlaced(V) && Reused.fits(V, Reused.earliest(V)) &&
        Reused.earliest(V) <= Reused.latest(V))
      Reused.seat(V, Reused.earliest(V));
  Reused.reset(II + 7);
  ModuloState Fresh(Ctx, II + 7);
  EXPECT_EQ(Reused.ii(), Fresh.ii());
  EXPECT_EQ(Reused.numPlaced(), 0u);
  EXPECT_EQ(Reused.consistent(), Fresh.consistent());
  for (unsigned V = 0; V != P.size(); ++V) {
    EXPECT_EQ(Reused.earliest(V), Fresh.earliest(V)) << "op " << V;
    EXPECT_EQ(Reused.latest(V), Fresh.latest(V)) << "op " << V;
  }
  for (unsigned Row = 0; Row != II + 7; ++Row)
    EXPECT_EQ(Reused.table().row(Row), 0u);
  EXPECT_TRUE(Reused.boundsAreExact());
}

TEST(SearchBudgetTest, UnseatingTogetherEqualsUnseatingOneByOne) {
  // An eviction unseats its victims together, with one relaxation over
  // the cone of all of them: the bounds must be those of unseating them
  // one at a time, and exact.
  Problem P = memoryOrderLoop(90, 4, /*Plain=*/true);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  unsigned II = computeBounds(P, Opts).mii() + 30;
  ModuloState Together(Ctx, II), OneByOne(Ctx, II);
  for (ModuloState *S : {&Together, &OneByOne}) {
    S->setRecording(false);
    for (unsigned V = 0; V != P.size(); ++V)
      if (S->earliest(V) <= S->latest(V) && S->fits(V, S->earliest(V)))
        S->seat(V, S->earliest(V));
  }
  std::vector<unsigned> Victims;
  for (unsigned V = 0; V != P.size(); V += 3)
    if (Together.isPlaced(V))
      Victims.push_back(V);
  ASSERT_GT(Victims.size(), 10u);
  Together.unseatAll(Victims);
  for (unsigned V : Victims)
    OneByOne.unseat(V);
  EXPECT_EQ(Together.numPlaced(), OneByOne.numPlaced());
  unsigned Changed = 0;
  for (unsigned V = 0; V != P.size(); ++V) {
    EXPECT_EQ(Together.earliest(V), OneByOne.earliest(V)) << "op " << V;
    EXPECT_EQ(Together.latest(V), OneByOne.latest(V)) << "op " << V;
    Changed += !Together.isPlaced(V);
  }
  EXPECT_GE(Changed, Victims.size());
  EXPECT_TRUE(Together.boundsAreExact());
  // Fewer arcs scanned than one relaxation per victim.
  EXPECT_LT(Together.effort(), OneByOne.effort());
}

TEST(SearchBudgetTest, HeightsAreLongestPathsToTheSinks) {
  Problem P = memoryOrderLoop(150, 6);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  unsigned II = computeBounds(P, Opts).mii() + 3;
  std::vector<int64_t> H = computeHeights(Ctx.graph(), II);
  // Bellman-Ford on the reversed graph from every sink at 0.
  std::vector<int64_t> Ref(P.size(), 0);
  for (unsigned Round = 0; Round <= P.size(); ++Round)
    for (const Dependence &D : P.dependences())
      if (D.From != D.To)
        Ref[D.From] = std::max(Ref[D.From], Ref[D.To] + D.Latency -
                                                int64_t(II) * D.Distance);
  EXPECT_EQ(H, Ref);
}

TEST(SearchBudgetTest, LoopCarriedAnchorsCanBeTurnedOff) {
  ProblemBuilder B;
  unsigned A = B.op(), Next = B.op(), Same = B.op();
  B.dep(A, Next, 2, 1); // A successor in the next iteration ...
  B.dep(A, Same, 2);    // ... and one in the same iteration.
  SchedulerOptions Opts;
  PlacementContext Ctx(B.P, Opts, {});
  ModuloState State(Ctx, 20);
  State.seat(Next, 5);
  Window W = State.window(A);
  EXPECT_TRUE(W.HasSucc); // By default any placed successor anchors.
  EXPECT_EQ(W.Hi, 5 + 20 - 2);
  State.setLoopCarriedAnchors(false);
  W = State.window(A);
  EXPECT_FALSE(W.HasSucc);
  EXPECT_EQ(W.Hi, 5 + 20 - 2); // The bound itself stays.
  State.seat(Same, 9);
  EXPECT_TRUE(State.window(A).HasSucc);
}

TEST(SearchBudgetTest, ARestartMayTakeTheOrderOfABetterSchedule) {
  Problem P = memoryOrderLoop(60, 7);
  SchedulerOptions Opts;
  PlacementContext Ctx(P, Opts, {});
  unsigned II = computeBounds(P, Opts).mii();
  std::vector<int64_t> Starts(P.size());
  for (unsigned V = 0; V != P.size(); ++V)
    Starts[V] = int64_t(P.size() - V); // Reverse program order.
  PriorityOrder Order = priorityFromStarts(Ctx, II, Starts);
  for (unsigned I = 0; I != P.size(); ++I)
    EXPECT_EQ(Order.Ops[I], P.size() - 1 - I);
  // Variants are permutations, and variant 0 is the plain height order.
  PriorityOrder Plain = computePriority(Ctx, II),
                Other = computePriority(Ctx, II, 3);
  std::vector<unsigned> A = Plain.Ops, B = Other.Ops;
  std::sort(A.begin(), A.end());
  std::sort(B.begin(), B.end());
  EXPECT_EQ(A, B);
  for (unsigned I = 0; I + 1 < P.size(); ++I)
    EXPECT_GE(Plain.Height[Plain.Ops[I]], Plain.Height[Plain.Ops[I + 1]]);
}

} // namespace
