//===- BudgetBound.h - Budgets against stage distances ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A producer that charges a budget pool per ring copy keeps
//   depth = 1 + max over its Data edges e = (u -> v) of
//           (Stage(v) + Distance(e) - Stage(u))
// copies alive (Problem.h). The smaller the II, the more stages its
// consumers lie behind it, so the budgets bound the II from below:
//
//  * paths: S(v) - S(u) >= LP(u, v), the longest dependence path at II, so
//    Stage(v) - Stage(u) >= floor(LP(u, v) / II) whatever S(u) mod II is;
//  * resources: a depth of 1 puts every distance-0 consumer in u's stage, so
//    they, and the ops on the paths from u to them, start within the II
//    cycles after u, each no earlier than its longest path from u allows
//    and no later than its longest path to a consumer allows. Any window of
//    at most II cycles maps onto distinct modulo rows, so the ops whose
//    holds must fall inside such a window may not need more of a slot or a
//    pool there than the window offers (energetic reasoning). When they do,
//    the depth is at least 2.
//
// At an II where the least charges of every pool's producers (each at its
// least depth, each op that must pipe charged its per-pipe amount) exceed
// the pool's capacity, no schedule exists. Both parts only grow as II falls,
// so the least II that passes is found by galloping and bisection.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_BUDGETBOUND_H
#define TILEAS_LIB_SCHED_BUDGETBOUND_H

#include "DepGraph.h"

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {

inline int64_t floorDiv(int64_t A, int64_t B) {
  return A >= 0 ? A / B : -((-A + B - 1) / B);
}

/// What an op holds of one resource: the first and last cycle of the hold
/// after its start and how much it takes (rows of a slot, or units times
/// cycles of a pool). Two ops' holds of one column that overlap in flat
/// time overlap modulo any II, so the holds of a schedule's ops on a column
/// never exceed its capacity at any flat cycle.
struct Hold {
  unsigned Column; ///< Slot bit, or 64 + pool index.
  unsigned First, Last;
  uint64_t Energy;
};

/// The holds of op Op of P, one per slot or pool it uses.
llvm::SmallVector<Hold, 4> holdsOf(const Problem &P, unsigned Op);

/// Longest distance-0 paths from Sources (Forward) or to them (backward),
/// in the graph's Kahn order (G must be acyclic at distance 0); NoPath
/// where there is none.
void longestZeroDistancePaths(const DepGraph &G, bool Forward,
                              llvm::ArrayRef<unsigned> Sources,
                              std::vector<int64_t> &Dist);

/// What the budget bound may spend.
struct BudgetBoundLimits {
  /// Arc relaxations of one longest-path search; past it only the direct
  /// edges count (still sound, only weaker).
  uint64_t PathWork = 1u << 22;
  /// Ops the resource part looks at per producer; above it, it is skipped.
  unsigned MaxWindowOps = 96;
};

/// The least charges of the budget pools at one II.
struct BudgetNeed {
  /// By budget pool: the least usage any schedule at this II has.
  std::vector<uint64_t> Least;
  /// By op: its least ring depth (1 for ops without budget charges).
  std::vector<unsigned> Depth;
  /// The first pool whose least usage exceeds its capacity, or -1.
  int Exceeded = -1;
};

/// The least ring depths and budget usage of P at II (II >= the recurrence
/// bound).
BudgetNeed leastBudgetNeed(const Problem &P, const DepGraph &G, unsigned II,
                           const BudgetBoundLimits &L = {});

/// The least II >= From at which no budget pool is proven over capacity;
/// From itself when nothing is proven, InfeasibleII when no II passes. From
/// must be at least the recurrence bound.
unsigned computeBudgetMII(const Problem &P, const DepGraph &G, unsigned From,
                          const BudgetBoundLimits &L = {});

/// Why the budgets rule out II, or every II when II is InfeasibleII (for a
/// failure report): the pool and its largest least charges. Empty when
/// nothing is proven.
std::string explainBudgetBound(const Problem &P, const DepGraph &G, unsigned II,
                               const BudgetBoundLimits &L = {});

} // namespace tileas

#endif // TILEAS_LIB_SCHED_BUDGETBOUND_H
