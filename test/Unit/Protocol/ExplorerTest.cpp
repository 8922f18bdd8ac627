//===- ExplorerTest.cpp - Interleavings, reports, budget, determinism -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include "gtest/gtest.h"

using namespace tileas::protocol;
using namespace tileas::protocol::test;

namespace {

// The issuer enqueues a write to unit 1 and reads without waiting: in the
// issuer-eager first path the read comes before the unit has moved.
TEST(ProtocolExplorer, UnitRaceWithoutWait) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.NumUnits = 1;
  P.enqueue(1, Action::write(0, 0), "tma load A[0]");
  P.issue(Action::read(0, 0), "ld.shared A[0]");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled);
  EXPECT_EQ(R.Schedule, (std::vector<unsigned>{0, 0}));
  ASSERT_EQ(R.Witness.size(), 2u);
  EXPECT_EQ(R.Witness[0], "[0] issuer: enqueue to unit 1: `tma load A[0]`");
  EXPECT_EQ(R.Witness[1], "[1] issuer: `ld.shared A[0]`");
}

// With the commit queued behind the write and a wait before the read, every
// interleaving is fine. The states, as (issuer position, unit position):
// (0,0) (1,0) (1,1) (2,0) (2,1) (2,2) (3,2) (4,2) -- the issuer cannot pass
// the wait at position 2 before the unit's commit. Eight transitions: one
// into each state but the root, plus a second one into (2,1). The
// partial-order reduction takes the issuer's enqueues alone, so (1,1) is
// never visited: 7 states, 6 transitions, the same verdict.
TEST(ProtocolExplorer, WaitOrdersTheUnitsWrite) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.NumUnits = 1;
  P.enqueue(1, Action::write(0, 0), "load");
  P.enqueue(1, Action::producerCommit(0, 0), "commit");
  P.issue(Action::consumerWait(0, 0), "wait");
  P.issue(Action::read(0, 0), "read");
  CheckOptions Full;
  Full.PartialOrder = false;
  CheckResult R = checkProtocol(P, Full);
  EXPECT_EQ(R.S, CheckResult::OK) << R.Message;
  EXPECT_EQ(R.States, 8u);
  EXPECT_EQ(R.Transitions, 8u);
  EXPECT_EQ(R.MaxDepth, 6u);
  CheckResult Reduced = checkProtocol(P);
  EXPECT_EQ(Reduced.S, CheckResult::OK) << Reduced.Message;
  EXPECT_EQ(Reduced.States, 7u);
  EXPECT_EQ(Reduced.Transitions, 6u);
}

// Blocked issuer, blocked unit, idle unit: each is reported with what it
// waits on.
TEST(ProtocolExplorer, DeadlockReportsEveryUnfinishedAgent) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.Pipes.push_back(PipeConfig{1, 2, "B"});
  P.NumUnits = 2;
  P.UnitNames = {"tma", "tc"};
  P.enqueue(1, Action::consumerWait(0, 0), "unit waits A");
  P.issue(Action::producerAcquire(1, 3), "issuer acquires B[3]");
  P.enqueue(2, Action::producerCommit(0, 0), "commit A");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::Deadlock);
  ASSERT_EQ(R.Agents.size(), 3u);
  EXPECT_EQ(R.Agents[0].TraceIndex, 1);
  EXPECT_EQ(R.Agents[0].Text,
            "issuer: blocked at `issuer acquires B[3]`: ProducerAcquire of "
            "pipe 1 (B) iteration 3: waits on EMPTY[1] with parity 0; the "
            "barrier has completed 0 phases (the wait passes once that count "
            "is odd)");
  EXPECT_EQ(R.Agents[1].TraceIndex, 0);
  EXPECT_EQ(R.Agents[1].Text,
            "unit 1 (tma): blocked at `unit waits A`: ConsumerWait of pipe 0 "
            "(A) iteration 0: waits on FULL[0] with parity 0; the barrier has "
            "completed 0 phases (the wait passes once that count is odd)");
  EXPECT_EQ(R.Agents[2].TraceIndex, -1);
  EXPECT_EQ(R.Agents[2].Text,
            "unit 2 (tc): idle after 0 of 1 actions; its next action "
            "`commit A` is not enqueued yet");
  EXPECT_NE(R.Message.find("issuer is at step 1 of 3 (`issuer acquires B[3]`)"),
            std::string::npos)
      << R.Message;
}

