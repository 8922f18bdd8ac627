//===- TileASAsmPrinter.h - Print TileAS assembly ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASASMPRINTER_H
#define TILEAS_TILEASASMPRINTER_H

#include "PTX/TileASPTXEmitter.h"

#include "llvm/CodeGen/AsmPrinter.h"
#include "llvm/MC/MCStreamer.h"

#include <memory>
#include <optional>

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

  // A PTX module (-mcpu=sm_100a and relatives): the module header, each
  // kernel's `.entry` and prologue, and each instruction as its sequence.
  void emitStartOfAsmFile(Module &M) override;
  void emitFunctionEntryLabel() override;
  void emitFunctionBodyEnd() override;
  void emitBasicBlockStart(const MachineBasicBlock &MBB) override;
  /// A module-level variable as a PTX state-space declaration (no kernel
  /// reaches it: the IR check refuses a use), or an error naming it.
  void emitGlobalVariable(const GlobalVariable *GV) override;

private:
  bool emitsPTX() const;
  /// The kernel's plan, or an error: then nothing of it is printed.
  std::optional<tileas::ptx::KernelPlan> Plan;
  std::unique_ptr<tileas::ptx::KernelEmitter> Emitter;

  enum class OperandLowering {
    Lowered,    ///< Out holds the operand.
    Omitted,    ///< Not printed (implicit registers, register masks).
    Unprintable ///< A kind of operand TileAS assembly has no form for.
  };
  OperandLowering lowerOperand(const MachineOperand &MO, MCOperand &Out) const;
  /// An error naming the function, block, instruction and operand; the
  /// instruction is not printed.
  void reportUnprintable(const MachineInstr &MI, unsigned OpNo) const;
};

void initializeTileASAsmPrinterPass(PassRegistry &);

} // namespace llvm

#endif // TILEAS_TILEASASMPRINTER_H
