//===- ScheduleTextTest.cpp - The schedule text format --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/TextFormat.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::iotest;

namespace {

Problem threeOps() {
  Expected<Problem> P = readProblemText("op a\nop b\nop \"c d\"\n", "p.tsp");
  EXPECT_TRUE(bool(P));
  return P ? std::move(*P) : Problem();
}

TEST(ScheduleText, DerivesStageOrderAndStageCount) {
  Problem P = threeOps();
  Expected<Schedule> S = readScheduleText(
      "ii 4\nstart \"c d\" 5\nstart a 0\nstart b 5 # same cycle as c\n",
      "s.txt", P);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EXPECT_EQ(S->II, 4u);
  ASSERT_EQ(S->Ops.size(), 3u);
  EXPECT_EQ(S->Ops[0].Start, 0);
  EXPECT_EQ(S->Ops[0].Stage, 0u);
  EXPECT_EQ(S->Ops[1].Stage, 1u);
  EXPECT_EQ(S->Ops[2].Stage, 1u);
  // Order: by start, ties by index (b before "c d").
  EXPECT_EQ(S->Ops[0].Order, 0u);
  EXPECT_EQ(S->Ops[1].Order, 1u);
  EXPECT_EQ(S->Ops[2].Order, 2u);
  EXPECT_EQ(S->StageCount, 2u);
}

TEST(ScheduleText, KeepsWhatTheFileGives) {
  Problem P = threeOps();
  Expected<Schedule> S = readScheduleText(
      "ii 0\nstages 7\nstart a -3 stage=5 order=9\nstart b 1\nstart \"c d\" 2",
      "s.txt", P);
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EXPECT_EQ(S->II, 0u);
  EXPECT_EQ(S->StageCount, 7u);
  EXPECT_EQ(S->Ops[0].Start, -3);
  EXPECT_EQ(S->Ops[0].Stage, 5u);
  EXPECT_EQ(S->Ops[0].Order, 9u);
  EXPECT_EQ(S->Ops[1].Stage, 0u); // II 0: nothing to divide by
}

TEST(ScheduleText, WriteThenReadIsIdentity) {
  Problem P = threeOps();
  Schedule S;
  S.II = 3;
  S.StageCount = 2;
  S.Ops = {{0, 0, 0}, {4, 1, 2}, {2, 0, 1}};
  std::string Text;
  raw_string_ostream OS(Text);
  writeScheduleText(OS, P, S);
  EXPECT_EQ(Text, "ii 3\nstages 2\nstart a 0 stage=0 order=0\n"
                  "start b 4 stage=1 order=2\n"
                  "start \"c d\" 2 stage=0 order=1\n");
  Expected<Schedule> Back = readScheduleText(Text, "s.txt", P);
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->II, 3u);
  EXPECT_EQ(Back->StageCount, 2u);
  for (unsigned I = 0; I < 3; ++I) {
    EXPECT_EQ(Back->Ops[I].Start, S.Ops[I].Start);
    EXPECT_EQ(Back->Ops[I].Stage, S.Ops[I].Stage);
    EXPECT_EQ(Back->Ops[I].Order, S.Ops[I].Order);
  }
}

struct ScheduleCase {
  const char *Text;
  unsigned Line;
  const char *Message;
};

void PrintTo(const ScheduleCase &C, std::ostream *OS) { *OS << C.Text; }

class ScheduleTextErrors : public ::testing::TestWithParam<ScheduleCase> {};

TEST_P(ScheduleTextErrors, NameFileLineAndOp) {
  Problem P = threeOps();
  const ScheduleCase &C = GetParam();
  Diag D = diagOf(readScheduleText(C.Text, "bad.sched", P).takeError());
  EXPECT_EQ(D.File, "bad.sched");
  EXPECT_EQ(D.Line, C.Line) << D.Message;
  EXPECT_NE(D.Message.find(C.Message), std::string::npos) << D.Message;
}

const ScheduleCase ScheduleCases[] = {
    {"start a 0\nstart b 0\nstart \"c d\" 0", 0, "no 'ii' line"},
    {"ii 2\nstart a 0\nstart b 0", 0, "op 'c d' has no 'start' line"},
    {"ii 2\nii 3", 2, "'ii' is given twice (first at line 1)"},
    {"ii x", 1, "the II is 'x', not an integer"},
    {"ii -1", 1, "the II is -1, outside 0.."},
    {"ii 1\nstages 1\nstages 2", 3, "'stages' is given twice"},
    {"ii 1\nstart z 0", 2, "op 'z' is not an op of the problem"},
    {"ii 1\nstart a 0\nstart a 1", 3,
     "op 'a' has a second start (first at "
     "line 2)"},
    {"ii 1\nstart a soon", 2, "the start of op 'a' is 'soon'"},
    {"ii 1\nstart a 99999999999", 2, "outside -1073741824..1073741824"},
    {"ii 1\nstart a 0 stage=-1", 2, "the stage of op 'a' is -1"},
    {"ii 1\nstart a 0 order=x", 2, "the order of op 'a' is 'x'"},
    {"ii 1\nstart a 0 when=now", 2, "unknown key or flag 'when' for 'start'"},
    {"ii 1\nfinish a 0", 2, "unknown directive 'finish'"},
};

INSTANTIATE_TEST_SUITE_P(Malformed, ScheduleTextErrors,
                         ::testing::ValuesIn(ScheduleCases));

} // namespace
