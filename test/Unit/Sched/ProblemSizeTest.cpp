//===- ProblemSizeTest.cpp - Caps on what a problem may make us allocate --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Problems whose resources alone force a reservation table above
// MaxTableCells, or whose footprints hold more than MaxFootprintCycles, are
// refused at the op where the ops so far first exceed the cap; and the
// modulo generator never tries an II whose table would exceed it.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/ProblemSize.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <optional>

using namespace tileas;
using namespace tileas::test;

namespace {

/// Declares Count more counting pools, none of them used: each is a column
/// of every II attempt's table all the same.
void addIdlePools(Problem &P, unsigned Count) {
  for (unsigned I = 0; I != Count; ++I)
    P.model().addPool("idle" + std::to_string(I), 1);
}

/// Where 50 ops made by AddOp, after 100 idle pools, first cross a cap.
template <typename AddOpFn> std::optional<SizeExcess> crossing(AddOpFn AddOp) {
  ProblemBuilder B;
  addIdlePools(B.P, 100);
  for (int I = 0; I != 50; ++I)
    AddOp(B);
  return findSizeExcess(B.P);
}

TEST(ProblemSizeTest, ColumnsAreHeldSlotsAndEveryPool) {
  ProblemBuilder B; // Slots 1..4 and the pool "port".
  EXPECT_EQ(tableColumns(B.P), 1u);
  B.op({{1, 2}, {3, 1}});
  B.op({{3, 4}});
  EXPECT_EQ(tableColumns(B.P), 3u);
  EXPECT_EQ(maxTableII(B.P), unsigned(MaxTableCells / 3));
  Problem Bare;
  EXPECT_EQ(tableColumns(Bare), 1u);
  EXPECT_EQ(maxTableII(Bare), unsigned(MaxTableCells));
}

TEST(ProblemSizeTest, ASlotOverTheTableCapIsNamedWhereItCrossesIt) {
  // 1 slot + 101 pools = 102 columns: 16777216 / 102 / 4096 = 40.2, so the
  // 41st op of 4096 cycles crosses the cap.
  std::optional<SizeExcess> Excess = crossing([](ProblemBuilder &B) {
    B.op({{1, 4096}});
  });
  ASSERT_TRUE(Excess.has_value());
  EXPECT_EQ(Excess->Op, 40u);
  EXPECT_EQ(Excess->Message,
            "the ops up to this one hold slot 1 ('s1') for 167936 cycles, so "
            "II >= 167936; with 102 table column(s), a slot or a pool each, "
            "an II attempt needs 17129472 reservation-table cells, above the "
            "limit of 16777216 (MaxTableCells)");
}

TEST(ProblemSizeTest, APoolOverTheTableCapIsNamedWithItsCapacity) {
  // "port" has capacity 2: two units for 4096 cycles add 4096 rows.
  std::optional<SizeExcess> Excess = crossing(
      [](ProblemBuilder &B) { B.portOp(/*Units=*/2, /*Duration=*/4096); });
  ASSERT_TRUE(Excess.has_value());
  EXPECT_EQ(Excess->Op, 40u);
  EXPECT_NE(Excess->Message.find("charge pool 'port' 335872 unit-cycles "
                                 "against its capacity of 2, so II >= 167936; "
                                 "with 101 table column(s)"),
            std::string::npos)
      << Excess->Message;
}

TEST(ProblemSizeTest, FootprintCyclesOverTheirCapAreNamed) {
  // The loop of the report that made tileas-sched allocate 2.2 GB: ops that
  // hold one slot for 4096 cycles each. 1024 of them stay within the cap.
  ProblemBuilder B;
  for (int I = 0; I != 1024; ++I)
    B.op({{1, 4096}});
  EXPECT_FALSE(findSizeExcess(B.P).has_value());
  EXPECT_FALSE(bool(B.P.validate()));
  B.op({{1, 4096}});
  B.op({{1, 4096}});
  std::optional<SizeExcess> Excess = findSizeExcess(B.P);
  ASSERT_TRUE(Excess.has_value());
  EXPECT_EQ(Excess->Op, 1024u);
  EXPECT_EQ(Excess->Message,
            "the ops up to this one hold slots and pools for 4198400 cycles "
            "in all, above the limit of 4194304 (MaxFootprintCycles)");
  // validate() refuses it naming the op, and so the scheduler does before
  // it allocates anything for the problem.
  std::string Why = llvm::toString(B.P.validate());
  EXPECT_NE(Why.find("op 1024 'op1024': the ops up to this one hold slots"),
            std::string::npos)
      << Why;
  ScheduleResult R = scheduleLoop(B.P, SchedulerOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("MaxFootprintCycles"), std::string::npos)
      << R.Failure.Reason;
}

TEST(ProblemSizeTest, OverlappingTriplesOfOneSlotHoldItOnce) {
  ProblemBuilder B;
  addIdlePools(B.P, 100);
  // Each op holds slot 1 for 4096 cycles whatever its shorter triples say.
  for (int I = 0; I != 40; ++I)
    B.op({{1, 4096}, {1, 4000}, {1, 1}});
  EXPECT_FALSE(findSizeExcess(B.P).has_value());
}

/// Ten ops around a recurrence of 10 x 2^20 cycles: its II needs 10485760
/// rows, above maxTableII for the 2 columns (slot 1 and the pool).
ProblemBuilder longRecurrence() {
  ProblemBuilder B;
  for (int I = 0; I != 10; ++I)
    B.op({{1, 1}}, /*Async=*/I == 0);
  for (unsigned I = 0; I != 10; ++I)
    B.dep(I, (I + 1) % 10, 1 << 20, I == 9 ? 1 : 0);
  return B;
}

TEST(ProblemSizeTest, NoIIAttemptAboveTheTableCap) {
  ProblemBuilder B = longRecurrence();
  ASSERT_GT(10u << 20, maxTableII(B.P));
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  EXPECT_EQ(R.Bounds.Recurrence, 10u << 20);
  // Not one attempt: the non-overlapped schedule, which needs no table of
  // its II, is the answer.
  EXPECT_TRUE(R.Search.empty());
  ASSERT_TRUE(R.Success) << R.Failure.Reason;
  EXPECT_TRUE(R.Sched.Flags & SF_Serial);
  EXPECT_EQ(R.Sched.II, 10u << 20);
}

TEST(ProblemSizeTest, ALowerBoundAboveTheTableCapFailsNamingIt) {
  ProblemBuilder B = longRecurrence();
  // A tail after the recurrence makes the non-overlapped schedule longer
  // than the II cap given, so that nothing is left to fall back on.
  unsigned Tail = B.op({{2, 1}});
  B.dep(9, Tail, 1 << 20);
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  Opts.MaxII = 10u << 20;
  ScheduleResult R = scheduleLoop(B.P, Opts);
  EXPECT_FALSE(R.Success);
  EXPECT_TRUE(R.Search.empty());
  EXPECT_EQ(R.Failure.Reason,
            "the lower bound II 10485760 needs 31457280 reservation-table "
            "cells (3 column(s), a slot or a pool each), above the limit of "
            "16777216 (MaxTableCells); no II was tried");
}

} // namespace
