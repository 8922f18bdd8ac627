//===- TileAS.h - Passes and entry points of the TileAS target --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEAS_H
#define TILEAS_TILEAS_H

namespace llvm {
class FunctionPass;
class PassRegistry;

FunctionPass *createTileASMIRInputGuardPass();
void initializeTileASMIRInputGuardPass(PassRegistry &);

/// Registers the target, its MC layer, its asm printer and its passes. Called
/// by the plugin's static constructor, and by tools and tests that link the
/// target statically.
void initializeTileASTarget();
} // namespace llvm

#endif // TILEAS_TILEAS_H
