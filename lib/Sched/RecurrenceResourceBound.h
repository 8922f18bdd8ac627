//===- RecurrenceResourceBound.h - Recurrences, resources -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The recurrence bound treats a cycle as if its ops could sit anywhere the
// latencies allow; the resource bounds count demand as if the ops could sit
// anywhere at all. Inside a recurrence neither is true: at an II near the
// cycle ratio the dependences pin the ops of the cycle to within a few
// cycles of each other, and two of them that hold the same slot may then have
// no pair of seats that keeps them apart modulo II. The bound here asks, for
// each recurrence on its own, whether its ops can be given start times that
// satisfy every dependence among them (longest paths through the whole
// recurrence, so nothing is lost by leaving the other ops out) and every
// slot row and pool count modulo II. Leaving out the other ops, budgets and
// stage rules only removes constraints, so the answer is a lower bound on the
// II of the whole loop.
//
// The question is answered by a complete search (RecurrenceSeatSearch.h:
// propagation of the offsets between holders, an energetic check, then a
// depth-first assignment of start times), under a work budget: a
// recurrence whose search runs out of budget, or that is too large to try,
// never raises the bound.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_RECURRENCERESOURCEBOUND_H
#define TILEAS_LIB_SCHED_RECURRENCERESOURCEBOUND_H

#include "tileas/Sched/Problem.h"

#include <cstdint>
#include <string>

namespace tileas {

class DepGraph;

struct RecurrenceResourceLimits {
  /// Recurrences with more ops, or more ops that hold a resource, are not
  /// searched.
  unsigned MaxOps = 1024;
  unsigned MaxHolders = 64;
  /// Work (RecurrenceSeatSearch.h) per recurrence and II before the search
  /// gives up.
  uint64_t WorkBudget = 200000;
  /// IIs tried above From before the bound stops rising.
  unsigned MaxRaise = 256;
};

/// The smallest II >= From at which every recurrence of G fits its own slots
/// and pools (see above), or From itself when nothing is proven. From must
/// be at least the recurrence bound (no positive cycle at From);
/// InfeasibleII is returned unchanged. Adds the work of its searches to
/// *Work when given.
unsigned computeRecurrenceResourceMII(const Problem &P, const DepGraph &G,
                                      unsigned From,
                                      const RecurrenceResourceLimits &L = {},
                                      uint64_t *Work = nullptr);

/// Why some recurrence of G does not fit at II (for a failure report): the
/// recurrence, the slot or pool that refused its ops most often, and those of
/// its ops that hold it. Empty when every recurrence fits or nothing is
/// proven.
std::string explainRecurrenceResource(const Problem &P, const DepGraph &G,
                                      unsigned II,
                                      const RecurrenceResourceLimits &L = {});

} // namespace tileas

#endif // TILEAS_LIB_SCHED_RECURRENCERESOURCEBOUND_H
