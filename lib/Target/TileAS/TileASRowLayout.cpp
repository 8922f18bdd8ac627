//===- TileASRowLayout.cpp - Whose rows a fragment value holds ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASRowLayout.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"

using namespace llvm;

namespace {

/// A lane-wise operation: each result lane from the same lane of each
/// vector operand.
bool isLanewise(const Instruction &I) {
  if (isa<BinaryOperator>(I) || isa<UnaryOperator>(I) || isa<FPTruncInst>(I) ||
      isa<PHINode>(I) || isa<SelectInst>(I))
    return true;
  if (const auto *II = dyn_cast<IntrinsicInst>(&I)) {
    switch (II->getIntrinsicID()) {
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
    case Intrinsic::maxnum:
    case Intrinsic::fabs:
    case Intrinsic::exp2:
    case Intrinsic::log2:
    case Intrinsic::sqrt:
      return true;
    default:
      return false;
    }
  }
  return false;
}

/// A shufflevector that broadcasts one lane, or repeats a fragment's four
/// lanes across a wider value (<0, 1, 2, 3, 0, 1, 2, 3, ...>).
enum class Shuffle { Other, Splat, Repeat };
Shuffle shuffleKind(const ShuffleVectorInst &S) {
  ArrayRef<int> Mask = S.getShuffleMask();
  if (all_of(Mask, [](int M) { return M == 0; }))
    return Shuffle::Splat;
  for (auto [Lane, From] : enumerate(Mask))
    if (From != int(Lane % 4))
      return Shuffle::Other;
  return Shuffle::Repeat;
}

StringRef calleeName(const Instruction &I) {
  const auto *Call = dyn_cast<CallBase>(&I);
  const Function *F = Call ? Call->getCalledFunction() : nullptr;
  return F ? F->getName() : StringRef();
}

} // namespace

bool TileAS::callsWgmma(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB)
      if (calleeName(I).starts_with("tileas.wgmma"))
        return true;
  return false;
}

bool TileAS::hasWgmmaRowLayout(const Value *V) {
  SmallVector<const Value *, 16> Work = {V};
  SmallPtrSet<const Value *, 32> Seen;
  bool FromWgmma = false;
  while (!Work.empty()) {
    const Value *Cur = Work.pop_back_val();
    if (!Seen.insert(Cur).second || isa<Constant>(Cur))
      continue;
    const auto *I = dyn_cast<Instruction>(Cur);
    if (!I)
      return false; // An argument: no accumulator's layout.
    StringRef Callee = calleeName(*I);
    if (Callee.starts_with("tileas.wgmma")) {
      FromWgmma = true;
      continue;
    }
    // A row statistic of the same layout: the printer's quad reduction of
    // a wgmma accumulator (its own operand was checked where it was
    // selected).
    if (Callee == "tileas.row.max" || Callee == "tileas.row.sum")
      continue;
    if (const auto *S = dyn_cast<ShuffleVectorInst>(I)) {
      Shuffle Kind = shuffleKind(*S);
      if (Kind == Shuffle::Other)
        return false;
      // A splat of a scalar is lane-independent; a repeat keeps lane
      // i mod 4, the row a fragment lane belongs to.
      if (Kind == Shuffle::Repeat)
        Work.push_back(S->getOperand(0));
      continue;
    }
    if (isa<InsertElementInst>(I))
      continue; // The first half of a splat (TileASIRCheck allows no other).
    if (!isLanewise(*I))
      return false;
    for (const Use &Op : I->operands())
      if (Op->getType()->isVectorTy())
        Work.push_back(Op.get());
  }
  return FromWgmma;
}
