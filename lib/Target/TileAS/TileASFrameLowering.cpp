//===- TileASFrameLowering.cpp - TileAS local-memory frames ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASFrameLowering.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

using namespace llvm;

static void adjustSP(MachineBasicBlock &MBB, MachineBasicBlock::iterator I,
                     int64_t Amount) {
  const TargetInstrInfo &TII = *MBB.getParent()->getSubtarget().getInstrInfo();
  DebugLoc DL = I != MBB.end() ? I->getDebugLoc() : DebugLoc();
  BuildMI(MBB, I, DL, TII.get(TileAS::ADD64ri), TileAS::SP)
      .addReg(TileAS::SP)
      .addImm(Amount)
      .setMIFlag(Amount < 0 ? MachineInstr::FrameSetup
                            : MachineInstr::FrameDestroy);
}

void TileASFrameLowering::emitPrologue(MachineFunction &MF,
                                       MachineBasicBlock &MBB) const {
  uint64_t Size = MF.getFrameInfo().getStackSize();
  if (Size)
    adjustSP(MBB, MBB.begin(), -int64_t(Size));
}

void TileASFrameLowering::emitEpilogue(MachineFunction &MF,
                                       MachineBasicBlock &MBB) const {
  uint64_t Size = MF.getFrameInfo().getStackSize();
  if (Size)
    adjustSP(MBB, MBB.getFirstTerminator(), int64_t(Size));
}
