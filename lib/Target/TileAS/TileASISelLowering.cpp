//===- TileASISelLowering.cpp - TileAS lowering information ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASISelLowering.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASSubtarget.h"

using namespace llvm;

TileASTargetLowering::TileASTargetLowering(const TargetMachine &TM,
                                           const TileASSubtarget &STI)
    : TargetLowering(TM, STI) {
  addRegisterClass(MVT::i1, &TileAS::PREDRegClass);
  addRegisterClass(MVT::i32, &TileAS::GPR32RegClass);
  addRegisterClass(MVT::i64, &TileAS::GPR64RegClass);
  addRegisterClass(MVT::v4f32, &TileAS::FRAGRegClass);
  computeRegisterProperties(STI.getRegisterInfo());
  setStackPointerRegisterToSaveRestore(TileAS::SP);
}
