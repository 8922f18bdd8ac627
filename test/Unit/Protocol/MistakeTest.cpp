//===- MistakeTest.cpp - Seeded mistakes in canonical pipelined loops -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Each seeded mistake is caught with the status the model implies. Where
// several outcomes are reachable, the reported one is the first in the
// search order of ProtocolChecker.h (issuer first, then units by index), and
// the comment derives it from that order.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include "gtest/gtest.h"

using namespace tileas::protocol;
using namespace tileas::protocol::test;

namespace {

/// The GEMM loop (pipes A and B, TMA unit 1, tensor-core unit 2, stages
/// 0 -> 2) with one mistake.
CheckResult gemmWith(MistakeKind K, unsigned Pipe, int64_t Iter,
                     unsigned TripCount = 8, unsigned Depth = 2) {
  LoopSpec L = gemmSpec(TripCount, Depth, 2);
  L.Mistakes.push_back(Mistake{K, Pipe, Iter});
  return checkProtocol(buildPipelinedLoop(L));
}

/// The same with pipe A only.
Program pipeAProgram(MistakeKind K, int64_t Iter, unsigned TripCount = 8,
                     unsigned Depth = 2) {
  LoopSpec L = gemmSpec(TripCount, Depth, 2);
  L.Pipes.resize(1);
  L.Mistakes.push_back(Mistake{K, 0, Iter});
  return buildPipelinedLoop(L);
}

CheckResult pipeAWith(MistakeKind K, int64_t Iter, unsigned TripCount = 8,
                      unsigned Depth = 2) {
  return checkProtocol(pipeAProgram(K, Iter, TripCount, Depth));
}

bool contains(const std::string &S, const std::string &Part) {
  return S.find(Part) != std::string::npos;
}

TEST(ProtocolMistake, CorrectBaselinesAreOk) {
  EXPECT_EQ(checkProtocol(buildPipelinedLoop(gemmSpec(8, 2, 2))).S,
            CheckResult::OK);
  LoopSpec L = gemmSpec(8, 2, 2);
  L.Pipes.resize(1);
  EXPECT_EQ(checkProtocol(buildPipelinedLoop(L)).S, CheckResult::OK);
}

// Depth one too small deadlocks. Stages 0 -> 2 with the later stage first
// need depth 2; with depth 1 the acquire of iteration k waits for the
// release of iteration k - 1. That release is queued on the tensor-core
// unit behind the read that the issuer enqueues after its ConsumerWait of
// k - 1, in kernel iteration k + 1, after the acquire in program order. The
// issuer never gets there, the units drain, and nothing can step. (No data
// error comes first: the acquires keep the writes behind the releases.)
TEST(ProtocolMistake, DepthTooSmallDeadlocks) {
  LoopSpec L = gemmSpec(8, 4, 2);
  L.Mistakes.push_back(Mistake{MistakeKind::DepthTooSmall, 0, 0});
  Program P = buildPipelinedLoop(L);
  ASSERT_EQ(P.Pipes[0].Depth, 1u);
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::Deadlock) << R.Message;
  ASSERT_EQ(R.Agents.size(), 3u);
  EXPECT_TRUE(contains(R.Agents[0].Text,
                       "blocked at `prologue j=1 s=0 k=1: acquire A`: "
                       "ProducerAcquire of pipe 0 (A) iteration 1: waits on "
                       "EMPTY[0] with parity 0"))
      << R.Agents[0].Text;
  EXPECT_TRUE(contains(R.Agents[2].Text,
                       "its next action `kernel j=2 s=2 k=0: read A` is not "
                       "enqueued yet"))
      << R.Agents[2].Text;
}

// However small the depth, in-order acquires never alias the phase bit: if
// the acquire of k - d passed with EMPTY count C >= (k - d) / d, the acquire
// of k passes only on a count of the other parity, so C >= k / d. The loop
// deadlocks at its first blocked acquire instead of overwriting.
TEST(ProtocolMistake, DepthFarTooSmallStillDeadlocks) {
  LoopSpec L = gemmSpec(12, 1, 4);
  CheckResult R = checkProtocol(buildPipelinedLoop(L));
  ASSERT_EQ(R.S, CheckResult::Deadlock) << R.Message;
  EXPECT_EQ(R.Agents[0].TraceIndex, 6); // The acquire of A, iteration 1.
}

