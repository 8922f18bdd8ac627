//===- ModuloScheduler.cpp - Bounds, II cap and the modulo generator ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The modulo generator: computes the five lower bounds and the II cap (the
// non-overlapped schedule's II), searches the IIs between them (IISearch.cpp)
// and falls back to the non-overlapped schedule when no overlapped one is
// found below the cap.
//
//===----------------------------------------------------------------------===//

#include "ModuloScheduler.h"
#include "Bounds.h"
#include "BudgetBound.h"
#include "IISearch.h"
#include "PlacementContext.h"
#include "RecurrenceResourceBound.h"
#include "ScheduleBuilder.h"
#include "SerialScheduler.h"

#include "tileas/Sched/ProblemSize.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

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
  } else if (R.Bounds.Budget == InfeasibleII) {
    R.Failure.Reason = explainBudgetBound(P, Ctx.graph(), InfeasibleII);
    R.Failure.Budget =
        leastBudgetNeed(P, Ctx.graph(), InfeasibleII - 1).Exceeded;
    R.Sched.Flags |= SF_BudgetExceeded;
  } else if (R.Bounds.Dependency == InfeasibleII) {
    R.Failure.Reason = "budget pools and stage limits admit no II (the "
                       "dependency bound)";
  } else {
    R.Failure.Reason = "no II satisfies the refined stage gaps";
  }
}

ScheduleResult scheduleModuloWithGaps(const Problem &P,
                                      const SchedulerOptions &Opts,
                                      ArrayRef<int> ExtraGaps,
                                      const SearchHint *Hint) {
  ScheduleResult R;
  PlacementContext Ctx(P, Opts, ExtraGaps);
  R.Bounds.Resource = computeResourceMII(P);
  R.Bounds.FineDensity = computeFineDensityMII(P);
  R.Bounds.Recurrence = computeRecurrenceMII(P, Ctx.graph());
  R.Bounds.RecurrenceResource = computeRecurrenceResourceMII(
      P, Ctx.graph(), R.Bounds, Opts, &R.BoundEffort);
  R.Bounds.Budget = computeBudgetBound(P, Ctx.graph(), R.Bounds, Opts);
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
    if (Lo == R.Bounds.Budget)
      if (std::string Why = explainBudgetBound(P, Ctx.graph(), Lo - 1);
          !Why.empty())
        R.Failure.Reason += formatv(" ({0})", Why).str();
    return R;
  }
  // No attempt allocates a reservation table above MaxTableCells: the search
  // stops at the II where the table reaches it (the serial schedule below
  // needs no table of its II).
  unsigned TableCap = maxTableII(P);
  unsigned SearchCap = std::min(Cap, TableCap);
  if (Lo <= SearchCap && searchII(Ctx, Opts, Lo, SearchCap, R, Hint))
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
  if (Lo > SearchCap) {
    R.Failure.CandidateII = Lo;
    R.Failure.Reason = formatv(
        "the lower bound II {0} needs {1} reservation-table cells ({2} "
        "column(s), a slot or a pool each), above the limit of {3} "
        "(MaxTableCells); no II was tried",
        Lo, uint64_t(Lo) * tableColumns(P), tableColumns(P), MaxTableCells);
    return R;
  }
  if (R.Failure.Reason.empty())
    R.Failure.Reason = "no schedule at or below the II cap";
  R.Failure.Reason =
      formatv("no schedule at the IIs tried from {0} to {1}; at II {1}: {2}",
              Lo, SearchCap, R.Failure.Reason);
  if (SearchCap < Cap)
    R.Failure.Reason += formatv(" (the search stops at II {0}, where the "
                                "reservation table reaches the limit of {1} "
                                "cells, MaxTableCells)",
                                SearchCap, MaxTableCells)
                            .str();
  return R;
}

ScheduleResult scheduleModulo(const Problem &P, const SchedulerOptions &Opts) {
  if (Error E = P.validate()) {
    ScheduleResult R;
    R.Failure.Reason = "invalid problem: " + toString(std::move(E));
    return R;
  }
  return scheduleModuloWithGaps(P, Opts, {});
}

} // namespace tileas
