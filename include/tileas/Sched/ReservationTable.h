//===- ReservationTable.h - Modulo reservation table ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The modulo reservation table of one candidate II: one 64-bit row of slot
// bits per cycle modulo II, and one counter per counting pool and row.
//
// A footprint is what one op holds relative to its start: its slot rows (row
// K is held in cycle Start + K) and its pool charges. Placing an op is probe
// then commit: the footprint is checked on every row before any row is
// written, so a refused op leaves the table exactly as it was. Release undoes
// a commit (eviction).
//
// Footprints longer than II wrap onto themselves: rows K and K + II land in
// the same modulo row. An op whose own rows collide there, or whose own pool
// charges overflow a row, can never be placed at this II (fitsAlone).
//
// Besides the rows, the table keeps a column view (per slot bit, the set of
// busy rows; per pool, the set of full rows) so that findFirstFit can rule
// out most candidate starts 64 at a time instead of probing each.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_RESERVATIONTABLE_H
#define TILEAS_SCHED_RESERVATIONTABLE_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/ResourceModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace tileas {

/// What one op holds, relative to its start cycle.
struct Footprint {
  llvm::ArrayRef<uint64_t> Rows; ///< Slot bits held in cycle Start + K.
  llvm::ArrayRef<PoolUse> Pools; ///< Counting-pool charges.
};

class ReservationTable {
public:
  /// A table for the counting pools of a model; call reset() before use.
  explicit ReservationTable(llvm::ArrayRef<PoolDesc> Pools = {});

  /// Empties the table and sets its II (>= 1).
  void reset(unsigned II);
  unsigned ii() const { return II; }
  unsigned numPools() const { return Capacity.size(); }

  /// The modulo row of a cycle.
  unsigned rowOf(int64_t Cycle) const {
    int64_t R = Cycle % int64_t(II);
    return unsigned(R < 0 ? R + II : R);
  }
  uint64_t row(unsigned Row) const { return Rows[Row]; }
  unsigned poolCount(unsigned Pool, unsigned Row) const {
    return Counts[size_t(Pool) * II + Row];
  }
  unsigned poolCapacity(unsigned Pool) const { return Capacity[Pool]; }

  /// True when the footprint fits in an empty table at this II.
  bool fitsAlone(const Footprint &F) const {
    return fitsAlone(F, II, Capacity);
  }
  /// The same at II for pools of these capacities, with no table (whose
  /// rows would cost memory in proportion to II).
  static bool fitsAlone(const Footprint &F, unsigned II,
                        llvm::ArrayRef<unsigned> Capacity);
  /// True when the footprint can be committed at Start: no slot bit already
  /// held in any of its rows, no pool above capacity in any row. Never
  /// writes.
  bool probe(const Footprint &F, int64_t Start) const;
  /// Writes the footprint; probe(F, Start) must hold.
  void commit(const Footprint &F, int64_t Start);
  /// probe, then commit if it succeeded.
  bool tryCommit(const Footprint &F, int64_t Start);
  /// Removes a committed footprint.
  void release(const Footprint &F, int64_t Start);

  /// The first Start in [From, From + Count) (upward) at which probe
  /// succeeds. Count is clamped to II: further starts repeat the same rows.
  std::optional<int64_t> findFirstFit(const Footprint &F, int64_t From,
                                      unsigned Count) const;
  /// The last Start in (To - Count, To] (downward) at which probe succeeds.
  std::optional<int64_t> findLastFit(const Footprint &F, int64_t To,
                                     unsigned Count) const;
  /// Calls Visit on every start at which probe succeeds among the Count
  /// starts from First (upward, or downward when Down), in that order, until
  /// Visit returns false. With Admit, only on the starts it admits, which it
  /// is asked about before the probe (a cheap test that rules out most
  /// starts saves their probes).
  void visitFits(const Footprint &F, int64_t First, unsigned Count, bool Down,
                 llvm::function_ref<bool(int64_t)> Visit,
                 llvm::function_ref<bool(int64_t)> Admit = nullptr) const;

  /// Own charge of the footprint's uses of Pool on the row at Offset cycles
  /// after its start row (a use longer than II counts once per lap).
  unsigned ownPoolDemand(const Footprint &F, unsigned Pool,
                         unsigned Offset) const {
    return ownPoolDemand(F, Pool, Offset, II);
  }
  static unsigned ownPoolDemand(const Footprint &F, unsigned Pool,
                                unsigned Offset, unsigned II);

private:
  bool probePools(const Footprint &F, unsigned StartRow) const;
  void setColumnBit(std::vector<uint64_t> &Column, size_t Base, unsigned Row,
                    bool Value);
  uint64_t read64(const std::vector<uint64_t> &Column, size_t Base,
                  unsigned Pos) const;
  /// Bit R of the result set: start row 64 * W + R passes the column filter
  /// (slots exactly, pools for one unit).
  uint64_t candidateWord(const Footprint &F, unsigned W) const;
  template <bool Upward>
  void search(const Footprint &F, int64_t First, unsigned Count,
              llvm::function_ref<bool(int64_t)> Visit,
              llvm::function_ref<bool(int64_t)> Admit = nullptr) const;

  unsigned II = 0;
  std::vector<uint64_t> Rows;
  std::vector<unsigned> Capacity;
  std::vector<unsigned> Counts; ///< Pool-major: Counts[Pool * II + Row].
  // Column views. Each column stores its II bits followed by a copy that
  // continues cyclically for 64 more bits, so any 64 consecutive rows (mod
  // II) are one unaligned read.
  unsigned ColumnWords = 0;
  uint64_t UsedBits = 0;      ///< Slot bits with a nonempty column.
  std::vector<uint64_t> Busy; ///< 64 slot columns.
  std::vector<uint64_t> Full; ///< One column per pool: count == capacity.
};

} // namespace tileas

#endif // TILEAS_SCHED_RESERVATIONTABLE_H
