//===- PlacementArmsTest.cpp - Each placement arm on a case built for it --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PlacementArms.h"
#include "IterativeModulo.h"
#include "ModuloState.h"
#include "SchedTestUtil.h"
#include "ScheduleBuilder.h"

#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

/// A placement state at a fixed II over a problem built by the test.
struct Harness {
  explicit Harness(Problem P, unsigned II)
      : P(std::move(P)), Ctx(this->P, Opts, {}), State(Ctx, II),
        Order(computePriority(Ctx, II)), Arms(State, Order, Opts) {}

  unsigned unitOf(unsigned Op) const { return Ctx.units().unitOf(Op); }
  std::vector<int64_t> starts() const {
    return std::vector<int64_t>(State.starts().begin(), State.starts().end());
  }
  std::vector<uint64_t> rows() const {
    std::vector<uint64_t> Out;
    for (unsigned R = 0; R != State.ii(); ++R)
      Out.push_back(State.table().row(R));
    return Out;
  }

  Problem P;
  SchedulerOptions Opts;
  PlacementContext Ctx;
  ModuloState State;
  PriorityOrder Order;
  PlacementArms Arms;
};

TEST(PlacementArmsTest, PermuteSeatsAtTheFirstLegalCycle) {
  ProblemBuilder B;
  unsigned A = B.op({{1, 1}}), C = B.op({{1, 1}});
  B.dep(A, C, 3);
  Harness H(B.P, 4);
  RetryOverlay Overlay(2);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(A), Overlay), PlacementArm::Permute);
  EXPECT_EQ(H.State.start(A), 0);
  EXPECT_TRUE(H.Arms.permute(H.unitOf(C)));
  EXPECT_EQ(H.State.start(C), 3);
}

TEST(PlacementArmsTest, PermuteRotatesTheOrderOfAGroup) {
  // G = {X, Y} shares a stage. X goes first by priority and fits at 0, but
  // then Y (not before 2, slot 2 busy in rows 2 and 3) cannot join it in
  // stage 0; with Y first (at 4, stage 1), X follows in stage 1.
  ProblemBuilder B;
  unsigned X = B.op({{1, 1}}), Y = B.op({{2, 1}});
  unsigned Pred = B.op({{3, 1}}), Block = B.op({{2, 2}});
  unsigned Tail = B.op();
  B.dep(X, Tail, 9); // Gives X the higher priority; Tail stays unplaced.
  B.dep(Pred, Y, 2);
  B.P.addGroup({0, -1, 0});
  B.at(X).Group = 0;
  B.at(Y).Group = 0;
  Harness H(B.P, 4);
  H.State.seat(Pred, 0);
  H.State.seat(Block, 2);
  ASSERT_LT(H.Order.Position[X], H.Order.Position[Y]);
  EXPECT_TRUE(H.Arms.permute(H.unitOf(X)));
  EXPECT_EQ(H.State.start(Y), 4);
  EXPECT_EQ(H.State.stageOfCycle(H.State.start(X)), 1);
}

/// II 5, slot 1: A holds rows 0-1, B row 3; C needs two free rows in a row
/// and there are none. AToC / BToC relate A or B to C (a harmless
/// loop-carried edge) so that FUSE may not lift them. With Spare, a fourth
/// op, never seated, also holds the slot: with a demand above II the slot
/// gets no bin layout (ModuloState::onLayout), which would rule out this
/// fragmentation for the arms in the first place.
Problem fragmentedSlot(bool AToC, bool BToC, bool Spare = true) {
  ProblemBuilder B;
  unsigned A = B.op({{1, 2}}), Bo = B.op({{1, 1}}), C = B.op({{1, 2}});
  if (Spare)
    B.op({{1, 1}});
  if (AToC)
    B.dep(A, C, 0, 1);
  if (BToC)
    B.dep(Bo, C, 0, 1);
  return B.P;
}
constexpr unsigned OpA = 0, OpB = 1, OpC = 2;

