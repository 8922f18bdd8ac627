//===- Refinement.cpp - Budget and coordination refinement ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// scheduleLoop (Scheduler.cpp) runs the modulo generator inside the
// constraint-refinement loop: schedule; if a budget pool is over capacity,
// cap the ring depth of its most expensive producers (as stage gaps on their
// Data edges, which placement enforces as window bounds on the consumers)
// and schedule again. The caps only ever tighten,
// so the loop either converges or runs out of iterations.
//
// A problem with a coordination description must then also fit by what the
// coordination solve decides (Coordination.h). Where its barriers do not
// fit, refinement orders the producers of two rings before the consumers of
// both, so that the solve can fuse them (one fusion per round, the least
// late pair first; a pair whose orderings leave no schedule is dropped), or
// keeps a synchronous producer in its consumers' stage so that its ring
// disappears; where its buffers do not fit, it caps ring depths as above.
//
//===----------------------------------------------------------------------===//

#include "Refinement.h"
#include "Bounds.h"
#include "BudgetModel.h"
#include "IISearch.h"
#include "ModuloScheduler.h"
#include "SerialScheduler.h"

#include "tileas/Sched/Coordination.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace tileas {

namespace {
/// Per-producer caps that refinement has added.
struct RefinedCaps {
  std::vector<int> RingGap;  ///< Max Stage(v) + D - Stage(u) (depth - 1).
  std::vector<int> StageGap; ///< Max Stage(v) - Stage(u) (0 = never pipe).

  explicit RefinedCaps(unsigned N)
      : RingGap(N, NoStageGap), StageGap(N, NoStageGap) {}

  /// Producers with a cap.
  unsigned capped() const {
    unsigned N = 0;
    for (unsigned Op = 0, E = RingGap.size(); Op != E; ++Op)
      N += RingGap[Op] != NoStageGap || StageGap[Op] != NoStageGap;
    return N;
  }

  std::vector<int> edgeGaps(const Problem &P) const {
    std::vector<int> Gaps(P.dependences().size(), NoStageGap);
    ArrayRef<Dependence> Deps = P.dependences();
    for (unsigned I = 0, E = Deps.size(); I != E; ++I) {
      const Dependence &D = Deps[I];
      if (D.Kind != DepKind::Data)
        continue;
      if (RingGap[D.From] != NoStageGap)
        Gaps[I] = RingGap[D.From] - int(D.Distance);
      Gaps[I] = std::min(Gaps[I], StageGap[D.From]);
    }
    return Gaps;
  }
};
} // namespace

/// Tightens the caps so that the excess over Capacity on Budget would be
/// gone if everything else stayed put: the most expensive charges first,
/// each brought down by as many ring copies as the excess needs. A charge
/// without copies can only be removed by keeping its op's consumers in its
/// stage, which helps only for a synchronous op (Removable). False when
/// nothing can give anything back.
static bool tighten(ArrayRef<BudgetCharge> Charges, unsigned Budget,
                    uint64_t Usage, uint64_t Capacity,
                    function_ref<bool(const BudgetCharge &)> Removable,
                    RefinedCaps &Caps) {
  uint64_t Excess = Usage - Capacity;
  SmallVector<const BudgetCharge *, 16> Reducible;
  for (const BudgetCharge &C : Charges) {
    if (C.Budget != Budget || C.Amount == 0)
      continue;
    if ((C.PerCopy && C.Depth > 1) || (!C.PerCopy && Removable(C)))
      Reducible.push_back(&C);
  }
  llvm::stable_sort(Reducible,
                    [](const BudgetCharge *A, const BudgetCharge *B) {
                      return A->Amount > B->Amount;
                    });
  bool Changed = false;
  SmallSet<int, 8> CappedRings;
  for (const BudgetCharge *C : Reducible) {
    if (Excess == 0)
      break;
    if (C->PerCopy && C->Ring >= 0 && !CappedRings.insert(C->Ring).second)
      continue;
    if (C->PerCopy) {
      uint64_t Copies = std::min<uint64_t>(
          C->Depth - 1, (Excess + C->PerCopy - 1) / C->PerCopy);
      int NewGap = int(C->Depth - Copies) - 1;
      // A ring written in place by several producers (a tile stored a
      // part at a time) spans from the first to its last reader: every
      // producer gets the cap, or the ring keeps its depth.
      for (const BudgetCharge *Other : Reducible) {
        if (Other != C && (C->Ring < 0 || Other->Ring != C->Ring))
          continue;
        if (NewGap < Caps.RingGap[Other->Op]) {
          Caps.RingGap[Other->Op] = NewGap;
          Changed = true;
        }
      }
      Excess -= std::min(Excess, Copies * C->PerCopy);
    } else if (Caps.StageGap[C->Op] > 0) {
      Caps.StageGap[C->Op] = 0;
      Changed = true;
      Excess -= std::min(Excess, C->Amount);
    }
  }
  return Changed;
}

