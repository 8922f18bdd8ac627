//===- TileASStrategyChoice.h - Warp-specialize or not? ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Warp-specialized, a loop's coordination can cost more than unspecialized:
// a mutex that two agents alternate and an asynchronous unit releases is a
// two-barrier handoff (docs/warp-specialization.md). Where the scheduler
// must raise the II to fit those barriers, the warp-specialized loop is
// slower at every trip count than the unspecialized one at its own II (the
// steady state takes II cycles per iteration, on the machine model). Under
// -tileas-pipeline-strategy=warp-specialized, tileas-generate-schedule then
// keeps the unspecialized schedule and says why; materialization follows.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASSTRATEGYCHOICE_H
#define TILEAS_TILEASSTRATEGYCHOICE_H

#include "TileASOptions.h"
#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {

struct TileASStrategyChoice {
  /// The schedule to record.
  tileas::ScheduleResult Result;
  /// Why the loop is to be materialized unspecialized, with the numbers the
  /// decision used; empty when the warp-specialized schedule is kept.
  std::string Unspecialized;
  /// The problem Result solves when it is the unspecialized one (P with the
  /// unspecialized coordination); unset when Result solves P.
  std::optional<tileas::Problem> UnspecializedProblem;
};

/// P with the unspecialized coordination (no handoffs, no ring slack).
tileas::Problem unspecializedProblem(const tileas::Problem &P);

/// WS is P's schedule with the warp-specialized coordination (P's
/// description has WarpSpecialized set). When its II is above P's MII, P is
/// scheduled again with the unspecialized coordination; the lower II wins
/// (the warp-specialized one on a tie). Under Opts.Verify the unspecialized
/// schedule is verified only if it wins.
TileASStrategyChoice chooseStrategy(const tileas::Problem &P,
                                    tileas::ScheduleResult WS,
                                    const tileas::SchedulerOptions &Opts);

/// The strategy when -tileas-pipeline-strategy is not given, for the timing
/// the scheduler plans with (-tileas-timing): unspecialized on the slot
/// model (the seed's default); warp-specialized on a measured description.
/// There the two tie without jitter, but with it the producer warp's slack
/// ring slots absorb what a one-stage unspecialized loop with rings one slot
/// deep cannot (bench/results/report.md: on b200 with +-25% and the heavy
/// tail, warp-specialized is 0.3% faster on the GEMMs and 1.0% on
/// attention).
TileASPipelineStrategy defaultPipelineStrategy(StringRef Timing);

} // namespace llvm

#endif // TILEAS_TILEASSTRATEGYCHOICE_H
