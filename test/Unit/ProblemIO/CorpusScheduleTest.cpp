//===- CorpusScheduleTest.cpp - The HatScheT corpus through the core ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every MachSuite loop, read by the HatScheT reader, gets a modulo schedule
// that the verifier accepts, and the core's fine-density and recurrence
// bounds equal the ones computed here from the corpus README's rule alone.
// This ties the reader's mapping to the benchmark set's legality rule.
//
//===----------------------------------------------------------------------===//

#include "ProblemIOTestUtil.h"

#include "tileas/ProblemIO/HatScheT.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::iotest;

namespace {

/// max over pools of ceil(units * cycles held / capacity).
unsigned fineDensity(const Problem &P) {
  std::vector<uint64_t> Demand(P.model().pools().size(), 0);
  for (const Operation &Op : P.operations())
    for (const PoolUse &U : Op.Pools)
      Demand[U.Pool] += uint64_t(U.Units) * U.Duration;
  uint64_t Bound = 0;
  for (size_t I = 0; I < Demand.size(); ++I) {
    uint64_t Cap = P.model().pools()[I].Capacity;
    Bound = std::max(Bound, (Demand[I] + Cap - 1) / Cap);
  }
  return Bound;
}

/// True when no cycle has positive weight latency - II * distance
/// (Bellman-Ford on longest paths).
bool recurrenceHolds(const Problem &P, int64_t II) {
  std::vector<int64_t> Dist(P.size(), 0);
  for (unsigned Round = 0; Round <= P.size(); ++Round) {
    bool Changed = false;
    for (const Dependence &D : P.dependences()) {
      int64_t W = D.Latency - II * int64_t(D.Distance);
      if (Dist[D.From] + W > Dist[D.To]) {
        Dist[D.To] = Dist[D.From] + W;
        Changed = true;
      }
    }
    if (!Changed)
      return true;
  }
  return false;
}

/// The least II >= 0 with no positive cycle.
unsigned recurrenceBound(const Problem &P) {
  int64_t Hi = 1;
  for (const Dependence &D : P.dependences())
    Hi += std::abs(D.Latency);
  EXPECT_TRUE(recurrenceHolds(P, Hi));
  int64_t Lo = 0;
  while (Lo < Hi) {
    int64_t Mid = (Lo + Hi) / 2;
    if (recurrenceHolds(P, Mid))
      Hi = Mid;
    else
      Lo = Mid + 1;
  }
  return Lo;
}

TEST(HatScheTCorpus, SchedulesVerifyAndBoundsMatchTheSetsRule) {
  MachSuiteCorpus Corpus = machSuiteCorpus();
  if (Corpus.Dir.empty())
    GTEST_SKIP() << "neither TILEAS_SHARED_DIR nor TILEAS_SRC_ROOT is set";
  const std::string &Dir = Corpus.Dir;
  std::vector<std::string> Graphs;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Dir, EC), End; It != End && !EC;
       It.increment(EC))
    if (sys::path::extension(It->path()) == ".graphml")
      Graphs.push_back(It->path());
  std::sort(Graphs.begin(), Graphs.end());
  ASSERT_EQ(Graphs.size(), Corpus.Graphs) << Dir;

  unsigned AtMII = 0;
  for (const std::string &Graph : Graphs) {
    SCOPED_TRACE(Graph);
    Expected<std::string> RM = findHatScheTResourceFile(Graph);
    ASSERT_TRUE(bool(RM)) << toString(RM.takeError());
    Expected<Problem> P = readHatScheT(Graph, *RM);
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    SchedulerOptions Opts;
    Opts.ForceModulo = true;
    ScheduleResult R = scheduleLoop(*P, Opts);
    EXPECT_EQ(R.Bounds.FineDensity, fineDensity(*P));
    EXPECT_EQ(R.Bounds.Recurrence, recurrenceBound(*P));
    ASSERT_TRUE(R.Success) << R.Failure.Reason;
    std::vector<Violation> V = verifySchedule(*P, R.Sched);
    EXPECT_TRUE(V.empty()) << V.front().Message;
    EXPECT_GE(R.Sched.II, R.Bounds.mii());
    AtMII += R.Sched.II == R.Bounds.mii();
  }
  // A floor, not a target: most loops of the set (70 of 91) reach their MII.
  EXPECT_GE(AtMII * 91, 70 * Graphs.size());
}

} // namespace
