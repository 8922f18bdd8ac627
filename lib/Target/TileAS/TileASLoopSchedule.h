//===- TileASLoopSchedule.h - The schedule of one loop ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPSCHEDULE_H
#define TILEAS_TILEASLOOPSCHEDULE_H

#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"

#include <string>
#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;

struct TileASLoopSchedule {
  MachineBasicBlock *Loop = nullptr;
  /// The scheduled instructions in block order (PHIs, terminators and debug
  /// instructions are not scheduled).
  SmallVector<MachineInstr *, 32> Instrs;
  /// Parallel to Instrs.
  std::vector<tileas::OpPlacement> Placement;
  unsigned II = 0;
  unsigned StageCount = 0;
  tileas::MIIBounds Bounds;
  unsigned Flags = 0;
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
