//===- TileASISelLowering.h - TileAS lowering information -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// TileAS takes MIR as input (tile kernels are lowered to TileAS instructions
// upstream); this class only describes the register classes of each value
// type, which the register allocator and the machine passes query.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASISELLOWERING_H
#define TILEAS_TILEASISELLOWERING_H

#include "llvm/CodeGen/TargetLowering.h"

namespace llvm {

class TileASSubtarget;

class TileASTargetLowering : public TargetLowering {
public:
  TileASTargetLowering(const TargetMachine &TM, const TileASSubtarget &STI);
};

} // namespace llvm

#endif // TILEAS_TILEASISELLOWERING_H
