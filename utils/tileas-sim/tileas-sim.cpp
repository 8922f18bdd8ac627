//===- tileas-sim.cpp - Time MIR on the td machine model ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs each function of a TileAS MIR file (a loop as written, our
// materialized form, or stock MachinePipeliner's expansion) on the machine
// model of td/ and reports how many cycles it takes: in total, per
// iteration of its loop in the steady state, and where its agents stalled
// (docs/simulator.md). A trip count sets the loop's bound from the loop's
// own control, or, with --reference, from the function as written; a loop
// nest takes one per loop, by the name of its header block, or a list per
// loop, one per entry (LoopTripCounts.h).
//
//   tileas-sim kernel.mir --trip-count=16 [--jitter=25 --seed=7] [--json]
//   tileas-sim persistent.mir --trip-count=tile=8,kloop=4
//   tileas-sim grouped.mir --trip-count=tile=4,kloop=3:5:2:7
//   tileas-sim kernel.mir --trip-count=128 --timing=b200 [--jitter-tail=5:3]
//
// --timing=<name> runs on a measured timing description of td/ instead of
// the slot model's numbers and reports the tensor core's utilization.
//
// Exit status 1 on bad input, a deadlock, or (with --expect-ii) a steady
// state that differs from the scheduled II.
//
//===----------------------------------------------------------------------===//

#include "Agents.h"
#include "MIRAgent.h"
#include "MIRRun.h"
#include "ScheduledII.h"
#include "TileAS.h"

#include "tileas/MIRExec/MIRFile.h"
#include "tileas/MIRExec/TripCountSetup.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Sim/Report.h"
#include "tileas/Sim/Simulator.h"
#include "tileas/Sim/Utilization.h"
#include "tileas/Timing/Timing.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"

#include <cmath>

using namespace llvm;
using namespace tileas;

namespace {

cl::OptionCategory Category("tileas-sim options");

cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                               cl::desc("<MIR file>"), cl::cat(Category));
cl::list<std::string> FunctionNames("function", cl::CommaSeparated,
                                    cl::desc("Simulate only these functions"),
                                    cl::cat(Category));
cl::opt<std::string> TripCount(
    "trip-count",
    cl::desc("Iterations of the loop as written (N), or of each loop of a "
             "nest by its header block's IR name (tile=8,kloop=4), or a list "
             "per loop, one per entry (tile=4,kloop=3:5:2:7); the run sets "
             "each loop's bound (or start) to match"),
    cl::value_desc("N|loop=N[:N...],..."), cl::cat(Category));
/// --trip-count, parsed.
LoopTripCounts Trips;
cl::opt<std::string> Reference(
    "reference",
    cl::desc("The functions as written (before pipelining): --trip-count "
             "is set through the live-ins their loop control reads"),
    cl::value_desc("MIR file"), cl::cat(Category));
cl::list<std::string> LiveInValues("live-in",
                                   cl::desc("Live-in values, as reg=value"),
                                   cl::cat(Category));
cl::opt<unsigned>
    JitterPercent("jitter",
                  cl::desc("Far-memory latency jitter, +-PERCENT (0: none)"),
                  cl::init(0), cl::cat(Category));
cl::opt<uint64_t> Seed("seed", cl::desc("Seed of the jitter"), cl::init(1),
                       cl::cat(Category));
cl::opt<std::string> JitterTail(
    "jitter-tail",
    cl::desc("A heavier tail: PERCENT of the far-memory latencies (after "
             "--jitter) are FACTOR times as long (issue 29: 5:3)"),
    cl::value_desc("PERCENT:FACTOR"), cl::cat(Category));
/// --jitter-tail, parsed.
unsigned TailPercent = 0, TailFactor = 1;
cl::opt<std::string> TimingName(
    "timing",
    cl::desc("What the instructions take: 'model' (the slot model's numbers, "
             "as the scheduler sees them) or a measured timing description "
             "of td/ (b200, h100); a description also reports the tensor "
             "core's utilization"),
    cl::value_desc("name"), cl::init(timing::ModelName), cl::cat(Category));
