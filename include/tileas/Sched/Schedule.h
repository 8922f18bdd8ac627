//===- Schedule.h - The result of scheduling a Problem --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A modulo schedule: the initiation interval, the stage count and, per
// operation, its start cycle, stage and order. Stage and order together are a
// total order of the operations: Order is the rank of the operation when all
// operations are sorted by (Start, index in the problem), so sorting by
// (Stage, Order) and by Start agree. The lower bounds that the search started
// from and status flags travel with it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_SCHEDULE_H
#define TILEAS_SCHED_SCHEDULE_H

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

namespace tileas {

/// The lower bounds on II, each reported separately.
struct MIIBounds {
  unsigned Resource = 0;    ///< Singleton slots: cycles of demand per slot.
  unsigned Recurrence = 0;  ///< Maximum cycle ratio latency / distance.
  unsigned FineDensity = 0; ///< Counting pools: ceil(demand / capacity).
  unsigned Dependency = 0;  ///< Longest path against the deepest stage count.
  /// Each recurrence on its own with the slots and pools its ops hold: the
  /// smallest II at which none of them is proven not to fit (never below the
  /// recurrence bound; see lib/Sched/RecurrenceResourceBound.h).
  unsigned RecurrenceResource = 0;
  /// Budget pools against the stage distances of their producers' consumers:
  /// the least II at which the ring copies that the dependences and the
  /// resources force fit every budget pool (lib/Sched/BudgetBound.h); 0 when
  /// it proves nothing above the other bounds.
  unsigned Budget = 0;

  unsigned mii() const {
    unsigned M = 1;
    for (unsigned B : {Resource, Recurrence, FineDensity, Dependency,
                       RecurrenceResource, Budget})
      M = M < B ? B : M;
    return M;
  }
  /// The name of the bound that sets mii() ("resource", "recurrence",
  /// "fine_density", "dependency", "recurrence_resource", "budget"; the
  /// first in that order among equals), as the JSON results name them.
  const char *bindingName() const {
    unsigned M = mii();
    if (Resource == M)
      return "resource";
    if (Recurrence == M)
      return "recurrence";
    if (FineDensity == M)
      return "fine_density";
    if (Dependency == M)
      return "dependency";
    if (RecurrenceResource == M)
      return "recurrence_resource";
    if (Budget == M)
      return "budget";
    return "resource"; // mii() is 1 and every bound 0.
  }
};

struct OpPlacement {
  int64_t Start = 0;
  unsigned Stage = 0;
  unsigned Order = 0;
};

/// The order of a placement in the kernel of a loop of initiation interval
/// II: by cycle modulo II; within a cycle the older iteration (higher stage)
/// first, so that a loop-carried dependence of latency 0 is kept; then by
/// order.
inline std::tuple<int64_t, int64_t, unsigned>
kernelOrderKey(const OpPlacement &P, unsigned II) {
  return {P.Start % II, -int64_t(P.Stage), P.Order};
}

enum ScheduleFlag : unsigned {
  SF_Serial = 1u << 0,         ///< Produced by the serial generator.
  SF_Converged = 1u << 1,      ///< Constraint refinement converged.
  SF_BudgetExceeded = 1u << 2, ///< Refinement ran out of iterations.
  SF_IICapReached = 1u << 3,   ///< No schedule at or below the II cap.
  SF_Verified = 1u << 4,       ///< Checked by the independent verifier.
};

/// Which placement arm seated the last group (for statistics and tests).
enum class PlacementArm : uint8_t {
  None,
  Permute,
  Fuse,
  Retry,
  CostBased,
  DesperateRetry,
  DesperateCostBased,
  Serial,
  Iterative ///< Rau's iterative modulo scheduling with eviction.
};

/// Number of PlacementArm values.
constexpr unsigned NumPlacementArms =
    static_cast<unsigned>(PlacementArm::Iterative) + 1;

/// What the constraint-refinement loop (lib/Sched/Refinement.cpp) added to
/// a problem before its last search: orderings the coordination needs and
/// caps on ring depths. A schedule's Bounds are always those of the problem
/// as given (with its coordination), which bound every refinement of it, so
/// a schedule at their MII is optimal for the loop; the refined problem's
/// own MII may be higher and proves nothing about the loop.
struct RefinedProblem {
  unsigned Orderings = 0;   ///< Order dependences added.
  unsigned CappedRings = 0; ///< Producers whose ring depth or stage is capped.
  unsigned MII = 0;         ///< The refined problem's MII.

