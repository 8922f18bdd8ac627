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

#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/MC/MCStreamer.h"

using namespace llvm;

char TileASAsmPrinter::ID = 0;

INITIALIZE_PASS(TileASAsmPrinter, "tileas-asm-printer",
                "TileAS assembly printer", false, false)

bool TileASAsmPrinter::lowerOperand(const MachineOperand &MO,
                                    MCOperand &Out) const {
  switch (MO.getType()) {
  case MachineOperand::MO_Register:
    if (MO.isImplicit())
      return false;
    Out = MCOperand::createReg(MO.getReg());
    return true;
  case MachineOperand::MO_Immediate:
    Out = MCOperand::createImm(MO.getImm());
    return true;
  case MachineOperand::MO_MachineBasicBlock:
    Out = MCOperand::createExpr(
        MCSymbolRefExpr::create(MO.getMBB()->getSymbol(), OutContext));
    return true;
  case MachineOperand::MO_GlobalAddress:
    Out = MCOperand::createExpr(
        MCSymbolRefExpr::create(getSymbol(MO.getGlobal()), OutContext));
    return true;
  case MachineOperand::MO_RegisterMask:
    return false;
  default:
    report_fatal_error("TileAS cannot print operand " + Twine(MO.getType()) +
                       " of a " + MO.getParent()->getMF()->getName() +
                       " instruction");
  }
}

void TileASAsmPrinter::emitInstruction(const MachineInstr *MI) {
  MCInst Inst;
  Inst.setOpcode(MI->getOpcode());
  for (const MachineOperand &MO : MI->operands()) {
    MCOperand Op;
    if (lowerOperand(MO, Op))
      Inst.addOperand(Op);
  }
  EmitToStreamer(*OutStreamer, Inst);
}
