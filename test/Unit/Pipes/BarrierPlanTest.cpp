//===- BarrierPlanTest.cpp - Barriers under pressure, reads TileAS refuses ===//
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

/// Shared memory (pool 0, which pays for the mbarriers, 8 bytes each) and
/// the named barriers (pool 1, ids 1..15).
SolveInput input(uint64_t Smem = 232448, unsigned II = 100) {
  SolveInput In;
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.BudgetCapacity = {Smem, 15};
  In.BudgetNames = {"smem_bytes", "named_barriers"};
  In.BarrierBudget = 1;
  In.Cost.MbarrierBudget = 0;
  In.II = II;
  return In;
}

/// A tile loaded before the loop (consumer-only pipe) read by an MMA that
/// accumulates into a buffer read after the loop (drain).
SolveInput consumerOnlyAndDrain(uint64_t Smem) {
  SolveInput In = input(Smem);
  unsigned Mma = addOp(In, 1, 0, TensorCore, true, 120, 8);
  unsigned Q = addValue(In, -1, 0, -1, false, /*ProducedAsync=*/true);
  unsigned Acc = addValue(In, Mma, 0, -1, /*LiveOut=*/true);
  In.Reads = {{Mma, Q, 0, false, -1}, {Mma, Acc, 1, true, int(Acc)}};
  return In;
}

TEST(BarrierPlan, DrainTakesTheConsumerOnlyPipesMbarrierOnlyUnderPressure) {
  // Room for both mbarriers: each keeps its own, both created before the
  // loop. No named barrier is used.
  SolveResult R = solve(consumerOnlyAndDrain(/*Smem=*/16));
  ASSERT_EQ(R.Pipes.size(), 2u);
  EXPECT_EQ(R.Pipes[0].Kind, PipeKind::ConsumerOnly);
  EXPECT_EQ(R.Pipes[1].Kind, PipeKind::Drain);
  EXPECT_NE(R.Pipes[0].FullBarrier, R.Pipes[1].FullBarrier);
  EXPECT_FALSE(R.Pipes[1].CreateAtExit);
  EXPECT_EQ(R.Barriers.Mbarriers, 2u);
  EXPECT_EQ(R.BudgetUsage[0], 16u);
  EXPECT_EQ(R.BarriersUsed, 0u);
  EXPECT_EQ(R.BudgetUsage[1], 0u);

  // Room for one: the consumer-only pipe is over before the loop starts and
  // the drain begins after it ends, so they share it.
  R = solve(consumerOnlyAndDrain(/*Smem=*/8));
  ASSERT_EQ(R.Pipes.size(), 2u);
  EXPECT_EQ(R.Pipes[0].FullBarrier, 1u);
  EXPECT_EQ(R.Pipes[1].FullBarrier, 1u);
  EXPECT_TRUE(R.Pipes[1].CreateAtExit);
  EXPECT_FALSE(R.Pipes[0].CreateAtExit);
  EXPECT_EQ(R.Barriers.Mbarriers, 1u);
  EXPECT_EQ(R.Unshared.Mbarriers, 2u);
  EXPECT_EQ(R.BudgetUsage[0], 8u);
  EXPECT_FALSE(R.Exceeded.has_value());
}

/// Two TMA tiles of one stage, A's read by its MMA a stage later, B's by
/// its MMA BStage stages later: B's load issues at BStart, A's MMA at
/// AReader.
SolveInput twoTiles(uint64_t Smem, int64_t BStart, int64_t AReader,
                    unsigned BBytes = 16384, unsigned BStage = 1) {
  SolveInput In = input(Smem);
  unsigned TmaA = addOp(In, 0, 0, TMA, true, 0, 50);
  unsigned TmaB = addOp(In, 0, 1, TMA, true, BStart, 50);
  unsigned MmaA = addOp(In, 1, 2, TensorCore, true, AReader, 8);
  unsigned MmaB = addOp(In, BStage, 3, TensorCore, true, 30 + 100 * BStage, 8);
  unsigned A = addValue(In, TmaA, 16384, 0);
  unsigned B = addValue(In, TmaB, BBytes, 0);
  In.Reads = {{MmaA, A, 0, false, -1}, {MmaB, B, 0, false, -1}};
  return In;
}