/// --timing, looked up (none: the model).
std::optional<timing::Timing> Timing;
cl::opt<bool> JSON("json", cl::desc("Print JSON"), cl::cat(Category));
cl::opt<unsigned>
    ScheduledII("ii",
                cl::desc("The II the loop was scheduled for (when no "
                         "--remarks say it)"),
                cl::cat(Category));
cl::opt<std::string> RemarksFile(
    "remarks",
    cl::desc("YAML remarks of the llc run that materialized the input "
             "(-pass-remarks-output): the scheduled II"),
    cl::value_desc("file"), cl::cat(Category));
cl::opt<bool>
    ExpectII("expect-ii",
             cl::desc("Fail unless the steady state takes the scheduled II"),
             cl::cat(Category));
cl::opt<bool> FreeBranches(
    "free-branches",
    cl::desc("Branches neither wait for their predicate nor end the issue "
             "cycle (the loop closes for free, as the modulo scheduler "
             "assumes)"),
    cl::cat(Category));
cl::opt<bool> Trace("trace",
                    cl::desc("Print each instruction's issue cycle (to "
                             "standard error)"),
                    cl::cat(Category));
cl::opt<uint64_t>
    MaxSteps("max-steps",
             cl::desc("Stop an agent that has run this many instructions"),
             cl::init(10000000), cl::cat(Category));
cl::opt<std::string> MCPU(
    "mcpu",
    cl::desc("The processor the MIR was compiled for; its machine model "
             "(td TileASMachineModel) runs it: sm_100 and its relatives are "
             "Blackwell, sm_90a is Hopper"),
    cl::init("sm_100"), cl::cat(Category));
cl::opt<uint64_t> MaxCycles("max-cycles",
                            cl::desc("Stop a run that is still going"),
                            cl::init(uint64_t(1) << 40), cl::cat(Category));

int error(const Twine &Msg) {
  WithColor::error(errs(), "tileas-sim") << Msg << "\n";
  return 1;
}

/// What one function's run was given, for reports.
struct RunSetup {
  std::vector<std::pair<MCRegister, int64_t>> LiveIns;
  std::vector<RegisterOverride> Overrides;
  std::string TripSetting;
  std::optional<unsigned> II;
};

Expected<RunSetup>
prepare(MachineFunction &MF, MIRFile *Ref,
        const std::map<std::string, std::vector<MaterializedLoop>> &Remarks) {
  RunSetup S;
  Expected<std::vector<std::pair<MCRegister, int64_t>>> LiveIns =
      parseLiveIns(*MF.getSubtarget().getRegisterInfo(), LiveInValues);
  if (!LiveIns)
    return LiveIns.takeError();
  S.LiveIns = std::move(*LiveIns);
  if (TripCount.getNumOccurrences()) {
    Expected<TripCountSetup> Plan = [&]() -> Expected<TripCountSetup> {
      if (!Ref)
        return planOwnTripCount(MF, Trips);
      if (!Trips.All)
        return createStringError(inconvertibleErrorCode(),
                                 "--reference takes one trip count, not one "
                                 "per loop");
      MachineFunction *RefMF = Ref->function(MF.getName());
      if (!RefMF)
        return createStringError(inconvertibleErrorCode(),
                                 Reference + " has no function " +
                                     MF.getName());
      return planReferenceTripCount(*RefMF, *Trips.All, S.LiveIns);
    }();
    if (!Plan)
      return Plan.takeError();
    S.Overrides = Plan->Overrides;
    // A live-in set by the trip count wins over --live-in.
    for (auto [Reg, V] : Plan->LiveIns) {
      erase_if(S.LiveIns, [&](auto &L) { return L.first == Reg; });
      S.LiveIns.push_back({Reg, V});
    }
    S.TripSetting = Plan->Description;
  }
  if (ScheduledII.getNumOccurrences())
    S.II = ScheduledII;
  auto It = Remarks.find(MF.getName().str());
  if (!S.II && It != Remarks.end() && It->second.size() == 1)
    S.II = It->second.front().II;
  return S;
}

/// The tensor core's use in a run on a timing description.
sim::TensorCoreUse tensorCore(const sim::SimResult &R) {
  return sim::tensorCoreUse(R, OpClasses::TensorCoreUnit,
                            OpClasses::FarMemoryUnit,
                            Timing->farMemoryBytesPerCycle());
}

