//===- RingParityTest.cpp - Slot and parity of each ring use --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/RingParity.h"

#include "gtest/gtest.h"

#include <vector>

using namespace tileas::ptx;

namespace {

/// An mbarrier as `mbarrier.try_wait.parity` sees it: a count of completed
/// phases. A new barrier is in phase 0; waiting for parity P passes once the
/// phase with parity P has completed, i.e. while the current phase's parity
/// is not P (so parity 1 passes on a new barrier).
struct PhaseBarrier {
  unsigned Completed = 0;
  bool waitPasses(unsigned Parity) const { return (Completed & 1) != Parity; }
  void complete() { ++Completed; }
};

TEST(RingParity, Formulas) {
  static_assert(ringSlot(0, 4) == 0 && ringSlot(5, 4) == 1, "");
  static_assert(ringFullParity(3, 4) == 0 && ringFullParity(4, 4) == 1 &&
                    ringFullParity(8, 4) == 0,
                "");
  static_assert(ringEmptyParity(0, 4) == 1 && ringEmptyParity(4, 4) == 0, "");
  for (unsigned Depth : {1u, 2u, 3u, 5u})
    for (uint64_t K = 0; K < 40; ++K) {
      RingPosition P = ringPosition(K, Depth);
      EXPECT_EQ(P.Slot, K % Depth);
      EXPECT_EQ(P.FullParity, (K / Depth) & 1);
      EXPECT_EQ(P.EmptyParity, P.FullParity ^ 1);
    }
  // Iterations far beyond 2^32 (a counter the printer keeps in 64 bits).
  uint64_t Big = (uint64_t(1) << 40) + 7;
  EXPECT_EQ(ringSlot(Big, 3), Big % 3);
  EXPECT_EQ(ringFullParity(Big, 3), (Big / 3) & 1);
}

// Runs a producer and a consumer on one ring of real phase barriers: each
// wait must pass exactly when the protocol allows the use, never earlier
// (it would read an unfilled slot or overwrite an unreleased one) and never
// later (a deadlock).
TEST(RingParity, WaitsPassExactlyWhenAllowed) {
  for (unsigned Depth : {1u, 2u, 3u, 4u, 7u}) {
    std::vector<PhaseBarrier> Full(Depth), Empty(Depth);
    uint64_t Filled = 0, Released = 0;
    constexpr uint64_t Iterations = 50;
    // Every interleaving of a bounded-lag producer/consumer pair is a walk
    // through (Filled, Released) with Released <= Filled <= Released +
    // Depth; take the walk that alternates running ahead and draining.
    unsigned Steps = 0;
    while (Released < Iterations) {
      bool ProducerTurn = (Steps++ / (Depth + 1)) % 2 == 0;
      if (ProducerTurn && Filled < Iterations) {
        RingPosition P = ringPosition(Filled, Depth);
        bool Allowed = Filled < Released + Depth;
        EXPECT_EQ(Empty[P.Slot].waitPasses(P.EmptyParity), Allowed)
            << "depth " << Depth << " producer k " << Filled;
        // The consumer of this iteration must not pass yet.
        EXPECT_FALSE(Full[P.Slot].waitPasses(P.FullParity))
            << "depth " << Depth << " consumer k " << Filled << " early";
        if (Allowed) {
          Full[P.Slot].complete();
          ++Filled;
        }
        continue;
      }
      RingPosition C = ringPosition(Released, Depth);
      bool Allowed = Released < Filled;
      EXPECT_EQ(Full[C.Slot].waitPasses(C.FullParity), Allowed)
          << "depth " << Depth << " consumer k " << Released;
      if (Allowed) {
        Empty[C.Slot].complete();
        ++Released;
      }
    }
    EXPECT_EQ(Filled, Iterations);
  }
}

// The first Depth producer waits pass on fresh barriers; the next one does
// not until the consumer releases slot 0.
TEST(RingParity, ProducerFirstWaitsPass) {
  constexpr unsigned Depth = 4;
  std::vector<PhaseBarrier> Empty(Depth);
  for (uint64_t K = 0; K < Depth; ++K)
    EXPECT_TRUE(
        Empty[ringSlot(K, Depth)].waitPasses(ringEmptyParity(K, Depth)));
  EXPECT_FALSE(
      Empty[ringSlot(Depth, Depth)].waitPasses(ringEmptyParity(Depth, Depth)));
  Empty[0].complete();
  EXPECT_TRUE(
      Empty[ringSlot(Depth, Depth)].waitPasses(ringEmptyParity(Depth, Depth)));
}

} // namespace
