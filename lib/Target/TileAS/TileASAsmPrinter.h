//===- TileASAsmPrinter.h - Print TileAS assembly ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASASMPRINTER_H
#define TILEAS_TILEASASMPRINTER_H

#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/MC/MCStreamer.h"

namespace llvm {

class MCOperand;
class MachineOperand;

class TileASAsmPrinter : public AsmPrinter {
public:
  static char ID;

  TileASAsmPrinter(TargetMachine &TM, std::unique_ptr<MCStreamer> Streamer)
      : AsmPrinter(TM, std::move(Streamer), ID) {}

  StringRef getPassName() const override { return "TileAS Assembly Printer"; }
  void emitInstruction(const MachineInstr *MI) override;

private:
  bool lowerOperand(const MachineOperand &MO, MCOperand &Out) const;
};

void initializeTileASAsmPrinterPass(PassRegistry &);

} // namespace llvm

#endif // TILEAS_TILEASASMPRINTER_H
