//===- TileASPTXPasses.h - Passes of the PTX output -------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_TILEASPTXPASSES_H
#define TILEAS_PTX_TILEASPTXPASSES_H

namespace llvm {
class FunctionPass;
class PassRegistry;

/// Records the kernel's `.param` list (TileASMachineFunctionInfo::PTXParams)
/// when the subtarget prints PTX; runs before register allocation.
FunctionPass *createTileASPTXParamsPass();
void initializeTileASPTXParamsPass(PassRegistry &);

} // namespace llvm

#endif // TILEAS_PTX_TILEASPTXPASSES_H
