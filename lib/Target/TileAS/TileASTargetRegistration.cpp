//===- TileASTargetRegistration.cpp - Register the TileAS target ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXPasses.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TargetInfo/TileASTargetInfo.h"
#include "TileAS.h"
#include "TileASAsmPrinter.h"
#include "TileASTargetMachine.h"

#include "llvm/MC/TargetRegistry.h"
#include "llvm/PassRegistry.h"

using namespace llvm;

extern "C" void LLVMInitializeTileASTargetMC();

extern "C" void LLVMInitializeTileASTarget() {
  RegisterTargetMachine<TileASTargetMachine> X(getTheTileASTarget());
  PassRegistry &PR = *PassRegistry::getPassRegistry();
  initializeTileASIRCheckPass(PR);
  initializeTileASDAGToDAGISelLegacyPass(PR);
  initializeTileASMachineCheckPass(PR);
  initializeTileASAsmPrinterPass(PR);
  initializeTileASScheduleAnalysisPass(PR);
  initializeTileASGenerateSchedulePass(PR);
  initializeTileASMaterializeSchedulePass(PR);
  initializeTileASEventSchedulePass(PR);
  initializeTileASAgentRegisterCheckPass(PR);
  initializeTileASPTXParamsPass(PR);
  initializeTileASWgmmaInPlacePass(PR);
}

extern "C" void LLVMInitializeTileASAsmPrinter() {
  RegisterAsmPrinter<TileASAsmPrinter> X(getTheTileASTarget());
}

void llvm::initializeTileASTarget() {
  static bool Done = false;
  if (Done)
    return;
  Done = true;
  LLVMInitializeTileASTargetInfo();
  LLVMInitializeTileASTargetMC();
  LLVMInitializeTileASTarget();
  LLVMInitializeTileASAsmPrinter();
}