/// Both rings two deep: 4 x 16384 bytes of tiles, 8 mbarriers unfused, 4
/// fused.
constexpr uint64_t TwoRings = 4 * 16384 + 8 * 8, Fused = 4 * 16384 + 4 * 8;

TEST(BarrierPlan, RingsAreNotFusedForBarriersAnyMore) {
  // Their 8 mbarriers fit: two rings with their own, no named barrier.
  SolveResult R = solve(twoTiles(TwoRings, 1, 60));
  ASSERT_EQ(R.Pipes.size(), 2u);
  EXPECT_EQ(R.Barriers.Mbarriers, 8u);
  EXPECT_EQ(R.Barriers.MbarrierBytes, 64u);
  EXPECT_EQ(R.BarriersUsed, 0u);
  EXPECT_EQ(R.BudgetUsage[0], TwoRings);
  EXPECT_FALSE(R.Exceeded.has_value());
}

TEST(BarrierPlan, RingsWhoseConsumersFindBothTilesReadyAreFusedUnderPressure) {
  // Shared memory for the tiles and only 4 mbarriers: one ring holds both
  // tiles, filled by both loads, waited for before A's MMA and released
  // after B's.
  SolveResult R = solve(twoTiles(Fused, 1, 60));
  ASSERT_EQ(R.Pipes.size(), 1u);
  const Pipe &P = R.Pipes[0];
  EXPECT_EQ(P.Kind, PipeKind::Ring);
  EXPECT_EQ(P.Members, 2u);
  EXPECT_EQ(P.Owner, 0);
  EXPECT_EQ(P.Producers.size(), 2u);
  ASSERT_EQ(P.Consumers.size(), 2u);
  EXPECT_EQ(P.Consumers.front().Op, 2u);
  EXPECT_EQ(P.Consumers.back().Op, 3u);
  EXPECT_EQ(P.Depth, 2u);
  EXPECT_EQ(P.Bytes, 32768u);
  EXPECT_EQ(P.FullBarrier, 1u);
  EXPECT_EQ(P.EmptyBarrier, 2u);
  EXPECT_EQ(R.Barriers.Mbarriers, 4u);
  EXPECT_EQ(R.Unshared.Mbarriers, 8u);
  EXPECT_EQ(R.BudgetUsage[0], Fused);
  EXPECT_FALSE(R.Exceeded.has_value());
}

TEST(BarrierPlan, FusedRingsKeepTheDepthALateReleaseNeeds) {
  // Both MMAs two stages on take 100 cycles: the tensor core releases the
  // slots at 330, past the refill three iterations on (300), so both rings
  // are four deep. Fused, the ring must stay four deep, not the three of
  // its stages.
  SolveInput In = twoTiles(1 << 20, 1, 230, 16384, /*BStage=*/2);
  In.Ops[2].Stage = 2;
  In.Ops[2].Latency = 100;
  In.Ops[3].Latency = 100;
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 2u);
  EXPECT_EQ(R.Pipes[0].Depth, 4u);
  EXPECT_EQ(R.Pipes[1].Depth, 4u);
  In.BudgetCapacity[0] = 8 * 16384 + 8 * 8;
  R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Members, 2u);
  EXPECT_EQ(R.Pipes[0].Depth, 4u);
}

TEST(BarrierPlan, NoFusionWhereAConsumerWouldWaitLongerThanScheduled) {
  // B's load issues at 20 and is ready at 70, but A's MMA issues at 60: one
  // wait for both would hold it 10 cycles past its cycle.
  SolveInput In = twoTiles(Fused, 20, 60);
  SolveResult R = solve(In);
  EXPECT_EQ(R.Pipes.size(), 2u);
  ASSERT_TRUE(R.Exceeded.has_value());
  EXPECT_EQ(R.Exceeded->Budget, 0);
  EXPECT_EQ(R.Exceeded->Need, TwoRings);

  // The scheduler is told what would make them fusable, and keep them so:
  // each load at least its latency before the other tile's MMA (B's before
  // A's is the one missing, 10 cycles late).
  std::vector<FusionProposal> F = proposeFusions(In, R);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].PipeA, 0u);
  EXPECT_EQ(F[0].PipeB, 1u);
  EXPECT_EQ(F[0].Lateness, 10);
  EXPECT_EQ(F[0].Excess, 0u);
  ASSERT_EQ(F[0].Orderings.size(), 2u);
  EXPECT_EQ(F[0].Orderings[0].Before, 0u); // A's load before B's MMA.
  EXPECT_EQ(F[0].Orderings[0].After, 3u);
  EXPECT_EQ(F[0].Orderings[1].Before, 1u); // B's load before A's MMA.
  EXPECT_EQ(F[0].Orderings[1].After, 2u);
  EXPECT_EQ(F[0].Orderings[1].Latency, 50u);
  EXPECT_EQ(F[0].Orderings[1].Distance, 0u);

  // With the ordering in the schedule (A's MMA at 70), they fuse.
  In.Ops[2].Start = 70;
  EXPECT_EQ(solve(In).Pipes.size(), 1u);
}

