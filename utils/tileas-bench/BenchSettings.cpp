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

OptionList tileas::bench::oursOptions(const BenchSettings &S) {
  OptionList L = {
      {"tileas-force-modulo", S.OursForceModulo ? "true" : "false"}};
  // Only what differs from the defaults (the pass's options have the core's
  // defaults), so that the report shows what a run changed.
  const SchedulerOptions Defaults;
  auto Limit = [&](const char *Name, unsigned Value, unsigned Default) {
    if (Value != Default)
      L.push_back({Name, std::to_string(Value)});
  };
  Limit("tileas-max-ii", S.Core.MaxII, Defaults.MaxII);
  Limit("tileas-max-stages", S.Core.MaxStages, Defaults.MaxStages);
  Limit("tileas-max-constraint-iterations", S.Core.MaxConstraintIterations,
        Defaults.MaxConstraintIterations);
  Limit("tileas-search-effort", S.Core.SearchEffortFactor,
        Defaults.SearchEffortFactor);
  return L;
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
