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
// Issue 16 asks for never worse. The reference runs with its II cap just
// below ours: it then tries exactly the IIs where it would beat us, and a
// schedule it finds there (verified) is a loss. That keeps the test fast on
// large loops, where the textbook needs seconds per II and ours mostly meets
// its bound (then the reference has no II to try at all). Where ours is
// worse today the gap is listed in KnownGaps with the IIs it has now: a gap
// not listed, or one that grows, fails the test, and so does a listed gap
// that has closed (remove it), so the list only shrinks.
//
// test/Inputs/loopgen holds generated recurrence-bound loops where ours was
// up to 25% above the reference (526 against 421 on loopgen-200-s1, 818
// against 712 on loopgen-300-s2) before the search's neighbour phase
// (docs/ii-search.md) reached them.
//
// No gap is left. The last one was aes2/graph4 (225 ops): ours 33 at every
// search effort from 200 to 2000, IMS 32 at budget ratio 20; ours reaches
// 32 since an eviction unseats its victims together
// (ModuloState::unseatAll): one relaxation instead of one per victim, so
// that its runs go further on the same budget.
//
//===----------------------------------------------------------------------===//

#include "ReferenceIMS.h"

#include "RandomProblem.h"
#include "tileas/ProblemIO/HatScheT.h"
#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <array>
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
/// Empty today; a gap that opens goes here only with its reason.
constexpr std::array<KnownGap, 0> KnownGaps{};

const KnownGap *knownGap(StringRef Loop, unsigned Ratio) {
  for (const KnownGap &G : KnownGaps)
    if (Loop == G.Loop && Ratio == G.Ratio)
      return &G;
  return nullptr;
}

/// Schedules P with ours and then with the reference at each budget ratio,
/// capped one below ours; expects ours verified, and no reference schedule
/// (a lower II) unless it is exactly the known gap, verified. Returns ours.
unsigned expectNeverWorse(StringRef Loop, const Problem &P) {
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  ScheduleResult Ours = scheduleLoop(P, Opts);
  EXPECT_TRUE(Ours.Success) << Ours.Failure.Reason;
  if (!Ours.Success)
    return 0;
  EXPECT_TRUE(verifySchedule(P, Ours.Sched).empty());
  if (Ours.Sched.II <= 1) // Nothing is lower (and MaxII 0 means no cap).
    return Ours.Sched.II;
  for (unsigned Ratio : BudgetRatios) {
    reference::IMSOptions IO;
    IO.BudgetRatio = Ratio;
    IO.MaxII = Ours.Sched.II - 1;
    reference::IMSResult Ref = reference::scheduleIMS(P, IO);
    if (Ref.Success) {
      EXPECT_TRUE(verifySchedule(P, Ref.Sched).empty());
    } else {
      // Refused problems say so; a cap reached is the expected outcome.
      EXPECT_NE(Ref.Note.find("no schedule at II"), std::string::npos)
          << Ref.Note;
    }
    if (const KnownGap *G = knownGap(Loop, Ratio)) {
      // Known: it may only shrink, and when it closes the entry must go.
      EXPECT_LE(Ours.Sched.II, G->Ours) << "budget ratio " << Ratio;
      EXPECT_TRUE(Ref.Success)
          << "budget ratio " << Ratio << ": the gap closed, remove it";
      if (Ref.Success) {
        EXPECT_EQ(Ref.Sched.II, G->Reference) << "budget ratio " << Ratio;
      }
      continue;
    }
    EXPECT_FALSE(Ref.Success)
        << "budget ratio " << Ratio << ": ours " << Ours.Sched.II
        << ", textbook IMS " << Ref.Sched.II;
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

/// Seeded random loops of the td model like the large HLS graphs of issue
/// 16 (300 to 1400 ops), without budgets, groups or depth limits.
void expectNeverWorseOnRandomLoops(ArrayRef<unsigned> Sizes) {
  for (unsigned Ops : Sizes)
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

/// Generated loops in the text format (test/Inputs/loopgen, README there):
/// recurrence-bound loops of 200 to 400 ops, stripped to what the textbook
/// algorithm knows.
TEST(NeverWorseThanIMS, GeneratedLoops) {
  SmallString<256> Root(TILEAS_SOURCE_DIR);
  sys::path::append(Root, "test", "Inputs", "loopgen");
  std::vector<std::string> Files;
  std::error_code EC;
  for (sys::fs::directory_iterator It(Root, EC), End; It != End && !EC;
       It.increment(EC))
    if (sys::path::extension(It->path()) == ".txt")
      Files.push_back(It->path());
  llvm::sort(Files);
  ASSERT_GE(Files.size(), 6u);
  for (const std::string &File : Files) {
    SCOPED_TRACE(File);
    Expected<Problem> P = loadProblemFile(File, LoadOptions());
    ASSERT_TRUE(bool(P)) << toString(P.takeError());
    expectNeverWorse(sys::path::stem(File), *P);
  }
}

TEST(NeverWorseThanIMS, SeededRandomLoops) {
  expectNeverWorseOnRandomLoops({300u, 700u});
}

TEST(NeverWorseThanIMS, LargeSeededRandomLoops) {
  expectNeverWorseOnRandomLoops({1000u, 1400u});
}

} // namespace
