//===- TileASSubtarget.h - TileAS subtarget ---------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASSUBTARGET_H
#define TILEAS_TILEASSUBTARGET_H

#include "TileASFrameLowering.h"
#include "TileASISelLowering.h"
#include "TileASInstrInfo.h"
#include "TileASRegisterInfo.h"
#include "TileASSelectionDAGInfo.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#define GET_SUBTARGETINFO_HEADER
#include "TileASGenSubtargetInfo.inc"

namespace llvm {

class TileASSubtarget : public TileASGenSubtargetInfo {
  bool HasTensorMemory = false;
  bool EmitsPTX = false;
  bool HasF32x2 = false;
  bool HasWgmma = false;
  // The register info must be constructed before the instruction info.
  TileASRegisterInfo RegInfo;
  TileASInstrInfo InstrInfo;
  TileASFrameLowering FrameLowering;
  TileASTargetLowering TLInfo;
  TileASSelectionDAGInfo TSInfo;
  const tileas::model::Machine *Machine = nullptr;

public:
  TileASSubtarget(const Triple &TT, StringRef CPU, StringRef FS,
                  const TargetMachine &TM);

  /// Generated: parses the feature string.
  void ParseSubtargetFeatures(StringRef CPU, StringRef TuneCPU, StringRef FS);

  bool hasTensorMemory() const { return HasTensorMemory; }
  /// The printer writes a PTX module for ptxas (sm_100a and its relatives)
  /// rather than the model's PTX-flavoured text.
  bool emitsPTX() const { return EmitsPTX; }
  /// Fragment add, sub, mul and fma are pairs of f32x2 instructions (the
  /// real machines' paired fp32 pipe), not four scalar ones.
  bool hasF32x2() const { return HasF32x2; }
  /// wgmma.mma_async exists (sm_90a): an MMA into register fragments,
  /// issued by a whole warpgroup.
  bool hasWgmma() const { return HasWgmma; }
  /// The machine TileAS schedules this CPU for (td TileASMachineModel).
  const tileas::model::Machine &machine() const { return *Machine; }

  /// MIR input: what the machine verifier rejects is an error, not the
  /// parser's abort (TileASMIRInputCheck.cpp).
  void mirFileLoaded(MachineFunction &MF) const override;

  const TileASInstrInfo *getInstrInfo() const override { return &InstrInfo; }
  const TileASRegisterInfo *getRegisterInfo() const override {
    return &RegInfo;
  }
  const TileASFrameLowering *getFrameLowering() const override {
    return &FrameLowering;
  }
  const TileASTargetLowering *getTargetLowering() const override {
    return &TLInfo;
  }
  const TileASSelectionDAGInfo *getSelectionDAGInfo() const override {
    return &TSInfo;
  }

  /// Stock MachinePipeliner dereferences the instruction scheduling model;
  /// only offer it loops when one exists (every TileAS CPU has one, see
  /// TileAS::resolveCPU, so this is a second line of defence).
  bool enableMachinePipeliner() const override {
    return getSchedModel().hasInstrSchedModel();
  }
  /// The model has no itineraries: make the pipeliner use the ProcResource
  /// model rather than silently skipping the target.
  bool useDFAforSMS() const override { return false; }
  bool enableMachineScheduler() const override { return true; }
};

/// The machine model MF is scheduled for (its subtarget's, chosen by -mcpu).
inline const tileas::model::Machine &tileasMachine(const MachineFunction &MF) {
  return MF.getSubtarget<TileASSubtarget>().machine();
}

} // namespace llvm

#endif // TILEAS_TILEASSUBTARGET_H
