//===- ReferenceTest.cpp - The checker against a brute-force reference ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The reference model of ProtocolTestUtil.h follows what the slots
// physically hold and enumerates every interleaving without merging states.
// Agreement on many small programs tests the checker's state argument (the
// positions are the whole state) as much as its implementation:
//
//  * the checker says OK  iff  every interleaving of the reference ends OK;
//  * otherwise the checker's status is reachable in the reference, its
//    schedule replays in the reference to that very status, and no
//    interleaving reaches that status in fewer steps.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <map>
#include <random>

using namespace tileas::protocol;
using namespace tileas::protocol::test;

namespace {

constexpr uint64_t MaxPaths = 20000;

/// Compares checker and reference on P; returns false (and compares
/// nothing) if the reference would need more than MaxPaths paths.
bool agree(const Program &P, Status &Reported, const std::string &Label,
           uint64_t Limit = MaxPaths) {
  ReferenceOutcomes Ref = enumerateReference(P, Limit);
  if (Ref.Truncated)
    return false;
  CheckResult R = checkProtocol(P);
  Reported = R.S;
  bool AllOk = Ref.Reached == std::set<Status>{Status::OK};
  EXPECT_EQ(R.S == CheckResult::OK, AllOk) << Label << "\n" << R.Message;
  if (R.S != CheckResult::OK) {
    EXPECT_TRUE(Ref.Reached.count(R.S)) << Label << "\n" << R.Message;
    EXPECT_EQ(replayReference(P, R.Schedule), R.S) << Label << "\n"
                                                   << R.Message;
    // The witness is a shortest interleaving reaching that status.
    EXPECT_TRUE(R.Shortest) << Label;
    EXPECT_EQ(R.Schedule.size(), Ref.Shortest[R.S]) << Label << "\n"
                                                    << R.Message;
  }
  return true;
}

std::string dump(const Program &P) {
  std::string Out = "units " + std::to_string(P.NumUnits) + ", pipes";
  for (const PipeConfig &C : P.Pipes)
    Out += " " + std::to_string(C.Id) + ":" + std::to_string(C.Depth);
  for (const Step &S : P.Trace)
    Out += "\n  " + std::to_string(S.Agent) + " " + describe(S.A);
  return Out;
}

/// A random program of 3..8 steps over two pipes, one mutex and up to two
/// units.
Program randomProgram(std::mt19937 &Rng) {
  auto Pick = [&](unsigned N) { return unsigned(Rng() % N); };
  Program P;
  P.NumUnits = 1 + Pick(2);
  P.Pipes.push_back(PipeConfig{0, 1 + Pick(2), ""});
  P.Pipes.push_back(PipeConfig{1, 1 + Pick(2), ""});
  P.Mutexes.push_back(0);
  unsigned Len = 3 + Pick(6);
  for (unsigned I = 0; I != Len; ++I) {
    Action A = randomAction(Rng, P);
    P.Trace.push_back(Step{Pick(P.NumUnits + 1), A, ""});
  }
  return P;
}

TEST(ProtocolReference, RandomProgramsAgree) {
  std::mt19937 Rng(20250611);
  std::map<Status, unsigned> Seen;
  unsigned Compared = 0;
  for (unsigned I = 0; I != 3000; ++I) {
    Program P = randomProgram(Rng);
    Status S;
    if (agree(P, S, dump(P))) {
      ++Compared;
      ++Seen[S];
    }
    if (HasFailure())
      return;
  }
  EXPECT_GE(Compared, 2900u);
  // Not vacuous: every outcome occurs.
  for (Status S : {Status::OK, Status::Deadlock, Status::ReadUnfilled,
                   Status::OverwriteUnreleased, Status::UseAfterRelease,
                   Status::MutexViolation})
    EXPECT_GE(Seen[S], 20u) << toString(S).str();
}

/// Small canonical loops with one random mutation: a step dropped, two
/// neighbouring steps swapped, a step moved to another agent, or an
/// iteration changed.
TEST(ProtocolReference, MutatedLoopsAgree) {
  std::mt19937 Rng(7);
  std::map<Status, unsigned> Seen;
  unsigned Compared = 0;
  for (unsigned I = 0; I != 300; ++I) {
    LoopSpec L = gemmSpec(1 + Rng() % 2, 1 + Rng() % 2, 1);
    L.Pipes.resize(1);
    if (Rng() % 2) {
      L.NumUnits = 1;
      L.Pipes[0].ConsumerUnit = 1;
    }
    Program P = buildPipelinedLoop(L);
    size_t At = Rng() % P.Trace.size();
    switch (Rng() % 4) {
    case 0:
      P.Trace.erase(P.Trace.begin() + At);
      break;
    case 1:
      if (At + 1 < P.Trace.size())
        std::swap(P.Trace[At], P.Trace[At + 1]);
      break;
    case 2:
      P.Trace[At].Agent = Rng() % (P.NumUnits + 1);
      break;
    default:
      P.Trace[At].A.Iter = Rng() % 3;
      break;
    }
    Status S;
    if (agree(P, S, dump(P), 2000)) {
      ++Compared;
      ++Seen[S];
    }
    if (HasFailure())
      return;
  }
  std::printf("mutated loops compared: %u, ok %u\n", Compared,
              Seen[Status::OK]);
  EXPECT_GE(Compared, 250u);
  EXPECT_GE(Seen[Status::OK], 20u);
  EXPECT_GE(Seen[Status::Deadlock] + Seen[Status::ReadUnfilled] +
                Seen[Status::OverwriteUnreleased] +
                Seen[Status::UseAfterRelease],
            50u);
}

// A wrong-phase wait where both a deadlock and an unfilled read are
// reachable: the reference sees both, the checker reports the one its order
// meets first. The issuer runs ahead and passes the flipped wait while
// FULL[0] is still at 0 phases; in that subtree the tensor core can read
// before the TMA writes. The deadlock needs the TMA's commit before the
// issuer's wait, a subtree explored later.
TEST(ProtocolReference, WrongPhaseReachesBothOutcomes) {
  Program P;
  P.Pipes.push_back(PipeConfig{0, 1, "A"});
  P.NumUnits = 2;
  P.enqueue(1, Action::write(0, 0), "tma write");
  P.enqueue(1, Action::producerCommit(0, 0), "tma commit");
  P.issue(Action::consumerWait(0, 0).withOverride(0, 1), "wait, parity 1");
  P.enqueue(2, Action::read(0, 0), "mma read");
  ReferenceOutcomes Ref = enumerateReference(P, MaxPaths);
  ASSERT_FALSE(Ref.Truncated);
  EXPECT_EQ(Ref.Reached, (std::set<Status>{Status::OK, Status::Deadlock,
                                           Status::ReadUnfilled}));
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::ReadUnfilled);
  EXPECT_EQ(R.Schedule, (std::vector<unsigned>{0, 0, 0, 0, 2}));
}

} // namespace