TEST(BarrierPlan, NoFusionThatWouldExceedSharedMemory) {
  // A's ring is 2 deep, B's 3: fused, both tiles would be 3 deep, which
  // costs more than the 4 mbarriers fusing saves.
  SolveInput In = twoTiles(0, 1, 60, /*BBytes=*/65536, /*BStage=*/2);
  uint64_t Rings = 2 * 16384 + 3 * 65536 + (4 + 6) * 8;
  In.BudgetCapacity[0] = Rings - 1;
  SolveResult R = solve(In);
  EXPECT_EQ(R.Pipes.size(), 2u);
  ASSERT_TRUE(R.Exceeded.has_value());
  EXPECT_EQ(R.Exceeded->Budget, 0);
  EXPECT_EQ(R.Exceeded->Need, Rings);
  std::vector<FusionProposal> F = proposeFusions(In, R);
  ASSERT_EQ(F.size(), 1u);
  EXPECT_EQ(F[0].Lateness, 0);
  // A's third copy, less the 4 mbarriers fusing saves, and the byte over.
  EXPECT_EQ(F[0].Excess, 16384u - 4 * 8 + 1);
}

TEST(BarrierPlan, RingsFilledByDifferentUnitsAreNotFused) {
  // B written by the issuing thread: a commit after it would not cover the
  // TMA load of A.
  SolveInput In = twoTiles(Fused, 1, 60);
  In.Ops[1].Unit = ALU;
  In.Ops[1].Async = false;
  SolveResult R = solve(In);
  EXPECT_EQ(R.Pipes.size(), 2u);
  EXPECT_TRUE(proposeFusions(In, R).empty());
  // B's load a stage after A's: one slot would have to be acquired before
  // A's load and committed after B's, three deep instead of two: that costs
  // more bytes than the mbarriers it saves.
  In = twoTiles(Fused, 1, 60, 16384, /*BStage=*/2);
  In.Ops[1].Stage = 1;
  In.Ops[1].Start = 100;
  In.Ops[2].Start = 150;
  R = solve(In);
  EXPECT_EQ(R.Pipes.size(), 2u);
}

TEST(BarrierPlan, RingReadAnIterationLaterIsUnsupported) {
  SolveInput In = input();
  unsigned Tma = addOp(In, 0, 0, TMA, true, 0, 50);
  unsigned Mma = addOp(In, 0, 1, TensorCore, true, 60, 8);
  unsigned V = addValue(In, Tma, 16384, 0);
  In.Reads = {{Mma, V, 1, false, -1}};
  SolveResult R = solve(In);
  ASSERT_TRUE(R.Unsupported.has_value());
  EXPECT_EQ(R.Unsupported->Kind, UncoordinatedRead::Carried);
  EXPECT_EQ(R.Unsupported->R.Op, Mma);
  EXPECT_EQ(R.Unsupported->Producer, Tma);
  EXPECT_FALSE(R.Unsupported->Fix.has_value());
}