// A missing release deadlocks at the acquire that needs it: iteration 1's
// slot is next acquired by iteration 1 + d = 3.
TEST(ProtocolMistake, MissingReleaseDeadlocks) {
  CheckResult R = gemmWith(MistakeKind::MissingRelease, 0, 1);
  ASSERT_EQ(R.S, CheckResult::Deadlock) << R.Message;
  EXPECT_TRUE(contains(R.Agents[0].Text, "ProducerAcquire of pipe 0 (A) "
                                         "iteration 3: waits on EMPTY[1]"))
      << R.Agents[0].Text;
}

// A limitation of checking one loop in isolation: a release missing in the
// last wrap is needed by no later acquire, so nothing blocks.
TEST(ProtocolMistake, MissingReleaseInTheLastWrapIsInvisible) {
  EXPECT_EQ(gemmWith(MistakeKind::MissingRelease, 0, 6).S, CheckResult::OK);
}

// Wrong phase on the wait of iteration 0: ReadUnfilled. The search first
// explores the interleavings in which the issuer runs ahead of both units.
// The issuer reaches the wait before the TMA has committed, FULL[0] has
// completed 0 phases, the flipped parity 1 passes, and the tensor-core unit
// can read slot 0 before the TMA writes it. In that subtree the rest of the
// protocol is sound (the commit of 0 brings FULL[0] to 1, as the wait of
// iteration 2 expects), so the unfilled read is the only error there. The
// deadlock (TMA commits first, the wait then needs a second completion that
// is behind the issuer) lies in subtrees explored later. The witness is the
// breadth-first shortest one: 9 steps, where the depth-first path took 10.
TEST(ProtocolMistake, WrongWaitPhaseInFirstWrapReadsUnfilled) {
  CheckResult R = pipeAWith(MistakeKind::WrongWaitPhase, 0);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled) << R.Message;
  EXPECT_TRUE(contains(R.Message, "reads iteration 0 of pipe 0 (A)"));
  EXPECT_TRUE(R.Shortest);
  EXPECT_EQ(R.Witness.back(), "[8] unit 2 (tc): `kernel j=2 s=2 k=0: read A`");
  EXPECT_EQ(
      replayReference(pipeAProgram(MistakeKind::WrongWaitPhase, 0), R.Schedule),
      CheckResult::ReadUnfilled);
}

// Wrong phase on the wait of iteration 2 (second wrap of a depth-2 ring):
// Deadlock, on the very first path. On that path the issuer blocks at the
// acquires of iterations 2 and 3, and each time unit 1 (the TMA, tried
// before unit 2) drains its queue first; so when the issuer reaches the
// wait of iteration 2, FULL[0] has completed 2 phases (commits of 0 and 2).
// The flipped parity 0 needs an odd count, i.e. the commit of iteration 4,
// whose acquire the issuer has not reached. A read-unfilled race is also
// reachable (issuer at the wait before the commit of 2), but later in the
// order.
TEST(ProtocolMistake, WrongWaitPhaseInSecondWrapDeadlocks) {
  CheckResult R = pipeAWith(MistakeKind::WrongWaitPhase, 2);
  ASSERT_EQ(R.S, CheckResult::Deadlock) << R.Message;
  // Found on the first path: one state per step of it.
  EXPECT_EQ(R.States, R.Schedule.size() + 1);
  EXPECT_TRUE(contains(R.Agents[0].Text,
                       "waits on FULL[0] with parity 0 (override); the "
                       "barrier has completed 2 phases"))
      << R.Agents[0].Text;
}

// Wrong phase on the acquire of iteration 0: Deadlock in every
// interleaving. The flipped parity 0 waits for the first completion of
// EMPTY[0], which is the release of iteration 0 itself, which needs the data
// this very acquire guards.
TEST(ProtocolMistake, WrongAcquirePhaseInFirstWrapDeadlocks) {
  CheckResult R = gemmWith(MistakeKind::WrongAcquirePhase, 0, 0);
  ASSERT_EQ(R.S, CheckResult::Deadlock) << R.Message;
  EXPECT_EQ(R.States, 1u);
  EXPECT_EQ(R.Agents[0].TraceIndex, 0);
}

