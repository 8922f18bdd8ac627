//===- TripCountTest.cpp - Setting a loop's trip count from its control ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Each plan is checked by running the loop's control with what the plan
// sets: the induction value from its start, the step, the compare and the
// branch, counted here independently of protocol::LoopControl.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "MIRExecTestUtil.h"
#include "tileas/MIRExec/RegisterOverride.h"
#include "tileas/MIRExec/TripCountPlan.h"
#include "tileas/MIRExec/TripCountSetup.h"

#include "llvm/ADT/DenseMap.h"

#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <climits>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

/// One counted loop, bb.1, as written: %i starts at %s (a constant or the
/// live-in $r1) and moves by Step; the compare reads %next (or %i) against
/// %n (a constant or the live-in $r0); the branch back is BR_P (or BR_NP).
struct LoopShape {
  int64_t Step = 1;
  unsigned CC = 2; // 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE.
  std::optional<int64_t> Start = 0;
  std::optional<int64_t> Bound;
  bool ReadsIV = false;
  bool BackOnFalse = false;
  /// The entry defines %s before %n (the default: %n first, as selection
  /// copies the live-in parameters, last first).
  bool StartFirst = false;

  LoopShape &by(int64_t S) { return Step = S, *this; }
  LoopShape &exitTest(unsigned C) { return CC = C, *this; }
  /// A constant start, or none: the live-in $r1.
  LoopShape &from(std::optional<int64_t> S) { return Start = S, *this; }
  /// A constant bound, or none: the live-in $r0.
  LoopShape &to(std::optional<int64_t> B) { return Bound = B, *this; }
  LoopShape &readsIV(bool R) { return ReadsIV = R, *this; }
  LoopShape &backOnFalse() { return BackOnFalse = true, *this; }
  LoopShape &startFirst() { return StartFirst = true, *this; }

  std::string mir() const {
    std::string Increment = Step >= 0 ? formatv("ADDri %i, {0}", Step).str()
                                      : formatv("SUBri %i, {0}", -Step).str();
    std::string BoundDef =
        "%n:gpr32 = " +
        (Bound ? formatv("MOVri {0}", *Bound).str() : "COPY $r0");
    std::string StartDef =
        "%s:gpr32 = " +
        (Start ? formatv("MOVri {0}", *Start).str() : "COPY $r1");
    return formatv(R"(---
name: loop
tracksRegLiveness: true
liveins:
  - {{ reg: '$r0' }
  - {{ reg: '$r1' }
body: |
  bb.0:
    successors: %bb.1
    liveins: $r0, $r1
    {0}
    {1}
  bb.1:
    successors: %bb.1, %bb.2
    %i:gpr32 = PHI %s, %bb.0, %next, %bb.1
    %next:gpr32 = {2}
    %c:pred = SETPrr {3}, %n, {4}
    {5} %c, %bb.1
    BRA %bb.2
  bb.2:
    RET
...
)",
                   StartFirst ? StartDef : BoundDef,
                   StartFirst ? BoundDef : StartDef, Increment,
                   ReadsIV ? "%i" : "%next", CC, BackOnFalse ? "BR_NP" : "BR_P")
        .str();
  }

  /// The iterations the loop runs from Start to Bound (at most Limit).
  int64_t iterations(int64_t S, int64_t B, int64_t Limit = 1000) const {
    int64_t I = S;
    for (int64_t K = 1; K <= Limit; ++K) {
      int64_t Next = I + Step;
      int64_t V = ReadsIV ? I : Next;
      bool Holds[] = {V == B, V != B, V<B, V <= B, V> B, V >= B};
      if (Holds[CC] == BackOnFalse)
        return K;
      I = Next;
    }
    return -1;
  }
};

class TripCountTest : public MIRTest {
protected:
  /// Plans Shape's loop for Trips iterations and checks, by running its
  /// control, that it then runs Trips iterations (Start0 is the live-in
  /// start when the shape has none).
  void expectRuns(const LoopShape &Shape, int64_t Trips, int64_t Start0 = 7) {
    SCOPED_TRACE(Shape.mir() + formatv("trips {0}", Trips).str());
    MachineFunction *MF = parse(Shape.mir(), "loop");
    ASSERT_NE(MF, nullptr);
    Expected<TripCountSetup> Setup = planOwnTripCount(*MF, Trips);
    ASSERT_TRUE(bool(Setup)) << toString(Setup.takeError());
    ASSERT_EQ(Setup->Overrides.size(), 1u);
    const RegisterOverride &O = Setup->Overrides.front();
    Register N = virtualRegister(*MF, "n"), S = virtualRegister(*MF, "s");
    int64_t Start = Shape.Start.value_or(Start0);
    int64_t Bound = Shape.Bound.value_or(0);
    if (O.Reg == N) {
      EXPECT_EQ(O.Base, Shape.Start ? Register() : S);
      Bound = O.Value + (O.Base ? Start : 0);
    } else {
      ASSERT_EQ(O.Reg, S);
      EXPECT_FALSE(Shape.Start.has_value());
      Start = O.Value;
    }
    EXPECT_EQ(Shape.iterations(Start, Bound), Trips);
  }

