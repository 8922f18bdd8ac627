//===- TileASLoopSchedule.h - The schedule of one loop ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPSCHEDULE_H
#define TILEAS_TILEASLOOPSCHEDULE_H

#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
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
  /// Under -tileas-pipeline-strategy=warp-specialized: why the loop was
  /// scheduled for, and is to be materialized in, the unspecialized form
  /// (TileASStrategyChoice.h); empty when it was not.
  std::string Unspecialized;
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
