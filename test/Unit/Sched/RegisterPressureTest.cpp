//===- RegisterPressureTest.cpp - Registers of a modulo schedule ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The register estimate (tileas/Sched/RegisterPressure.h) on a modulo
// schedule worked by hand, and the register-aware search of scheduleLoop
// (SchedulerOptions::RegisterLimits) on a loop whose resources alone allow
// a schedule over its limit.
//
//===----------------------------------------------------------------------===//

#include "LifetimeCompaction.h"
#include "SchedTestUtil.h"
#include "ScheduleBuilder.h"

#include "tileas/Sched/RegisterPressure.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

/// A schedule of II 10 with the given starts (stages and orders follow).
Schedule scheduleAt(std::initializer_list<int64_t> Starts) {
  Schedule S;
  S.II = 10;
  unsigned Order = 0;
  for (int64_t Start : Starts) {
    S.Ops.push_back({Start, unsigned(Start / 10), Order++});
    S.StageCount = std::max(S.StageCount, unsigned(Start / 10) + 1);
  }
  return S;
}

/// Three values at II 10, living 1, 2 and 3 stages:
///   A (1 register)  at 0, read by B at 5: rows 0..4 of its own kernel
///                   iteration, one instance there;
///   C (2 registers) at 2, read by D at 14 (stage 1): 12 cycles, past the
///                   kernel's end, carried by a PHI: ceil(12 / 10) = 2
///                   instances at every row, 4 registers;
///   E (4 registers) at 3, read by F at 25 (stage 2): 22 cycles, 3
///                   instances at every row, 12 registers.
/// The most is at rows 0..4: 1 + 4 + 12 = 17, plus 3 invariant registers.
struct HandWorked {
  ProblemBuilder B;
  unsigned A, Bop, C, D, E, F;
  HandWorked() {
    A = B.op();
    Bop = B.op();
    C = B.op();
    D = B.op();
    E = B.op();
    F = B.op();
    B.at(A).Registers = 1;
    B.at(C).Registers = 2;
    B.at(E).Registers = 4;
    B.dep(A, Bop, 1);
    B.dep(C, D, 1);
    B.dep(E, F, 1);
    B.P.InvariantRegisters = {3};
  }
  Schedule schedule() const { return scheduleAt({0, 5, 2, 14, 3, 25}); }
};

TEST(RegisterPressureTest, ValuesLivingOneTwoAndThreeStages) {
  HandWorked H;
  EXPECT_EQ(estimateTotalRegisters(H.B.P, H.schedule()), 3u + 1 + 4 + 12);
  EXPECT_EQ(estimateRegisters(H.B.P, H.schedule()),
            (llvm::SmallVector<unsigned, 4>{20}));
}

TEST(RegisterPressureTest, OneStageLessIsFewerInstances) {
  // E read at 19 instead (stage 1, 16 cycles): 2 instances, 8 registers.
  HandWorked H;
  Schedule S = scheduleAt({0, 5, 2, 14, 3, 19});
  EXPECT_EQ(estimateTotalRegisters(H.B.P, S), 3u + 1 + 4 + 8);
}

TEST(RegisterPressureTest, RowsThatDoNotOverlapDoNotAdd) {
  // Two one-stage values on disjoint rows: the most is the larger.
  ProblemBuilder B;
  unsigned X = B.op(), XU = B.op(), Y = B.op(), YU = B.op();
  B.at(X).Registers = 5;
  B.at(Y).Registers = 7;
  B.dep(X, XU, 1);
  B.dep(Y, YU, 1);
  EXPECT_EQ(estimateTotalRegisters(B.P, scheduleAt({0, 3, 4, 9})), 7u);
  // Overlapping (Y from 2): 12.
  EXPECT_EQ(estimateTotalRegisters(B.P, scheduleAt({0, 3, 2, 9})), 12u);
}

