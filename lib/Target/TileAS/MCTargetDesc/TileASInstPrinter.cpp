//===- TileASInstPrinter.cpp - Print TileAS MCInsts -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASInstPrinter.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/MC/MCAsmInfo.h"
#include "llvm/MC/MCExpr.h"
#include "llvm/MC/MCInst.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#include "TileASGenAsmWriter.inc"

void TileASInstPrinter::printInst(const MCInst *MI, uint64_t Address,
                                  StringRef Annot, const MCSubtargetInfo &STI,
                                  raw_ostream &O) {
  printInstruction(MI, Address, O);
  printAnnotation(O, Annot);
}

void TileASInstPrinter::printRegName(raw_ostream &O, MCRegister Reg) {
  O << '%' << getRegisterName(Reg);
}

void TileASInstPrinter::printOperand(const MCInst *MI, unsigned OpNo,
                                     raw_ostream &O) {
  const MCOperand &Op = MI->getOperand(OpNo);
  if (Op.isReg()) {
    printRegName(O, Op.getReg());
  } else if (Op.isImm()) {
    O << Op.getImm();
  } else {
    assert(Op.isExpr() && "unknown operand kind");
    MAI.printExpr(O, *Op.getExpr());
  }
}

void TileASInstPrinter::printCondCode(const MCInst *MI, unsigned OpNo,
                                      raw_ostream &O) {
  int64_t CC = MI->getOperand(OpNo).getImm();
  if (CC >= 0 && CC < TileAS::NumCondCodes)
    O << '.' << TileAS::condCodeName(TileAS::CondCode(CC));
  else
    O << ".cc" << CC;
}

void TileASInstPrinter::printRegisterDirection(const MCInst *MI, unsigned OpNo,
                                               raw_ostream &O) {
  O << (MI->getOperand(OpNo).getImm() ? "inc" : "dec");
}

void TileASInstPrinter::printOptionalBarrier(const MCInst *MI, unsigned OpNo,
                                             raw_ostream &O) {
  int64_t Id = MI->getOperand(OpNo).getImm();
  if (Id == 0)
    O << "none";
  else
    O << "bar" << Id;
}
