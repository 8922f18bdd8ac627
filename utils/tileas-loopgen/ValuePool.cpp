//===- ValuePool.cpp - Virtual registers of a generated loop --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ValuePool.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace loopgen {

StringRef className(RegClass C) {
  switch (C) {
  case RegClass::GPR32:
    return "gpr32";
  case RegClass::GPR64:
    return "gpr64";
  case RegClass::Pred:
    return "pred";
  case RegClass::Tile:
    return "tile";
  case RegClass::TMem:
    return "tmem";
  case RegClass::Frag:
    return "frag";
  }
  return "gpr32";
}

/// Name prefixes: short, distinct per class, and never a physical register
/// name of the target.
static StringRef prefix(RegClass C) {
  switch (C) {
  case RegClass::GPR32:
    return "s";
  case RegClass::GPR64:
    return "a";
  case RegClass::Pred:
    return "p";
  case RegClass::Tile:
    return "t";
  case RegClass::TMem:
    return "m";
  case RegClass::Frag:
    return "f";
  }
  return "v";
}

ValueId ValuePool::create(RegClass C, Where W, bool Offered) {
  Value V;
  V.Class = C;
  V.Def = W;
  V.Offered = Offered;
  V.Name = (prefix(C) + Twine(Counter[unsigned(C)]++)).str();
  ValueId Id = Values.size();
  Values.push_back(std::move(V));
  if (Offered && W != Where::Exit)
    (W == Where::Loop ? Loop : Invariant)[unsigned(C)].push_back(Id);
  return Id;
}

std::string ValuePool::use(ValueId V) {
  ++Values[V].Uses;
  return "%" + Values[V].Name;
}

std::string ValuePool::def(ValueId V) const {
  return ("%" + Values[V].Name + ":" + className(Values[V].Class)).str();
}

std::optional<ValueId> ValuePool::pickLoop(RegClass C, Random &R) const {
  const std::vector<ValueId> &L = Loop[unsigned(C)];
  if (L.empty())
    return std::nullopt;
  // Most recent unused values first: they continue the chains in flight.
  // The scan is bounded so that huge loops stay linear; older unused values
  // are left to the fold step and the exit block.
  constexpr unsigned UnusedWindow = 8, RecentWindow = 16, ScanLimit = 512;
  if (R.chance(800)) {
    ValueId Unused[UnusedWindow];
    unsigned N = 0, Scanned = 0;
    for (auto It = L.rbegin();
         It != L.rend() && N != UnusedWindow && Scanned != ScanLimit;
         ++It, ++Scanned)
      if (Values[*It].Uses == 0)
        Unused[N++] = *It;
    if (N)
      return Unused[R.below(N)];
  }
  unsigned Window = std::min<size_t>(RecentWindow, L.size());
  return L[L.size() - 1 - R.below(Window)];
}

} // namespace loopgen
} // namespace tileas
