//===- JSONResultTest.cpp - The JSON form of a result ---------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/JSONResult.h"
#include "tileas/ProblemIO/TextFormat.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::iotest;

namespace {

Problem twoOps() {
  Expected<Problem> P =
      readProblemText("pool alu 1\nop a pools=alu:1\nop b\n", "p.tsp");
  EXPECT_TRUE(bool(P));
  return P ? std::move(*P) : Problem();
}

std::string compact(const Problem &P, const ResultReport &R) {
  std::string S;
  raw_string_ostream OS(S);
  writeResultJSON(OS, P, R, /*Indent=*/0);
  return S;
}

TEST(JSONResult, SuccessKeysInFixedOrder) {
  Problem P = twoOps();
  Schedule S;
  S.II = 2;
  S.StageCount = 1;
  S.Ops = {{0, 0, 0}, {1, 0, 1}};
  ResultReport R;
  R.Bounds.Resource = 0;
  R.Bounds.Recurrence = 2;
  R.Bounds.FineDensity = 1;
  R.Bounds.Dependency = 1;
  R.Bounds.RecurrenceResource = 2;
  R.Sched = &S;
  R.Verified = true;
  R.SearchEffort = 1234;
  R.BoundEffort = 56;
  R.TimeUs = 17;
  EXPECT_EQ(compact(P, R),
            "{\"ii\":2,\"mii\":2,\"bounds\":{\"resource\":0,\"recurrence\":2,"
            "\"fine_density\":1,\"dependency\":1,\"recurrence_resource\":2,"
            "\"budget\":0},\"binding_bound\":\"recurrence\","
            "\"proven_optimal\":true,\"bounds_problem\":\"given\","
            "\"stages\":1,"
            "\"verified\":true,\"search_effort\":1234,\"bound_effort\":56,"
            "\"time_us\":17,\"ops\":[{"
            "\"name\":\"a\","
            "\"start\":0,\"stage\":0,\"order\":0},{\"name\":\"b\",\"start\":1,"
            "\"stage\":0,\"order\":1}]}\n");
  // A schedule of a refined problem says what the refinement added, after
  // the bounds of the problem as given.
  S.Refined = {2, 1, 3};
  EXPECT_NE(compact(P, R).find("\"proven_optimal\":true,\"bounds_problem\":"
                               "\"given\",\"refined_problem\":{\"mii\":3,"
                               "\"orderings\":2,\"capped_rings\":1},"
                               "\"stages\":1,"),
            std::string::npos)
      << compact(P, R);
  S.Refined = {};
  // The generator that ran, when one did, comes right after "verified".
  R.Generator = "modulo";
  EXPECT_NE(compact(P, R).find("\"verified\":true,\"generator\":\"modulo\","
                               "\"search_effort\":1234,"),
            std::string::npos);
}

TEST(JSONResult, FailureAndViolations) {
  Problem P = twoOps();
  ScheduleFailure F;
  F.Reason = "no slot";
  F.CandidateII = 5;
  F.Op = 1;
  F.Pool = 0;
  F.Stage = 2;
  F.EarliestStart = 3;
  F.LatestStart = 9;
  F.ConflictRows.push_back({4, 0xff00000000000001ull});
  std::vector<Violation> V = {
      {Violation::StageOrder, "bad order", Violation::NoSubject, {}}};
  ResultReport R;
  R.Bounds.Recurrence = InfeasibleII;
  R.Bounds.RecurrenceResource = InfeasibleII;
  R.Failure = &F;
  R.Violations = V;
  EXPECT_EQ(compact(P, R),
            "{\"ii\":null,\"mii\":null,\"bounds\":{\"resource\":0,"
            "\"recurrence\":null,\"fine_density\":0,\"dependency\":0,"
            "\"recurrence_resource\":null,\"budget\":0},"
            "\"binding_bound\":\"recurrence\",\"proven_optimal\":false,"
            "\"bounds_problem\":\"given\",\"stages\":null,\"verified\":false,"
            "\"search_effort\":0,"
            "\"bound_effort\":0,\"time_us\":0,\"ops\":[],"
            "\"violations\":[{\"kind\":\"stage_order\",\"message\":\"bad "
            "order\"}],\"failure\":{\"reason\":\"no slot\",\"candidate_ii\":5,"
            "\"op\":\"b\",\"slot_triple\":null,\"pool\":\"alu\",\"budget\":"
            "null,\"group\":null,\"stage\":2,\"earliest_start\":3,"
            "\"latest_start\":9,\"conflict_rows\":[{\"row\":4,\"occupancy\":"
            "\"0xff00000000000001\"}]}}\n");
}

TEST(JSONResult, OutOfRangeIndicesAndBadUTF8AreSafe) {
  Problem P;
  Operation Op;
  Op.Name = "bad\xFFname";
  P.addOperation(Op);
  Schedule S;
  S.II = 1;
  S.StageCount = 1;
  S.Ops = {{0, 0, 0}};
  ScheduleFailure F;
  F.Op = 42;
  F.Pool = 3;
  F.Budget = 9;
  ResultReport R;
  R.Sched = &S;
  R.Failure = &F;
  std::string Out = compact(P, R);
  EXPECT_NE(Out.find("\"op\":null"), std::string::npos) << Out;
  EXPECT_NE(Out.find("\"pool\":null"), std::string::npos) << Out;
  EXPECT_NE(Out.find("\"name\":\"bad\xEF\xBF\xBDname\""), std::string::npos)
      << Out;
}

TEST(JSONResult, ViolationKindNames) {
  EXPECT_EQ(violationKindName(Violation::Shape), "shape");
  EXPECT_EQ(violationKindName(Violation::Dependence), "dependence");
  EXPECT_EQ(violationKindName(Violation::Slot), "slot");
  EXPECT_EQ(violationKindName(Violation::Pool), "pool");
  EXPECT_EQ(violationKindName(Violation::Budget), "budget");
  EXPECT_EQ(violationKindName(Violation::Group), "group");
  EXPECT_EQ(violationKindName(Violation::Depth), "depth");
  EXPECT_EQ(violationKindName(Violation::StageOrder), "stage_order");
}

} // namespace
