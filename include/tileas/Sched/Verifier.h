//===- Verifier.h - Independent checker of modulo schedules ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Checks a schedule against a problem from first principles, sharing no code
// with the generators (it does not use the reservation table or the footprint
// builder): every dependence, every slot row, every pool count per cycle,
// every budget pool, group and depth constraints, the loop branch (the exit
// test's result ready by the kernel's last cycle), and the consistency of
// stage, order and stage count.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_VERIFIER_H
#define TILEAS_SCHED_VERIFIER_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace tileas {

struct Violation {
  enum KindTy {
    Shape,        ///< Wrong number of placements, II of 0, negative start.
    Dependence,   ///< S(To) + II*D < S(From) + L.
    Slot,         ///< Two holders of one slot in one modulo row.
    Pool,         ///< A counting pool over capacity in one modulo row.
    Budget,       ///< A budget pool over capacity.
    Group,        ///< Members of one group in different stages.
    Depth,        ///< An op at or beyond its MaxDepth.
    StageOrder,   ///< Stage, order or stage count inconsistent with starts.
    Coordination, ///< Its pipes and mutexes exceed a budget or cannot be
                  ///< expressed (problems with a coordination description).
    LoopBranch,   ///< The exit test's result is not ready by the kernel's
                  ///< last cycle, so the loop branch would close it late.
  } Kind;
  std::string Message;
  /// What the violation is about, for tools that sort violations out: the
  /// index of the dependence (Dependence), the slot id (Slot), the pool or
  /// budget pool index (Pool, Budget), the op (Depth; Group: the later
  /// member), the dependence into the loop branch (LoopBranch); NoSubject
  /// for Shape and StageOrder.
  unsigned Subject = NoSubject;
  static constexpr unsigned NoSubject = ~0u;
  /// The ops involved: a dependence's two ends, a slot row's two holders,
  /// every op charging a pool row, a group's first member and the op, the
  /// op beyond its depth; none for budgets, Shape and StageOrder.
  llvm::SmallVector<unsigned, 2> Ops;
};

/// Returns every violation found; empty means the schedule is legal.
std::vector<Violation> verifySchedule(const Problem &P, const Schedule &S);

/// As above, and also checks SchedulerOptions::MaxStages (0 = unlimited):
/// an op in stage MaxStages or later is a Depth violation.
std::vector<Violation> verifySchedule(const Problem &P, const Schedule &S,
                                      unsigned MaxStages);

/// Budget usage per budget pool under a schedule (the Problem.h rule). An
/// op "pipes" when it is Async or a Data consumer is in a strictly later
/// stage (Stage(v) > Stage(op)).
llvm::SmallVector<uint64_t, 4> computeBudgetUsage(const Problem &P,
                                                  const Schedule &S);

} // namespace tileas

#endif // TILEAS_SCHED_VERIFIER_H
