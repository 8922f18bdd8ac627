//===- TileASPTXMCAsmInfo.cpp - Assembly syntax of PTX modules ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASPTXMCAsmInfo.h"

using namespace llvm;

TileASPTXMCAsmInfo::TileASPTXMCAsmInfo(const Triple &TT) {
  CommentString = "//";
  PrivateGlobalPrefix = "$L__";
  PrivateLabelPrefix = "$L__";
  SupportsDebugInformation = false;
  CodePointerSize = 8;
  CalleeSaveStackSlotSize = 8;
  HasDotTypeDotSizeDirective = false;
  HasSingleParameterDotFile = false;
  HasFunctionAlignment = false;
  HasIdentDirective = false;
  HasNoDeadStrip = false;
  // The printer writes `.visible .entry`; the linkage directive becomes a
  // comment.
  GlobalDirective = "\t// .globl\t";
  UseIntegratedAssembler = false;
}
