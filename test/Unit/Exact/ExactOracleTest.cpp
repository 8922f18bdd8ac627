//===- ExactOracleTest.cpp - Infeasibility claims against brute force -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A schedule the solver returns is checked by the verifier, but a claim that
// an II is infeasible is not. Here tiny random problems (slots with long
// holds, a counting pool, both kinds of budget charge, a group, distances up
// to 2) are solved, and every start-time assignment with stages below 3 is
// enumerated at each II from the MII that the solver called infeasible: none
// may verify.
//
//===----------------------------------------------------------------------===//

#include "ExactTestUtil.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

#include <numeric>

using namespace tileas;
using namespace tileas::exacttest;

namespace {

/// A small deterministic stream for the problem shapes.
class Lcg {
public:
  explicit Lcg(uint64_t Seed) : State(Seed * 2862933555777941757ULL + 1) {}
  unsigned below(unsigned N) {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned((State >> 33) % N);
  }

private:
  uint64_t State;
};

/// TightBudgets: every op also charges 250-450 bytes per ring copy of the
/// 1000-byte pool with probability 2/3, so that ring depths bind.
Problem tinyProblem(uint64_t Seed, bool TightBudgets = false) {
  Lcg R(Seed);
  Problem P(smallModel());
  unsigned N = 2 + R.below(3);
  for (unsigned I = 0; I != N; ++I) {
    Operation Op;
    unsigned Holds = R.below(3);
    for (unsigned H = 0; H != Holds; ++H) {
      unsigned Slot = 1 + R.below(2) + 2 * H; // Distinct slots per op.
      Op.Slots.push_back({Slot, 1 + R.below(3), 1});
    }
    if (R.below(2))
      Op.Pools.push_back({0, 1 + R.below(2), 1 + R.below(2)});
    if (R.below(3) == 0)
      Op.Budgets.push_back(
          {0, 60 + 20 * R.below(3),
           R.below(2) ? BudgetScaling::PerPipe : BudgetScaling::PerStage});
    Op.Async = R.below(4) == 0;
    if (TightBudgets && R.below(3))
      Op.Budgets.push_back({0, 250 + 50 * R.below(5), BudgetScaling::PerStage});
    P.addOperation(Op);
  }
  unsigned Edges = 1 + R.below(2 * N);
  for (unsigned E = 0; E != Edges; ++E) {
    unsigned From = R.below(N), To = R.below(N);
    unsigned Distance = From < To ? R.below(2) : 1 + R.below(2);
    DepKind Kind = R.below(4) ? DepKind::Data : DepKind::Order;
    depend(P, From, To, int(R.below(7)), Distance, Kind);
  }
  if (N >= 3 && R.below(3) == 0) {
    P.addGroup({5, -1, 0});
    P.operations()[0].Group = 5;
    P.operations()[N - 1].Group = 5;
  }
  return P;
}

/// Whether some schedule at II with every stage below MaxStage verifies.
bool bruteForceFeasible(const Problem &P, unsigned II, unsigned MaxStage) {
  unsigned N = P.size();
  int64_t Limit = int64_t(II) * MaxStage;
  std::vector<int64_t> Starts(N, 0);
  Schedule S;
  S.II = II;
  S.Ops.resize(N);
  while (true) {
    unsigned Last = 0;
    for (unsigned Op = 0; Op != N; ++Op) {
      S.Ops[Op].Start = Starts[Op];
      S.Ops[Op].Stage = unsigned(Starts[Op] / II);
      Last = std::max(Last, S.Ops[Op].Stage);
    }
    std::vector<unsigned> Rank(N);
    std::iota(Rank.begin(), Rank.end(), 0);
    std::stable_sort(Rank.begin(), Rank.end(), [&](unsigned A, unsigned B) {
      return Starts[A] < Starts[B];
    });
    for (unsigned I = 0; I != N; ++I)
      S.Ops[Rank[I]].Order = I;
    S.StageCount = Last + 1;
    if (verifySchedule(P, S).empty())
      return true;
    unsigned Op = 0;
    while (Op != N && ++Starts[Op] == Limit)
      Starts[Op++] = 0;
    if (Op == N)
      return false;
  }
}

TEST(ExactOracle, InfeasibleIIsHaveNoSchedule) {
  constexpr unsigned MaxII = 7, MaxStage = 3;
  unsigned Claims = 0;
  for (uint64_t Seed = 1; Seed <= 60; ++Seed) {
    Problem P = tinyProblem(Seed);
    ExactOptions O;
    O.TimeLimitSeconds = 120; // A hang guard: these settle in milliseconds.
    O.MaxII = MaxII;
    ExactResult R = solveExact(P, O);
    SCOPED_TRACE("seed " + std::to_string(Seed) + ": " + statusName(R.Status) +
                 " II " + std::to_string(R.II));
    ASSERT_NE(R.Status, ExactResult::Unknown) << R.Note;
    ASSERT_NE(R.Status, ExactResult::Feasible);
    if (R.II) {
      EXPECT_EQ(violations(P, R.Sched), "");
    }
    // The solver called every II from the MII up to the proven bound (and
    // at most MaxII) infeasible; below the MII the bounds did.
    unsigned MII = computeBounds(P, SchedulerOptions()).mii();
    unsigned Below = std::min(R.LowerBound, MaxII + 1);
    for (unsigned II = MII; II < Below; ++II) {
      ++Claims;
      EXPECT_FALSE(bruteForceFeasible(P, II, MaxStage)) << "II " << II;
    }
  }
  // Enough of the problems have an optimum above their MII.
  EXPECT_GE(Claims, 10u);
}

} // namespace

