//===- TileASRegisterUnits.cpp - Registers as setmaxnreg counts -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASRegisterUnits.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/CodeGen/TargetRegisterInfo.h"

using namespace llvm;

unsigned llvm::registerUnits(const TargetRegisterClass &RC,
                             const TargetRegisterInfo &TRI) {
  if (RC.getID() == TileAS::PREDRegClassID)
    return 0;
  // A shared- or tensor-memory handle is an address in its space, which the
  // hardware holds in one 32-bit register (the data layout's 32-bit index).
  if (RC.getID() == TileAS::TILERegClassID ||
      RC.getID() == TileAS::TMEMRegClassID)
    return 1;
  return (TRI.getRegSizeInBits(RC) + 31) / 32;
}
