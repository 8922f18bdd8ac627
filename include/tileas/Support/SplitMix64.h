//===- SplitMix64.h - The project's one seeded random stream ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// SplitMix64 (Steele, Lea and Flood): a Weyl sequence (the state steps by a
// fixed odd constant) through a bijective 64-bit mixer. Every seeded draw of
// the project comes from here (random problems, loop generation, latency
// jitter, priority tie-breaks, hash keys, test fixtures), so that a seed
// gives the same numbers on every machine and standard library, which the
// std:: distributions do not promise. Header-only and free of LLVM, so that
// any library may use it without a new link.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SUPPORT_SPLITMIX64_H
#define TILEAS_SUPPORT_SPLITMIX64_H

#include <cstdint>

namespace tileas {

class SplitMix64 {
public:
  /// The step of the Weyl sequence (2^64 divided by the golden ratio, odd).
  static constexpr uint64_t Gamma = 0x9e3779b97f4a7c15ULL;

  explicit constexpr SplitMix64(uint64_t Seed) : State(Seed) {}

  /// The next value of the stream.
  constexpr uint64_t next() { return mix(State += Gamma); }

  /// The mixer alone: a bijection of 64-bit words whose output bits each
  /// depend on every input bit (a hash of X, not a stream).
  static constexpr uint64_t mix(uint64_t X) {
    X = (X ^ (X >> 30)) * 0xbf58476d1ce4e5b9ULL;
    X = (X ^ (X >> 27)) * 0x94d049bb133111ebULL;
    return X ^ (X >> 31);
  }

  /// The first value of the stream seeded with Seed: a one-shot hash of Seed.
  static constexpr uint64_t first(uint64_t Seed) { return mix(Seed + Gamma); }

private:
  uint64_t State;
};

} // namespace tileas

#endif // TILEAS_SUPPORT_SPLITMIX64_H
