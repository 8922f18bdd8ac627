//===- TileASTargetMachine.h - TileAS target machine ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASTARGETMACHINE_H
#define TILEAS_TILEASTARGETMACHINE_H

#include "TileASSubtarget.h"

#include "llvm/CodeGen/CodeGenTargetMachineImpl.h"
#include "llvm/Target/TargetLoweringObjectFile.h"

#include <optional>

namespace llvm {

class TileASTargetMachine : public CodeGenTargetMachineImpl {
  std::unique_ptr<TargetLoweringObjectFile> TLOF;
  TileASSubtarget Subtarget;

public:
  TileASTargetMachine(const Target &T, const Triple &TT, StringRef CPU,
                      StringRef FS, const TargetOptions &Options,
                      std::optional<Reloc::Model> RM,
                      std::optional<CodeModel::Model> CM, CodeGenOptLevel OL,
                      bool JIT);
  ~TileASTargetMachine() override;

  const TileASSubtarget *getSubtargetImpl(const Function &) const override {
    return &Subtarget;
  }
  const TileASSubtarget *getSubtargetImpl() const { return &Subtarget; }

  TargetPassConfig *createPassConfig(PassManagerBase &PM) override;
  /// TileASTTIImpl: what LLVM's IR passes for code generation ask of the
  /// target (loop strength reduction changes nothing).
  TargetTransformInfo getTargetTransformInfo(const Function &F) const override;
  TargetLoweringObjectFile *getObjFileLowering() const override {
    return TLOF.get();
  }
  MachineFunctionInfo *
  createMachineFunctionInfo(BumpPtrAllocator &Allocator, const Function &F,
                            const TargetSubtargetInfo *STI) const override;
  /// Scheduling constraints and annotated schedules travel in the MIR
  /// `machineFunctionInfo:` block.
  yaml::MachineFunctionInfo *createDefaultFuncInfoYAML() const override;
  yaml::MachineFunctionInfo *
  convertFuncInfoToYAML(const MachineFunction &MF) const override;
  bool parseMachineFunctionInfo(const yaml::MachineFunctionInfo &YamlMFI,
                                PerFunctionMIParsingState &PFS,
                                SMDiagnostic &Error,
                                SMRange &SourceRange) const override;

  /// The generic converging scheduler over the TileAS model (WindowScheduler
  /// also needs one to exist).
  ScheduleDAGInstrs *
  createMachineScheduler(MachineSchedContext *C) const override;
};

} // namespace llvm

#endif // TILEAS_TILEASTARGETMACHINE_H
