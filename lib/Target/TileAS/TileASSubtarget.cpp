//===- TileASSubtarget.cpp - TileAS subtarget -----------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASSubtarget.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"

using namespace llvm;

#define GET_SUBTARGETINFO_TARGET_DESC
#define GET_SUBTARGETINFO_CTOR
#include "TileASGenSubtargetInfo.inc"

TileASSubtarget::TileASSubtarget(const Triple &TT, StringRef CPU, StringRef FS,
                                 const TargetMachine &TM)
    : TileASGenSubtargetInfo(TT, TileAS::resolveCPU(CPU),
                             TileAS::resolveCPU(CPU), FS),
      InstrInfo(*this, RegInfo), TLInfo(TM, *this) {
  std::string Resolved = TileAS::resolveCPU(CPU);
  ParseSubtargetFeatures(Resolved, Resolved, FS);
  // The processor's machine: the td machine whose SchedModel its
  // ProcessorModel names (sm_90a: Hopper; the sm_100 family: Blackwell).
  Machine = &tileas::model::machineForCPU(Resolved);
}

void TileASSubtarget::mirFileLoaded(MachineFunction &MF) const {
  checkTileASMIRInput(MF);
}