TEST(PlacementArmsTest, FuseRepacksAnUnrelatedBlocker) {
  Harness H(fragmentedSlot(/*AToC=*/true, /*BToC=*/false), 5);
  H.State.seat(OpA, 0);
  H.State.seat(OpB, 3);
  std::vector<int64_t> Before = H.starts();
  std::vector<uint64_t> Rows = H.rows();
  EXPECT_FALSE(H.Arms.permute(H.unitOf(OpC)));
  EXPECT_EQ(H.starts(), Before); // A failed arm changes nothing.
  EXPECT_EQ(H.rows(), Rows);
  RetryOverlay Overlay(4);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(OpC), Overlay), PlacementArm::Fuse);
  EXPECT_EQ(H.State.start(OpC), 2);
  EXPECT_EQ(H.State.start(OpB), 4);
  EXPECT_EQ(H.State.start(OpA), 0);
}

TEST(PlacementArmsTest, FuseNeverLiftsARelatedBlocker) {
  Harness H(fragmentedSlot(/*AToC=*/true, /*BToC=*/true), 5);
  H.State.seat(OpA, 0);
  H.State.seat(OpB, 3);
  std::vector<int64_t> Before = H.starts();
  EXPECT_FALSE(H.Arms.fuse(H.unitOf(OpC)));
  EXPECT_EQ(H.starts(), Before);
}

TEST(PlacementArmsTest, RetryEvictsAndReseatsABlocker) {
  // Evicting A (rows 0-1) leaves A nowhere to go; evicting B works.
  Harness H(fragmentedSlot(/*AToC=*/true, /*BToC=*/true), 5);
  H.State.seat(OpA, 0);
  H.State.seat(OpB, 3);
  RetryOverlay Overlay(4);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(OpC), Overlay), PlacementArm::Retry);
  EXPECT_EQ(H.State.start(OpC), 2);
  EXPECT_EQ(H.State.start(OpB), 4);
  EXPECT_EQ(H.State.start(OpA), 0);
  // The overlay remembers that A would not move; the state does not.
  EXPECT_TRUE(Overlay.isDead(OpA));
  EXPECT_FALSE(Overlay.isDead(OpB));
}

TEST(PlacementArmsTest, DesperateRetryIgnoresStaleDeadMarks) {
  // An earlier failure left B marked dead: RETRY may not evict it and finds
  // nothing else; the desperate retry starts from a clean overlay.
  Harness H(fragmentedSlot(/*AToC=*/true, /*BToC=*/true), 5);
  H.State.seat(OpA, 0);
  H.State.seat(OpB, 3);
  RetryOverlay Overlay(4);
  Overlay.markDead(OpB);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(OpC), Overlay),
            PlacementArm::DesperateRetry);
  EXPECT_EQ(H.State.start(OpC), 2);
  EXPECT_EQ(H.State.start(OpB), 4);
}

/// II 4. Group {GA, GB} on slot 1 may not start before 2 (Pred at 0,
/// latency 2). Z is pinned to cycle 3 on slot 1 (Q at 0 with latency 3
/// before it, R at 3 right after it) and is related to the group. Stage 0
/// has one free row for the pair (row 2); stage 1 has three.
Problem pinnedGroup() {
  ProblemBuilder B;
  unsigned GA = B.op({{1, 1}}), GB = B.op({{1, 1}});
  unsigned Pred = B.op({{2, 1}}), Z = B.op({{1, 1}});
  unsigned Q = B.op({{3, 1}}), R = B.op({{4, 1}});
  B.dep(Pred, GA, 2);
  B.dep(Pred, GB, 2);
  B.dep(Q, Z, 3);
  B.dep(Z, R, 0);
  B.dep(Z, GA, 0, 1);
  B.P.addGroup({0, -1, 0});
  B.at(GA).Group = 0;
  B.at(GB).Group = 0;
  return B.P;
}
constexpr unsigned OpGA = 0, OpGB = 1, OpPred = 2, OpZ = 3, OpQ = 4, OpR = 5;

void seatPinnedGroupNeighbours(Harness &H) {
  H.State.seat(OpPred, 0);
  H.State.seat(OpQ, 0);
  H.State.seat(OpR, 3);
  H.State.seat(OpZ, 3);
}

TEST(PlacementArmsTest, CostBasedChoosesTheGroupsStage) {
  Harness H(pinnedGroup(), 4);
  seatPinnedGroupNeighbours(H);
  RetryOverlay Overlay(6);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(OpGA), Overlay), PlacementArm::CostBased);
  EXPECT_EQ(H.State.stageOfCycle(H.State.start(OpGA)), 1);
  EXPECT_EQ(H.State.stageOfCycle(H.State.start(OpGB)), 1);
  EXPECT_EQ(H.State.start(OpZ), 3);
  EXPECT_TRUE(Overlay.isDead(OpZ)); // RETRY tried to move it.
}

