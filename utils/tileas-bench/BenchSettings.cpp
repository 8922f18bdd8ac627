//===- BenchSettings.cpp - How the benchmark runs each scheduler ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "BenchSettings.h"

#include <algorithm>
#include <string>

using namespace tileas::bench;

/// The caps both peers run under (they share the pipeliner pass).
static OptionList pipelinerCaps(const BenchSettings &S, unsigned Range) {
  return {{"pipeliner-max-stages", std::to_string(S.SMSMaxStages)},
          {"pipeliner-max-mii", std::to_string(S.SMSMaxMII)},
          {"pipeliner-ii-search-range", std::to_string(Range)}};
}

unsigned tileas::bench::smsSearchRange(const BenchSettings &S,
                                       llvm::ArrayRef<LoopRecord> Records) {
  unsigned Range = S.SMSIISearchRange;
  if (!S.SMSRangeReachesOurs)
    return Range;
  for (const LoopRecord &R : Records)
    if (R.Ours.HasSchedule && R.Ours.II >= R.Bounds.mii())
      Range = std::max(Range, R.Ours.II - R.Bounds.mii() + 1);
  return Range;
}

tileas::SchedulerOptions
tileas::bench::oursCoreOptions(const BenchSettings &S) {
  SchedulerOptions Opts = S.Core;
  Opts.ForceModulo = S.OursForceModulo;
  return Opts;
}

llvm::TileASGenerateScheduleOptions
tileas::bench::oursPassOptions(const BenchSettings &S) {
  llvm::TileASPipelinerOptions Target =
      llvm::TileASPipelinerOptions::fromCommandLine();
  SchedulerOptions Core = oursCoreOptions(S);
  // The pass verifies its schedules as the target's -tileas-verify-schedule
  // says, as in llc; the core-only runs do not.
  Core.Verify = Target.VerifySchedules;
  return llvm::TileASGenerateScheduleOptions::fromSchedulerOptions(Core,
                                                                   Target);
}

std::string tileas::bench::describeOursOptions(
    const llvm::TileASGenerateScheduleOptions &Opts) {
  OptionList L = {{"tileas-force-modulo", Opts.ForceModulo ? "true" : "false"}};
  // Only the limits that differ from the defaults, so that the report shows
  // what a run changed.
  const llvm::TileASGenerateScheduleOptions Defaults;
  auto Limit = [&](const char *Name, unsigned Value, unsigned Default) {
    if (Value != Default)
      L.push_back({Name, std::to_string(Value)});
  };
  Limit("tileas-max-ii", Opts.MaxII, Defaults.MaxII);
  Limit("tileas-max-stages", Opts.MaxStages, Defaults.MaxStages);
  Limit("tileas-max-constraint-iterations", Opts.MaxConstraintIterations,
        Defaults.MaxConstraintIterations);
  Limit("tileas-search-effort", Opts.SearchEffort, Defaults.SearchEffort);
  return describeOptions(L);
}

OptionList tileas::bench::smsOptions(const BenchSettings &S, bool Annotate,
                                     llvm::ArrayRef<LoopRecord> Records) {
  OptionList L = pipelinerCaps(S, smsSearchRange(S, Records));
  L.push_back({"window-sched", "off"});
  // The exit test stays with the loop control (as TileAS keeps it in stage
  // 0): SMS leaves it out of its search and places it afterwards.
  L.push_back({"tileas-pipeliner-ignore-exit-test", "true"});
  L.push_back({"pipeliner-annotate-for-testing", Annotate ? "true" : "false"});
  return L;
}

OptionList tileas::bench::windowOptions(const BenchSettings &S) {
  OptionList L = pipelinerCaps(S, S.SMSIISearchRange);
  L.push_back({"window-sched", "force"});
  L.push_back({"pipeliner-annotate-for-testing", "false"});
  // WindowScheduler refuses any loop with an instruction the target asks the
  // pipeliner to leave alone (our exit test), and gives up above II 1000:
  // lift both so that it is measured rather than turned away.
  L.push_back({"tileas-pipeliner-ignore-exit-test", "false"});
  L.push_back({"window-ii-limit", "100000"});
  return L;
}
