//===- MachineStateTest.cpp - Calendar, barriers and jitter ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SimTestUtil.h"

#include "tileas/Sim/Barriers.h"
#include "tileas/Sim/Jitter.h"
#include "tileas/Sim/ResourceCalendar.h"

#include "gtest/gtest.h"

#include <set>

using namespace tileas;
using namespace tileas::sim;
using namespace tileas::sim::test;

namespace {

TEST(ResourceCalendar, SlotsAndPoolsOverTime) {
  ResourceModel M = testModel();
  ResourceCalendar C(M);
  OpClass Tma = opClass(SlotTMA, 8, 100);
  C.reserve(0, Tma);
  std::optional<ResourceConflict> Busy = C.conflict(3, Tma);
  ASSERT_TRUE(Busy);
  EXPECT_FALSE(Busy->IsPool);
  EXPECT_EQ(Busy->At, 3u);
  EXPECT_EQ(C.name(*Busy), "slot tma");
  EXPECT_FALSE(C.conflict(8, Tma));
  // The pool: two units a cycle.
  OpClass Alu = opClass(SlotALU, 1, 4), Mma = opClass(SlotMMA, 1, 16);
  C.reserve(0, Alu);
  std::optional<ResourceConflict> Full = C.conflict(0, Mma);
  ASSERT_TRUE(Full);
  EXPECT_TRUE(Full->IsPool);
  EXPECT_EQ(C.name(*Full), "pool issue");
  // Moving on frees what lies behind.
  C.advanceTo(1);
  EXPECT_FALSE(C.conflict(1, Mma));
}

// A hold longer than the calendar's ring grows it without losing bookings.
TEST(ResourceCalendar, LongHoldsGrowTheRing) {
  ResourceModel M = testModel();
  ResourceCalendar C(M);
  OpClass Long = opClass(SlotMMA, 300, 1);
  OpClass Tma = opClass(SlotTMA, 8, 100);
  C.reserve(0, Tma);
  C.reserve(0, Long);
  EXPECT_TRUE(C.conflict(5, Tma));
  EXPECT_TRUE(C.conflict(299, opClass(SlotMMA, 1, 1)));
  EXPECT_FALSE(C.conflict(300, opClass(SlotMMA, 1, 1)));
  C.advanceTo(250);
  EXPECT_TRUE(C.conflict(250, opClass(SlotMMA, 1, 1)));
  EXPECT_FALSE(C.conflict(250, Tma));
}

// Slots and pools the model lacks are never free (a malformed class cannot
// slip through as "no resources").
TEST(ResourceCalendar, UnknownResourcesNeverFit) {
  ResourceModel M = testModel();
  ResourceCalendar C(M);
  EXPECT_TRUE(C.conflict(0, opClass(9, 1, 1)));
  OpClass BigPool = opClass(SlotALU, 1, 1);
  BigPool.Pools[0].Units = IssueWidth + 1;
  EXPECT_TRUE(C.conflict(0, BigPool));
}

TEST(Barriers, PendingArrivalsLandOnTime) {
  Barriers B;
  B.init(0, 2);
  EXPECT_TRUE(B.passes(0, 1));
  EXPECT_FALSE(B.passes(0, 0));
  B.arrive(0, 10);
  B.arrive(0, 5);
  EXPECT_EQ(B.nextArrival(0), 5u);
  EXPECT_EQ(B.nextArrival(), 5u);
  B.advanceTo(5);
  EXPECT_TRUE(B.passes(0, 0));
  B.advanceTo(10);
  EXPECT_TRUE(B.passes(0, 1)); // Two phases: even again.
  EXPECT_EQ(B.nextArrival(), std::nullopt);
  // Initializing drops the phase count and pending arrivals.
  B.arrive(1, 20);
  B.init(0, 2);
  EXPECT_EQ(B.nextArrival(1), std::nullopt);
  // An arrival at or before the clock completes at once.
  B.arrive(1, 3);
  EXPECT_TRUE(B.passes(1, 0));
}

TEST(Jitter, SeededDrawsWithinTheSpread) {
  Jitter Off;
  EXPECT_FALSE(Off.enabled());
  EXPECT_EQ(Off.draw(100), 100u);
  Jitter A(25, 7), B(25, 7), Other(25, 8);
  std::set<unsigned> Seen;
  bool Differs = false;
  for (int I = 0; I != 1000; ++I) {
    unsigned X = A.draw(100);
    EXPECT_EQ(X, B.draw(100));
    Differs |= X != Other.draw(100);
    EXPECT_GE(X, 75u);
    EXPECT_LE(X, 125u);
    Seen.insert(X);
  }
  EXPECT_TRUE(Differs);
  // Both ends of the range occur.
  EXPECT_TRUE(Seen.count(75));
  EXPECT_TRUE(Seen.count(125));
  // Never below one cycle.
  Jitter Wide(100, 3);
  for (int I = 0; I != 100; ++I)
    EXPECT_GE(Wide.draw(2), 1u);
}

} // namespace
