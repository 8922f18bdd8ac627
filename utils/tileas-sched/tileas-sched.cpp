//===- tileas-sched.cpp - Run the scheduling core on problem files --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Reads HatScheT graphs, tileas-sched text problems or the single-block
// loops of TileAS MIR files (MIRInput.h), schedules them (or checks a given
// schedule with --verify, or solves them optimally with --exact, see
// ExactMode.h) and prints the JSON result of tileas/ProblemIO/JSONResult.h.
// Every schedule printed has been through the independent verifier.
//
// A MIR file contributes one problem per single-block loop, built as
// tileas-generate-schedule builds it, in function and block order;
// --function and --block pick out some. One problem gives one JSON object,
// several an array of them in input order.
//
// Which generator runs: for a TileAS loop (MIR input) the core's selection
// rule, as in the pass; a problem file (HatScheT or text) is a
// modulo-scheduling problem, so the modulo generator unless --serial (or the
// problem's own 'serial') asks for the serial one. The JSON names it.
//
// Exit codes: 0 scheduled (or the given schedule is legal); 1 bad input, or
// --verify found violations; 2 no legal schedule was found.
//
//===----------------------------------------------------------------------===//

#include "ExactMode.h"
#include "MIRInput.h"
#include "SchedulerFlags.h"

#include "tileas/Model/MachineModel.h"
#include "tileas/ProblemIO/JSONResult.h"
#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/ProblemIO/TextFormat.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <chrono>

using namespace llvm;
using namespace tileas;

