//===- TileASAsmPrinter.cpp - Print TileAS assembly -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Lowers MachineInstrs to MCInsts and hands them to the streamer, which prints
// them through TileASInstPrinter in the PTX-like syntax of the td files.
//
//===----------------------------------------------------------------------===//

#include "TileASAsmPrinter.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASSubtarget.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/Target/TargetMachine.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCStreamer.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

char TileASAsmPrinter::ID = 0;

INITIALIZE_PASS(TileASAsmPrinter, "tileas-asm-printer",
                "TileAS assembly printer", false, false)

TileASAsmPrinter::OperandLowering
TileASAsmPrinter::lowerOperand(const MachineOperand &MO, MCOperand &Out) const {
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    if (MO.isImplicit())
      return OperandLowering::Omitted;
    Out = MCOperand::createReg(MO.getReg());
    return OperandLowering::Lowered;
  case MachineOperand::MO_Immediate:
    Out = MCOperand::createImm(MO.getImm());
    return OperandLowering::Lowered;
  case MachineOperand::MO_MachineBasicBlock:
    Out = MCOperand::createExpr(
        MCSymbolRefExpr::create(MO.getMBB()->getSymbol(), OutContext));
    return OperandLowering::Lowered;
  case MachineOperand::MO_GlobalAddress:
    Out = MCOperand::createExpr(
        MCSymbolRefExpr::create(getSymbol(MO.getGlobal()), OutContext));
    return OperandLowering::Lowered;
  case MachineOperand::MO_RegisterMask:
    return OperandLowering::Omitted;
  default:
    // MIR can spell others (typed or floating-point immediates, symbols,
    // predicates, ...), but no TileAS instruction takes them.
    return OperandLowering::Unprintable;
  }
}

