//===- Jitter.cpp - Seeded latency jitter on far-memory ops ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Jitter.h"

#include <algorithm>

using namespace tileas::sim;

unsigned Jitter::draw(unsigned L) {
  if (!L)
    return L;
  unsigned Drawn = L;
  uint64_t Spread = (uint64_t(L) * Percent + 50) / 100;
  if (Spread) {
    // Uniform in [0, 2 * Spread]; the modulo bias is below 2^-50 here.
    uint64_t Offset = Stream.next() % (2 * Spread + 1);
    Drawn = unsigned(
        std::max<int64_t>(int64_t(L) - int64_t(Spread) + int64_t(Offset), 1));
  }
  // One in 10000 steps: TailPercent is a whole percentage.
  if (tail() && Stream.next() % 10000 < uint64_t(TailPercent) * 100)
    Drawn *= TailFactor;
  return Drawn;
}
