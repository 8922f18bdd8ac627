//===- TileASTargetInfo.h - TileAS target registration ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TARGETINFO_TILEASTARGETINFO_H
#define TILEAS_TARGETINFO_TILEASTARGETINFO_H

namespace llvm {
class Target;
Target &getTheTileASTarget();
} // namespace llvm

extern "C" void LLVMInitializeTileASTargetInfo();

#endif // TILEAS_TARGETINFO_TILEASTARGETINFO_H