namespace {

enum ExitCode { ExitScheduled = 0, ExitBadInput = 1, ExitNoSchedule = 2 };

cl::OptionCategory Category("tileas-sched options");

cl::list<std::string> Inputs(cl::Positional, cl::OneOrMore,
                             cl::desc("<problem files>"), cl::cat(Category));

/// The input formats: those of ProblemLoader.h, and MIR.
enum class ToolFormat { Auto, HatScheT, Text, MIR };

cl::opt<ToolFormat>
    Format("format", cl::desc("Input format"), cl::init(ToolFormat::Auto),
           cl::values(clEnumValN(ToolFormat::Auto, "auto",
                                 "By extension: .graphml, .tsp/.txt, .mir"),
                      clEnumValN(ToolFormat::HatScheT, "hatschet",
                                 "HatScheT GraphML plus resource model"),
                      clEnumValN(ToolFormat::Text, "text",
                                 "tileas-sched problem text "
                                 "(docs/problem-format.md)"),
                      clEnumValN(ToolFormat::MIR, "mir",
                                 "TileAS MIR: every single-block loop")),
           cl::cat(Category));

cl::opt<std::string>
    LoopFunction("function",
                 cl::desc("MIR input: only the loops of this machine "
                          "function"),
                 cl::value_desc("name"), cl::cat(Category));

cl::opt<unsigned> LoopBlock("block",
                            cl::desc("MIR input: only the loop of block "
                                     "bb.<n>"),
                            cl::value_desc("n"), cl::cat(Category));

cl::opt<std::string>
    MCPU("mcpu",
         cl::desc("MIR input: the processor it is for; its machine model "
                  "(td TileASMachineModel) builds the problems: sm_100 and "
                  "its relatives are Blackwell, sm_90a is Hopper"),
         cl::value_desc("cpu"), cl::init("sm_100"), cl::cat(Category));

cl::opt<std::string>
    Resources("resources",
              cl::desc("HatScheT resource model (default: <graph>_RM.xml, "
                       "else <graph>RM.xml)"),
              cl::value_desc("file"), cl::cat(Category));

/// --max-ii, --max-stages, --max-constraint-iterations, --search-effort.
SchedulerFlags Limits(Category);

cl::opt<bool> TraceSearch("trace-search",
                          cl::desc("Print each attempt of the II search to "
                                   "stderr: phase, II, outcome, effort"),
                          cl::cat(Category));

cl::opt<bool> ForceSerial("serial", cl::desc("Use the serial generator"),
                          cl::cat(Category));

cl::opt<bool> ForceModulo("modulo",
                          cl::desc("Never use the serial generator (the "
                                   "default for problem files; MIR loops go "
                                   "by the selection rule)"),
                          cl::cat(Category));

cl::opt<std::string>
    VerifyFile("verify",
               cl::desc("Check the schedule in <file> instead of scheduling; "
                        "exit 1 if it is illegal"),
               cl::value_desc("schedule file"), cl::cat(Category));

cl::opt<bool> EmitProblem("emit-problem",
                          cl::desc("Print the problem in the text format and "
                                   "stop"),
                          cl::cat(Category));

cl::opt<std::string>
    EmitSchedule("emit-schedule",
                 cl::desc("Also write the schedule found to <file> in the "
                          "schedule text format"),
                 cl::value_desc("file"), cl::cat(Category));

cl::opt<unsigned> Repeat("repeat",
                         cl::desc("Schedule N times and report the median "
                                  "time"),
                         cl::init(1), cl::cat(Category));

cl::opt<bool> Exact("exact",
                    cl::desc("Prove the optimal II with the exact (Z3) "
                             "solver, or report the best bound reached "
                             "within --time-limit"),
                    cl::cat(Category));

cl::opt<double> TimeLimit("time-limit",
                          cl::desc("Seconds the exact solver may spend on "
                                   "each problem (default 10)"),
                          cl::value_desc("seconds"), cl::init(10),
                          cl::cat(Category));

/// Prints an input error as `tileas-sched: <file>:<line>: error: ...`
/// (MIR parser errors add the column and the offending line).
void reportError(Error E) {
  handleAllErrors(std::move(E), [](const ErrorInfoBase &Info) {
    errs() << "tileas-sched: " << Info.message() << '\n';
  });
}

void reportError(StringRef Msg) {
  errs() << "tileas-sched: error: " << Msg << '\n';
}

/// TileASLoop: a loop of a TileAS MIR file, whose generator the selection
/// rule picks.
SchedulerOptions schedulerOptions(bool TileASLoop) {
  SchedulerOptions O = Limits.options();
  O.ForceSerial = ForceSerial;
  O.ForceModulo = ForceModulo || (!TileASLoop && !ForceSerial);
  return O;
}

/// Checks the schedule in --verify against the single input.
int verifyGivenSchedule(const Problem &P, json::OStream &J) {
  Expected<Schedule> S = readScheduleTextFile(VerifyFile, P);
  if (!S) {
    reportError(S.takeError());
    return ExitBadInput;
  }
  std::vector<Violation> Violations =
      verifySchedule(P, *S, Limits.options().MaxStages);
  ResultReport R;
  R.Bounds = computeBounds(P, schedulerOptions(/*TileASLoop=*/false));
  R.Sched = &*S;
  R.Verified = Violations.empty();
  R.Violations = Violations;
  writeResultJSON(J, P, R);
  for (const Violation &V : Violations)
    errs() << "tileas-sched: " << VerifyFile
           << ": violation: " << violationKindName(V.Kind) << ": " << V.Message
           << '\n';
  return Violations.empty() ? ExitScheduled : ExitBadInput;
}

StringRef phaseName(SearchPhase Phase) {
  switch (Phase) {
  case SearchPhase::Bound:
    return "bound";
  case SearchPhase::ArmsOnly:
    return "arms";
  case SearchPhase::Iterative:
    return "iterative";
  case SearchPhase::Neighbour:
    return "neighbour";
  }
  llvm_unreachable("unknown search phase");
}

/// One line per attempt of the II search.
void printSearchTrace(raw_ostream &OS, StringRef Name,
                      ArrayRef<SearchStep> Steps) {
  for (const SearchStep &S : Steps)
    OS << Name << ": search " << phaseName(S.Phase) << " ii " << S.II
       << (S.Success ? " scheduled" : " failed") << " effort " << S.Effort
       << " most-placed " << S.MostPlaced << '\n';
}

/// Schedules one problem --repeat times and prints its result.
int schedule(const Problem &P, bool TileASLoop, json::OStream &J) {
  SchedulerOptions Opts = schedulerOptions(TileASLoop);
  ScheduleResult Result;
  std::vector<uint64_t> Times;
  for (unsigned I = 0; I < std::max(1u, unsigned(Repeat)); ++I) {
    auto Begin = std::chrono::steady_clock::now();
    Result = scheduleLoop(P, Opts);
    auto End = std::chrono::steady_clock::now();
    Times.push_back(
        std::chrono::duration_cast<std::chrono::microseconds>(End - Begin)
            .count());
  }
  std::sort(Times.begin(), Times.end());

  std::vector<Violation> Violations;
  if (Result.Success)
    Violations = verifySchedule(P, Result.Sched, Opts.MaxStages);
  ResultReport R;
  R.Bounds = Result.Bounds;
  R.Sched = Result.Success ? &Result.Sched : nullptr;
  R.Failure = Result.Success ? nullptr : &Result.Failure;
  R.Verified = Result.Success && Violations.empty();
  R.Generator = selectsSerial(P, Opts) ? "serial" : "modulo";
  R.Violations = Violations;
  R.SearchEffort = Result.SearchEffort;
  R.BoundEffort = Result.BoundEffort;
  if (TraceSearch)
    printSearchTrace(errs(), P.Name, Result.Search);
  R.TimeUs = Times[Times.size() / 2];
  writeResultJSON(J, P, R);

  if (!Result.Success) {
    errs() << "tileas-sched: " << P.Name
           << ": no schedule found: " << Result.Failure.Reason << '\n';
    return ExitNoSchedule;
  }
  if (!Violations.empty()) {
    // The scheduler claimed success on an illegal schedule: a core bug.
    for (const Violation &V : Violations)
      errs() << "tileas-sched: " << P.Name << ": verifier rejected the "
             << "schedule: " << violationKindName(V.Kind) << ": " << V.Message
             << '\n';
    return ExitNoSchedule;
  }
  if (!EmitSchedule.empty()) {
    std::error_code EC;
    raw_fd_ostream OS(EmitSchedule, EC, sys::fs::OF_Text);
    if (EC) {
      reportError("cannot write '" + EmitSchedule + "': " + EC.message());
      return ExitBadInput;
    }
    writeScheduleText(OS, P, Result.Sched);
  }
  return ExitScheduled;
}

} // namespace