TEST(RegisterPressureTest, LoopCarriedReadsAndLiveOuts) {
  ProblemBuilder B;
  unsigned G = B.op(), H = B.op(), L = B.op();
  B.at(G).Registers = 2;
  B.at(L).Registers = 1;
  B.at(L).LiveOut = true;
  // G at 8 read by H at 1 of the next iteration: [8, 11), carried, one
  // instance everywhere. L at 6 read only after the loop: live II cycles,
  // [6, 16), carried, one instance.
  B.dep(G, H, 1, /*Distance=*/1);
  EXPECT_EQ(estimateTotalRegisters(B.P, scheduleAt({8, 1, 6})), 2u + 1);
  // A live-out the next iteration also reads is replaced by the next
  // iteration's value: only its reads count (G: [8, 11)).
  B.at(G).LiveOut = true;
  EXPECT_EQ(estimateTotalRegisters(B.P, scheduleAt({8, 1, 6})), 2u + 1);
  // An op whose result nobody reads still takes its register for a cycle.
  ProblemBuilder Dead;
  Dead.at(Dead.op()).Registers = 3;
  EXPECT_EQ(estimateTotalRegisters(Dead.P, scheduleAt({4})), 3u);
}

TEST(RegisterPressureTest, ResultsLiveToTheirOwnReaders) {
  // One op with two results of 4 registers: the first read at 2, the second
  // at 9. As one value it would hold 8 registers until 9.
  ProblemBuilder B;
  unsigned Load = B.op(), Early = B.op(), Late = B.op(), Other = B.op(),
           OtherUse = B.op();
  B.at(Load).Registers = 8;
  B.at(Load).ResultRegisters = {4, 4};
  B.at(Other).Registers = 4;
  B.P.addDependence({Load, Early, 1, 0, DepKind::Data, /*Result=*/0});
  B.P.addDependence({Load, Late, 1, 0, DepKind::Data, /*Result=*/1});
  B.dep(Other, OtherUse, 1);
  // Other lives [5, 8): with the second result only, 8.
  EXPECT_EQ(estimateTotalRegisters(B.P, scheduleAt({0, 2, 9, 5, 8})), 8u);
  // Read as one value (both edges on result 0): 8 until 9, and Other.
  ProblemBuilder One;
  unsigned L1 = One.op(), E1 = One.op(), La1 = One.op(), O1 = One.op(),
           OU1 = One.op();
  One.at(L1).Registers = 8;
  One.at(O1).Registers = 4;
  One.dep(L1, E1, 1);
  One.dep(L1, La1, 1);
  One.dep(O1, OU1, 1);
  EXPECT_EQ(estimateTotalRegisters(One.P, scheduleAt({0, 2, 9, 5, 8})), 12u);
}

// The model both the scheduler and warp specialization's agent check use
// (maxLiveRegisters): MaxLive over the times of a kernel of Period.
TEST(RegisterModelTest, MaxLiveCountsInstancesWhereTheyAreLive) {
  // [2, 14) at period 10: two instances at times 2, 3 (2 and 12), one at
  // the others; [5, 8): one more at 5..7. The most: 2 x 3 at 2..3 = 6, or
  // 3 + 2 at 5..7 = 5.
  EXPECT_EQ(maxLiveRegisters({{2, 14, 3}, {5, 8, 2}}, 10), 6u);
  // Disjoint on the line, overlapping modulo the period: [8, 12) wraps to
  // times 8, 9, 0, 1, where [0, 2) is too.
  EXPECT_EQ(maxLiveRegisters({{8, 12, 4}, {0, 2, 1}}, 10), 5u);
  EXPECT_EQ(maxLiveRegisters({{8, 12, 4}, {2, 4, 1}}, 10), 4u);
  // An empty range holds nothing; nothing at period 0.
  EXPECT_EQ(maxLiveRegisters({{3, 3, 7}}, 10), 0u);
  EXPECT_EQ(maxLiveRegisters({{3, 4, 7}}, 10), 7u);
  EXPECT_EQ(maxLiveRegisters({{3, 5, 7}}, 0), 0u);
  // Starts in a later stage count like the same time of the kernel.
  EXPECT_EQ(maxLiveRegisters({{23, 26, 2}, {5, 7, 3}}, 10),
            maxLiveRegisters({{3, 6, 2}, {5, 7, 3}}, 10));
}

