//===- Jitter.cpp - Seeded latency jitter on far-memory ops ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Jitter.h"

#include <algorithm>

using namespace tileas::sim;

uint64_t Jitter::nextRandom() {
  // SplitMix64 (Steele, Lea and Flood): a Weyl sequence through a mixer.
  State += 0x9e3779b97f4a7c15ULL;
  uint64_t Z = State;
  Z = (Z ^ (Z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  Z = (Z ^ (Z >> 27)) * 0x94d049bb133111ebULL;
  return Z ^ (Z >> 31);
}

unsigned Jitter::draw(unsigned L) {
  if (!Percent || !L)
    return L;
  uint64_t Spread = (uint64_t(L) * Percent + 50) / 100;
  if (!Spread)
    return L;
  // Uniform in [0, 2 * Spread]; the modulo bias is below 2^-50 here.
  uint64_t Offset = nextRandom() % (2 * Spread + 1);
  int64_t Drawn = int64_t(L) - int64_t(Spread) + int64_t(Offset);
  return unsigned(std::max<int64_t>(Drawn, 1));
}
