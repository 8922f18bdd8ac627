//===- CoordinationTest.cpp - The scheduler charges what will be inserted -===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/Coordination.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr unsigned TMA = 4, TensorCore = 6, Issuer = 9;

enum : unsigned { TmaA, TmaB, MmaA, MmaB };

/// Two TMA tiles of 100 bytes, each read by an MMA 50 cycles later; the
/// barrier pool pays for the coordination, BarrierLimit - 1 ids of it.
Problem twoTileLoop(unsigned BarrierLimit, unsigned Distance = 0) {
  ProblemBuilder B;
  B.op({{1, 1}}, /*Async=*/true);
  B.op({{1, 1}}, /*Async=*/true);
  B.op({{2, 4}}, /*Async=*/true);
  B.op({{2, 4}}, /*Async=*/true);
  B.dep(TmaA, MmaA, 50, Distance);
  B.dep(TmaB, MmaB, 50);
  makeModuloEligible(B.P);

  pipes::SolveInput In;
  for (unsigned Op = 0; Op != B.P.size(); ++Op) {
    pipes::LoopOp L;
    L.Unit = Op <= TmaB ? TMA : Op <= MmaB ? TensorCore : Issuer;
    L.Async = Op <= MmaB;
    L.Latency = Op <= TmaB ? 50 : Op <= MmaB ? 4 : 1;
    In.Ops.push_back(L);
  }
  In.Values = {{int(TmaA), false, 100, int(SmemBudget), false},
               {int(TmaB), false, 100, int(SmemBudget), false}};
  In.Reads = {{MmaA, 0, Distance, false, -1}, {MmaB, 1, 0, false, -1}};
  In.FirstBarrier = 1;
  In.BarrierLimit = BarrierLimit;
  In.BudgetCapacity = {1000, BarrierLimit - 1};
  In.BudgetNames = {"smem", "barriers"};
  In.BarrierBudget = int(BarrierBudget);
  B.P.model() = smallModel();
  B.P.Coordination = In;
  return B.P;
}

TEST(Coordination, ScheduleIsAcceptedOnlyWithCoordinationThatFits) {
  // Two rings need four barriers; there are two. The scheduler orders the
  // loads before both MMAs so that one ring can hold both tiles.
  Problem P = twoTileLoop(/*BarrierLimit=*/3);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  Expected<pipes::SolveResult> C = solveCoordination(P, R.Sched);
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_FALSE(C->Exceeded.has_value());
  ASSERT_EQ(C->Pipes.size(), 1u);
  EXPECT_EQ(C->Pipes[0].Members, 2u);
  EXPECT_EQ(C->BarriersUsed, 2u);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  for (unsigned Mma : {MmaA, MmaB})
    for (unsigned Tma : {TmaA, TmaB})
      EXPECT_GE(R.Sched.Ops[Mma].Start, R.Sched.Ops[Tma].Start + 50);

  // With room for both rings, nothing is fused.
  Problem Roomy = twoTileLoop(/*BarrierLimit=*/16);
  ScheduleResult Free = scheduleLoop(Roomy, SchedulerOptions());
  ASSERT_TRUE(Free.Success);
  C = solveCoordination(Roomy, Free.Sched);
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(C->Pipes.size(), 2u);
}

TEST(Coordination, NoBarriersForEvenOneRingLeavesTheLoopWithAReason) {
  Problem P = twoTileLoop(/*BarrierLimit=*/2);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("the loop's pipes and mutexes need 2 of "
                                  "'barriers'"),
            std::string::npos)
      << R.Failure.Reason;
  EXPECT_EQ(R.Failure.Budget, int(BarrierBudget));
}

TEST(Coordination, UncoordinatableReadIsAFailureNotASchedule) {
  Problem P = twoTileLoop(/*BarrierLimit=*/16, /*Distance=*/1);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("loop-carried reads of piped values are "
                                  "not supported"),
            std::string::npos)
      << R.Failure.Reason;
}

TEST(Coordination, VerifierJudgesTheCoordinationOfASchedule) {
  Problem P = twoTileLoop(/*BarrierLimit=*/16);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  // The same schedule with one barrier: its one ring needs two.
  P.Coordination->BarrierLimit = 2;
  P.Coordination->BudgetCapacity[BarrierBudget] = 1;
  std::vector<Violation> V = verifySchedule(P, R.Sched);
  ASSERT_FALSE(V.empty());
  EXPECT_EQ(V.back().Kind, Violation::Coordination);
  EXPECT_NE(V.back().Message.find("of 'barriers'; its capacity is 1"),
            std::string::npos)
      << V.back().Message;
}

} // namespace
