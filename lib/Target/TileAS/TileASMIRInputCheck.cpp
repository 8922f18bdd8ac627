//===- TileASMIRInputCheck.cpp - Refuse malformed MIR input --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Two checks of machine code that comes from a .mir file rather than from
// instruction selection; each refusal is an error naming the function, the
// block and the instruction, and leaves the function a lone `ret`.
//
// checkTileASMIRInput: LLVM's MIR parser runs the machine verifier on every
// function it reads and makes a failure fatal: "LLVM ERROR: Found N machine
// code errors" and an abort, a crash to whoever wrote the file. The
// subtarget's mirFileLoaded hook runs just before that; there the verifier
// runs without aborting. A function it rejects gets the verifier's report,
// then an error naming the file, the function, the block and the
// instruction of the first problem, and is left as a lone `ret` (which the
// parser's own verification then accepts), so llc exits 1 without a crash
// and no pass meets the broken code. A PHI that is no definition and
// (register, block) pairs, and inline assembly without its asm string and
// flags (which the verifier's report crashes printing), crash the verifier
// itself: refused before it.
//
// refuseMalformedInput (tileas-machine-check, the first machine pass):
// what the verifier accepts but selection never makes and later passes rely
// on. A virtual register defined twice (LiveVariables and the loop expander
// assume SSA form; the verifier accepts MIR after PHI elimination), a use
// its definition does not dominate (the register coalescer crashed), a
// COPY or PHI between register files (no instruction moves a tile into a
// scalar), a setp condition code out of range (the printer had no name for
// it: `setp.??`), and a wgmma accumulator that cannot be updated in place
// (read again after the wgmma, one register in two fragments, or carried
// by two PHIs from one value): a copy between wgmmas in flight, which
// ptxas serializes (C7511).
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASInstrInfo.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
/// The first problem of a machine verifier report, from its lines
/// "*** Bad machine code: WHAT ***", "- basic block: %bb.N ..." and
/// "- instruction: TEXT".
struct FirstProblem {
  StringRef What, Block, Instruction;
  unsigned Count = 0;
};
} // namespace

static FirstProblem readReport(StringRef Report) {
  FirstProblem P;
  SmallVector<StringRef, 32> Lines;
  Report.split(Lines, '\n');
  for (StringRef Line : Lines) {
    if (Line.consume_front("*** Bad machine code: ")) {
      if (P.Count++ == 0)
        P.What = Line.rtrim(" *");
      continue;
    }
    if (P.Count != 1)
      continue;
    if (Line.consume_front("- basic block:"))
      P.Block = Line.trim().take_until([](char C) { return C == ' '; });
    else if (Line.consume_front("- instruction:"))
      P.Instruction = Line.trim();
  }
  return P;
}

/// MI as MIR prints it, on one line.
static std::string printed(const MachineInstr &MI) {
  std::string Text;
  raw_string_ostream OS(Text);
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return Text;
}

/// A PHI that is not a definition followed by (register, block) pairs: the
/// machine verifier itself crashes reading one (an opcode swapped to PHI).
static const MachineInstr *malformedPHI(const MachineFunction &MF) {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      if (!MI.isPHI())
        continue;
      unsigned N = MI.getNumOperands();
      bool Bad =
          N % 2 == 0 || !MI.getOperand(0).isReg() || !MI.getOperand(0).isDef();
      for (unsigned I = 1; !Bad && I + 1 < N; I += 2)
        Bad = !MI.getOperand(I).isReg() || !MI.getOperand(I + 1).isMBB();
      if (Bad)
        return &MI;
    }
  return nullptr;
}

/// The first inline assembly of MF without its asm string and flags, or
/// null: printing one (the verifier's report does) crashes (an opcode
/// swapped to INLINEASM), so it is refused before, named by its place.
static const MachineInstr *malformedInlineAsm(const MachineFunction &MF) {
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.isInlineAsm() &&
          (MI.getNumOperands() < 2 || !MI.getOperand(0).isSymbol() ||
           !MI.getOperand(1).isImm()))
        return &MI;
  return nullptr;
}

bool llvm::checkTileASMIRInput(MachineFunction &MF) {
  if (const MachineInstr *Asm = malformedInlineAsm(MF)) {
    const MachineBasicBlock &MBB = *Asm->getParent();
    unsigned Index = std::distance(MBB.instr_begin(), Asm->getIterator());
    MF.getFunction().getContext().emitError(
        formatv("{0}: {1}: bb.{2}: instruction {3}: inline assembly starts "
                "with its asm string and its flags",
                MF.getFunction().getParent()->getName(), MF.getName(),
                MBB.getNumber(), Index));
    leaveOnlyReturn(MF);
    return false;
  }
  if (const MachineInstr *Phi = malformedPHI(MF)) {
    MF.getFunction().getContext().emitError(
        formatv("{0}: {1}: bb.{2}: {3}: a PHI is a definition and then pairs "
                "of a register and a block",
                MF.getFunction().getParent()->getName(), MF.getName(),
                Phi->getParent()->getNumber(), printed(*Phi)));
    leaveOnlyReturn(MF);
    return false;
  }
  std::string Report;
  raw_string_ostream OS(Report);
  if (MF.verify(nullptr, nullptr, &OS, /*AbortOnError=*/false))
    return true;
  errs() << Report;
  FirstProblem P = readReport(Report);
  std::string Where = MF.getName().str();
  if (!P.Block.empty())
    Where += ": " + P.Block.drop_front().str(); // "%bb.1" -> "bb.1"
  if (!P.Instruction.empty())
    Where += ": " + P.Instruction.str();
  MF.getFunction().getContext().emitError(formatv(
      "{0}: {1}: the machine verifier rejects it: {2} ({3} machine code "
      "error(s) in the MIR input, reported above)",
      MF.getFunction().getParent()->getName(), Where, P.What, P.Count));
  leaveOnlyReturn(MF);
  return false;
}

