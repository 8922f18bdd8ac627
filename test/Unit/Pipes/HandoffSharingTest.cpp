//===- HandoffSharingTest.cpp - Handoffs on a lender ring's barriers ------===//
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

/// Attention's O and P for one query tile: the compute agent reads O
/// (TMEM_LD), rescales it in place (TMEM_ST) and stores P (STS), in the
/// orders given; the MMA agent's two PV MMAs read P and accumulate into O
/// (the last PV reads P when PReadByLastPv). Shared memory holds P's tile
/// and Mbarriers mbarriers.
SolveInput rescaleThenPv(unsigned Mbarriers, unsigned StOrder = 1,
                         unsigned StsOrder = 2, bool PReadByLastPv = true) {
  SolveInput In;
  In.FirstBarrier = 1;
  In.BarrierLimit = 16;
  In.BudgetCapacity = {16384 + 8 * Mbarriers};
  In.Cost.MbarrierBudget = 0;
  In.II = 100;
  In.WarpSpecialized = true;
  unsigned Ld = addOp(In, 0, 0, ALU, false, 0, 4);
  unsigned St = addOp(In, 0, StOrder, ALU, false, 10 * StOrder, 4);
  unsigned Sts = addOp(In, 0, StsOrder, ALU, false, 10 * StsOrder, 4);
  unsigned Pv1 = addOp(In, 0, 3, TensorCore, true, 40, 8);
  unsigned Pv2 = addOp(In, 0, 4, TensorCore, true, 50, 8);
  In.Ops[Ld].Agent = In.Ops[St].Agent = In.Ops[Sts].Agent = Compute;
  In.Ops[Pv1].Agent = In.Ops[Pv2].Agent = Mma;
  unsigned Init = addValue(In, -1);
  unsigned Scaled = addValue(In, St);
  unsigned Acc1 = addValue(In, Pv1);
  unsigned Acc2 = addValue(In, Pv2);
  unsigned P = addValue(In, Sts, 16384, 0);
  In.Reads = {{Ld, Init, 0, false, -1},
              {Ld, Acc2, 1, false, -1},
              {St, Init, 0, true, int(Scaled)},
              {St, Acc2, 1, true, int(Scaled)},
              {Pv1, Scaled, 0, true, int(Acc1)},
              {Pv2, Acc1, 0, true, int(Acc2)},
              {Pv1, P, 0, false, -1}};
  if (PReadByLastPv)
    In.Reads.push_back({Pv2, P, 0, false, -1});
  return In;
}

const Pipe *find(const SolveResult &R, bool Handoff) {
  for (const Pipe &P : R.Pipes)
    if (P.Kind == PipeKind::Ring && P.Handoff == Handoff)
      return &P;
  return nullptr;
}

TEST(HandoffSharing, OnlyUnderPressure) {
  // Room for both: the handoff keeps its own two mbarriers.
  SolveResult R = solve(rescaleThenPv(/*Mbarriers=*/15));
  const Pipe *O = find(R, true), *P = find(R, false);
  ASSERT_TRUE(O && P);
  EXPECT_EQ(O->FullFrom, -1);
  EXPECT_EQ(O->EmptyFrom, -1);
  EXPECT_EQ(R.Barriers.Mbarriers, 4u);
  EXPECT_EQ(R.BarriersUsed, 0u);
}

TEST(HandoffSharing, ORescaledBeforePIsStoredSharesBothOfPsBarriers) {
  // Room for two mbarriers: "P full" is committed by the compute agent
  // after the rescale, "P empty" released by the tensor core after the last
  // PV, so each of P's phases says what O's would.
  SolveResult R = solve(rescaleThenPv(/*Mbarriers=*/2));
  const Pipe *O = find(R, true), *P = find(R, false);
  ASSERT_TRUE(O && P);
  EXPECT_EQ(P->Depth, 1u);
  EXPECT_EQ(O->FullFrom, int(P->Id));
  EXPECT_EQ(O->EmptyFrom, int(P->Id));
  EXPECT_EQ(O->FullBarrier, P->FullBarrier);
  EXPECT_EQ(O->EmptyBarrier, P->EmptyBarrier);
  EXPECT_EQ(R.Barriers.Mbarriers, 2u);
  EXPECT_EQ(R.Unshared.Mbarriers, 4u);
  EXPECT_FALSE(R.Exceeded.has_value());
}

TEST(HandoffSharing, PStoredBeforeTheRescaleLendsOnlyItsEmptyBarrier) {
  // "P full" now comes before O is rescaled: its phase no longer implies
  // "O rescaled", so O keeps its full barrier.
  SolveResult R = solve(rescaleThenPv(/*Mbarriers=*/3, /*StOrder=*/2,
                                      /*StsOrder=*/1));
  const Pipe *O = find(R, true), *P = find(R, false);
  ASSERT_TRUE(O && P);
  EXPECT_EQ(O->FullFrom, -1);
  EXPECT_EQ(O->EmptyFrom, int(P->Id));
  EXPECT_NE(O->FullBarrier, P->FullBarrier);
  EXPECT_EQ(R.Barriers.Mbarriers, 3u);
  // With room for two it does not fit.
  R = solve(rescaleThenPv(/*Mbarriers=*/2, 2, 1));
  EXPECT_TRUE(R.Exceeded.has_value());
}

TEST(HandoffSharing, PReleasedBeforeTheLastPvLendsOnlyItsFullBarrier) {
  // "P empty" comes after the first PV: the second still accumulates into O.
  SolveResult R = solve(rescaleThenPv(/*Mbarriers=*/3, 1, 2,
                                      /*PReadByLastPv=*/false));
  const Pipe *O = find(R, true), *P = find(R, false);
  ASSERT_TRUE(O && P);
  EXPECT_EQ(O->FullFrom, int(P->Id));
  EXPECT_EQ(O->EmptyFrom, -1);
  EXPECT_EQ(R.Barriers.Mbarriers, 3u);
}

TEST(HandoffSharing, DeeperRingsLendNothing) {
  // P read a stage later: two slots, so an iteration's slot and phase differ
  // from the handoff's.
  SolveInput In = rescaleThenPv(/*Mbarriers=*/2);
  In.BudgetCapacity = {2 * 16384 + 2 * 8}; // Both of P's slots.
  In.Ops[3].Stage = In.Ops[4].Stage = 1;
  In.Ops[3].Start += 100;
  In.Ops[4].Start += 100;
  SolveResult R = solve(In);
  const Pipe *O = find(R, true), *P = find(R, false);
  ASSERT_TRUE(O && P);
  EXPECT_EQ(P->Depth, 2u);
  EXPECT_EQ(O->FullFrom, -1);
  EXPECT_EQ(O->EmptyFrom, -1);
  EXPECT_TRUE(R.Exceeded.has_value());
}

} // namespace
