//===- PipeSolveTest.cpp - The solve step of materialization --------------===//
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

/// A budget pool of shared memory (index 0), which pays for the mbarriers,
/// and one of tensor memory (1).
SolveInput baseInput() {
  SolveInput In;
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.BudgetCapacity = {232448, 262144};
  In.BudgetNames = {"smem_bytes", "tmem_bytes"};
  In.Cost.MbarrierBudget = 0;
  return In;
}

TEST(PipeSolve, RingDepthIsStageDistancePlusOne) {
  // A GEMM: two TMA tiles in stage 0 read by an MMA in stage 3.
  SolveInput In = baseInput();
  unsigned TmaA = addOp(In, 0, 1, TMA, true);
  unsigned TmaB = addOp(In, 0, 2, TMA, true);
  unsigned Mma = addOp(In, 3, 5, TensorCore, true);
  unsigned A = addValue(In, TmaA, 16384, 0);
  unsigned B = addValue(In, TmaB, 16384, 0);
  In.Reads = {{Mma, A, 0, false, -1}, {Mma, B, 0, false, -1}};
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 2u);
  for (unsigned I = 0; I < 2; ++I) {
    EXPECT_EQ(R.Pipes[I].Kind, PipeKind::Ring);
    EXPECT_EQ(R.Pipes[I].Depth, 4u);
    EXPECT_EQ(R.Pipes[I].Bytes, 16384u);
    ASSERT_EQ(R.Pipes[I].Consumers.size(), 1u);
    EXPECT_EQ(R.Pipes[I].Consumers[0].Op, Mma);
  }
  EXPECT_EQ(R.Pipes[0].Owner, int(TmaA));
  EXPECT_EQ(R.Pipes[1].Owner, int(TmaB));
  // Mbarrier numbers in pipe order from the first unreserved id, full then
  // empty; each names one mbarrier per slot.
  EXPECT_EQ(R.Pipes[0].FullBarrier, 1u);
  EXPECT_EQ(R.Pipes[0].EmptyBarrier, 2u);
  EXPECT_EQ(R.Pipes[1].FullBarrier, 3u);
  EXPECT_EQ(R.Pipes[1].EmptyBarrier, 4u);
  EXPECT_EQ(R.BarriersUsed, 0u); // No named barrier.
  EXPECT_EQ(R.Barriers.Mbarriers, 2u * 4 * 2);
  EXPECT_EQ(R.BudgetUsage[0], 2u * 4 * 16384 + 2 * 4 * 2 * 8);
}

TEST(PipeSolve, AsynchronousReaderReleasesWhenItsUnitCompletes) {
  // II 50: a TMA at cycle 0 (stage 0) fills a tile that an MMA reads at
  // cycle 90 (stage 1), completing 16 cycles later, at 106. The stage
  // distance asks for 2 slots, but then the refill of iteration i + 2, at
  // 0 + 2 x 50 = 100, would wait for iteration i's release at 106: the ring
  // needs ceil(106 / 50) = 3 slots. With the MMA at cycle 84 it completes
  // at exactly 100, which 2 slots cover.
  for (auto [MmaStart, Depth] : {std::pair<int64_t, unsigned>{90, 3u},
                                 std::pair<int64_t, unsigned>{84, 2u}}) {
    SolveInput In = baseInput();
    In.II = 50;
    unsigned Tma = addOp(In, 0, 0, TMA, true, 0, 200);
    unsigned Mma = addOp(In, 1, 1, TensorCore, true, MmaStart, 16);
    unsigned A = addValue(In, Tma, 16384, 0);
    In.Reads = {{Mma, A, 0, false, -1}};
    SolveResult R = solve(In);
    ASSERT_EQ(R.Pipes.size(), 1u);
    EXPECT_EQ(R.Pipes[0].Depth, Depth) << "MMA at cycle " << MmaStart;
    // Each slot: the tile and its full and empty mbarriers.
    EXPECT_EQ(R.BudgetUsage[0], Depth * (16384u + 2 * 8));
  }
}

TEST(PipeSolve, SynchronousReaderReleasesWhenItIssues) {
  // The same tile read by a shared-memory load (latency 30) on the issuing
  // thread: its release issues right after it, so 2 slots suffice.
  SolveInput In = baseInput();
  In.II = 50;
  unsigned Tma = addOp(In, 0, 0, TMA, true, 0, 200);
  unsigned Load = addOp(In, 1, 1, ALU, false, 90, 30);
  unsigned A = addValue(In, Tma, 16384, 0);
  In.Reads = {{Load, A, 0, false, -1}};
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Depth, 2u);
}

TEST(PipeSolve, PipeIdsContinueAfterEarlierLoops) {
  // The second loop of a function: its pipes are numbered after the first
  // loop's, while its barriers start again from the first unreserved id
  // (the first loop's lifetime is over).
  SolveInput In = baseInput();
  In.FirstPipeId = 3;
  unsigned Tma = addOp(In, 0, 1, TMA, true);
  unsigned Mma = addOp(In, 1, 2, TensorCore, true);
  unsigned A = addValue(In, Tma, 16384, 0);
  In.Reads = {{Mma, A, 0, false, -1}};
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Id, 3u);
  EXPECT_EQ(R.Pipes[0].FullBarrier, 1u);
  EXPECT_EQ(R.Pipes[0].EmptyBarrier, 2u);
}

