//===- VerifierTest.cpp - Each kind of violation, one at a time -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedTestUtil.h"

#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>
#include <tuple>
#include <vector>

using namespace tileas;
using namespace tileas::test;

namespace {

enum : unsigned { A, Bx, C, D, E, F, G, H, NumOps };

/// A small problem with every kind of constraint, and a legal schedule of
/// it at II 4 (starts below).
Problem richProblem() {
  ProblemBuilder B;
  B.op({{1, 2}}, /*Async=*/true); // A: slot 1 for 2 cycles.
  B.op({{2, 1}});                 // Bx
  B.portOp(1, 2);                 // C: port, 2 cycles.
  B.portOp(1, 1);                 // D
  B.op();                         // E
  B.op({{1, 1}});                 // F: slot 1, free to move.
  B.portOp(1, 1);                 // G
  B.op();                         // H
  B.at(A).Budgets.push_back({SmemBudget, 600, BudgetScaling::PerStage});
  B.at(A).Budgets.push_back({BarrierBudget, 1, BudgetScaling::PerPipe});
  B.dep(A, Bx, 2);
  B.dep(Bx, E, 1);
  B.dep(E, A, 1, 2);
  B.P.addGroup({5, -1, 3});
  B.at(C).Group = 5;
  B.at(D).Group = 5;
  B.at(E).MaxDepth = 2;
  B.at(H).MaxDepth = 1;
  return B.P;
}

/// Stage, order and stage count from the starts (no normalisation).
void finish(Schedule &S) {
  unsigned N = S.Ops.size(), MaxStage = 0;
  std::vector<unsigned> Rank(N);
  std::iota(Rank.begin(), Rank.end(), 0);
  std::stable_sort(Rank.begin(), Rank.end(), [&](unsigned X, unsigned Y) {
    return S.Ops[X].Start < S.Ops[Y].Start;
  });
  for (unsigned I = 0; I != N; ++I) {
    OpPlacement &Pl = S.Ops[Rank[I]];
    Pl.Order = I;
    Pl.Stage = unsigned(Pl.Start / S.II);
    MaxStage = std::max(MaxStage, Pl.Stage);
  }
  S.StageCount = MaxStage + 1;
}

Schedule legalSchedule() {
  Schedule S;
  S.II = 4;
  int64_t Starts[NumOps] = {0, 2, 0, 1, 3, 2, 2, 0};
  for (int64_t T : Starts)
    S.Ops.push_back({T, 0, 0});
  finish(S);
  return S;
}

/// The kinds of all violations, sorted.
std::vector<Violation::KindTy> kinds(const Problem &P, const Schedule &S,
                                     unsigned MaxStages = 0) {
  std::vector<Violation::KindTy> Out;
  for (const Violation &V : verifySchedule(P, S, MaxStages))
    Out.push_back(V.Kind);
  std::sort(Out.begin(), Out.end());
  return Out;
}

using Kinds = std::vector<Violation::KindTy>;

TEST(VerifierTest, AcceptsTheLegalSchedule) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  EXPECT_TRUE(verifySchedule(P, S).empty());
  llvm::SmallVector<uint64_t, 4> Usage = computeBudgetUsage(P, S);
  EXPECT_EQ(std::vector<uint64_t>(Usage.begin(), Usage.end()),
            std::vector<uint64_t>({600, 1}));
}

TEST(VerifierTest, RejectsWrongShape) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops.pop_back();
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Shape}));
  S = legalSchedule();
  S.II = 0;
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Shape}));
  S = legalSchedule();
  S.Ops[H].Start = -4;
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Shape}));
}

TEST(VerifierTest, RejectsABrokenDependence) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[E].Start = 2; // Bx at 2 has latency 1.
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Dependence}));
}

TEST(VerifierTest, RejectsABrokenLoopCarriedDependence) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  // E -> A (latency 1, distance 2): E may not start after 0 + 8 - 1.
  S.Ops[Bx].Start = 6;
  S.Ops[E].Start = 8;
  finish(S);
  Kinds Found = kinds(P, S);
  EXPECT_TRUE(std::count(Found.begin(), Found.end(), Violation::Dependence));
}

TEST(VerifierTest, RejectsTwoHoldersOfASlotRow) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[F].Start = 5; // Row 1 of slot 1 is A's.
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Slot}));
}

TEST(VerifierTest, RejectsAPoolOverCapacity) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[G].Start = 1; // C and D already fill row 1.
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Pool}));
}

TEST(VerifierTest, RejectsABudgetOverCapacity) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  // Bx one stage later: A's ring needs two copies of 600 bytes.
  S.Ops[Bx].Start = 6;
  S.Ops[E].Start = 7;
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Budget}));
  EXPECT_EQ(computeBudgetUsage(P, S)[SmemBudget], 1200u);
}

TEST(VerifierTest, RejectsARecordedUsageThatDisagrees) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.BudgetUsage = {600, 1};
  EXPECT_TRUE(verifySchedule(P, S).empty());
  S.BudgetUsage = {500, 1};
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Budget}));
}

TEST(VerifierTest, RejectsAGroupAcrossStages) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[D].Start = 5; // Same row, next stage.
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Group}));
}

TEST(VerifierTest, RejectsAGroupMergedThroughItsLeader) {
  Problem P = richProblem();
  P.addGroup({6, 5, 0});
  P.operations()[H].Group = 6; // H joins C and D through group 5.
  P.operations()[H].MaxDepth = 0;
  Schedule S = legalSchedule();
  EXPECT_TRUE(verifySchedule(P, S).empty());
  S.Ops[H].Start = 4;
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Group}));
}