TEST(BarrierPlan, ReadBetweenTwoRewritesOfARingIsUnsupported) {
  // MMA1 writes S, a TMEM load reads it, MMA2 rewrites it in place: the
  // ring's one commit (after MMA2) would come after the load's wait.
  SolveInput In = input();
  unsigned Mma1 = addOp(In, 0, 0, TensorCore, true, 0, 8);
  unsigned Load = addOp(In, 0, 1, ALU, false, 10, 4);
  unsigned Mma2 = addOp(In, 0, 2, TensorCore, true, 20, 8);
  unsigned S1 = addValue(In, Mma1);
  unsigned S2 = addValue(In, Mma2);
  In.Reads = {{Load, S1, 0, false, -1}, {Mma2, S1, 0, true, int(S2)}};
  SolveResult R = solve(In);
  ASSERT_TRUE(R.Unsupported.has_value());
  EXPECT_EQ(R.Unsupported->Kind, UncoordinatedRead::BetweenRewrites);
  EXPECT_EQ(R.Unsupported->R.Op, Load);
  EXPECT_EQ(R.Unsupported->Producer, Mma2);
  // Read after the last rewrite instead: a ring like any other.
  In.Ops[Load].Start = 30;
  In.Ops[Load].Order = 3;
  EXPECT_FALSE(solve(In).Unsupported.has_value());
}

/// A buffer allocated before the loop that an MMA rewrites in place every
/// iteration, read by TMEM loads: a mutex.
SolveInput mutexLoop(int64_t LoadStart, unsigned LoadOrder, int64_t MmaStart) {
  SolveInput In = input();
  unsigned Mma = addOp(In, 1, 1, TensorCore, true, MmaStart, 8);
  unsigned Load = addOp(In, 0, LoadOrder, ALU, false, LoadStart, 4);
  unsigned Buffer = addValue(In, -1);
  unsigned S = addValue(In, Mma);
  In.Reads = {{Mma, Buffer, 0, true, int(S)}, {Load, S, 0, false, -1}};
  (void)Load;
  return In;
}

TEST(BarrierPlan, MutexRegionsMustNotInterleave) {
  SolveInput In = mutexLoop(/*LoadStart=*/90, /*LoadOrder=*/2, 60);
  SolveResult R = solve(In);
  ASSERT_EQ(R.Mutexes.size(), 1u);
  EXPECT_FALSE(R.Unsupported.has_value());

  // A second reader before the rewrite: readers on both sides of it.
  unsigned Early = addOp(In, 0, 0, ALU, false, 10, 4);
  In.Reads.push_back({Early, 1, 0, false, -1});
  R = solve(In);
  ASSERT_TRUE(R.Unsupported.has_value());
  EXPECT_EQ(R.Unsupported->Kind, UncoordinatedRead::BetweenRewrites);
  EXPECT_EQ(R.Unsupported->R.Op, Early);
  EXPECT_EQ(R.Unsupported->Producer, 0u);
}

TEST(BarrierPlan, MutexWhoseNextIterationEntersTooEarlyAsksForAnOrdering) {
  // Readers first (cycle 10), the rewrite at 150: with II 100 the next
  // iteration's readers (at 110) would enter before this rewrite left.
  SolveInput In = mutexLoop(/*LoadStart=*/10, /*LoadOrder=*/0, 150);
  SolveResult R = solve(In);
  ASSERT_TRUE(R.Unsupported.has_value());
  EXPECT_EQ(R.Unsupported->Kind, UncoordinatedRead::OverlapsNextIteration);
  ASSERT_TRUE(R.Unsupported->Fix.has_value());
  EXPECT_EQ(R.Unsupported->Fix->Before, 0u); // The rewrite ...
  EXPECT_EQ(R.Unsupported->Fix->After, 1u);  // ... before the next read.
  EXPECT_EQ(R.Unsupported->Fix->Distance, 1u);
  // The rewrite at 90 leaves before the next iteration enters at 110.
  In.Ops[0].Start = 90;
  EXPECT_FALSE(solve(In).Unsupported.has_value());
}

TEST(BarrierPlan, SameInputSamePlan) {
  SolveInput In = twoTiles(Fused, 1, 60);
  SolveResult A = solve(In), B = solve(In);
  ASSERT_EQ(A.Pipes.size(), B.Pipes.size());
  for (unsigned I = 0; I < A.Pipes.size(); ++I) {
    EXPECT_EQ(A.Pipes[I].Producers, B.Pipes[I].Producers);
    EXPECT_EQ(A.Pipes[I].FullBarrier, B.Pipes[I].FullBarrier);
  }
}

} // namespace
