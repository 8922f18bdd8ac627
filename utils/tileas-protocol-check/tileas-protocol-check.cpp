//===- tileas-protocol-check.cpp - Check materialized coordination --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs each function of a materialized TileAS MIR file for a list of trip
// counts and checks its PIPE_/MUTEX_ protocol under every interleaving of the
// issuing thread and the asynchronous units (tileas::protocol). Reports any
// deadlock, read of an unfilled slot or overwrite of an unreleased slot, with
// a witness. Exit status 1 if any run fails or the input is bad.
//
//   tileas-protocol-check kernel.mir --trip-count-reg=r0 --trip-counts=1,2,3,16
//
//===----------------------------------------------------------------------===//

#include "MIRProtocol.h"
#include "TileAS.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include <map>
#include <vector>

using namespace llvm;

static cl::opt<std::string> InputFile(cl::Positional, cl::Required,
                                      cl::desc("<materialized MIR file>"));
static cl::opt<std::string> FunctionName("function",
                                         cl::desc("Check only this function"));
static cl::opt<std::string>
    TripCountReg("trip-count-reg",
                 cl::desc("Live-in register that holds the trip count "
                          "(e.g. r0)"),
                 cl::init("r0"));
static cl::list<int64_t>
    TripCounts("trip-counts", cl::CommaSeparated,
               cl::desc("Trip counts to run (default: 1,2,3,4,5,8,16)"));
static cl::list<std::string>
    LiveInValues("live-in", cl::desc("Other live-in values, as reg=value"));
static cl::opt<uint64_t>
    MaxStates("max-states",
              cl::desc("States the interleaving search may visit"),
              cl::init(4000000));
static cl::opt<bool> Verbose("v", cl::desc("Print every result in full"));
static cl::list<std::string> FlipWaitPhase(
    "flip-wait-phase",
    cl::desc("Seed a mistake: the consumer wait of pipe:iteration uses the "
             "wrong phase (to show that the checker catches it)"));

static int error(const Twine &Msg) {
  WithColor::error(errs(), "tileas-protocol-check") << Msg << "\n";
  return 1;
}

