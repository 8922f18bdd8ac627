//===- CoordinationTest.cpp - The scheduler charges what will be inserted -===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/Coordination.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr unsigned TMA = 4, TensorCore = 6, Issuer = 9;

enum : unsigned { TmaA, TmaB, MmaA, MmaB };

/// Gives B's loop the coordination In, with Smem bytes of shared memory
/// (rings and their 8-byte mbarriers) and the barrier pool's 15 ids.
Problem withCoordination(ProblemBuilder &B, pipes::SolveInput In,
                         uint64_t Smem) {
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.BudgetCapacity = {Smem, 15};
  In.BudgetNames = {"smem", "barriers"};
  In.BarrierBudget = int(BarrierBudget);
  In.Cost.MbarrierBudget = int(SmemBudget);
  B.P.model() = smallModel();
  B.P.Coordination = std::move(In);
  return B.P;
}

/// Two TMA tiles of 100 bytes, each read by an MMA 50 cycles later; the
/// shared memory (Smem bytes) pays for the rings and their mbarriers (8
/// bytes each), the barrier pool's 15 ids for named barriers.
Problem twoTileLoop(uint64_t Smem, unsigned Distance = 0) {
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
  return withCoordination(B, std::move(In), Smem);
}

/// A TMA tile that a synchronous op rewrites in place (a part stored into
/// it) before an MMA reads it, each step 50 cycles after the one before:
/// one ring with two producers, whose depth spans from the TMA to the MMA.
Problem inPlaceChain(uint64_t Smem) {
  ProblemBuilder B;
  unsigned Tma = B.op({{1, 1}}, /*Async=*/true);
  unsigned Into = B.op({{3, 1}});
  unsigned Mma = B.op({{2, 4}}, /*Async=*/true);
  B.dep(Tma, Into, 50);
  B.dep(Into, Mma, 50);
  makeModuloEligible(B.P);

  pipes::SolveInput In;
  for (unsigned Op = 0; Op != B.P.size(); ++Op) {
    pipes::LoopOp L;
    L.Unit = Op == Tma ? TMA : Op == Mma ? TensorCore : Issuer;
    L.Async = Op != Into;
    L.Latency = Op == Mma ? 4 : 50;
    In.Ops.push_back(L);
  }
  In.Values = {{int(Tma), false, 100, int(SmemBudget), false},
               {int(Into), false, 100, int(SmemBudget), false}};
  In.Reads = {{Into, 0, 0, true, 1}, {Mma, 1, 0, false, -1}};
  return withCoordination(B, std::move(In), Smem);
}

TEST(Coordination, ScheduleIsAcceptedOnlyWithCoordinationThatFits) {
  // One slot of each ring is 200 bytes of tiles and 4 mbarriers (32 bytes);
  // there are 216. The scheduler orders the loads before both MMAs so that
  // one ring, with one full and one empty mbarrier, holds both tiles.
  Problem P = twoTileLoop(/*Smem=*/216);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  Expected<pipes::SolveResult> C = solveCoordination(P, R.Sched);
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  EXPECT_FALSE(C->Exceeded.has_value());
  ASSERT_EQ(C->Pipes.size(), 1u);
  EXPECT_EQ(C->Pipes[0].Members, 2u);
  EXPECT_EQ(C->Barriers.Mbarriers, 2u);
  EXPECT_EQ(C->BudgetUsage[SmemBudget], 216u);
  EXPECT_EQ(C->BarriersUsed, 0u);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  for (unsigned Mma : {MmaA, MmaB})
    for (unsigned Tma : {TmaA, TmaB})
      EXPECT_GE(R.Sched.Ops[Mma].Start, R.Sched.Ops[Tma].Start + 50);

  // With room for both rings, nothing is fused, however many mbarriers
  // they have: the named barriers do not pay for them.
  Problem Roomy = twoTileLoop(/*Smem=*/100000);
  ScheduleResult Free = scheduleLoop(Roomy, SchedulerOptions());
  ASSERT_TRUE(Free.Success);
  C = solveCoordination(Roomy, Free.Sched);
  ASSERT_TRUE(bool(C));
  EXPECT_EQ(C->Pipes.size(), 2u);
  EXPECT_GT(C->Barriers.Mbarriers, 15u);
  EXPECT_EQ(C->BarriersUsed, 0u);
}

TEST(Coordination, NoRoomForEvenOneRingsMbarriersLeavesTheLoopWithAReason) {
  // The tiles fit, one slot each, but not the mbarriers of even one ring.
  Problem P = twoTileLoop(/*Smem=*/200);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("the loop's pipes and mutexes need 216 of "
                                  "'smem'"),
            std::string::npos)
      << R.Failure.Reason;
  EXPECT_EQ(R.Failure.Budget, int(SmemBudget));
}

TEST(Coordination, UncoordinatableReadIsAFailureNotASchedule) {
  Problem P = twoTileLoop(/*Smem=*/100000, /*Distance=*/1);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("loop-carried reads of piped values are "
                                  "not supported"),
            std::string::npos)
      << R.Failure.Reason;
}

TEST(Coordination, VerifierJudgesTheCoordinationOfASchedule) {
  Problem P = twoTileLoop(/*Smem=*/300);
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success);
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  // The same schedule with room for its tiles but not their mbarriers.
  Expected<pipes::SolveResult> C = solveCoordination(P, R.Sched);
  ASSERT_TRUE(bool(C));
  uint64_t Tiles = C->BudgetUsage[SmemBudget] - C->Barriers.MbarrierBytes;
  P.Coordination->BudgetCapacity[SmemBudget] = Tiles;
  std::vector<Violation> V = verifySchedule(P, R.Sched);
  ASSERT_FALSE(V.empty());
  EXPECT_EQ(V.back().Kind, Violation::Coordination);
  EXPECT_NE(V.back().Message.find(
                formatv("of 'smem'; its capacity is {0}", Tiles).str()),
            std::string::npos)
      << V.back().Message;
}

TEST(Coordination, ARingWrittenInPlaceIsCappedAtEveryProducer) {
  // Unrefined, the MMA runs stages after the TMA and the ring is deeper
  // than the pool holds; refinement must cap the in-place producer as well
  // as the TMA, or the MMA stays late and the ring keeps its depth.
  Problem Roomy = inPlaceChain(/*Smem=*/100000);
  ScheduleResult Free = scheduleLoop(Roomy, SchedulerOptions());
  ASSERT_TRUE(Free.Success) << Free.Failure.Reason;
  Expected<pipes::SolveResult> Deep = solveCoordination(Roomy, Free.Sched);
  ASSERT_TRUE(bool(Deep));
  ASSERT_GT(Deep->BudgetUsage[SmemBudget], 150u)
      << "the unrefined ring must overflow for this test to mean much";

  Problem P = inPlaceChain(/*Smem=*/150);
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_TRUE(verifySchedule(P, R.Sched).empty());
  Expected<pipes::SolveResult> C = solveCoordination(P, R.Sched);
  ASSERT_TRUE(bool(C));
  EXPECT_LE(C->BudgetUsage[SmemBudget], 150u);
}

} // namespace
