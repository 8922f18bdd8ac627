//===- TileASFrameLowering.h - TileAS local-memory frames -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASFRAMELOWERING_H
#define TILEAS_TILEASFRAMELOWERING_H

#include "llvm/CodeGen/TargetFrameLowering.h"

namespace llvm {

/// A downward-growing local-memory frame addressed from SP; it only ever
/// holds spill slots (kernels make no calls).
class TileASFrameLowering : public TargetFrameLowering {
public:
  TileASFrameLowering()
      : TargetFrameLowering(StackGrowsDown, Align(16), /*LAO=*/0) {}

  void emitPrologue(MachineFunction &MF, MachineBasicBlock &MBB) const override;
  void emitEpilogue(MachineFunction &MF, MachineBasicBlock &MBB) const override;

protected:
  bool hasFPImpl(const MachineFunction &MF) const override { return false; }
};

} // namespace llvm

#endif // TILEAS_TILEASFRAMELOWERING_H