static std::optional<MCRegister> findRegister(const TargetRegisterInfo &TRI,
                                              StringRef Name) {
  for (unsigned R = 1, E = TRI.getNumRegs(); R != E; ++R)
    if (Name.equals_insensitive(TRI.getName(R)))
      return MCRegister(R);
  return std::nullopt;
}

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  initializeTileASTarget();
  cl::ParseCommandLineOptions(argc, argv,
                              "Check the coordination of materialized loops\n");
  if (TripCounts.empty())
    for (int64_t T : {1, 2, 3, 4, 5, 8, 16})
      TripCounts.push_back(T);

  LLVMContext Context;
  SMDiagnostic Diag;
  std::unique_ptr<MIRParser> Parser =
      createMIRParserFromFile(InputFile, Diag, Context);
  if (!Parser) {
    Diag.print("tileas-protocol-check", errs());
    return 1;
  }
  std::string Err;
  Triple TT("tileas");
  const Target *T = TargetRegistry::lookupTarget(TT, Err);
  if (!T)
    return error(Err);
  std::unique_ptr<TargetMachine> TM(
      T->createTargetMachine(TT, "sm_100", "", TargetOptions(), std::nullopt));
  std::unique_ptr<Module> M = Parser->parseIRModule([&](StringRef, StringRef) {
    return TM->createDataLayout().getStringRepresentation();
  });
  if (!M)
    return error("cannot read the IR part of " + InputFile);
  M->setTargetTriple(TT);
  MachineModuleInfo MMI(TM.get());
  if (Parser->parseMachineFunctions(*M, MMI))
    return 1;

  int Status = 0;
  unsigned Checked = 0;
  for (Function &F : *M) {
    if (!FunctionName.empty() && F.getName() != FunctionName)
      continue;
    MachineFunction *MF = MMI.getMachineFunction(F);
    if (!MF)
      continue;
    const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
    std::vector<std::pair<MCRegister, int64_t>> LiveIns;
    for (StringRef Spec : LiveInValues) {
      auto [Name, Val] = Spec.split('=');
      int64_t V;
      std::optional<MCRegister> R = findRegister(TRI, Name);
      if (!R || Val.getAsInteger(0, V))
        return error("bad --live-in '" + Spec + "': expected reg=value");
      LiveIns.push_back({*R, V});
    }
    std::optional<MCRegister> TripReg = findRegister(TRI, TripCountReg);
    if (!TripReg)
      return error("unknown register '" + TripCountReg + "'");
    LiveIns.push_back({*TripReg, 0});
    for (int64_t Trips : TripCounts) {
      LiveIns.back().second = Trips;
      tileas::MIRProtocolOptions Opts;
      Opts.LiveIns = LiveIns;
      Expected<tileas::protocol::Program> P =
          tileas::buildProtocolProgram(*MF, Opts);
      if (!P) {
        Status = 1;
        errs() << F.getName() << " trip count " << Trips << ": "
               << toString(P.takeError()) << "\n";
        continue;
      }
      for (StringRef Spec : FlipWaitPhase) {
        auto [PipeText, IterText] = Spec.split(':');
        unsigned Pipe;
        int64_t Iter;
        if (PipeText.getAsInteger(0, Pipe) || IterText.getAsInteger(0, Iter))
          return error("bad --flip-wait-phase '" + Spec +
                       "': expected pipe:iteration");
        bool Found = false;
        for (tileas::protocol::Step &St : P->Trace)
          if (St.A.Kind == tileas::protocol::ActionKind::ConsumerWait &&
              St.A.Id == Pipe && St.A.Iter == Iter && !Found) {
            unsigned Depth = 1;
            for (const tileas::protocol::PipeConfig &C : P->Pipes)
              if (C.Id == Pipe)
                Depth = C.Depth;
            unsigned Phase = (Iter / Depth) & 1;
            St.A = St.A.withOverride(Iter % Depth, Phase ^ 1);
            St.Where += " [phase flipped]";
            Found = true;
          }
        if (!Found)
          return error("--flip-wait-phase: no wait of pipe " + PipeText +
                       " for iteration " + IterText);
      }
      // The loop must run every iteration exactly once: each pipe that is
      // written is written for iterations 0 .. Trips - 1, once each.
      std::map<unsigned, std::vector<int64_t>> Written;
      for (const tileas::protocol::Step &St : P->Trace)
        if (St.A.Kind == tileas::protocol::ActionKind::Write &&
            !StringRef(St.Where).contains(tileas::RetireMarker))
          Written[St.A.Id].push_back(St.A.Iter);
      bool CountsOK = true;
      for (auto &[Pipe, Iters] : Written) {
        std::vector<int64_t> Expected;
        for (int64_t K = 0; K < Trips; ++K)
          Expected.push_back(K);
        llvm::sort(Iters);
        if (Iters != Expected) {
          CountsOK = false;
          outs() << F.getName() << " trip count " << Trips
                 << ": wrong iterations: pipe " << Pipe << " is written "
                 << Iters.size() << " times (iterations";
          for (int64_t K : Iters)
            outs() << ' ' << K;
          outs() << "), expected 0.." << Trips - 1 << " once each\n";
        }
      }
      if (!CountsOK) {
        Status = 1;
        continue;
      }
      tileas::protocol::CheckOptions CO;
      CO.MaxStates = MaxStates;
      tileas::protocol::CheckResult R = tileas::protocol::checkProtocol(*P, CO);
      ++Checked;
      unsigned Mutexes =
          llvm::count_if(P->Pipes, [](const tileas::protocol::PipeConfig &C) {
            return StringRef(C.Name).starts_with("mutex");
          });
      outs() << F.getName() << " trip count " << Trips << ": "
             << tileas::protocol::toString(R.S) << " (" << P->Trace.size()
             << " steps, " << P->Pipes.size() - Mutexes << " pipes, " << Mutexes
             << " mutexes, " << R.States << " states)\n";
      if (!R.ok()) {
        Status = 1;
        tileas::protocol::printResult(outs(), R);
      } else if (Verbose) {
        tileas::protocol::printResult(outs(), R);
      }
    }
  }
  if (!Checked && !Status)
    return error("no function to check in " + InputFile);
  return Status;
}
