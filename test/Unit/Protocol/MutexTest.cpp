//===- MutexTest.cpp - MUTEX_ semantics under all interleavings -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/ProtocolChecker.h"

#include "gtest/gtest.h"

using namespace tileas::protocol;

namespace {

constexpr unsigned M = 5;

/// Unit 1 and the issuer each run lock / access / unlock of mutex M. The
/// issuer enqueues the unit's region first. Flags drop parts of the issuer's
/// region.
Program twoRegions(bool IssuerLocks = true, bool IssuerUnlocks = true) {
  Program P;
  P.Mutexes.push_back(M);
  P.NumUnits = 1;
  P.enqueue(1, Action::lock(M), "unit lock");
  P.enqueue(1, Action::access(M), "unit access");
  P.enqueue(1, Action::unlock(M), "unit unlock");
  if (IssuerLocks)
    P.issue(Action::lock(M), "issuer lock");
  P.issue(Action::access(M), "issuer access");
  if (IssuerUnlocks)
    P.issue(Action::unlock(M), "issuer unlock");
  return P;
}

// The states are the (issuer, unit) positions with i in 0..6 and u <= min(i,
// 3), minus those with both agents inside their regions (i in {4, 5} and u
// in {1, 2}), which the lock makes unreachable:
//   i = 0: 1, i = 1: 2, i = 2: 3, i = 3: 4, i = 4: 2, i = 5: 2, i = 6: 4,
// 18 in all; 22 if the lock did not exclude (without the partial-order
// reduction, which would skip the states where the enqueues are pending).
TEST(ProtocolMutex, LockedRegionsExcludeEachOther) {
  CheckOptions Full;
  Full.PartialOrder = false;
  CheckResult R = checkProtocol(twoRegions(), Full);
  EXPECT_EQ(R.S, CheckResult::OK) << R.Message;
  EXPECT_EQ(R.States, 18u);
  EXPECT_EQ(R.MaxDepth, 9u);
}

// Removing the issuer's lock makes a violation reachable: its access runs
// without the mutex (and, in some interleaving, while the unit holds it).
TEST(ProtocolMutex, RemovingTheLockMakesAViolationReachable) {
  CheckResult R = checkProtocol(twoRegions(false, false));
  ASSERT_EQ(R.S, CheckResult::MutexViolation);
  EXPECT_EQ(R.FaultStep, 3);
  EXPECT_NE(R.Message.find("access outside its mutex: issuer accesses mutex 5 "
                           "at `issuer access`"),
            std::string::npos)
      << R.Message;
}

TEST(ProtocolMutex, AccessWhileAnotherHoldsNamesTheHolder) {
  Program P;
  P.Mutexes.push_back(M);
  P.NumUnits = 1;
  P.issue(Action::lock(M), "issuer lock");
  P.enqueue(1, Action::access(M), "unit access");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::MutexViolation);
  EXPECT_EQ(R.FaultStep, 1);
  EXPECT_EQ(R.RelatedStep, 0);
  EXPECT_NE(R.Message.find("held by issuer since `issuer lock`"),
            std::string::npos)
      << R.Message;
}

TEST(ProtocolMutex, UnlockWithoutHolding) {
  CheckResult R = checkProtocol(twoRegions(false, true));
  ASSERT_EQ(R.S, CheckResult::MutexViolation);
  // The issuer's access (step 3) is already outside; it comes first.
  EXPECT_EQ(R.FaultStep, 3);
  Program P;
  P.Mutexes.push_back(M);
  P.issue(Action::unlock(M), "stray unlock");
  R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::MutexViolation);
  EXPECT_NE(R.Message.find("unlock of a mutex the agent does not hold"),
            std::string::npos);
  EXPECT_NE(R.Message.find("nobody holds it"), std::string::npos);
}

TEST(ProtocolMutex, RelockIsAViolation) {
  Program P;
  P.Mutexes.push_back(M);
  P.issue(Action::lock(M), "lock");
  P.issue(Action::lock(M), "lock again");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::MutexViolation);
  EXPECT_EQ(R.FaultStep, 1);
  EXPECT_NE(R.Message.find("lock of a mutex the agent already holds"),
            std::string::npos);
}

TEST(ProtocolMutex, FinishingWhileHoldingIsAViolation) {
  Program P;
  P.Mutexes.push_back(M);
  P.issue(Action::lock(M), "issuer lock");
  P.issue(Action::access(M), "issuer access");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::MutexViolation);
  EXPECT_EQ(R.FaultStep, -1);
  EXPECT_NE(R.Message.find("issuer still holds mutex 5, locked at "
                           "`issuer lock`"),
            std::string::npos)
      << R.Message;
  P.issue(Action::unlock(M), "issuer unlock");
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
}

// The lock blocks while another agent holds the mutex: unit 1 takes it and
// then waits for a commit the issuer only makes inside its own region. In
// the interleaving where the unit locks first, neither can go on.
TEST(ProtocolMutex, LockBlocksWhileHeld) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.Mutexes.push_back(M);
  P.NumUnits = 1;
  P.enqueue(1, Action::lock(M), "unit lock");
  P.enqueue(1, Action::consumerWait(0, 0), "unit wait");
  P.enqueue(1, Action::unlock(M), "unit unlock");
  P.issue(Action::lock(M), "issuer lock");
  P.issue(Action::producerCommit(0, 0), "issuer commit");
  P.issue(Action::unlock(M), "issuer unlock");
  CheckResult R = checkProtocol(P);
  ASSERT_EQ(R.S, CheckResult::Deadlock);
  ASSERT_EQ(R.Agents.size(), 2u);
  EXPECT_EQ(R.Agents[0].Text,
            "issuer: blocked at `issuer lock`: MutexLock(mutex 5), held by "
            "unit 1 since `unit lock`");
  EXPECT_NE(R.Agents[1].Text.find("waits on FULL[0] with parity 0"),
            std::string::npos);

  // Committing before taking the lock removes the cycle.
  std::swap(P.Trace[3], P.Trace[4]);
  EXPECT_EQ(checkProtocol(P).S, CheckResult::OK);
}

} // namespace
