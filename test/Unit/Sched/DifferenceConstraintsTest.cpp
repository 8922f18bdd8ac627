//===- DifferenceConstraintsTest.cpp - II-parametric feasibility ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "DifferenceConstraints.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <utility>

using namespace tileas;

namespace {

TEST(DifferenceConstraintsTest, RecurrenceBecomesFeasibleAtItsRatio) {
  // Cycle of latency 9 over distance 2: positive below II 4.5.
  DifferenceConstraints S(3);
  S.add(0, 1, 4, 0);
  S.add(1, 2, 5, 0);
  S.add(2, 0, 0, -2);
  EXPECT_TRUE(S.isMonotone());
  EXPECT_TRUE(S.hasPositiveCycle(4));
  EXPECT_FALSE(S.hasPositiveCycle(5));
  EXPECT_FALSE(S.hasPositiveCycle(100));
}

TEST(DifferenceConstraintsTest, PositiveSelfLoop) {
  DifferenceConstraints S(2);
  S.add(1, 1, 3, -1);
  EXPECT_TRUE(S.hasPositiveCycle(2));
  EXPECT_FALSE(S.hasPositiveCycle(3));
}

TEST(DifferenceConstraintsTest, LongCycleIsFound) {
  // A ring of 500 nodes with one unit of slack missing.
  DifferenceConstraints S(500);
  for (unsigned I = 0; I != 500; ++I)
    S.add(I, (I + 1) % 500, 1, I == 499 ? -1 : 0);
  EXPECT_TRUE(S.hasPositiveCycle(499));
  EXPECT_FALSE(S.hasPositiveCycle(500));
}

/// (A, B) of the positive cycle S reports at II, or (0, 0) if none.
std::pair<int64_t, int64_t> positiveCycleAt(DifferenceConstraints &S,
                                            int64_t II) {
  DifferenceConstraints::CycleWeight C;
  if (!S.findPositiveCycle(II, C))
    return {0, 0};
  return {C.A, C.B};
}

using Weight = std::pair<int64_t, int64_t>;

TEST(DifferenceConstraintsTest, PositiveCycleReportsItsWeight) {
  // Two cycles through node 0: latency 9 over distance 2 (ratio 4.5) and
  // latency 20 over distance 3 (ratio 6.67). At II 4 both are positive,
  // and whichever is reported is; at II 6 only the second; at 7 none.
  DifferenceConstraints S(4);
  S.add(0, 1, 4, 0);
  S.add(1, 0, 5, -2);
  S.add(0, 2, 10, 0);
  S.add(2, 3, 10, 0);
  S.add(3, 0, 0, -3);
  Weight AtFour = positiveCycleAt(S, 4);
  EXPECT_TRUE(AtFour == Weight(9, -2) || AtFour == Weight(20, -3));
  EXPECT_EQ(positiveCycleAt(S, 6), Weight(20, -3));
  EXPECT_EQ(positiveCycleAt(S, 7), Weight(0, 0));
}

TEST(DifferenceConstraintsTest, PositiveSelfLoopReportsItsWeight) {
  DifferenceConstraints S(2);
  S.add(0, 1, 1, 0);
  S.add(1, 1, 7, -2);
  EXPECT_EQ(positiveCycleAt(S, 3), Weight(7, -2));
}

TEST(DifferenceConstraintsTest, LongCycleReportsItsWeight) {
  // The 500-node ring: its only cycle has latency 500 over distance 1.
  DifferenceConstraints S(500);
  for (unsigned I = 0; I != 500; ++I)
    S.add(I, (I + 1) % 500, 1, I == 499 ? -1 : 0);
  EXPECT_EQ(positiveCycleAt(S, 10), Weight(500, -1));
}

TEST(DifferenceConstraintsTest, PositiveCoefficientIsNotMonotone) {
  DifferenceConstraints S(2);
  S.add(0, 1, 0, 1);
  EXPECT_FALSE(S.isMonotone());
}

} // namespace
