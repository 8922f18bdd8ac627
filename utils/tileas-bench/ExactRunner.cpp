//===- ExactRunner.cpp - The exact solver, when the build has it ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ExactRunner.h"

#if TILEAS_BENCH_HAVE_EXACT
#include "tileas/Exact/ExactSolver.h"
#endif

using namespace tileas;
using namespace tileas::bench;

bool tileas::bench::exactSolverAvailable() { return TILEAS_BENCH_HAVE_EXACT; }

ExactOutcome tileas::bench::runExact(const Problem &P,
                                     double TimeLimitSeconds) {
  ExactOutcome Out;
#if TILEAS_BENCH_HAVE_EXACT
  ExactOptions O;
  O.TimeLimitSeconds = TimeLimitSeconds;
  ExactResult R = solveExact(P, O);
  Out.Ran = true;
  switch (R.Status) {
  case ExactResult::Optimal:
    Out.Status = "optimal";
    break;
  case ExactResult::Feasible:
    Out.Status = "feasible";
    break;
  case ExactResult::Infeasible:
    Out.Status = "infeasible";
    break;
  case ExactResult::Unknown:
    Out.Status = "unknown";
    break;
  }
  Out.II = R.II;
  Out.LowerBound = R.LowerBound;
  Out.Seconds = R.Seconds;
  Out.Note = R.Note;
  Out.HasSchedule = R.II != 0;
  if (Out.HasSchedule)
    Out.Sched = std::move(R.Sched);
#else
  (void)P;
  (void)TimeLimitSeconds;
  Out.Status = "unavailable";
  Out.Note = "built without Z3";
#endif
  return Out;
}
