//===- TileASInstrInfo.cpp - TileAS instruction information ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASInstrInfo.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASSubtarget.h"

#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

// Stock MachinePipeliner leaves the exit test to the loop control, which keeps
// the expanded loop's trip count right. WindowScheduler refuses any loop with
// such an instruction; the benchmark turns this off to measure it anyway
// (its expansion is then not guaranteed to count iterations right).
static cl::opt<bool> IgnoreExitTest(
    "tileas-pipeliner-ignore-exit-test", cl::Hidden, cl::init(true),
    cl::desc("Ask stock MachinePipeliner and WindowScheduler to leave the "
             "loop's exit test to the loop control"));

#define GET_INSTRINFO_CTOR_DTOR
#include "TileASGenInstrInfo.inc"

TileASInstrInfo::TileASInstrInfo(const TileASSubtarget &STI,
                                 const TileASRegisterInfo &RI)
    : TileASGenInstrInfo(STI, RI), RI(RI) {}

namespace {
/// The move, spill and reload opcodes of one register class.
struct ClassOps {
  const TargetRegisterClass *RC;
  unsigned Move, Store, Load;
};
} // namespace

static const ClassOps AllClassOps[] = {
    {&TileAS::GPR32RegClass, TileAS::MOV_R32, TileAS::STL_R32, TileAS::LDL_R32},
    {&TileAS::GPR64RegClass, TileAS::MOV_R64, TileAS::STL_R64, TileAS::LDL_R64},
    {&TileAS::PREDRegClass, TileAS::MOV_PR, TileAS::STL_PR, TileAS::LDL_PR},
    {&TileAS::TILERegClass, TileAS::MOV_TH, TileAS::STL_TH, TileAS::LDL_TH},
    {&TileAS::TMEMRegClass, TileAS::MOV_TMH, TileAS::STL_TMH, TileAS::LDL_TMH},
    {&TileAS::FRAGRegClass, TileAS::MOV_FR, TileAS::STL_FR, TileAS::LDL_FR},
};

static const ClassOps *opsForClass(const TargetRegisterClass *RC) {
  for (const ClassOps &Ops : AllClassOps)
    if (Ops.RC->hasSubClassEq(RC))
      return &Ops;
  return nullptr;
}

static const ClassOps *opsForPhysReg(Register Reg) {
  for (const ClassOps &Ops : AllClassOps)
    if (Ops.RC->contains(Reg))
      return &Ops;
  return nullptr;
}

void TileASInstrInfo::copyPhysReg(MachineBasicBlock &MBB,
                                  MachineBasicBlock::iterator MI,
                                  const DebugLoc &DL, Register DestReg,
                                  Register SrcReg, bool KillSrc,
                                  bool RenamableDest, bool RenamableSrc) const {
  const ClassOps *Dst = opsForPhysReg(DestReg);
  const ClassOps *Src = opsForPhysReg(SrcReg);
  if (!Dst || Dst != Src) {
    // Tiles, tensor memory and scalars are different files: a copy between
    // them has no instruction. Report it instead of emitting a wrong move.
    // tileas-machine-check refuses such a COPY or PHI of MIR input first;
    // this is the backstop, named by function and block.
    const MachineFunction &MF = *MBB.getParent();
    MF.getFunction().getContext().emitError(
        MF.getName() + ": bb." + Twine(MBB.getNumber()) +
        ": TileAS cannot copy " + RI.getName(SrcReg) + " to " +
        RI.getName(DestReg) + ": registers of different classes");
    return;
  }
  BuildMI(MBB, MI, DL, get(Dst->Move), DestReg)
      .addReg(SrcReg, getKillRegState(KillSrc));
}

static MachineMemOperand *stackMemOperand(MachineFunction &MF, int FI,
                                          MachineMemOperand::Flags Flags) {
  const MachineFrameInfo &MFI = MF.getFrameInfo();
  return MF.getMachineMemOperand(MachinePointerInfo::getFixedStack(MF, FI),
                                 Flags, MFI.getObjectSize(FI),
                                 MFI.getObjectAlign(FI));
}

