//===- MultiIssuerTest.cpp - Several issuing agents -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Warp-specialized programs: several issuers (agents), each feeding its own
// units, started by a fork or a join. The checker against the reference
// model on random programs, and the mistakes of warp-specialized loops each
// caught with its shortest witness.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include "gtest/gtest.h"

#include <random>

using namespace tileas::protocol;
using namespace tileas::protocol::test;

namespace {

bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

/// Issuers 0 (compute), 1 (load) and 2 (mma), units 1 (tma, fed by the load
/// issuer) and 2 (tensor core, fed by the mma issuer).
Program threeAgents() {
  Program P;
  P.Issuers = {{"compute", {}}, {"load", {}}, {"mma", {}}};
  P.NumUnits = 2;
  P.UnitNames = {"tma", "tc"};
  return P;
}

/// A warp-specialized GEMM mainloop of Trips iterations: the load agent
/// acquires slot k of ring A and has the TMA write and commit it; the MMA
/// agent waits for it and has the tensor core read it and release it.
/// Mistakes: the MMA agent waits with the flipped parity at iteration
/// FlipAt; the load agent instead of the tensor core releases (WrongAgent);
/// the MMA agent waits on a second ring B that the load agent produces only
/// after it has acquired A's next slot (CrossRing, with depth 1 a cycle).
struct GemmMistakes {
  int64_t FlipAt = -1;
  bool WrongAgent = false;
  bool CrossRing = false;
};

Program wsGemm(unsigned Trips, unsigned Depth, GemmMistakes M = {}) {
  Program P = threeAgents();
  P.Pipes.push_back(PipeConfig{0, Depth, "A"});
  P.Pipes.push_back(PipeConfig{1, 1, "B"});
  for (unsigned K = 0; K != Trips; ++K) {
    P.issue(Action::producerAcquire(0, K), "load: acquire A", 1);
    P.enqueue(1, Action::write(0, K), "load: tma A", 1);
    P.enqueue(1, Action::producerCommit(0, K), "load: tma commit A", 1);
    if (M.CrossRing) {
      // B's slot K is produced only after A's slot K + 1 is acquired.
      if (K + 1 < Trips)
        P.issue(Action::producerAcquire(0, K + 1), "load: acquire A early", 1);
      P.issue(Action::producerAcquire(1, K), "load: acquire B", 1);
      P.issue(Action::producerCommit(1, K), "load: commit B", 1);
    }
  }
  for (unsigned K = 0; K != Trips; ++K) {
    Action Wait = Action::consumerWait(0, K);
    if (int64_t(K) == M.FlipAt)
      Wait = Wait.withOverride(K % Depth, ((K / Depth) & 1) ^ 1);
    P.issue(Wait, "mma: wait A", 2);
    if (M.CrossRing) {
      P.issue(Action::consumerWait(1, K), "mma: wait B", 2);
      P.issue(Action::consumerRelease(1, K), "mma: release B", 2);
    }
    P.enqueue(2, Action::read(0, K), "mma: tc reads A", 2);
    if (M.WrongAgent)
      P.issue(Action::consumerRelease(0, K), "mma: release A (issuer)", 2);
    else
      P.enqueue(2, Action::consumerRelease(0, K), "mma: tc commit to A", 2);
  }
  if (M.CrossRing) {
    // The load agent's early acquires replaced the in-order ones.
    std::vector<Step> Kept;
    for (size_t I = 0; I != P.Trace.size(); ++I) {
      const Step &St = P.Trace[I];
      bool InOrder = St.Where == "load: acquire A" && St.A.Iter > 0;
      if (!InOrder)
        Kept.push_back(St);
    }
    P.Trace = Kept;
  }
  return P;
}

TEST(ProtocolMultiIssuer, WarpSpecializedGemmIsClean) {
  for (unsigned Trips : {1u, 2u, 3u, 8u})
    for (unsigned Depth : {1u, 2u, 3u}) {
      CheckResult R = checkProtocol(wsGemm(Trips, Depth));
      EXPECT_EQ(R.S, CheckResult::OK) << Trips << " " << Depth << "\n"
                                      << R.Message;
    }
}

// The reduction keeps the verdict and visits fewer states.
TEST(ProtocolMultiIssuer, ReductionVisitsFewerStates) {
  Program P = wsGemm(8, 2);
  CheckOptions Full;
  Full.PartialOrder = false;
  CheckResult Unreduced = checkProtocol(P, Full);
  CheckResult Reduced = checkProtocol(P);
  ASSERT_EQ(Unreduced.S, CheckResult::OK);
  ASSERT_EQ(Reduced.S, CheckResult::OK);
  EXPECT_LT(Reduced.States, Unreduced.States)
      << Reduced.States << " vs " << Unreduced.States;
}

// The MMA agent waits for iteration 2 with the flipped parity: FULL[0] has
// completed one phase (the commit of iteration 0) and the wait passes, so
// the tensor core may read slot 0 before the TMA writes iteration 2.
TEST(ProtocolMultiIssuer, WrongPhaseIsCaughtNamingTheAgent) {
  GemmMistakes M;
  M.FlipAt = 2;
  Program P = wsGemm(4, 2, M);
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled) << R.Message;
  EXPECT_TRUE(R.Shortest);
  EXPECT_TRUE(contains(R.Message, "unit 2 (tc) reads iteration 2 of pipe 0"))
      << R.Message;
  EXPECT_EQ(replayReference(P, R.Schedule), R.S);
  // Likewise iteration 3, on slot 1.
  M.FlipAt = 3;
  CheckResult D = checkProtocol(wsGemm(4, 2, M));
  ASSERT_EQ(D.S, CheckResult::ReadUnfilled) << D.Message;
}

