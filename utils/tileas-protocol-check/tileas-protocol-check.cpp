//===- tileas-protocol-check.cpp - Check materialized coordination --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs each function of a materialized TileAS MIR file for a list of trip
// counts and checks its PIPE_/MUTEX_ protocol under every interleaving of the
// issuing instruction streams (one, or one per agent of a warp-specialized
// function) and the asynchronous units (tileas::protocol). Reports any
// deadlock, read of an unfilled slot, overwrite of an unreleased slot (two
// sides inside a mutex, a ring still in use when the CTA exits), wrong phase
// (as the deadlock or race it causes), and pipe operation issued by the wrong
// agent, with the shortest witness, and any iteration that does not run
// exactly once; with the states searched (and --time, the seconds). A trip
// count is a number of iterations: the run sets each loop's bound (or start)
// so that the loop runs that often (TripCountPlan.h). A loop nest takes a
// trip count per loop, by the name of its header block (LoopTripCounts.h):
// each entry of the inner loop (each PIPE_CREATE run) counts its iterations
// from 0, and must run each of them once, the PIPE_CREATE once per
// iteration of the loops around it; an entry that writes an iteration twice
// reset its ring's phases without initializing its barriers again. An inner
// loop whose count varies per outer iteration (a grouped GEMM's loaded
// k-tile count) takes a list, one trip count per entry (kloop=3:5:2). Exit
// status 1 if any run fails or the input is bad.
//
//   tileas-protocol-check kernel.mir --trip-counts=1,2,3,16
//   tileas-protocol-check persistent.mir --trip-count=tile=3,kloop=2 \
//       --trip-count=tile=2,kloop=7
//   tileas-protocol-check grouped.mir --trip-count=tile=4,kloop=3:5:2:7
//
//===----------------------------------------------------------------------===//

#include "MIRProtocol.h"
#include "TileAS.h"
#include "tileas/MIRExec/LoopTripCounts.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/MIRExec/TripCountPlan.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"

#include <map>
#include <vector>

using namespace llvm;

namespace {

cl::OptionCategory Category("tileas-protocol-check options");

cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                               cl::desc("<materialized MIR file>"),
                               cl::cat(Category));
cl::list<std::string> FunctionNames("function", cl::CommaSeparated,
                                    cl::desc("Check only these functions"),
                                    cl::cat(Category));
cl::opt<std::string> MCPU(
    "mcpu",
    cl::desc("The processor the MIR was compiled for; its machine model "
             "(td TileASMachineModel) runs it: sm_100 and its relatives are "
             "Blackwell, sm_90a is Hopper"),
    cl::init("sm_100"), cl::cat(Category));
cl::list<int64_t> TripCounts(
    "trip-counts", cl::CommaSeparated,
    cl::desc("Iterations to run each loop for (default: 1,2,3,4,5,8,16); the "
             "run sets each loop's bound, or its start, to match"),
    cl::cat(Category));
cl::list<std::string> LoopTrips(
    "trip-count",
    cl::desc("A run's trip count: N for every loop, or name=N,... for each "
             "loop of a nest by its header block's IR name (e.g. "
             "tile=8,kloop=4), where N may be a list, one per entry of the "
             "loop (tile=4,kloop=3:5:2:7); may be given more than once, one "
             "run each"),
    cl::value_desc("N|loop=N[:N...],..."), cl::cat(Category));
cl::list<std::string> LiveInValues("live-in",
                                   cl::desc("Live-in values, as reg=value"),
                                   cl::cat(Category));
cl::opt<uint64_t>
    MaxStates("max-states",
              cl::desc("States the interleaving search may visit (about 45 "
                       "bytes each)"),
              cl::init(16000000), cl::cat(Category));
cl::opt<bool> Verbose("v", cl::desc("Print every result in full"),
                      cl::cat(Category));
cl::opt<bool> ShowTime("time",
                       cl::desc("Print the seconds each check took (not "
                                "deterministic: for measurements only)"),
                       cl::cat(Category));
cl::opt<bool>
    PartialOrder("partial-order",
                 cl::desc("Take enqueues alone where one is next (default "
                          "on; off explores every interleaving)"),
                 cl::init(true), cl::cat(Category));
cl::list<std::string> FlipWaitPhase(
    "flip-wait-phase",
    cl::desc("Seed a mistake: the consumer wait of pipe:iteration uses the "
             "wrong phase (to show that the checker catches it)"),
    cl::cat(Category));

int error(const Twine &Msg) {
  WithColor::error(errs(), "tileas-protocol-check") << Msg << "\n";
  return 1;
}

