//===- TileASPTXEmitter.cpp - MachineInstrs as PTX ------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Naming registers, fragment arithmetic, and the dispatch of each
// MachineInstr to its sequence (the SIMT instructions here; coordination,
// tiles and the entry in their own files).
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "PTX/TileASPTXText.h"

#include "MCTargetDesc/TileASInstPrinter.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASSubtarget.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/PTX/Descriptors.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

namespace tileas {
namespace ptx {

KernelEmitter::KernelEmitter(const MachineFunction &MF, const KernelPlan &Plan)
    : MF(MF), Plan(Plan), TRI(*MF.getSubtarget().getRegisterInfo()),
      TensorMemory(MF.getSubtarget<TileASSubtarget>().hasTensorMemory()),
      Wgmma(MF.getSubtarget<TileASSubtarget>().hasWgmma()) {}

std::string KernelEmitter::reg(Register R) const {
  return ("%" + StringRef(TileASInstPrinter::getRegisterName(R))).str();
}

std::string KernelEmitter::frag(Register R, unsigned Lane) const {
  return formatv("%f{0}", TRI.getEncodingValue(R) * 4 + Lane).str();
}

std::string KernelEmitter::fragVector(Register R) const {
  return formatv("{{{0}, {1}, {2}, {3}}", frag(R, 0), frag(R, 1), frag(R, 2),
                 frag(R, 3))
      .str();
}

std::string KernelEmitter::label() {
  return formatv("$L__TA{0}_{1}", MF.getFunctionNumber(), Labels++).str();
}

void KernelEmitter::fragmentOp(raw_ostream &OS, StringRef Op,
                               const MachineInstr &MI, unsigned Sources) {
  Register D = MI.getOperand(0).getReg();
  for (unsigned L = 0; L != 4; ++L) {
    OS << "\t" << Op << " " << frag(D, L);
    for (unsigned S = 1; S <= Sources; ++S)
      OS << ", " << frag(MI.getOperand(S).getReg(), L);
    OS << ";\n";
  }
}

void KernelEmitter::pairedOp(raw_ostream &OS, StringRef Op,
                             const MachineInstr &MI, unsigned Sources) {
  Register D = MI.getOperand(0).getReg();
  for (unsigned Pair = 0; Pair != 2; ++Pair) {
    for (unsigned S = 1; S <= Sources; ++S) {
      Register R = MI.getOperand(S).getReg();
      OS << "\tmov.b64 %xd" << S - 1 << ", {" << frag(R, 2 * Pair) << ", "
         << frag(R, 2 * Pair + 1) << "};\n";
    }
    OS << "\t" << Op << " %xd3";
    for (unsigned S = 1; S <= Sources; ++S)
      OS << ", %xd" << S - 1;
    OS << ";\n\tmov.b64 {" << frag(D, 2 * Pair) << ", " << frag(D, 2 * Pair + 1)
       << "}, %xd3;\n";
  }
}

//===----------------------------------------------------------------------===//
// One instruction.
//===----------------------------------------------------------------------===//

Error KernelEmitter::emitInstruction(const MachineInstr &MI, raw_ostream &OS) {
  Current = &MI;
  if (&MI == Plan.DispatchPoint)
    emitWarpgroupRegisters(OS);
  if (Wgmma)
    wgmmaBoundary(MI, OS);
  auto R = [&](unsigned I) { return reg(MI.getOperand(I).getReg()); };
  auto Imm = [&](unsigned I) { return MI.getOperand(I).getImm(); };
  auto Binary = [&](StringRef Op) {
    OS << "\t" << Op << " " << R(0) << ", " << R(1) << ", ";
    if (MI.getOperand(2).isImm())
      OS << imm32(Imm(2));
    else
      OS << R(2);
    OS << ";\n";
  };
  auto Local = [&](unsigned BaseOp) {
    return address(reg(MI.getOperand(BaseOp).getReg()),
                   MI.getOperand(BaseOp + 1).getImm());
  };
  switch (MI.getOpcode()) {
  case TileAS::MOVri:
    OS << "\tmov.b32 " << R(0) << ", " << imm32(Imm(1)) << ";\n";
    break;
  case TileAS::MOV64ri:
    OS << "\tmov.b64 " << R(0) << ", " << Imm(1) << ";\n";
    break;
  case TileAS::ADDrr:
  case TileAS::ADDri:
    Binary("add.s32");
    break;
  case TileAS::SUBrr:
  case TileAS::SUBri:
    Binary("sub.s32");
    break;
  case TileAS::MULrr:
  case TileAS::MULri:
    Binary("mul.lo.s32");
    break;
  case TileAS::ANDrr:
  case TileAS::ANDri:
    Binary("and.b32");
    break;
  case TileAS::XORrr:
  case TileAS::XORri:
    Binary("xor.b32");
    break;
  case TileAS::SHLrr:
  case TileAS::SHLri:
    Binary("shl.b32");
    break;
  case TileAS::SHRrr:
  case TileAS::SHRri:
    Binary("shr.s32");
    break;
  case TileAS::ADD64rr:
    Binary("add.s64");
    break;
  case TileAS::ADD64ri:
    OS << "\tadd.s64 " << R(0) << ", " << R(1) << ", " << Imm(2) << ";\n";
    break;
  case TileAS::CVT64_32:
    OS << "\tcvt.u64.u32 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::SETPrr:
  case TileAS::SETPri:
    OS << "\tsetp."
       << TileAS::condCodeName(TileAS::CondCode(MI.getOperand(3).getImm()))
       << ".s32 " << R(0) << ", " << R(1) << ", "
       << (MI.getOperand(2).isImm() ? imm32(Imm(2)) : R(2)) << ";\n";
    break;
  case TileAS::SELP:
    OS << "\tselp.b32 " << R(0) << ", " << R(1) << ", " << R(2) << ", " << R(3)
       << ";\n";
    break;
  case TileAS::BRA:
    OS << "\tbra " << MI.getOperand(0).getMBB()->getSymbol()->getName()
       << ";\n";
    break;
  case TileAS::BR_P:
  case TileAS::BR_NP:
    OS << "\t@" << (MI.getOpcode() == TileAS::BR_NP ? "!" : "") << R(0)
       << " bra " << MI.getOperand(1).getMBB()->getSymbol()->getName() << ";\n";
    break;
  case TileAS::RET:
    emitReturn(OS);
    break;
  case TileAS::LDG:
    OS << "\tld.global.b32 " << R(0) << ", " << Local(1) << ";\n";
    break;
  case TileAS::LDG_F:
    OS << "\tld.global.v4.b32 " << fragVector(MI.getOperand(0).getReg()) << ", "
       << Local(1) << ";\n";
    break;
  case TileAS::STG:
    OS << "\tst.global.b32 " << Local(1) << ", " << R(0) << ";\n";
    break;
  case TileAS::STG_F:
    if (quadRows() && emitQuadFragmentStore(MI, OS))
      break;
    OS << "\tst.global.v4.b32 " << Local(1) << ", "
       << fragVector(MI.getOperand(0).getReg()) << ";\n";
    break;
  case TileAS::FADD:
    fragmentOp(OS, "add.rn.f32", MI, 2);
    break;
  case TileAS::FSUB:
    fragmentOp(OS, "sub.rn.f32", MI, 2);
    break;
  case TileAS::FMUL:
    fragmentOp(OS, "mul.rn.f32", MI, 2);
    break;
  case TileAS::FMAX:
    fragmentOp(OS, "max.f32", MI, 2);
    break;
  case TileAS::FFMA:
    fragmentOp(OS, "fma.rn.f32", MI, 3);
    break;
  case TileAS::IADDF:
    fragmentOp(OS, "add.s32", MI, 2);
    break;
  case TileAS::LOPF:
    fragmentOp(OS, "and.b32", MI, 2);
    break;
  case TileAS::EX2:
    fragmentOp(OS, "ex2.approx.f32", MI, 1);
    break;
  case TileAS::LG2:
    fragmentOp(OS, "lg2.approx.f32", MI, 1);
    break;
  case TileAS::RCP:
    fragmentOp(OS, "rcp.approx.f32", MI, 1);
    break;
  case TileAS::RSQ:
    fragmentOp(OS, "rsqrt.approx.f32", MI, 1);
    break;
  case TileAS::FADD2:
    pairedOp(OS, "add.rn.f32x2", MI, 2);
    break;
  case TileAS::FSUB2:
    pairedOp(OS, "sub.rn.f32x2", MI, 2);
    break;
  case TileAS::FMUL2:
    pairedOp(OS, "mul.rn.f32x2", MI, 2);
    break;
  case TileAS::FFMA2:
    pairedOp(OS, "fma.rn.f32x2", MI, 3);
    break;
  case TileAS::FRMAX:
  case TileAS::FRADD:
    if (!quadRows())
      return emitThreadRowReduce(MI, OS);
    return emitQuadRowReduce(MI, OS);
  case TileAS::WARP_SUM:
    emitWarpSum(MI, OS);
    break;
  case TileAS::CVT_BF16X2: {
    // Register i of the result packs elements 2i (low half) and 2i + 1 of
    // the eight f32 of $lo then $hi; cvt.rn.bf16x2.f32 d, a, b puts a in
    // the upper half. The result may share registers with $hi: convert
    // into scratch registers first.
    Register D = MI.getOperand(0).getReg();
    for (unsigned I = 0; I != 4; ++I) {
      Register Src = MI.getOperand(1 + I / 2).getReg();
      unsigned Lane = 2 * (I % 2);
      OS << "\tcvt.rn.bf16x2.f32 %x" << 10 + I << ", " << frag(Src, Lane + 1)
         << ", " << frag(Src, Lane) << ";\n";
    }
    for (unsigned I = 0; I != 4; ++I)
      OS << "\tmov.b32 " << frag(D, I) << ", %x" << 10 + I << ";\n";
    break;
  }
  case TileAS::FZERO:
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(MI.getOperand(0).getReg(), L) << ", 0;\n";
    break;
  case TileAS::FBCAST:
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(MI.getOperand(0).getReg(), L) << ", " << R(1)
         << ";\n";
    break;
  case TileAS::RCP64:
    OS << "\trcp.rn.f64 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::BAR_SYNC:
  case TileAS::BAR_ARRIVE:
    OS << "\t"
       << (MI.getOpcode() == TileAS::BAR_SYNC ? "bar.sync " : "bar.arrive ")
       << Imm(0) << ", " << Imm(1) << ";\n";
    break;
  case TileAS::MOV_R32:
  case TileAS::MOV_TH:
  case TileAS::MOV_TMH:
    OS << "\tmov.b32 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::MOV_R64:
    OS << "\tmov.b64 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::MOV_PR:
    OS << "\tmov.pred " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::MOV_FR:
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(MI.getOperand(0).getReg(), L) << ", "
         << frag(MI.getOperand(1).getReg(), L) << ";\n";
    break;
  case TileAS::STL_R32:
  case TileAS::STL_TH:
  case TileAS::STL_TMH:
    OS << "\tst.local.b32 " << Local(1) << ", " << R(0) << ";\n";
    break;
  case TileAS::STL_R64:
    OS << "\tst.local.b64 " << Local(1) << ", " << R(0) << ";\n";
    break;
  case TileAS::STL_PR:
    OS << "\tselp.b32 %x10, 1, 0, " << R(0) << ";\n\tst.local.b32 " << Local(1)
       << ", %x10;\n";
    break;
  case TileAS::STL_FR:
    OS << "\tst.local.v4.b32 " << Local(1) << ", "
       << fragVector(MI.getOperand(0).getReg()) << ";\n";
    break;
  case TileAS::LDL_R32:
  case TileAS::LDL_TH:
  case TileAS::LDL_TMH:
    OS << "\tld.local.b32 " << R(0) << ", " << Local(1) << ";\n";
    break;
  case TileAS::LDL_R64:
    OS << "\tld.local.b64 " << R(0) << ", " << Local(1) << ";\n";
    break;
  case TileAS::LDL_PR:
    OS << "\tld.local.b32 %x10, " << Local(1) << ";\n\tsetp.ne.b32 " << R(0)
       << ", %x10, 0;\n";
    break;
  case TileAS::LDL_FR:
    OS << "\tld.local.v4.b32 " << fragVector(MI.getOperand(0).getReg()) << ", "
       << Local(1) << ";\n";
    break;
  case TileAS::PIPE_CREATE:
  case TileAS::PIPE_PRODUCER_ACQUIRE:
  case TileAS::PIPE_PRODUCER_COMMIT:
  case TileAS::PIPE_CONSUMER_WAIT:
  case TileAS::PIPE_CONSUMER_RELEASE:
    return emitPipe(MI, OS);
  case TileAS::MUTEX_LOCK:
  case TileAS::MUTEX_UNLOCK:
    return emitMutex(MI, OS);
  case TileAS::ACC_ROW:
    if (quadRows()) {
      emitQuadAccRow(MI, OS);
      break;
    }
    // 32 x (warp mod 4) + lane: %x3 holds this warp's first lane << 16.
    OS << "\tshr.u32 " << R(0) << ", %x3, 16;\n\tand.b32 %x10, %x0, 31;\n"
       << "\tadd.u32 " << R(0) << ", " << R(0) << ", %x10;\n";
    break;
  case TileAS::TMEM_COL:
    // A TMEM address: lane << 16 | column.
    OS << "\tadd.u32 " << R(0) << ", " << R(1) << ", " << R(2) << ";\n";
    break;
  case TileAS::WARP_IDX:
    OS << "\tmov.b32 " << R(0) << ", %x1;\n";
    break;
  case TileAS::AGENT_SWITCH:
    emitAgentSwitch(MI, OS);
    break;
  case TileAS::PIPE_TILE:
    return emitSlotTile(MI, OS);
  case TileAS::PIPE_TMEM:
    return emitSlotTmem(MI, OS);
  case TileAS::WGMMA_X8:
  case TileAS::WGMMA_X16:
  case TileAS::WGMMA_X32:
  case TileAS::WGMMA_X64:
  case TileAS::WGMMA_X128:
  case TileAS::WGMMA_T_X8:
  case TileAS::WGMMA_T_X16:
  case TileAS::WGMMA_T_X32:
  case TileAS::WGMMA_T_X64:
  case TileAS::WGMMA_T_X128:
    return emitWgmma(MI, OS);
  case TileAS::TMA_LOAD:
  case TileAS::CP_ASYNC:
  case TileAS::STS:
  case TileAS::STS_ROW:
  case TileAS::STS_ROW_X2:
  case TileAS::STS_ROW_MN:
  case TileAS::STS_ROW_X2_PART:
  case TileAS::STS_ROW_MN_PART:
  case TileAS::STS_ROW_X2_INTO:
  case TileAS::STS_ROW_MN_INTO:
  case TileAS::LDS:
  case TileAS::TMA_STORE:
  case TileAS::TMEM_ALLOC:
  case TileAS::MMA_TMEM:
  case TileAS::MMA_TMEM_F16:
  case TileAS::MMA_TMEM_F8F6F4:
  case TileAS::MMA_TMEM_TF32:
  case TileAS::MMA_TMEM_I8:
    return emitTile(MI, OS);
  default: {
    if (TileAS::tmemColumns(MI.getOpcode())) // TMEM_LD, TMEM_ST, _XN
      return emitTile(MI, OS);
    StringRef Name = MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode());
    return createStringError(inconvertibleErrorCode(),
                             formatv("{0} bb.{1}: {2} has no PTX sequence",
                                     MF.getName(), MI.getParent()->getNumber(),
                                     Name));
  }
  }
  return Error::success();
}

} // namespace ptx
} // namespace tileas