TEST(RegisterModelTest, ACarriedValueCountsOnlyWhereItsCopiesLive) {
  // A value made at 8 and read at 13 (time 3 of the next kernel iteration)
  // crosses the back edge once: it is live at times 8, 9, 0, 1, 2, not with
  // the value of 5 at times 3..6. Counted for the whole kernel it would make
  // 6.
  EXPECT_EQ(maxLiveRegisters({{8, 13, 1}, {3, 7, 5}}, 10), 5u);
}

TEST(RegisterModelTest, ARotatingChainCountsItsCopiesEverywhere) {
  // Read at 21 instead, it crosses two back edges: its copies rotate through
  // two PHIs, and its most copies (two) count at every time.
  EXPECT_EQ(maxLiveRegisters({{8, 21, 1}, {3, 7, 5}}, 10), 7u);
  // Exactly two periods long, from time 0: two copies everywhere either way.
  EXPECT_EQ(maxLiveRegisters({{0, 20, 1}}, 10), 2u);
}

TEST(RegisterModelTest, TheScheduleEstimateIsTheModel) {
  // estimateTotalRegisters is maxLiveRegisters over the ops' result ranges
  // plus the invariants: the hand-worked schedule's ranges.
  HandWorked H;
  EXPECT_EQ(estimateTotalRegisters(H.B.P, H.schedule()),
            3u + maxLiveRegisters({{0, 5, 1}, {2, 14, 2}, {3, 25, 4}}, 10));
}

TEST(RegisterPressureTest, CompactionMovesAProducerToItsReader) {
  // X holds slot 1 for 20 cycles and feeds C 20 cycles on; P (8 registers,
  // slot 2) feeds C after 1 cycle. Placed as early as possible P waits 20
  // cycles for C; at 19 it waits one, in the same stage, on a free row.
  ProblemBuilder B;
  unsigned X = B.op({{1, 20}}), P = B.op({{2, 1}}), C = B.op({{3, 1}});
  B.at(P).Registers = 8;
  B.dep(X, C, 20);
  B.dep(P, C, 1);
  Schedule S;
  S.II = 30;
  S.StageCount = 1;
  S.Ops = {{0, 0, 0}, {0, 0, 1}, {20, 0, 2}};
  EXPECT_EQ(estimateTotalRegisters(B.P, S), 8u);
  Schedule Compacted = compactLifetimes(B.P, S);
  EXPECT_EQ(Compacted.II, 30u);
  EXPECT_EQ(Compacted.Ops[P].Start, 19);
  EXPECT_EQ(Compacted.Ops[P].Stage, 0u);
  EXPECT_EQ(Compacted.Ops[X].Start, 0);
  EXPECT_EQ(Compacted.Ops[C].Start, 20);
  EXPECT_TRUE(verifySchedule(B.P, Compacted).empty());
  // With slot 2 held at 19 by another op, the nearest free row before it.
  B.op({{2, 1}});
  S.Ops.push_back({19, 0, 3});
  Compacted = compactLifetimes(B.P, S);
  EXPECT_EQ(Compacted.Ops[P].Start, 18);
}