/// Seeds the mistake of --flip-wait-phase=Spec into P.
Error flipWaitPhase(tileas::protocol::Program &P, StringRef Spec) {
  auto [PipeText, IterText] = Spec.split(':');
  unsigned Pipe;
  int64_t Iter;
  if (PipeText.getAsInteger(0, Pipe) || IterText.getAsInteger(0, Iter))
    return createStringError(inconvertibleErrorCode(),
                             "bad --flip-wait-phase '" + Spec +
                                 "': expected pipe:iteration");
  for (tileas::protocol::Step &St : P.Trace) {
    if (St.A.Kind != tileas::protocol::ActionKind::ConsumerWait ||
        St.A.Id != Pipe || St.A.Iter != Iter)
      continue;
    unsigned Depth = 1;
    for (const tileas::protocol::PipeConfig &C : P.Pipes)
      if (C.Id == Pipe)
        Depth = C.Depth;
    unsigned Phase = (Iter / Depth) & 1;
    St.A = St.A.withOverride(Iter % Depth, Phase ^ 1);
    St.Where += " [phase flipped]";
    return Error::success();
  }
  return createStringError(inconvertibleErrorCode(),
                           "--flip-wait-phase: no wait of pipe " + PipeText +
                               " for iteration " + IterText);
}

/// Mutexes are modelled as pipes named "mutexN" (MIRProtocol.h); their
/// writes are the turns of their regions, not iterations.
bool isMutex(const tileas::protocol::Program &P, unsigned Id) {
  for (const tileas::protocol::PipeConfig &C : P.Pipes)
    if (C.Id == Id)
      return StringRef(C.Name).starts_with("mutex");
  return false;
}

/// How a pipe's entry is named in reports: "pipe 0", "pipe 0 (entry 2)".
std::string entryName(const tileas::MIRProtocolProgram &Built, unsigned Id) {
  auto It = Built.Entries.find(Id);
  if (It == Built.Entries.end() || !It->second.Entry)
    return formatv("pipe {0}", Id).str();
  return formatv("pipe {0} (entry {1})", It->second.Pipe, It->second.Entry)
      .str();
}

/// With a trip count per loop: how many times the iterations of Trips (the
/// trip count of the loop that writes the entry, found by the name of the
/// writing block) repeat in one entry of a pipe whose PIPE_CREATE is
/// outside loops around that block (a warp-specialized persistent kernel's
/// rings, created once before every agent's loop over tiles, count their
/// iterations across the tiles): Trips times the trip count of every loop
/// around the writing block that does not hold the PIPE_CREATE, but the
/// loop the writing block heads. When the writing loop was given a list
/// (List), the entry's iterations are the sum of the trip counts of the
/// writing loop's entries that fall in the pipe's entry EntryIndex.
/// Nothing if one has no count (or is itself a list).
std::optional<int64_t>
entryIterations(const MachineLoopInfo &MLI, const tileas::PipeEntryInfo &Entry,
                const tileas::LoopTripCounts &Counts, int64_t Trips,
                const std::vector<int64_t> *List, unsigned EntryIndex) {
  const MachineLoop *Around = MLI.getLoopFor(Entry.Loop);
  // The writing block may be the header of its own loop (a kernel, an
  // agent's k-loop) or straight-line code (a prologue, whose iterations
  // Trips already counts).
  if (Around && Around->getHeader() == Entry.Loop)
    Around = Around->getParentLoop();
  int64_t Repeats = 1;
  for (const MachineLoop *L = Around;
       L && !(Entry.CreatedIn && L->contains(Entry.CreatedIn));
       L = L->getParentLoop()) {
    auto Found = Counts.lookup(*L->getHeader());
    if (!Found || Counts.listOf(Found->first))
      return std::nullopt;
    Repeats *= Found->second;
  }
  if (!List)
    return Trips * Repeats;
  // The writing loop's entries EntryIndex * Repeats .. + Repeats - 1.
  uint64_t First = uint64_t(EntryIndex) * uint64_t(Repeats);
  if (First + Repeats > List->size())
    return std::nullopt;
  int64_t Sum = 0;
  for (uint64_t I = First; I < First + Repeats; ++I)
    Sum += (*List)[I];
  return Sum;
}