TEST(PipeSolve, ReadLaterThanItsStageDeepensTheRing) {
  // Read by an op in stage 1 and, one iteration later, by one in stage 2.
  SolveInput In = baseInput();
  unsigned Producer = addOp(In, 0, 0, TMA, true);
  unsigned Near = addOp(In, 1, 1, TensorCore, true);
  unsigned Far = addOp(In, 2, 2, TensorCore, true);
  unsigned V = addValue(In, Producer, 1024, 0);
  In.Reads = {{Near, V, 0, false, -1}, {Far, V, 1, false, -1}};
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Depth, 4u); // Stage 2 + 1 iteration - stage 0, + 1.
  // Readers sorted by when they read: the stage-2 read one iteration later
  // comes last.
  EXPECT_EQ(R.Pipes[0].Consumers.front().Op, Near);
  EXPECT_EQ(R.Pipes[0].Consumers.back().Op, Far);
}

TEST(PipeSolve, SameUnitSameStageSynchronousNeedsNothing) {
  SolveInput In = baseInput();
  unsigned Writer = addOp(In, 0, 0, ALU, false);
  unsigned Reader = addOp(In, 0, 1, ALU, false);
  unsigned V = addValue(In, Writer, 4096, 0);
  In.Reads = {{Reader, V, 0, false, -1}};
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Pipes.empty());
  EXPECT_TRUE(R.Mutexes.empty());
  EXPECT_EQ(R.BarriersUsed, 0u);
}

TEST(PipeSolve, CrossingUnitsNeedsAPipeEvenInOneStage) {
  // STS on the issuer, read by an MMA in the same stage: depth 1.
  SolveInput In = baseInput();
  unsigned Sts = addOp(In, 5, 0, ALU, false);
  unsigned Mma = addOp(In, 5, 1, TensorCore, true);
  unsigned P = addValue(In, Sts, 32768, 0);
  In.Reads = {{Mma, P, 0, false, -1}};
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Kind, PipeKind::Ring);
  EXPECT_EQ(R.Pipes[0].Depth, 1u);
}

TEST(PipeSolve, AsyncValueFromBeforeTheLoopGetsAConsumerOnlyPipe) {
  SolveInput In = baseInput();
  unsigned Mma = addOp(In, 3, 0, TensorCore, true);
  unsigned Q = addValue(In, -1, 0, -1, false, /*ProducedAsync=*/true);
  In.Reads = {{Mma, Q, 0, false, -1}};
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Kind, PipeKind::ConsumerOnly);
  EXPECT_EQ(R.Pipes[0].Owner, -1);
  EXPECT_EQ(R.Barriers.Mbarriers, 1u); // Only a full barrier.
  EXPECT_EQ(R.BarriersUsed, 0u);
  // A synchronous value from before the loop needs nothing.
  In.Values[Q].ProducedAsync = false;
  EXPECT_TRUE(solve(In).Pipes.empty());
}

TEST(PipeSolve, AccumulatorReadOnlyAfterTheLoopIsDrained) {
  // MMA1 rewrites the previous iteration's MMA2 result in place; MMA2
  // rewrites MMA1's. Read only after the loop.
  SolveInput In = baseInput();
  unsigned Mma1 = addOp(In, 3, 0, TensorCore, true);
  unsigned Mma2 = addOp(In, 3, 1, TensorCore, true);
  unsigned Acc1 = addValue(In, Mma1);
  unsigned Acc2 = addValue(In, Mma2, 0, -1, /*LiveOut=*/true);
  In.Reads = {{Mma1, Acc2, 1, true, int(Acc1)},
              {Mma2, Acc1, 0, true, int(Acc2)}};
  SolveResult R = solve(In);
  EXPECT_EQ(R.GroupOf[Acc1], R.GroupOf[Acc2]);
  ASSERT_EQ(R.Pipes.size(), 1u);
  EXPECT_EQ(R.Pipes[0].Kind, PipeKind::Drain);
  EXPECT_EQ(R.Pipes[0].Owner, int(Mma1)); // The earliest producer.
  EXPECT_EQ(R.Pipes[0].Producers.size(), 2u);
  EXPECT_TRUE(R.Mutexes.empty());
}

