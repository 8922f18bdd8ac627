//===- TileASTargetTransformInfo.h - TileAS TTI -----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What LLVM's IR passes ask the target, as far as TileAS answers differently
// from the generic BasicTTIImpl: loop strength reduction has nothing to gain
// on a tile loop, so no formula it can find is cheaper than the loop as
// written and it rewrites nothing (docs/ir-input.md, "The pipeline").
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASTARGETTRANSFORMINFO_H
#define TILEAS_TILEASTARGETTRANSFORMINFO_H

#include "TileASSubtarget.h"

#include "llvm/CodeGen/BasicTTIImpl.h"

namespace llvm {

class TileASTargetMachine;

class TileASTTIImpl final : public BasicTTIImplBase<TileASTTIImpl> {
  using BaseT = BasicTTIImplBase<TileASTTIImpl>;
  friend BaseT;

  const TileASSubtarget *ST;
  const TileASTargetLowering *TLI;

  const TileASSubtarget *getST() const { return ST; }
  const TileASTargetLowering *getTLI() const { return TLI; }

public:
  TileASTTIImpl(const TileASTargetMachine &TM, const Function &F);

  /// Loop strength reduction rewrites induction variables into the forms
  /// addressing modes want. TileAS has none to serve: a global address is a
  /// register, a TMA coordinate an operand, and a pipelined loop pays for
  /// every loop-carried register it keeps alive across stages. A shifted
  /// induction variable (k << 7) is one ALU op either way, and LSR's rewrite
  /// of it into an induction variable of its own only adds a recurrence the
  /// modulo scheduler must carry. So no cost LSR computes is less than
  /// another: its solver finds nothing better than the loop as written and
  /// changes no instruction.
  bool isLSRCostLess(const TargetTransformInfo::LSRCost &C1,
                     const TargetTransformInfo::LSRCost &C2) const override;

  /// Registers are not what LSR should count (so it builds no IV chains).
  bool isNumRegsMajorCostOfLSR() const override { return false; }
};

} // namespace llvm

#endif // TILEAS_TILEASTARGETTRANSFORMINFO_H
