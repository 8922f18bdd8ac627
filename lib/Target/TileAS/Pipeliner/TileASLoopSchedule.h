//===- TileASLoopSchedule.h - The schedule of one loop ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The one value tileas-generate-schedule hands to tileas-materialize-schedule
// per pipelined loop (through TileASScheduleAnalysis): the placements and II
// the scheduler found, the loop's scheduling problem with its dependences,
// its counted-loop control, and the form (unspecialized or warp-specialized)
// it was scheduled for. Materialization reads all of it from here and
// rebuilds none of it; a schedule annotated in the MIR is loaded into the
// same value (TileASAnnotatedSchedule.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPSCHEDULE_H
#define TILEAS_TILEASLOOPSCHEDULE_H

#include "Materialize/TileASCoordinationInput.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;

/// Stages a loop schedule may have. Materialization checks and expands a
/// loop in time that grows with the square of its stage count; the deepest
/// schedules measured have 20 stages.
constexpr unsigned MaxScheduleStages = 256;

/// Instructions that expanding a loop may create: its stage count times its
/// scheduled instructions (the prologue, kernel and epilogue copies). The
/// largest loops measured (3200 instructions, 13 stages) make about 42,000.
constexpr uint64_t MaxExpandedCopies = uint64_t(1) << 20;

/// Whether MI is one of a loop's scheduled instructions: PHIs, terminators
/// and debug instructions are not.
bool isScheduledInstr(const MachineInstr &MI);

/// The form a loop is scheduled for and materialized in.
enum class TileASLoopForm {
  /// One instruction stream issues every op.
  Unspecialized,
  /// Each agent of td/ runs its own loop (-tileas-pipeline-strategy=
  /// warp-specialized); materialization may still fall back to the
  /// unspecialized form, with a remark.
  WarpSpecialized,
};

struct TileASLoopSchedule {
  MachineBasicBlock *Loop = nullptr;
  /// The scheduled instructions in block order (PHIs, terminators and debug
  /// instructions are not scheduled).
  SmallVector<MachineInstr *, 32> Instrs;
  /// Parallel to Instrs.
  std::vector<tileas::OpPlacement> Placement;
  unsigned II = 0;
  unsigned StageCount = 0;
  /// The bounds of the loop as given, and what refinement added to it.
  tileas::MIIBounds Bounds;
  tileas::RefinedProblem Refined;
  unsigned Flags = 0;
  /// The schedule's registers against its limit (-tileas-register-aware).
  tileas::RegisterFit Registers;
  /// The form the schedule's coordination was charged for.
  TileASLoopForm Form = TileASLoopForm::Unspecialized;
  /// For remarks only: under -tileas-pipeline-strategy=warp-specialized, why
  /// the loop was scheduled for the unspecialized form
  /// (TileASStrategyChoice.h); empty otherwise.
  std::string FormReason;
  /// The loop's scheduling problem and its dependences (ops indexed like
  /// Instrs, the loop branch's last). Shared: the value is copied, the
  /// problem never changes. Null when Stale or ProblemError is set.
  std::shared_ptr<const TileASLoopProblem> Problem;
  /// Why the problem of an annotated schedule's loop could not be built (a
  /// malformed constraint, or a loop TileAS cannot model); empty if it was.
  std::string ProblemError;
  /// The loop's counted control, as recognized before the function changed.
  std::optional<TileASCountedLoop> Counted;
  /// Why an annotated schedule's loop control is not a counted loop; empty
  /// when Counted is set or was not looked for.
  std::string NotCounted;
  /// The coordination solve for Form and, when Form is warp-specialized,
  /// for the unspecialized form materialization may fall back to
  /// (TileASCoordination.h, solveLoopCoordination). Generation fills both;
  /// a schedule loaded from the MIR has neither, and materialization
  /// solves it once it has checked it.
  std::shared_ptr<const TileASCoordinationSolve> Coordination;
  std::shared_ptr<const TileASCoordinationSolve> UnspecializedCoordination;
  /// Loaded from a MIR annotation rather than computed in this run.
  bool Annotated = false;
  /// Why an annotation could not be used (the block changed); empty if it
  /// is usable.
  std::string Stale;

  /// Does the block still hold exactly the instructions that were scheduled,
  /// in the same order?
  bool matchesBlock() const;
};

} // namespace llvm

#endif // TILEAS_TILEASLOOPSCHEDULE_H
