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

TEST(DifferenceConstraintsTest, PositiveCoefficientIsNotMonotone) {
  DifferenceConstraints S(2);
  S.add(0, 1, 0, 1);
  EXPECT_FALSE(S.isMonotone());
}

} // namespace
