//===- AgentRegistersTest.cpp - An agent's register need ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// estimateLoopRegisters on small MIR loops whose kernel order and stages the
// tests choose, so that each expected count follows from the rules of
// TileASAgentRegisters.h by hand; the far-memory prefetch's effect on it;
// and fitPrefetchDistance's choice of distance against a budget.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "WarpSpecialize/TileASAgentPrefetch.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "tileas/Sched/RegisterPressure.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr const char *Entry = R"(
  successors: %bb.1
  %zero:gpr32 = MOVri 0
  %n:gpr32 = MOVri 8
  %work0:gpr64 = MOV64ri 16384
  %acc0:frag = FZERO
)";

// The loop control every loop below ends with. %k_next is read by the exit
// test and, through %k, by the next iteration's increment: one register at
// every kernel position. The bound %n is read from before the loop: one
// register throughout. So the control alone keeps 2.
constexpr const char *Control = R"(
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %n, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";
constexpr unsigned ControlNeed = 2;

class AgentRegistersTest : public AgentPartitionTest {
protected:
  /// Parses a loop whose body is the induction PHI, Body, then Control.
  void run(StringRef Body, StringRef Exit = "", StringRef Pre = Entry) {
    std::string Loop = "successors: %bb.1, %bb.2\n"
                       "%k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1\n" +
                       Body.str() + Control;
    MF = parseLoop(Pre, Loop, Exit);
    ASSERT_NE(MF, nullptr);
    Order.clear();
    Stage.clear();
    for (MachineInstr &MI : *MF->getBlockNumbered(1))
      if (!MI.isPHI() && !MI.isTerminator()) {
        Order.push_back(&MI);
        Stage[&MI] = 0;
      }
  }
  /// The loop instruction defining Name (its first, for a dead def).
  MachineInstr *def(StringRef Name) {
    return const_cast<MachineInstr *>(defOf(*MF, Name));
  }
  unsigned estimate() {
    return estimateLoopRegisters(Order, Stage, MF->getRegInfo());
  }
  /// Puts the instruction defining Name at kernel position At.
  void moveTo(StringRef Name, unsigned At) {
    MachineInstr *MI = def(Name);
    auto It = llvm::find(Order, MI);
    ASSERT_NE(It, Order.end());
    Order.erase(It);
    Order.insert(Order.begin() + At, MI);
  }

  MachineFunction *MF = nullptr;
  std::vector<MachineInstr *> Order;
  DenseMap<MachineInstr *, int> Stage;
};

TEST_F(AgentRegistersTest, LoopControlAlone) {
  run("");
  EXPECT_EQ(estimate(), ControlNeed);
}

TEST_F(AgentRegistersTest, NoInstructionsNeedNothing) {
  run("");
  Order.clear();
  EXPECT_EQ(estimate(), 0u);
}

// A value of each class read by the next instruction holds its class's
// 32-bit units at its definition (TileASRegisterUnits.h): a predicate none,
// a shared- or tensor-memory handle one, a fragment four.
TEST_F(AgentRegistersTest, UnitsPerRegisterClass) {
  struct Case {
    const char *Class;
    unsigned Units;
  } Cases[] = {{"gpr32", 1}, {"gpr64", 2}, {"pred", 0},
               {"tile", 1},  {"tmem", 1},  {"frag", 4}};
  for (const Case &C : Cases) {
    std::string Body = formatv("%x:{0} = IMPLICIT_DEF\n"
                               "%y:{0} = COPY %x\n",
                               C.Class)
                           .str();
    run(Body);
    EXPECT_EQ(estimate(), ControlNeed + C.Units) << C.Class;
  }
}

// A value from before the loop is live throughout, counted once however
// many instructions read it.
TEST_F(AgentRegistersTest, LoopInvariantCountsOnce) {
  run("%x:frag = COPY %acc0\n"
      "%y:frag = COPY %acc0\n");
  EXPECT_EQ(estimate(), ControlNeed + 4);
}

// A reader s stages later keeps s more copies of the value (at the kernel
// position where they overlap most; from two stages on the copies rotate
// through a chain of PHIs and hold their registers all kernel long).
TEST_F(AgentRegistersTest, EachStageLaterAddsACopy) {
  run("%x:gpr32 = IMPLICIT_DEF\n"
      "%y:gpr32 = COPY %x\n");
  for (int Later : {0, 1, 2, 3}) {
    Stage[def("y")] = Later;
    EXPECT_EQ(estimate(), ControlNeed + 1 + unsigned(Later))
        << Later << " stages later";
  }
}

// %x (4 units) is read a stage later at position 1: two copies at position
// 0, one in between. Carried across one back edge, its copies count where
// they are live (the scheduler's MaxLive, tileas::maxLiveRegisters): 4 + 4
// with %z at position 2, 8 at position 0, not 8 + 4 as when both copies
// held a register everywhere.
TEST_F(AgentRegistersTest, ValueCarriedAcrossTheBackEdgeCountsWhereLive) {
  run("%x:frag = IMPLICIT_DEF\n"
      "%y:frag = COPY %x\n"
      "%z:frag = IMPLICIT_DEF\n"
      "%w:frag = COPY %z\n");
  Stage[def("y")] = 1;
  EXPECT_EQ(estimate(), ControlNeed + 8);
}