TEST(PlacementArmsTest, DesperateCostBasedRunsWithoutDeadMarks) {
  // Z already dead: RETRY finds no seat worth an eviction and marks the
  // blocked member dead, so COST-BASED skips the group; the desperate round
  // clears the marks.
  Harness H(pinnedGroup(), 4);
  seatPinnedGroupNeighbours(H);
  RetryOverlay Overlay(6);
  Overlay.markDead(OpZ);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(OpGA), Overlay),
            PlacementArm::DesperateCostBased);
  EXPECT_EQ(H.State.stageOfCycle(H.State.start(OpGA)), 1);
  EXPECT_EQ(H.State.stageOfCycle(H.State.start(OpGB)), 1);
}

TEST(PlacementArmsTest, ChainFailureLeavesTheStateUnchanged) {
  // Slot 1 is full at II 2: nothing can seat C, and no arm may leave a mark.
  ProblemBuilder B;
  unsigned A = B.op({{1, 2}}), C = B.op({{1, 1}});
  B.dep(A, C, 0, 1);
  Harness H(B.P, 2);
  H.State.seat(A, 0);
  std::vector<int64_t> Before = H.starts();
  std::vector<uint64_t> Rows = H.rows();
  RetryOverlay Overlay(2);
  EXPECT_EQ(H.Arms.placeUnit(H.unitOf(C), Overlay), PlacementArm::None);
  EXPECT_EQ(H.starts(), Before);
  EXPECT_EQ(H.rows(), Rows);
  EXPECT_EQ(H.Arms.lastBlockedOp(), int(C));
}

TEST(PlacementArmsTest, SpillSurchargeIsCappedAndOnlyACost) {
  EXPECT_EQ(spillSurcharge(10, 0), 0u); // No budget: no term.
  EXPECT_EQ(spillSurcharge(10, 10), 0u);
  EXPECT_EQ(spillSurcharge(13, 10), 51u); // 17 per excess value.
  EXPECT_EQ(spillSurcharge(1000, 10), 4096u);
  SeatCost Cheap, Dear;
  Dear.Surcharge = 4096;
  Cheap.Reach = 1; // Reach ranks before pressure.
  EXPECT_TRUE(Dear < Cheap);
  Cheap.Reach = 0;
  Dear.Inversions = 0;
  Cheap.Inversions = 100; // Pressure ranks before inversions.
  EXPECT_TRUE(Cheap < Dear);
}

TEST(PlacementArmsTest, SeatCostCountsPipesReachAndInversions) {
  ProblemBuilder B;
  unsigned A = B.op(), C = B.op(), D = B.op();
  B.dep(A, C, 1);
  Harness H(B.P, 4);
  H.State.seat(A, 0);
  H.State.seat(D, 2); // D comes after C in program order.
  Window W = H.State.window(C);
  SeatCost Same = H.Arms.seatCost(C, 1, W);
  EXPECT_EQ(Same.PipeSlots, 0u);
  EXPECT_EQ(Same.Reach, 0);
  EXPECT_EQ(Same.Inversions, 0u);
  SeatCost Later = H.Arms.seatCost(C, 5, W); // Stage 1: one ring copy more.
  EXPECT_EQ(Later.PipeSlots, 1u);
  EXPECT_EQ(Later.Reach, 4);
  EXPECT_EQ(Later.Inversions, 1u); // D now starts before C.
  EXPECT_TRUE(Same < Later);
}

TEST(PlacementArmsTest, IterativeSchedulingFinishesWhatTheArmsCannot) {
  // The RETRY case with both blockers already dead and the state otherwise
  // as above: the chain gives up, eviction without memory finishes it. (No
  // spare op: the problem is feasible, and the slot exactly saturated.)
  Harness H(fragmentedSlot(/*AToC=*/true, /*BToC=*/true, /*Spare=*/false), 5);
  H.State.seat(OpA, 0);
  H.State.seat(OpB, 3);
  IterativeOutcome Outcome = runIterativeModulo(H.State, H.Order, 30);
  ASSERT_TRUE(Outcome.Success);
  EXPECT_GE(Outcome.Evictions, 1u);
  Schedule S = buildSchedule(5, H.starts());
  EXPECT_TRUE(verifySchedule(H.P, S).empty());
}

} // namespace
