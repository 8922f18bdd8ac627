//===- NeverWorseThanIMSTest.cpp - Ours against textbook IMS -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The scheduler's II against that of Rau's textbook iterative modulo
// scheduling (ReferenceIMS.h, budget ratios 3 and 20) on the MachSuite graphs
// vendored in test/Inputs/machsuite and on seeded random loops of the td
// model without budgets, groups or depth limits (what the textbook
// algorithm knows). Every schedule either reports is checked by the
// verifier.
//
// Issue 16 asks for never worse. Where ours is worse today the gap is listed
// in KnownGaps with the IIs it has now: a gap not listed, or one that grows,
// fails the test, and so does a listed gap that has closed (remove it), so
// the list only shrinks. The search, not the budget, loses the cycles: at
// default effort the 700-op loops spend the whole search budget on the two
// runs at the bound and the arms, and no iterative attempt runs between the
// bound and the arms' II (docs/scheduler-walkthrough.md).
//
//===----------------------------------------------------------------------===//

#include "ReferenceIMS.h"

#include "tileas/Model/RandomProblem.h"
#include "tileas/ProblemIO/HatScheT.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace tileas;

namespace {

constexpr unsigned BudgetRatios[] = {3, 20};

/// Where ours is above the reference today: the loop, the budget ratio, and
/// both IIs.
struct KnownGap {
  const char *Loop;
  unsigned Ratio;
  unsigned Ours, Reference;
};
constexpr KnownGap KnownGaps[] = {
    {"aes2/graph4", 20, 33, 32},         {"random 300 seed 3", 20, 382, 381},
    {"random 700 seed 1", 3, 1004, 987}, {"random 700 seed 1", 20, 1004, 922},
    {"random 700 seed 2", 20, 964, 922}, {"random 700 seed 3", 20, 976, 934},
};

const KnownGap *knownGap(StringRef Loop, unsigned Ratio) {
  for (const KnownGap &G : KnownGaps)
    if (Loop == G.Loop && Ratio == G.Ratio)
      return &G;
  return nullptr;
}

/// Schedules P with ours and with the reference at each budget ratio;
/// expects ours verified, each reference schedule verified, and ours no
/// higher, or exactly the known gap. Returns ours.
unsigned expectNeverWorse(StringRef Loop, const Problem &P) {
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  ScheduleResult Ours = scheduleLoop(P, Opts);
  EXPECT_TRUE(Ours.Success) << Ours.Failure.Reason;
  if (!Ours.Success)
    return 0;
  EXPECT_TRUE(verifySchedule(P, Ours.Sched).empty());
  for (unsigned Ratio : BudgetRatios) {
    reference::IMSOptions IO;
    IO.BudgetRatio = Ratio;
    reference::IMSResult Ref = reference::scheduleIMS(P, IO);
    EXPECT_TRUE(Ref.Success) << Ref.Note;
    if (!Ref.Success)
      continue;
    EXPECT_TRUE(verifySchedule(P, Ref.Sched).empty());
    if (const KnownGap *G = knownGap(Loop, Ratio)) {
      // Known: it may only shrink, and when it closes the entry must go.
      EXPECT_LE(Ours.Sched.II, G->Ours) << "budget ratio " << Ratio;
      EXPECT_EQ(Ref.Sched.II, G->Reference) << "budget ratio " << Ratio;
      EXPECT_GT(Ours.Sched.II, Ref.Sched.II)
          << "budget ratio " << Ratio << ": the gap closed, remove it";
      continue;
    }
    EXPECT_LE(Ours.Sched.II, Ref.Sched.II) << "budget ratio " << Ratio;
  }
  return Ours.Sched.II;
}

/// The vendored graphs: <kernel>/<graph>.graphml with <graph>_RM.xml.
std::vector<std::string> machSuiteGraphs() {
  SmallString<256> Root(TILEAS_SOURCE_DIR);
  sys::path::append(Root, "test", "Inputs", "machsuite");
  std::vector<std::string> Graphs;
  std::error_code EC;
  for (sys::fs::recursive_directory_iterator It(Root, EC), End;
       It != End && !EC; It.increment(EC))
    if (sys::path::extension(It->path()) == ".graphml")
      Graphs.push_back(It->path());
  llvm::sort(Graphs);
  return Graphs;
}

TEST(NeverWorseThanIMS, MachSuite) {
  std::vector<std::string> Graphs = machSuiteGraphs();
  ASSERT_GE(Graphs.size(), 12u);
  for (const std::string &Graph : Graphs) {
    SCOPED_TRACE(Graph);
    SmallString<256> RM(Graph);
    sys::path::replace_extension(RM, "");
    RM += "_RM.xml";
    Expected<Problem> P = readHatScheT(Graph, RM);
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    // <kernel>/<graph>, as KnownGaps names it.
    std::string Loop = (sys::path::filename(sys::path::parent_path(Graph)) +
                        "/" + sys::path::stem(Graph))
                           .str();
    expectNeverWorse(Loop, *P);
  }
}

TEST(NeverWorseThanIMS, SeededRandomLoops) {
  for (unsigned Ops : {300u, 700u})
    for (uint64_t Seed = 1; Seed <= 3; ++Seed) {
      RandomProblemOptions RO;
      RO.NumOps = Ops;
      RO.Seed = Seed;
      RO.Budgets = RO.Groups = RO.DepthLimits = false;
      std::string Loop =
          "random " + std::to_string(Ops) + " seed " + std::to_string(Seed);
      SCOPED_TRACE(Loop);
      expectNeverWorse(Loop, makeRandomProblem(RO));
    }
}

} // namespace
