//===- tileas-bench.cpp - TileAS against LLVM's pipeliners, side by side --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs, in this one process, our tileas-generate-schedule pass, stock
// MachinePipeliner (SMS), stock WindowScheduler and the exact solver on the
// loops of MIR files, and our scheduling core and the exact solver on the
// MachSuite graphs; judges every schedule with the TileAS verifier and puts
// each violation of a peer's schedule down to the peer, to what it was never
// told, or to the harness (PeerVerdict.h); and writes results.csv,
// machsuite.csv and bench.json into --out-dir (see ResultWriter.h).
// bench/report.py turns them into the report.
//
// Exit codes: 0 written; 1 bad options, an unreadable input or an
// unwritable output.
//
//===----------------------------------------------------------------------===//

#include "BenchSettings.h"
#include "HostInfo.h"
#include "MIRLoopBench.h"
#include "MachSuiteBench.h"
#include "ResultWriter.h"
#include "SchedulerFlags.h"

#include "TileAS.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/InitializePasses.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"

using namespace llvm;
using namespace tileas::bench;

namespace {

cl::OptionCategory Category("tileas-bench options");

cl::list<std::string> Generated(cl::Positional, cl::ZeroOrMore,
                                cl::desc("<generated MIR loops>"),
                                cl::cat(Category));

cl::list<std::string> Corpus("corpus", cl::CommaSeparated,
                             cl::desc("MIR loops of the benchmark corpus "
                                      "(their kernels are kept for the "
                                      "reservation-table figures)"),
                             cl::value_desc("file"), cl::cat(Category));

cl::opt<std::string> MachSuite("machsuite",
                               cl::desc("Directory of HatScheT MachSuite "
                                        "graphs (ours against the exact "
                                        "solver)"),
                               cl::value_desc("dir"), cl::cat(Category));

cl::opt<std::string>
    MCPU("mcpu",
         cl::desc("The processor the MIR is for; its machine model (td "
                  "TileASMachineModel) schedules every loop: sm_100 and its "
                  "relatives are Blackwell, sm_90a is Hopper"),
         cl::value_desc("cpu"), cl::init("sm_100"), cl::cat(Category));

cl::opt<std::string> OutDir("out-dir", cl::Required,
                            cl::desc("Where results.csv, machsuite.csv and "
                                     "bench.json are written"),
                            cl::value_desc("dir"), cl::cat(Category));

cl::opt<unsigned> Repeats("repeats",
                          cl::desc("Timed runs per scheduler and loop, at "
                                   "most (the median is reported)"),
                          cl::init(5), cl::cat(Category));

cl::opt<double> RepeatBudget("repeat-budget-ms",
                             cl::desc("No further timed run once this much "
                                      "time went into one measurement"),
                             cl::init(3000), cl::cat(Category));

cl::opt<unsigned> SMSMaxStages("sms-max-stages",
                               cl::desc("-pipeliner-max-stages for the peers"),
                               cl::init(100), cl::cat(Category));

cl::opt<unsigned> SMSMaxMII("sms-max-mii",
                            cl::desc("-pipeliner-max-mii for the peers"),
                            cl::init(100000), cl::cat(Category));

cl::opt<unsigned>
    SMSIISearchRange("sms-ii-search-range",
                     cl::desc("-pipeliner-ii-search-range for the peers"),
                     cl::init(100), cl::cat(Category));

cl::opt<bool> SMSRangeReachesOurs(
    "sms-range-reaches-ours",
    cl::desc("Widen SMS's II search range on each file to ours II - MII + 1 "
             "when that is larger than --sms-ii-search-range"),
    cl::init(true), cl::cat(Category));

cl::opt<bool> OursSelectionRule(
    "ours-selection-rule",
    cl::desc("Let our pass choose the serial generator by its selection rule "
             "(by default the benchmark forces the modulo generator)"),
    cl::cat(Category));

/// --max-ii, --max-stages, --max-constraint-iterations, --search-effort, as
/// tileas-sched takes them.
tileas::SchedulerFlags Limits(Category);

cl::opt<bool> NoSMS("no-sms", cl::desc("Do not run MachinePipeliner"),
                    cl::cat(Category));
cl::opt<bool> NoWindow("no-window", cl::desc("Do not run WindowScheduler"),
                       cl::cat(Category));
cl::opt<bool> NoExact("no-exact", cl::desc("Do not run the exact solver"),
                      cl::cat(Category));

cl::opt<double> ExactTimeLimit("exact-time-limit",
                               cl::desc("Seconds the exact solver may spend "
                                        "on one loop"),
                               cl::init(20), cl::cat(Category));

cl::opt<unsigned> ExactMaxOps("exact-max-ops",
                              cl::desc("Largest loop given to the exact "
                                       "solver (0: all)"),
                              cl::init(0), cl::cat(Category));

cl::opt<unsigned> PeerMaxOps("peer-max-ops",
                             cl::desc("Time guard: the peers are not run on "
                                      "loops of more operations (0: no "
                                      "limit)"),
                             cl::init(0), cl::cat(Category));

cl::opt<bool> Quiet("quiet", cl::desc("No progress lines on stderr"),
                    cl::cat(Category));

int fail(const Twine &Message) {
  WithColor::error(errs(), "tileas-bench") << Message << '\n';
  return 1;
}

/// Registers the passes a -run-pass pipeline may need, as llc does.
void initializePasses() {
  PassRegistry &R = *PassRegistry::getPassRegistry();
  initializeCore(R);
  initializeAnalysis(R);
  initializeCodeGen(R);
  initializeTarget(R);
  initializeTransformUtils(R);
  initializeTileASTarget();
}

BenchSettings settings() {
  BenchSettings S;
  S.Repeats.MaxRepeats = Repeats;
  S.Repeats.BudgetMs = RepeatBudget;
  S.SMSMaxStages = SMSMaxStages;
  S.SMSMaxMII = SMSMaxMII;
  S.SMSIISearchRange = SMSIISearchRange;
  S.SMSRangeReachesOurs = SMSRangeReachesOurs;
  S.OursForceModulo = !OursSelectionRule;
  S.Core = Limits.options();
  S.RunSMS = !NoSMS;
  S.RunWindow = !NoWindow;
  S.RunExact = !NoExact;
  S.ExactTimeLimit = ExactTimeLimit;
  S.ExactMaxOps = ExactMaxOps;
  S.PeerMaxOps = PeerMaxOps;
  return S;
}

/// Writes one output file through Write.
Error writeFile(StringRef Name, function_ref<void(raw_ostream &)> Write) {
  SmallString<256> Path(OutDir);
  sys::path::append(Path, Name);
  std::error_code EC;
  ToolOutputFile Out(Path, EC, sys::fs::OF_Text);
  if (EC)
    return createStringError(EC,
                             "cannot write '" + Path + "': " + EC.message());
  Write(Out.os());
  Out.keep();
  return Error::success();
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  initializePasses();
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tileas-bench: TileAS against stock MachinePipeliner, WindowScheduler "
      "and the exact solver\n");
  if (Generated.empty() && Corpus.empty() && MachSuite.empty())
    return fail("nothing to measure: give MIR files, --corpus or "
                "--machsuite");
  if (Repeats == 0)
    return fail("--repeats must be at least 1");
  if (ExactTimeLimit <= 0)
    return fail("--exact-time-limit must be positive");
  // A peer that crashes is reported, not fatal.
  CrashRecoveryContext::Enable();

