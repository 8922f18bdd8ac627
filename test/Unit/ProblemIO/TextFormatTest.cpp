//===- TextFormatTest.cpp - The problem text format -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/TextFormat.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::iotest;

namespace {

const char *const Full = R"(# A GEMM-like loop body.
slot 12 tma coarse
slot 16 "tensor core" fine   # a quoted name
slot 3 probe test
pool issue 5
budget smem 232448
budget barriers 16
group 2 leader=1 maxdepth=2
group 1
op load slots=12:8 , 16:8 pools=issue:1 lat=16 async group=2 maxdepth=3 budget=smem:16384:stage,barriers:1:pipe
op mma slots = 16 : 4 : 1 rows=0x8000,0x8000,0x8000,0x8000 pools=0:2:3 lat=8
op "odd name" lat=0
dep load mma lat=16 dist=1 kind=data
dep mma mma dist=1 kind=accumulate
dep mma "odd name" lat=-2 kind=order
dep load mma kind=memory
dep load mma kind=token
serial
)";

TEST(ProblemText, ReadsEveryDirective) {
  Expected<Problem> P = readProblemText(Full, "full.tsp");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  EXPECT_EQ(P->Name, "full.tsp");
  const ResourceModel &M = P->model();
  ASSERT_EQ(M.slots().size(), 3u);
  EXPECT_EQ(M.slots()[0].Id, 12u);
  EXPECT_EQ(M.slots()[0].Name, "tma");
  EXPECT_EQ(M.slots()[0].Kind, SlotKind::Coarse);
  EXPECT_EQ(M.slots()[1].Name, "tensor core");
  EXPECT_EQ(M.slots()[1].Kind, SlotKind::Fine);
  EXPECT_EQ(M.slots()[2].Kind, SlotKind::Test);
  ASSERT_EQ(M.pools().size(), 1u);
  EXPECT_EQ(M.pools()[0].Capacity, 5u);
  ASSERT_EQ(M.budgets().size(), 2u);
  EXPECT_EQ(M.budgets()[0].Capacity, 232448u);
  ASSERT_EQ(P->groups().size(), 2u);
  EXPECT_EQ(P->groups()[0].Id, 2);
  EXPECT_EQ(P->groups()[0].Leader, 1);
  EXPECT_EQ(P->groups()[0].MaxDepth, 2u);
  EXPECT_EQ(P->groups()[1].Leader, -1);
  EXPECT_TRUE(P->ForceSerial);

  ASSERT_EQ(P->size(), 3u);
  const Operation &Load = P->operations()[0];
  EXPECT_EQ(Load.Name, "load");
  ASSERT_EQ(Load.Slots.size(), 2u);
  EXPECT_EQ(Load.Slots[1].Slot, 16u);
  EXPECT_EQ(Load.Slots[1].Duration, 8u);
  ASSERT_EQ(Load.Pools.size(), 1u);
  EXPECT_EQ(Load.Pools[0].Units, 1u);
  EXPECT_EQ(Load.Pools[0].Duration, 1u);
  ASSERT_EQ(Load.Budgets.size(), 2u);
  EXPECT_EQ(Load.Budgets[0].Amount, 16384u);
  EXPECT_EQ(Load.Budgets[0].Scaling, BudgetScaling::PerStage);
  EXPECT_EQ(Load.Budgets[1].Budget, 1u);
  EXPECT_EQ(Load.Budgets[1].Scaling, BudgetScaling::PerPipe);
  EXPECT_EQ(Load.Latency, 16u);
  EXPECT_TRUE(Load.Async);
  EXPECT_EQ(Load.Group, 2);
  EXPECT_EQ(Load.MaxDepth, 3u);
  const Operation &Mma = P->operations()[1];
  EXPECT_EQ(Mma.FootprintRows.size(), 4u);
  EXPECT_EQ(Mma.Pools[0].Units, 2u);
  EXPECT_EQ(Mma.Pools[0].Duration, 3u);
  EXPECT_FALSE(Mma.Async);
  EXPECT_EQ(Mma.Group, -1);
  EXPECT_EQ(P->operations()[2].Name, "odd name");

  ASSERT_EQ(P->dependences().size(), 5u);
  EXPECT_EQ(P->dependences()[0].Latency, 16);
  EXPECT_EQ(P->dependences()[0].Distance, 1u);
  // Without lat= a dep takes its producer's latency.
  EXPECT_EQ(P->dependences()[1].Latency, 8);
  EXPECT_EQ(P->dependences()[1].Kind, DepKind::Accumulate);
  EXPECT_EQ(P->dependences()[2].Latency, -2);
  EXPECT_EQ(P->dependences()[2].To, 2u);
  EXPECT_EQ(P->dependences()[2].Kind, DepKind::Order);
  EXPECT_EQ(P->dependences()[3].Kind, DepKind::Memory);
  EXPECT_EQ(P->dependences()[4].Kind, DepKind::Token);
}