  /// The error Plan gives for Text's function "loop" (empty, after a test
  /// failure, if it plans instead).
  template <typename PlanT>
  std::string errorOf(StringRef Text,
                      function_ref<Expected<PlanT>(MachineFunction &)> Plan) {
    MachineFunction *MF = parse(Text, "loop");
    if (!MF)
      return "";
    Expected<PlanT> Planned = Plan(*MF);
    if (Planned) {
      ADD_FAILURE() << "planned: " << Planned->Description;
      return "";
    }
    return toString(Planned.takeError());
  }

  /// The error planOwnTripCount gives for Text's function "loop".
  std::string ownError(StringRef Text, int64_t Trips) {
    return errorOf<TripCountSetup>(
        Text, [&](MachineFunction &MF) { return planOwnTripCount(MF, Trips); });
  }

  /// The error planTripCount gives for Text's function "loop".
  std::string coordinatedError(StringRef Text, int64_t Trips) {
    return errorOf<TripCountPlan>(
        Text, [&](MachineFunction &MF) { return planTripCount(MF, Trips); });
  }
};

TEST_F(TripCountTest, CountingUpBySteps) {
  for (int64_t Step : {1, 2, 4})
    for (int64_t Trips : {1, 2, 5, 16}) {
      LoopShape Up = LoopShape().by(Step);
      expectRuns(Up, Trips);
    }
}

TEST_F(TripCountTest, CountingDown) {
  for (int64_t Step : {-1, -2, -4})
    for (unsigned CC : {4u, 5u}) // GT, GE.
      for (int64_t Trips : {1, 3, 16}) {
        LoopShape Down = LoopShape().by(Step).exitTest(CC).from(100);
        expectRuns(Down, Trips);
      }
}

TEST_F(TripCountTest, EveryExitTest) {
  for (unsigned CC : {1u, 2u, 3u}) // NE, LT, LE counting up.
    for (bool ReadsIV : {false, true})
      for (int64_t Trips : {1, 2, 9}) {
        LoopShape L = LoopShape().by(2).exitTest(CC).readsIV(ReadsIV);
        expectRuns(L, Trips);
      }
  // NE counting down.
  LoopShape NEDown = LoopShape().by(-1).exitTest(1).from(3);
  expectRuns(NEDown, 6);
}

TEST_F(TripCountTest, BranchBackOnFalse) {
  // "Exit when %next >= %n": goes on while LT.
  LoopShape L = LoopShape().exitTest(5).backOnFalse().by(4);
  expectRuns(L, 3);
  // "Exit when %next <= %n" counting down: goes on while GT.
  LoopShape D = LoopShape().exitTest(3).backOnFalse().by(-2).from(50);
  expectRuns(D, 5);
}

TEST_F(TripCountTest, StartFromALiveIn) {
  // A bound from a live-in too: the bound is set relative to the start.
  LoopShape Both = LoopShape().from(std::nullopt).by(2);
  expectRuns(Both, 4, /*Start0=*/-11);
  // A constant bound: the start is set.
  LoopShape FixedBound = LoopShape().from(std::nullopt).to(40).by(4);
  expectRuns(FixedBound, 6);
}

TEST_F(TripCountTest, DescribesWhatItSets) {
  LoopShape L = LoopShape().by(2).from(std::nullopt);
  MachineFunction *MF = parse(L.mir(), "loop");
  ASSERT_NE(MF, nullptr);
  Expected<TripCountSetup> Setup = planOwnTripCount(*MF, 3);
  ASSERT_TRUE(bool(Setup)) << toString(Setup.takeError());
  EXPECT_EQ(Setup->Description, "%n = %s + 6");
}

TEST_F(TripCountTest, ConstantStartAndBound) {
  LoopShape Fixed = LoopShape().to(4);
  MachineFunction *MF = parse(Fixed.mir(), "loop");
  ASSERT_NE(MF, nullptr);
  // Its own trip count: nothing to set.
  Expected<TripCountSetup> Same = planOwnTripCount(*MF, 4);
  ASSERT_TRUE(bool(Same)) << toString(Same.takeError());
  EXPECT_TRUE(Same->Overrides.empty());
  EXPECT_EQ(Same->Description, "");
  EXPECT_EQ(ownError(Fixed.mir(), 3),
            "loop bb.1 runs 4 iterations whatever the live-ins (its start 0 "
            "and bound 4 are constants), not 3");
  // An NE loop that steps over its bound never ends.
  LoopShape Over = LoopShape().to(5).by(2).exitTest(1);
  EXPECT_EQ(ownError(Over.mir(), 3),
            "loop bb.1 runs more than 16777216 iterations whatever the "
            "live-ins (its start 0 and bound 5 are constants), not 3");
}

TEST_F(TripCountTest, BoundOverflows) {
  LoopShape Big = LoopShape().by(4).from(0);
  EXPECT_EQ(ownError(Big.mir(), INT64_MAX / 2),
            formatv("loop bb.1: the bound for a trip count of {0} overflows",
                    INT64_MAX / 2)
                .str());
}

TEST_F(TripCountTest, NoLoop) {
  EXPECT_EQ(ownError(R"(---
name: loop
body: |
  bb.0:
    RET
...
)",
                     4),
            "no counted loop to run 4 times");
}

