//===- TileASRegisterInfo.h - TileAS registers ------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASREGISTERINFO_H
#define TILEAS_TILEASREGISTERINFO_H

#define GET_REGINFO_HEADER
#include "TileASGenRegisterInfo.inc"

namespace llvm {

class TileASRegisterInfo : public TileASGenRegisterInfo {
public:
  TileASRegisterInfo();

  const MCPhysReg *getCalleeSavedRegs(const MachineFunction *MF) const override;
  const uint32_t *getCallPreservedMask(const MachineFunction &MF,
                                       CallingConv::ID CC) const override;
  BitVector getReservedRegs(const MachineFunction &MF) const override;
  bool eliminateFrameIndex(MachineBasicBlock::iterator MI, int SPAdj,
                           unsigned FIOperandNum,
                           RegScavenger *RS = nullptr) const override;
  Register getFrameRegister(const MachineFunction &MF) const override;
  /// A wgmma's accumulator fragment and its result are hinted to one
  /// register (the instruction updates it in place; see WGMMA_X* in
  /// TileASInstrInfo.td).
  bool getRegAllocationHints(Register VirtReg, ArrayRef<MCPhysReg> Order,
                             SmallVectorImpl<MCPhysReg> &Hints,
                             const MachineFunction &MF, const VirtRegMap *VRM,
                             const LiveRegMatrix *Matrix) const override;
};

} // namespace llvm

#endif // TILEAS_TILEASREGISTERINFO_H
