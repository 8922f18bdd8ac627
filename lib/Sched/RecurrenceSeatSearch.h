//===- RecurrenceSeatSearch.h - Seats for one recurrence --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The complete search behind the recurrence bound with resources
// (RecurrenceResourceBound.h): can the ops of one recurrence that hold a
// slot or a pool (its holders) be given start times that keep every longest
// path between them and fit every slot row and pool count modulo II?
//
// The search keeps, for every pair of holders (a, b), the least value of
// S(b) - S(a) (the longest path, closed under composition: a system of
// difference constraints). Two holders that share a slot, or a pool they
// overfill together, may not sit at offsets that are equal modulo II to
// those where their holds meet; so the least and the largest offset of each
// such pair move past the forbidden residues, and what moves is closed
// through every other pair again, until nothing moves (propagation). An
// empty range, or a positive cycle, proves that no seats exist. The search
// then first seats every holder greedily, each at its first offset that
// fits (a witness where seats are plentiful, which most IIs at or above the
// optimum are), and only when that fails searches: it fixes one holder at a
// time (the one with the narrowest window,
// relative to the first, pinned at 0 since shifting every start changes
// nothing), propagating after each seat; the reservation table catches what
// pairs do not (three holders filling a pool that two of them fit). After
// each propagation an energetic check compares what the holders of each slot
// and pool need with the widest span their offsets allow (five loads of
// seven cycles each on one port do not fit a span of 31 cycles), which
// proves most IIs infeasible before any seat is tried.
// Holders that are interchangeable (the same footprint and the same paths to
// and from every other holder, such as four TMEM loads of one accumulator)
// start in index order, which removes their permutations.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_RECURRENCESEATSEARCH_H
#define TILEAS_LIB_SCHED_RECURRENCESEATSEARCH_H

#include "DepGraph.h"

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

namespace tileas {

/// What one op of a recurrence holds, as offsets from its start.
struct Holder {
  unsigned Op = 0;
  llvm::SmallVector<uint64_t, 8> Rows; ///< Slot bits per cycle of its hold.
  struct Charge {
    unsigned Pool, Units, Duration;
  };
  llvm::SmallVector<Charge, 2> Charges;
};

/// The complete search for start times of a recurrence's holders at one II.
class RecurrenceSeatSearch {
public:
  /// Dist[A][B] is the longest path from holder A to holder B at II, NoPath
  /// where there is none. Work bounds what the search may do: a unit per
  /// seat tried, per offset of a pair looked at, per holder whose paths a
  /// new bound updates, and per holder of a set the energetic check sums.
  RecurrenceSeatSearch(const Problem &P, llvm::ArrayRef<Holder> Holders,
                       const std::vector<std::vector<int64_t>> &Dist,
                       unsigned II, uint64_t Work);

  enum class Answer { Feasible, Infeasible, Unknown };
  Answer run();

  /// The work spent so far (see the constructor), the greedy pass's
  /// included.
  uint64_t work() const { return Spent + GreedyWork; }
  /// Seats and offsets refused per slot bit and per pool during the search.
  uint64_t RefusedBySlot[64] = {};
  std::vector<uint64_t> RefusedByPool;

private:
  /// Offsets of one pair of holders that make their holds meet.
  struct Clash {
    unsigned A, B;
    /// Residues of S(B) - S(A) modulo II that are forbidden.
    llvm::BitVector Residues;
    int Slot, Pool; ///< What the first forbidden residue collides on.
  };

  /// The holds of one slot or pool: what each holder puts there, from the
  /// first to the last cycle of its hold there.
  struct Demand {
    struct Part {
      unsigned Holder;
      unsigned First, Last;
      uint64_t Amount; ///< Cells of the slot, or units times cycles.
    };
    llvm::SmallVector<Part, 8> Parts;
    uint64_t Capacity; ///< Per row: 1 for a slot.
    int Slot, Pool;
  };

  int64_t &least(unsigned A, unsigned B) { return Least[A * N + B]; }
  unsigned row(int64_t T) const;
  void findClashes();
  void findDemands();
  /// Energetic check: the holds of a slot or pool by a set of holders lie
  /// within the largest span their offsets allow; when that span is under
  /// II its rows are distinct, so it must hold them. Tries each slot and
  /// pool with all of its holders, then without the holder at either end
  /// of the widest pair, one at a time. False when some set does not fit.
  bool energyFits();
  /// Raises least(A, B) to W and closes every path through it; false on a
  /// positive cycle.
  bool tighten(unsigned A, unsigned B, int64_t W);
  /// Restores every entry of Least that tighten() changed since the trail
  /// had Mark entries.
  void undo(size_t Mark);
  /// Moves the offset range of every clashing pair off its forbidden
  /// residues until nothing moves; false when some range empties.
  bool propagate();
  /// Whether V fits the table at T, without reserving.
  bool fits(unsigned V, int64_t T);
  void reserve(unsigned V, int64_t T, bool Add);
  /// The holder to seat after Count others: the pinned one first, then
  /// the one with the narrowest window relative to it.
  unsigned next(unsigned Count);
  bool place(unsigned Count);
  /// Seats every holder at its first offset that fits, never going back (a
  /// witness, on a budget of its own). False, with nothing changed, when
  /// some holder finds no seat.
  bool seatGreedily();
  /// Spends Units of work; false (and out of budget) when they exceed it.
  bool charge(uint64_t Units);

  const Problem &P;
  llvm::ArrayRef<Holder> Holders;
  unsigned N, II;
  uint64_t Budget, Spent = 0, GreedyWork = 0;
  bool OutOfBudget = false;
  /// False when the order of interchangeable holders already fails.
  bool Consistent = true;
  unsigned Pinned = 0;
  /// Least[A * N + B]: the least S(B) - S(A), NoPath when unbounded.
  std::vector<int64_t> Least;
  /// The entries of Least that tighten() raised, with their old values.
  std::vector<std::pair<size_t, int64_t>> Trail;
  std::vector<Clash> Clashes;
  std::vector<Demand> Demands;
  std::vector<uint8_t> Placed;
  std::vector<uint64_t> Rows;
  std::vector<unsigned> Units;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_RECURRENCESEATSEARCH_H