TEST(RegisterPressureTest, ARowWaitsForTheRowBeforeItToBeRead) {
  // Row A (64 registers) is read 20 cycles on by A1; row B (64) is copied
  // by Bm (64) and stored by Bs, one cycle apart, on slots of their own.
  // As early as possible both rows are live from cycle 0 (128). No single
  // move shortens B's chain, so compaction keeps it; placed again with its
  // readers, B waits until A1 has read A (64).
  ProblemBuilder B;
  unsigned A = B.op({{1, 1}}), A1 = B.op({{3, 1}});
  unsigned R = B.op({{2, 1}}), Rm = B.op({{4, 1}}), Rs = B.op();
  B.at(A).Registers = B.at(R).Registers = B.at(Rm).Registers = 64;
  B.dep(A, A1, 20);
  B.dep(R, Rm, 1);
  B.dep(Rm, Rs, 1);
  Schedule S = buildSchedule(400, {0, 20, 0, 1, 2});
  EXPECT_EQ(estimateTotalRegisters(B.P, S), 128u);
  EXPECT_EQ(estimateTotalRegisters(B.P, compactLifetimes(B.P, S)), 128u);
  Schedule Moved = moveRegisterCones(B.P, S, {64}, 0);
  EXPECT_EQ(estimateTotalRegisters(B.P, Moved), 64u);
  EXPECT_EQ(Moved.II, 400u);
  EXPECT_EQ(Moved.StageCount, 1u);
  EXPECT_EQ(Moved.Ops[A].Start, 0);
  EXPECT_EQ(Moved.Ops[A1].Start, 20);
  EXPECT_EQ(Moved.Ops[R].Start, 20);
  EXPECT_EQ(Moved.Ops[Rm].Start, 21);
  EXPECT_EQ(Moved.Ops[Rs].Start, 22);
  EXPECT_TRUE(verifySchedule(B.P, Moved).empty());
  // Without a row (16 registers or more) nothing moves.
  B.at(A).Registers = B.at(R).Registers = B.at(Rm).Registers = 8;
  EXPECT_EQ(moveRegisterCones(B.P, S, {8}, 0).Ops[R].Start, 0);
}

TEST(RegisterPressureTest, RowsPlacedAgainKeepTheirRecurrences) {
  // As above, but the next iteration's A waits for this one's store (B's
  // chain must end by cycle 5 of A's iteration): B cannot wait for A1, so
  // A waits for B's chain instead, and the rows still do not overlap.
  ProblemBuilder B;
  unsigned A = B.op({{1, 1}}), A1 = B.op({{3, 1}});
  unsigned R = B.op({{2, 1}}), Rm = B.op({{4, 1}}), Rs = B.op();
  B.at(A).Registers = B.at(R).Registers = B.at(Rm).Registers = 64;
  B.dep(A, A1, 20);
  B.dep(R, Rm, 1);
  B.dep(Rm, Rs, 1);
  B.dep(Rs, A, 395, 1);
  Schedule S = buildSchedule(400, {0, 20, 0, 1, 2});
  ASSERT_TRUE(verifySchedule(B.P, S).empty());
  EXPECT_EQ(estimateTotalRegisters(B.P, S), 128u);
  Schedule Moved = moveRegisterCones(B.P, S, {64}, 0);
  EXPECT_TRUE(verifySchedule(B.P, Moved).empty());
  EXPECT_EQ(Moved.StageCount, 1u);
  EXPECT_EQ(estimateTotalRegisters(B.P, Moved), 64u);
  EXPECT_GE(Moved.Ops[A].Start + 400, Moved.Ops[Rs].Start + 395);
  EXPECT_GE(Moved.Ops[A].Start, Moved.Ops[Rm].Start + 1);
  // Where no placement frees anything (one stage of one cycle per op and
  // every row read at once), the schedule comes back as it was.
  ProblemBuilder C;
  unsigned X = C.op({{1, 1}}), Y = C.op({{2, 1}}), Z = C.op({{3, 1}});
  C.at(X).Registers = C.at(Y).Registers = 64;
  C.dep(X, Z, 1);
  C.dep(Y, Z, 1);
  Schedule T = buildSchedule(400, {0, 0, 1});
  EXPECT_EQ(moveRegisterCones(C.P, T, {64}, 0).Ops[Y].Start, 0);
  EXPECT_EQ(estimateTotalRegisters(C.P, moveRegisterCones(C.P, T, {64}, 0)),
            128u);
}