void TileASAsmPrinter::reportUnprintable(const MachineInstr &MI,
                                         unsigned OpNo) const {
  const MachineFunction &MF = *MI.getMF();
  const TargetRegisterInfo *TRI = MF.getSubtarget().getRegisterInfo();
  std::string Instr, Operand;
  raw_string_ostream IOS(Instr), OOS(Operand);
  MI.print(IOS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  MI.getOperand(OpNo).print(OOS, TRI);
  MF.getFunction().getContext().emitError(
      formatv("{0} bb.{1}: TileAS assembly has no form for operand {2}, '{3}', "
              "of '{4}': its operands are registers, immediates, blocks and "
              "global addresses",
              MF.getName(), MI.getParent()->getNumber(), OpNo, Operand, Instr));
}

bool TileASAsmPrinter::emitsPTX() const {
  return TM.getMCSubtargetInfo()->hasFeature(TileAS::FeaturePTX);
}

void TileASAsmPrinter::emitStartOfAsmFile(Module &M) {
  if (!emitsPTX())
    return;
  std::string Header =
      tileas::ptx::moduleHeader(TM.getMCSubtargetInfo()->getCPU());
  Header += "\n// The shared arena: each kernel's layout is printed above it.\n"
            ".extern .shared .align 1024 .b8 tileas_smem[];\n";
  OutStreamer->emitRawText(StringRef(Header).rtrim('\n'));
}

// In a PTX module the `.entry` line and the prologue take the label's place
// (the MC layer's other header directives print nothing there).
void TileASAsmPrinter::emitFunctionEntryLabel() {
  if (!emitsPTX()) {
    AsmPrinter::emitFunctionEntryLabel();
    return;
  }
  Emitter.reset();
  Plan.reset();
  const Function &F = MF->getFunction();
  Expected<tileas::ptx::KernelPlan> Built = tileas::ptx::KernelPlan::build(*MF);
  if (!Built) {
    F.getContext().emitError(toString(Built.takeError()));
    return;
  }
  Plan = std::move(*Built);
  Emitter = std::make_unique<tileas::ptx::KernelEmitter>(*MF, *Plan);
  std::string Text;
  raw_string_ostream OS(Text);
  Emitter->emitEntry(OS);
  OutStreamer->emitRawText(StringRef(Text).rtrim('\n'));
  if (!F.empty() && !F.getEntryBlock().empty()) {
    OptimizationRemarkAnalysis R("tileas-ptx", "SharedArena",
                                 &F.getEntryBlock().front());
    R << Plan->Arena.listing();
    F.getContext().diagnose(R);
    OptimizationRemarkAnalysis Regs("tileas-ptx", "RegisterEstimate",
                                    &F.getEntryBlock().front());
    Regs << "TileAS's allocation: "
         << ore::NV("Registers", Plan->AllocatedRegisters)
         << " 32-bit registers (" << Plan->AllocatedByClass << ") and "
         << ore::NV("Predicates", Plan->AllocatedPredicates)
         << " predicates, before the PTX sequences' own; "
         << ore::NV("Threads", Plan->Threads) << " threads";
    if (!Plan->Agents.empty())
      Regs << ", .maxnreg " << ore::NV("MaxNReg", Plan->MaxRegisters);
    F.getContext().diagnose(Regs);
  }
}

void TileASAsmPrinter::emitGlobalVariable(const GlobalVariable *GV) {
  if (!emitsPTX()) {
    AsmPrinter::emitGlobalVariable(GV);
    return;
  }
  // LLVM's own variables (llvm.used, llvm.global_ctors) have no PTX form and
  // need none; a declaration is another module's.
  if (GV->getName().starts_with("llvm.") || GV->isDeclaration())
    return;
  // The ELF directives the default prints (.p2align, .zero) are not PTX:
  // ptxas refused every module that held a variable. A kernel reaches memory
  // only through its parameters, so a variable is data nobody reads; it is
  // declared in its state space, zero-filled as PTX leaves it.
  if (!GV->getInitializer()->isNullValue() &&
      !isa<UndefValue>(GV->getInitializer())) {
    GV->getContext().emitError(
        "global variable @" + GV->getName() +
        ": TileAS prints no initialized data in a PTX module (a kernel "
        "takes its data through its parameters)");
    return;
  }
  StringRef Space;
  switch (GV->getAddressSpace()) {
  case 0:
  case 1:
    Space = ".global";
    break;
  case 3:
    Space = ".shared";
    break;
  case 4:
    Space = ".const";
    break;
  default:
    GV->getContext().emitError(
        "global variable @" + GV->getName() + ": address space " +
        Twine(GV->getAddressSpace()) + " has no PTX state space");
    return;
  }
  const DataLayout &DL = GV->getDataLayout();
  uint64_t Size = DL.getTypeAllocSize(GV->getValueType());
  Align A = DL.getPreferredAlign(GV);
  std::string Text;
  raw_string_ostream OS(Text);
  OS << (GV->hasLocalLinkage() || Space == ".shared" ? "" : ".visible ")
     << Space << " .align " << A.value() << " .b8 " << GV->getName() << "["
     << std::max<uint64_t>(Size, 1) << "];";
  OutStreamer->emitRawText(Text);
}

void TileASAsmPrinter::emitFunctionBodyEnd() {
  if (!emitsPTX() || !Emitter)
    return;
  OutStreamer->emitRawText("}");
}

// A pipelined kernel is named in the PTX by the block number it had when
// materialization made it (later passes renumber blocks), so that a reader
// of the PTX (bench/ptx/schedule_order.py) can tell it from a loop with the
// same instructions, such as the original loop kept for short trip counts.
void TileASAsmPrinter::emitBasicBlockStart(const MachineBasicBlock &MBB) {
  AsmPrinter::emitBasicBlockStart(MBB);
  if (!emitsPTX() || !isVerbose())
    return;
  const auto &Kernels = MF->getInfo<TileASMachineFunctionInfo>()->KernelBlocks;
  auto It = Kernels.find(&MBB);
  if (It != Kernels.end())
    OutStreamer->emitRawText("\t// tileas: pipelined kernel bb." +
                             Twine(It->second));
}

void TileASAsmPrinter::emitInstruction(const MachineInstr *MI) {
  if (emitsPTX()) {
    if (!Emitter)
      return;
    std::string Text;
    raw_string_ostream OS(Text);
    if (Error E = Emitter->emitInstruction(*MI, OS)) {
      MF->getFunction().getContext().emitError(toString(std::move(E)));
      Emitter.reset();
      return;
    }
    if (Text.empty())
      return;
    // Which instruction each sequence prints: the materialized order can be
    // read (and is tested) in the PTX.
    if (isVerbose())
      Text = "\t// " +
             MF->getSubtarget().getInstrInfo()->getName(MI->getOpcode()).str() +
             "\n" + Text;
    OutStreamer->emitRawText(StringRef(Text).rtrim('\n'));
    return;
  }
  MCInst Inst;
  Inst.setOpcode(MI->getOpcode());
  for (unsigned I = 0, E = MI->getNumOperands(); I != E; ++I) {
    MCOperand Op;
    switch (lowerOperand(MI->getOperand(I), Op)) {
    case OperandLowering::Lowered:
      Inst.addOperand(Op);
      break;
    case OperandLowering::Omitted:
      break;
    case OperandLowering::Unprintable:
      reportUnprintable(*MI, I);
      return;
    }
  }
  EmitToStreamer(*OutStreamer, Inst);
}
