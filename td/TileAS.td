//===- TileAS.td - The TileAS target ------------------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Top level of the TileAS machine description: an asynchronous tile machine
// modelled on NVIDIA Blackwell (sm_100). llvm-tblgen makes the register,
// instruction, subtarget and asm-writer tables from it; tileas-tblgen makes
// the slot tables the TileAS scheduler reads.
//
//===----------------------------------------------------------------------===//

include "llvm/Target/Target.td"

include "TileASSlotModel.td"
include "TileASMachine.td"
include "TileASRegisterInfo.td"
include "TileASResources.td"
include "TileASInstrInfo.td"
include "TileASCoordination.td"
include "TileASMachines.td"
include "TileASSchedule.td"
include "TileASCallingConv.td"

// Read by the selection patterns (HasF32x2); the processors are below.
def FeatureF32x2
    : SubtargetFeature<"f32x2", "HasF32x2", "true",
                       "Paired fp32 arithmetic (add/sub/mul/fma.rn.f32x2): "
                       "fragment arithmetic is selected as f32x2 pairs">;
def HasF32x2 : Predicate<"Subtarget->hasF32x2()">;

include "TileASISelPatterns.td"
include "TileASBuiltins.td"

// Measured timing of real parts (tileas-sim --timing, llc -tileas-timing).
include "TileASTiming.td"
include "TileASTimingShapes.td"
include "TileASTimingB200.td"
include "TileASTimingH100.td"

defm : RemapAllTargetPseudoPointerOperands<GPR64>;

//===----------------------------------------------------------------------===//
// Subtarget features and processors.
//===----------------------------------------------------------------------===//

def FeatureTensorMemory
    : SubtargetFeature<"tmem", "HasTensorMemory", "true",
                       "Tensor memory and tcgen05 MMA (sm_100)">;

def FeatureWgmma
    : SubtargetFeature<"wgmma", "HasWgmma", "true",
                       "Warpgroup MMA with register accumulators "
                       "(wgmma.mma_async, sm_90a)">;

def FeaturePTX
    : SubtargetFeature<"ptx", "EmitsPTX", "true",
                       "Print a PTX module that ptxas accepts (docs/ptx.md)">;

// sm_100 is the abstract machine of the slot model: its assembly is
// PTX-flavoured text for reading schedules. The architecture-specific
// targets print real PTX for CUDA's ptxas.
def : ProcessorModel<"sm_100", TileASModel, [FeatureTensorMemory]>;
def : ProcessorModel<"generic", TileASModel, [FeatureTensorMemory]>;
def : ProcessorModel<"sm_100a", TileASModel,
                     [FeatureTensorMemory, FeaturePTX, FeatureF32x2]>;
def : ProcessorModel<"sm_100f", TileASModel,
                     [FeatureTensorMemory, FeaturePTX, FeatureF32x2]>;
def : ProcessorModel<"sm_103a", TileASModel,
                     [FeatureTensorMemory, FeaturePTX, FeatureF32x2]>;
// Hopper: wgmma with register accumulators, no tensor memory (so no
// tcgen05) and no paired fp32 pipe; its own machine (TileASHopper.td).
def : ProcessorModel<"sm_90a", TileASHopperModel, [FeaturePTX, FeatureWgmma]>;

//===----------------------------------------------------------------------===//
// The target.
//===----------------------------------------------------------------------===//

def TileASInstrInfo : InstrInfo {
  let guessInstructionProperties = false;
}

def TileASAsmWriter : AsmWriter;

def TileAS : Target {
  let InstructionSet = TileASInstrInfo;
  let AssemblyWriters = [TileASAsmWriter];
  let AllowRegisterRenaming = true;
}
