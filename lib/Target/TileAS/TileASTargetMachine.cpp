//===- TileASTargetMachine.cpp - TileAS target machine --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASTargetMachine.h"
#include "TileAS.h"

#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetLoweringObjectFileImpl.h"
#include "llvm/CodeGen/TargetPassConfig.h"

using namespace llvm;

// 64-bit pointers to global memory, little endian.
static const char *const TileASDataLayout = "e-p:64:64-i64:64-n32:64-S128";

TileASTargetMachine::TileASTargetMachine(const Target &T, const Triple &TT,
                                         StringRef CPU, StringRef FS,
                                         const TargetOptions &Options,
                                         std::optional<Reloc::Model> RM,
                                         std::optional<CodeModel::Model> CM,
                                         CodeGenOptLevel OL, bool JIT)
    : CodeGenTargetMachineImpl(T, TileASDataLayout, TT, CPU, FS, Options,
                               RM.value_or(Reloc::Static),
                               getEffectiveCodeModel(CM, CodeModel::Small), OL),
      TLOF(std::make_unique<TargetLoweringObjectFileELF>()),
      Subtarget(TT, CPU, FS, *this) {
  initAsmInfo();
}

TileASTargetMachine::~TileASTargetMachine() = default;

ScheduleDAGInstrs *
TileASTargetMachine::createMachineScheduler(MachineSchedContext *C) const {
  return createSchedLive(C);
}

namespace {
class TileASPassConfig : public TargetPassConfig {
public:
  TileASPassConfig(TileASTargetMachine &TM, PassManagerBase &PM)
      : TargetPassConfig(TM, PM) {}

  bool addInstSelector() override {
    addPass(createTileASMIRInputGuardPass());
    return false;
  }
};
} // namespace

TargetPassConfig *TileASTargetMachine::createPassConfig(PassManagerBase &PM) {
  return new TileASPassConfig(*this, PM);
}