/// The options --exact does not combine with, or empty.
std::string exactConflicts() {
  std::string Found;
  auto Check = [&](bool Given, StringRef Name) {
    if (Given)
      Found += (Found.empty() ? "" : ", ") + Name.str();
  };
  Check(!VerifyFile.empty(), "--verify");
  Check(ForceSerial, "--serial");
  Check(ForceModulo, "--modulo");
  Check(Limits.given("max-stages"), "--max-stages");
  Check(Limits.given("max-constraint-iterations"),
        "--max-constraint-iterations");
  Check(Repeat.getNumOccurrences(), "--repeat");
  Check(Limits.given("search-effort"), "--search-effort");
  return Found;
}

/// Checks the exact-mode options; false after reporting a misuse.
bool checkExactOptions() {
  if (!Exact) {
    if (TimeLimit.getNumOccurrences()) {
      reportError("--time-limit needs --exact");
      return false;
    }
    return true;
  }
  std::string Conflicts = exactConflicts();
  if (!Conflicts.empty()) {
    reportError("--exact cannot be combined with " + Conflicts);
    return false;
  }
  if (!(TimeLimit > 0) || TimeLimit > 1e9) {
    reportError("--time-limit must be a positive number of seconds");
    return false;
  }
  return true;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(
      argc, argv,
      "tileas-sched: run the TileAS scheduling core on problem files\n");

  if (ForceSerial && ForceModulo) {
    reportError("--serial and --modulo exclude each other");
    return ExitBadInput;
  }
  if (!checkExactOptions())
    return ExitBadInput;
  if (Inputs.size() != 1 && (!VerifyFile.empty() || !EmitSchedule.empty())) {
    reportError("--verify and --emit-schedule take exactly one input");
    return ExitBadInput;
  }

  // Read everything first: a bad input stops the run before any output.
  LoadOptions Load;
  switch (Format) {
  case ToolFormat::Auto:
  case ToolFormat::MIR:
    Load.Format = InputFormat::Auto;
    break;
  case ToolFormat::HatScheT:
    Load.Format = InputFormat::HatScheT;
    break;
  case ToolFormat::Text:
    Load.Format = InputFormat::Text;
    break;
  }
  Load.ResourceFile = Resources;
  if (!Load.ResourceFile.empty() && Inputs.size() != 1) {
    reportError("--resources takes exactly one input");
    return ExitBadInput;
  }
  auto IsMIR = [](StringRef Path) {
    return Format == ToolFormat::MIR ||
           (Format == ToolFormat::Auto && sys::path::extension(Path) == ".mir");
  };
  MIRLoopSelection Selection;
  Selection.Function = LoopFunction;
  Selection.CPU = MCPU;
  if (!model::lookupMachineForCPU(MCPU)) {
    reportError("--mcpu=" + MCPU + " is not a TileAS processor (" +
                model::machineCPUList() + ")");
    return ExitBadInput;
  }
  if (LoopBlock.getNumOccurrences())
    Selection.Block = LoopBlock;
  if ((!Selection.Function.empty() || Selection.Block) &&
      llvm::none_of(Inputs, IsMIR)) {
    reportError("--function and --block select loops of MIR inputs");
    return ExitBadInput;
  }
  std::vector<Problem> Problems;
  std::vector<bool> TileASLoop; // Parallel to Problems.
  for (const std::string &Path : Inputs) {
    if (IsMIR(Path)) {
      Expected<std::vector<Problem>> Loops = loadMIRLoops(Path, Selection);
      if (!Loops) {
        reportError(Loops.takeError());
        return ExitBadInput;
      }
      for (Problem &P : *Loops) {
        Problems.push_back(std::move(P));
        TileASLoop.push_back(true);
      }
      continue;
    }
    Expected<Problem> P = loadProblemFile(Path, Load);
    if (!P) {
      reportError(P.takeError());
      return ExitBadInput;
    }
    Problems.push_back(std::move(*P));
    TileASLoop.push_back(false);
  }
  // A MIR file may hold several loops: the output's shape and the
  // single-problem options go by the problems read, not the files.
  bool Single = Problems.size() == 1;
  if (!Single && (!VerifyFile.empty() || !EmitSchedule.empty())) {
    reportError("--verify and --emit-schedule take exactly one loop; choose "
                "one with --function and --block");
    return ExitBadInput;
  }

  if (EmitProblem) {
    for (const Problem &P : Problems) {
      // The format has no directive for the coordination input yet: say so
      // rather than let a reader schedule the file to a different II.
      if (P.Coordination && !P.Coordination->Ops.empty())
        errs() << "tileas-sched: warning: " << P.Name
               << ": the pipes and mutexes this loop needs are not part of "
                  "the text format; a schedule of the written problem "
                  "skips the coordination refinement and may have a lower "
                  "II than the pass gives\n";
      writeProblemText(outs(), P);
    }
    return ExitScheduled;
  }

  if (Exact) {
    ExactRequest Req;
    Req.TimeLimitSeconds = TimeLimit;
    Req.MaxII = Limits.options().MaxII;
    Req.EmitSchedule = EmitSchedule;
    return runExactMode(Problems, Req, outs());
  }

  int Exit = ExitScheduled;
  {
    json::OStream J(outs(), 2);
    if (!VerifyFile.empty()) {
      Exit = verifyGivenSchedule(Problems.front(), J);
    } else if (Single) {
      Exit = schedule(Problems.front(), TileASLoop.front(), J);
    } else {
      // Several problems: one array, in input order.
      J.array([&] {
        for (size_t I = 0; I != Problems.size(); ++I)
          Exit = std::max(Exit, schedule(Problems[I], TileASLoop[I], J));
      });
    }
  }
  outs() << '\n';
  return Exit;
}
