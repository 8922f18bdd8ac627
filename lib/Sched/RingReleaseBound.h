//===- RingReleaseBound.h - Ring depths late releases force -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The budget bound of a problem that carries its coordination (Problem.h,
// docs/coordination.md): the rings the coordination solve will certainly
// create, each at the least depth any schedule at a given II leaves it.
//
// A value that no op rewrites in place, produced in the loop and read in the
// same iteration by an asynchronous unit (or by another unit, or produced by
// one), always gets a ring of its own, owned by its producer p. Its depth is
// at least
//
//  * 1 + Stage(r) - Stage(p) >= 1 + floor(LP(p, r) / II) for every reader r
//    (LP: the longest distance-0 dependence path), and
//  * ceil((Start(r) + Latency(r) - Start(p)) / II) for every asynchronous
//    reader r, which releases its slot when its unit completes the read:
//    the refill depth iterations on must not come before that.
//
// The second term needs a lower bound on the latest release of the
// readers. Each reader alone starts no earlier than LP(p, r) after p; and
// readers that share a slot or a pool (the tensor core) cannot hold it at
// the same flat cycle, so the last of those that start at least a cycles
// after p holds it no earlier than a + ceil(energy / capacity) - 1 (energetic
// reasoning on the holds). Fused rings share one slot of the deeper depth
// and hold the sum of the bytes, so they never need less than the rings
// apart; warp-specialized slack only adds. The sum over the certain rings
// of bytes times least depth is thus a lower bound on each pool's usage.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_RINGRELEASEBOUND_H
#define TILEAS_LIB_SCHED_RINGRELEASEBOUND_H

#include "tileas/Sched/Problem.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {

class DepGraph;

/// The rings a problem's coordination certainly has, and their least
/// depths per II. Empty for a problem without a coordination description.
class RingReleaseDepths {
public:
  RingReleaseDepths(const Problem &P, const DepGraph &G);

  bool empty() const { return Rings.empty(); }

  /// The least usage of each budget pool of the coordination at II, the
  /// first pool over its capacity (or -1), and each ring's least depth.
  struct Need {
    std::vector<uint64_t> Least;
    std::vector<unsigned> Depth; ///< By ring, as rings() lists them.
    int Exceeded = -1;
  };
  Need need(unsigned II) const;

  /// Why II is ruled out (empty if it is not): the pool and its largest
  /// rings, naming ops by P's names. EveryII: II stands for every II (the
  /// least depths of all are 1).
  std::string explain(unsigned II, bool EveryII = false) const;

private:
  struct Ring {
    unsigned Producer;
    uint64_t Bytes;
    unsigned Budget;
    /// Least Start(r) - Start(p) of its readers (NoPath: none known).
    std::vector<int64_t> ReaderPaths;
    /// Least Start(r) + Latency(r) - Start(p) over its asynchronous readers
    /// (NoPath: none).
    int64_t Release;
  };

  const Problem &P;
  std::vector<Ring> Rings;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_RINGRELEASEBOUND_H