// The PTX sequences of an agent that defines register fragments take
// tileas::FragmentSequenceRegisters beyond its live values; one without
// fragments none.
TEST_F(AgentRegistersTest, FragmentsNeedTheirSequencesRegisters) {
  run("%x:frag = IMPLICIT_DEF\n"
      "%y:frag = COPY %x\n");
  EXPECT_EQ(sequenceRegisters(Order, MF->getRegInfo()),
            tileas::FragmentSequenceRegisters);
  run("%x:gpr32 = IMPLICIT_DEF\n"
      "%y:gpr32 = COPY %x\n");
  EXPECT_EQ(sequenceRegisters(Order, MF->getRegInfo()), 0u);
}

// A value defined late in the kernel and read early in the next trip
// (a stage later, by position) holds one register, not two.
TEST_F(AgentRegistersTest, ReaderEarlierInTheNextTripHoldsOneCopy) {
  run("%x:frag = IMPLICIT_DEF\n"
      "%y:frag = COPY %x\n");
  moveTo("y", 0); // y, x, k_next, more
  Stage[def("y")] = 1;
  EXPECT_EQ(estimate(), ControlNeed + 4);
}

// A value read through the loop's PHI, by the next iteration, is live for
// the whole iteration.
TEST_F(AgentRegistersTest, ReadThroughThePhiLivesAnIteration) {
  run("%acc:frag = PHI %acc0, %bb.0, %acc1, %bb.1\n"
      "%acc1:frag = COPY %acc\n");
  EXPECT_EQ(estimate(), ControlNeed + 4);
}

// A value read after the loop stays live an iteration, though nothing in the
// loop reads it.
TEST_F(AgentRegistersTest, ReadAfterTheLoopLivesAnIteration) {
  run("%x:frag = IMPLICIT_DEF\n", "%y:frag = COPY %x\n");
  EXPECT_EQ(estimate(), ControlNeed + 4);
  // The same value read by no one holds nothing.
  run("%x:frag = IMPLICIT_DEF\n");
  EXPECT_EQ(estimate(), ControlNeed);
}

// A wgmma accumulator chain (two fragments of WGMMA_X8) that the loop's
// PHIs carry, its first link in stage 0 at the end of the kernel and its
// last in stage 1 at the start, read after the loop: one register per
// fragment for the whole kernel (tileas-wgmma-in-place makes every link the
// same registers), 8 units, not a copy per stage of the last link.
TEST_F(AgentRegistersTest, CarriedWgmmaChainHoldsOneCopy) {
  std::string Pre = std::string(Entry) + "%a:tile = IMPLICIT_DEF\n"
                                         "%b:tile = IMPLICIT_DEF\n";
  run("%c_0:frag = PHI %acc0, %bb.0, %c2_0, %bb.1\n"
      "%c_1:frag = PHI %acc0, %bb.0, %c2_1, %bb.1\n"
      "%c1_0:frag, %c1_1:frag = WGMMA_X8 %c_0, %c_1, %a, %b, 0\n"
      "%c2_0:frag, %c2_1:frag = WGMMA_X8 %c1_0, %c1_1, %a, %b, 1\n",
      "%y:frag = COPY %c2_0\n%w:frag = COPY %c2_1\n", Pre);
  moveTo("c1_0", Order.size() - 1);
  moveTo("c2_0", 0);
  Stage[def("c2_0")] = 1;
  // The chain, the two tiles from before the loop, the control.
  EXPECT_EQ(estimate(), ControlNeed + 8 + 2);
  // A chain that starts afresh in every iteration is not carried: its links
  // are values like any other (here each live one kernel position).
  run("%c1_0:frag, %c1_1:frag = WGMMA_X8 %acc0, %acc0, %a, %b, 0\n"
      "%c2_0:frag, %c2_1:frag = WGMMA_X8 %c1_0, %c1_1, %a, %b, 1\n"
      "%y:frag = COPY %c2_0\n",
      "", Pre);
  EXPECT_EQ(estimate(), ControlNeed + 4 + 8 + 2);
}

// A work-list loop: each iteration reads its tile index from global memory
// (a far-memory load) and folds it into a sum.
constexpr const char *WorkList = R"(
  %work:gpr64 = PHI %work0, %bb.0, %work_next, %bb.1
  %sum:gpr32 = PHI %zero, %bb.0, %sum1, %bb.1
  %ktile:gpr32 = LDG %work, 0 :: (load (s32), addrspace 1)
  %kx:gpr32 = SHLri %ktile, 6
  %sum1:gpr32 = ADDrr %sum, %kx
  %work_next:gpr64 = ADD64ri %work, 4
)";