/// The register class of a whole-register operand (a virtual register's
/// class, a physical register's smallest), or null.
static const TargetRegisterClass *registerFile(const MachineOperand &MO,
                                               const MachineRegisterInfo &MRI) {
  if (!MO.isReg() || !MO.getReg() || MO.getSubReg())
    return nullptr;
  if (MO.getReg().isVirtual())
    return MRI.getRegClassOrNull(MO.getReg());
  return MRI.getTargetRegisterInfo()->getMinimalPhysRegClass(MO.getReg());
}

/// Where each instruction stands in its block, for dominance within one.
using BlockOrder = DenseMap<const MachineInstr *, unsigned>;

/// A use of MI whose definition does not dominate it, named, or "". A PHI's
/// incoming value must be defined where it dominates the incoming edge.
static std::string undominatedUse(const MachineInstr &MI,
                                  const MachineRegisterInfo &MRI,
                                  const MachineDominatorTree &MDT,
                                  const BlockOrder &Order) {
  for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I) {
    const MachineOperand &MO = MI.getOperand(I);
    if (!MO.isReg() || !MO.isUse() || MO.isUndef() || !MO.getReg().isVirtual())
      continue;
    const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
    if (!Def)
      continue;
    const MachineBasicBlock *DefMBB = Def->getParent();
    bool Dominated;
    if (MI.isPHI() && I + 1 < E && MI.getOperand(I + 1).isMBB())
      Dominated = MDT.dominates(DefMBB, MI.getOperand(I + 1).getMBB());
    else if (DefMBB == MI.getParent())
      Dominated = Order.lookup(Def) < Order.lookup(&MI);
    else
      Dominated = MDT.dominates(DefMBB, MI.getParent());
    if (!Dominated)
      return formatv(
          "{0} is used where its definition (in bb.{1}) does not "
          "dominate the use",
          printReg(MO.getReg(), MRI.getTargetRegisterInfo(), 0, &MRI),
          DefMBB->getNumber());
  }
  return "";
}

/// Whether Reg is, through full copies, a constant that reads no register
/// (a fresh accumulator's FZERO): the wgmma pass makes it again in place.
static bool isRemadeConstant(Register Reg, const MachineRegisterInfo &MRI,
                             const TargetInstrInfo &TII) {
  const MachineInstr *Def = nullptr;
  while (Reg.isVirtual() && (Def = MRI.getUniqueVRegDef(Reg)) &&
         Def->isCopy() && !Def->getOperand(1).getSubReg())
    Reg = Def->getOperand(1).getReg();
  if (!Reg.isVirtual() || !Def || Def->isCopy() ||
      !TII.isTriviallyReMaterializable(*Def))
    return false;
  return none_of(Def->operands(), [](const MachineOperand &MO) {
    return MO.isReg() && MO.isUse();
  });
}

/// Another PHI of Phi's block that takes Reg on the edge from Pred, or null.
static const MachineInstr *phiTakingToo(const MachineInstr &Phi, Register Reg,
                                        const MachineBasicBlock *Pred) {
  for (const MachineInstr &Other : Phi.getParent()->phis()) {
    if (&Other == &Phi)
      continue;
    for (unsigned I = 1, E = Other.getNumOperands(); I + 1 < E; I += 2)
      if (Other.getOperand(I).getReg() == Reg &&
          Other.getOperand(I + 1).getMBB() == Pred)
        return &Other;
  }
  return nullptr;
}

