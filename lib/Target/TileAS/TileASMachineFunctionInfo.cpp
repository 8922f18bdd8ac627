//===- TileASMachineFunctionInfo.cpp - Per-function TileAS state ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASMachineFunctionInfo.h"

using namespace llvm;

MachineFunctionInfo *TileASMachineFunctionInfo::clone(
    BumpPtrAllocator &Allocator, MachineFunction &DestMF,
    const DenseMap<MachineBasicBlock *, MachineBasicBlock *> &Src2DstMBB)
    const {
  auto *Clone = DestMF.cloneInfo<TileASMachineFunctionInfo>(*this);
  // The kernels are the copies' blocks.
  Clone->KernelBlocks.clear();
  for (const auto &[Src, Dst] : Src2DstMBB) {
    auto It = KernelBlocks.find(Src);
    if (It != KernelBlocks.end())
      Clone->KernelBlocks[Dst] = It->second;
  }
  return Clone;
}

yaml::TileASMachineFunctionInfo::TileASMachineFunctionInfo(
    const llvm::TileASMachineFunctionInfo &F)
    : Constraints(F.Constraints), Groups(F.Groups),
      ForceSerialBlocks(F.ForceSerialBlocks), Schedules(F.Schedules) {}

void yaml::TileASMachineFunctionInfo::mappingImpl(yaml::IO &YamlIO) {
  YamlIO.mapOptional("scheduleGroups", Groups);
  YamlIO.mapOptional("scheduleConstraints", Constraints);
  YamlIO.mapOptional("forceSerialBlocks", ForceSerialBlocks);
  YamlIO.mapOptional("schedules", Schedules);
}
