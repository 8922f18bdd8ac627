//===- BenchSettings.h - How the benchmark runs each scheduler --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Everything that decides what is measured: repeats, our scheduler's limits,
// the peers' caps, the exact solver's budget, and the guard that keeps the
// slowest peers off the largest loops. Our pass is given its options as a
// value (TileASGenerateScheduleOptions), made here from the settings. The
// peers, whose only interface is their command-line options, get complete
// option lists (every option the benchmark sets, each time it runs a peer)
// that the report prints exactly as they were applied.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_BENCHSETTINGS_H
#define TILEAS_BENCH_BENCHSETTINGS_H

#include "Clock.h"
#include "LoopRecord.h"
#include "OptionSetter.h"

#include "Pipeliner/TileASGenerateSchedule.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace tileas {
namespace bench {

struct BenchSettings {
  RepeatPolicy Repeats;
  /// Stock MachinePipeliner: -pipeliner-max-stages (default 3, too few for
  /// the 100-cycle TMA latency), -pipeliner-max-mii (default 27, below the
  /// MII of most tile loops) and -pipeliner-ii-search-range (default 10).
  unsigned SMSMaxStages = 100;
  unsigned SMSMaxMII = 100000;
  unsigned SMSIISearchRange = 100;
  /// Widen SMS's II search range on each file so that it may try every II
  /// up to the one ours found: a range that stops below it would cap SMS's
  /// quality (and cut its time short) where ours kept searching.
  bool SMSRangeReachesOurs = true;
  /// Ours runs with the modulo generator forced: the selection rule's
  /// serial choice (fewer than 8 ops, nothing to overlap) declines to
  /// pipeline, and the benchmark compares pipeliners.
  bool OursForceModulo = true;
  /// The scheduler's limits for ours (--max-ii, --max-stages,
  /// --max-constraint-iterations, --search-effort: SchedulerFlags), in the
  /// core-only runs and in the pass; the generator choice is
  /// OursForceModulo's.
  SchedulerOptions Core;
  bool RunSMS = true;
  bool RunWindow = true;
  bool RunExact = true;
  /// Wall-clock budget of the exact solver per loop, and the largest loop
  /// it is given (0: every loop).
  double ExactTimeLimit = 20;
  unsigned ExactMaxOps = 0;
  /// The peers are not run on loops of more operations (0: no limit).
  unsigned PeerMaxOps = 0;
};

/// What the scheduling core is asked for on our behalf: Core, with the
/// generator choice of OursForceModulo (the core-only runs use it as is).
SchedulerOptions oursCoreOptions(const BenchSettings &S);

/// The options our pass is built with: oursCoreOptions, and the target's
/// options as llc's pass reads them (the command line's, as given to the
/// benchmark).
llvm::TileASGenerateScheduleOptions oursPassOptions(const BenchSettings &S);

/// Describes Opts for the report, under the names llc gives the same options:
/// -tileas-force-modulo, and the limits that differ from the pass's defaults
/// ("-tileas-force-modulo=true -tileas-max-stages=1").
std::string
describeOursOptions(const llvm::TileASGenerateScheduleOptions &Opts);

/// The options of a timed MachinePipeliner run (Annotate: record the
/// schedule as instruction symbols instead of expanding it; the window
/// scheduler is turned off, so that a loop SMS fails on is not handed to it).
/// Records are the loops of the file SMS runs on (ours already ran on them).
/// SMS is asked to leave the exit test to the loop control (and judged
/// accordingly, see PeerVerdict.h).
OptionList smsOptions(const BenchSettings &S, bool Annotate,
                      llvm::ArrayRef<LoopRecord> Records = {});
/// The -pipeliner-ii-search-range SMS runs with on the loops of one file:
/// S.SMSIISearchRange, widened (SMSRangeReachesOurs) to ours II - MII + 1.
unsigned smsSearchRange(const BenchSettings &S,
                        llvm::ArrayRef<LoopRecord> Records);

/// The options of a WindowScheduler run (-window-sched=force: the window
/// scheduler instead of SMS). It refuses loops whose exit test is left to
/// the loop control, so it is allowed to pipeline it.
OptionList windowOptions(const BenchSettings &S);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_BENCHSETTINGS_H