TEST(ProblemText, RoundTripIsExact) {
  Expected<Problem> P = readProblemText(Full, "full.tsp");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  std::string Once = textOf(*P);
  Expected<Problem> Back = readProblemText(Once, "once.tsp");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError()) << "\n" << Once;
  EXPECT_TRUE(sameProblem(*P, *Back));
  EXPECT_EQ(textOf(*Back), Once);
}

TEST(ProblemText, CanonicalForm) {
  Expected<Problem> P = readProblemText(Full, "full.tsp");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  EXPECT_EQ(textOf(*P),
            "# TileAS scheduling problem (docs/problem-format.md)\n"
            "slot 12 tma coarse\n"
            "slot 16 \"tensor core\" fine\n"
            "slot 3 probe test\n"
            "pool issue 5\n"
            "budget smem 232448\n"
            "budget barriers 16\n"
            "group 2 leader=1 maxdepth=2\n"
            "group 1\n"
            "serial\n"
            "op load slots=12:8,16:8 pools=issue:1 "
            "budget=smem:16384:stage,barriers:1:pipe lat=16 async group=2 "
            "maxdepth=3\n"
            "op mma slots=16:4 pools=issue:2:3 "
            "rows=0x8000,0x8000,0x8000,0x8000 lat=8\n"
            "op \"odd name\"\n"
            "dep load mma lat=16 dist=1 kind=data\n"
            "dep mma mma lat=8 dist=1 kind=accumulate\n"
            "dep mma \"odd name\" lat=-2 dist=0 kind=order\n"
            "dep load mma lat=16 dist=0 kind=memory\n"
            "dep load mma lat=16 dist=0 kind=token\n");
}

// The loop-branch marker survives a round trip, on the op it was on, so a
// problem emitted from a MIR loop is verified the same way when read back.
TEST(ProblemText, LoopBranchRoundTrips) {
  const char *Text = "op test lat=1\n"
                     "op br maxdepth=1 branch\n"
                     "dep test br lat=1 dist=0 kind=data\n";
  Expected<Problem> P = readProblemText(Text, "branch.tsp");
  ASSERT_TRUE(bool(P)) << toString(P.takeError());
  ASSERT_TRUE(P->LoopBranch.has_value());
  EXPECT_EQ(*P->LoopBranch, 1u);
  std::string Once = textOf(*P);
  EXPECT_NE(Once.find("op br maxdepth=1 branch\n"), std::string::npos) << Once;
  Expected<Problem> Back = readProblemText(Once, "once.tsp");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError());
  EXPECT_EQ(Back->LoopBranch, P->LoopBranch);
  EXPECT_EQ(textOf(*Back), Once);
  // Without the flag there is no loop branch.
  Expected<Problem> Plain = readProblemText("op br maxdepth=1\n", "plain.tsp");
  ASSERT_TRUE(bool(Plain)) << toString(Plain.takeError());
  EXPECT_FALSE(Plain->LoopBranch.has_value());
}

