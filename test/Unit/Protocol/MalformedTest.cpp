//===- MalformedTest.cpp - Malformed programs are reported, not run -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/ProtocolChecker.h"

#include "gtest/gtest.h"

#include <limits>

using namespace tileas::protocol;

namespace {

Program base() {
  Program P;
  P.Pipes.push_back(PipeConfig{3, 2, "A"});
  P.Mutexes.push_back(9);
  P.NumUnits = 1;
  return P;
}

/// Checks that P is Malformed with a message containing Text and was not
/// explored. Every program here is base() (well formed, see the first test)
/// with one defect.
void expectMalformed(const Program &P, const std::string &Text) {
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::Malformed) << R.Message;
  EXPECT_NE(R.Message.find(Text), std::string::npos) << R.Message;
  EXPECT_EQ(R.States, 0u);
}

TEST(ProtocolMalformed, BaseIsWellFormed) {
  Program P = base();
  P.issue(Action::producerAcquire(3, 0), "acq");
  P.issue(Action::lock(9), "lock");
  P.issue(Action::unlock(9), "unlock");
  P.enqueue(1, Action::compute(), "nop");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
}

TEST(ProtocolMalformed, UnknownPipe) {
  Program P = base();
  P.issue(Action::write(4, 0), "store");
  expectMalformed(P, "step 0 (`store`): unknown pipe 4");
}

TEST(ProtocolMalformed, NegativeIteration) {
  Program P = base();
  P.issue(Action::producerAcquire(3, 0), "ok");
  P.issue(Action::consumerWait(3, -1), "wait");
  expectMalformed(P, "step 1 (`wait`): negative iteration -1");
}

TEST(ProtocolMalformed, AgentOutOfRange) {
  Program P = base();
  P.enqueue(2, Action::compute(), "nop");
  expectMalformed(P, "agent 2 out of range (the program has 1 units)");
}

TEST(ProtocolMalformed, ZeroDepth) {
  Program P = base();
  P.Pipes[0].Depth = 0;
  expectMalformed(P, "pipe 3 has depth 0");
}

TEST(ProtocolMalformed, DuplicatePipeAndMutex) {
  Program P = base();
  P.Pipes.push_back(PipeConfig{3, 1, ""});
  expectMalformed(P, "pipe 3 is declared twice");
  Program Q = base();
  Q.Mutexes.push_back(9);
  expectMalformed(Q, "mutex 9 is declared twice");
}

TEST(ProtocolMalformed, UnknownMutex) {
  Program P = base();
  P.issue(Action::lock(8), "");
  expectMalformed(P, "step 0: unknown mutex 8");
}

TEST(ProtocolMalformed, BadOverrides) {
  Program P = base();
  P.issue(Action::consumerWait(3, 0).withOverride(2, 0), "w");
  expectMalformed(P, "override slot 2 out of range");
  Program Q = base();
  Q.issue(Action::consumerWait(3, 0).withOverride(1, 2), "w");
  expectMalformed(Q, "override parity 2 is not 0 or 1");
  Program R = base();
  R.issue(Action::read(3, 0).withOverride(0, 0), "r");
  expectMalformed(R, "Read cannot carry a slot/parity override");
}

TEST(ProtocolMalformed, InvalidKindAndHugeValuesDoNotCrash) {
  Program P = base();
  Action A;
  A.Kind = ActionKind(200);
  P.issue(A, "junk");
  expectMalformed(P, "invalid action kind 200");

  Program Q = base();
  Q.Pipes[0].Depth = std::numeric_limits<unsigned>::max();
  expectMalformed(Q, "has depth 4294967295");

  Program R = base();
  R.NumUnits = std::numeric_limits<unsigned>::max();
  expectMalformed(R, "too many units");

  // Every unsigned is a valid id.
  Program Ids;
  Ids.Pipes.push_back(PipeConfig{std::numeric_limits<unsigned>::max(), 1, ""});
  Ids.Mutexes.push_back(std::numeric_limits<unsigned>::max() - 1);
  Ids.issue(Action::write(std::numeric_limits<unsigned>::max(), 0), "w");
  Ids.issue(Action::lock(std::numeric_limits<unsigned>::max() - 1), "l");
  Ids.issue(Action::unlock(std::numeric_limits<unsigned>::max() - 1), "u");
  EXPECT_EQ(checkProtocol(Ids).S, CheckResult::OK);
  Ids.issue(Action::read(std::numeric_limits<unsigned>::max() - 1, 0), "r");
  expectMalformed(Ids, "unknown pipe 4294967294");

  // A huge iteration is fine: items are numbered densely.
  Program S = base();
  S.issue(Action::write(3, std::numeric_limits<int64_t>::max()), "w");
  S.issue(Action::read(3, std::numeric_limits<int64_t>::max()), "r");
  EXPECT_EQ(checkProtocol(S).S, CheckResult::OK);
}

} // namespace
