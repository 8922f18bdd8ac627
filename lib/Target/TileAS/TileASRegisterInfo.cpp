//===- TileASRegisterInfo.cpp - TileAS registers --------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASRegisterInfo.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASFrameLowering.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

using namespace llvm;

#define GET_REGINFO_TARGET_DESC
#include "TileASGenRegisterInfo.inc"

TileASRegisterInfo::TileASRegisterInfo() : TileASGenRegisterInfo(/*RA=*/0) {}

const MCPhysReg *
TileASRegisterInfo::getCalleeSavedRegs(const MachineFunction *MF) const {
  // Kernels make no calls: nothing is callee-saved.
  static const MCPhysReg None[] = {0};
  return None;
}

const uint32_t *
TileASRegisterInfo::getCallPreservedMask(const MachineFunction &MF,
                                         CallingConv::ID CC) const {
  return nullptr;
}

BitVector TileASRegisterInfo::getReservedRegs(const MachineFunction &MF) const {
  BitVector Reserved(getNumRegs());
  Reserved.set(TileAS::SP);
  return Reserved;
}

bool TileASRegisterInfo::eliminateFrameIndex(MachineBasicBlock::iterator II,
                                             int SPAdj, unsigned FIOperandNum,
                                             RegScavenger *RS) const {
  // Spill and reload instructions address local memory as [base + off]: the
  // frame index is the base, the next operand the offset.
  MachineInstr &MI = *II;
  const MachineFrameInfo &MFI = MI.getMF()->getFrameInfo();
  int FI = MI.getOperand(FIOperandNum).getIndex();
  int64_t Offset = MFI.getObjectOffset(FI) + MFI.getStackSize() +
                   MI.getOperand(FIOperandNum + 1).getImm();
  MI.getOperand(FIOperandNum).ChangeToRegister(TileAS::SP, /*isDef=*/false);
  MI.getOperand(FIOperandNum + 1).ChangeToImmediate(Offset);
  return false;
}

Register TileASRegisterInfo::getFrameRegister(const MachineFunction &MF) const {
  return TileAS::SP;
}
