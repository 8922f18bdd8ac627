//===- TileASGenerateSchedule.h - Modulo-schedule TileAS loops --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-generate-schedule's options as a value, for tools that build the
// pass themselves, and the step that turns a scheduled loop problem into the
// value handed to materialization (TileASLoopSchedule).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASGENERATESCHEDULE_H
#define TILEAS_TILEASGENERATESCHEDULE_H

#include "Pipeliner/TileASLoopSchedule.h"
#include "Pipeliner/TileASStrategyChoice.h"
#include "TileASOptions.h"
#include "tileas/Sched/Scheduler.h"

namespace llvm {

class FunctionPass;
class MachineFunction;

/// The options tileas-generate-schedule reads: the target's, and its own
/// command-line options (same names, defaults and meanings).
struct TileASGenerateScheduleOptions {
  TileASPipelinerOptions Target;
  /// -tileas-max-ii.
  unsigned MaxII = 0;
  /// -tileas-max-stages.
  unsigned MaxStages = 0;
  /// -tileas-max-constraint-iterations.
  unsigned MaxConstraintIterations = 16;
  /// -tileas-search-effort.
  unsigned SearchEffort = tileas::SchedulerOptions().SearchEffortFactor;
  /// -tileas-print-schedule.
  bool PrintSchedule = false;
  /// -tileas-annotate-schedule.
  bool AnnotateSchedule = false;
  /// -tileas-force-modulo.
  bool ForceModulo = false;
  /// -tileas-register-aware: register pressure as a scheduling constraint
  /// (SchedulerOptions::RegisterLimits, filled per loop by
  /// registerLimits()).
  bool RegisterAware = true;
  /// -tileas-register-limit: the per-thread limit of the unspecialized loop
  /// (0: the machine's, registerLimits()).
  unsigned RegisterLimit = 0;

  /// What the scheduling core is asked for: the limits, ForceModulo, and
  /// Target.VerifySchedules as Verify; the core's other fields keep their
  /// defaults (the pass has no option for them).
  tileas::SchedulerOptions schedulerOptions() const;
  /// The inverse of schedulerOptions(): the options that ask the core for
  /// Core's limits, ForceModulo and Verify (as Target.VerifySchedules), with
  /// Target's other fields as given. Core's fields that the pass has no
  /// option for are dropped.
  static TileASGenerateScheduleOptions
  fromSchedulerOptions(const tileas::SchedulerOptions &Core,
                       TileASPipelinerOptions Target = {});
  /// The values given on the command line (or their defaults).
  static TileASGenerateScheduleOptions fromCommandLine();
};

/// The register limits a loop of MF is scheduled against under Opts
/// (SchedulerOptions::RegisterLimits): none when Opts.RegisterAware is off;
/// warp-specialized, each agent's setmaxnreg budget (register group k is
/// agent k + 1; the compute agent's the largest the register file allows
/// it); else the per-thread limit of one thread's registers
/// (Opts.RegisterLimit, or the machine's largest budget less one: register
/// 255 of 256 is the hardware's zero register, so ptxas allocates 255).
SmallVector<unsigned, 4>
registerLimits(const MachineFunction &MF,
               const TileASGenerateScheduleOptions &Opts);

/// Which register groups of LP (Operation::RegisterGroup) define register
/// fragments (FRAG).
SmallVector<bool, 4> fragmentGroups(const TileASLoopProblem &LP);

/// Lowers each limit of Limits (registerLimits) whose group holds register
/// fragments by tileas::FragmentSequenceRegisters, what the fragments' PTX
/// sequences take beyond the values the estimate counts (the whole loop when
/// there is one limit): the model materialization's agent check uses
/// (TileASAgentRegisters.h).
void reserveSequenceRegisters(SmallVectorImpl<unsigned> &Limits,
                              const TileASLoopProblem &LP);

/// The pass with Opts instead of the command line's options.
FunctionPass *
createTileASGenerateSchedulePass(const TileASGenerateScheduleOptions &Opts);

/// The value handed to materialization for the loop of LP: Choice's
/// successful schedule, the problem it was made for (LP's, or the
/// unspecialized one Choice built), and the loop's counted control.
TileASLoopSchedule makeLoopSchedule(TileASLoopProblem LP,
                                    TileASCountedLoop Counted,
                                    TileASStrategyChoice Choice,
                                    const TileASPipelinerOptions &Opts);

} // namespace llvm

#endif // TILEAS_TILEASGENERATESCHEDULE_H