// The MMA agent releases the slot itself, as soon as it has enqueued the
// read: the load agent may refill it before the tensor core has read it.
TEST(ProtocolMultiIssuer, ReleaseByTheWrongAgentIsCaught) {
  GemmMistakes M;
  M.WrongAgent = true;
  Program P = wsGemm(3, 1, M);
  CheckResult R = checkProtocol(P);
  ASSERT_NE(R.S, CheckResult::OK) << R.Message;
  EXPECT_TRUE(R.S == CheckResult::UseAfterRelease ||
              R.S == CheckResult::OverwriteUnreleased)
      << R.Message;
  EXPECT_EQ(replayReference(P, R.Schedule), R.S);
  ReferenceOutcomes Ref = enumerateReference(P, 200000);
  ASSERT_FALSE(Ref.Truncated);
  EXPECT_EQ(R.Schedule.size(), Ref.Shortest[R.S]);
}

// Producer and consumer each wait on the other's ring: the load agent
// acquires A's next slot before it produces B; the MMA agent releases A
// only after B. With a depth-1 ring A, neither can go on.
TEST(ProtocolMultiIssuer, CrossRingWaitDeadlocks) {
  GemmMistakes M;
  M.CrossRing = true;
  CheckResult R = checkProtocol(wsGemm(3, 1, M));
  ASSERT_EQ(R.S, CheckResult::Deadlock) << R.Message;
  EXPECT_TRUE(contains(R.Message, "issuer 1 (load): blocked at `load: "
                                  "acquire A early`"))
      << R.Message;
  EXPECT_TRUE(contains(R.Message, "issuer 2 (mma): blocked at `mma: wait B`"))
      << R.Message;
  // With a deeper ring A the early acquire finds a free slot.
  EXPECT_EQ(checkProtocol(wsGemm(3, 2, M)).S, CheckResult::OK);
}

// The code before the dispatch runs once, then the agents fork: a tile the
// compute issuer writes before the fork is filled when the load issuer
// reads it. Without the fork the read can come first.
TEST(ProtocolMultiIssuer, ForkOrdersThePreamble) {
  Program P = threeAgents();
  P.Pipes.push_back(PipeConfig{0, 1, "Q"});
  P.issue(Action::write(0, 0), "preamble: store Q", 0);
  P.issue(Action::compute(), "dispatch", 0);
  P.issue(Action::read(0, 0), "load: read Q", 1);
  P.issue(Action::consumerRelease(0, 0), "load: release Q", 1);
  CheckResult Racy = checkProtocol(P);
  EXPECT_EQ(Racy.S, CheckResult::ReadUnfilled) << Racy.Message;
  EXPECT_EQ(Racy.Schedule, (std::vector<unsigned>{1}));
  P.Issuers[1].StartAfter = {{0, 1}};
  P.Issuers[2].StartAfter = {{0, 1}};
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::OK) << R.Message;
}

// A join: the exit issuer frees the ring's slot once every agent has
// finished; a tensor-core read still pending is a use of a freed ring.
TEST(ProtocolMultiIssuer, JoinSeesRingsInUseAtExit) {
  Program P = threeAgents();
  P.Issuers.push_back({"exit", {{0, 0}, {1, 2}, {2, 1}}});
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.issue(Action::write(0, 0), "load: store A", 1);
  P.issue(Action::producerCommit(0, 0), "load: commit A", 1);
  P.issue(Action::consumerWait(0, 0), "mma: wait A", 2);
  P.enqueue(2, Action::read(0, 0), "mma: tc reads A", 2);
  P.enqueue(2, Action::consumerRelease(0, 0), "mma: tc releases A", 2);
  P.issue(Action::write(0, 1), "exit: free A [retired]", 3);
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::OverwriteUnreleased) << R.Message;
  EXPECT_TRUE(contains(R.Message, "issuer 3 (exit) writes"));
  // Not started until every agent has finished.
  P.Trace.back().A = Action::consumerWait(0, 5);
  CheckResult D = checkProtocol(P);
  ASSERT_EQ(D.S, CheckResult::Deadlock) << D.Message;
  P.Issuers[3].StartAfter = {{2, 2}};
  P.Trace.pop_back();
  P.issue(Action::compute(), "exit", 3);
  P.Issuers[1].StartAfter = {{3, 1}};
  CheckResult N = checkProtocol(P);
  ASSERT_EQ(N.S, CheckResult::Deadlock) << N.Message;
  EXPECT_TRUE(contains(N.Message, "issuer 1 (load): not started: it starts "
                                  "after issuer 3 (exit) has run 1 of its "
                                  "steps (it ran 0)"))
      << N.Message;
}

