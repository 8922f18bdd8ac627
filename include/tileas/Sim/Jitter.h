//===- Jitter.h - Seeded latency jitter on far-memory ops -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The real machine's far-memory latency varies (a TMA load's round trip is
// not always the same). Jitter(Percent, Seed) draws, for each far-memory op
// in the order the simulator issues them, a latency uniformly from
// [L - d, L + d] with d = round(L * Percent / 100), never below 1. The draws
// come from SplitMix64 over the seed, so the same seed gives the same
// latencies on every machine and library (std:: distributions do not).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_JITTER_H
#define TILEAS_SIM_JITTER_H

#include "tileas/Support/SplitMix64.h"

#include <cstdint>

namespace tileas {
namespace sim {

class Jitter {
public:
  Jitter(unsigned Percent = 0, uint64_t Seed = 1)
      : Percent(Percent), Stream(Seed) {}

  bool enabled() const { return Percent != 0; }
  /// The latency of the next far-memory op whose nominal latency is L.
  unsigned draw(unsigned L);

private:
  unsigned Percent;
  SplitMix64 Stream;
};

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_JITTER_H
