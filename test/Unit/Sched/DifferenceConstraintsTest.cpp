//===- DifferenceConstraintsTest.cpp - II-parametric feasibility ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "DifferenceConstraints.h"

#include "gtest/gtest.h"

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

TEST(DifferenceConstraintsTest, PositiveCycleReportsItsWeight) {
  // Two cycles through node 0: latency 9 over distance 2 (ratio 4.5) and
  // latency 20 over distance 3 (ratio 6.67). At II 4 both are positive;
  // whichever is reported is positive there, and at II 7 none is.
  DifferenceConstraints S(4);
  S.add(0, 1, 4, 0);
  S.add(1, 0, 5, -2);
  S.add(0, 2, 10, 0);
  S.add(2, 3, 10, 0);
  S.add(3, 0, 0, -3);
  DifferenceConstraints::CycleWeight C;
  ASSERT_TRUE(S.findPositiveCycle(4, C));
  EXPECT_GT(C.A + C.B * 4, 0);
  EXPECT_TRUE((C.A == 9 && C.B == -2) || (C.A == 20 && C.B == -3));
  ASSERT_TRUE(S.findPositiveCycle(6, C));
  EXPECT_EQ(C.A, 20);
  EXPECT_EQ(C.B, -3);
  EXPECT_FALSE(S.findPositiveCycle(7, C));
}

TEST(DifferenceConstraintsTest, PositiveSelfLoopReportsItsWeight) {
  DifferenceConstraints S(2);
  S.add(0, 1, 1, 0);
  S.add(1, 1, 7, -2);
  DifferenceConstraints::CycleWeight C;
  ASSERT_TRUE(S.findPositiveCycle(3, C));
  EXPECT_EQ(C.A, 7);
  EXPECT_EQ(C.B, -2);
}

TEST(DifferenceConstraintsTest, LongCycleReportsItsWeight) {
  // The 500-node ring: its only cycle has latency 500 over distance 1.
  DifferenceConstraints S(500);
  for (unsigned I = 0; I != 500; ++I)
    S.add(I, (I + 1) % 500, 1, I == 499 ? -1 : 0);
  DifferenceConstraints::CycleWeight C;
  ASSERT_TRUE(S.findPositiveCycle(10, C));
  EXPECT_EQ(C.A, 500);
  EXPECT_EQ(C.B, -1);
}

TEST(DifferenceConstraintsTest, PositiveCoefficientIsNotMonotone) {
  DifferenceConstraints S(2);
  S.add(0, 1, 0, 1);
  EXPECT_FALSE(S.isMonotone());
}

} // namespace
