//===- ProblemValidateTest.cpp - What the scheduler refuses ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Problem::validate names the dependence it refuses; the scheduler keeps
// latencies and distances in 32 bits, so a distance beyond
// MaxDependenceDistance is an error, never a silently wrapped constraint.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/Scheduler.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::test;

namespace {

std::string validationError(const Problem &P) {
  llvm::Error E = P.validate();
  return E ? llvm::toString(std::move(E)) : std::string();
}

TEST(ProblemValidateTest, DistancesUpToTheLimitAreAccepted) {
  ProblemBuilder B = simpleRecurrenceLoop();
  unsigned A = B.op({{3, 1}}), C = B.op({{3, 1}});
  B.dep(A, C, 1, MaxDependenceDistance);
  EXPECT_EQ(validationError(B.P), "");
  ScheduleResult R = scheduleLoop(B.P, SchedulerOptions());
  EXPECT_TRUE(R.Success) << R.Failure.Reason;
}

TEST(ProblemValidateTest, ADistanceAboveTheLimitIsNamed) {
  ProblemBuilder B = simpleRecurrenceLoop();
  unsigned A = B.op({{3, 1}}), C = B.op({{3, 1}});
  unsigned Index = B.P.dependences().size();
  B.dep(A, C, 1, MaxDependenceDistance + 1);
  std::string Why = validationError(B.P);
  EXPECT_NE(Why.find("dependence " + std::to_string(Index) + " (" +
                     std::to_string(A) + " -> " + std::to_string(C) +
                     ") has distance " +
                     std::to_string(MaxDependenceDistance + 1)),
            std::string::npos)
      << Why;
  // The scheduler refuses it with the same words.
  ScheduleResult R = scheduleLoop(B.P, SchedulerOptions());
  EXPECT_FALSE(R.Success);
  EXPECT_NE(R.Failure.Reason.find("has distance"), std::string::npos)
      << R.Failure.Reason;
}

TEST(ProblemValidateTest, ADependenceOnAMissingOpIsNamed) {
  ProblemBuilder B = simpleRecurrenceLoop();
  B.dep(0, 99, 1);
  EXPECT_NE(validationError(B.P).find("names an op outside"),
            std::string::npos);
}

} // namespace

namespace {

TEST(ProblemValidateTest, ALoopBranchThatHoldsSomethingIsNamed) {
  ProblemBuilder B = simpleRecurrenceLoop();
  unsigned Branch = B.op({{3, 1}});
  B.at(Branch).MaxDepth = 1;
  B.P.LoopBranch = Branch;
  EXPECT_EQ(validationError(B.P),
            "op " + std::to_string(Branch) + " 'op" + std::to_string(Branch) +
                "' is the loop branch: it must hold nothing and have max "
                "depth 1");
  B.at(Branch).Slots.clear();
  EXPECT_EQ(validationError(B.P), "");
  B.at(Branch).MaxDepth = 0;
  EXPECT_NE(validationError(B.P), "");
  B.P.LoopBranch = B.P.size();
  EXPECT_NE(validationError(B.P).find("the loop branch is op"),
            std::string::npos);
}

} // namespace
