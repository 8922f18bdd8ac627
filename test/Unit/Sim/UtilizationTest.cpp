//===- UtilizationTest.cpp - Occupied units and tensor-core utilization ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The simulator's occupied units (a timing description's tensor core and
// far-memory share), the heavy-tail jitter, and the utilization computed
// from a run, each against numbers worked out by hand.
//
//===----------------------------------------------------------------------===//

#include "SimTestUtil.h"

#include "tileas/Sim/Jitter.h"
#include "tileas/Sim/Utilization.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::sim;
using namespace tileas::sim::test;

namespace {

Catalog unitCatalog() {
  Catalog C = testCatalog();
  C.Units = {"tensor_core", "far_memory"};
  return C;
}

/// An MMA of the measured B200 timing: 64.6 cycles on unit 0, latency 200.
OpClass measuredMma(bool Forwards) {
  OpClass C = opClass(SlotMMA, 8, 200);
  C.Unit = 0;
  C.OccupancyX100 = 6460;
  C.ForwardsOnUnit = Forwards;
  return C;
}

// Two MMAs into one accumulator: the second issues at 8 (the slot) without
// waiting for the first's result, starts on the unit at 64.6 and is ready
// at ceil(64.6) + 200 = 265. The unit's spans are the occupancies.
TEST(OccupiedUnit, AccumulatorChainQueuesOnTheUnit) {
  OpClass Mma = measuredMma(true);
  SimResult R =
      run(unitCatalog(),
          {{issue(Mma, {1}, {0}), issue(Mma, {2}, {1}), marker(0), ret()}});
  EXPECT_EQ(R.Loops[0].Entries, (std::vector<Cycle>{8}));
  EXPECT_EQ(R.Cycles, 265u);
  ASSERT_EQ(R.Units[0].Spans.size(), 2u);
  EXPECT_EQ(R.Units[0].Spans[1].StartX100, 6460u);
  EXPECT_EQ(R.Units[0].Spans[1].EndX100, 12920u);
  EXPECT_EQ(R.Units[0].BusyX100, 12920u);
}

// Without forwarding the reader waits for the result (200), then starts at
// once (the unit is free): ready at 400.
TEST(OccupiedUnit, WithoutForwardingTheReaderWaits) {
  OpClass Mma = measuredMma(false);
  SimResult R =
      run(unitCatalog(),
          {{issue(Mma, {1}, {0}), issue(Mma, {2}, {1}), marker(0), ret()}});
  EXPECT_EQ(R.Loops[0].Entries, (std::vector<Cycle>{200}));
  EXPECT_EQ(R.Cycles, 400u);
}

// An arrival lands ArriveLatency cycles late: the wait passes at 30.
TEST(OccupiedUnit, ArriveLatency) {
  SimOptions O;
  O.ArriveLatency = 30;
  SimResult R =
      run(testCatalog(), {{arrive(0), wait(0, 0), marker(0), ret()}}, O);
  EXPECT_EQ(R.Loops[0].Entries, (std::vector<Cycle>{30}));
}

// The tail multiplies every latency at 100% and none at 0%; the same seed
// draws the same latencies.
TEST(Jitter, HeavyTail) {
  Jitter All(0, 7, 100, 3), None(0, 7, 0, 3);
  EXPECT_EQ(All.draw(962), 2886u);
  EXPECT_EQ(None.draw(962), 962u);
  Jitter A(25, 5, 5, 3), B(25, 5, 5, 3);
  unsigned Tail = 0;
  for (unsigned I = 0; I != 2000; ++I) {
    unsigned L = A.draw(1000);
    EXPECT_EQ(L, B.draw(1000));
    EXPECT_GE(L, 750u);
    EXPECT_LE(L, 3750u);
    Tail += L > 1250;
  }
  // About 5% of 2000 draws.
  EXPECT_GT(Tail, 60u);
  EXPECT_LT(Tail, 140u);
}

// The loop is entered at 0, 100, 200, 300, 400: the steady state is the
// later two intervals, [200, 400). Tensor-core spans [150, 200), [200,
// 250), [300, 350), [390, 440): 50 + 50 + 10 = 110 of the window's 200
// cycles are busy (0.55); the MMAs issued in it (at 200, 300, 390) do 150
// cycles of work, 75 per iteration. Two loads of 1024 bytes issued in it
// at 10.24 bytes per cycle: 100 cycles of transfer per iteration, which
// binds: the bound is 75 / 100. Over the run's 500 cycles the tensor core
// is busy 200: 0.4.
TEST(Utilization, SteadyStateAndBound) {
  SimResult R;
  R.Cycles = 500;
  R.Loops.push_back({0, 0, "bb.1", {0, 100, 200, 300, 400}});
  OccupiedUnitResult TC{"tensor_core", {}, 0};
  for (uint64_t Start : {150, 200, 300, 390}) {
    TC.Spans.push_back({Start * 100, (Start + 50) * 100, Start, 0});
    TC.BusyX100 += 5000;
  }
  OccupiedUnitResult Mem{"far_memory", {}, 0};
  Mem.Spans.push_back({25000, 26000, 250, 1024});
  Mem.Spans.push_back({35000, 36000, 350, 1024});
  Mem.Spans.push_back({45000, 46000, 450, 1024}); // After the window.
  R.Units = {TC, Mem};
  TensorCoreUse U = tensorCoreUse(R, 0, 1, 10.24);
  EXPECT_DOUBLE_EQ(U.BusyCycles, 200.0);
  EXPECT_DOUBLE_EQ(U.TotalBusyFraction, 0.4);
  ASSERT_TRUE(U.SteadyBusyFraction);
  EXPECT_DOUBLE_EQ(*U.SteadyBusyFraction, 0.55);
  EXPECT_DOUBLE_EQ(*U.MmaCyclesPerIteration, 75.0);
  EXPECT_DOUBLE_EQ(*U.TransferCyclesPerIteration, 100.0);
  EXPECT_DOUBLE_EQ(*U.BoundFraction, 0.75);
  EXPECT_TRUE(U.TransferBinds);

  // Without transfers the MMA work binds: the bound is 1.
  TensorCoreUse NoMem = tensorCoreUse(R, 0, -1, 10.24);
  EXPECT_DOUBLE_EQ(*NoMem.BoundFraction, 1.0);
  EXPECT_FALSE(NoMem.TransferBinds);
}

// A loop entered once has no steady state.
TEST(Utilization, NoSteadyStateWithoutTwoEntries) {
  SimResult R;
  R.Cycles = 100;
  R.Loops.push_back({0, 0, "bb.1", {10}});
  TensorCoreUse U = tensorCoreUse(R, -1, -1, 1.0);
  EXPECT_FALSE(U.SteadyBusyFraction);
  EXPECT_FALSE(U.BoundFraction);
  EXPECT_DOUBLE_EQ(U.TotalBusyFraction, 0.0);
}

} // namespace