namespace {

// The recurrence bound with resources claims every II between the other
// bounds and itself infeasible without a solver: brute force must agree.
TEST(ExactOracle, RecurrenceResourceBoundIsSound) {
  constexpr unsigned MaxStage = 3;
  unsigned Raised = 0;
  for (uint64_t Seed = 1; Seed <= 1000; ++Seed) {
    Problem P = tinyProblem(Seed);
    MIIBounds B = computeBounds(P, SchedulerOptions());
    if (B.Recurrence == InfeasibleII)
      continue;
    unsigned Others = std::max({B.Resource, B.Recurrence, B.FineDensity, 1u});
    if (B.RecurrenceResource <= Others)
      continue;
    ++Raised;
    SCOPED_TRACE("seed " + std::to_string(Seed));
    for (unsigned II = Others; II < B.RecurrenceResource; ++II)
      EXPECT_FALSE(bruteForceFeasible(P, II, MaxStage)) << "II " << II;
  }
  // The shapes raise the bound often enough for the check to mean something.
  EXPECT_GE(Raised, 10u);
}

} // namespace

namespace {

/// Brute force (stages below 3) at every II from the other bounds up to
/// the budget bound B.Budget (and at most MaxII), which the budget bound
/// claims infeasible: no schedule may verify. Returns the IIs checked.
unsigned checkBudgetBoundClaims(const Problem &P, const MIIBounds &B,
                                unsigned MaxII) {
  constexpr unsigned MaxStage = 3;
  unsigned Others = std::max(
      {B.Resource, B.Recurrence, B.FineDensity, B.RecurrenceResource, 1u});
  unsigned Checked = 0;
  for (unsigned II = Others; II < std::min(B.Budget, MaxII + 1); ++II) {
    ++Checked;
    EXPECT_FALSE(bruteForceFeasible(P, II, MaxStage)) << "II " << II;
  }
  return Checked;
}

// The budget bound claims every II between the other bounds and itself
// infeasible from ring depths alone: brute force must agree (up to II 5,
// which keeps the enumeration to seconds).
TEST(ExactOracle, BudgetBoundIsSound) {
  unsigned Checked = 0;
  for (uint64_t Seed = 1; Seed <= 40; ++Seed) {
    Problem P = tinyProblem(Seed, /*TightBudgets=*/true);
    if (llvm::Error E = P.validate()) {
      llvm::consumeError(std::move(E));
      continue;
    }
    MIIBounds B = computeBounds(P, SchedulerOptions());
    if (B.Recurrence == InfeasibleII)
      continue;
    SCOPED_TRACE("seed " + std::to_string(Seed));
    Checked += checkBudgetBoundClaims(P, B, /*MaxII=*/5);
  }
  // The shapes raise the bound often enough for the check to mean something.
  EXPECT_GE(Checked, 20u);
}

} // namespace

