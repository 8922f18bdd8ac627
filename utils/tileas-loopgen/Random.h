//===- Random.h - A portable seeded random stream ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// xoshiro256** seeded through SplitMix64, with uniform draws written here:
// the std:: distributions differ between standard libraries, and the
// generator promises byte-identical output for a seed everywhere.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_LOOPGEN_RANDOM_H
#define TILEAS_UTILS_LOOPGEN_RANDOM_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace tileas {
namespace loopgen {

class Random {
public:
  explicit Random(uint64_t Seed);

  uint64_t next();
  /// Uniform in [0, N); N must be positive.
  uint64_t below(uint64_t N);
  /// Uniform in [Lo, Hi]; Lo <= Hi.
  int64_t between(int64_t Lo, int64_t Hi);
  /// True with probability Permille / 1000.
  bool chance(unsigned Permille) { return below(1000) < Permille; }
  /// An index drawn with probability proportional to its weight; at least
  /// one weight must be nonzero.
  unsigned weighted(llvm::ArrayRef<unsigned> Weights);
  /// One element of a nonempty array, uniformly.
  template <typename T> const T &pick(llvm::ArrayRef<T> Items) {
    return Items[below(Items.size())];
  }

private:
  uint64_t State[4];
};

} // namespace loopgen
} // namespace tileas

#endif // TILEAS_UTILS_LOOPGEN_RANDOM_H
