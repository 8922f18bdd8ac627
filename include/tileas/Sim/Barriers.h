//===- Barriers.h - mbarrier phases with arrival times ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Barriers as the machine has them: each counts its completed phases from
// 0, one phase per arrival, and a wait with parity x passes while the count
// is odd/even as (count & 1) != x (the semantics of the protocol checker,
// ProtocolChecker.h). Arrivals may be known before they happen: an
// asynchronous unit's commit arrives when the unit completes, a cycle that
// is known when the commit issues. Such an arrival is pending until the
// simulator's clock reaches it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_BARRIERS_H
#define TILEAS_SIM_BARRIERS_H

#include "tileas/Sim/DynamicOp.h"

#include <optional>
#include <vector>

namespace tileas {
namespace sim {

class Barriers {
public:
  /// Sets barriers First .. First + Count - 1 to phase count 0 and drops
  /// their pending arrivals.
  void init(unsigned First, unsigned Count);
  /// A phase of B completes at cycle At (>= the clock).
  void arrive(unsigned B, Cycle At);
  /// Completes every pending arrival at or before Now.
  void advanceTo(Cycle Now);
  /// A wait with Parity on B passes now.
  bool passes(unsigned B, unsigned Parity) const;
  /// The earliest pending arrival on B, if any.
  std::optional<Cycle> nextArrival(unsigned B) const;
  /// The earliest pending arrival on any barrier, if any.
  std::optional<Cycle> nextArrival() const;

private:
  struct State {
    uint64_t Completed = 0;
    /// Pending arrival cycles, in increasing order.
    std::vector<Cycle> Pending;
  };
  State &at(unsigned B);

  std::vector<State> States;
  Cycle Now = 0;
};

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_BARRIERS_H