void TileASInstrInfo::storeRegToStackSlot(MachineBasicBlock &MBB,
                                          MachineBasicBlock::iterator MI,
                                          Register SrcReg, bool IsKill, int FI,
                                          const TargetRegisterClass *RC,
                                          Register VReg,
                                          MachineInstr::MIFlag Flags) const {
  const ClassOps *Ops = opsForClass(RC);
  assert(Ops && "spilling a register class TileAS does not have");
  MachineFunction &MF = *MBB.getParent();
  DebugLoc DL = MI != MBB.end() ? MI->getDebugLoc() : DebugLoc();
  BuildMI(MBB, MI, DL, get(Ops->Store))
      .addReg(SrcReg, getKillRegState(IsKill))
      .addFrameIndex(FI)
      .addImm(0)
      .addMemOperand(stackMemOperand(MF, FI, MachineMemOperand::MOStore))
      .setMIFlag(Flags);
}

void TileASInstrInfo::loadRegFromStackSlot(MachineBasicBlock &MBB,
                                           MachineBasicBlock::iterator MI,
                                           Register DestReg, int FI,
                                           const TargetRegisterClass *RC,
                                           Register VReg, unsigned SubReg,
                                           MachineInstr::MIFlag Flags) const {
  const ClassOps *Ops = opsForClass(RC);
  assert(Ops && "reloading a register class TileAS does not have");
  MachineFunction &MF = *MBB.getParent();
  DebugLoc DL = MI != MBB.end() ? MI->getDebugLoc() : DebugLoc();
  BuildMI(MBB, MI, DL, get(Ops->Load), DestReg)
      .addFrameIndex(FI)
      .addImm(0)
      .addMemOperand(stackMemOperand(MF, FI, MachineMemOperand::MOLoad))
      .setMIFlag(Flags);
}

static bool isCondBranch(const MachineInstr &MI) {
  return MI.getOpcode() == TileAS::BR_P || MI.getOpcode() == TileAS::BR_NP;
}

bool TileASInstrInfo::analyzeBranch(MachineBasicBlock &MBB,
                                    MachineBasicBlock *&TBB,
                                    MachineBasicBlock *&FBB,
                                    SmallVectorImpl<MachineOperand> &Cond,
                                    bool AllowModify) const {
  TBB = FBB = nullptr;
  Cond.clear();
  MachineBasicBlock::iterator First = MBB.getFirstTerminator();
  if (First == MBB.end())
    return false; // Falls through.
  unsigned NumTerms = std::distance(First, MBB.end());
  MachineInstr &Last = MBB.back();
  if (NumTerms == 1) {
    if (Last.getOpcode() == TileAS::BRA) {
      TBB = Last.getOperand(0).getMBB();
      return false;
    }
    if (isCondBranch(Last)) {
      TBB = Last.getOperand(1).getMBB();
      Cond.push_back(MachineOperand::CreateImm(Last.getOpcode()));
      Cond.push_back(Last.getOperand(0));
      return false;
    }
    return true; // RET or something we do not understand.
  }
  if (NumTerms == 2 && isCondBranch(*First) &&
      Last.getOpcode() == TileAS::BRA) {
    TBB = First->getOperand(1).getMBB();
    FBB = Last.getOperand(0).getMBB();
    Cond.push_back(MachineOperand::CreateImm(First->getOpcode()));
    Cond.push_back(First->getOperand(0));
    return false;
  }
  return true;
}

unsigned TileASInstrInfo::removeBranch(MachineBasicBlock &MBB,
                                       int *BytesRemoved) const {
  unsigned Removed = 0;
  while (!MBB.empty()) {
    MachineInstr &Last = MBB.back();
    if (Last.getOpcode() != TileAS::BRA && !isCondBranch(Last))
      break;
    Last.eraseFromParent();
    ++Removed;
  }
  if (BytesRemoved)
    *BytesRemoved = Removed * 8;
  return Removed;
}

