//===- Scheduler.cpp - The scheduling core's entry point ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// scheduleLoop: check the problem, pick the serial or the modulo generator
// by the selection rule, fit the schedule to the budgets and the
// coordination (Refinement.cpp), and, if asked, have the independent
// verifier confirm it; under register limits, schedule again with fewer
// stages while the registers do not fit (RegisterBound.cpp).
//
//===----------------------------------------------------------------------===//

#include "Refinement.h"
#include "RegisterBound.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

bool selectsSerial(const Problem &P, const SchedulerOptions &Opts) {
  // An explicit request for serial execution wins over ForceModulo; the
  // size and asynchrony heuristics do not.
  if (P.ForceSerial || Opts.ForceSerial)
    return true;
  if (Opts.ForceModulo)
    return false;
  // A loop with latency to hide is pipelined whatever its size: the seeds'
  // generator also took loops of fewer than 8 ops serially, which ran a GEMM
  // k-loop of two TMA loads and one MMA at II 121 instead of 17. A far-memory
  // load hides its latency the way an asynchronous unit does once the loop
  // is pipelined (register prefetch), so it also makes the loop a candidate.
  return llvm::none_of(P.operations(), [](const Operation &Op) {
    return Op.Async || Op.FarMemory;
  });
}

/// R with SF_Verified if the independent verifier accepts its schedule, or
/// else a failure: a schedule the verifier rejects is a bug, never handed
/// out.
static ScheduleResult verifyResult(ScheduleResult R, const Problem &P,
                                   unsigned MaxStages) {
  std::vector<Violation> Violations = verifySchedule(P, R.Sched, MaxStages);
  if (Violations.empty()) {
    R.Sched.Flags |= SF_Verified;
    return R;
  }
  R.Success = false;
  R.Failure = ScheduleFailure();
  R.Failure.CandidateII = R.Sched.II;
  R.Failure.Reason = formatv("the verifier rejected the schedule ({0} "
                             "violations): {1}",
                             Violations.size(), Violations.front().Message);
  return R;
}

ScheduleResult scheduleLoop(const Problem &P, const SchedulerOptions &Opts) {
  if (Error E = P.validate()) {
    ScheduleResult R;
    R.Failure.Reason = "invalid problem: " + toString(std::move(E));
    return R;
  }
  auto Run = [&](const SchedulerOptions &O, const SearchHint *Start) {
    ScheduleResult R = selectsSerial(P, O) ? scheduleSerialWithinBudgets(P, O)
                                           : scheduleModuloRefined(P, O, Start);
    if (!R.Success || !O.Verify)
      return R;
    return verifyResult(std::move(R), P, O.MaxStages);
  };
  return fitRegisterLimits(P, Opts, Run(Opts, nullptr), Run);
}

} // namespace tileas
