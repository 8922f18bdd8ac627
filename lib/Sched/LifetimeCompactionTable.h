//===- LifetimeCompactionTable.h - A table for moving ops -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The reservation table that lifetime compaction (LifetimeCompaction.h) moves
// ops in: slot holders and pool units per modulo row, one op placed or
// removed at a time; and each op's dependences in and out, which a move
// checks.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_LIFETIMECOMPACTIONTABLE_H
#define TILEAS_LIB_SCHED_LIFETIMECOMPACTIONTABLE_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tileas {
namespace compaction {

/// The indices of P's dependences into and out of each op.
struct EdgeLists {
  std::vector<llvm::SmallVector<unsigned, 4>> In, Out;

  explicit EdgeLists(const Problem &P) : In(P.size()), Out(P.size()) {
    for (unsigned E = 0; E < P.dependences().size(); ++E) {
      const Dependence &D = P.dependences()[E];
      Out[D.From].push_back(E);
      In[D.To].push_back(E);
    }
  }
};

/// The modulo reservation table of a schedule, for moving one op at a time.
class Table {
public:
  Table(const Problem &P, const Schedule &S) : P(P), II(S.II) {
    unsigned MaxSlot = 0;
    for (const SlotDesc &D : P.model().slots())
      MaxSlot = std::max(MaxSlot, D.Id);
    SlotHolder.assign(MaxSlot + 1, std::vector<int>(II, -1));
    PoolUnits.assign(P.model().pools().size(), std::vector<unsigned>(II, 0));
    for (unsigned I = 0; I < P.size(); ++I)
      place(I, S.Ops[I].Start);
  }

  void place(unsigned Op, int64_t Start) { mark(Op, Start, true); }
  void remove(unsigned Op, int64_t Start) { mark(Op, Start, false); }

  /// Op fits at Start (with its own reservations removed).
  bool fits(unsigned Op, int64_t Start) const {
    const Operation &O = P.operations()[Op];
    for (const SlotUse &U : O.Slots)
      for (unsigned K = 0; K < U.Duration; ++K)
        if (SlotHolder[U.Slot][row(Start + K)] >= 0)
          return false;
    for (const PoolUse &U : O.Pools) {
      unsigned Capacity = P.model().pools()[U.Pool].Capacity;
      for (unsigned K = 0; K < U.Duration; ++K)
        if (PoolUnits[U.Pool][row(Start + K)] + U.Units > Capacity)
          return false;
    }
    return true;
  }

private:
  unsigned row(int64_t Cycle) const { return unsigned(Cycle % II); }
  void mark(unsigned Op, int64_t Start, bool Hold) {
    const Operation &O = P.operations()[Op];
    for (const SlotUse &U : O.Slots)
      for (unsigned K = 0; K < U.Duration; ++K)
        SlotHolder[U.Slot][row(Start + K)] = Hold ? int(Op) : -1;
    for (const PoolUse &U : O.Pools)
      for (unsigned K = 0; K < U.Duration; ++K) {
        unsigned &Units = PoolUnits[U.Pool][row(Start + K)];
        Units = Hold ? Units + U.Units : Units - U.Units;
      }
  }

  const Problem &P;
  unsigned II;
  std::vector<std::vector<int>> SlotHolder;
  std::vector<std::vector<unsigned>> PoolUnits;
};

/// A dependence that carries a value (whose source's registers it reads).
inline bool carriesValue(const Dependence &D) {
  return D.Kind == DepKind::Data || D.Kind == DepKind::Accumulate;
}

} // namespace compaction
} // namespace tileas

#endif // TILEAS_LIB_SCHED_LIFETIMECOMPACTIONTABLE_H
