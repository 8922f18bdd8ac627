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

/// Right after the two-address pass: gives every fragment of a wgmma's
/// result the accumulator's virtual register (a copy the coalescer removes),
/// as a tied operand would, so that allocation keeps accumulators in place
/// (TileASWgmmaInPlace.cpp).
FunctionPass *createTileASWgmmaInPlacePass();
void initializeTileASWgmmaInPlacePass(PassRegistry &);
extern char &TileASWgmmaInPlaceID;

} // namespace llvm

#endif // TILEAS_PTX_TILEASPTXPASSES_H
