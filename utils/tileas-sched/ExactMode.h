//===- ExactMode.h - tileas-sched --exact -----------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The exact solver (lib/Exact, Z3) behind tileas-sched --exact: for each
// problem, the usual JSON result of tileas/ProblemIO/JSONResult.h for the
// solver's best schedule (verified like every other), followed by
//
//   "exact": {"status", "lower_bound", "time_limit_s", "note"}
//
// status is "optimal" (every smaller II proven infeasible), "feasible" (the
// time limit left a smaller II undecided), "infeasible" (no II up to the cap)
// or "unknown" (no schedule within the time limit); lower_bound is the
// proven bound (null when no II is possible). The exact solver is optional:
// a build without Z3 says so and fails.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_EXACTMODE_H
#define TILEAS_SCHED_EXACTMODE_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace tileas {

struct ExactRequest {
  double TimeLimitSeconds = 10;
  unsigned MaxII = 0; ///< 0: the solver's own cap.
  /// Where to write the schedule (single problem only); empty: nowhere.
  std::string EmitSchedule;
};

/// True when this build includes the exact solver.
bool exactSolverBuiltIn();

/// Solves each problem and prints the results (an array for several) to OS.
/// Returns the exit code: 0 when every problem got a verified schedule, 2
/// when one did not, 1 when the schedule file cannot be written.
int runExactMode(llvm::ArrayRef<Problem> Problems, const ExactRequest &Req,
                 llvm::raw_ostream &OS);

} // namespace tileas

#endif // TILEAS_SCHED_EXACTMODE_H
