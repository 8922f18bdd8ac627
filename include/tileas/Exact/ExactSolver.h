//===- ExactSolver.h - Optimal modulo schedules with an SMT solver --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// An exact modulo scheduler for tileas::Problem, built on Z3: for each
// candidate II from the problem's MII (computeBounds) upward it decides
// whether a schedule exists that meets every rule of Problem.h - dependences,
// singleton slots and counting pools per modulo row, the budget rule, group
// stages and depth limits - so the first feasible II is optimal. It is the
// reference the heuristic generators are measured against, and it shares no
// placement code with them.
//
// Every schedule it returns has passed tileas::verifySchedule. Problem::
// ForceSerial is not honoured: the solver answers the modulo question.
//
// Available only when the build found Z3 (TILEAS_ENABLE_Z3); the library
// TileASExact does not exist otherwise.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EXACT_EXACTSOLVER_H
#define TILEAS_EXACT_EXACTSOLVER_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include <string>

namespace tileas {

struct ExactOptions {
  /// Wall-clock budget for the whole search, encoding included. Each
  /// candidate II gets half of what is left (all of it for the last one), so
  /// a hard II cannot starve the ones above it.
  double TimeLimitSeconds = 10;
  /// Highest II tried; 0 derives a cap from the problem: the longer of the
  /// MII and a non-overlapped schedule (every op's longest hold plus every
  /// positive latency).
  unsigned MaxII = 0;
};

struct ExactResult {
  enum StatusTy {
    Optimal,    ///< II is optimal: every smaller II was proven infeasible.
    Feasible,   ///< The time limit left some smaller II undecided.
    Infeasible, ///< No schedule at any II up to the cap.
    Unknown,    ///< The time limit hit before any schedule was found.
  } Status = Unknown;
  /// Best proven lower bound: every smaller II is infeasible. Equals II when
  /// Optimal; InfeasibleII when the bounds alone rule out every II.
  unsigned LowerBound = 0;
  unsigned II = 0; ///< Best II found, 0 if none.
  Schedule Sched;  ///< Valid when II != 0.
  double Seconds = 0;
  /// Why the result is Unknown or Infeasible without a search (an invalid
  /// problem, an encoding too large, a solver error); empty otherwise.
  std::string Note;
};

ExactResult solveExact(const Problem &P, const ExactOptions &O);

} // namespace tileas

#endif // TILEAS_EXACT_EXACTSOLVER_H
