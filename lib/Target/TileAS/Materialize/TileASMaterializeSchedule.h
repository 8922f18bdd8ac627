//===- TileASMaterializeSchedule.h - Expand and coordinate ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-materialize-schedule's options as a value, for tools that build the
// pass themselves.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASMATERIALIZESCHEDULE_H
#define TILEAS_TILEASMATERIALIZESCHEDULE_H

#include "TileASOptions.h"

#include <string>

namespace llvm {

class FunctionPass;

/// The options tileas-materialize-schedule reads: the target's, and its own
/// command-line option (same name, default and meaning).
struct TileASMaterializeScheduleOptions {
  TileASPipelinerOptions Target;
  /// -tileas-materialize-inject-fault (testing only): the fault seeded into
  /// each materialized loop before its self-check; empty for none.
  std::string InjectFault;

  /// The values given on the command line (or their defaults).
  static TileASMaterializeScheduleOptions fromCommandLine();
};

/// The pass with Opts instead of the command line's options.
FunctionPass *createTileASMaterializeSchedulePass(
    const TileASMaterializeScheduleOptions &Opts);

} // namespace llvm

#endif // TILEAS_TILEASMATERIALIZESCHEDULE_H