TEST(VerifierTest, RejectsAnOpAtItsMaxDepth) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[H].Start = 4; // Max depth 1 pins H to stage 0.
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Depth}));
}

TEST(VerifierTest, RejectsAGroupAtItsMaxDepth) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[C].Start = 12; // Group 5 has max depth 3; same rows, stage 3.
  S.Ops[D].Start = 13;
  finish(S);
  EXPECT_EQ(kinds(P, S), Kinds({Violation::Depth, Violation::Depth}));
}

TEST(VerifierTest, RejectsAStageBeyondMaxStages) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[F].Start = 6; // Stage 1, row 2 as before.
  finish(S);
  EXPECT_TRUE(verifySchedule(P, S).empty());
  EXPECT_EQ(kinds(P, S, /*MaxStages=*/1), Kinds({Violation::Depth}));
  EXPECT_TRUE(kinds(P, S, /*MaxStages=*/2).empty());
}

TEST(VerifierTest, RejectsInconsistentStageOrderAndCount) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[E].Stage = 1;
  EXPECT_EQ(kinds(P, S), Kinds({Violation::StageOrder}));
  S = legalSchedule();
  std::swap(S.Ops[A].Order, S.Ops[C].Order); // Ties go by index: A first.
  EXPECT_EQ(kinds(P, S), Kinds({Violation::StageOrder, Violation::StageOrder}));
  S = legalSchedule();
  S.StageCount = 2;
  EXPECT_EQ(kinds(P, S), Kinds({Violation::StageOrder}));
}

TEST(VerifierTest, ReportsEveryViolation) {
  Problem P = richProblem();
  Schedule S = legalSchedule();
  S.Ops[F].Start = 5;
  S.Ops[G].Start = 1;
  S.Ops[D].Start = 5;
  finish(S);
  EXPECT_EQ(kinds(P, S),
            Kinds({Violation::Slot, Violation::Pool, Violation::Group}));
}

/// Each violation of S as (kind, subject, ops).
using About =
    std::vector<std::tuple<Violation::KindTy, unsigned, std::vector<unsigned>>>;
About subjects(const Problem &P, const Schedule &S) {
  About Out;
  for (const Violation &V : verifySchedule(P, S))
    Out.push_back({V.Kind, V.Subject, {V.Ops.begin(), V.Ops.end()}});
  return Out;
}

TEST(VerifierTest, NamesWhatEachViolationIsAbout) {
  Problem P = richProblem();
  auto With = [&](std::initializer_list<std::pair<unsigned, int64_t>> Moves) {
    Schedule S = legalSchedule();
    for (auto [Op, Start] : Moves)
      S.Ops[Op].Start = Start;
    finish(S);
    return subjects(P, S);
  };
  // Bx -> E is the second dependence of richProblem.
  EXPECT_EQ(With({{E, 2}}), About({{Violation::Dependence, 1, {Bx, E}}}));
  EXPECT_EQ(With({{F, 5}}), About({{Violation::Slot, 1, {A, F}}}));
  EXPECT_EQ(With({{G, 1}}), About({{Violation::Pool, PortPool, {C, D, G}}}));
  EXPECT_EQ(With({{Bx, 6}, {E, 7}}),
            About({{Violation::Budget, SmemBudget, {}}}));
  EXPECT_EQ(With({{H, 4}}), About({{Violation::Depth, H, {H}}}));
  EXPECT_EQ(With({{D, 5}}), About({{Violation::Group, D, {C, D}}}));
  Schedule S = legalSchedule();
  S.StageCount = 2;
  EXPECT_EQ(subjects(P, S),
            About({{Violation::StageOrder, Violation::NoSubject, {}}}));
}

} // namespace

namespace {

Problem loopBranchProblem() { return loopBranchLoop(0).P; }

Schedule branchSchedule(int64_t TestStart, int64_t BranchStart) {
  Schedule S;
  S.II = 8;
  for (int64_t T : {int64_t(0), TestStart, BranchStart})
    S.Ops.push_back({T, 0, 0});
  finish(S);
  return S;
}

TEST(VerifierTest, AcceptsAnExitTestReadyByTheKernelsLastCycle) {
  // Ready at 3 + 4 = 7 = II - 1: the branch issues in the last cycle.
  EXPECT_TRUE(
      verifySchedule(loopBranchProblem(), branchSchedule(3, 7)).empty());
}

TEST(VerifierTest, RejectsAnExitTestThatDelaysTheLoopBranch) {
  Problem P = loopBranchProblem();
  // Ready at 4 + 4 = 8: the branch could issue no earlier than cycle 8,
  // the next kernel iteration's first.
  std::vector<Violation> Found = verifySchedule(P, branchSchedule(4, 7));
  Kinds K;
  for (const Violation &V : Found)
    K.push_back(V.Kind);
  std::sort(K.begin(), K.end());
  EXPECT_EQ(K, Kinds({Violation::Dependence, Violation::LoopBranch}));
  auto It = std::find_if(Found.begin(), Found.end(), [](const Violation &V) {
    return V.Kind == Violation::LoopBranch;
  });
  ASSERT_NE(It, Found.end());
  EXPECT_EQ(It->Message, "the loop branch waits for op 1 'op1', ready at "
                         "cycle 8 (4 + 4), after the kernel's last cycle 7 "
                         "(II 8)");
  EXPECT_EQ(It->Ops, (llvm::SmallVector<unsigned, 2>{1, 2}));
  // Checked from the exit test's start, not from where the branch op sits:
  // a branch op moved past the kernel keeps the dependence but not the
  // stage, and the late test is still reported.
  EXPECT_EQ(kinds(P, branchSchedule(4, 8)),
            Kinds({Violation::Depth, Violation::LoopBranch}));
}

} // namespace