  bool refined() const { return Orderings || CappedRings; }
};

/// What the register-aware search (SchedulerOptions::RegisterLimits) saw:
/// the kept schedule's estimate against its limit, for the register group
/// tightest against its limit, and the schedule the resources alone allowed
/// (the first one found). Limit 0: no limit was asked for.
struct RegisterFit {
  unsigned Limit = 0;
  unsigned Estimate = 0;
  unsigned Group = 0;
  unsigned ResourceII = 0;
  unsigned ResourceStages = 0;
  unsigned ResourceEstimate = 0;
  /// Schedules tried after the first (one per stage limit).
  unsigned Retries = 0;
  /// The first schedule was over its limit and this one was kept instead.
  bool Rescheduled = false;
  bool fits() const { return !Limit || Estimate <= Limit; }
};

struct Schedule {
  unsigned II = 0;
  unsigned StageCount = 0;
  std::vector<OpPlacement> Ops; ///< Indexed like Problem::operations().
  /// The lower bounds of the problem as given (see RefinedProblem).
  MIIBounds Bounds;
  /// What refinement changed in the problem the schedule was found for.
  RefinedProblem Refined;
  unsigned Flags = 0;
  /// Budget usage per budget pool, as the verifier computes it.
  llvm::SmallVector<uint64_t, 4> BudgetUsage;
  /// Refinement iterations used.
  unsigned ConstraintIterations = 0;
  /// Registers against SchedulerOptions::RegisterLimits.
  RegisterFit Registers;
};

/// Why no schedule was found: everything the remark needs to tell an
/// impossible loop from a heuristic failure.
struct ScheduleFailure {
  std::string Reason; ///< One line, human readable.
  unsigned CandidateII = 0;
  int Op = -1;         ///< The op that could not be seated, or -1.
  int SlotTriple = -1; ///< Index into that op's Slots that collided, or -1.
  int Pool = -1;       ///< Counting pool that refused, or -1.
  int Budget = -1;     ///< Budget pool that refused, or -1.
  int Group = -1;      ///< The op's (merged) group, or -1.
  unsigned Stage = 0;  ///< The stage it was being seated in.
  int64_t EarliestStart = 0; ///< Its dependence window.
  int64_t LatestStart = 0;
  /// Modulo rows that conflicted and their occupancy at the time.
  llvm::SmallVector<std::pair<unsigned, uint64_t>, 4> ConflictRows;
};

/// The phases of the II search (lib/Sched/IISearch.cpp).
enum class SearchPhase : uint8_t {
  Bound,     ///< Long runs at the lower bound.
  ArmsOnly,  ///< The placement arms alone, for an upper bound.
  Iterative, ///< Iterative modulo scheduling below the best II.
  Neighbour  ///< Rau's runs (bounds from placed neighbours) below it.
};

/// One attempt of the II search at one II.
struct SearchStep {
  SearchPhase Phase = SearchPhase::Bound;
  unsigned II = 0;
  bool Success = false;
  uint64_t Effort = 0;
  /// The most ops placed at once (for the placement arms alone, the ops
  /// placed when they blocked; 0 when they placed every op).
  unsigned MostPlaced = 0;
};

struct ScheduleResult {
  bool Success = false;
  Schedule Sched;          ///< Valid when Success.
  ScheduleFailure Failure; ///< Valid when !Success.
  /// Always computed, for the problem as given (see RefinedProblem).
  MIIBounds Bounds;
  PlacementArm LastArm = PlacementArm::None;
  /// Placement units seated by each arm in the successful attempt (indexed by
  /// PlacementArm); ops seated by iterative modulo scheduling count under
  /// Iterative.
  unsigned ArmSeats[NumPlacementArms] = {};
  /// Effort the II searches spent, over all refinement iterations: arcs
  /// scanned by bound propagation, seats and rows looked at (see
  /// SchedulerOptions::SearchEffortFactor). 0 for the serial generator.
  uint64_t SearchEffort = 0;
  /// Work the recurrence bound with resources spent proving its bound, over
  /// all refinement iterations (lib/Sched/RecurrenceSeatSearch.h).
  uint64_t BoundEffort = 0;
  /// The attempts of the II searches in order, over all refinement
  /// iterations (empty for the serial generator).
  std::vector<SearchStep> Search;
};

} // namespace tileas

#endif // TILEAS_SCHED_SCHEDULE_H