TEST(ProtocolMultiIssuer, MalformedIssuers) {
  Program P = threeAgents();
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.enqueue(1, Action::write(0, 0), "load: tma", 1);
  P.enqueue(1, Action::write(0, 0), "mma: tma", 2);
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::Malformed);
  EXPECT_TRUE(contains(R.Message, "step 1 (`mma: tma`): unit 1 is fed by "
                                  "issuers 1 and 2 (a unit has one issuer)"))
      << R.Message;

  Program Q = threeAgents();
  Q.issue(Action::compute(), "x", 3);
  EXPECT_TRUE(contains(checkProtocol(Q).Message,
                       "issuer 3 out of range (the program has 3 issuers)"));
  Program S = threeAgents();
  S.Issuers[1].StartAfter = {{1, 0}};
  EXPECT_TRUE(contains(checkProtocol(S).Message,
                       "issuer 1 starts after issuer 1, which is not another "
                       "issuer"));
  S.Issuers[1].StartAfter.clear();
  S.Issuers[0].StartAfter = {{1, 0}};
  EXPECT_TRUE(contains(checkProtocol(S).Message, "issuer 0 starts at once"));
}

/// A random program of 3..9 steps over two pipes and one mutex, with 2 or 3
/// issuers; unit u is fed by issuer (u - 1) mod I; sometimes issuer 1 starts
/// after issuer 0's first step.
Program randomProgram(std::mt19937 &Rng) {
  auto Pick = [&](unsigned N) { return unsigned(Rng() % N); };
  Program P;
  unsigned NumIssuers = 2 + Pick(2);
  for (unsigned I = 0; I != NumIssuers; ++I)
    P.Issuers.push_back({"i" + std::to_string(I), {}});
  if (Pick(3) == 0)
    P.Issuers[1].StartAfter = {{0, 1}};
  P.NumUnits = Pick(3);
  P.Pipes.push_back(PipeConfig{0, 1 + Pick(2), ""});
  P.Pipes.push_back(PipeConfig{1, 1 + Pick(2), ""});
  P.Mutexes.push_back(0);
  unsigned Len = 3 + Pick(7);
  for (unsigned I = 0; I != Len; ++I) {
    Action A = randomAction(Rng, P);
    unsigned Unit = P.NumUnits ? Pick(P.NumUnits + 1) : 0;
    unsigned Issuer = Unit ? (Unit - 1) % NumIssuers : Pick(NumIssuers);
    P.Trace.push_back(Step{Unit, A, "", Issuer});
  }
  return P;
}

TEST(ProtocolMultiIssuer, RandomProgramsAgreeWithTheReference) {
  std::mt19937 Rng(1411);
  std::map<Status, unsigned> Seen;
  unsigned Compared = 0;
  for (unsigned I = 0; I != 2000; ++I) {
    Program P = randomProgram(Rng);
    ReferenceOutcomes Ref = enumerateReference(P, 20000);
    if (Ref.Truncated)
      continue;
    ++Compared;
    CheckResult R = checkProtocol(P);
    CheckOptions Full;
    Full.PartialOrder = false;
    CheckResult U = checkProtocol(P, Full);
    ++Seen[R.S];
    bool AllOk = Ref.Reached == std::set<Status>{Status::OK};
    ASSERT_EQ(R.S == CheckResult::OK, AllOk) << I << "\n" << R.Message;
    ASSERT_EQ(U.S == CheckResult::OK, AllOk) << I << "\n" << U.Message;
    if (R.ok())
      continue;
    ASSERT_TRUE(Ref.Reached.count(R.S)) << I << "\n" << R.Message;
    ASSERT_EQ(replayReference(P, R.Schedule), R.S) << I << "\n" << R.Message;
    ASSERT_EQ(R.Schedule.size(), Ref.Shortest[R.S]) << I << "\n" << R.Message;
  }
  EXPECT_GE(Compared, 1900u);
  for (Status S : {Status::OK, Status::Deadlock, Status::ReadUnfilled,
                   Status::OverwriteUnreleased, Status::UseAfterRelease,
                   Status::MutexViolation})
    EXPECT_GE(Seen[S], 20u) << toString(S).str();
}

} // namespace
