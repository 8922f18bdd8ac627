//===- TileASStrategyChoice.cpp - Warp-specialized or not, per loop -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASStrategyChoice.h"
#include "tileas/Sched/Coordination.h"
#include "tileas/Sched/Verifier.h"
#include "tileas/Timing/Timing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

Problem llvm::unspecializedProblem(const Problem &P) {
  Problem U = P;
  if (U.Coordination) {
    U.Coordination->WarpSpecialized = false;
    U.Coordination->RingSlack = 0;
  }
  return U;
}

TileASStrategyChoice llvm::chooseStrategy(const Problem &P, ScheduleResult WS,
                                          const SchedulerOptions &Opts) {
  TileASStrategyChoice C;
  if (!WS.Success || !P.Coordination || !P.Coordination->WarpSpecialized ||
      WS.Sched.II <= WS.Sched.Bounds.mii()) {
    C.Result = std::move(WS);
    return C;
  }
  // Verify only the schedule that is kept (the core would verify it at the
  // end of its run, with the same verifier and stage limit).
  Problem UP = unspecializedProblem(P);
  SchedulerOptions Unverified = Opts;
  Unverified.Verify = false;
  ScheduleResult U = scheduleLoop(UP, Unverified);
  if (!U.Success || U.Sched.II >= WS.Sched.II) {
    C.Result = std::move(WS);
    return C;
  }
  if (Opts.Verify) {
    // A schedule the verifier rejects is a bug: it never wins.
    if (!verifySchedule(UP, U.Sched, Opts.MaxStages).empty()) {
      C.Result = std::move(WS);
      return C;
    }
    U.Sched.Flags |= SF_Verified;
  }
  // What the warp-specialized coordination would need at the unspecialized
  // schedule: the numbers behind the decision.
  std::string Need;
  Expected<pipes::SolveResult> AtU = solveCoordination(P, U.Sched);
  if (!AtU) {
    consumeError(AtU.takeError());
  } else {
    unsigned Handoffs =
        count_if(AtU->Pipes, [](const pipes::Pipe &Pp) { return Pp.Handoff; });
    Need = formatv("{0} handoff(s)", Handoffs);
    if (AtU->Exceeded) {
      const pipes::Overrun &O = *AtU->Exceeded;
      bool Barriers = O.Budget < 0 || O.Budget == P.Coordination->BarrierBudget;
      std::string Pool =
          Barriers ? std::string("barriers")
          : unsigned(O.Budget) < P.Coordination->BudgetNames.size()
              ? P.Coordination->BudgetNames[O.Budget]
              : std::string("a budget pool");
      Need += formatv(", needing {0} {1} where {2} are available", O.Need, Pool,
                      O.Capacity)
                  .str();
    }
  }
  C.Unspecialized =
      formatv("its warp-specialized coordination ({0} at II {1}) is scheduled "
              "at II {2}, the unspecialized one at II {1} (MII {3}): each "
              "iteration of the steady state would take {4} cycles more",
              Need, U.Sched.II, WS.Sched.II, U.Sched.Bounds.mii(),
              WS.Sched.II - U.Sched.II);
  C.Result = std::move(U);
  C.UnspecializedProblem = std::move(UP);
  return C;
}

TileASPipelineStrategy llvm::defaultPipelineStrategy(StringRef Timing) {
  return timing::lookup(Timing) ? TileASPipelineStrategy::WarpSpecialized
                                : TileASPipelineStrategy::Unspecialized;
}