TEST(RegisterPressureTest, GroupsCountTheirOwnValues) {
  HandWorked H;
  H.B.at(H.E).RegisterGroup = 1;
  H.B.P.InvariantRegisters = {3, 5};
  Schedule S = H.schedule();
  EXPECT_EQ(estimateRegisters(H.B.P, S),
            (llvm::SmallVector<unsigned, 4>{3 + 1 + 4, 5 + 12}));
  EXPECT_EQ(estimateTotalRegisters(H.B.P, S), 3u + 5 + 1 + 4 + 12);
  // The fit names the group furthest over its limit.
  RegisterFit Fit = registerFit(H.B.P, S, {10, 16});
  EXPECT_EQ(Fit.Group, 1u);
  EXPECT_EQ(Fit.Estimate, 17u);
  EXPECT_EQ(Fit.Limit, 16u);
  EXPECT_FALSE(Fit.fits());
  // One limit is the whole loop's.
  Fit = registerFit(H.B.P, S, {30});
  EXPECT_EQ(Fit.Estimate, 25u);
  EXPECT_TRUE(Fit.fits());
}

/// A load of 8 registers read 30 cycles later by an op on a slot busy 4
/// cycles: II 4 at the resources' bound, 8 stages, 8 instances of the
/// load's value (64 registers).
ProblemBuilder longLivedLoad() {
  ProblemBuilder B;
  unsigned Load = B.op({{2, 1}}, /*Async=*/true);
  unsigned Use = B.op({{1, 4}});
  B.at(Load).Registers = 8;
  B.dep(Load, Use, 30);
  return B;
}

TEST(RegisterPressureTest, OverTheLimitTakesFewerStages) {
  ProblemBuilder B = longLivedLoad();
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult Free = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(Free.Success) << Free.Failure.Reason;
  EXPECT_EQ(Free.Sched.II, 4u);
  EXPECT_EQ(Free.Sched.Registers.Limit, 0u); // Not asked for.
  unsigned FreeNeed = estimateTotalRegisters(B.P, Free.Sched);
  EXPECT_GT(FreeNeed, 20u);

  Opts.RegisterLimits = {20};
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  const RegisterFit &Fit = R.Sched.Registers;
  EXPECT_TRUE(Fit.Rescheduled);
  EXPECT_TRUE(Fit.fits());
  EXPECT_EQ(Fit.Limit, 20u);
  EXPECT_EQ(Fit.ResourceII, 4u);
  EXPECT_EQ(Fit.ResourceStages, Free.Sched.StageCount);
  EXPECT_EQ(Fit.ResourceEstimate, FreeNeed);
  EXPECT_EQ(Fit.Estimate, estimateTotalRegisters(B.P, R.Sched));
  EXPECT_LE(Fit.Estimate, 20u);
  EXPECT_LT(R.Sched.StageCount, Free.Sched.StageCount);
  EXPECT_GT(R.Sched.II, 4u);
  EXPECT_TRUE(R.Sched.Flags & SF_Verified);
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

TEST(RegisterPressureTest, WithinTheLimitKeepsTheSchedule) {
  ProblemBuilder B = longLivedLoad();
  SchedulerOptions Opts;
  ScheduleResult Free = scheduleLoop(B.P, Opts);
  Opts.RegisterLimits = {255};
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success);
  EXPECT_EQ(R.Sched.II, Free.Sched.II);
  EXPECT_EQ(R.Sched.StageCount, Free.Sched.StageCount);
  EXPECT_FALSE(R.Sched.Registers.Rescheduled);
  EXPECT_EQ(R.Sched.Registers.Retries, 0u);
  EXPECT_TRUE(R.Sched.Registers.fits());
}

TEST(RegisterPressureTest, NothingFitsKeepsTheFewestRegisters) {
  // 8 registers live for at least a cycle: a limit of 4 never fits; the
  // schedule kept is the one over it by the least.
  ProblemBuilder B = longLivedLoad();
  SchedulerOptions Opts;
  Opts.RegisterLimits = {4};
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success);
  EXPECT_FALSE(R.Sched.Registers.fits());
  EXPECT_EQ(R.Sched.Registers.Estimate, 8u);
  EXPECT_EQ(R.Sched.StageCount, 1u);
}

} // namespace
