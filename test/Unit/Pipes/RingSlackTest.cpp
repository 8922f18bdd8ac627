//===- RingSlackTest.cpp - Extra ring slots for producer warps -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PipesTestUtil.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::pipes;
using namespace tileas::pipes::test;

namespace {

constexpr uint64_t Tile = 16384;

/// A GEMM's A and B tiles: TMA (the load agent) in stage 0, read by the
/// MMA warp in stage 2: rings of depth 3 that the schedule needs. Shared
/// memory holds Slots tiles.
SolveInput gemm(bool WarpSpecialized, unsigned Slack, uint64_t Slots) {
  SolveInput In;
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.BudgetCapacity = {Slots * Tile};
  In.BudgetNames = {"smem_bytes"};
  In.WarpSpecialized = WarpSpecialized;
  In.RingSlack = Slack;
  unsigned TmaA = addOp(In, 0, 0, TMA, true);
  unsigned TmaB = addOp(In, 0, 1, TMA, true);
  unsigned Mma0 = addOp(In, 2, 2, TensorCore, true);
  In.Ops[TmaA].Agent = In.Ops[TmaB].Agent = Load;
  In.Ops[Mma0].Agent = Mma;
  unsigned A = addValue(In, TmaA, Tile, 0);
  unsigned B = addValue(In, TmaB, Tile, 0);
  In.Reads = {{Mma0, A, 0, false, -1}, {Mma0, B, 0, false, -1}};
  return In;
}

TEST(RingSlack, ProducerWarpRingsGetSlotsBeyondTheScheduleWhereTheyFit) {
  SolveResult R = solve(gemm(/*WarpSpecialized=*/true, 2, 100));
  ASSERT_EQ(R.Pipes.size(), 2u);
  for (const Pipe &P : R.Pipes) {
    EXPECT_EQ(P.Slack, 2u);
    EXPECT_EQ(P.Depth, 3u + 2u);
  }
  EXPECT_EQ(R.BudgetUsage[0], 2 * 5 * Tile);
  // Each slot has its own full and empty mbarrier; no named barrier.
  EXPECT_EQ(R.Barriers.Mbarriers, 2u * 5 * 2);
  EXPECT_EQ(R.BarriersUsed, 0u);
  EXPECT_FALSE(R.Exceeded);
}

TEST(RingSlack, SlotsGoRoundRobinUntilThePoolIsFull) {
  // Room for the six slots the schedule needs and three more: the first
  // ring gets two, the second one.
  SolveResult R = solve(gemm(/*WarpSpecialized=*/true, 4, 9));
  ASSERT_EQ(R.Pipes.size(), 2u);
  EXPECT_EQ(R.Pipes[0].Slack, 2u);
  EXPECT_EQ(R.Pipes[1].Slack, 1u);
  EXPECT_EQ(R.BudgetUsage[0], 9 * Tile);
  EXPECT_FALSE(R.Exceeded);
}

TEST(RingSlack, NoRoomNoSlack) {
  SolveResult R = solve(gemm(/*WarpSpecialized=*/true, 2, 6));
  for (const Pipe &P : R.Pipes) {
    EXPECT_EQ(P.Slack, 0u);
    EXPECT_EQ(P.Depth, 3u);
  }
}

TEST(RingSlack, ASlotOfSlackPaysForItsMbarriersToo) {
  // Shared memory pays for the mbarriers: the six slots the schedule needs
  // with their twelve mbarriers, and one tile more, but not its two
  // mbarriers: no slack.
  SolveInput In = gemm(/*WarpSpecialized=*/true, 2, 7);
  In.Cost.MbarrierBudget = 0;
  In.BudgetCapacity[0] += 12 * 8;
  SolveResult R = solve(In);
  ASSERT_FALSE(R.Exceeded);
  for (const Pipe &P : R.Pipes)
    EXPECT_EQ(P.Slack, 0u);
  EXPECT_EQ(R.BudgetUsage[0], 6 * Tile + 12 * 8);
  // With its mbarriers' 16 bytes more, the first ring gets the slot.
  In.BudgetCapacity[0] += 16;
  R = solve(In);
  ASSERT_FALSE(R.Exceeded);
  EXPECT_EQ(R.Pipes[0].Slack, 1u);
  EXPECT_EQ(R.Pipes[1].Slack, 0u);
  EXPECT_EQ(R.Barriers.Mbarriers, 14u);
  EXPECT_EQ(R.BudgetUsage[0], 7 * Tile + 14 * 8);
}

TEST(RingSlack, UnspecializedRingsKeepTheScheduleDepth) {
  // One stream issues the TMA at its scheduled place: slots beyond the
  // schedule's need would never be used.
  SolveResult R = solve(gemm(/*WarpSpecialized=*/false, 2, 100));
  for (const Pipe &P : R.Pipes) {
    EXPECT_EQ(P.Slack, 0u);
    EXPECT_EQ(P.Depth, 3u);
  }
}

TEST(RingSlack, OnlyRingsAnAsynchronousUnitFillsForAnotherAgent) {
  SolveInput In = gemm(/*WarpSpecialized=*/true, 2, 100);
  // A is read by its own agent (no warp runs ahead of another); B is
  // written by the issuing thread (no far-memory latency to absorb).
  In.Ops[2].Agent = Load;
  SolveResult Same = solve(In);
  for (const Pipe &P : Same.Pipes)
    EXPECT_EQ(P.Slack, 0u);
  In = gemm(/*WarpSpecialized=*/true, 2, 100);
  In.Ops[1].Async = false;
  SolveResult Sync = solve(In);
  ASSERT_EQ(Sync.Pipes.size(), 2u);
  EXPECT_EQ(Sync.Pipes[0].Slack, 2u);
  EXPECT_EQ(Sync.Pipes[1].Slack, 0u);
}

} // namespace
