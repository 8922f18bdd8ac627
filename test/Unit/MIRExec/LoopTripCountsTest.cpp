//===- LoopTripCountsTest.cpp - A trip count for each loop of a nest ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// --trip-count as one number or one per loop, and the plan for a loop nest:
// the outer loop's bound (or start) is set from its induction and its
// latch's exit test, the inner loop's as before, each to its own count.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/LoopTripCounts.h"
#include "MIRExecTestUtil.h"
#include "tileas/MIRExec/TripCountPlan.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

TEST(LoopTripCountsParse, OneNumberOrOnePerLoop) {
  Expected<LoopTripCounts> One = parseLoopTripCounts("16");
  ASSERT_TRUE(bool(One)) << toString(One.takeError());
  EXPECT_EQ(One->All, 16);
  EXPECT_FALSE(One->perLoop());
  EXPECT_EQ(One->str(), "16");

  Expected<LoopTripCounts> Nest = parseLoopTripCounts("tile=8, kloop=4");
  ASSERT_TRUE(bool(Nest)) << toString(Nest.takeError());
  EXPECT_TRUE(Nest->perLoop());
  ASSERT_EQ(Nest->ByLoop.size(), 2u);
  EXPECT_EQ(Nest->ByLoop[0], std::make_pair(std::string("tile"), int64_t(8)));
  EXPECT_EQ(Nest->ByLoop[1], std::make_pair(std::string("kloop"), int64_t(4)));
  EXPECT_EQ(Nest->str(), "tile=8,kloop=4");
}

TEST(LoopTripCountsParse, BadSpecifications) {
  auto Error = [](StringRef Text) {
    Expected<LoopTripCounts> C = parseLoopTripCounts(Text);
    return C ? std::string("parsed") : toString(C.takeError());
  };
  EXPECT_EQ(Error("0"), "bad --trip-count '0': a loop runs at least once (its "
                        "exit test ends each iteration): trip counts start "
                        "at 1");
  EXPECT_EQ(Error("x"), "bad --trip-count 'x': 'x' is not a number");
  EXPECT_EQ(Error("a=1,a=2"), "bad --trip-count 'a=1,a=2': loop 'a' is given "
                              "twice");
  EXPECT_EQ(Error("a=1,b"), "bad --trip-count 'a=1,b': expected name=N for "
                            "each loop (or one N for every loop), got 'b'");
  EXPECT_EQ(Error("=3"), "bad --trip-count '=3': expected name=N for each "
                         "loop (or one N for every loop), got '=3'");
  EXPECT_EQ(Error("a=-2"), "bad --trip-count 'a=-2': a loop runs at least "
                           "once (its exit test ends each iteration): trip "
                           "counts start at 1");
}

TEST(LoopTripCountsParse, AListPerLoop) {
  Expected<LoopTripCounts> C = parseLoopTripCounts("tile=4,kloop=3:5:2:7");
  ASSERT_TRUE(bool(C)) << toString(C.takeError());
  ASSERT_EQ(C->ByLoop.size(), 2u);
  // The first entry's count stands for the loop where one is asked for.
  EXPECT_EQ(C->ByLoop[1], std::make_pair(std::string("kloop"), int64_t(3)));
  ASSERT_NE(C->listOf("kloop"), nullptr);
  EXPECT_EQ(*C->listOf("kloop"), std::vector<int64_t>({3, 5, 2, 7}));
  EXPECT_EQ(C->listOf("tile"), nullptr);
  EXPECT_EQ(C->str(), "tile=4,kloop=3:5:2:7");

  auto Error = [](StringRef Text) {
    Expected<LoopTripCounts> C = parseLoopTripCounts(Text);
    return C ? std::string("parsed") : toString(C.takeError());
  };
  EXPECT_EQ(Error("tile=2,kloop=3::5"),
            "bad --trip-count 'tile=2,kloop=3::5': the list of loop 'kloop' "
            "('3::5') has an empty trip count: expected N:N:...");
  EXPECT_EQ(Error("tile=2,kloop=3:x"),
            "bad --trip-count 'tile=2,kloop=3:x': 'x' is not a number");
  EXPECT_EQ(Error("tile=2,kloop=3:0"),
            "bad --trip-count 'tile=2,kloop=3:0': a loop runs at least once "
            "(its exit test ends each iteration): trip counts start at 1");
  EXPECT_EQ(Error("3:5"), "bad --trip-count '3:5': a list of trip counts is "
                          "given for one loop, by name: name=N:N:...");
}