void printText(const MachineFunction &MF, const RunSetup &S,
               const sim::SimResult &R) {
  outs() << MF.getName();
  if (TripCount.getNumOccurrences())
    outs() << " trip count " << Trips.str();
  if (!S.TripSetting.empty())
    outs() << " (with " << S.TripSetting << ")";
  if (JitterPercent)
    outs() << ", jitter +-" << JitterPercent << "% seed " << Seed;
  if (TailPercent)
    outs() << ", tail " << TailPercent << "% at " << TailFactor << "x seed "
           << Seed;
  if (TimingName.getNumOccurrences())
    outs() << ", timing " << TimingName;
  outs() << ": " << R.Cycles << " cycles";
  const sim::LoopResult *Main = R.mainLoop();
  if (std::optional<double> CPI =
          Main ? Main->steadyCyclesPerIteration() : std::nullopt)
    outs() << ", " << sim::formatCycles(*CPI)
           << " cycles per iteration in the steady state (loop " << Main->Name
           << ")";
  if (S.II)
    outs() << ", scheduled II " << *S.II;
  outs() << "\n";
  if (Timing)
    sim::printTensorCore(outs(), tensorCore(R));
  sim::printDetails(outs(), R);
}

void printJSON(const MachineFunction &MF, const RunSetup &S,
               const sim::SimResult &R) {
  json::OStream J(outs(), 2);
  J.object([&] {
    J.attribute("function", MF.getName());
    J.attribute("trip_count", !TripCount.getNumOccurrences()
                                  ? json::Value(nullptr)
                              : Trips.All ? json::Value(*Trips.All)
                                          : json::Value(Trips.str()));
    J.attribute("trip_count_setting", S.TripSetting);
    J.attribute("jitter_percent", int64_t(JitterPercent));
    J.attribute("seed", int64_t(Seed));
    // Only asked for: the model's report stays as it was.
    if (TimingName.getNumOccurrences())
      J.attribute("timing", TimingName);
    if (TailPercent)
      J.attribute("jitter_tail", formatv("{0}:{1}", TailPercent, TailFactor));
    sim::writeJSONSummary(J, R);
    J.attribute("ii", S.II ? json::Value(int64_t(*S.II)) : nullptr);
    if (Timing)
      sim::writeJSONTensorCore(J, tensorCore(R));
    J.attribute("machine", machineOf(MF).name());
    sim::writeJSONDetails(J, R);
  });
  outs() << "\n";
}

/// With --expect-ii: an error unless the steady state takes the II.
Error checkII(const MachineFunction &MF, const RunSetup &S,
              const sim::SimResult &R) {
  if (!ExpectII)
    return Error::success();
  auto Fail = [&](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             MF.getName() + ": " + Msg);
  };
  if (!S.II)
    return Fail("--expect-ii: no scheduled II (give --remarks or --ii)");
  const sim::LoopResult *Main = R.mainLoop();
  std::optional<double> CPI =
      Main ? Main->steadyCyclesPerIteration() : std::nullopt;
  if (!CPI)
    return Fail("--expect-ii: no loop ran twice, so there is no steady "
                "state to compare");
  if (*CPI != double(*S.II))
    return Fail(formatv("the steady state takes {0} cycles per iteration "
                        "(loop {1}), the schedule's II is {2}",
                        sim::formatCycles(*CPI), Main->Name, *S.II));
  return Error::success();
}

