//===- SerialSchedulerTest.cpp - The non-overlapped generator -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

TEST(SerialSchedulerTest, KahnOrderWithTiesByIndex) {
  // Ready at first: 0, 2, 3. Op 1 waits for 2. Issue is in order and one op
  // per cycle fits slot 1: 0, 2, 1, 3.
  ProblemBuilder B;
  for (int I = 0; I != 4; ++I)
    B.op({{1, 1}});
  B.dep(2, 1, 1);
  ScheduleResult R = scheduleSerial(B.P, SchedulerOptions());
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Sched.Ops[0].Start, 0);
  EXPECT_EQ(R.Sched.Ops[2].Start, 1);
  EXPECT_EQ(R.Sched.Ops[1].Start, 2);
  EXPECT_EQ(R.Sched.Ops[3].Start, 3);
  EXPECT_EQ(R.Sched.II, 4u);
  EXPECT_EQ(R.Sched.StageCount, 1u);
  for (const OpPlacement &Pl : R.Sched.Ops)
    EXPECT_EQ(Pl.Stage, 0u);
  EXPECT_EQ(R.Sched.Flags & SF_Serial, unsigned(SF_Serial));
  EXPECT_EQ(R.LastArm, PlacementArm::Serial);
  EXPECT_EQ(R.ArmSeats[unsigned(PlacementArm::Serial)], 4u);
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

TEST(SerialSchedulerTest, IndependentOpsOverlapWhenResourcesAllow) {
  ProblemBuilder B;
  B.op({{1, 3}});
  B.op({{2, 3}});
  ScheduleResult R = scheduleSerial(B.P, SchedulerOptions());
  ASSERT_TRUE(R.Success);
  EXPECT_EQ(R.Sched.Ops[1].Start, 0);
  EXPECT_EQ(R.Sched.II, 3u);
}

TEST(SerialSchedulerTest, LoopCarriedEdgesStretchTheInterval) {
  // The body is 4 cycles long, but op 3 feeds op 0 of the next iteration
  // with latency 10: II = 3 + 10 - 0.
  ProblemBuilder B;
  for (int I = 0; I != 4; ++I)
    B.op({{1, 1}});
  B.dep(3, 0, 10, 1);
  ScheduleResult R = scheduleSerial(B.P, SchedulerOptions());
  ASSERT_TRUE(R.Success);
  EXPECT_EQ(R.Sched.II, 13u);
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

TEST(SerialSchedulerTest, DistanceZeroCycleOfZeroLatencyIsOrdered) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 0);
  B.dep(Y, X, 0);
  ScheduleResult R = scheduleSerial(B.P, SchedulerOptions());
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

TEST(SerialSchedulerTest, ImpossibleDistanceZeroCycleFails) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 1);
  B.dep(Y, X, 1);
  ScheduleResult R = scheduleSerial(B.P, SchedulerOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_FALSE(R.Failure.Reason.empty());
}

TEST(SerialSchedulerTest, SelectionRule) {
  SchedulerOptions Opts;
  // A loop with latency to hide is pipelined however small (a GEMM k-loop
  // of two TMA loads, one MMA and its control is six ops).
  ProblemBuilder Small;
  for (int I = 0; I != 3; ++I)
    Small.op({{1, 1}}, /*Async=*/true);
  EXPECT_FALSE(selectsSerial(Small.P, Opts));
  ProblemBuilder SmallSync;
  for (int I = 0; I != 3; ++I)
    SmallSync.op({{1, 1}});
  EXPECT_TRUE(selectsSerial(SmallSync.P, Opts));

  ProblemBuilder Sync;
  for (int I = 0; I != 8; ++I)
    Sync.op({{1, 1}});
  EXPECT_TRUE(selectsSerial(Sync.P, Opts)); // No asynchronous op.

  ProblemBuilder Async = Sync;
  Async.at(3).Async = true;
  EXPECT_FALSE(selectsSerial(Async.P, Opts));

  // A far-memory load is worth pipelining too (register prefetch).
  ProblemBuilder FarLoad = Sync;
  FarLoad.at(5).FarMemory = true;
  EXPECT_FALSE(selectsSerial(FarLoad.P, Opts));

  Opts.ForceModulo = true;
  EXPECT_FALSE(selectsSerial(SmallSync.P, Opts));
  EXPECT_FALSE(selectsSerial(Sync.P, Opts));
  Opts.ForceSerial = true; // An explicit request for serial wins.
  EXPECT_TRUE(selectsSerial(Async.P, Opts));
  Opts.ForceSerial = false;
  Async.P.ForceSerial = true;
  EXPECT_TRUE(selectsSerial(Async.P, Opts));
}

TEST(SerialSchedulerTest, ScheduleLoopUsesTheSerialGeneratorWhenSelected) {
  ProblemBuilder B;
  for (int I = 0; I != 5; ++I)
    B.op({{1, 2}});
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success);
  EXPECT_EQ(R.LastArm, PlacementArm::Serial);
  EXPECT_EQ(R.Sched.II, 10u);
  EXPECT_EQ(R.Sched.Flags & (SF_Serial | SF_Converged | SF_Verified),
            unsigned(SF_Serial | SF_Converged | SF_Verified));
  EXPECT_EQ(R.Sched.ConstraintIterations, 1u);
}

} // namespace
