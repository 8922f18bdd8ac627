//===- BarrierCost.cpp - What a loop's coordination barriers cost ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Pipes/BarrierCost.h"
#include "tileas/Pipes/PipeSolve.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace pipes {

unsigned ringSlotMbarriers(const BarrierCostModel &C) {
  return C.MbarriersPerSlot > 1 ? 2 : 1;
}

unsigned pipeMbarriers(unsigned Depth, bool HasEmpty,
                       const BarrierCostModel &C) {
  return Depth * (HasEmpty ? ringSlotMbarriers(C) : 1);
}

unsigned pipeMbarriers(const Pipe &P, const BarrierCostModel &C) {
  if (P.Kind != PipeKind::Ring)
    return P.Depth;
  unsigned PerSlot = ringSlotMbarriers(C);
  unsigned Own = P.Depth * PerSlot;
  // A handoff that borrows a side uses the lender's slot barrier for it.
  if (P.FullFrom >= 0)
    Own -= P.Depth;
  if (P.EmptyFrom >= 0 && PerSlot > 1)
    Own -= P.Depth;
  return Own;
}

bool releasedByUnit(const Mutex &M, ArrayRef<LoopOp> Ops, bool UseAgents) {
  SmallVector<unsigned, 4> First, Second;
  if (!mutexSides(M, Ops, UseAgents, First, Second)) {
    auto Async = [&](unsigned Op) { return Ops[Op].Async; };
    return any_of(M.Producers, Async) || any_of(M.Consumers, Async);
  }
  // Each side unlocks after its last op in issue order; an asynchronous one
  // has its unit arrive when it completes.
  auto EndsAsync = [&](ArrayRef<unsigned> Side) {
    if (Side.empty())
      return false;
    unsigned Last = *std::max_element(
        Side.begin(), Side.end(),
        [&](unsigned A, unsigned B) { return Ops[A].Order < Ops[B].Order; });
    return Ops[Last].Async;
  };
  return EndsAsync(First) || EndsAsync(Second);
}

BarrierUse barrierUse(const SolveResult &R, const BarrierCostModel &C,
                      bool ShareTransient) {
  BarrierUse U;
  unsigned ConsumerOnly = 0, Drains = 0;
  for (const Pipe &P : R.Pipes) {
    unsigned N = pipeMbarriers(P, C);
    switch (P.Kind) {
    case PipeKind::Ring:
      U.Mbarriers += N;
      break;
    case PipeKind::ConsumerOnly:
      ConsumerOnly += N;
      break;
    case PipeKind::Drain:
      Drains += N;
      break;
    }
  }
  U.Mbarriers +=
      ShareTransient ? std::max(ConsumerOnly, Drains) : ConsumerOnly + Drains;
  for (const Mutex &M : R.Mutexes) {
    if (M.Mbarrier)
      U.Mbarriers += std::max(1u, C.MbarriersPerMutex);
    else
      U.NamedBarriers += std::max(1u, C.BarriersPerMutex);
  }
  U.MbarrierBytes = uint64_t(U.Mbarriers) * C.MbarrierBytes;
  return U;
}

BarrierUse barrierUse(const SolveResult &R, const BarrierCostModel &C) {
  bool Shared = any_of(R.Pipes, [](const Pipe &P) {
    return P.Kind == PipeKind::Drain && P.CreateAtExit;
  });
  return barrierUse(R, C, Shared);
}

} // namespace pipes
} // namespace tileas
