//===- Refinement.cpp - Generator selection and budget refinement ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// scheduleLoop picks the serial or the modulo generator and runs the modulo
// generator inside the constraint-refinement loop: schedule; if a budget
// pool is over capacity, cap the ring depth of its most expensive producers
// (as stage gaps on their Data edges, which placement enforces as window
// bounds on the consumers) and schedule again. The caps only ever tighten,
// so the loop either converges or runs out of iterations.
//
//===----------------------------------------------------------------------===//

#include "Bounds.h"
#include "BudgetModel.h"
#include "DepGraph.h"
#include "ModuloScheduler.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <optional>

using namespace llvm;

namespace tileas {

bool selectsSerial(const Problem &P, const SchedulerOptions &Opts) {
  // An explicit request for serial execution wins over ForceModulo; the
  // size and asynchrony heuristics do not.
  if (P.ForceSerial || Opts.ForceSerial)
    return true;
  if (Opts.ForceModulo)
    return false;
  if (P.size() < 8)
    return true;
  // A far-memory load hides its latency the way an asynchronous unit does
  // once the loop is pipelined (register prefetch), so it also makes the
  // loop a pipelining candidate.
  return llvm::none_of(P.operations(), [](const Operation &Op) {
    return Op.Async || Op.FarMemory;
  });
}

namespace {
/// Per-producer caps that refinement has added.
struct RefinedCaps {
  std::vector<int> RingGap;  ///< Max Stage(v) + D - Stage(u) (depth - 1).
  std::vector<int> StageGap; ///< Max Stage(v) - Stage(u) (0 = never pipe).

  explicit RefinedCaps(unsigned N)
      : RingGap(N, NoStageGap), StageGap(N, NoStageGap) {}

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

/// Tightens the caps so that the schedule's excess on Budget would be gone
/// if everything else stayed put: the most expensive producers first, each
/// brought down by as many ring copies as the excess needs. False when no
/// producer can give anything back.
static bool tighten(const Problem &P, const BudgetModel &Model, unsigned Budget,
                    RefinedCaps &Caps) {
  uint64_t Capacity = P.model().budgets()[Budget].Capacity;
  uint64_t Excess = Model.usage()[Budget] - Capacity;
  SmallVector<const BudgetCharge *, 16> Reducible;
  for (const BudgetCharge &C : Model.charges()) {
    if (C.Budget != Budget || C.Amount == 0)
      continue;
    bool Deeper = C.PerCopy && C.Depth > 1;
    bool Piped = !C.PerCopy && C.Pipes && !P.operations()[C.Op].Async;
    if (Deeper || Piped)
      Reducible.push_back(&C);
  }
  llvm::stable_sort(Reducible,
                    [](const BudgetCharge *A, const BudgetCharge *B) {
                      return A->Amount > B->Amount;
                    });
  bool Changed = false;
  for (const BudgetCharge *C : Reducible) {
    if (Excess == 0)
      break;
    if (C->PerCopy) {
      uint64_t Copies = std::min<uint64_t>(
          C->Depth - 1, (Excess + C->PerCopy - 1) / C->PerCopy);
      int NewGap = int(C->Depth - Copies) - 1;
      if (NewGap < Caps.RingGap[C->Op]) {
        Caps.RingGap[C->Op] = NewGap;
        Changed = true;
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

ScheduleResult scheduleLoop(const Problem &P, const SchedulerOptions &Opts) {
  ScheduleResult R;
  if (Error E = P.validate()) {
    R.Failure.Reason = "invalid problem: " + toString(std::move(E));
    return R;
  }
  // Built when first needed: after the modulo generator, whose own graph
  // has been freed by then, so that the two share memory.
  std::optional<DepGraph> Graph;
  auto G = [&]() -> const DepGraph & {
    if (!Graph)
      Graph.emplace(P);
    return *Graph;
  };
  unsigned MaxIterations = std::max(1u, Opts.MaxConstraintIterations);

  if (selectsSerial(P, Opts)) {
    R = scheduleSerial(P, Opts);
    R.Sched.ConstraintIterations = 1;
    if (R.Success) {
      BudgetModel Model(P, G(), R.Sched);
      R.Sched.BudgetUsage.assign(Model.usage().begin(), Model.usage().end());
      if (int B = Model.firstExceeded(); B >= 0)
        return budgetFailure(std::move(R), P, unsigned(B), Model.usage()[B],
                             "the serial schedule cannot be refined");
      R.Sched.Flags |= SF_Converged;
    }
  } else {
    RefinedCaps Caps(P.size());
    int Tightened = -1; // The pool the caps were added for.
    uint64_t TightenedUsage = 0, Effort = 0;
    std::vector<SearchStep> Steps;
    for (unsigned Iteration = 1;; ++Iteration) {
      R = scheduleModuloWithGaps(
          P, Opts, Iteration == 1 ? std::vector<int>() : Caps.edgeGaps(P));
      R.Sched.ConstraintIterations = Iteration;
      Effort += R.SearchEffort;
      R.SearchEffort = Effort;
      Steps.insert(Steps.end(), R.Search.begin(), R.Search.end());
      R.Search = Steps;
      if (!R.Success && Tightened >= 0) {
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
        return R;
      }
      if (!R.Success)
        return R;
      BudgetModel Model(P, G(), R.Sched);
      R.Sched.BudgetUsage.assign(Model.usage().begin(), Model.usage().end());
      int B = Model.firstExceeded();
      if (B < 0) {
        R.Sched.Flags |= SF_Converged;
        break;
      }
      if (Iteration == MaxIterations)
        return budgetFailure(
            std::move(R), P, unsigned(B), Model.usage()[B],
            formatv("still over after {0} refinement iterations", Iteration)
                .str());
      if (!tighten(P, Model, unsigned(B), Caps))
        return budgetFailure(std::move(R), P, unsigned(B), Model.usage()[B],
                             "no producer's ring can be made shallower");
      Tightened = B;
      TightenedUsage = Model.usage()[B];
    }
  }
  if (!R.Success || !Opts.Verify)
    return R;

  std::vector<Violation> Violations =
      verifySchedule(P, R.Sched, Opts.MaxStages);
  if (Violations.empty()) {
    R.Sched.Flags |= SF_Verified;
    return R;
  }
  // A schedule the verifier rejects is a bug; never hand it out.
  R.Success = false;
  R.Failure = ScheduleFailure();
  R.Failure.CandidateII = R.Sched.II;
  R.Failure.Reason = formatv("the verifier rejected the schedule ({0} "
                             "violations): {1}",
                             Violations.size(), Violations.front().Message);
  return R;
}

} // namespace tileas
