//===- ExactSolver.cpp - Optimal modulo schedules with an SMT solver ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The II search: ascending from the MII, one SMT decision per II with half of
// the remaining time, so that an II the solver cannot settle still leaves
// time to find a schedule above it. The first II proven feasible while every
// smaller one was proven infeasible is optimal.
//
//===----------------------------------------------------------------------===//

#include "tileas/Exact/ExactSolver.h"
#include "ModuloEncoding.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/Error.h"

#include <algorithm>
#include <chrono>
#include <numeric>

using namespace llvm;

namespace tileas {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point Begin) {
  return std::chrono::duration<double>(Clock::now() - Begin).count();
}

/// The length of a schedule that overlaps nothing: every op's longest hold
/// plus every positive latency. Used as the II cap when none is given.
unsigned flatLength(const Problem &P) {
  uint64_t Length = 1;
  for (const Operation &O : P.operations()) {
    unsigned Hold = 1;
    for (const SlotUse &U : O.Slots)
      Hold = std::max(Hold, U.Duration);
    for (const PoolUse &U : O.Pools)
      Hold = std::max(Hold, U.Duration);
    Length += Hold;
  }
  for (const Dependence &D : P.dependences())
    Length += uint64_t(std::max(D.Latency, 0));
  return unsigned(std::min<uint64_t>(Length, InfeasibleII - 1));
}

/// Turns start cycles into a Schedule.h schedule: stage = start / II, order
/// = rank by (start, index).
Schedule buildSchedule(const Problem &P, unsigned II,
                       const std::vector<int64_t> &Starts,
                       const MIIBounds &Bounds) {
  Schedule S;
  S.II = II;
  S.Bounds = Bounds;
  unsigned N = P.size();
  S.Ops.resize(N);
  unsigned LastStage = 0;
  for (unsigned Op = 0; Op != N; ++Op) {
    S.Ops[Op].Start = Starts[Op];
    S.Ops[Op].Stage = unsigned(Starts[Op] / II);
    LastStage = std::max(LastStage, S.Ops[Op].Stage);
  }
  std::vector<unsigned> Rank(N);
  std::iota(Rank.begin(), Rank.end(), 0);
  std::stable_sort(Rank.begin(), Rank.end(), [&](unsigned A, unsigned B) {
    return Starts[A] < Starts[B];
  });
  for (unsigned I = 0; I != N; ++I)
    S.Ops[Rank[I]].Order = I;
  S.StageCount = LastStage + 1;
  S.BudgetUsage = computeBudgetUsage(P, S);
  return S;
}

bool anyInfeasible(const MIIBounds &B) {
  return B.Resource == InfeasibleII || B.Recurrence == InfeasibleII ||
         B.FineDensity == InfeasibleII || B.Dependency == InfeasibleII ||
         B.RecurrenceResource == InfeasibleII;
}

} // namespace

ExactResult solveExact(const Problem &P, const ExactOptions &O) {
  Clock::time_point Begin = Clock::now();
  ExactResult R;
  auto Finish = [&]() -> ExactResult {
    R.Seconds = secondsSince(Begin);
    return R;
  };
  if (Error E = P.validate()) {
    R.Note = toString(std::move(E));
    return Finish();
  }
  MIIBounds Bounds = computeBounds(P, SchedulerOptions());
  if (anyInfeasible(Bounds)) {
    R.Status = ExactResult::Infeasible;
    R.LowerBound = InfeasibleII;
    R.Note = "a lower bound rules out every II";
    return Finish();
  }
  unsigned First = Bounds.mii();
  unsigned Cap = O.MaxII ? O.MaxII : std::max(First, flatLength(P));
  R.LowerBound = First;
  bool ProvenBelow = true; // Every II tried so far was proven infeasible.
  for (unsigned II = First; II <= Cap; ++II) {
    double Left = O.TimeLimitSeconds - secondsSince(Begin);
    if (Left <= 0)
      break;
    double Slice = II == Cap ? Left : Left / 2;
    IIDecision D = decideII(P, II, Slice);
    if (D.Status == IIDecision::Infeasible) {
      if (ProvenBelow)
        R.LowerBound = II + 1;
      continue;
    }
    if (D.Status == IIDecision::Unknown) {
      ProvenBelow = false;
      if (!D.Note.empty() && R.Note.empty())
        R.Note = D.Note;
      continue;
    }
    Schedule S = buildSchedule(P, II, D.Starts, Bounds);
    std::vector<Violation> Found = verifySchedule(P, S);
    if (!Found.empty()) {
      // An encoding that disagrees with the verifier is a bug here; never
      // hand out the schedule.
      R.Note = "internal error: the solver's schedule at II " +
               std::to_string(II) +
               " fails verification: " + Found.front().Message;
      ProvenBelow = false;
      return Finish();
    }
    S.Flags |= SF_Verified;
    R.II = II;
    R.Sched = std::move(S);
    R.Status = ProvenBelow ? ExactResult::Optimal : ExactResult::Feasible;
    if (ProvenBelow)
      R.LowerBound = II;
    return Finish();
  }
  if (ProvenBelow && R.LowerBound > Cap)
    R.Status = ExactResult::Infeasible;
  return Finish();
}

} // namespace tileas
