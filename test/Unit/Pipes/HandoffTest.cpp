//===- HandoffTest.cpp - Mutexes between two agents as handoffs ----------===//
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

SolveInput emptyInput(bool WarpSpecialized) {
  SolveInput In;
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.WarpSpecialized = WarpSpecialized;
  return In;
}

/// Attention's S: QK (two MMAs, tensor core, agent Mma) rewrites a buffer
/// allocated before the loop; the compute agent reads it (TMEM_LD).
SolveInput scoreBuffer(bool WarpSpecialized) {
  SolveInput In = emptyInput(WarpSpecialized);
  unsigned Qk0 = addOp(In, 0, 0, TensorCore, true);
  unsigned Qk1 = addOp(In, 0, 1, TensorCore, true);
  unsigned Ld = addOp(In, 1, 2, ALU, false);
  In.Ops[Qk0].Agent = In.Ops[Qk1].Agent = Mma;
  In.Ops[Ld].Agent = Compute;
  unsigned Buffer = addValue(In, -1);
  unsigned S0 = addValue(In, Qk0);
  unsigned S1 = addValue(In, Qk1);
  In.Reads = {{Qk0, Buffer, 0, true, int(S0)},
              {Qk1, S0, 0, true, int(S1)},
              {Ld, S1, 0, false, -1}};
  return In;
}

TEST(Handoff, UnspecializedKeepsTheOneBarrierMutex) {
  SolveResult R = solve(scoreBuffer(/*WarpSpecialized=*/false));
  EXPECT_TRUE(R.Pipes.empty());
  ASSERT_EQ(R.Mutexes.size(), 1u);
  // The tensor core releases QK's side: one mbarrier, no named barrier.
  EXPECT_TRUE(R.Mutexes[0].Mbarrier);
  EXPECT_EQ(R.Barriers.Mbarriers, 1u);
  EXPECT_EQ(R.BarriersUsed, 0u);
}

TEST(Handoff, TwoAgentsAndAnAsynchronousReleaseMakeADepthOneRing) {
  SolveInput In = scoreBuffer(/*WarpSpecialized=*/true);
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Mutexes.empty());
  ASSERT_EQ(R.Pipes.size(), 1u);
  const Pipe &P = R.Pipes[0];
  EXPECT_TRUE(P.Handoff);
  EXPECT_TRUE(P.Turns);
  EXPECT_EQ(P.Kind, PipeKind::Ring);
  EXPECT_EQ(P.Depth, 1u);
  EXPECT_EQ(P.Bytes, 0u);
  // The side that comes first in an iteration (the MMA warp's QK) fills it;
  // the compute warps' read empties it.
  EXPECT_EQ(P.Owner, 0);
  EXPECT_EQ(P.Producers, (SmallVector<unsigned, 2>{0, 1}));
  ASSERT_EQ(P.Consumers.size(), 1u);
  EXPECT_EQ(P.Consumers[0].Op, 2u);
  // Its own full and empty mbarriers: one more than the mutex, charged in
  // the solve both passes share.
  EXPECT_NE(P.FullBarrier, P.EmptyBarrier);
  EXPECT_EQ(R.Barriers.Mbarriers, 2u);
  EXPECT_EQ(R.BarriersUsed, 0u);
}

TEST(Handoff, SynchronousSidesKeepTheMutex) {
  // Both sides end on the issuing warps: each unlock lands before its
  // agent can lock again, so one barrier is enough.
  SolveInput In = scoreBuffer(/*WarpSpecialized=*/true);
  In.Ops[0].Async = In.Ops[1].Async = false;
  In.Ops[0].Unit = In.Ops[1].Unit = ALU + 1;
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Pipes.empty());
  ASSERT_EQ(R.Mutexes.size(), 1u);
  // Between thread groups: a named barrier.
  EXPECT_FALSE(R.Mutexes[0].Mbarrier);
  EXPECT_EQ(R.Mutexes[0].Barrier, 1u);
  EXPECT_EQ(R.BarriersUsed, 1u);
  EXPECT_EQ(R.Barriers.Mbarriers, 0u);
}

TEST(Handoff, OneAgentKeepsTheMutex) {
  SolveInput In = scoreBuffer(/*WarpSpecialized=*/true);
  In.Ops[2].Agent = Mma;
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Pipes.empty());
  EXPECT_EQ(R.Mutexes.size(), 1u);
}

TEST(Handoff, AccumulatorRescaledThenAccumulatedHandsBackToTheReader) {
  // Attention's O: the compute agent reads it (stage 1) and rescales it in
  // place (TMEM_ST), then the tensor core accumulates into it; the next
  // iteration reads it again.
  SolveInput In = emptyInput(/*WarpSpecialized=*/true);
  unsigned Ld = addOp(In, 1, 0, ALU, false);
  unsigned St = addOp(In, 1, 1, ALU, false);
  unsigned Pv = addOp(In, 1, 2, TensorCore, true);
  In.Ops[Ld].Agent = In.Ops[St].Agent = Compute;
  In.Ops[Pv].Agent = Mma;
  unsigned Init = addValue(In, -1);
  unsigned Scaled = addValue(In, St);
  unsigned Acc = addValue(In, Pv, 0, -1, /*LiveOut=*/true);
  In.Reads = {{Ld, Init, 0, false, -1},
              {Ld, Acc, 1, false, -1},
              {St, Init, 0, true, int(Scaled)},
              {St, Acc, 1, true, int(Scaled)},
              {Pv, Scaled, 0, true, int(Acc)}};
  SolveResult R = solve(In);
  EXPECT_TRUE(R.Mutexes.empty());
  const Pipe *Handoff = nullptr;
  for (const Pipe &P : R.Pipes)
    if (P.Handoff)
      Handoff = &P;
  ASSERT_TRUE(Handoff);
  EXPECT_EQ(Handoff->Producers, (SmallVector<unsigned, 2>{Ld, St}));
  ASSERT_EQ(Handoff->Consumers.size(), 1u);
  EXPECT_EQ(Handoff->Consumers[0].Op, Pv);
  // The drain after the loop is still there, after the handoff in barriers.
  EXPECT_TRUE(
      any_of(R.Pipes, [](const Pipe &P) { return P.Kind == PipeKind::Drain; }));
}

TEST(Handoff, NeverFusedWithAnotherRing) {
  SolveInput In = scoreBuffer(/*WarpSpecialized=*/true);
  // Shared memory for five mbarriers, where the handoff and a two-slot ring
  // need six: fusing is tried, and must leave the handoff alone (its slot
  // is the buffer made before the loop).
  In.BudgetCapacity = {5 * 8};
  In.BudgetNames = {"smem_bytes"};
  In.Cost.MbarrierBudget = 0;
  In.II = 10;
  unsigned Tma = addOp(In, 0, 3, TMA, true);
  In.Ops[Tma].Agent = 2;
  // The tile is loaded before QK reads it.
  for (unsigned Op = 0; Op < 3; ++Op)
    In.Ops[Op].Start = 10 + Op;
  unsigned K = addValue(In, Tma, 1024);
  In.Reads.push_back({0, K, 0, false, -1});
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 2u);
  EXPECT_EQ(R.Pipes[1].Members, 1u);
  EXPECT_TRUE(R.Pipes[1].Handoff);
  EXPECT_EQ(R.Barriers.Mbarriers, 6u);
  EXPECT_TRUE(R.Exceeded);
}

} // namespace
