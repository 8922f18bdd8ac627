//===- ExactRunner.h - The exact solver, when the build has it --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A thin wrapper over tileas::solveExact (library TileASExact, built only
// when Z3 was found), so the rest of the benchmark compiles either way.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_EXACTRUNNER_H
#define TILEAS_BENCH_EXACTRUNNER_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include <string>

namespace tileas {
namespace bench {

struct ExactOutcome {
  bool Ran = false;
  /// "optimal", "feasible" (time limit left a smaller II open), "infeasible",
  /// "unknown" (no schedule in time), or "unavailable" (built without Z3).
  std::string Status = "not-run";
  unsigned II = 0;
  unsigned LowerBound = 0;
  double Seconds = 0;
  std::string Note;
  bool HasSchedule = false;
  Schedule Sched;
};

/// True when the exact solver is built in.
bool exactSolverAvailable();

ExactOutcome runExact(const Problem &P, double TimeLimitSeconds);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_EXACTRUNNER_H