TEST(ProblemText, NamesThatNeedQuotesSurvive) {
  Problem P;
  P.model().addPool("12", 1);        // all digits: would read as an index
  P.model().addPool("a:b,c=d#e", 2); // punctuation of the format
  P.model().addBudget("quote\"back\\slash", 7);
  Operation A;
  A.Name = "tab\there\nnewline\x01";
  A.Pools.push_back({0, 1, 1});
  A.Pools.push_back({1, 2, 1});
  A.Budgets.push_back({0, 3, BudgetScaling::PerPipe});
  P.addOperation(A);
  Operation B;
  B.Name = "\xC3\xA9t\xC3\xA9";
  P.addOperation(B);
  P.addDependence({0, 1, 3, 0, DepKind::Data});
  std::string Text = textOf(P);
  Expected<Problem> Back = readProblemText(Text, "q.tsp");
  ASSERT_TRUE(bool(Back)) << toString(Back.takeError()) << "\n" << Text;
  EXPECT_TRUE(sameProblem(P, *Back)) << Text;
  EXPECT_EQ(textOf(*Back), Text);
}

TEST(ProblemText, EmptyAndCommentOnlyFilesAreEmptyProblems) {
  for (const char *Text : {"", "\n\n", "# nothing\n   # here\r\n"}) {
    Expected<Problem> P = readProblemText(Text, "e.tsp");
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    EXPECT_EQ(P->size(), 0u);
  }
}

struct TextCase {
  const char *Text;
  unsigned Line;
  const char *Message;
};

void PrintTo(const TextCase &C, std::ostream *OS) { *OS << C.Text; }

class ProblemTextErrors : public ::testing::TestWithParam<TextCase> {};

TEST_P(ProblemTextErrors, NameFileLineAndKey) {
  const TextCase &C = GetParam();
  Diag D = diagOf(readProblemText(C.Text, "bad.tsp").takeError());
  EXPECT_EQ(D.File, "bad.tsp");
  EXPECT_EQ(D.Line, C.Line) << D.Message;
  EXPECT_NE(D.Message.find(C.Message), std::string::npos) << D.Message;
}