/// The start of a function "loop" with the live-in $r0, up to its first
/// block's first line.
std::string liveR0Header() {
  return "---\n" + std::string(R"(name: loop
tracksRegLiveness: true
liveins:
  - { reg: '$r0' }
body: |
  bb.0:
)");
}

TEST_F(TripCountTest, PrologueStartNeedsAReference) {
  // bb.1 starts from a value that bb.2, not the entry block, computes.
  std::string Text = liveR0Header() + R"(    successors: %bb.2
    liveins: $r0
    %n:gpr32 = COPY $r0
    BRA %bb.2
  bb.1:
    successors: %bb.1, %bb.3
    %i:gpr32 = PHI %s, %bb.2, %next, %bb.1
    %next:gpr32 = ADDri %i, 1
    %c:pred = SETPrr %next, %n, 2
    BR_P %c, %bb.1
    BRA %bb.3
  bb.2:
    successors: %bb.1
    %z:gpr32 = MOVri 0
    %s:gpr32 = ADDri %z, 1
    BRA %bb.1
  bb.3:
    RET
...
)";
  EXPECT_EQ(ownError(Text, 4),
            "loop bb.1 starts from %s, which bb.2 computes (a prologue's "
            "value?): the iterations its prologue ran are not known here; "
            "give --reference=<the function as written>");
}

