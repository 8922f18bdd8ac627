//===- TileASTargetInfo.cpp - TileAS target registration ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TargetInfo/TileASTargetInfo.h"

#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

Target &llvm::getTheTileASTarget() {
  static Target TheTileASTarget;
  return TheTileASTarget;
}

extern "C" void LLVMInitializeTileASTargetInfo() {
  // The arch is not one LLVM knows: `-march=tileas` finds the target by name,
  // and `-mtriple=tileas` by its (unknown) arch.
  RegisterTarget<Triple::UnknownArch> X(
      getTheTileASTarget(), "tileas",
      "TileAS asynchronous tile machine (Blackwell sm_100 model)", "TileAS");
}