TEST(ProtocolExplorer, BudgetExhaustionIsInconclusive) {
  Program P = buildPipelinedLoop(gemmSpec(8, 3, 2));
  CheckResult Full = checkProtocol(P);
  ASSERT_EQ(Full.S, CheckResult::OK);
  ASSERT_GT(Full.States, 100u);

  CheckOptions Small;
  Small.MaxStates = 100;
  CheckResult R = checkProtocol(P, Small);
  EXPECT_EQ(R.S, CheckResult::Inconclusive);
  EXPECT_EQ(R.States, 100u);
  EXPECT_NE(R.Message.find("budget of 100 states"), std::string::npos);
  EXPECT_FALSE(R.ok());

  // Exactly enough is enough.
  CheckOptions Exact;
  Exact.MaxStates = Full.States;
  EXPECT_EQ(checkProtocol(P, Exact).S, CheckResult::OK);
  Exact.MaxStates = Full.States - 1;
  EXPECT_EQ(checkProtocol(P, Exact).S, CheckResult::Inconclusive);

  CheckOptions None;
  None.MaxStates = 0;
  EXPECT_EQ(checkProtocol(P, None).S, CheckResult::Inconclusive);
}

// An error is reported as soon as it is found, however large the rest of
// the space: the budget only has to cover the states visited before it.
TEST(ProtocolExplorer, ErrorsWithinBudgetAreReported) {
  LoopSpec L = gemmSpec(16, 4, 2);
  L.Pipes.resize(1);
  L.Mistakes.push_back(Mistake{MistakeKind::WrongWaitPhase, 0, 0});
  Program P = buildPipelinedLoop(L);
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled) << R.Message;

  CheckOptions Budget;
  Budget.MaxStates = R.States;
  CheckResult Same = checkProtocol(P, Budget);
  EXPECT_EQ(Same.S, CheckResult::ReadUnfilled);
  EXPECT_EQ(Same.Schedule, R.Schedule);
  Budget.MaxStates = R.States - 1;
  EXPECT_EQ(checkProtocol(P, Budget).S, CheckResult::Inconclusive);
}

TEST(ProtocolExplorer, Deterministic) {
  LoopSpec L = gemmSpec(10, 3, 2, 1);
  L.Mistakes.push_back(Mistake{MistakeKind::WrongWaitPhase, 1, 4});
  Program P = buildPipelinedLoop(L);
  CheckResult A = checkProtocol(P), B = checkProtocol(P);
  EXPECT_NE(A.S, CheckResult::OK);
  EXPECT_EQ(A.S, B.S);
  EXPECT_EQ(A.Message, B.Message);
  EXPECT_EQ(A.Witness, B.Witness);
  EXPECT_EQ(A.Schedule, B.Schedule);
  EXPECT_EQ(A.FaultStep, B.FaultStep);
  EXPECT_EQ(A.States, B.States);
  EXPECT_EQ(A.Transitions, B.Transitions);
  EXPECT_EQ(A.MaxDepth, B.MaxDepth);
}

// The shortened witness keeps the last steps behind a summary line; the
// schedule stays complete and replays to the same error in the reference
// model.
TEST(ProtocolExplorer, WitnessIsShortenedAndReplays) {
  LoopSpec L = gemmSpec(8, 2, 2);
  L.Mistakes.push_back(Mistake{MistakeKind::MissingAcquire, 0, 5});
  Program P = buildPipelinedLoop(L);
  CheckOptions Opts;
  Opts.WitnessLimit = 5;
  CheckResult R = checkProtocol(P, Opts);
  ASSERT_EQ(R.S, CheckResult::OverwriteUnreleased) << R.Message;
  ASSERT_GT(R.Schedule.size(), 5u);
  ASSERT_EQ(R.Witness.size(), 6u);
  EXPECT_EQ(R.Witness[0].rfind("... " + std::to_string(R.Schedule.size() - 5) +
                                   " earlier steps (issuer ",
                               0),
            0u)
      << R.Witness[0];
  EXPECT_NE(R.Witness.back().find("unit 1 (tma): `"), std::string::npos)
      << R.Witness.back();
  EXPECT_NE(R.Witness.back().find("write A`"), std::string::npos);
  EXPECT_EQ(replayReference(P, R.Schedule), CheckResult::OverwriteUnreleased);

  Opts.WitnessLimit = 0;
  CheckResult Full = checkProtocol(P, Opts);
  EXPECT_EQ(Full.Witness.size(), Full.Schedule.size());
  EXPECT_EQ(Full.Witness.back(), R.Witness.back());
}

TEST(ProtocolExplorer, PrintResult) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, 1, ""});
  P.issue(Action::read(0, 0), "r");
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  printResult(OS, checkProtocol(P));
  EXPECT_EQ(Out, "status: read-unfilled\n"
                 "read of an unfilled slot: issuer reads iteration 0 of pipe "
                 "0 from slot 0 at `r`, but iteration 0 has not been written; "
                 "the slot holds no live data\n"
                 "witness:\n"
                 "  [0] issuer: `r`\n"
                 "states: 1, transitions: 1, max depth: 0; shortest witness: "
                 "yes (1 states searched breadth-first)\n");
}

} // namespace