/// An outer loop bb.1 .. bb.3 around the single-block loop bb.2; the outer
/// loop's induction starts at OuterStart and moves by OuterStep, its latch
/// (bb.3) compares %t_next with %ntiles by OuterCC and branches back as
/// Latch says.
std::string nest(StringRef OuterStart, int64_t OuterStep, unsigned OuterCC,
                 StringRef NTiles, StringRef Latch) {
  std::string Step = OuterStep >= 0
                         ? formatv("ADDri %t, {0}", OuterStep).str()
                         : formatv("SUBri %t, {0}", -OuterStep).str();
  return formatv(R"(---
name: nest
tracksRegLiveness: true
liveins:
  - {{ reg: '$r0' }
  - {{ reg: '$r1' }
body: |
  bb.0:
    successors: %bb.1
    liveins: $r0, $r1
    %ntiles:gpr32 = {0}
    %nk:gpr32 = COPY $r1
    %zero:gpr32 = MOVri 0
    %tstart:gpr32 = {1}
  bb.1:
    successors: %bb.2
    %t:gpr32 = PHI %tstart, %bb.0, %t_next, %bb.3
  bb.2:
    successors: %bb.2, %bb.3
    %k:gpr32 = PHI %zero, %bb.1, %k_next, %bb.2
    %k_next:gpr32 = ADDri %k, 1
    %more:pred = SETPrr %k_next, %nk, 2
    BR_P %more, %bb.2
    BRA %bb.3
  bb.3:
    successors: %bb.1, %bb.4
    %t_next:gpr32 = {2}
    %more_tiles:pred = SETPrr %t_next, %ntiles, {3}
    {4}
  bb.4:
    RET
...
)",
                 NTiles, OuterStart, Step, OuterCC, Latch)
      .str();
}

class NestPlanTest : public MIRTest {
protected:
  /// The plan of Text's function "nest" for Spec, as its description.
  std::string plan(StringRef Text, StringRef Spec) {
    MachineFunction *MF = parse(Text, "nest");
    if (!MF)
      return "no function";
    Expected<LoopTripCounts> Counts = parseLoopTripCounts(Spec);
    if (!Counts)
      return toString(Counts.takeError());
    Expected<TripCountPlan> Plan = planTripCount(*MF, *Counts);
    return Plan ? Plan->Description : toString(Plan.takeError());
  }
};

TEST_F(NestPlanTest, OuterBoundFromItsLatch) {
  // Counting up from 0 while %t_next < %ntiles: 5 tiles need %ntiles = 5.
  EXPECT_EQ(plan(nest("MOVri 0", 1, 2, "COPY $r0",
                      "BR_P %more_tiles, %bb.1\n"
                      "    BRA %bb.4"),
                 "bb.1=5,bb.2=3"),
            "%nk = 3, %ntiles = 5");
  // By 2 from 4 while %t_next <= %ntiles: 4, 6, 8 run and 10 does not, for
  // a bound of 8 or 9; the plan takes 9.
  EXPECT_EQ(plan(nest("MOVri 4", 2, 3, "COPY $r0",
                      "BR_P %more_tiles, %bb.1\n"
                      "    BRA %bb.4"),
                 "bb.1=3,bb.2=1"),
            "%nk = 1, %ntiles = 9");
  // The latch leaves on the compare's false: BR_NP to the exit.
  EXPECT_EQ(plan(nest("MOVri 0", 1, 2, "COPY $r0",
                      "BR_NP %more_tiles, %bb.4\n"
                      "    BRA %bb.1"),
                 "bb.1=7,bb.2=2"),
            "%nk = 2, %ntiles = 7");
}

TEST_F(NestPlanTest, OuterStartWhenItsBoundIsConstant) {
  // Counting down from the live-in to 0 while %t_next > 0: the start is set.
  EXPECT_EQ(plan(nest("COPY $r0", -1, 4, "MOVri 0",
                      "BR_P %more_tiles, %bb.1\n"
                      "    BRA %bb.4"),
                 "bb.1=6,bb.2=2"),
            "%nk = 2, %tstart = 6");
}

TEST_F(NestPlanTest, NamesThatNameNoLoop) {
  std::string Text = nest("MOVri 0", 1, 2, "COPY $r0",
                          "BR_P %more_tiles, %bb.1\n"
                          "    BRA %bb.4");
  // Only the outer loop named: the inner one (without pipes) runs as its
  // live-in says.
  EXPECT_EQ(plan(Text, "bb.1=2"), "%ntiles = 2");
  EXPECT_EQ(plan(Text, "bb.1=2,bb.4=1"),
            "--trip-count names loop 'bb.4', but no loop of nest is headed "
            "by a block of that name (its loops: bb.1, bb.2)");
}

TEST_F(NestPlanTest, AListSetsTheInnerBoundAtEachEntry) {
  // The inner loop's bound computed in the tile loop (a grouped GEMM's
  // loaded count): each entry takes the next trip count of the list.
  std::string PerTile = nest("MOVri 0", 1, 2, "COPY $r0",
                             "BR_P %more_tiles, %bb.1\n"
                             "    BRA %bb.4");
  PerTile.insert(PerTile.find("  bb.2:"), "    %nkt:gpr32 = ADDri %nk, 0\n");
  PerTile.replace(PerTile.find("SETPrr %k_next, %nk,"),
                  StringRef("SETPrr %k_next, %nk,").size(),
                  "SETPrr %k_next, %nkt,");
  EXPECT_EQ(plan(PerTile, "bb.1=3,bb.2=2:5:1"), "%nkt = 2:5:1, %ntiles = 3");
  // One per entry of the inner loop: the tile loop enters it 3 times.
  EXPECT_EQ(plan(PerTile, "bb.1=3,bb.2=2:5"),
            "--trip-count gives loop 'bb.2' 2 trip count(s), but the loops "
            "around it enter it 3 time(s) (bb.1 'bb.1' = 3): give one per "
            "entry");
  EXPECT_EQ(plan(PerTile, "bb.2=2:5"),
            "--trip-count gives loop 'bb.2' a list, but not the loop bb.1 "
            "around it a trip count");
  // A bound computed once, before the tile loop, cannot vary per entry.
  std::string Once = nest("MOVri 0", 1, 2, "COPY $r0",
                          "BR_P %more_tiles, %bb.1\n"
                          "    BRA %bb.4");
  EXPECT_EQ(plan(Once, "bb.1=2,bb.2=2:5"),
            "loop bb.2 ('bb.2') is given a list of trip counts, but the "
            "register its trip count is set through, %nk, is not computed "
            "once per entry of the loop (in the loop bb.1 around it), but in "
            "bb.0: the list cannot be set");
}

TEST_F(NestPlanTest, ConstantOuterLoopRunsItsOwnCount) {
  std::string Text = nest("MOVri 0", 1, 2, "MOVri 4",
                          "BR_P %more_tiles, %bb.1\n"
                          "    BRA %bb.4");
  EXPECT_EQ(plan(Text, "bb.1=4,bb.2=2"), "%nk = 2");
  EXPECT_EQ(plan(Text, "bb.1=3,bb.2=2"),
            "loop bb.1 runs 4 iterations whatever the live-ins (its start 0 "
            "and bound 4 are constants), not 3");
}

TEST_F(NestPlanTest, WhileLoopTestsInItsHeader) {
  // The tile loop tests %t < %ntiles before each tile (BR_NP to the exit);
  // its latch bb.3 only branches back: T tiles need %ntiles = T.
  std::string Text = R"(---
name: nest
tracksRegLiveness: true
liveins:
  - { reg: '$r0' }
  - { reg: '$r1' }
body: |
  bb.0:
    successors: %bb.1
    liveins: $r0, $r1
    %ntiles:gpr32 = COPY $r0
    %nk:gpr32 = COPY $r1
    %zero:gpr32 = MOVri 0
  bb.1:
    successors: %bb.2, %bb.4
    %t:gpr32 = PHI %zero, %bb.0, %t_next, %bb.3
    %go:pred = SETPrr %t, %ntiles, 2
    %t_next:gpr32 = ADDri %t, 1
    BR_NP %go, %bb.4
    BRA %bb.2
  bb.2:
    successors: %bb.2, %bb.3
    %k:gpr32 = PHI %zero, %bb.1, %k_next, %bb.2
    %k_next:gpr32 = ADDri %k, 1
    %more:pred = SETPrr %k_next, %nk, 2
    BR_P %more, %bb.2
    BRA %bb.3
  bb.3:
    successors: %bb.1
    BRA %bb.1
  bb.4:
    RET
...
)";
  EXPECT_EQ(plan(Text, "bb.1=3,bb.2=2"), "%nk = 2, %ntiles = 3");
  EXPECT_EQ(plan(Text, "bb.1=1,bb.2=5"), "%nk = 5, %ntiles = 1");
}

} // namespace
