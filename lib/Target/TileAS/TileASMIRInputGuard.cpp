//===- TileASMIRInputGuard.cpp - Stand-in for an instruction selector -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// TileAS consumes MIR: tile kernels are lowered to TileAS instructions before
// they reach it. This pass takes the instruction selector's place in the
// pipeline: MIR input passes through untouched, while a function given as
// LLVM IR gets a clear error instead of silently producing nothing.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"

using namespace llvm;

#define DEBUG_TYPE "tileas-mir-input-guard"

namespace {
class TileASMIRInputGuard : public MachineFunctionPass {
public:
  static char ID;
  TileASMIRInputGuard() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override { return "TileAS MIR input guard"; }

  bool runOnMachineFunction(MachineFunction &MF) override {
    const Function &F = MF.getFunction();
    if (!MF.empty() || F.isDeclaration())
      return false;
    F.getContext().diagnose(DiagnosticInfoUnsupported(
        F, "TileAS has no instruction selector; give llc a MIR file "
           "(see examples/)"));
    // Leave a well-formed function behind so that the rest of the pipeline
    // runs to its end (and llc exits with the error) instead of crashing on
    // a function without blocks.
    MachineBasicBlock *Entry = MF.CreateMachineBasicBlock();
    MF.push_back(Entry);
    BuildMI(Entry, DebugLoc(),
            MF.getSubtarget().getInstrInfo()->get(TileAS::RET));
    return true;
  }
};
} // namespace

char TileASMIRInputGuard::ID = 0;

INITIALIZE_PASS(TileASMIRInputGuard, DEBUG_TYPE, "TileAS MIR input guard",
                false, false)

FunctionPass *llvm::createTileASMIRInputGuardPass() {
  return new TileASMIRInputGuard();
}
