//===- tileas-ims-compare.cpp - Ours against textbook IMS, per graph ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// For the benchmark (bench/run.sh, bench/ims_report.py): schedules each
// problem with ours and with the textbook reference (ReferenceIMS.h, budget
// ratios 3 and 20) and prints one CSV row per problem: its ops, the best
// lower bound and which bound it is, our II, time and effort, whether both
// schedules verify, and the reference's II at each ratio.
//
// The reference runs with its II cap one below ours (as in
// NeverWorseThanIMSTest.cpp): it tries exactly the IIs where it would beat
// us, and finds nothing when ours is no worse (written ">=<ours>"). With
// --full it searches up to its own cap instead and its II is exact (seconds
// per II on 1000-op loops).
//
// Inputs are problem files (HatScheT graphs with their _RM.xml, the text
// format) and --random=OPS:SEED (makeRandomProblem without budgets, groups
// or depth limits). The reference models slots, pools and dependences only:
// a problem with budget charges, groups or depth limits is compared with
// those left out, for both schedulers (the row says "stripped").
//
//===----------------------------------------------------------------------===//

#include "../ReferenceIMS.h"

#include "RandomProblem.h"
#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <string>

using namespace llvm;
using namespace tileas;

static cl::OptionCategory Category("tileas-ims-compare options");
static cl::list<std::string> Inputs(cl::Positional, cl::desc("<problem files>"),
                                    cl::cat(Category));
static cl::list<std::string> Randoms("random",
                                     cl::desc("a seeded random loop, OPS:SEED"),
                                     cl::value_desc("ops:seed"),
                                     cl::cat(Category));
static cl::opt<bool> Full("full",
                          cl::desc("the reference's exact II (no cap at ours)"),
                          cl::init(false), cl::cat(Category));
static cl::opt<bool> Header("header", cl::desc("print the CSV header first"),
                            cl::init(false), cl::cat(Category));

static constexpr unsigned BudgetRatios[] = {3, 20};

/// The problem as the reference knows it: without budget charges, groups
/// and depth limits, and without a loop branch (an op pinned to stage 0:
/// a depth limit too; it stays as a plain op that holds nothing). True when
/// something was left out.
static bool stripToTextbook(Problem &P) {
  bool Stripped = !P.groups().empty() || P.LoopBranch.has_value();
  Problem Out(P.model());
  Out.Name = P.Name;
  Out.ForceSerial = P.ForceSerial;
  for (Operation Op : P.operations()) {
    Stripped |= !Op.Budgets.empty() || Op.Group >= 0 || Op.MaxDepth != 0;
    Op.Budgets.clear();
    Op.Group = -1;
    Op.MaxDepth = 0;
    Out.addOperation(std::move(Op));
  }
  for (const Dependence &D : P.dependences())
    Out.addDependence(D);
  if (Stripped)
    P = std::move(Out);
  return Stripped;
}

static void compare(StringRef Name, Problem P) {
  bool Stripped = stripToTextbook(P);
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  auto Start = std::chrono::steady_clock::now();
  ScheduleResult Ours = scheduleLoop(P, Opts);
  double Ms = std::chrono::duration<double, std::milli>(
                  std::chrono::steady_clock::now() - Start)
                  .count();
  bool Verified = Ours.Success && verifySchedule(P, Ours.Sched).empty();
  outs() << formatv("{0},{1},{2},{3},{4},{5},{6:f3},{7},{8}", Name, P.size(),
                    Stripped ? "stripped" : "as-is", Ours.Bounds.mii(),
                    Ours.Bounds.bindingName(),
                    Ours.Success ? std::to_string(Ours.Sched.II) : "", Ms,
                    Ours.SearchEffort, Verified ? 1 : 0);
  for (unsigned Ratio : BudgetRatios) {
    reference::IMSOptions IO;
    IO.BudgetRatio = Ratio;
    if (!Full && Ours.Success && Ours.Sched.II > 1)
      IO.MaxII = Ours.Sched.II - 1;
    reference::IMSResult Ref = reference::scheduleIMS(P, IO);
    if (Ref.Success) {
      bool RefVerified = verifySchedule(P, Ref.Sched).empty();
      outs() << formatv(",{0}{1}", Ref.Sched.II, RefVerified ? "" : "!");
    } else if (IO.MaxII && Ref.Note.find("no schedule at II") == 0) {
      outs() << formatv(",>={0}", Ours.Sched.II);
    } else {
      outs() << ",";
    }
  }
  outs() << "\n";
  outs().flush();
}

int main(int Argc, char **Argv) {
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      Argc, Argv, "ours against textbook iterative modulo scheduling\n");
  if (Header)
    outs() << "name,ops,problem,bound,bound_name,ours_ii,ours_ms,ours_effort,"
              "verified,ims3_ii,ims20_ii\n";
  for (const std::string &Path : Inputs) {
    Expected<Problem> P = loadProblemFile(Path, LoadOptions());
    if (!P) {
      WithColor::error(errs(), "tileas-ims-compare")
          << Path << ": " << toString(P.takeError()) << "\n";
      return 1;
    }
    // <kernel>/<graph> for a HatScheT graph, the file's stem otherwise.
    std::string Name = sys::path::stem(Path).str();
    if (sys::path::extension(Path) == ".graphml")
      Name = (sys::path::filename(sys::path::parent_path(Path)) + "/" + Name)
                 .str();
    compare(Name, std::move(*P));
  }
  for (const std::string &Spec : Randoms) {
    auto [OpsText, SeedText] = StringRef(Spec).split(':');
    RandomProblemOptions RO;
    if (OpsText.getAsInteger(10, RO.NumOps) ||
        SeedText.getAsInteger(10, RO.Seed) || RO.NumOps == 0) {
      WithColor::error(errs(), "tileas-ims-compare")
          << "--random=" << Spec << ": expected OPS:SEED\n";
      return 1;
    }
    RO.Budgets = RO.Groups = RO.DepthLimits = false;
    compare(formatv("random-{0}-s{1}", RO.NumOps, RO.Seed).str(),
            makeRandomProblem(RO));
  }
  return 0;
}
