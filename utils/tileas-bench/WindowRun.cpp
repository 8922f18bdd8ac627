//===- WindowRun.cpp - Stock WindowScheduler on the loops of a file -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The stock pass under -window-sched=force is what is timed and what the
// machine verifier checks. It reports no schedule, so a second, untimed run
// replays the same class through WindowProbe, which records the II and the
// placements it expands; the replay counts only if its output is the stock
// pass's output, byte for byte.
//
//===----------------------------------------------------------------------===//

#include "InspectPass.h"
#include "Judge.h"
#include "LoopProblems.h"
#include "MachineCheck.h"
#include "PassRun.h"
#include "Runners.h"
#include "WindowProbe.h"

#include "Pipeliner/TileASLoopProblem.h"

#include "llvm/CodeGen/MachineFunction.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

/// Turns what the probe saw on one loop into R's outcome; Told is what the
/// loop told WindowScheduler (it may pipeline the exit test).
static void readCapture(LoopRecord &R, const WindowCapture &C,
                        const TileASLoopProblem *LP, const PeerContext &Told,
                        const MachineCheckResult &Stock) {
  if (!C.Expanded) {
    R.Window.Status = C.Initialized ? "no-schedule" : "refused";
    R.Window.Note = C.Refusal;
    return;
  }
  if (!C.HasSchedule || !LP) {
    R.Window.Status = "error";
    R.Window.II = C.BestII;
    R.Window.Note = C.ScheduleError;
    return;
  }
  judgePeerSchedule(LP->Problem, C.Sched, Told, R.Window);
  R.Window.MachineVerifier = Stock.Verified ? "passed" : "failed";
  if (!Stock.Verified)
    R.Window.Note = "machine verifier: " + Stock.firstComplaint();
}

/// The untimed replay through WindowProbe; fills the records' outcomes.
static void replay(StringRef Path, TargetMachine &TM,
                   MutableArrayRef<LoopRecord> Records,
                   const MachineCheckResult &Stock) {
  auto Fail = [&](StringRef Status, const Twine &Why) {
    for (LoopRecord &R : Records) {
      R.Window.Status = Status.str();
      R.Window.Note = Why.str();
    }
  };
  Expected<std::unique_ptr<MIRSession>> Session = MIRSession::open(Path, TM);
  if (!Session)
    return Fail("error", toString(Session.takeError()));
  const std::vector<LoopRef> &Loops = (*Session)->loops();
  LoopProblems Problems(Loops);
  std::vector<WindowCapture> Captures;
  MachineCheckResult Replayed;
  // The problems are built before the probe changes the loop.
  (*Session)->addPass(
      createInspectPass([&](MachineFunction &MF) { Problems.build(MF); }));
  (*Session)->addPass(createWindowProbe(Loops, Problems.all(), Captures));
  (*Session)->addPass(createMachineCheck(Replayed));
  if (!(*Session)->run())
    return Fail("crashed", "WindowScheduler crashed (in the replay; the "
                           "stock run did not)");
  if (Replayed.MIRText != Stock.MIRText)
    return Fail("error", "the replay's output differs from the stock pass's; "
                         "its schedule is not counted");
  for (unsigned K = 0; K < Loops.size() && K < Records.size(); ++K)
    readCapture(Records[K], Captures[K], Problems.get(K), Problems.context(K),
                Stock);
}

void tileas::bench::runWindow(StringRef Path, TargetMachine &TM,
                              const BenchSettings &S,
                              MutableArrayRef<LoopRecord> Records) {
  auto Fail = [&](StringRef Status, const Twine &Why) {
    for (LoopRecord &R : Records) {
      R.Window.Status = Status.str();
      R.Window.Note = Why.str();
    }
  };
  if (Error E = applyOptions(windowOptions(S)))
    return Fail("error", toString(std::move(E)));
  MachineCheckResult Stock;
  PassRunHooks Hooks;
  Hooks.AddAfter = [&](MIRSession &Session, bool First) {
    if (First)
      Session.addPass(createMachineCheck(Stock));
  };
  Expected<PassRunResult> Run = runTimedPass(
      Path, TM, S.Repeats, MeasuredPass::MachinePipeliner, "pipeliner", Hooks);
  if (!Run)
    return Fail("error", toString(Run.takeError()));
  if (Run->Crashed && !Stock.Ran)
    return Fail("crashed", "WindowScheduler crashed");
  for (LoopRecord &R : Records)
    R.Window.Time = Run->Time;
  replay(Path, TM, Records, Stock);
}