/// The loop must run every iteration exactly once: each entry of a pipe that
/// is written is written for iterations 0 .. T - 1, once each, T being the
/// trip count of the loop that writes it (times those of the loops around it
/// inside its PIPE_CREATE's: entryIterations). Prints each entry that is not
/// and returns false if there is one.
bool everyIterationOnce(MachineFunction &MF,
                        const tileas::MIRProtocolProgram &Built, StringRef Run,
                        const tileas::LoopTripCounts &Counts) {
  MachineDominatorTree MDT(MF);
  MachineLoopInfo MLI(MDT);
  const tileas::protocol::Program &P = Built.Program;
  std::map<unsigned, std::vector<int64_t>> Written;
  for (const tileas::protocol::Step &St : P.Trace)
    if (St.A.Kind == tileas::protocol::ActionKind::Write &&
        !StringRef(St.Where).contains(tileas::RetireMarker) &&
        !StringRef(St.Where).contains(tileas::FillMarker) &&
        !isMutex(P, St.A.Id))
      Written[St.A.Id].push_back(St.A.Iter);
  bool OK = true;
  for (auto &[Pipe, Iters] : Written) {
    auto It = Built.Entries.find(Pipe);
    const MachineBasicBlock *Loop =
        It != Built.Entries.end() ? It->second.Loop : nullptr;
    auto Found = Loop ? Counts.lookup(*Loop)
                 : Counts.All
                     ? std::optional(std::make_pair(std::string(), *Counts.All))
                     : std::nullopt;
    if (!Found) {
      OK = false;
      outs() << Run << ": " << entryName(Built, Pipe) << " is written in bb."
             << (Loop ? Loop->getNumber() : -1)
             << ", whose loop --trip-count gives no trip count\n";
      continue;
    }
    std::optional<int64_t> Trips = Found->second;
    if (Counts.perLoop() && It != Built.Entries.end() && Loop)
      if (std::optional<int64_t> Across =
              entryIterations(MLI, It->second, Counts, *Trips,
                              Counts.listOf(Found->first), It->second.Entry))
        Trips = Across;
    std::vector<int64_t> Expected;
    for (int64_t K = 0; K < *Trips; ++K)
      Expected.push_back(K);
    llvm::sort(Iters);
    if (Iters == Expected)
      continue;
    OK = false;
    outs() << Run << ": wrong iterations: " << entryName(Built, Pipe)
           << " is written " << Iters.size() << " times (iterations";
    for (int64_t K : Iters)
      outs() << ' ' << K;
    outs() << "), expected 0.." << *Trips - 1 << " once each\n";
  }
  return OK;
}

/// Per-loop trip counts: each PIPE_CREATE runs once per iteration of the
/// loops around it (an entry of its own loop each), when every one of them
/// has a trip count. Prints each pipe that does not and returns false if
/// there is one.
bool oneEntryPerOuterIteration(MachineFunction &MF,
                               const tileas::MIRProtocolProgram &Built,
                               StringRef Run,
                               const tileas::LoopTripCounts &Counts) {
  if (!Counts.perLoop())
    return true;
  MachineDominatorTree MDT(MF);
  MachineLoopInfo MLI(MDT);
  std::map<unsigned, std::pair<const MachineBasicBlock *, unsigned>> Created;
  for (const auto &[Proto, Entry] : Built.Entries) {
    auto &C = Created[Entry.Pipe];
    C.first = Entry.CreatedIn;
    ++C.second;
  }
  bool OK = true;
  for (const auto &[Pipe, C] : Created) {
    int64_t Expected = 1;
    std::string Around;
    bool Known = true;
    for (const MachineLoop *L = MLI.getLoopFor(C.first); L;
         L = L->getParentLoop()) {
      auto Trips = Counts.lookup(*L->getHeader());
      // A loop given a list enters what it holds a varying number of times.
      Known &= Trips.has_value() && !Counts.listOf(Trips->first);
      Expected *= Trips ? Trips->second : 1;
      Around += formatv("{0}bb.{1}", Around.empty() ? "" : ", ",
                        L->getHeader()->getNumber())
                    .str();
      if (Trips)
        Around += " ('" + Trips->first + "')";
    }
    if (!Known || int64_t(C.second) == Expected)
      continue;
    OK = false;
    outs() << Run << ": wrong entries: pipe " << Pipe << " is created "
           << C.second << " times, expected " << Expected
           << " (once per iteration of the loops around its PIPE_CREATE: "
           << (Around.empty() ? "none" : Around) << ")\n";
  }
  return OK;
}

