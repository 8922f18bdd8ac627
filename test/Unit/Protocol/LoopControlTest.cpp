//===- LoopControlTest.cpp - Trip counts of counted loops -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The bound (or start) for which a counted loop runs exactly T iterations,
// for every continue condition, steps of 1, 2 and 4 in either direction and
// both offsets, checked against a walk of the loop; the values of the shapes
// of issue 13 by hand; overflow and loops that never end.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/LoopControl.h"

#include "gtest/gtest.h"

#include <limits>
#include <vector>

using namespace tileas::protocol;

namespace {

std::vector<LoopControl> everyTerminatingControl() {
  std::vector<LoopControl> Out;
  for (ContinueIf C : {ContinueIf::LT, ContinueIf::LE, ContinueIf::NE,
                       ContinueIf::GT, ContinueIf::GE})
    for (int64_t Step : {-4, -2, -1, 1, 2, 4})
      for (int Offset : {0, -1}) {
        LoopControl L{Step, Offset, C};
        if (L.movesTowardsBound())
          Out.push_back(L);
      }
  return Out;
}

std::string name(const LoopControl &L) {
  return toString(L.Continue).str() + " step " + std::to_string(L.Step) +
         " offset " + std::to_string(L.Offset);
}

TEST(ProtocolLoopControl, BoundAndStartGiveExactlyTheTripCount) {
  std::vector<LoopControl> Controls = everyTerminatingControl();
  ASSERT_EQ(Controls.size(), 36u);
  for (const LoopControl &L : Controls)
    for (int64_t Trips = 1; Trips <= 20; ++Trips)
      for (int64_t Fixed : {-7, 0, 5}) {
        std::optional<int64_t> Bound = L.boundFor(Fixed, Trips);
        ASSERT_TRUE(Bound) << name(L);
        EXPECT_EQ(L.tripCount(Fixed, *Bound, 1000), Trips)
            << name(L) << " start " << Fixed << " bound " << *Bound;
        std::optional<int64_t> Start = L.startFor(Fixed, Trips);
        ASSERT_TRUE(Start) << name(L);
        EXPECT_EQ(L.tripCount(*Start, Fixed, 1000), Trips)
            << name(L) << " start " << *Start << " bound " << Fixed;
      }
}

TEST(ProtocolLoopControl, ShapesByHand) {
  // k2 = k + 2; k2 < n, from 0: n = 2T.
  EXPECT_EQ(LoopControl({2, 0, ContinueIf::LT}).boundFor(0, 3), 6);
  // Stepping by 4: n = 4T.
  EXPECT_EQ(LoopControl({4, 0, ContinueIf::LT}).boundFor(0, 3), 12);
  // k2 = k + 2; k2 != n: the bound is met exactly.
  EXPECT_EQ(LoopControl({2, 0, ContinueIf::NE}).boundFor(0, 5), 10);
  // k <= n on the induction value itself, stepping by 2: n = 2T - 3.
  EXPECT_EQ(LoopControl({2, -1, ContinueIf::LE}).boundFor(0, 4), 5);
  // Counting down by 2 from n while k2 > 0: n = 2T.
  EXPECT_EQ(LoopControl({-2, 0, ContinueIf::GT}).startFor(0, 3), 6);
  // Counting down by 1 while k2 >= 1 (GE stops one above the value read).
  EXPECT_EQ(LoopControl({-1, 0, ContinueIf::GE}).boundFor(9, 4), 6);
  // One iteration: the first test already fails.
  EXPECT_EQ(LoopControl({1, 0, ContinueIf::LT}).boundFor(0, 1), 1);
}

TEST(ProtocolLoopControl, AdjustedTestsGiveExactlyTheTripCount) {
  // The tests opt -O2 leaves: k + 1 (or k + 3, or k - 1) while k steps by 2
  // or 4, and an unsigned test's sign flip (2^31 added).
  constexpr int64_t SignFlip = std::numeric_limits<int32_t>::min();
  for (int64_t Adjust : {int64_t(1), int64_t(3), int64_t(-1), SignFlip + 4})
    for (LoopControl L : everyTerminatingControl()) {
      if (L.Offset != -1)
        continue;
      L.Adjust = Adjust;
      for (int64_t Trips = 1; Trips <= 12; ++Trips) {
        std::optional<int64_t> Bound = L.boundFor(5, Trips);
        ASSERT_TRUE(Bound) << name(L) << " adjust " << Adjust;
        EXPECT_EQ(L.tripCount(5, *Bound, 1000), Trips)
            << name(L) << " adjust " << Adjust << " bound " << *Bound;
        std::optional<int64_t> Start = L.startFor(-3, Trips);
        ASSERT_TRUE(Start) << name(L) << " adjust " << Adjust;
        EXPECT_EQ(L.tripCount(*Start, -3, 1000), Trips)
            << name(L) << " adjust " << Adjust << " start " << *Start;
      }
    }
  // k + 1 < n while k steps by 2 from 0: n = 2T - 1.
  EXPECT_EQ(LoopControl({2, -1, ContinueIf::LT, 1}).boundFor(0, 3), 5);
  // Unsigned k + 64 < n from 0 by 64, both sides flipped: the flipped bound
  // of T iterations is 64T - 2^31.
  EXPECT_EQ(LoopControl({64, -1, ContinueIf::LT, 64 + SignFlip}).boundFor(0, 3),
            192 + SignFlip);
}

TEST(ProtocolLoopControl, FixedTripCounts) {
  LoopControl Up{2, 0, ContinueIf::LT};
  EXPECT_EQ(Up.tripCount(0, 6, 100), 3);
  // A bound the first test passes already: a do-while loop runs once.
  EXPECT_EQ(Up.tripCount(0, -10, 100), 1);
  // An NE loop whose values step over its bound never ends.
  EXPECT_EQ(LoopControl({2, 0, ContinueIf::NE}).tripCount(0, 5, 1000),
            std::nullopt);
  // Nor does one that moves away from its bound.
  LoopControl Away{-1, 0, ContinueIf::LT};
  EXPECT_FALSE(Away.movesTowardsBound());
  EXPECT_EQ(Away.tripCount(0, 5, 1000), std::nullopt);
}

TEST(ProtocolLoopControl, OverflowIsReported) {
  constexpr int64_t Max = std::numeric_limits<int64_t>::max();
  constexpr int64_t Min = std::numeric_limits<int64_t>::min();
  LoopControl Up{4, 0, ContinueIf::LT};
  EXPECT_EQ(Up.boundFor(Max - 8, 3), std::nullopt);
  EXPECT_EQ(Up.boundFor(0, Max / 2), std::nullopt);
  EXPECT_EQ(Up.startFor(Min + 8, 3), std::nullopt);
  EXPECT_EQ(Up.tripCount(Max - 2, Max, 100), std::nullopt);
}

} // namespace