static bool tighten(const Problem &P, const BudgetModel &Model, unsigned Budget,
                    RefinedCaps &Caps) {
  return tighten(
      Model.charges(), Budget, Model.usage()[Budget],
      P.model().budgets()[Budget].Capacity,
      [&](const BudgetCharge &C) {
        return C.Pipes && !P.operations()[C.Op].Async;
      },
      Caps);
}

namespace {
/// What the coordination refinement has added to the problem: orderings
/// that let rings fuse or a mutex's iterations take turns.
struct CoordinationRefinement {
  std::vector<Dependence> Orderings;
  /// The orderings of the last fusion tried, to drop if they leave no
  /// schedule.
  size_t LastFusionBegin = 0;
  bool LastWasFusion = false;

  bool known(const pipes::Ordering &O) const {
    return llvm::any_of(Orderings, [&](const Dependence &D) {
      return D.From == O.Before && D.To == O.After &&
             D.Distance == O.Distance && D.Latency >= int(O.Latency);
    });
  }

  Problem apply(const Problem &P) const {
    Problem Work = P;
    for (const Dependence &D : Orderings)
      Work.addDependence(D);
    return Work;
  }
};
} // namespace

/// What the rings of a coordination charge to Budget, per producer (a cap
/// on any of them bounds the ring's depth).
static std::vector<BudgetCharge> ringCharges(const pipes::SolveResult &C,
                                             unsigned Budget) {
  std::vector<BudgetCharge> Charges;
  for (unsigned I = 0, E = C.Pipes.size(); I != E; ++I) {
    const pipes::Pipe &Ring = C.Pipes[I];
    if (Ring.Kind == pipes::PipeKind::Ring && Ring.Budget == int(Budget) &&
        Ring.Owner >= 0)
      for (unsigned Op : Ring.Producers)
        Charges.push_back({Op, Budget, Ring.Bytes * Ring.Depth, Ring.Bytes,
                           Ring.Depth, true, int(I)});
  }
  return Charges;
}

/// Changes the problem (orderings) or the caps so that the next schedule's
/// coordination needs less of the pool it exceeded. False when nothing is
/// left to try.
static bool relieveCoordination(const Problem &P, const Schedule &S,
                                const pipes::SolveResult &C,
                                CoordinationRefinement &Refs,
                                RefinedCaps &Caps) {
  const pipes::SolveInput &In = *P.Coordination;
  const pipes::Overrun &O = *C.Exceeded;
  Refs.LastWasFusion = false;
  pipes::SolveInput Placed = placeSchedule(In, S.Ops, S.II);
  // Orderings (or shallower rings) that let two rings share one slot and
  // its mbarriers.
  auto ProposeFusion = [&] {
    for (const pipes::FusionProposal &F : pipes::proposeFusions(Placed, C)) {
      // Orderings the schedule does not keep yet, and room in the pair's
      // pool: a pair that needs neither cannot get closer to fusing.
      size_t Begin = Refs.Orderings.size();
      for (const pipes::Ordering &FO : F.Orderings)
        if (!Refs.known(FO))
          Refs.Orderings.push_back({FO.Before, FO.After, int(FO.Latency),
                                    FO.Distance, DepKind::Order});
      bool Ordered = Refs.Orderings.size() != Begin;
      bool Shallower = false;
      if (F.Excess) {
        unsigned Budget = unsigned(C.Pipes[F.PipeA].Budget);
        uint64_t Capacity = In.BudgetCapacity[Budget];
        Shallower = tighten(
            ringCharges(C, Budget), Budget, Capacity + F.Excess, Capacity,
            [](const BudgetCharge &) { return false; }, Caps);
      }
      if (!Ordered && !Shallower)
        continue;
      Refs.LastFusionBegin = Begin;
      Refs.LastWasFusion = Ordered;
      return true;
    }
    return false;
  };
  if (O.Budget < 0 || O.Budget == In.BarrierBudget) {
    if (ProposeFusion())
      return true;
    // A synchronous producer whose readers share its unit needs no ring if
    // they stay in its stage.
    bool Changed = false;
    for (const pipes::Pipe &Ring : C.Pipes) {
      if (Ring.Kind != pipes::PipeKind::Ring || Ring.Turns || Ring.Owner < 0)
        continue;
      const pipes::LoopOp &Owner = Placed.Ops[Ring.Owner];
      bool SameUnit = !Owner.Async &&
                      llvm::all_of(Ring.Consumers, [&](const pipes::Read &Rd) {
                        const pipes::LoopOp &L = Placed.Ops[Rd.Op];
                        return !L.Async && L.Unit == Owner.Unit;
                      });
      if (!SameUnit)
        continue;
      for (unsigned Op : Ring.Producers)
        if (Caps.StageGap[Op] != 0) {
          Caps.StageGap[Op] = 0;
          Changed = true;
        }
    }
    return Changed;
  }
  // Buffers: a ring that an asynchronous reader's release deepens beyond
  // its stage distance gets the ordering that makes the distance enough
  // (the II rises where it must); then the depth of the rings that pay
  // into the pool is capped.
  bool Ordered = false;
  for (const pipes::Pipe &Ring : C.Pipes)
    if (Ring.Budget == O.Budget && Ring.Release && !Refs.known(*Ring.Release)) {
      const pipes::Ordering &R = *Ring.Release;
      Refs.Orderings.push_back(
          {R.Before, R.After, int(R.Latency), R.Distance, DepKind::Order});
      Ordered = true;
    }
  if (Ordered)
    return true;
  if (tighten(
          ringCharges(C, unsigned(O.Budget)), unsigned(O.Budget), O.Need,
          O.Capacity, [](const BudgetCharge &) { return false; }, Caps))
    return true;
  // The pool pays for mbarriers too: rings that share a slot need fewer.
  return O.Budget == In.Cost.MbarrierBudget && ProposeFusion();
}