// Issuing the load further ahead keeps more iterations of its value (and
// of the address it reads) live: the estimate grows with the distance.
TEST_F(AgentRegistersTest, LargerPrefetchDistanceNeedsMore) {
  run(WorkList);
  const DenseMap<MachineInstr *, int> Scheduled = Stage;
  const DenseMap<MachineInstr *, MachineInstr *> NoAnchors;
  const MachineInstr &Compare = *def("more");
  // Without prefetch, at the load: %work_next (2 units, read by the next
  // iteration), %sum1 (1, likewise) and %ktile (1), plus the control.
  std::vector<unsigned> Need, Added;
  for (unsigned Distance : {0u, 1u, 2u}) {
    Stage = Scheduled;
    TileASAgentPrefetch P = prefetchFarMemoryLoads(
        Order, Stage, NoAnchors, Compare, Distance, MF->getRegInfo());
    EXPECT_STREQ(P.WhyNot, "") << "distance " << Distance;
    EXPECT_EQ(P.Loads, 1u) << "distance " << Distance;
    Added.push_back(P.AddedStages);
    Need.push_back(estimate());
  }
  EXPECT_EQ(Added[0], 0u);
  EXPECT_GT(Added[1], 0u);
  EXPECT_GT(Added[2], Added[1]);
  EXPECT_EQ(Need[0], ControlNeed + 2 + 1 + 1);
  EXPECT_GT(Need[1], Need[0]);
  EXPECT_GT(Need[2], Need[1]);
}

/// The work-list loop's need and stages at each prefetch distance up to 3,
/// each tried from the schedule's stages.
struct DistanceNeeds {
  std::vector<unsigned> Need;
  std::vector<DenseMap<MachineInstr *, int>> Stages;
};

class PrefetchFitTest : public AgentRegistersTest {
protected:
  void SetUp() override {
    run(WorkList);
    Scheduled = Stage;
    for (unsigned Distance = 0; Distance <= 3; ++Distance) {
      Stage = Scheduled;
      prefetchFarMemoryLoads(Order, Stage, NoAnchors, *def("more"), Distance,
                             MF->getRegInfo());
      At.Need.push_back(estimate());
      At.Stages.push_back(Stage);
    }
    Stage = Scheduled;
    // The choice below is only meaningful if each distance needs more.
    for (unsigned D = 1; D <= 3; ++D)
      ASSERT_GT(At.Need[D], At.Need[D - 1]) << "distance " << D;
  }
  /// Fits the loop with Requested against Budget.
  TileASAgentFit fit(unsigned Requested, unsigned Budget) {
    TileASAgentFit Fit;
    Fit.Requested = Requested;
    Fit.Budget = Budget;
    Stage = Scheduled;
    fitPrefetchDistance(Order, Stage, NoAnchors, *def("more"), MF->getRegInfo(),
                        Fit);
    return Fit;
  }

  DenseMap<MachineInstr *, int> Scheduled;
  const DenseMap<MachineInstr *, MachineInstr *> NoAnchors;
  DistanceNeeds At;
};

TEST_F(PrefetchFitTest, RequestedDistanceKeptWhenItFits) {
  TileASAgentFit Fit = fit(2, At.Need[2]);
  EXPECT_EQ(Fit.Distance, 2u);
  EXPECT_EQ(Fit.Need, At.Need[2]);
  EXPECT_EQ(Fit.RequestedNeed, At.Need[2]);
  EXPECT_EQ(Stage, At.Stages[2]);
}

// Below the requested distance's need, the largest distance that fits is
// used, and its stages are the ones left; the requested need is reported.
TEST_F(PrefetchFitTest, LargestDistanceThatFits) {
  for (unsigned Budget = At.Need[0]; Budget < At.Need[3]; ++Budget) {
    unsigned Want = 0;
    while (Want < 3 && At.Need[Want + 1] <= Budget)
      ++Want;
    TileASAgentFit Fit = fit(3, Budget);
    EXPECT_EQ(Fit.Distance, Want) << "budget " << Budget;
    EXPECT_EQ(Fit.Need, At.Need[Want]) << "budget " << Budget;
    EXPECT_LE(Fit.Need, Fit.Budget) << "budget " << Budget;
    EXPECT_EQ(Fit.RequestedNeed, At.Need[3]) << "budget " << Budget;
    EXPECT_EQ(Stage, At.Stages[Want]) << "budget " << Budget;
  }
}

// When even no prefetch is over the budget the answer is distance 0 with
// its need over the budget: the caller's "does not fit at all".
TEST_F(PrefetchFitTest, DoesNotFitAtAll) {
  TileASAgentFit Fit = fit(2, At.Need[0] - 1);
  EXPECT_EQ(Fit.Distance, 0u);
  EXPECT_EQ(Fit.Need, At.Need[0]);
  EXPECT_GT(Fit.Need, Fit.Budget);
  EXPECT_EQ(Fit.RequestedNeed, At.Need[2]);
  EXPECT_EQ(Stage, Scheduled);
}

// No prefetch requested: the schedule's stages and their need.
TEST_F(PrefetchFitTest, NoDistanceRequested) {
  TileASAgentFit Fit = fit(0, 100);
  EXPECT_EQ(Fit.Distance, 0u);
  EXPECT_EQ(Fit.Need, At.Need[0]);
  EXPECT_EQ(Fit.RequestedNeed, At.Need[0]);
  EXPECT_EQ(Stage, Scheduled);
}

} // namespace
