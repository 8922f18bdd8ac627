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
// The heavy tail (issue 29: 5% of loads at 3x) is a second draw from the
// same stream, made only when it is enabled (so runs without it draw as
// before): with probability TailPercent / 100 the latency, drawn as above,
// is multiplied by TailFactor.
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
  Jitter(unsigned Percent = 0, uint64_t Seed = 1, unsigned TailPercent = 0,
         unsigned TailFactor = 1)
      : Percent(Percent), TailPercent(TailPercent), TailFactor(TailFactor),
        Stream(Seed) {}

  bool enabled() const { return Percent != 0 || tail(); }
  /// The latency of the next far-memory op whose nominal latency is L.
  unsigned draw(unsigned L);

private:
  bool tail() const { return TailPercent != 0 && TailFactor > 1; }

  unsigned Percent;
  unsigned TailPercent;
  unsigned TailFactor;
  SplitMix64 Stream;
};

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_JITTER_H
