//===- SchedulerFlags.h - The scheduler's limits as tool flags --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The tools that run the scheduling core in-process (tileas-sched,
// tileas-bench) take its limits as flags: --max-ii, --max-stages,
// --max-constraint-iterations and --search-effort. They are declared once
// here, with the defaults of tileas::SchedulerOptions, and one function
// turns them into that struct, so that no tool maps flags onto the options
// by itself. (llc's tileas-generate-schedule has the same limits under
// -tileas-* names; its options belong to the target.)
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SCHEDULERFLAGS_H
#define TILEAS_UTILS_SCHEDULERFLAGS_H

#include "tileas/Sched/Scheduler.h"

#include "llvm/Support/CommandLine.h"

namespace tileas {

class SchedulerFlags {
public:
  /// Registers the flags in the tool's Category; the object must live as
  /// long as the command line is parsed and read (a global, as cl::opts are).
  explicit SchedulerFlags(llvm::cl::OptionCategory &Category);

  /// Base with the limits the flags give (each flag's default is Base's
  /// default, so that a tool run without them schedules as the core's
  /// defaults do).
  SchedulerOptions options(SchedulerOptions Base = SchedulerOptions()) const;

  /// Whether the flag of this name (without dashes) was given.
  bool given(llvm::StringRef Name) const;

private:
  llvm::cl::opt<unsigned> MaxII;
  llvm::cl::opt<unsigned> MaxStages;
  llvm::cl::opt<unsigned> MaxConstraintIterations;
  llvm::cl::opt<unsigned> SearchEffort;
};

} // namespace tileas

#endif // TILEAS_UTILS_SCHEDULERFLAGS_H
