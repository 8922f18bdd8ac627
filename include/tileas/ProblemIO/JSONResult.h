//===- JSONResult.h - The JSON form of a scheduling result ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One result is one object whose keys come in this fixed order:
//
//   {"ii", "mii", "bounds": {"resource", "recurrence", "fine_density",
//    "dependency", "recurrence_resource"}, "stages", ["registers":
//    {"limit", "estimate", "group", "resource_ii", "resource_stages",
//    "resource_estimate", "rescheduled"},] "verified",
//    ["generator",] "search_effort", "time_us",
//    "ops": [{"name", "start", "stage", "order"}...]}
//
// "generator" ("modulo" or "serial") names the generator that ran; it is
// left out when none did (a given schedule checked, the exact solver).
// followed, when there are any, by "violations": [{"kind", "message"}...]
// (what the verifier found) and, when no schedule was found, by "failure":
// {"reason", "candidate_ii", "op", "slot_triple", "pool", "budget", "group",
// "stage", "earliest_start", "latest_start", "conflict_rows"}. Without a
// schedule "ii" and "stages" are null and "ops" is empty; a bound that no II
// satisfies (InfeasibleII) is null as well. "search_effort" is what the II
// search spent, in its own units (ScheduleResult::SearchEffort), and
// "bound_effort" what the recurrence bound with resources spent proving its
// bound (ScheduleResult::BoundEffort). Everything but time_us is a function
// of the input.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_JSONRESULT_H
#define TILEAS_PROBLEMIO_JSONRESULT_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>

namespace tileas {

struct ResultReport {
  MIIBounds Bounds;
  const Schedule *Sched = nullptr;          ///< Printed when set.
  const ScheduleFailure *Failure = nullptr; ///< Printed when set.
  bool Verified = false;
  /// "modulo" or "serial"; printed when not empty.
  llvm::StringRef Generator;
  llvm::ArrayRef<Violation> Violations;
  uint64_t SearchEffort = 0;
  uint64_t BoundEffort = 0;
  uint64_t TimeUs = 0;
};

/// The name of a violation kind in JSON and messages ("stage_order", ...).
llvm::StringRef violationKindName(Violation::KindTy K);

/// Emits one result object into J (which may be inside an array).
void writeResultJSON(llvm::json::OStream &J, const Problem &P,
                     const ResultReport &R);

/// Writes one result object followed by a newline.
void writeResultJSON(llvm::raw_ostream &OS, const Problem &P,
                     const ResultReport &R, unsigned Indent = 2);

} // namespace tileas

#endif // TILEAS_PROBLEMIO_JSONRESULT_H