static ScheduleResult budgetFailure(ScheduleResult R, const Problem &P,
                                    unsigned Budget, uint64_t Usage,
                                    const Twine &Why) {
  const BudgetDesc &B = P.model().budgets()[Budget];
  R.Success = false;
  R.Sched.Flags |= SF_BudgetExceeded;
  R.Sched.Flags &= ~unsigned(SF_Converged | SF_Verified);
  R.Failure = ScheduleFailure();
  R.Failure.CandidateII = R.Sched.II;
  R.Failure.Budget = int(Budget);
  R.Failure.Reason = formatv("budget pool '{0}' needs {1} of {2}: {3}", B.Name,
                             Usage, B.Capacity, Why.str());
  return R;
}

static std::string poolName(const Problem &P, int Budget) {
  return Budget >= 0 && unsigned(Budget) < P.model().budgets().size()
             ? P.model().budgets()[Budget].Name
             : std::string("barriers");
}

static ScheduleResult coordinationFailure(ScheduleResult R, const Problem &P,
                                          const pipes::SolveResult &C,
                                          const Twine &Why) {
  R.Success = false;
  R.Sched.Flags &= ~unsigned(SF_Converged | SF_Verified);
  R.Failure = ScheduleFailure();
  R.Failure.CandidateII = R.Sched.II;
  if (C.Unsupported) {
    R.Failure.Reason = describeUnsupported(
        C, [&](unsigned Op) { return "'" + P.operations()[Op].Name + "'"; });
    if (!Why.isTriviallyEmpty() && !Why.str().empty())
      R.Failure.Reason += "; " + Why.str();
    return R;
  }
  const pipes::Overrun &O = *C.Exceeded;
  R.Sched.Flags |= SF_BudgetExceeded;
  R.Failure.Budget = O.Budget;
  R.Failure.Reason =
      formatv("the loop's pipes and mutexes need {0} of '{1}' ({2} pipes, {3} "
              "mutexes; capacity {4}): {5}",
              O.Need, poolName(P, O.Budget), C.Pipes.size(), C.Mutexes.size(),
              O.Capacity, Why.str());
  return R;
}

/// The coordination of a schedule of P, or an error result to return.
static std::optional<ScheduleResult>
checkCoordination(const ScheduleResult &R, const Problem &P,
                  std::optional<pipes::SolveResult> &Solved) {
  Expected<pipes::SolveResult> C = solveCoordination(P, R.Sched);
  if (!C) {
    ScheduleResult F = R;
    F.Success = false;
    F.Failure = ScheduleFailure();
    F.Failure.Reason = "internal error: " + toString(C.takeError());
    return F;
  }
  if (C->Unsupported && !C->Unsupported->Fix)
    return coordinationFailure(R, P, *C, "");
  Solved = std::move(*C);
  return std::nullopt;
}

