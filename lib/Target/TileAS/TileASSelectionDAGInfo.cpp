//===- TileASSelectionDAGInfo.cpp - TileAS SelectionDAG nodes -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASSelectionDAGInfo.h"

#define GET_SDNODE_DESC
#include "TileASGenSDNodeInfo.inc"

using namespace llvm;

TileASSelectionDAGInfo::TileASSelectionDAGInfo()
    : SelectionDAGGenTargetInfo(TileASGenSDNodeInfo) {}
