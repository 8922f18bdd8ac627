//===- LoopRecord.h - What the benchmark measured on one loop ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The record of one loop: its problem and lower bounds, and for each
// scheduler what it did (a schedule, or why not), what the TileAS verifier
// says of that schedule, its figures of merit and how long it took. The
// writers turn records into CSV and JSON; nothing here is computed.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_LOOPRECORD_H
#define TILEAS_BENCH_LOOPRECORD_H

#include "Clock.h"
#include "ExactRunner.h"
#include "PeerVerdict.h"

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include <string>

namespace tileas {
namespace bench {

/// One scheduler's result on one loop.
struct Outcome {
  /// "scheduled", "no-schedule" (it tried and found none), "refused" (it
  /// would not try this loop), "crashed", "error" (the harness could not
  /// read its result), "skipped" (not run on this loop, see Note), or
  /// "not-run".
  std::string Status = "not-run";
  /// Why, in one line; the scheduler's own words where it gives any.
  std::string Note;
  bool HasSchedule = false;
  Schedule Sched; ///< Over the loop's problem, when HasSchedule.
  unsigned II = 0;
  unsigned Stages = 0;
  unsigned MaxLive = 0;
  /// The TileAS verifier accepts Sched.
  bool Verified = false;
  /// The verifier's complaints otherwise ("kind: message"), and how many.
  std::string Violation;
  unsigned Violations = 0;
  /// A peer's violations, each with whose fault it is (empty for ours and
  /// the exact solver's).
  std::vector<JudgedViolation> Judged;
  /// The machine verifier on the code the scheduler expanded from this
  /// schedule: "passed", "failed", or empty when it was not checked.
  std::string MachineVerifier;
  TimingSample Time;

  /// A schedule that counts: the TileAS verifier accepts it and the machine
  /// verifier did not reject its expansion.
  bool legal() const {
    return HasSchedule && Verified && MachineVerifier != "failed";
  }
  /// A peer schedule's verdict (see PeerVerdict.h); empty without one.
  llvm::StringRef verdict() const {
    return HasSchedule ? peerVerdict(Judged, MachineVerifier == "failed")
                       : llvm::StringRef();
  }
};

struct LoopRecord {
  std::string Name;
  /// "corpus", "generated" or "machsuite".
  std::string Source;
  std::string Path;
  std::string Function;
  int Block = -1;
  /// The loop's problem (empty when HasProblem is false: the problem
  /// builder rejected the loop, see Ours.Note).
  bool HasProblem = false;
  Problem Prob;
  MIIBounds Bounds;
  Outcome Ours;
  /// The scheduling core alone on the same problem (no MIR, no pass).
  TimingSample OursCore;
  Outcome SMS;
  /// The -pipeliner-ii-search-range SMS ran with (0: SMS did not run).
  unsigned SMSSearchRange = 0;
  Outcome Window;
  ExactOutcome Exact;
  /// The exact solver's schedule through the same verifier.
  Outcome ExactCheck;

  unsigned ops() const { return Prob.size(); }
};

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_LOOPRECORD_H