/// Simulates MF; false (after saying why) on an error.
bool simulateFunction(
    MachineFunction &MF, MIRFile *Ref,
    const std::map<std::string, std::vector<MaterializedLoop>> &Remarks) {
  auto Report = [&](Error E) {
    error(MF.getName() + ": " + toString(std::move(E)));
    return false;
  };
  Expected<RunSetup> S = prepare(MF, Ref, Remarks);
  if (!S)
    return Report(S.takeError());
  Expected<std::vector<AgentEntry>> Entries = findAgents(MF);
  if (!Entries)
    return Report(Entries.takeError());
  MIRRun Run(machineOf(MF), *Entries, Timing);
  MIRAgentOptions Opts;
  Opts.LiveIns = S->LiveIns;
  Opts.Overrides = S->Overrides;
  Opts.MaxSteps = MaxSteps;
  std::vector<std::unique_ptr<MIRAgent>> Agents;
  std::vector<sim::AgentProgram *> Programs;
  for (const AgentEntry &E : *Entries) {
    Agents.push_back(std::make_unique<MIRAgent>(MF, Run, E, Opts));
    Programs.push_back(Agents.back().get());
  }
  sim::SimOptions SO;
  SO.JitterPercent = JitterPercent;
  SO.Seed = Seed;
  SO.TailPercent = TailPercent;
  SO.TailFactor = TailFactor;
  if (Timing)
    SO.ArriveLatency = Timing->mbarrierLatency();
  SO.MaxCycles = MaxCycles;
  SO.Trace = Trace ? &errs() : nullptr;
  SO.FreeBranches = FreeBranches;
  ResourceModel Model = machineOf(MF).buildResourceModel();
  Expected<sim::SimResult> R = sim::simulate(Model, Run.names(), Programs, SO);
  if (!R)
    return Report(R.takeError());
  if (JSON)
    printJSON(MF, *S, *R);
  else
    printText(MF, *S, *R);
  if (Error E = checkII(MF, *S, *R)) {
    // The report comes first, then what is wrong with it.
    outs().flush();
    error(toString(std::move(E)));
    return false;
  }
  return true;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  initializeTileASTarget();
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Time TileAS MIR on the td machine model\n");
  exitOnFatalMIRError("tileas-sim", InputFile);
  if (TripCount.getNumOccurrences()) {
    Expected<LoopTripCounts> Parsed = parseLoopTripCounts(TripCount);
    if (!Parsed) {
      std::string Msg = toString(Parsed.takeError());
      // Today's message for a count below 1.
      if (StringRef(Msg).contains("at least once"))
        return error("--trip-count must be at least 1: a loop runs at least "
                     "once");
      return error(Msg);
    }
    Trips = *Parsed;
  }
  if (JitterPercent > 100)
    return error("--jitter is a percentage of the latency, at most 100");
  if (!JitterTail.empty()) {
    auto [P, F] = StringRef(JitterTail).split(':');
    if (P.getAsInteger(10, TailPercent) || F.getAsInteger(10, TailFactor) ||
        TailPercent > 100 || TailFactor < 1)
      return error("--jitter-tail takes PERCENT:FACTOR, a percentage of at "
                   "most 100 and a factor of at least 1 (e.g. 5:3), not '" +
                   JitterTail + "'");
  }
  if (Error E = timing::checkName(TimingName))
    return error("--timing: " + toString(std::move(E)));
  Timing = timing::lookup(TimingName);

  if (!model::lookupMachineForCPU(MCPU))
    return error("--mcpu=" + MCPU + " is not a TileAS processor (" +
                 model::machineCPUList() + ")");
  Expected<std::unique_ptr<TargetMachine>> TM = createTileASTargetMachine(MCPU);
  if (!TM)
    return error(toString(TM.takeError()));
  LLVMContext Context;
  Expected<MIRFile> Input = readMIRFile(InputFile, Context, **TM);
  if (!Input)
    return error(toString(Input.takeError()));
  std::optional<MIRFile> Ref;
  if (!Reference.empty()) {
    Expected<MIRFile> R = readMIRFile(Reference, Context, **TM);
    if (!R)
      return error(toString(R.takeError()));
    Ref = std::move(*R);
  }
  std::map<std::string, std::vector<MaterializedLoop>> Remarks;
  if (!RemarksFile.empty()) {
    auto Loops = readMaterializedLoops(RemarksFile);
    if (!Loops)
      return error(toString(Loops.takeError()));
    Remarks = std::move(*Loops);
  }

  std::vector<MachineFunction *> Functions = Input->functions(FunctionNames);
  if (Functions.empty())
    return error("no function to simulate in " + InputFile);
  if (JSON && Functions.size() > 1)
    return error(formatv("{0} has {1} functions: --json prints one, choose "
                         "it with --function",
                         InputFile, Functions.size()));
  int Status = 0;
  for (MachineFunction *MF : Functions)
    if (!simulateFunction(*MF, Ref ? &*Ref : nullptr, Remarks))
      Status = 1;
  return Status;
}