unsigned TileASInstrInfo::insertBranch(
    MachineBasicBlock &MBB, MachineBasicBlock *TBB, MachineBasicBlock *FBB,
    ArrayRef<MachineOperand> Cond, const DebugLoc &DL, int *BytesAdded) const {
  assert(TBB && "insertBranch needs a target");
  unsigned Added = 1;
  if (Cond.empty()) {
    BuildMI(&MBB, DL, get(TileAS::BRA)).addMBB(TBB);
  } else {
    BuildMI(&MBB, DL, get(Cond[0].getImm())).add(Cond[1]).addMBB(TBB);
    if (FBB) {
      BuildMI(&MBB, DL, get(TileAS::BRA)).addMBB(FBB);
      ++Added;
    }
  }
  if (BytesAdded)
    *BytesAdded = Added * 8;
  return Added;
}

bool TileASInstrInfo::reverseBranchCondition(
    SmallVectorImpl<MachineOperand> &Cond) const {
  assert(Cond.size() == 2 && "a TileAS condition is [opcode, predicate]");
  Cond[0].setImm(Cond[0].getImm() == TileAS::BR_P ? TileAS::BR_NP
                                                  : TileAS::BR_P);
  return false;
}

bool TileASInstrInfo::isSchedulingBoundary(const MachineInstr &MI,
                                           const MachineBasicBlock *MBB,
                                           const MachineFunction &MF) const {
  // The kernel of a pipelined loop is in the modulo schedule's order, which
  // the PTX keeps: every instruction of it is a boundary, so the machine
  // scheduler has nothing to reorder there.
  if (MF.getInfo<TileASMachineFunctionInfo>()->KernelBlocks.contains(MBB))
    return true;
  return TileAS::isCoordination(MI.getDesc()) ||
         TargetInstrInfo::isSchedulingBoundary(MI, MBB, MF);
}

namespace {
/// What stock MachinePipeliner needs to know about a TileAS counted loop.
class TileASPipelinerLoopInfo : public TargetInstrInfo::PipelinerLoopInfo {
  TileASCountedLoop Loop;
  const TargetInstrInfo &TII;

public:
  TileASPipelinerLoopInfo(const TileASCountedLoop &Loop,
                          const TargetInstrInfo &TII)
      : Loop(Loop), TII(TII) {}

  bool shouldIgnoreForPipelining(const MachineInstr *MI) const override {
    // The exit test stays with the loop control.
    return IgnoreExitTest && MI == Loop.Compare;
  }

  std::optional<bool> createTripCountGreaterCondition(
      int TC, MachineBasicBlock &MBB,
      SmallVectorImpl<MachineOperand> &Cond) override {
    return Loop.emitTripCountGreater(TC, MBB, Cond, TII);
  }

  /// The trip count lives in the loop's own compare, not in the preheader.
  void setPreheader(MachineBasicBlock *NewPreheader) override {}

  /// Nothing to do: the compare is in the loop and, in stage 0, already
  /// counts kernel iterations right (see TileASCountedLoop). A hardware loop
  /// counter in the preheader would be the thing to adjust here.
  void adjustTripCount(int TripCountAdjust) override {}
};
} // namespace

std::unique_ptr<TargetInstrInfo::PipelinerLoopInfo>
TileASInstrInfo::analyzeLoopForPipelining(MachineBasicBlock *LoopBB) const {
  std::optional<TileASCountedLoop> Loop = TileASCountedLoop::analyze(*LoopBB);
  if (!Loop)
    return nullptr;
  return std::make_unique<TileASPipelinerLoopInfo>(*Loop, *this);
}

std::optional<uint64_t> TileAS::producedTileBytes(const MachineInstr &MI) {
  unsigned BytesOp;
  switch (MI.getOpcode()) {
  case TileAS::TMA_LOAD:
    BytesOp = 4;
    break;
  case TileAS::CP_ASYNC:
  case TileAS::STS:
    BytesOp = 2;
    break;
  case TileAS::STS_ROW:
  case TileAS::STS_ROW_X2:
  case TileAS::STS_ROW_MN:
  case TileAS::STS_ROW_X2_PART:
  case TileAS::STS_ROW_MN_PART:
    BytesOp = 1;
    break;
  default:
    return std::nullopt;
  }
  int64_t Bytes = MI.getOperand(BytesOp).getImm();
  return Bytes > 0 ? uint64_t(Bytes) : 0;
}