/// A loop with a pipe, whose iterations count from PIPE_CREATE's first
/// induction value %f; Second adds a loop bb.2 on the same bound, stepping
/// by 2.
std::string pipedLoops(bool Second) {
  std::string Text = liveR0Header() + R"(    successors: %bb.1
    liveins: $r0
    %n:gpr32 = COPY $r0
    %f:gpr32 = MOVri 0
    PIPE_CREATE 0, 2, 16384, 1, 2, 0, 0, %f, 1, 0, 0
  bb.1:
    successors: %bb.1, %bb.2
    %i:gpr32 = PHI %f, %bb.0, %next, %bb.1
    PIPE_PRODUCER_COMMIT 0, 1, %i
    PIPE_CONSUMER_WAIT 0, 1, %i
    PIPE_CONSUMER_RELEASE 0, 2, %i
    %next:gpr32 = ADDri %i, 1
    %c:pred = SETPrr %next, %n, 2
    BR_P %c, %bb.1
    BRA %bb.2
  bb.2:
)";
  if (Second)
    Text += R"(    successors: %bb.2, %bb.3
    %j:gpr32 = PHI %f, %bb.1, %jn, %bb.2
    PIPE_CONSUMER_WAIT 0, 1, %j
    %jn:gpr32 = ADDri %j, 2
    %d:pred = SETPrr %jn, %n, 2
    BR_P %d, %bb.2
    BRA %bb.3
  bb.3:
)";
  return Text + "    RET\n...\n";
}

TEST_F(TripCountTest, CoordinatedLoopCountsFromItsPipe) {
  MachineFunction *MF = parse(pipedLoops(false), "loop");
  ASSERT_NE(MF, nullptr);
  Expected<TripCountPlan> Plan = planTripCount(*MF, 5);
  ASSERT_TRUE(bool(Plan)) << toString(Plan.takeError());
  EXPECT_EQ(Plan->Description, "%n = 5");
  // tileas-sim plans a function with pipes the same way.
  Expected<TripCountSetup> Setup = planOwnTripCount(*MF, 5);
  ASSERT_TRUE(bool(Setup)) << toString(Setup.takeError());
  EXPECT_EQ(Setup->Description, "%n = 5");
}

TEST_F(TripCountTest, LoopsThatDisagree) {
  EXPECT_EQ(coordinatedError(pipedLoops(true), 3),
            "the loops bb.1 and bb.2 need %n = 3 and %n = 6 for a trip count "
            "of 3: their exit tests disagree");
}

TEST_F(TripCountTest, AtLeastOneIteration) {
  EXPECT_EQ(coordinatedError(pipedLoops(false), 0),
            "a loop runs at least once (its exit test ends each iteration): "
            "trip counts start at 1");
}

TEST_F(TripCountTest, ThroughTheReferencesLiveIns) {
  LoopShape L = LoopShape().by(2).from(std::nullopt);
  MachineFunction *MF = parse(L.mir(), "loop");
  ASSERT_NE(MF, nullptr);
  const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
  MCRegister R0 = *findRegister(TRI, "r0"), R1 = *findRegister(TRI, "r1");
  // %n = %s + 8, with %s a copy of $r1 = 5.
  Expected<TripCountSetup> Setup =
      planReferenceTripCount(*MF, 4, {{R1, 5}, {R0, 99}});
  ASSERT_TRUE(bool(Setup)) << toString(Setup.takeError());
  ASSERT_EQ(Setup->LiveIns.size(), 1u);
  EXPECT_EQ(Setup->LiveIns[0], std::make_pair(R0, int64_t(13)));
  EXPECT_EQ(Setup->Description, "$r0 = 13");
  EXPECT_TRUE(Setup->Overrides.empty());
}

TEST_F(TripCountTest, ReferenceBoundNotALiveIn) {
  LoopShape L = LoopShape().from(std::nullopt).to(40);
  MachineFunction *MF = parse(L.mir(), "loop");
  ASSERT_NE(MF, nullptr);
  // The start is set, and it is a copy of $r1: fine.
  Expected<TripCountSetup> Setup = planReferenceTripCount(*MF, 4, {});
  ASSERT_TRUE(bool(Setup)) << toString(Setup.takeError());
  EXPECT_EQ(Setup->Description, "$r1 = 36");
  // A bound computed from a constant start is not a live-in's copy.
  LoopShape Computed = LoopShape().from(0);
  std::string Text = Computed.mir();
  Text.replace(Text.find("%n:gpr32 = COPY $r0"), 19,
               "%m:gpr32 = COPY $r0\n    %n:gpr32 = ADDri %m, 0");
  MF = parse(Text, "loop");
  ASSERT_NE(MF, nullptr);
  Setup = planReferenceTripCount(*MF, 4, {});
  ASSERT_FALSE(bool(Setup));
  EXPECT_EQ(toString(Setup.takeError()),
            "in the reference, the trip count sets %n, which is not a copy "
            "of a live-in register; other forms of the function cannot be "
            "given its value");
}