/// Runs MF for the trip counts Counts and checks its protocol. Returns false
/// if the run or the check fails (after saying why).
bool checkRun(MachineFunction &MF,
              ArrayRef<std::pair<MCRegister, int64_t>> LiveIns,
              const tileas::LoopTripCounts &Counts) {
  std::string Run =
      formatv("{0} trip count {1}", MF.getName(), Counts.str()).str();
  Expected<tileas::TripCountPlan> Plan = tileas::planTripCount(MF, Counts);
  if (!Plan) {
    errs() << Run << ": " << toString(Plan.takeError()) << "\n";
    return false;
  }
  tileas::MIRProtocolOptions Opts;
  Opts.LiveIns = LiveIns;
  Opts.Overrides = Plan->Overrides;
  Expected<tileas::MIRProtocolProgram> Built =
      tileas::buildProtocolProgram(MF, Opts);
  if (!Built) {
    errs() << Run << ": " << toString(Built.takeError()) << "\n";
    return false;
  }
  for (const std::string &W : Built->WrongAgents)
    outs() << Run << ": wrong agent: " << W << "\n";
  tileas::protocol::Program *P = &Built->Program;
  for (StringRef Spec : FlipWaitPhase)
    if (Error E = flipWaitPhase(*P, Spec)) {
      errs() << Run << ": " << toString(std::move(E)) << "\n";
      return false;
    }
  for (const std::string &Reset : Built->PhaseResets)
    outs() << Run << ": ring phase reset: " << Reset << "\n";
  if (!Built->PhaseResets.empty())
    return false;
  bool Iterations = everyIterationOnce(MF, *Built, Run, Counts);
  if (!oneEntryPerOuterIteration(MF, *Built, Run, Counts) || !Iterations)
    return false;

  tileas::protocol::CheckOptions CO;
  CO.MaxStates = MaxStates;
  CO.PartialOrder = PartialOrder;
  tileas::protocol::CheckResult R = tileas::protocol::checkProtocol(*P, CO);
  unsigned Mutexes =
      llvm::count_if(P->Pipes, [&](const tileas::protocol::PipeConfig &C) {
        return isMutex(*P, C.Id);
      });
  outs() << Run << ": " << tileas::protocol::toString(R.S) << " ("
         << P->Trace.size() << " steps, " << P->Pipes.size() - Mutexes
         << " pipes, " << Mutexes << " mutexes, ";
  if (!P->Issuers.empty())
    outs() << P->Issuers.size() - 2 << " agents, ";
  outs() << R.States << " states";
  if (ShowTime)
    outs() << formatv(", {0:f2} s", R.Seconds);
  if (!Plan->Description.empty())
    outs() << ", with " << Plan->Description;
  outs() << ")\n";
  if (!R.ok() || Verbose)
    tileas::protocol::printResult(outs(), R);
  return R.ok() && Built->WrongAgents.empty();
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  initializeTileASTarget();
  cl::HideUnrelatedOptions(Category);
  cl::ParseCommandLineOptions(argc, argv,
                              "Check the coordination of materialized loops\n");
  std::vector<tileas::LoopTripCounts> Runs;
  for (int64_t T : TripCounts) {
    tileas::LoopTripCounts Counts;
    Counts.All = T;
    Runs.push_back(Counts);
  }
  for (StringRef Spec : LoopTrips) {
    Expected<tileas::LoopTripCounts> Counts = tileas::parseLoopTripCounts(Spec);
    if (!Counts)
      return error(toString(Counts.takeError()));
    Runs.push_back(*Counts);
  }
  if (Runs.empty())
    for (int64_t T : {1, 2, 3, 4, 5, 8, 16}) {
      tileas::LoopTripCounts Counts;
      Counts.All = T;
      Runs.push_back(Counts);
    }
  tileas::exitOnFatalMIRError("tileas-protocol-check", InputFile);

  if (!tileas::model::lookupMachineForCPU(MCPU))
    return error("--mcpu=" + MCPU + " is not a TileAS processor (" +
                 tileas::model::machineCPUList() + ")");
  Expected<std::unique_ptr<TargetMachine>> TM =
      tileas::createTileASTargetMachine(MCPU);
  if (!TM)
    return error(toString(TM.takeError()));
  LLVMContext Context;
  Expected<tileas::MIRFile> Input =
      tileas::readMIRFile(InputFile, Context, **TM);
  if (!Input)
    return error(toString(Input.takeError()));

  int Status = 0;
  unsigned Checked = 0;
  for (MachineFunction *MF : Input->functions(FunctionNames)) {
    Expected<std::vector<std::pair<MCRegister, int64_t>>> LiveIns =
        tileas::parseLiveIns(*MF->getSubtarget().getRegisterInfo(),
                             LiveInValues);
    if (!LiveIns)
      return error(toString(LiveIns.takeError()));
    ++Checked;
    for (const tileas::LoopTripCounts &Counts : Runs)
      if (!checkRun(*MF, *LiveIns, Counts))
        Status = 1;
  }
  if (!Checked)
    return error("no function to check in " + InputFile);
  return Status;
}