/// Why an accumulator fragment of wgmma MI cannot be updated in place, or
/// "". wgmma overwrites its accumulator registers, so a fragment that is
/// read again after it, that is one register with another fragment, or
/// that is a PHI sharing its incoming value with another PHI on one edge,
/// needs a copy between wgmmas in flight; ptxas then serializes every
/// wgmma of the kernel (C7511, a performance loss TileAS does not emit).
static std::string accumulatorNotInPlace(const MachineInstr &MI,
                                         const MachineRegisterInfo &MRI,
                                         const TargetInstrInfo &TII,
                                         const MachineDominatorTree &MDT,
                                         const BlockOrder &Order) {
  unsigned Frags = TileAS::wgmmaLanes(MI.getOpcode()) / 4;
  if (Frags < 2 || MI.getNumOperands() < 2 * Frags)
    return "";
  const TargetRegisterInfo *TRI = MRI.getTargetRegisterInfo();
  auto Name = [&](Register R) { return printReg(R, TRI, 0, &MRI); };
  const char *Why = ": it would be copied between wgmmas in flight, and "
                    "ptxas serializes them (C7511)";
  for (unsigned F = 0; F != Frags; ++F) {
    Register C = MI.getOperand(Frags + F).getReg();
    if (!C.isVirtual() || isRemadeConstant(C, MRI, TII))
      continue;
    for (unsigned G = 0; G != F; ++G)
      if (MI.getOperand(Frags + G).getReg() == C)
        return formatv("accumulator fragments {0} and {1} are one register "
                       "({2}){3}",
                       G, F, Name(C), Why);
    for (const MachineInstr &U : MRI.use_nodbg_instructions(C)) {
      if (&U == &MI)
        continue;
      bool After =
          U.isPHI() || (U.getParent() == MI.getParent()
                            ? Order.lookup(&U) > Order.lookup(&MI)
                            : MDT.dominates(MI.getParent(), U.getParent()));
      if (After)
        return formatv("accumulator fragment {0} ({1}) is read again after "
                       "the wgmma, which overwrites it in place (by {2}){3}",
                       F, Name(C), TII.getName(U.getOpcode()), Why);
    }
    const MachineInstr *Phi = MRI.getUniqueVRegDef(C);
    if (!Phi || !Phi->isPHI())
      continue;
    for (unsigned I = 1, E = Phi->getNumOperands(); I + 1 < E; I += 2) {
      Register In = Phi->getOperand(I).getReg();
      const MachineBasicBlock *Pred = Phi->getOperand(I + 1).getMBB();
      if (!In.isVirtual() || isRemadeConstant(In, MRI, TII))
        continue;
      if (const MachineInstr *Other = phiTakingToo(*Phi, In, Pred))
        return formatv("accumulator fragment {0} ({1}) takes {2} from "
                       "bb.{3}, as {4} does: one value in two registers{5}",
                       F, Name(C), Name(In), Pred->getNumber(),
                       Name(Other->getOperand(0).getReg()), Why);
    }
  }
  return "";
}

/// What is wrong with MI that selection never makes, or "".
static std::string malformation(const MachineInstr &MI,
                                const MachineRegisterInfo &MRI) {
  for (const MachineOperand &MO : MI.all_defs())
    if (MO.getReg().isVirtual() && !MRI.hasOneDef(MO.getReg()))
      return formatv(
          "{0} is defined more than once (TileAS compiles "
          "machine code in SSA form)",
          printReg(MO.getReg(), MRI.getTargetRegisterInfo(), 0, &MRI));
  if (MI.isCopy() && (!MI.getOperand(0).isReg() || !MI.getOperand(1).isReg()))
    return "a COPY copies a register into a register (LiveVariables crashed "
           "on an immediate)";
  if (MI.isCopy() || MI.isPHI()) {
    // A move between register files (a tile into a scalar, tensor memory
    // into a fragment) has no instruction; selection makes none.
    const TargetRegisterClass *Dst = registerFile(MI.getOperand(0), MRI);
    for (const MachineOperand &MO : MI.uses()) {
      const TargetRegisterClass *Src = registerFile(MO, MRI);
      if (Dst && Src &&
          !MRI.getTargetRegisterInfo()->getCommonSubClass(Dst, Src))
        return formatv("{0} moves a {1} register into a {2} register, which "
                       "no instruction does",
                       MI.isPHI() ? "the PHI" : "the COPY",
                       MRI.getTargetRegisterInfo()->getRegClassName(Src),
                       MRI.getTargetRegisterInfo()->getRegClassName(Dst));
    }
  }
  if (MI.getOpcode() == TileAS::SETPrr || MI.getOpcode() == TileAS::SETPri) {
    const MachineOperand &CC = MI.getOperand(3);
    if (CC.isImm() && (CC.getImm() < 0 || CC.getImm() >= TileAS::NumCondCodes))
      return formatv("condition code {0} is none of eq, ne, lt, le, gt, ge "
                     "(0 to {1})",
                     CC.getImm(), TileAS::NumCondCodes - 1);
  }
  return "";
}

bool llvm::refuseMalformedInput(MachineFunction &MF) {
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MachineDominatorTree MDT(MF);
  BlockOrder Order;
  for (const MachineBasicBlock &MBB : MF) {
    unsigned N = 0;
    for (const MachineInstr &MI : MBB)
      Order[&MI] = N++;
  }
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      std::string Why = malformation(MI, MRI);
      if (Why.empty())
        Why = undominatedUse(MI, MRI, MDT, Order);
      if (Why.empty())
        Why = accumulatorNotInPlace(MI, MRI, TII, MDT, Order);
      if (Why.empty())
        continue;
      MF.getFunction().getContext().emitError(
          formatv("{0}: bb.{1}: {2}: {3}", MF.getName(), MBB.getNumber(),
                  printed(MI), Why));
      leaveOnlyReturn(MF);
      return true;
    }
  return false;
}