ScheduleResult scheduleSerialWithinBudgets(const Problem &P,
                                           const SchedulerOptions &Opts) {
  ScheduleResult R = scheduleValidSerial(P, Opts);
  R.Sched.ConstraintIterations = 1;
  if (!R.Success)
    return R;
  BudgetModel Model(P, R.Sched);
  R.Sched.BudgetUsage.assign(Model.usage().begin(), Model.usage().end());
  if (int B = Model.firstExceeded(); B >= 0)
    return budgetFailure(std::move(R), P, unsigned(B), Model.usage()[B],
                         "the serial schedule cannot be refined");
  if (P.Coordination) {
    std::optional<pipes::SolveResult> C;
    if (std::optional<ScheduleResult> F = checkCoordination(R, P, C))
      return std::move(*F);
    if (C->Exceeded)
      return coordinationFailure(std::move(R), P, *C,
                                 "the serial schedule cannot be refined");
  }
  R.Sched.Flags |= SF_Converged;
  return R;
}

namespace {
/// The constraint-refinement loop around the modulo generator. Each round
/// schedules the problem with what the rounds before added (caps, orderings)
/// and then either stops (a result: converged, or a failure) or adds
/// something and goes round again. A step returns the result to stop with,
/// or nothing to schedule again.
class RefinementLoop {
public:
  RefinementLoop(const Problem &P, const SchedulerOptions &Opts,
                 const SearchHint *Start)
      : P(P), Opts(Opts),
        MaxIterations(std::max(1u, Opts.MaxConstraintIterations)),
        Caps(P.size()) {
    if (Start)
      Hint = *Start;
  }

  ScheduleResult run() {
    for (unsigned Iteration = 1;; ++Iteration) {
      ScheduleResult R = scheduleRound(Iteration);
      std::optional<ScheduleResult> Final =
          R.Success ? fitRound(std::move(R), Iteration)
                    : failedRound(std::move(R), Iteration);
      if (Final)
        return std::move(*Final);
    }
  }

private:
  /// Schedules the problem with this round's orderings and caps, and reports
  /// it as a result of the problem as given: its bounds, the effort and the
  /// search steps of every round so far.
  ScheduleResult scheduleRound(unsigned Iteration);
  /// A round that found no schedule: drop the last fusion's orderings and
  /// try again, or fail naming what refinement was after.
  std::optional<ScheduleResult> failedRound(ScheduleResult R,
                                            unsigned Iteration);
  /// A round that found a schedule: converged if its budgets and
  /// coordination fit, else refine.
  std::optional<ScheduleResult> fitRound(ScheduleResult R, unsigned Iteration);
  /// The budgets fit: check the coordination, adding the ordering it needs
  /// or relieving the pool it exceeds.
  std::optional<ScheduleResult> fitCoordination(ScheduleResult R,
                                                unsigned Iteration);
  /// Budget pool B is over: cap the rings of its producers.
  std::optional<ScheduleResult> relieveBudget(ScheduleResult R,
                                              const BudgetModel &Model,
                                              unsigned B, unsigned Iteration);

  const Problem &P;
  const SchedulerOptions &Opts;
  const unsigned MaxIterations;
  RefinedCaps Caps;
  CoordinationRefinement Refs;
  int Tightened = -1; ///< The pool the caps were added for.
  uint64_t TightenedUsage = 0, Effort = 0, BoundEffort = 0;
  std::vector<SearchStep> Steps;
  std::optional<pipes::SolveResult> LastCoordination;
  std::optional<SearchHint> Hint;
  MIIBounds Given;
};
} // namespace

ScheduleResult RefinementLoop::scheduleRound(unsigned Iteration) {
  // The problem as given until refinement orders something: no copy.
  std::optional<Problem> Refined;
  if (!Refs.Orderings.empty())
    Refined = Refs.apply(P);
  const Problem &Work = Refined ? *Refined : P;
  ScheduleResult R = scheduleModuloWithGaps(
      Work, Opts, Iteration == 1 ? std::vector<int>() : Caps.edgeGaps(Work),
      Hint ? &*Hint : nullptr);
  // What the next round starts from: this round's problem has no more
  // constraints than the next one's.
  if (R.Success)
    Hint = hintFrom(R, R.Search, Hint ? &*Hint : nullptr);
  R.Sched.ConstraintIterations = Iteration;
  // Report the bounds of the problem as given: those of a refined one
  // bound only it.
  if (Iteration == 1)
    Given = R.Bounds;
  R.Sched.Refined.Orderings = Refs.Orderings.size();
  R.Sched.Refined.CappedRings = Iteration == 1 ? 0 : Caps.capped();
  if (R.Sched.Refined.refined())
    R.Sched.Refined.MII = R.Bounds.mii();
  R.Bounds = R.Sched.Bounds = Given;
  Effort += R.SearchEffort;
  R.SearchEffort = Effort;
  BoundEffort += R.BoundEffort;
  R.BoundEffort = BoundEffort;
  Steps.insert(Steps.end(), R.Search.begin(), R.Search.end());
  R.Search = Steps;
  return R;
}

