//===- PropertyTest.cpp - Seeded random loops, every schedule checked -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RandomProblem.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

#include <cstdio>

using namespace tileas;

namespace {

struct Tally {
  unsigned Loops = 0, AtMII = 0;
  uint64_t SumII = 0, SumMII = 0;
};

/// Schedules Count seeded problems of 20..Max ops; every one must succeed,
/// verify, and respect II >= MII.
Tally run(unsigned Count, unsigned MaxOps, bool Constraints) {
  Tally T;
  for (unsigned Seed = 1; Seed <= Count; ++Seed) {
    RandomProblemOptions RO;
    RO.NumOps = 20 + (Seed * 37) % (MaxOps - 19);
    RO.Seed = Seed;
    RO.Budgets = RO.Groups = RO.DepthLimits = Constraints;
    Problem P = makeRandomProblem(RO);
    SchedulerOptions Opts;
    Opts.Verify = true;
    Opts.ForceModulo = true;
    ScheduleResult R = scheduleLoop(P, Opts);
    EXPECT_TRUE(R.Success) << P.Name << ": " << R.Failure.Reason;
    if (!R.Success)
      continue;
    EXPECT_TRUE(R.Sched.Flags & SF_Verified) << P.Name;
    EXPECT_TRUE(verifySchedule(P, R.Sched).empty()) << P.Name;
    unsigned MII = R.Bounds.mii();
    EXPECT_GE(R.Sched.II, MII) << P.Name;
    ++T.Loops;
    T.AtMII += R.Sched.II == MII;
    T.SumII += R.Sched.II;
    T.SumMII += MII;
  }
  std::printf("%u loops, %u at MII, sum(II)/sum(MII) = %.4f\n", T.Loops,
              T.AtMII, double(T.SumII) / double(T.SumMII));
  return T;
}

TEST(PropertyTest, PlainLoopsMostlyReachTheBound) {
  Tally T = run(120, 150, /*Constraints=*/false);
  ASSERT_EQ(T.Loops, 120u);
  // Measured: 119 of 120 at the bound, sum(II)/sum(MII) 1.0001 (on the
  // problems of the td model; 102 and 1.005 on the earlier hand-written
  // model before exactly saturated slots got bin layouts and forced seats
  // followed Rau). The bars sit a little below, so that a real regression
  // fails them.
  EXPECT_GE(T.AtMII * 100, T.Loops * 95) << T.AtMII << " of " << T.Loops;
  EXPECT_LE(T.SumII * 1000, T.SumMII * 1002);
}

TEST(PropertyTest, ConstrainedLoopsAreAlwaysLegal) {
  Tally T = run(120, 150, /*Constraints=*/true);
  ASSERT_EQ(T.Loops, 120u);
  // Measured: 115 of 120, 1.0005 (94 and 1.008 before, as above).
  EXPECT_GE(T.AtMII * 100, T.Loops * 92) << T.AtMII << " of " << T.Loops;
  EXPECT_LE(T.SumII * 1000, T.SumMII * 1004);
}

} // namespace