unsigned TileAS::tmemLoadOpcode(unsigned Columns) {
  switch (Columns) {
  case 4:
    return TileAS::TMEM_LD_X4;
  case 8:
    return TileAS::TMEM_LD_X8;
  case 16:
    return TileAS::TMEM_LD_X16;
  case 32:
    return TileAS::TMEM_LD_X32;
  case 64:
    return TileAS::TMEM_LD_X64;
  case 128:
    return TileAS::TMEM_LD_X128;
  default:
    llvm_unreachable("no tcgen05.ld of this many columns");
  }
}

unsigned TileAS::tmemStoreOpcode(unsigned Columns) {
  switch (Columns) {
  case 4:
    return TileAS::TMEM_ST_X4;
  case 8:
    return TileAS::TMEM_ST_X8;
  case 16:
    return TileAS::TMEM_ST_X16;
  case 32:
    return TileAS::TMEM_ST_X32;
  case 64:
    return TileAS::TMEM_ST_X64;
  case 128:
    return TileAS::TMEM_ST_X128;
  default:
    llvm_unreachable("no tcgen05.st of this many columns");
  }
}

unsigned TileAS::tmemColumns(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::TMEM_LD:
  case TileAS::TMEM_ST:
  case TileAS::TMEM_LD_X4:
  case TileAS::TMEM_ST_X4:
    return 4;
  case TileAS::TMEM_LD_X8:
  case TileAS::TMEM_ST_X8:
    return 8;
  case TileAS::TMEM_LD_X16:
  case TileAS::TMEM_ST_X16:
    return 16;
  case TileAS::TMEM_LD_X32:
  case TileAS::TMEM_ST_X32:
    return 32;
  case TileAS::TMEM_LD_X64:
  case TileAS::TMEM_ST_X64:
    return 64;
  case TileAS::TMEM_LD_X128:
  case TileAS::TMEM_ST_X128:
    return 128;
  default:
    return 0;
  }
}

unsigned TileAS::wgmmaOpcode(unsigned Lanes) {
  switch (Lanes) {
  case 8:
    return TileAS::WGMMA_X8;
  case 16:
    return TileAS::WGMMA_X16;
  case 32:
    return TileAS::WGMMA_X32;
  case 64:
    return TileAS::WGMMA_X64;
  case 128:
    return TileAS::WGMMA_X128;
  default:
    llvm_unreachable("no wgmma accumulator of this many lanes");
  }
}

unsigned TileAS::wgmmaTypedOpcode(unsigned Lanes) {
  switch (Lanes) {
  case 8:
    return TileAS::WGMMA_T_X8;
  case 16:
    return TileAS::WGMMA_T_X16;
  case 32:
    return TileAS::WGMMA_T_X32;
  case 64:
    return TileAS::WGMMA_T_X64;
  case 128:
    return TileAS::WGMMA_T_X128;
  default:
    llvm_unreachable("no typed wgmma accumulator of this many lanes");
  }
}

unsigned TileAS::wgmmaLanes(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::WGMMA:
    return 4;
  case TileAS::WGMMA_X8:
  case TileAS::WGMMA_T_X8:
    return 8;
  case TileAS::WGMMA_X16:
  case TileAS::WGMMA_T_X16:
    return 16;
  case TileAS::WGMMA_X32:
  case TileAS::WGMMA_T_X32:
    return 32;
  case TileAS::WGMMA_X64:
  case TileAS::WGMMA_T_X64:
    return 64;
  case TileAS::WGMMA_X128:
  case TileAS::WGMMA_T_X128:
    return 128;
  default:
    return 0;
  }
}

bool TileAS::isTypedWgmma(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::WGMMA_T_X8:
  case TileAS::WGMMA_T_X16:
  case TileAS::WGMMA_T_X32:
  case TileAS::WGMMA_T_X64:
  case TileAS::WGMMA_T_X128:
    return true;
  default:
    return false;
  }
}
