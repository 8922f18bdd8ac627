//===- TileASInstrInfo.h - TileAS instruction information -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASINSTRINFO_H
#define TILEAS_TILEASINSTRINFO_H

#include "TileASRegisterInfo.h"

#include "llvm/CodeGen/TargetInstrInfo.h"

#include <optional>

#define GET_INSTRINFO_HEADER
#include "TileASGenInstrInfo.inc"

namespace llvm {

class TileASSubtarget;

class TileASInstrInfo : public TileASGenInstrInfo {
  const TileASRegisterInfo &RI;

public:
  TileASInstrInfo(const TileASSubtarget &STI, const TileASRegisterInfo &RI);

  const TileASRegisterInfo &getRegisterInfo() const { return RI; }

  void copyPhysReg(MachineBasicBlock &MBB, MachineBasicBlock::iterator MI,
                   const DebugLoc &DL, Register DestReg, Register SrcReg,
                   bool KillSrc, bool RenamableDest = false,
                   bool RenamableSrc = false) const override;

  void storeRegToStackSlot(
      MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register SrcReg,
      bool IsKill, int FrameIndex, const TargetRegisterClass *RC, Register VReg,
      MachineInstr::MIFlag Flags = MachineInstr::NoFlags) const override;
  void loadRegFromStackSlot(
      MachineBasicBlock &MBB, MachineBasicBlock::iterator MI, Register DestReg,
      int FrameIndex, const TargetRegisterClass *RC, Register VReg,
      unsigned SubReg = 0,
      MachineInstr::MIFlag Flags = MachineInstr::NoFlags) const override;

  bool analyzeBranch(MachineBasicBlock &MBB, MachineBasicBlock *&TBB,
                     MachineBasicBlock *&FBB,
                     SmallVectorImpl<MachineOperand> &Cond,
                     bool AllowModify = false) const override;
  unsigned removeBranch(MachineBasicBlock &MBB,
                        int *BytesRemoved = nullptr) const override;
  unsigned insertBranch(MachineBasicBlock &MBB, MachineBasicBlock *TBB,
                        MachineBasicBlock *FBB, ArrayRef<MachineOperand> Cond,
                        const DebugLoc &DL,
                        int *BytesAdded = nullptr) const override;
  bool
  reverseBranchCondition(SmallVectorImpl<MachineOperand> &Cond) const override;

  /// PIPE_ and MUTEX_ coordination orders the instructions around it without
  /// register or memory dependences: no later scheduler may move anything
  /// across it.
  bool isSchedulingBoundary(const MachineInstr &MI,
                            const MachineBasicBlock *MBB,
                            const MachineFunction &MF) const override;

  /// Stock MachinePipeliner's view of a counted loop (TileASCountedLoop).
  std::unique_ptr<PipelinerLoopInfo>
  analyzeLoopForPipelining(MachineBasicBlock *LoopBB) const override;
};

namespace TileAS {
/// The bytes of the shared-memory tile MI produces (its $bytes: TMA_LOAD,
/// CP_ASYNC, STS, STS_ROW, STS_ROW_X2, STS_ROW_MN and the first quarter of a
/// wide row, STS_ROW_X2_PART, STS_ROW_MN_PART), or nullopt for any other
/// instruction (a quarter written into an existing tile makes none).
std::optional<uint64_t> producedTileBytes(const MachineInstr &MI);

/// The tensor-memory moves of N columns (tcgen05.ld / st .32x32b.xN, N a
/// power of two from 4 to 128) with a column operand: TMEM_LD_XN, TMEM_ST_XN.
unsigned tmemLoadOpcode(unsigned Columns);
unsigned tmemStoreOpcode(unsigned Columns);
/// The columns a tensor-memory load or store moves (4 for TMEM_LD and
/// TMEM_ST), or 0 for any other opcode.
unsigned tmemColumns(unsigned Opcode);

/// The wgmma of an accumulator of Lanes f32 per thread (m64nNk16 with N =
/// 2 x Lanes, Lanes a power of two from 8 to 128): WGMMA_XLanes.
unsigned wgmmaOpcode(unsigned Lanes);
/// The typed wgmma of that accumulator (its element types in a type word
/// operand after the k-block): WGMMA_T_XLanes.
unsigned wgmmaTypedOpcode(unsigned Lanes);
/// The accumulator lanes per thread of a wgmma opcode, typed or not (4 for
/// the one-fragment WGMMA), or 0 for any other opcode.
unsigned wgmmaLanes(unsigned Opcode);
/// Whether a wgmma opcode carries a type word (WGMMA_T_X<L>).
bool isTypedWgmma(unsigned Opcode);
} // namespace TileAS

} // namespace llvm

#endif // TILEAS_TILEASINSTRINFO_H
