//===- Jitter.cpp - Seeded latency jitter on far-memory ops ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Jitter.h"

#include <algorithm>

using namespace tileas::sim;

unsigned Jitter::draw(unsigned L) {
  if (!Percent || !L)
    return L;
  uint64_t Spread = (uint64_t(L) * Percent + 50) / 100;
  if (!Spread)
    return L;
  // Uniform in [0, 2 * Spread]; the modulo bias is below 2^-50 here.
  uint64_t Offset = Stream.next() % (2 * Spread + 1);
  int64_t Drawn = int64_t(L) - int64_t(Spread) + int64_t(Offset);
  return unsigned(std::max<int64_t>(Drawn, 1));
}
