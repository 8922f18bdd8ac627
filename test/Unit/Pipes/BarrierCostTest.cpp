//===- BarrierCostTest.cpp - The one cost function of barriers ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PipesTestUtil.h"

#include "tileas/Pipes/BarrierCost.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::pipes;
using namespace tileas::pipes::test;

namespace {

/// Shared memory (pool 0, paying for mbarriers) and the named barriers (pool
/// 1, ids 1..15), as the td machine has them.
SolveInput machine(unsigned II = 100) {
  SolveInput In;
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.BudgetCapacity = {232448, 15};
  In.BudgetNames = {"smem_bytes", "named_barriers"};
  In.BarrierBudget = 1;
  In.Cost.MbarrierBudget = 0;
  In.II = II;
  return In;
}

Pipe ring(unsigned Depth) {
  Pipe P;
  P.Kind = PipeKind::Ring;
  P.Depth = Depth;
  return P;
}

TEST(BarrierCost, ARingHasAFullAndAnEmptyMbarrierPerSlot) {
  BarrierCostModel C;
  EXPECT_EQ(pipeMbarriers(ring(1), C), 2u);
  EXPECT_EQ(pipeMbarriers(ring(4), C), 8u);
  // One barrier per slot for both sides, where the model says so.
  C.MbarriersPerSlot = 1;
  EXPECT_EQ(pipeMbarriers(ring(4), C), 4u);
}

TEST(BarrierCost, APipeAsPipeCreateDeclaresIt) {
  // What a reader of materialized MIR counts from PIPE_CREATE's $depth and
  // whether $empty names a barrier.
  BarrierCostModel C;
  EXPECT_EQ(ringSlotMbarriers(C), 2u);
  EXPECT_EQ(pipeMbarriers(3, /*HasEmpty=*/true, C), 6u);
  EXPECT_EQ(pipeMbarriers(1, /*HasEmpty=*/false, C), 1u);
  EXPECT_EQ(pipeMbarriers(3, true, C), pipeMbarriers(ring(3), C));
  C.MbarriersPerSlot = 1;
  EXPECT_EQ(ringSlotMbarriers(C), 1u);
  EXPECT_EQ(pipeMbarriers(3, true, C), 3u);
}

TEST(BarrierCost, ConsumerOnlyPipesAndDrainsHaveNoEmptySide) {
  BarrierCostModel C;
  Pipe P;
  P.Kind = PipeKind::ConsumerOnly;
  EXPECT_EQ(pipeMbarriers(P, C), 1u);
  P.Kind = PipeKind::Drain;
  EXPECT_EQ(pipeMbarriers(P, C), 1u);
}

TEST(BarrierCost, ABorrowedSideCostsNothing) {
  BarrierCostModel C;
  Pipe H = ring(1);
  H.Handoff = true;
  H.FullFrom = 0;
  EXPECT_EQ(pipeMbarriers(H, C), 1u);
  H.EmptyFrom = 0;
  EXPECT_EQ(pipeMbarriers(H, C), 0u);
}

TEST(BarrierCost, UseCountsBothKindsAndTheBytes) {
  SolveResult R;
  R.Pipes = {ring(4), ring(2)};
  Pipe CO, Drain;
  CO.Kind = PipeKind::ConsumerOnly;
  Drain.Kind = PipeKind::Drain;
  R.Pipes.push_back(CO);
  R.Pipes.push_back(Drain);
  Mutex Named, Async;
  Async.Mbarrier = true;
  R.Mutexes = {Named, Async};
  BarrierCostModel C;
  BarrierUse U = barrierUse(R, C, /*ShareTransient=*/false);
  EXPECT_EQ(U.Mbarriers, 8u + 4 + 1 + 1 + 1);
  EXPECT_EQ(U.MbarrierBytes, 15u * 8);
  EXPECT_EQ(U.NamedBarriers, 1u);
  // A drain created at the exit takes the consumer-only pipe's mbarrier.
  EXPECT_EQ(barrierUse(R, C, /*ShareTransient=*/true).Mbarriers, 14u);
  R.Pipes.back().CreateAtExit = true;
  EXPECT_EQ(barrierUse(R, C).Mbarriers, 14u);
  // The prices are the td's: change one and the cost follows.
  C.MbarrierBytes = 16;
  C.BarriersPerMutex = 2;
  U = barrierUse(R, C);
  EXPECT_EQ(U.MbarrierBytes, 14u * 16);
  EXPECT_EQ(U.NamedBarriers, 2u);
}

TEST(BarrierCost, AMutexAnAsynchronousUnitReleasesIsAnMbarrier) {
  SolveInput In = machine();
  unsigned Ld = addOp(In, 0, 0, ALU, false);
  unsigned Mma = addOp(In, 0, 1, TensorCore, true);
  Mutex M;
  M.Producers = {Mma};
  M.Consumers = {Ld};
  // The MMA's side ends on the tensor core, which arrives on completion.
  EXPECT_TRUE(releasedByUnit(M, In.Ops, /*UseAgents=*/false));
  // A synchronous writer instead: both sides end in a thread group.
  In.Ops[Mma].Async = false;
  EXPECT_FALSE(releasedByUnit(M, In.Ops, /*UseAgents=*/false));
  // An asynchronous op that is not the last of its side does not release
  // it.
  In.Ops[Mma].Async = true;
  unsigned Fix = addOp(In, 0, 2, ALU, false);
  M.Producers = {Mma, Fix};
  EXPECT_FALSE(releasedByUnit(M, In.Ops, /*UseAgents=*/false));
}

/// A buffer rewritten in place every iteration by Writer and read by a
/// reader on another unit: a mutex.
void addMutex(SolveInput &In, unsigned Order, bool AsyncWriter) {
  unsigned Writer =
      addOp(In, 0, Order, AsyncWriter ? TensorCore : ALU, AsyncWriter);
  unsigned Reader = addOp(In, 0, Order + 1, TMA, false, 0);
  unsigned Acc = addValue(In, Writer);
  In.Reads.push_back({Writer, Acc, 1, true, int(Acc)});
  In.Reads.push_back({Reader, Acc, 0, false, -1});
}

TEST(BarrierCost, NamedIdsFromTheFirstFreeOneMbarrierMutexesAfterEverything) {
  SolveInput In = machine(/*II=*/0);
  // A ring (mbarriers 1 and 2), then an asynchronous and a thread mutex.
  unsigned Tma = addOp(In, 0, 10, TMA, true);
  unsigned Mma = addOp(In, 1, 11, TensorCore, true);
  unsigned V = addValue(In, Tma, 1024, 0);
  In.Reads.push_back({Mma, V, 0, false, -1});
  addMutex(In, 0, /*AsyncWriter=*/true);
  addMutex(In, 2, /*AsyncWriter=*/false);
  SolveResult R = solve(In);
  ASSERT_EQ(R.Pipes.size(), 1u);
  ASSERT_EQ(R.Mutexes.size(), 2u);
  EXPECT_EQ(R.Pipes[0].FullBarrier, 1u);
  EXPECT_EQ(R.Pipes[0].EmptyBarrier, 2u);
  EXPECT_TRUE(R.Mutexes[0].Mbarrier);
  EXPECT_EQ(R.Mutexes[0].Barrier, 3u);
  EXPECT_FALSE(R.Mutexes[1].Mbarrier);
  EXPECT_EQ(R.Mutexes[1].Barrier, 1u); // bar.sync 1.
  EXPECT_EQ(R.BarriersUsed, 1u);
  EXPECT_EQ(R.BudgetUsage[1], 1u);
  EXPECT_EQ(R.Barriers.Mbarriers, 4u + 1);
  EXPECT_EQ(R.BudgetUsage[0], 2 * 1024 + 5 * 8u);
  EXPECT_EQ(R.Barriers, barrierUse(R, In.Cost));

  // Without pipes, the mbarrier mutex still gets a number no named mutex
  // has: the checker and the simulator know a mutex by its number.
  SolveInput NoPipes = machine(0);
  addMutex(NoPipes, 0, /*AsyncWriter=*/true);
  addMutex(NoPipes, 2, /*AsyncWriter=*/false);
  addMutex(NoPipes, 4, /*AsyncWriter=*/false);
  R = solve(NoPipes);
  ASSERT_EQ(R.Mutexes.size(), 3u);
  EXPECT_EQ(R.Mutexes[1].Barrier, 1u);
  EXPECT_EQ(R.Mutexes[2].Barrier, 2u);
  EXPECT_EQ(R.Mutexes[0].Barrier, 3u);
}

TEST(BarrierCost, EighteenRingBarriersNeedNoNamedBarrierAndNoFusion) {
  // Nine one-slot rings: 18 mbarriers, more than the 15 named barrier ids
  // that used to pay for them. Fusable as scheduled, but nothing forces it.
  SolveInput In = machine();
  for (unsigned I = 0; I < 9; ++I) {
    unsigned Tma = addOp(In, 0, I, TMA, true, I, 10);
    unsigned Mma = addOp(In, 0, 20 + I, TensorCore, true, 50 + I, 8);
    unsigned V = addValue(In, Tma, 1024, 0);
    In.Reads.push_back({Mma, V, 0, false, -1});
  }
  SolveResult R = solve(In);
  EXPECT_FALSE(R.Exceeded.has_value());
  ASSERT_EQ(R.Pipes.size(), 9u);
  for (const Pipe &P : R.Pipes)
    EXPECT_EQ(P.Members, 1u);
  EXPECT_EQ(R.Barriers.Mbarriers, 18u);
  EXPECT_EQ(R.Barriers.NamedBarriers, 0u);
  EXPECT_EQ(R.BudgetUsage[0], 9 * 1024 + 18 * 8u);
  // Shared memory that holds the tiles but not their mbarriers: fused.
  In.BudgetCapacity[0] = 9 * 1024 + 17 * 8;
  R = solve(In);
  EXPECT_FALSE(R.Exceeded.has_value());
  EXPECT_LT(R.Pipes.size(), 9u);
  EXPECT_LE(R.BudgetUsage[0], In.BudgetCapacity[0]);
}

} // namespace
