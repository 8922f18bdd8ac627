//===- TileASTargetTransformInfo.cpp - TileAS TTI -------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASTargetTransformInfo.h"
#include "TileASTargetMachine.h"

using namespace llvm;

TileASTTIImpl::TileASTTIImpl(const TileASTargetMachine &TM, const Function &F)
    : BaseT(&TM, F.getDataLayout()), ST(TM.getSubtargetImpl(F)),
      TLI(ST->getTargetLowering()) {}

bool TileASTTIImpl::isLSRCostLess(const TargetTransformInfo::LSRCost &,
                                  const TargetTransformInfo::LSRCost &) const {
  return false;
}