std::optional<ScheduleResult> RefinementLoop::failedRound(ScheduleResult R,
                                                          unsigned Iteration) {
  if (Refs.LastWasFusion && Iteration < MaxIterations) {
    // The orderings that would fuse the pair leave no schedule: drop them
    // and try something else.
    Refs.Orderings.resize(Refs.LastFusionBegin);
    Refs.LastWasFusion = false;
    return std::nullopt;
  }
  if (LastCoordination)
    return coordinationFailure(std::move(R), P, *LastCoordination,
                               "refining it leaves no schedule: " +
                                   R.Failure.Reason);
  if (Tightened >= 0) {
    // The caps that would fix the budget leave no schedule; keep the
    // placement diagnosis and name the pool.
    const BudgetDesc &Pool = P.model().budgets()[Tightened];
    R.Sched.Flags |= SF_BudgetExceeded;
    R.Failure.Budget = Tightened;
    R.Failure.Reason =
        formatv("budget pool '{0}' needs {1} of {2}, and with its rings "
                "capped: {3}",
                Pool.Name, TightenedUsage, Pool.Capacity, R.Failure.Reason)
            .str();
  }
  return R;
}

std::optional<ScheduleResult> RefinementLoop::fitRound(ScheduleResult R,
                                                       unsigned Iteration) {
  BudgetModel Model(P, R.Sched);
  R.Sched.BudgetUsage.assign(Model.usage().begin(), Model.usage().end());
  if (int B = Model.firstExceeded(); B >= 0)
    return relieveBudget(std::move(R), Model, unsigned(B), Iteration);
  if (P.Coordination)
    return fitCoordination(std::move(R), Iteration);
  R.Sched.Flags |= SF_Converged;
  return R;
}

std::optional<ScheduleResult>
RefinementLoop::fitCoordination(ScheduleResult R, unsigned Iteration) {
  std::optional<pipes::SolveResult> C;
  if (std::optional<ScheduleResult> F = checkCoordination(R, P, C))
    return F;
  if (C->Unsupported) {
    // The schedule can be fixed: add the ordering it needs.
    const pipes::Ordering &Fix = *C->Unsupported->Fix;
    if (Refs.known(Fix) || Iteration == MaxIterations)
      return coordinationFailure(std::move(R), P, *C, "");
    Refs.Orderings.push_back({Fix.Before, Fix.After, int(Fix.Latency),
                              Fix.Distance, DepKind::Order});
    Refs.LastWasFusion = false;
    LastCoordination = std::move(C);
    return std::nullopt;
  }
  if (!C->Exceeded) {
    R.Sched.Flags |= SF_Converged;
    return R;
  }
  if (Iteration == MaxIterations)
    return coordinationFailure(
        std::move(R), P, *C,
        formatv("still over after {0} refinement iterations", Iteration).str());
  if (!relieveCoordination(P, R.Sched, *C, Refs, Caps))
    return coordinationFailure(std::move(R), P, *C,
                               "no rings can be fused or removed");
  LastCoordination = std::move(C);
  return std::nullopt;
}

std::optional<ScheduleResult>
RefinementLoop::relieveBudget(ScheduleResult R, const BudgetModel &Model,
                              unsigned B, unsigned Iteration) {
  if (Iteration == MaxIterations)
    return budgetFailure(
        std::move(R), P, B, Model.usage()[B],
        formatv("still over after {0} refinement iterations", Iteration).str());
  if (!tighten(P, Model, B, Caps))
    return budgetFailure(std::move(R), P, B, Model.usage()[B],
                         "no producer's ring can be made shallower");
  Tightened = int(B);
  TightenedUsage = Model.usage()[B];
  return std::nullopt;
}

ScheduleResult scheduleModuloRefined(const Problem &P,
                                     const SchedulerOptions &Opts,
                                     const SearchHint *Start) {
  return RefinementLoop(P, Opts, Start).run();
}

} // namespace tileas
