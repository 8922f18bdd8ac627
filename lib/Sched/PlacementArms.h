//===- PlacementArms.h - The four placement arms at a fixed II --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// At a fixed II each placement unit (a merged constraint group, or one op) is
// offered to four arms in a fixed order; the first that seats the whole unit
// wins, and an arm that fails leaves the state exactly as it found it:
//
//  PERMUTE     members in priority order, each at its first legal seat; for
//              groups, first all in the earliest stage every member reaches,
//              then a few rotations of the order.
//  FUSE        when the unit is blocked by placed units it has no order
//              relation with, lift those blockers and seat the fused set
//              largest footprint first (first-fit decreasing packs tighter).
//  RETRY       evict the few ops that block a seat, then re-seat them.
//              Victims that will not move, and ops with no seat worth an
//              eviction, are marked dead in a RetryOverlay: later retries
//              neither evict nor retry them, and COST-BASED skips units with
//              a dead member. Canonical state is never touched by the marks.
//  COST-BASED  rank every legal seat by a lexicographic cost and take the
//              cheapest; for groups, choose the stage jointly.
//
// When all four refuse, RETRY and COST-BASED run again with a fresh overlay
// (the desperate retry). Only then does the driver fall back to iterative
// modulo scheduling at the same II.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_PLACEMENTARMS_H
#define TILEAS_LIB_SCHED_PLACEMENTARMS_H

#include "ModuloState.h"
#include "Priority.h"

#include "tileas/Sched/Schedule.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <tuple>
#include <vector>

namespace tileas {

/// Dead marks of the retry arms, kept beside the canonical state: an op
/// marked dead is neither evicted nor retried again by arms that use this
/// overlay. Clearing it touches only the marked entries.
class RetryOverlay {
public:
  explicit RetryOverlay(unsigned NumOps) : Dead(NumOps, 0) {}
  bool isDead(unsigned Op) const { return Dead[Op]; }
  void markDead(unsigned Op) {
    if (!Dead[Op]) {
      Dead[Op] = 1;
      Marked.push_back(Op);
    }
  }
  void clear() {
    for (unsigned Op : Marked)
      Dead[Op] = 0;
    Marked.clear();
  }
  unsigned numDead() const { return Marked.size(); }

private:
  std::vector<uint8_t> Dead;
  std::vector<unsigned> Marked;
};

/// Spill surcharge of the cost-based arm: 17 per value above the budget,
/// capped at 4096 so that it cannot swamp the structural-distance term.
unsigned spillSurcharge(unsigned Pressure, unsigned Budget);

/// Lexicographic cost of seating one op; smaller is better. Only legal seats
/// (resources free, inside the dependence window) are ever ranked.
struct SeatCost {
  unsigned PipeSlots = 0;  ///< Ring copies its Data edges add (stage spans).
  int64_t Reach = 0;       ///< Cycles away from the anchored end of the window.
  unsigned Surcharge = 0;  ///< Register-pressure spill surcharge.
  uint64_t Inversions = 0; ///< Placed ops it overtakes against program order.
  bool operator<(const SeatCost &O) const {
    return std::tie(PipeSlots, Reach, Surcharge, Inversions) <
           std::tie(O.PipeSlots, O.Reach, O.Surcharge, O.Inversions);
  }
};

class PlacementArms {
public:
  PlacementArms(ModuloState &State, const PriorityOrder &Order,
                const SchedulerOptions &Opts);

  /// Runs the arm chain (and the desperate retry) on an unplaced unit.
  /// Returns the arm that seated it, or PlacementArm::None with the state
  /// unchanged.
  PlacementArm placeUnit(unsigned Unit, RetryOverlay &Overlay);

  bool permute(unsigned Unit);
  bool fuse(unsigned Unit);
  bool retry(unsigned Unit, RetryOverlay &Overlay);
  bool costBased(unsigned Unit, RetryOverlay &Overlay);

  /// The first op the last failing PERMUTE could not seat.
  int lastBlockedOp() const { return BlockedOp; }

  /// The cost of seating Op at T (T must be legal) in the current state.
  SeatCost seatCost(unsigned Op, int64_t T, const Window &W);

private:
  llvm::SmallVector<unsigned, 8> membersByPriority(unsigned Unit) const;
  /// Seats Ops in order at their first fits; false at the first that has
  /// none (its id goes to BlockedOp). The caller rolls back.
  bool seatInOrder(llvm::ArrayRef<unsigned> Ops);
  /// Seats the members of a unit in order, all in one stage.
  bool seatInStage(llvm::ArrayRef<unsigned> Members, int64_t Stage);
  /// Candidate starts of the cheap scan rule, in scan order.
  void scanRange(const Window &W, unsigned Span,
                 llvm::SmallVectorImpl<int64_t> &Out) const;
  /// True when some member of A must be ordered against some member of B: a
  /// dependence between them or a distance-0 path either way.
  bool related(llvm::ArrayRef<unsigned> A, llvm::ArrayRef<unsigned> B);
  bool reaches(llvm::ArrayRef<unsigned> From, llvm::ArrayRef<unsigned> To);
  /// Cheapest legal seat of Op inside [StageLo, StageHi] (cycles), if any.
  bool cheapestSeat(unsigned Op, int64_t RangeLo, int64_t RangeHi,
                    int64_t &Best, SeatCost &BestCost);
  /// seatCost with the pressure and inversion indexes cached for one arm
  /// invocation.
  SeatCost costOf(unsigned Op, int64_t T, const Window &W);
  void buildPressure();
  void buildInversionIndex(unsigned Op);

  ModuloState &State;
  const PriorityOrder &Order;
  const SchedulerOptions &Opts;
  RetryOverlay Fresh;
  int BlockedOp = -1;
  // Cost-arm scratch: live values per modulo row, rebuilt per invocation.
  std::vector<unsigned> Live;
  bool LiveValid = false;
  std::vector<int64_t> InvBelow, InvAbove;
  int InvOp = -1;
  std::vector<uint32_t> VisitMark;
  uint32_t VisitEpoch = 0;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_PLACEMENTARMS_H
