//===- TileASMCAsmInfo.cpp - TileAS assembly syntax -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCAsmInfo.h"

using namespace llvm;

TileASMCAsmInfo::TileASMCAsmInfo(const Triple &TT) {
  // PTX-like text: `//` comments, `$L__`-style private labels.
  CommentString = "//";
  PrivateGlobalPrefix = "$L__";
  PrivateLabelPrefix = "$L__";
  SupportsDebugInformation = false;
  UsesELFSectionDirectiveForBSS = true;
  CodePointerSize = 8;
  CalleeSaveStackSlotSize = 8;
  // There is no assembly parser: inline assembly (which MIR may carry) is
  // printed as written instead of being parsed, as NVPTX does.
  UseIntegratedAssembler = false;
}
