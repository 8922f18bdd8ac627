//===- TileASTargetMachine.cpp - TileAS target machine --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASTargetMachine.h"
#include "MCTargetDesc/TileASPTXMCAsmInfo.h"
#include "PTX/TileASPTXPasses.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASMachineScheduler.h"
#include "TileASTargetTransformInfo.h"

#include "llvm/CodeGen/MIRParser/MIParser.h"
#include "llvm/CodeGen/MachineScheduler.h"
#include "llvm/CodeGen/Passes.h"
#include "llvm/CodeGen/TargetLoweringObjectFileImpl.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Utils.h"

using namespace llvm;

// 64-bit pointers to global memory, little endian. Shared-memory tiles
// (addrspace 3) and tensor-memory accumulators (addrspace 6) are 64-bit
// handles whose offsets are 32-bit (the offset register of ld.shared). The
// only native integer width is 32: the machine's 64-bit arithmetic is an add,
// so IR passes must not widen 32-bit induction variables to 64 bits.
static const char *const TileASDataLayout =
    "e-p:64:64-p3:64:64:64:32-p6:64:64:64:32-i64:64-n32-S128";

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
  // A PTX module has its own directives (TileASPTXMCAsmInfo.h); the MC layer
  // knows one MCAsmInfo per target, so the processor picks it here.
  if (Subtarget.emitsPTX()) {
    auto *PTX = new TileASPTXMCAsmInfo(TT);
    PTX->setPreserveAsmComments(Options.MCOptions.PreserveAsmComments);
    AsmInfo.reset(PTX);
  }
}

TileASTargetMachine::~TileASTargetMachine() = default;

MachineFunctionInfo *TileASTargetMachine::createMachineFunctionInfo(
    BumpPtrAllocator &Allocator, const Function &F,
    const TargetSubtargetInfo *STI) const {
  return TileASMachineFunctionInfo::create<TileASMachineFunctionInfo>(Allocator,
                                                                      F, STI);
}

TargetTransformInfo
TileASTargetMachine::getTargetTransformInfo(const Function &F) const {
  return TargetTransformInfo(std::make_unique<TileASTTIImpl>(*this, F));
}

yaml::MachineFunctionInfo *
TileASTargetMachine::createDefaultFuncInfoYAML() const {
  return new yaml::TileASMachineFunctionInfo();
}

yaml::MachineFunctionInfo *
TileASTargetMachine::convertFuncInfoToYAML(const MachineFunction &MF) const {
  return new yaml::TileASMachineFunctionInfo(
      *MF.getInfo<TileASMachineFunctionInfo>());
}

bool TileASTargetMachine::parseMachineFunctionInfo(
    const yaml::MachineFunctionInfo &YamlMFI, PerFunctionMIParsingState &PFS,
    SMDiagnostic &Error, SMRange &SourceRange) const {
  const auto &Y = static_cast<const yaml::TileASMachineFunctionInfo &>(YamlMFI);
  auto *MFI = PFS.MF.getInfo<TileASMachineFunctionInfo>();
  MFI->Constraints = Y.Constraints;
  MFI->Groups = Y.Groups;
  MFI->ForceSerialBlocks = Y.ForceSerialBlocks;
  MFI->Schedules = Y.Schedules;
  return false;
}

static cl::opt<bool> EnableEventSchedule(
    "tileas-event-scheduling",
    cl::desc("Reorder blocks to keep live cross-pipe events within budget "
             "(tileas-event-schedule) in the code generation pipeline"),
    cl::init(true));

/// The machine scheduler must not undo tileas-event-schedule: its DAG gets
/// the edges that keep every pipe pair within its event budget. Nor may it
/// group wide loads ahead of their readers, which holds their registers live
/// at once (TileASMachineScheduler.h).
ScheduleDAGInstrs *
TileASTargetMachine::createMachineScheduler(MachineSchedContext *C) const {
  ScheduleDAGMILive *DAG = createSchedLive(C);
  if (EnableEventSchedule)
    DAG->addMutation(createTileASEventBudgetMutation());
  DAG->addMutation(createTileASWideLoadChainMutation());
  return DAG;
}

static cl::opt<bool> EnablePipeliner(
    "tileas-pipeliner",
    cl::desc("Software-pipeline loops (tileas-generate-schedule and "
             "tileas-materialize-schedule) in the code generation pipeline"),
    cl::init(true));

namespace {
class TileASPassConfig : public TargetPassConfig {
public:
  TileASPassConfig(TileASTargetMachine &TM, PassManagerBase &PM)
      : TargetPassConfig(TM, PM) {
    // wgmma accumulators beyond the 15 defs LLVM can tie, tied by hand.
    insertPass(&TwoAddressInstructionPassID, &TileASWgmmaInPlaceID);
  }

  TileASTargetMachine &getTileASTargetMachine() const {
    return getTM<TileASTargetMachine>();
  }

  /// Last of the IR passes: what reaches selection is what it can select.
  /// A switch (which opt -O2 makes of a chain of compares) becomes compares
  /// and branches first: there is no jump table.
  bool addPreISel() override {
    addPass(createLowerSwitchPass());
    addPass(createTileASIRCheckPass());
    return false;
  }

  bool addInstSelector() override {
    addPass(createTileASISelDag(getTileASTargetMachine(), getOptLevel()));
    // First of the machine passes, on MIR input too: only instructions the
    // machine has go further.
    addPass(createTileASMachineCheckPass());
    return false;
  }

  /// In SSA, before register allocation, where MachinePipeliner runs for
  /// other targets: generation records the schedule, materialization expands
  /// the loop and inserts the coordination, and the event scheduler then
  /// orders the remaining straight-line code.
  void addPreRegAlloc() override {
    // The PTX .param list reads the MIR before allocation renames it.
    addPass(createTileASPTXParamsPass());
    if (getOptLevel() == CodeGenOptLevel::None)
      return;
    if (EnablePipeliner) {
      addPass(createTileASGenerateSchedulePass());
      addPass(createTileASMaterializeSchedulePass());
    }
    if (EnableEventSchedule)
      addPass(createTileASEventSchedulePass());
  }

  /// Last, once spills and the stack pointer are in place: no agent's
  /// region may be emitted over its register budget.
  void addPreEmitPass() override {
    addPass(createTileASAgentRegisterCheckPass());
  }
};
} // namespace

TargetPassConfig *TileASTargetMachine::createPassConfig(PassManagerBase &PM) {
  return new TileASPassConfig(*this, PM);
}
