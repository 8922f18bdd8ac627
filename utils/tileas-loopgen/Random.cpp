//===- Random.cpp - A portable seeded random stream -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Random.h"

#include "tileas/Support/SplitMix64.h"

#include <cassert>

namespace tileas {
namespace loopgen {

static uint64_t rotl(uint64_t X, int K) { return (X << K) | (X >> (64 - K)); }

Random::Random(uint64_t Seed) {
  SplitMix64 Seeder(Seed);
  for (uint64_t &S : State)
    S = Seeder.next();
}

uint64_t Random::next() {
  uint64_t Result = rotl(State[1] * 5, 7) * 9;
  uint64_t T = State[1] << 17;
  State[2] ^= State[0];
  State[3] ^= State[1];
  State[1] ^= State[2];
  State[0] ^= State[3];
  State[2] ^= T;
  State[3] = rotl(State[3], 45);
  return Result;
}

uint64_t Random::below(uint64_t N) {
  assert(N > 0 && "empty range");
  // Rejection keeps the draw exactly uniform: values at or above the largest
  // multiple of N would favour small results.
  uint64_t Limit = UINT64_MAX - UINT64_MAX % N;
  uint64_t X;
  do
    X = next();
  while (X >= Limit);
  return X % N;
}

int64_t Random::between(int64_t Lo, int64_t Hi) {
  assert(Lo <= Hi && "empty range");
  return Lo + int64_t(below(uint64_t(Hi - Lo) + 1));
}

unsigned Random::weighted(llvm::ArrayRef<unsigned> Weights) {
  uint64_t Total = 0;
  for (unsigned W : Weights)
    Total += W;
  assert(Total > 0 && "all weights are zero");
  uint64_t X = below(Total);
  for (unsigned I = 0, E = Weights.size(); I != E; ++I) {
    if (X < Weights[I])
      return I;
    X -= Weights[I];
  }
  return Weights.size() - 1;
}

} // namespace loopgen
} // namespace tileas