  if (!tileas::model::lookupMachineForCPU(MCPU))
    return fail("--mcpu=" + MCPU + " is not a TileAS processor (" +
                tileas::model::machineCPUList() + ")");
  Expected<std::unique_ptr<TargetMachine>> MadeTM =
      tileas::createTileASTargetMachine(MCPU);
  if (!MadeTM)
    return fail(toString(MadeTM.takeError()));
  std::unique_ptr<TargetMachine> TM = std::move(*MadeTM);
  if (std::error_code EC = sys::fs::create_directories(OutDir))
    return fail("cannot create '" + OutDir + "': " + EC.message());

  BenchSettings S = settings();
  HostInfo Host = describeHost();
  raw_ostream &Progress = Quiet ? nulls() : errs();
  std::vector<LoopRecord> Loops, Graphs;
  if (Error E = benchMIRFiles(Corpus, "corpus", *TM, S, Loops, Progress))
    return fail(toString(std::move(E)));
  if (Error E = benchMIRFiles(Generated, "generated", *TM, S, Loops, Progress))
    return fail(toString(std::move(E)));
  if (!MachSuite.empty())
    if (Error E = benchMachSuite(MachSuite, S, Graphs, Progress))
      return fail(toString(std::move(E)));

  if (Error E = writeFile("results.csv",
                          [&](raw_ostream &OS) { writeLoopsCSV(OS, Loops); }))
    return fail(toString(std::move(E)));
  if (!MachSuite.empty())
    if (Error E = writeFile("machsuite.csv", [&](raw_ostream &OS) {
          writeMachSuiteCSV(OS, Graphs);
        }))
      return fail(toString(std::move(E)));
  if (Error E = writeFile("bench.json", [&](raw_ostream &OS) {
        writeDetailsJSON(OS, Host, S, Loops, Graphs);
      }))
    return fail(toString(std::move(E)));
  return 0;
}
