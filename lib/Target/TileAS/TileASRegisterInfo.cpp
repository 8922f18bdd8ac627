//===- TileASRegisterInfo.cpp - TileAS registers --------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASRegisterInfo.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASFrameLowering.h"
#include "TileASInstrInfo.h"

#include "llvm/ADT/BitVector.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/CodeGen/VirtRegMap.h"

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

bool TileASRegisterInfo::getRegAllocationHints(
    Register VirtReg, ArrayRef<MCPhysReg> Order,
    SmallVectorImpl<MCPhysReg> &Hints, const MachineFunction &MF,
    const VirtRegMap *VRM, const LiveRegMatrix *Matrix) const {
  bool HardHints = TargetRegisterInfo::getRegAllocationHints(
      VirtReg, Order, Hints, MF, VRM, Matrix);
  if (!VRM)
    return HardHints;
  // The register of the wgmma operand paired with VirtReg (its accumulator
  // fragment I for its result fragment I and back), where one is assigned.
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  SmallVector<MCPhysReg, 4> Paired;
  for (const MachineOperand &MO : MRI.reg_nodbg_operands(VirtReg)) {
    const MachineInstr &MI = *MO.getParent();
    unsigned Frags = TileAS::wgmmaLanes(MI.getOpcode()) / 4;
    unsigned Idx = MO.getOperandNo();
    if (Frags < 2 || Idx >= 2 * Frags)
      continue;
    Register Other =
        MI.getOperand(Idx < Frags ? Idx + Frags : Idx - Frags).getReg();
    if (!Other.isVirtual() || !VRM->hasPhys(Other))
      continue;
    MCPhysReg Phys = VRM->getPhys(Other);
    if (is_contained(Order, Phys) && !is_contained(Paired, Phys))
      Paired.push_back(Phys);
  }
  for (MCPhysReg Phys : Paired)
    if (!is_contained(Hints, Phys))
      Hints.insert(Hints.begin(), Phys);
  return HardHints;
}
