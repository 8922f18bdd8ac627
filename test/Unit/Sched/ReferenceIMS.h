//===- ReferenceIMS.h - Textbook iterative modulo scheduling ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Rau's iterative modulo scheduling as the 1994 paper describes it ("Iterative
// Modulo Scheduling: An Algorithm For Software Pipelining Loops", MICRO-27),
// kept as a reference to measure the TileAS scheduler against. It shares no
// code with the TileAS generators: its own MII, heights, reservation rows and
// eviction.
//
//  * MII = max(ResMII, RecMII): slot rows and pool unit-cycles over their
//    capacity; the least II without a positive cycle of latency - II *
//    distance.
//  * For each II from the MII up: HeightR priority (the longest path to the
//    end of the iteration at II), then at most BudgetRatio x N placements:
//    the highest unscheduled op goes to the first resource-free cycle of
//    [Estart, Estart + II - 1], Estart from its scheduled predecessors only;
//    with none free, to Estart, or one past its previous cycle if that is
//    not below Estart. The ops it collides with on a resource, and its
//    scheduled successors whose dependence it breaks, are unscheduled.
//
// It knows the slots, pools and dependences of a Problem, nothing else:
// problems with budget charges, constraint groups or depth limits are
// refused (Note says so) rather than scheduled illegally.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_SCHED_REFERENCEIMS_H
#define TILEAS_TEST_UNIT_SCHED_REFERENCEIMS_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include <cstdint>
#include <string>

namespace tileas {
namespace reference {

struct IMSOptions {
  /// Placements per op at each II (Rau's BudgetRatio).
  unsigned BudgetRatio = 3;
  /// Highest II tried; 0 = the length of a schedule without overlap.
  unsigned MaxII = 0;
};

struct IMSResult {
  bool Success = false;
  unsigned MII = 0;
  Schedule Sched; ///< Valid when Success.
  /// Placements made over all IIs tried.
  uint64_t Placements = 0;
  /// Why there is no schedule (refused problem, cap reached).
  std::string Note;
};

IMSResult scheduleIMS(const Problem &P, const IMSOptions &Opts = {});

} // namespace reference
} // namespace tileas

#endif // TILEAS_TEST_UNIT_SCHED_REFERENCEIMS_H
