//===- SemanticsTest.cpp - Barrier, slot and data semantics ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Small programs, mostly of the issuer alone, whose outcome follows directly
// from one rule of ProtocolChecker.h. Each test names the rule it pins down.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/ProtocolChecker.h"

#include "gtest/gtest.h"

using namespace tileas::protocol;

namespace {

Program onePipe(unsigned Depth, unsigned Units = 0) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, Depth, "A"});
  P.NumUnits = Units;
  return P;
}

TEST(ProtocolSemantics, EmptyProgramIsOk) {
  Program P;
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::OK);
  EXPECT_EQ(R.States, 1u);
  EXPECT_EQ(R.MaxDepth, 0u);
  EXPECT_TRUE(R.Witness.empty());
}

// A fresh barrier has completed 0 phases: a wait on parity 1 passes at once
// (the producer's first acquire), a wait on parity 0 blocks (the consumer's
// first wait).
TEST(ProtocolSemantics, FreshBarrierParity) {
  Program P = onePipe(2);
  P.issue(Action::producerAcquire(0, 0), "acquire 0");
  P.issue(Action::producerAcquire(0, 1), "acquire 1");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);

  P.issue(Action::consumerWait(0, 0), "wait 0");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::Deadlock);
  ASSERT_EQ(R.Agents.size(), 1u);
  EXPECT_EQ(R.Agents[0].Agent, 0u);
  EXPECT_EQ(R.Agents[0].TraceIndex, 2);
  EXPECT_NE(R.Agents[0].Text.find("ConsumerWait of pipe 0 (A) iteration 0"),
            std::string::npos)
      << R.Agents[0].Text;
  EXPECT_NE(R.Agents[0].Text.find("FULL[0] with parity 0"), std::string::npos);
  EXPECT_NE(R.Agents[0].Text.find("completed 0 phases"), std::string::npos);
  EXPECT_NE(R.Message.find("issuer is at step 2 of 3 (`wait 0`)"),
            std::string::npos)
      << R.Message;
}

// The whole protocol run by one agent over several wraps of a depth-1 ring:
// every wait sees exactly the phase it expects.
TEST(ProtocolSemantics, OneAgentFullProtocolOverWraps) {
  Program P = onePipe(1);
  for (int64_t K = 0; K != 4; ++K) {
    P.issue(Action::producerAcquire(0, K), "acquire");
    P.issue(Action::write(0, K), "write");
    P.issue(Action::producerCommit(0, K), "commit");
    P.issue(Action::consumerWait(0, K), "wait");
    P.issue(Action::read(0, K), "read");
    P.issue(Action::consumerRelease(0, K), "release");
  }
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::OK) << R.Message;
  EXPECT_EQ(R.States, 25u); // One agent: one state per position.
  EXPECT_EQ(R.Transitions, 24u);
  EXPECT_EQ(R.MaxDepth, 24u);
}

// The phase bit only sees the low bit of the count: two completions of a
// slot's FULL barrier look like none to the wait of iteration 0, while the
// wait of iteration 2 (next wrap, depth 2, parity 1) passes.
TEST(ProtocolSemantics, ParitySeesOnlyTheLowBit) {
  Program P = onePipe(2);
  P.issue(Action::producerCommit(0, 0), "commit 0");
  P.issue(Action::producerCommit(0, 2), "commit 2");
  P.issue(Action::consumerWait(0, 2), "wait 2");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
  P.issue(Action::consumerWait(0, 0), "wait 0");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::Deadlock);
  EXPECT_NE(R.Message.find("completed 2 phases"), std::string::npos)
      << R.Message;
}

// An override replaces the derived parity: the wrong parity passes a wait on
// a slot nobody has filled, and the read behind it finds nothing.
TEST(ProtocolSemantics, OverrideParityIsHonoured) {
  Program P = onePipe(2);
  P.issue(Action::consumerWait(0, 0).withOverride(0, 1), "wait 0 (parity 1)");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
  P.issue(Action::read(0, 0), "read 0");
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::ReadUnfilled);
  EXPECT_EQ(R.FaultStep, 1);
}

// An override replaces the derived slot: the commit of iteration 1 aimed at
// slot 0 lets the wait of iteration 0 pass, and iteration 1's own wait
// blocks.
TEST(ProtocolSemantics, OverrideSlotIsHonoured) {
  Program P = onePipe(2);
  P.issue(Action::producerCommit(0, 1).withOverride(0, 0), "commit 1 -> 0");
  P.issue(Action::consumerWait(0, 0), "wait 0");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
  P.issue(Action::consumerWait(0, 1), "wait 1");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::Deadlock);
  EXPECT_EQ(R.Agents[0].TraceIndex, 2);
  EXPECT_NE(R.Agents[0].Text.find("FULL[1]"), std::string::npos);
}