// Wrong phase on the acquire of iteration 2: on the first path the issuer
// reaches it before the tensor core has released iteration 0 (EMPTY[0] at
// 0 phases), the flipped parity 1 passes, and the TMA overwrites the live
// iteration 0.
TEST(ProtocolMistake, WrongAcquirePhaseInSecondWrapOverwrites) {
  CheckResult R = gemmWith(MistakeKind::WrongAcquirePhase, 0, 2);
  ASSERT_EQ(R.S, CheckResult::OverwriteUnreleased) << R.Message;
  EXPECT_TRUE(contains(R.Message, "writes iteration 2 of pipe 0 (A) into "
                                  "slot 0"));
  EXPECT_TRUE(contains(R.Message, "still holds iteration 0"));
}

// A missing wait lets the consumer unit read before the producer unit has
// written.
TEST(ProtocolMistake, MissingWaitReadsUnfilled) {
  CheckResult R = pipeAWith(MistakeKind::MissingWait, 5, 16, 4);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled) << R.Message;
  EXPECT_TRUE(contains(R.Message, "reads iteration 5 of pipe 0 (A) from "
                                  "slot 1"));
  R = gemmWith(MistakeKind::MissingWait, 1, 0);
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled) << R.Message;
  EXPECT_TRUE(contains(R.Message, "reads iteration 0 of pipe 1 (B)"));
}

// Units run their queues in order. In the GEMM both tiles come from one TMA
// unit, A before B, so the wait on B also orders A's write: a missing wait
// on A is masked. Real TMA copies into different barriers complete in any
// order; model them as separate units (one per pipe) and the race appears.
TEST(ProtocolMistake, InOrderUnitsMaskAMissingWait) {
  EXPECT_EQ(gemmWith(MistakeKind::MissingWait, 0, 0, 16, 4).S, CheckResult::OK);

  LoopSpec L = gemmSpec(16, 4, 2);
  L.NumUnits = 3;
  L.UnitNames = {"tma A", "tma B", "tc"};
  L.Pipes[1].ProducerUnit = 2;
  for (PipeSpec &S : L.Pipes)
    S.ConsumerUnit = 3;
  EXPECT_EQ(checkProtocol(buildPipelinedLoop(L)).S, CheckResult::OK);
  L.Mistakes.push_back(Mistake{MistakeKind::MissingWait, 0, 0});
  CheckResult R = checkProtocol(buildPipelinedLoop(L));
  ASSERT_EQ(R.S, CheckResult::ReadUnfilled) << R.Message;
  EXPECT_TRUE(contains(R.Message, "unit 3 (tc) reads iteration 0 of pipe 0"));
}

// A missing acquire lets the producer unit overwrite a slot the consumer
// has not released -- from the second wrap on. In the first wrap the slot
// has never been filled, so there is nothing to overwrite.
TEST(ProtocolMistake, MissingAcquireOverwrites) {
  CheckResult R = gemmWith(MistakeKind::MissingAcquire, 0, 2);
  ASSERT_EQ(R.S, CheckResult::OverwriteUnreleased) << R.Message;
  EXPECT_TRUE(contains(R.Message, "writes iteration 2 of pipe 0 (A) into "
                                  "slot 0 at `kernel j=2 s=0 k=2: write A`"));
  EXPECT_TRUE(contains(R.Message, "still holds iteration 0 (written at "
                                  "`prologue j=0 s=0 k=0: write A`)"));
  EXPECT_EQ(
      replayReference(
          buildPipelinedLoop([] {
            LoopSpec L = gemmSpec(8, 2, 2);
            L.Mistakes.push_back(Mistake{MistakeKind::MissingAcquire, 0, 2});
            return L;
          }()),
          R.Schedule),
      CheckResult::OverwriteUnreleased);

  EXPECT_EQ(gemmWith(MistakeKind::MissingAcquire, 0, 1).S, CheckResult::OK);
}

// A mistake on an iteration the loop does not run changes nothing.
TEST(ProtocolMistake, MistakeOutsideTheTripCountIsIgnored) {
  EXPECT_EQ(gemmWith(MistakeKind::MissingRelease, 0, 8).S, CheckResult::OK);
}

} // namespace
