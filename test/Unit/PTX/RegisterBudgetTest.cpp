//===- RegisterBudgetTest.cpp - setmaxnreg budgets per warpgroup ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/RegisterBudget.h"
#include "PTXTestUtil.h"

#include "gtest/gtest.h"

using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

TEST(RegisterBudget, ModelBudgetsThatFitAreKept) {
  // Three warpgroups at 232, 232, 40: 504 = 3 x 168.
  WarpgroupBudgets B = valueOf(fitWarpgroupBudgets({232, 232, 40}, {0, 0, 0}));
  EXPECT_EQ(B.Budgets, (std::vector<unsigned>{232, 232, 40}));
  EXPECT_EQ(B.Launch, 168u);
}

TEST(RegisterBudget, ANeedAboveItsBudgetIsRaisedAndPaidForByTheOthers) {
  // The load warpgroup's code uses 58 registers: 64, and the two compute
  // warpgroups give 24 back between them (the first of equals first).
  WarpgroupBudgets B =
      valueOf(fitWarpgroupBudgets({232, 232, 40}, {100, 100, 58}));
  EXPECT_EQ(B.Budgets, (std::vector<unsigned>{216, 224, 64}));
  EXPECT_EQ(B.Launch, 168u);
  unsigned Sum = 0;
  for (unsigned V : B.Budgets) {
    EXPECT_EQ(V % SetmaxnregStep, 0u);
    Sum += V;
  }
  EXPECT_LE(Sum * 128, RegisterFileSize);
}

TEST(RegisterBudget, NeverBelowANeed) {
  // The first compute warpgroup gives down to its need (208); the second
  // (needing 201, so 208) gives the rest: 208 + 216 + 80 = 504.
  WarpgroupBudgets B =
      valueOf(fitWarpgroupBudgets({232, 232, 40}, {208, 201, 80}));
  EXPECT_EQ(B.Budgets, (std::vector<unsigned>{208, 216, 80}));
}

TEST(RegisterBudget, IdleAndSmallBudgetsTakeTheMinimum) {
  WarpgroupBudgets B = valueOf(fitWarpgroupBudgets({0, 20}, {0, 0}));
  EXPECT_EQ(B.Budgets, (std::vector<unsigned>{24, 24}));
  EXPECT_EQ(B.Launch, 24u);
}

TEST(RegisterBudget, NeedsBeyondTheFileAreAnError) {
  EXPECT_EQ(errorOf(fitWarpgroupBudgets({232, 232, 40}, {232, 232, 120})),
            "warpgroups need 232, 232, 120 registers per thread (584 in "
            "all); the register file gives 3 warpgroups 168 each (504)");
  EXPECT_EQ(errorOf(fitWarpgroupBudgets({232}, {300})),
            "warpgroup 0 needs 300 registers per thread, more than "
            "setmaxnreg's 256");
  EXPECT_EQ(errorOf(fitWarpgroupBudgets({232, 40}, {0})),
            "setmaxnreg budgets: 2 warpgroups, 1 needs");
}

} // namespace