namespace {

/// A tiny loop with its coordination: one or two asynchronous producers of
/// 300-700-byte tiles (the pool holds 1000) on slot 1, read by two or three
/// asynchronous ops on slot 2 or 3 (holds of one or two cycles) that release
/// their slots 1-3 cycles after they issue, 1-3 cycles after the loads.
Problem tinyRingLoop(uint64_t Seed) {
  Lcg R(Seed);
  Problem P(smallModel());
  unsigned Loads = 1 + R.below(2), Readers = 2 + (Loads == 1 ? R.below(2) : 0);
  pipes::SolveInput In;
  for (unsigned I = 0; I != Loads + Readers; ++I) {
    Operation Op;
    Op.Name = "op" + std::to_string(I);
    bool Load = I < Loads;
    Op.Slots.push_back(
        {Load ? 1u : 2 + R.below(2), Load ? 1 : 1 + R.below(2), 1});
    Op.Async = true;
    P.addOperation(Op);
    pipes::LoopOp L;
    L.Unit = Load ? 4 : 6;
    L.Async = true;
    L.Latency = Load ? 2 : 1 + R.below(3);
    In.Ops.push_back(L);
  }
  for (unsigned U = 0; U != Loads; ++U) {
    In.Values.push_back(
        {int(U), false, 300 + 100 * uint64_t(R.below(5)), 0, false});
    for (unsigned V = Loads; V != Loads + Readers; ++V) {
      depend(P, U, V, int(1 + R.below(3)), 0, DepKind::Data);
      In.Reads.push_back({V, U, 0, false, -1});
    }
  }
  In.FirstBarrier = 1;
  In.BarrierLimit = 5;
  In.BudgetCapacity = {1000, 4};
  In.BudgetNames = {"smem", "barriers"};
  In.BarrierBudget = 1;
  P.Coordination = In;
  return P;
}

// The budget bound of a problem with its coordination claims every II
// between the other bounds and itself infeasible from the depths that late
// releases force: brute force, which the verifier judges with the
// coordination solve, must agree.
TEST(ExactOracle, RingReleaseBoundIsSound) {
  unsigned Checked = 0;
  for (uint64_t Seed = 1; Seed <= 16; ++Seed) {
    Problem P = tinyRingLoop(Seed);
    ASSERT_FALSE(bool(P.validate()));
    MIIBounds B = computeBounds(P, SchedulerOptions());
    if (!B.Budget)
      continue;
    SCOPED_TRACE("seed " + std::to_string(Seed));
    Checked += checkBudgetBoundClaims(P, B, /*MaxII=*/5);
    // At the bound, the scheduler finds a schedule the coordination takes;
    // where the tiles do not fit even one copy each, it says so.
    SchedulerOptions Opts;
    Opts.Verify = true;
    Opts.ForceModulo = true;
    ScheduleResult S = scheduleLoop(P, Opts);
    if (B.Budget == InfeasibleII) {
      EXPECT_FALSE(S.Success);
      EXPECT_NE(S.Failure.Reason.find("at every II"), std::string::npos)
          << S.Failure.Reason;
      continue;
    }
    ASSERT_TRUE(S.Success) << S.Failure.Reason;
    EXPECT_GE(S.Sched.II, B.Budget);
  }
  // The shapes raise the bound often enough for the check to mean something.
  EXPECT_GE(Checked, 20u);
}

} // namespace
