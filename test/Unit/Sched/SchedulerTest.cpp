//===- SchedulerTest.cpp - The modulo generator end to end ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "RandomProblem.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

#include <sstream>

using namespace tileas;
using namespace tileas::test;

namespace {

/// Everything a result says, as text.
std::string dump(const ScheduleResult &R) {
  std::ostringstream OS;
  OS << R.Success << ' ' << R.Sched.II << ' ' << R.Sched.StageCount << ' '
     << R.Sched.Flags << ' ' << R.Sched.ConstraintIterations << ' '
     << int(R.LastArm) << ' ' << R.Bounds.Resource << ' ' << R.Bounds.Recurrence
     << ' ' << R.Bounds.FineDensity << ' ' << R.Bounds.Dependency << '\n';
  for (unsigned A : R.ArmSeats)
    OS << A << ' ';
  for (uint64_t U : R.Sched.BudgetUsage)
    OS << U << ' ';
  for (const OpPlacement &Pl : R.Sched.Ops)
    OS << Pl.Start << ':' << Pl.Stage << ':' << Pl.Order << ' ';
  OS << R.Failure.Reason;
  return OS.str();
}

TEST(SchedulerTest, SameInputSameOutput) {
  RandomProblemOptions RO;
  RO.NumOps = 300;
  RO.Seed = 77;
  Problem P = makeRandomProblem(RO);
  Problem Copy = makeRandomProblem(RO);
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult First = scheduleLoop(P, Opts);
  ScheduleResult Second = scheduleLoop(P, Opts);
  ScheduleResult Third = scheduleLoop(Copy, Opts);
  ASSERT_TRUE(First.Success) << First.Failure.Reason;
  EXPECT_EQ(dump(First), dump(Second));
  EXPECT_EQ(dump(First), dump(Third));
}

TEST(SchedulerTest, ReachesTheBoundOnASimpleRecurrence) {
  // An accumulator chain of latency 8 around 2 MMAs (RecMII 16) and
  // enough independent work to fill it.
  ProblemBuilder B = simpleRecurrenceLoop();
  SchedulerOptions Opts;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Bounds.mii(), 16u);
  EXPECT_EQ(R.Sched.II, 16u);
  EXPECT_GT(R.Sched.StageCount, 1u); // The loads run a stage ahead.
  EXPECT_TRUE(R.Sched.Flags & SF_Verified);
}

TEST(SchedulerTest, FailureIsExplained) {
  // A and B hold slot 1 for two cycles each and B must start exactly one
  // cycle after A at II 4 (A -> B latency 1, B -> A latency 3 across one
  // iteration): their rows always overlap. Capped at 4, nothing works. The
  // recurrence bound with resources would prove that up front (see below);
  // without it, placement fails and explains the collision.
  ProblemBuilder B;
  unsigned A = B.op({{1, 2}}), Bo = B.op({{1, 2}});
  B.dep(A, Bo, 1);
  B.dep(Bo, A, 3, 1);
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  Opts.MaxII = 4;
  Opts.RecurrenceResourceBound = false;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_FALSE(R.Success);
  const ScheduleFailure &F = R.Failure;
  EXPECT_TRUE(R.Sched.Flags & SF_IICapReached);
  EXPECT_EQ(F.CandidateII, 4u);
  EXPECT_TRUE(F.Op == int(A) || F.Op == int(Bo)) << F.Op;
  EXPECT_EQ(F.SlotTriple, 0);
  EXPECT_FALSE(F.ConflictRows.empty());
  for (auto [Row, Occupancy] : F.ConflictRows) {
    EXPECT_LT(Row, 4u);
    EXPECT_TRUE(Occupancy & 1) << "the conflicting rows hold slot 1";
  }
  EXPECT_LE(F.EarliestStart, F.LatestStart);
  EXPECT_EQ(F.Group, -1);
  EXPECT_NE(F.Reason.find("II 4"), std::string::npos) << F.Reason;
  EXPECT_NE(F.Reason.find("slot 1"), std::string::npos) << F.Reason;

  // One more cycle and B fits two cycles after A.
  Opts.MaxII = 0;
  ScheduleResult Ok = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(Ok.Success);
  EXPECT_EQ(Ok.Sched.II, 5u);
  EXPECT_EQ(Ok.Bounds.mii(), 4u);
}

TEST(SchedulerTest, RecurrenceResourceBoundExplainsTheCap) {
  // The loop above: the bound proves II 4 impossible before any placement,
  // and the failure says which recurrence and which slot.
  ProblemBuilder B;
  B.op({{1, 2}});
  B.op({{1, 2}});
  B.dep(0, 1, 1);
  B.dep(1, 0, 3, 1);
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  ScheduleResult Ok = scheduleLoop(B.P, Opts);
  ASSERT_TRUE(Ok.Success);
  EXPECT_EQ(Ok.Bounds.Recurrence, 4u);
  EXPECT_EQ(Ok.Bounds.RecurrenceResource, 5u);
  EXPECT_EQ(Ok.Sched.II, Ok.Bounds.mii());

  Opts.MaxII = 4;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_FALSE(R.Success);
  EXPECT_TRUE(R.Sched.Flags & SF_IICapReached);
  EXPECT_EQ(R.Failure.Reason,
            "the lower bound II 5 exceeds the II cap 4 (at II 4 the "
            "dependences of the recurrence through 'op0', 'op1' leave no "
            "seats that keep slot 1 (s1) free)");
}

