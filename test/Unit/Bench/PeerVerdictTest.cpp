//===- PeerVerdictTest.cpp - Each violation put down to its cause ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One small problem per sort of violation, a hand-made peer schedule that
// commits it, and the class and reason tileas-bench gives it.
//
//===----------------------------------------------------------------------===//

#include "PeerVerdict.h"
#include "SchedTestUtil.h"

#include "tileas/Sched/Verifier.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <numeric>

using namespace tileas;
using namespace tileas::bench;
using namespace tileas::test;

namespace {

/// A schedule of P at II with the given starts; stage, order and stage
/// count follow from them.
Schedule scheduleAt(const Problem &P, unsigned II,
                    std::vector<int64_t> Starts) {
  Schedule S;
  S.II = II;
  for (int64_t T : Starts)
    S.Ops.push_back({T, unsigned(T / II), 0});
  std::vector<unsigned> Rank(Starts.size());
  std::iota(Rank.begin(), Rank.end(), 0);
  std::stable_sort(Rank.begin(), Rank.end(), [&](unsigned A, unsigned B) {
    return Starts[A] < Starts[B];
  });
  unsigned MaxStage = 0;
  for (unsigned I = 0; I != Rank.size(); ++I) {
    S.Ops[Rank[I]].Order = I;
    MaxStage = std::max(MaxStage, S.Ops[Rank[I]].Stage);
  }
  S.StageCount = MaxStage + 1;
  EXPECT_EQ(P.size(), S.Ops.size());
  return S;
}

/// (class, reason) of each violation.
std::vector<std::pair<Blame, std::string>>
judge(const Problem &P, const Schedule &S, const PeerContext &C = {}) {
  std::vector<std::pair<Blame, std::string>> Out;
  for (const JudgedViolation &V :
       classifyViolations(P, S, verifySchedule(P, S), C))
    Out.push_back({V.Class, V.Reason});
  return Out;
}

using Judged = std::vector<std::pair<Blame, std::string>>;

TEST(PeerVerdictTest, Dependences) {
  ProblemBuilder B;
  unsigned A = B.op(), Bo = B.op();
  B.dep(A, Bo, 4);
  EXPECT_EQ(
      judge(B.P, scheduleAt(B.P, 8, {0, 2})),
      Judged({{Blame::Peer, "breaks a register dependence of the loop"}}));

  ProblemBuilder L;
  unsigned X = L.op(), Y = L.op();
  L.dep(X, Y, 8, 1);
  EXPECT_EQ(judge(L.P, scheduleAt(L.P, 4, {0, 1})),
            Judged({{Blame::Peer, "breaks a loop-carried register dependence "
                                  "of the loop"}}));

  ProblemBuilder M;
  unsigned Mma = M.op();
  M.dep(Mma, Mma, 16, 1, DepKind::Accumulate);
  EXPECT_EQ(judge(M.P, scheduleAt(M.P, 8, {0})),
            Judged({{Blame::Peer, "breaks an accumulator chain of the loop"}}));
}

TEST(PeerVerdictTest, MemoryOrderAndItsLatency) {
  // A store, then a load that reads what it wrote (latency 7).
  ProblemBuilder B;
  unsigned St = B.op(), Ld = B.op();
  B.dep(St, Ld, 7, 0, DepKind::Memory);
  // In order, too soon: TileAS's latency, which LLVM gives memory order not.
  EXPECT_EQ(judge(B.P, scheduleAt(B.P, 10, {0, 3})),
            Judged({{Blame::Unseen, "keeps memory order but not the latency "
                                    "TileAS gives it, which LLVM's model "
                                    "does not"}}));
  // Before the store: the loop's own order broken.
  EXPECT_EQ(judge(B.P, scheduleAt(B.P, 10, {3, 0})),
            Judged({{Blame::Peer, "breaks memory order of the loop"}}));
  // Across iterations the order needs a cycle.
  ProblemBuilder N;
  unsigned L2 = N.op(), S2 = N.op();
  N.dep(S2, L2, 7, 1, DepKind::Token);
  EXPECT_EQ(judge(N.P, scheduleAt(N.P, 10, {2, 11})).front().first,
            Blame::Unseen);
  EXPECT_EQ(judge(N.P, scheduleAt(N.P, 10, {0, 10})).front().first,
            Blame::Peer);
}

TEST(PeerVerdictTest, OrderEdges) {
  // A read of a buffer, then its rewrite in place: SSA does not show it.
  ProblemBuilder B;
  unsigned Read = B.op(), Rewrite = B.op();
  B.dep(Read, Rewrite, 3, 0, DepKind::Order);
  Schedule S = scheduleAt(B.P, 8, {0, 1});
  EXPECT_EQ(judge(B.P, S),
            Judged({{Blame::Unseen, "rewrites a buffer in place before a read "
                                    "of its old contents, which SSA does not "
                                    "show"}}));
  // The same edge around an instruction with side effects.
  PeerContext C;
  C.SideEffects.resize(2);
  C.SideEffects.set(Rewrite);
  EXPECT_EQ(judge(B.P, S, C),
            Judged({{Blame::Peer, "breaks the order around a side effect"}}));
}

TEST(PeerVerdictTest, Resources) {
  ProblemBuilder B;
  B.op({{1, 2}});
  B.op({{1, 1}});
  EXPECT_EQ(judge(B.P, scheduleAt(B.P, 4, {0, 1})),
            Judged({{Blame::Peer, "holds a slot twice in one row, which its "
                                  "own model holds for the same cycles"}}));
  // The port pool holds 2: three single units in one row.
  ProblemBuilder P1;
  P1.portOp();
  P1.portOp();
  P1.portOp();
  EXPECT_EQ(judge(P1.P, scheduleAt(P1.P, 4, {0, 0, 0})),
            Judged({{Blame::Peer, "over-subscribes a pool its own model "
                                  "charges the same way"}}));
  // Two units in one cycle: LLVM's model holds one unit for two cycles.
  ProblemBuilder P2;
  P2.portOp(2);
  P2.portOp(1);
  EXPECT_EQ(judge(P2.P, scheduleAt(P2.P, 4, {0, 0})),
            Judged({{Blame::Unseen, "over-subscribes a pool whose multi-unit "
                                    "charges LLVM's model spreads over "
                                    "cycles"}}));
  ProblemBuilder Bu;
  unsigned A = Bu.op({}, /*Async=*/true), Use = Bu.op();
  Bu.at(A).Budgets.push_back({SmemBudget, 600, BudgetScaling::PerStage});
  Bu.dep(A, Use, 1);
  EXPECT_EQ(judge(Bu.P, scheduleAt(Bu.P, 4, {0, 5})),
            Judged({{Blame::Unseen, "exceeds a budget pool, which LLVM's model "
                                    "does not have"}}));
}

TEST(PeerVerdictTest, ConstraintsAndTheExitTest) {
  ProblemBuilder B;
  unsigned A = B.op(), Bo = B.op(), Exit = B.op();
  B.P.addGroup({1, -1, 0});
  B.at(A).Group = B.at(Bo).Group = 1;
  B.at(Exit).MaxDepth = 1;
  Schedule S = scheduleAt(B.P, 4, {0, 5, 6});
  // An annotation's depth and group: TileAS's constraints.
  EXPECT_EQ(judge(B.P, S),
            Judged({{Blame::Unseen, "splits a TileAS constraint group"},
                    {Blame::Unseen, "exceeds a TileAS max depth"}}));
  // The same depth on the exit test, for a peer allowed to pipeline it.
  PeerContext C;
  C.ExitTest = Exit;
  EXPECT_EQ(judge(B.P, S, C),
            Judged({{Blame::Unseen, "splits a TileAS constraint group"},
                    {Blame::Harness, "the exit test is pinned to stage 0, but "
                                     "the harness let the peer pipeline it"}}));
}

TEST(PeerVerdictTest, LoopControlPlacedAtAPredecessorsCycle) {
  // The increment feeds the exit test; a peer told to leave the exit test
  // alone puts both in stage 0 at a predecessor's cycle, here the
  // increment's, without its latency, and both on slot 1.
  ProblemBuilder B;
  unsigned Work = B.op({{1, 1}}), Inc = B.op({{1, 1}}), Exit = B.op({{1, 1}});
  B.dep(Inc, Exit, 4);
  B.dep(Inc, Inc, 4, 1);
  B.dep(Work, Work, 1, 1);
  PeerContext C;
  C.ExitTest = Exit;
  C.ExitTestIgnored = true;
  C.LoopControl.resize(3);
  C.LoopControl.set(Inc);
  C.LoopControl.set(Exit);
  Schedule S = scheduleAt(B.P, 8, {2, 0, 0});
  const char *Moved = "involves the exit test or what it depends on, which it "
                      "was asked to leave to the loop control and then placed "
                      "at a predecessor's cycle, without latency or resources";
  EXPECT_EQ(judge(B.P, S, C),
            Judged({{Blame::Harness, Moved}, {Blame::Harness, Moved}}));
  // Elsewhere, the same op's conflicts are the peer's own.
  Schedule T = scheduleAt(B.P, 8, {2, 1, 2});
  EXPECT_EQ(judge(B.P, T, C),
            Judged({{Blame::Peer, "breaks a register dependence of the loop"},
                    {Blame::Peer, "holds a slot twice in one row, which its "
                                  "own model holds for the same cycles"}}));
}

TEST(PeerVerdictTest, VerdictsAndGroups) {
  JudgedViolation Own{Blame::Peer, "own", "m1"};
  JudgedViolation Unseen{Blame::Unseen, "unseen", "m2"};
  JudgedViolation Harness{Blame::Harness, "harness", "m3"};
  EXPECT_EQ(peerVerdict({}, false), "legal");
  EXPECT_EQ(peerVerdict({}, /*MachineVerifierFailed=*/true), "illegal");
  EXPECT_EQ(peerVerdict({Harness, Unseen, Own}, false), "illegal");
  EXPECT_EQ(peerVerdict({Harness, Unseen}, false), "tileas-only");
  EXPECT_EQ(peerVerdict({Harness}, false), "harness");

  std::vector<ViolationGroup> G =
      groupViolations({Harness, Unseen, Own, Unseen, {Blame::Peer, "x", "m4"}});
  ASSERT_EQ(G.size(), 4u);
  EXPECT_EQ(G[0].Reason, "own");
  EXPECT_EQ(G[1].Reason, "x");
  EXPECT_EQ(G[2].Reason, "unseen");
  EXPECT_EQ(G[2].Count, 2u);
  EXPECT_EQ(G[2].First, "m2");
  EXPECT_EQ(G[3].Class, Blame::Harness);
  EXPECT_EQ(blameName(G[3].Class), "harness");
}

} // namespace