TEST(ProtocolSemantics, ReadBeforeWriteIsUnfilled) {
  Program P = onePipe(2);
  P.issue(Action::read(0, 1), "read 1");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled);
  EXPECT_EQ(R.FaultStep, 0);
  EXPECT_NE(R.Message.find("read of an unfilled slot"), std::string::npos);
  EXPECT_NE(R.Message.find("iteration 1 of pipe 0 (A) from slot 1"),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("no live data"), std::string::npos);
}

// Iteration 2 shares slot 0 with iteration 0 (depth 2); writing it while 0
// is unreleased is the race. The message names both iterations and both
// instructions.
TEST(ProtocolSemantics, OverwriteOfUnreleasedSlot) {
  Program P = onePipe(2);
  P.issue(Action::write(0, 0), "store A[0]");
  P.issue(Action::write(0, 1), "store A[1]");
  P.issue(Action::write(0, 2), "store A[2]");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::OverwriteUnreleased);
  EXPECT_EQ(R.FaultStep, 2);
  EXPECT_EQ(R.RelatedStep, 0);
  EXPECT_NE(R.Message.find("overwrite of an unreleased slot"),
            std::string::npos);
  EXPECT_NE(R.Message.find("writes iteration 2 of pipe 0 (A) into slot 0 at "
                           "`store A[2]`"),
            std::string::npos)
      << R.Message;
  EXPECT_NE(R.Message.find("still holds iteration 0 (written at `store A[0]`)"),
            std::string::npos)
      << R.Message;
}

TEST(ProtocolSemantics, RefillAfterReleaseIsFine) {
  Program P = onePipe(1);
  P.issue(Action::write(0, 0), "w0");
  P.issue(Action::read(0, 0), "r0");
  P.issue(Action::consumerRelease(0, 0), "rel0");
  P.issue(Action::write(0, 1), "w1");
  P.issue(Action::read(0, 1), "r1");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
  // Without the release, the refill is the overwrite.
  P.Trace.erase(P.Trace.begin() + 2);
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OverwriteUnreleased);
}

// Two writes of the same iteration fill one item in parts (two TMA copies
// into one stage); that is not an overwrite.
TEST(ProtocolSemantics, MultiPartFillIsNotAnOverwrite) {
  Program P = onePipe(1);
  P.issue(Action::write(0, 3), "copy part 1");
  P.issue(Action::write(0, 3), "copy part 2");
  P.issue(Action::read(0, 3), "read");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
}

TEST(ProtocolSemantics, ReadAfterReleaseIsUseAfterRelease) {
  Program P = onePipe(2);
  P.issue(Action::write(0, 0), "w0");
  P.issue(Action::consumerRelease(0, 0), "rel0");
  P.issue(Action::read(0, 0), "r0");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::UseAfterRelease);
  EXPECT_EQ(R.FaultStep, 2);
  EXPECT_EQ(R.RelatedStep, 1);
  EXPECT_NE(R.Message.find("read of a released slot"), std::string::npos);
}

TEST(ProtocolSemantics, WriteAfterReleaseIsUseAfterRelease) {
  Program P = onePipe(2);
  P.issue(Action::consumerRelease(0, 1), "early release");
  P.issue(Action::write(0, 1), "late write");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::UseAfterRelease);
  EXPECT_NE(R.Message.find("write of a released slot"), std::string::npos);
  EXPECT_EQ(R.RelatedStep, 0);
}

// Slots of different pipes never alias, and data that is still live at the
// end is not an error.
TEST(ProtocolSemantics, PipesDoNotAlias) {
  Program P = onePipe(1);
  P.Pipes.push_back(PipeConfig{7, 1, "B"});
  P.issue(Action::write(0, 0), "A[0]");
  P.issue(Action::write(7, 0), "B[0]");
  P.issue(Action::read(7, 0), "read B[0]");
  P.issue(Action::read(0, 0), "read A[0]");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
  P.issue(Action::write(7, 1), "B[1]");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OverwriteUnreleased);
}

TEST(ProtocolSemantics, ComputeStepsHaveNoEffect) {
  Program P;
  P.issue(Action::compute(), "add");
  P.issue(Action::compute(), "mul");
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::OK);
  EXPECT_EQ(R.States, 3u);
}

} // namespace