TEST(SchedulerTest, PoolFailureNamesThePool) {
  // Three one-unit charges in one row would be needed at II 1.
  ProblemBuilder B;
  unsigned X = B.portOp(), Y = B.portOp(), Z = B.portOp();
  B.dep(X, Y, 0);
  B.dep(Y, X, 0);
  B.dep(Y, Z, 0);
  B.dep(Z, Y, 0);
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  Opts.MaxII = 2;
  Opts.RecurrenceResourceBound = false; // Placement must name the pool.
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_FALSE(R.Success);
  EXPECT_EQ(R.Failure.Pool, int(PortPool));
  EXPECT_NE(R.Failure.Reason.find("port"), std::string::npos)
      << R.Failure.Reason;
  // The bound proves every II tried impossible and names the pool too.
  Opts.RecurrenceResourceBound = true;
  R = scheduleLoop(B.P, Opts);
  ASSERT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("port"), std::string::npos)
      << R.Failure.Reason;
}

TEST(SchedulerTest, GroupFailureNamesTheGroup) {
  ProblemBuilder B;
  unsigned X = B.op({{1, 2}}), Y = B.op({{1, 2}});
  B.dep(X, Y, 1);
  B.dep(Y, X, 3, 1);
  B.P.addGroup({4, -1, 0});
  B.at(X).Group = 4;
  B.at(Y).Group = 4;
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  Opts.MaxII = 4;
  Opts.RecurrenceResourceBound = false; // Placement must name the group.
  ScheduleResult R = scheduleLoop(B.P, Opts);
  ASSERT_FALSE(R.Success);
  EXPECT_EQ(R.Failure.Group, 4);
}

TEST(SchedulerTest, LowerBoundAboveTheCap) {
  ProblemBuilder B;
  B.op({{1, 6}});
  makeModuloEligible(B.P);
  SchedulerOptions Opts;
  Opts.MaxII = 5;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Sched.Flags & SF_IICapReached);
  EXPECT_EQ(R.Bounds.Resource, 6u);
}

TEST(SchedulerTest, ImpossibleRecurrenceFails) {
  ProblemBuilder B;
  unsigned X = B.op(), Y = B.op();
  B.dep(X, Y, 1);
  B.dep(Y, X, 0);
  makeModuloEligible(B.P);
  ScheduleResult R = scheduleLoop(B.P, SchedulerOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_EQ(R.Bounds.Recurrence, InfeasibleII);
  EXPECT_NE(R.Failure.Reason.find("recurrence"), std::string::npos);
}

TEST(SchedulerTest, InvalidProblemFails) {
  ProblemBuilder B;
  B.op();
  B.dep(0, 5, 1);
  ScheduleResult R = scheduleLoop(B.P, SchedulerOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("invalid problem"), std::string::npos);
}

TEST(SchedulerTest, EmptyLoop) {
  Problem P(smallModel());
  ScheduleResult R = scheduleLoop(P, SchedulerOptions());
  ASSERT_TRUE(R.Success);
  EXPECT_EQ(R.Sched.II, 1u);
  ScheduleResult M = scheduleModulo(P, SchedulerOptions());
  ASSERT_TRUE(M.Success);
  EXPECT_TRUE(verifySchedule(P, M.Sched).empty());
}

TEST(SchedulerTest, MaxStagesAndMaxDepthHold) {
  RandomProblemOptions RO;
  RO.NumOps = 120;
  RO.Seed = 3;
  Problem P = makeRandomProblem(RO);
  P.operations()[10].MaxDepth = 1;
  SchedulerOptions Opts;
  Opts.MaxStages = 2;
  Opts.Verify = true;
  ScheduleResult R = scheduleLoop(P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_LE(R.Sched.StageCount, 2u);
  EXPECT_EQ(R.Sched.Ops[10].Stage, 0u);
  EXPECT_TRUE(verifySchedule(P, R.Sched, 2).empty());
}

TEST(SchedulerTest, PrecomputedFootprintsGiveTheSameSchedule) {
  RandomProblemOptions RO;
  RO.NumOps = 80;
  RO.Seed = 12;
  Problem P = makeRandomProblem(RO);
  Problem WithRows = P;
  for (Operation &Op : WithRows.operations())
    Op.FootprintRows = buildFootprint(Op.Slots);
  SchedulerOptions Opts;
  ScheduleResult A = scheduleLoop(P, Opts), B = scheduleLoop(WithRows, Opts);
  ASSERT_TRUE(A.Success);
  EXPECT_EQ(dump(A), dump(B));
}

} // namespace

namespace {

TEST(SchedulerTest, TheLoopBranchWaitsForTheExitTest) {
  // Slot 1 is busy 6 cycles per iteration (resource bound 6). The exit test
  // X follows the work by 3 cycles and its result comes 4 cycles later; the
  // loop branch Y needs it by the kernel's last cycle. So X >= 3, Y >= 7,
  // Y <= II - 1 (stage 0): II 8, from both generators; the branch is what
  // costs the two cycles over the resource bound.
  ProblemBuilder B = loopBranchLoop(3);
  const unsigned X = 1;
  for (bool Modulo : {false, true}) {
    SchedulerOptions Opts;
    Opts.ForceModulo = Modulo;
    Opts.Verify = true;
    ScheduleResult R = scheduleLoop(B.P, Opts);
    ASSERT_TRUE(R.Success) << R.Failure.Reason;
    EXPECT_EQ(R.Sched.II, 8u) << (Modulo ? "modulo" : "serial");
    EXPECT_LE(R.Sched.Ops[X].Start + 4, int64_t(R.Sched.II) - 1);
    EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
  }
  // Without the branch op the resource bound is reached.
  ProblemBuilder NoBranch;
  unsigned W2 = NoBranch.op({{1, 6}}), X2 = NoBranch.op({{3, 1}});
  NoBranch.at(X2).MaxDepth = 1;
  NoBranch.dep(W2, X2, 3);
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  ScheduleResult R = scheduleLoop(NoBranch.P, Opts);
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_EQ(R.Sched.II, 6u);
}

} // namespace