TEST(PipeSolve, AccumulatorReadInTheLoopByAnotherUnitGetsAMutex) {
  SolveInput In = baseInput();
  unsigned Mma = addOp(In, 3, 0, TensorCore, true);
  unsigned Load = addOp(In, 4, 1, ALU, false);
  unsigned Acc = addValue(In, Mma);
  In.Reads = {{Mma, Acc, 1, true, int(Acc)}, {Load, Acc, 0, false, -1}};
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Pipes.empty());
  ASSERT_EQ(R.Mutexes.size(), 1u);
  EXPECT_EQ(R.Mutexes[0].Producers.front(), Mma);
  EXPECT_EQ(R.Mutexes[0].Consumers.front(), Load);
  // The tensor core releases it: an mbarrier, not a named barrier.
  EXPECT_TRUE(R.Mutexes[0].Mbarrier);
  EXPECT_EQ(R.Mutexes[0].Barrier, 1u);
  EXPECT_EQ(R.BarriersUsed, 0u);
  EXPECT_EQ(R.Barriers.Mbarriers, 1u);
  EXPECT_EQ(R.BudgetUsage[0], 8u);
}

TEST(PipeSolve, BufferFromBeforeTheLoopRewrittenInPlaceGetsAMutex) {
  // S = Q K^T into one tensor-memory buffer each iteration, read by TMEM_LD:
  // no ring is possible, the two must take turns.
  SolveInput In = baseInput();
  unsigned Mma = addOp(In, 3, 0, TensorCore, true);
  unsigned Load = addOp(In, 4, 1, ALU, false);
  unsigned Buffer = addValue(In, -1);
  unsigned S = addValue(In, Mma);
  In.Reads = {{Mma, Buffer, 0, true, int(S)}, {Load, S, 0, false, -1}};
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Pipes.empty());
  ASSERT_EQ(R.Mutexes.size(), 1u);
}

TEST(PipeSolve, BudgetsAndBarriersOverflowAreReportedWithTheNumbers) {
  SolveInput In = baseInput();
  unsigned Tma = addOp(In, 0, 0, TMA, true);
  unsigned Mma = addOp(In, 7, 1, TensorCore, true);
  unsigned V = addValue(In, Tma, 65536, 0);
  In.Reads = {{Mma, V, 0, false, -1}};
  SolveResult R = solve(In); // Depth 8: 512 KiB and 16 mbarriers.
  ASSERT_TRUE(R.Exceeded.has_value());
  EXPECT_EQ(R.Exceeded->Budget, 0);
  EXPECT_EQ(R.Exceeded->Need, 524288u + 16 * 8);
  EXPECT_EQ(R.Exceeded->Capacity, 232448u);
  std::string Msg = toString(budgetError(In, R));
  EXPECT_NE(Msg.find("internal error"), std::string::npos) << Msg;
  EXPECT_NE(Msg.find("524416 of smem_bytes (128 of them for 16 mbarriers) "
                     "but 232448"),
            std::string::npos)
      << Msg;

  // Three mutexes between thread groups, two named barriers left.
  In = baseInput();
  In.BarrierLimit = 3; // Named barriers 1 and 2 only.
  for (unsigned I = 0; I < 3; ++I) {
    unsigned Writer = addOp(In, 0, 2 * I, ALU, false);
    unsigned Reader = addOp(In, 0, 2 * I + 1, TMA, false);
    unsigned Acc = addValue(In, Writer);
    In.Reads.push_back({Writer, Acc, 1, true, int(Acc)});
    In.Reads.push_back({Reader, Acc, 0, false, -1});
  }
  R = solve(In);
  ASSERT_TRUE(R.Exceeded.has_value());
  EXPECT_EQ(R.Exceeded->Need, 3u);
  EXPECT_EQ(R.Exceeded->Capacity, 2u);
  Msg = toString(budgetError(In, R));
  EXPECT_NE(Msg.find("needs 3 named barriers for 3 mutexes between thread "
                     "groups, but only ids 1..2 are available"),
            std::string::npos)
      << Msg;

  // Within every budget, there is nothing to report.
  In.BarrierLimit = 16;
  R = solve(In);
  EXPECT_FALSE(R.Exceeded.has_value());
  EXPECT_FALSE(bool(budgetError(In, R)));
}

TEST(PipeSolve, MalformedInputIsReported) {
  SolveInput In = baseInput();
  addValue(In, /*Producer=*/7);
  Expected<SolveResult> R = solvePipes(In);
  ASSERT_FALSE(bool(R));
  EXPECT_NE(toString(R.takeError()).find("malformed input"), std::string::npos);
}

TEST(PipeSolve, Deterministic) {
  SolveInput In = baseInput();
  for (unsigned I = 0; I < 6; ++I) {
    unsigned P = addOp(In, I % 2, I, TMA, true);
    unsigned C = addOp(In, 2 + I % 3, 10 + I, TensorCore, true);
    unsigned V = addValue(In, P, 1024, 0);
    In.Reads.push_back({C, V, 0, false, -1});
  }
  SolveResult A = solve(In), B = solve(In);
  ASSERT_EQ(A.Pipes.size(), B.Pipes.size());
  for (unsigned I = 0; I < A.Pipes.size(); ++I) {
    EXPECT_EQ(A.Pipes[I].Owner, B.Pipes[I].Owner);
    EXPECT_EQ(A.Pipes[I].Depth, B.Pipes[I].Depth);
    EXPECT_EQ(A.Pipes[I].FullBarrier, B.Pipes[I].FullBarrier);
  }
}

} // namespace
