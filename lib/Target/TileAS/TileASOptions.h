//===- TileASOptions.h - Options shared by TileAS passes --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The options of the target that more than one pass reads. The passes take
// them as one value, TileASPipelinerOptions, filled from the command line at
// pass entry (or given by a tool that builds the passes itself); the
// accessors below read the command line directly, for tools that build a
// loop's problem outside the passes.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASOPTIONS_H
#define TILEAS_TILEASOPTIONS_H

#include <string>

namespace llvm {

/// Named barriers kept for other uses (-tileas-reserved-barriers); negative
/// means the td's CoordinationModel value.
int tileasReservedBarriers();

/// Run the independent schedule verifier in the passes
/// (-tileas-verify-schedule; lit tests turn it on).
bool tileasVerifySchedules();

enum class TileASPipelineStrategy { None, Unspecialized, WarpSpecialized };

/// How materialization turns a schedule into code
/// (-tileas-pipeline-strategy; not given, defaultPipelineStrategy of the
/// -tileas-timing, TileASStrategyChoice.h). The coordination solve of both
/// passes reads it: warp-specialized, a mutex between two agents may need a
/// handoff with barriers of its own, which the scheduler must pay for.
TileASPipelineStrategy tileasPipelineStrategy();

/// Warp-specialized: extra slots a ring filled by an asynchronous unit for
/// another agent may get where the budgets allow (-tileas-ws-ring-slack).
unsigned tileasRingSlack();

/// Warp-specialized: how many more iterations ahead of its reader an agent
/// issues each far-memory load it reads itself
/// (-tileas-ws-prefetch-distance; TileASAgentPrefetch.h).
unsigned tileasPrefetchDistance();

/// Warp-specialized: an agent whose far-memory prefetch adds stages falls
/// back, at trip counts below its own stage count, to its loop pipelined
/// without the prefetch where the trip count reaches the schedule's stages
/// (-tileas-ws-prefetch-short-path, hidden, default on).
bool tileasPrefetchShortPath();

/// Warp-specialized: keep the warp-specialized schedule of a loop even where
/// it has a larger II than the unspecialized one (-tileas-ws-keep-slower-ii,
/// hidden; tests of the handoffs use it). TileASStrategyChoice.h.
bool tileasWSKeepSlowerII();

/// -tileas-timing: "model" or the name of a timing description.
std::string tileasTiming();

/// The target options the pipelining passes read, as a value: the same
/// names, defaults and meanings as the command-line options above.
struct TileASPipelinerOptions {
  /// -tileas-reserved-barriers (negative: the td's reservation).
  int ReservedBarriers = -1;
  /// -tileas-verify-schedule.
  bool VerifySchedules = false;
  /// -tileas-pipeline-strategy.
  TileASPipelineStrategy Strategy = TileASPipelineStrategy::Unspecialized;
  /// -tileas-ws-ring-slack.
  unsigned RingSlack = 2;
  /// -tileas-ws-prefetch-distance.
  unsigned PrefetchDistance = 1;
  /// -tileas-ws-prefetch-short-path.
  bool PrefetchShortPath = true;
  /// -tileas-ws-keep-slower-ii.
  bool WSKeepSlowerII = false;

  bool warpSpecialized() const {
    return Strategy == TileASPipelineStrategy::WarpSpecialized;
  }

  /// The values given on the command line (or their defaults).
  static TileASPipelinerOptions fromCommandLine();
};

} // namespace llvm

#endif // TILEAS_TILEASOPTIONS_H
