//===- RingParity.h - Which slot and phase a ring use waits on --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A ring of Depth slots, each with a `full` and an `empty` mbarrier, is used
// by iterations k = 0, 1, 2, ...: iteration k fills and drains slot
// k mod Depth, and it is that slot's (k / Depth)-th use. Every use completes
// one phase of each of the slot's barriers, so the use waits for the phase
// numbered k / Depth, whose parity is (k / Depth) & 1:
//
//  - a consumer waits `full` with that parity
//    (`mbarrier.try_wait.parity ... [full], P`);
//  - a producer waits `empty` for the release of the slot's previous use,
//    the phase before: parity xor 1. A new mbarrier is in phase 0, and
//    waiting for parity 1 passes at once, so a producer's first wait on each
//    slot passes without any release, as it must.
//
// This is the one definition shared by the PTX printer (which computes it in
// registers or recomputes it from k), the simulator and the protocol
// checker. Depth is a ring's depth, never zero (materialization decides it
// and refuses a zero-depth ring long before this is asked).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_RINGPARITY_H
#define TILEAS_PTX_RINGPARITY_H

#include <cassert>
#include <cstdint>

namespace tileas {
namespace ptx {

/// The slot iteration K uses: K mod Depth.
constexpr unsigned ringSlot(uint64_t K, unsigned Depth) {
  assert(Depth > 0 && "a ring has at least one slot");
  return unsigned(K % Depth);
}

/// Which use of its slot iteration K is (0 for the first Depth iterations).
constexpr uint64_t ringUse(uint64_t K, unsigned Depth) {
  assert(Depth > 0 && "a ring has at least one slot");
  return K / Depth;
}

/// The parity a consumer of iteration K waits for on the slot's `full`
/// barrier: (K / Depth) & 1.
constexpr unsigned ringFullParity(uint64_t K, unsigned Depth) {
  return unsigned(ringUse(K, Depth) & 1);
}

/// The parity the producer of iteration K waits for on the slot's `empty`
/// barrier: the full parity xor 1, so the first Depth waits pass on fresh
/// barriers.
constexpr unsigned ringEmptyParity(uint64_t K, unsigned Depth) {
  return ringFullParity(K, Depth) ^ 1;
}

/// Everything one use of a ring needs, for a printer comment or a check.
struct RingPosition {
  unsigned Slot;
  unsigned FullParity;
  unsigned EmptyParity;
};

constexpr RingPosition ringPosition(uint64_t K, unsigned Depth) {
  return {ringSlot(K, Depth), ringFullParity(K, Depth),
          ringEmptyParity(K, Depth)};
}

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_RINGPARITY_H