/// Runs the entry block of MF as tileas-sim and tileas-protocol-check do:
/// each instruction defines its register (COPY of $r0 or $r1: LiveIns' value
/// of it; MOVri: its immediate), then the plan's overrides apply after it.
/// Returns the values of S and N.
Expected<std::pair<int64_t, int64_t>>
runEntry(MachineFunction &MF, ArrayRef<RegisterOverride> Overrides,
         ArrayRef<std::pair<MCRegister, int64_t>> LiveIns, Register S,
         Register N) {
  DenseMap<Register, int64_t> Ints;
  for (const MachineInstr &MI : MF.front()) {
    if (MI.getOpcode() == TileAS::MOVri)
      Ints[MI.getOperand(0).getReg()] = MI.getOperand(1).getImm();
    if (MI.isCopy())
      for (auto [Reg, V] : LiveIns)
        if (MI.getOperand(1).getReg() == Reg)
          Ints[MI.getOperand(0).getReg()] = V;
    if (Error E = applyOverrides(
            MI, Overrides,
            [&](Register R) -> std::optional<int64_t> {
              auto It = Ints.find(R);
              if (It == Ints.end())
                return std::nullopt;
              return It->second;
            },
            [&](Register R, int64_t V) { Ints[R] = V; }))
      return E;
  }
  return std::make_pair(Ints.lookup(S), Ints.lookup(N));
}

TEST_F(TripCountTest, LiveInsCopiedInEitherOrder) {
  // Selection copies the live-in parameters last first: the bound's copy
  // may come before the start's, or after it. Either way the run sets the
  // bound from the start it reads, and the loop runs the trip count.
  for (bool StartFirst : {false, true}) {
    LoopShape L = LoopShape().from(std::nullopt).by(2);
    if (StartFirst)
      L.startFirst();
    SCOPED_TRACE(L.mir());
    MachineFunction *MF = parse(L.mir(), "loop");
    ASSERT_NE(MF, nullptr);
    const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
    MCRegister R0 = *findRegister(TRI, "r0"), R1 = *findRegister(TRI, "r1");
    Expected<TripCountSetup> Setup = planOwnTripCount(*MF, 5);
    ASSERT_TRUE(bool(Setup)) << toString(Setup.takeError());
    EXPECT_EQ(Setup->Description, "%n = %s + 10");
    Expected<std::pair<int64_t, int64_t>> Run =
        runEntry(*MF, Setup->Overrides, {{R1, 31}, {R0, 999}},
                 virtualRegister(*MF, "s"), virtualRegister(*MF, "n"));
    ASSERT_TRUE(bool(Run)) << toString(Run.takeError());
    EXPECT_EQ(Run->first, 31);
    EXPECT_EQ(Run->second, 41);
    EXPECT_EQ(L.iterations(Run->first, Run->second), 5);
  }
}

TEST_F(TripCountTest, BoundReadBeforeTheStartIsComputed) {
  // The bound is read between its copy and the start's: no place in the
  // entry block sees both set.
  LoopShape L = LoopShape().from(std::nullopt);
  std::string Text = L.mir();
  Text.replace(Text.find("%s:gpr32 = COPY $r1"), 19,
               "%early:gpr32 = ADDri %n, 1\n    %s:gpr32 = COPY $r1");
  EXPECT_EQ(ownError(Text, 3),
            "loop bb.1: bb.0: %early:gpr32 = ADDri %n:gpr32, 1 reads its "
            "bound %n before its start %s is computed, so the bound cannot "
            "be set from the start");
}

} // namespace
