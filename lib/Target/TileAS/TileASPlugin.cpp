//===- TileASPlugin.cpp - Load TileAS into a stock llc --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// `llc --load=libTileAS.so -march=tileas`: registering from a static
// constructor makes the target and its passes visible to the stock tools as
// soon as the plugin is loaded.
//
//===----------------------------------------------------------------------===//

#include "TileAS.h"

namespace {
struct RegisterTileAS {
  RegisterTileAS() { llvm::initializeTileASTarget(); }
} Registration;
} // namespace