const TextCase TextCases[] = {
    {"\nfrobnicate 1", 2, "unknown directive 'frobnicate'"},
    {"\"op\" a", 1, "expected a directive keyword"},
    {"slot 0 x fine", 1, "the slot id is 0, outside 1..64"},
    {"slot 65 x fine", 1, "outside 1..64"},
    {"slot x y fine", 1, "the slot id is 'x', not an integer"},
    {"slot 1 x fine\nslot 1 y fine", 2,
     "slot 1 is declared twice (first at "
     "line 1)"},
    {"slot 1 x medium", 1, "slot kind 'medium'"},
    {"slot 1 x", 1, "'slot' expects 3 values before its keys, found 2"},
    {"slot 1 \"\" fine", 1, "the slot name is empty"},
    {"pool p", 1, "'pool' expects 2 values"},
    {"pool p 0", 1, "the capacity of pool 'p' is 0, outside 1.."},
    {"pool p -3", 1, "outside 1.."},
    {"pool p 1\npool p 2", 2, "pool 'p' is declared twice"},
    {"pool p 1 extra", 1, "unknown key or flag 'extra' for 'pool'"},
    {"budget b 1\nbudget b 1", 2, "budget 'b' is declared twice"},
    {"budget b 99999999999999999999", 1, "not an integer"},
    {"group 1\ngroup 1", 2, "group 1 is declared twice (first at line 1)"},
    {"group 1 leader=7", 1,
     "the leader of group 1 names group 7, which is "
     "not declared"},
    {"group 1 boss=2", 1, "unknown key or flag 'boss' for 'group'"},
    {"op a\nop a", 2, "op 'a' is declared twice (first at line 1)"},
    {"op a slots=1:2", 1, "op 'a' uses slot 1, which is not declared"},
    {"slot 1 s fine\nop a slots=1", 2,
     "each item of 'slots' must be slot:duration[:occupancy], found one with "
     "1 field"},
    {"slot 1 s fine\nop a slots=1:0", 2,
     "the duration on slot 1 is 0, outside 1..4096"},
    {"slot 1 s fine\nop a slots=1:2:2", 2, "a singleton slot admits only 1"},
    {"slot 1 s fine\nop a slots=1:2 rows=0x1", 2,
     "the rows of op 'a' do not match its slots (they give 0x1,0x1)"},
    {"slot 1 s fine\nop a slots=1:1 rows=1", 2, "footprint row '1' is not 0x"},
    {"op a pools=p:1", 1, "pool 'p' is not declared"},
    {"pool p 1\nop a pools=3:1", 2,
     "there is no pool with index 3 (1 "
     "declared)"},
    {"pool p 2\nop a pools=p:3", 2,
     "op 'a' charges 3 units of pool 'p' whose "
     "capacity is 2"},
    {"pool p 2\nop a pools=p:1:0", 2, "the duration on pool 'p' is 0"},
    {"budget b 9\nop a budget=b:1", 2, "must be budget:amount:stage|pipe"},
    {"budget b 9\nop a budget=b:1:forever", 2, "expected stage or pipe"},
    {"op a budget=b:1:stage", 1, "budget 'b' is not declared"},
    {"op a lat=-1", 1, "the latency of op 'a' is -1, outside 0.."},
    {"op a lat=1,2", 1, "'lat' takes a single value"},
    {"op a lat", 1, "'lat' needs a value ('lat=...')"},
    {"op a async=1", 1, "'async' is a flag and takes no value"},
    {"op a lat=1 lat=2", 1, "key 'lat' is given twice"},
    {"op a lat=", 1, "expected a value in 'lat='"},
    {"op a lat=1:", 1, "expected a value in 'lat='"},
    {"op a colour=red", 1, "unknown key or flag 'colour' for 'op'"},
    {"op a\nop b group=4", 2, "op 'b' names group 4, which is not declared"},
    {"op a maxdepth=x", 1, "the maxdepth of op 'a' is 'x', not an integer"},
    {"op a = 1", 1, "'op' expects 1 value before its keys, found 0"},
    {"op \"", 1, "unterminated string"},
    {"op \"a\\q\"", 1, "unknown escape '\\q'"},
    {"op \"a\\x4\"", 1, "'\\x' in a string needs two hex digits"},
    {"op a\x01", 1, "control character 0x01"},
    {"op \"\"", 1, "the op name is empty"},
    {"op a\ndep a b", 2, "the target of the dep, op 'b', is not declared"},
    {"op a\ndep b a", 2, "the source of the dep, op 'b', is not declared"},
    {"op a\ndep a a dist=-1", 2, "distances cannot be negative"},
    {"op a\ndep a a dist=2000000", 2, "outside 0..1048576"},
    {"op a\ndep a a lat=x", 2, "the latency of the dep is 'x'"},
    {"op a\ndep a a kind=anti", 2, "dependence kind 'anti'"},
    {"op a\ndep a", 2, "'dep' expects 2 values"},
    {"serial\nserial", 2, "'serial' is given twice (first at line 1)"},
    {"serial now", 1, "unknown key or flag 'now' for 'serial'"},
    {"op a maxdepth=1 branch\nop b maxdepth=1 branch", 2,
     "op 'b' is marked as the loop branch, but op 'a' (line 1) already is"},
    {"op a branch", 1, "op 'a' is the loop branch: it must hold"},
    {"pool p 1\nop a pools=p:1 maxdepth=1 branch", 2,
     "op 'a' is the loop branch: it must hold"},
    {"op a maxdepth=1 branch=1", 1, "'branch' is a flag and takes no value"},
};

INSTANTIATE_TEST_SUITE_P(Malformed, ProblemTextErrors,
                         ::testing::ValuesIn(TextCases));

TEST(ProblemText, MissingFileIsReported) {
  Diag D = diagOf(readProblemTextFile("/nonexistent/p.tsp").takeError());
  EXPECT_EQ(D.File, "/nonexistent/p.tsp");
  EXPECT_EQ(D.Line, 0u);
}

} // namespace
