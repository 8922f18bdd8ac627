//===- RegisterBound.cpp - Register pressure as a scheduling constraint ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RegisterBound.h"
#include "IISearch.h"
#include "LifetimeCompaction.h"

#include "tileas/Sched/RegisterPressure.h"
#include "tileas/Sched/Verifier.h"

#include <cstdint>

using namespace llvm;

namespace tileas {

/// A retry's search from its hint may spend half the budget, and an attempt
/// of its bisection eight times what its most costly success spent
/// (SearchHint). A quarter of the budget, or four times, cost attention
/// forward on sm_100a two cycles of II or three registers; half and eight
/// times keep every corpus kernel's II on every machine.
static constexpr unsigned RetryShare = 2;
static constexpr unsigned RetryFailScale = 8;

static int64_t overBy(const RegisterFit &Fit) {
  return int64_t(Fit.Estimate) - int64_t(Fit.Limit);
}

/// R's schedule with its live ranges compacted (LifetimeCompaction.h) when
/// that needs fewer registers and the verifier accepts it (the coordination
/// depends on the kernel's order); Fit is the kept schedule's.
static void compact(const Problem &P, const SchedulerOptions &Opts,
                    unsigned MaxStages, ScheduleResult &R, RegisterFit &Fit) {
  Schedule C = compactLifetimes(P, R.Sched);
  RegisterFit CFit = registerFit(P, C, Opts.RegisterLimits);
  if (overBy(CFit) < overBy(Fit) && verifySchedule(P, C, MaxStages).empty()) {
    R.Sched = std::move(C);
    Fit = CFit;
  }
  // Then, where each agent has its own limit (warp-specialized), the rows
  // that no single move shortens, placed again with their readers (verified
  // there). In one thread every op issues in kernel order, and a row placed
  // later delays everything behind it (the persistent attention,
  // unspecialized: 34149 cycles at 8 x 8 tiles, 35317 so), where ptxas
  // already allocates the schedule (docs/ii-search.md).
  if (Fit.fits() || Opts.RegisterLimits.size() < 2)
    return;
  Schedule M = moveRegisterCones(P, R.Sched, Opts.RegisterLimits, MaxStages);
  RegisterFit MFit = registerFit(P, M, Opts.RegisterLimits);
  if (overBy(MFit) >= overBy(Fit))
    return;
  R.Sched = std::move(M);
  Fit = MFit;
}

/// Where a retry with at most Stages stages starts its search: from S (the
/// schedule of a search with more stages) on K times its II, K the least
/// that leaves S within Stages stages. S's start cycles are a schedule
/// there too (two uses of a slot K * II apart are a multiple of II apart,
/// and every dependence holds with a longer II), so the attempt in their
/// order mostly succeeds at once. Below S's II the search with more stages
/// failed, which fewer stages will hardly do better.
static SearchHint retryHint(const Schedule &S, unsigned Stages) {
  SearchHint H;
  unsigned K = (S.StageCount + Stages - 1) / Stages;
  H.BestII = K * S.II;
  H.Failed = S.II - 1;
  H.Starts.reserve(S.Ops.size());
  for (const OpPlacement &Pl : S.Ops)
    H.Starts.push_back(Pl.Start);
  H.TryBoundFirst = true;
  H.Share = RetryShare;
  H.FailScale = RetryFailScale;
  return H;
}

ScheduleResult fitRegisterLimits(
    const Problem &P, const SchedulerOptions &Opts, ScheduleResult First,
    function_ref<ScheduleResult(const SchedulerOptions &, const SearchHint *)>
        Run) {
  if (!First.Success || Opts.RegisterLimits.empty())
    return First;
  RegisterFit Fit = registerFit(P, First.Sched, Opts.RegisterLimits);
  Fit.ResourceII = First.Sched.II;
  Fit.ResourceStages = First.Sched.StageCount;
  Fit.ResourceEstimate = Fit.Estimate;
  if (Fit.fits()) {
    First.Sched.Registers = Fit;
    return First;
  }
  // First at the same II and stages, with shorter live ranges.
  RegisterFit Compacted = Fit;
  compact(P, Opts, Opts.MaxStages, First, Compacted);
  Compacted.Rescheduled = Compacted.Estimate != Fit.Estimate;
  First.Sched.Registers = Compacted;
  if (Compacted.fits())
    return First;

  // Each retry starts from the schedule of the search before it.
  Schedule Last = First.Sched;
  ScheduleResult Best = std::move(First);
  unsigned Retries = 0;
  // Every search's work is the loop's compile time: all of it counts.
  uint64_t SearchEffort = Best.SearchEffort, BoundEffort = Best.BoundEffort;
  // Each retry is a whole search: start from the stage count at which the
  // registers, shrinking with the overlap of iterations, would just fit
  // (Stages * Limit / Estimate), rather than one below.
  const unsigned FirstStages = Best.Sched.StageCount;
  unsigned Guess = unsigned(uint64_t(FirstStages) * Compacted.Limit /
                            std::max(1u, Compacted.Estimate));
  for (unsigned Stages = std::max(2u, std::min(FirstStages, Guess + 1));
       Stages > 1;) {
    SchedulerOptions Limited = Opts;
    Limited.MaxStages = Stages - 1;
    SearchHint Hint = retryHint(Last, Limited.MaxStages);
    ScheduleResult R = Run(Limited, &Hint);
    ++Retries;
    SearchEffort += R.SearchEffort;
    BoundEffort += R.BoundEffort;
    if (!R.Success)
      break; // Fewer stages cannot do better.
    RegisterFit RFit = registerFit(P, R.Sched, Opts.RegisterLimits);
    if (!RFit.fits())
      compact(P, Opts, Limited.MaxStages, R, RFit);
    Stages = std::min(Stages - 1, R.Sched.StageCount);
    Last = R.Sched;
    bool Better = overBy(RFit) < overBy(Best.Sched.Registers) ||
                  (overBy(RFit) == overBy(Best.Sched.Registers) &&
                   R.Sched.II < Best.Sched.II);
    if (!Better) // A schedule that fits is always better.
      continue;
    // The resource schedule's figures travel with the one kept.
    RFit.ResourceII = Fit.ResourceII;
    RFit.ResourceStages = Fit.ResourceStages;
    RFit.ResourceEstimate = Fit.ResourceEstimate;
    RFit.Rescheduled = true;
    R.Sched.Registers = RFit;
    Best = std::move(R);
    if (RFit.fits())
      break;
  }
  Best.Sched.Registers.Retries = Retries;
  Best.SearchEffort = SearchEffort;
  Best.BoundEffort = BoundEffort;
  return Best;
}

} // namespace tileas
