//===- ReferenceIMSTest.cpp - The textbook reference on its own ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The reference scheduler's own behaviour, so that a comparison against it
// means something: it reaches the MII where Rau's algorithm must, its
// schedules verify, and it refuses what it does not model.
//
//===----------------------------------------------------------------------===//

#include "ReferenceIMS.h"
#include "SchedTestUtil.h"

#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

TEST(ReferenceIMS, ReachesTheRecurrenceBound) {
  ProblemBuilder B = simpleRecurrenceLoop();
  reference::IMSResult R = reference::scheduleIMS(B.P);
  ASSERT_TRUE(R.Success) << R.Note;
  EXPECT_EQ(R.MII, 16u);
  EXPECT_EQ(R.Sched.II, 16u);
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

// a -> b latency 1 and b -> a latency 0 one iteration later (RecMII 1), a
// and b on slot 1 for 1 cycle, c for 2: ResMII 4, and a schedule at 4
// exists.
TEST(ReferenceIMS, ReachesTheResourceBound) {
  ProblemBuilder B;
  unsigned A = B.op({{1, 1}}), Bo = B.op({{1, 1}}), C = B.op({{1, 2}});
  B.dep(A, Bo, 1);
  B.dep(Bo, A, 0, 1);
  B.dep(C, A, 0);
  reference::IMSResult R = reference::scheduleIMS(B.P);
  ASSERT_TRUE(R.Success) << R.Note;
  EXPECT_EQ(R.MII, 4u);
  EXPECT_EQ(R.Sched.II, 4u);
  EXPECT_TRUE(verifySchedule(B.P, R.Sched).empty());
}

TEST(ReferenceIMS, RefusesBudgets) {
  reference::IMSResult R = reference::scheduleIMS(twoRings());
  EXPECT_FALSE(R.Success);
  EXPECT_NE(R.Note.find("not modelled"), std::string::npos) << R.Note;
}

} // namespace
