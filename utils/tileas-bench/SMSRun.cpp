//===- SMSRun.cpp - Stock MachinePipeliner on the loops of a file ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Timed runs use -pipeliner-annotate-for-testing: the pass does all of its
// scheduling work (DAG, MII, node order, II search) and then, instead of
// expanding, writes each instruction's stage and cycle into a symbol, which
// SMSCollector reads; the II comes from the pass's own remark. The schedule
// is judged on the TileAS problem of the same parse. One more untimed run
// lets the pass expand the loop, and LLVM's machine verifier checks the
// result.
//
//===----------------------------------------------------------------------===//

#include "InspectPass.h"
#include "Judge.h"
#include "LoopProblems.h"
#include "MachineCheck.h"
#include "PassRun.h"
#include "Runners.h"
#include "SMSCollector.h"

#include "Pipeliner/TileASLoopProblem.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

static constexpr StringLiteral Pipeliner = "pipeliner";

/// The II of the last "Schedule found" remark about R's loop.
static std::optional<unsigned> remarkedII(const RemarkLog &Log,
                                          const LoopRecord &R) {
  std::optional<unsigned> II;
  for (const RemarkRecord *Rec : Log.ofPass(Pipeliner))
    if (Rec->Function == R.Function && Rec->Block == R.Block)
      if (std::optional<unsigned> V = Rec->unsignedArg("II"))
        II = V;
  return II;
}

/// Judges the placements SMS annotated on R's loop (none: no schedule); C
/// is what the loop told SMS.
static void readSchedule(LoopRecord &R, const TileASLoopProblem *LP,
                         PeerContext C, const PeerPlacements &Placements,
                         const RemarkLog &Log) {
  if (Placements.empty())
    return;
  std::optional<unsigned> II = remarkedII(Log, R);
  R.SMS.Status = "error";
  if (!II) {
    R.SMS.Note = "annotated placements but no remark giving the II";
    return;
  }
  R.SMS.II = *II;
  if (!LP) {
    R.SMS.Note = "no TileAS problem to judge the schedule on";
    return;
  }
  Expected<Schedule> S = buildPeerSchedule(*LP, Placements, *II);
  if (!S) {
    R.SMS.Note = toString(S.takeError());
    return;
  }
  // smsOptions asks SMS to leave the exit test to the loop control.
  C.ExitTestIgnored = true;
  judgePeerSchedule(LP->Problem, std::move(*S), C, R.SMS);
}

/// Lets the pass expand the loops it scheduled and runs the machine verifier
/// on the result.
static void checkExpansion(StringRef Path, TargetMachine &TM,
                           const BenchSettings &S,
                           MutableArrayRef<LoopRecord> Records) {
  if (llvm::none_of(Records,
                    [](const LoopRecord &R) { return R.SMS.HasSchedule; }))
    return;
  auto Mark = [&](StringRef Verdict, const Twine &Why) {
    for (LoopRecord &R : Records)
      if (R.SMS.HasSchedule) {
        R.SMS.MachineVerifier = Verdict.str();
        R.SMS.Note = Why.str();
      }
  };
  if (Error E = applyOptions(smsOptions(S, /*Annotate=*/false, Records)))
    return Mark("", "expansion not checked: " + toString(std::move(E)));
  Expected<std::unique_ptr<MIRSession>> Session = MIRSession::open(Path, TM);
  if (!Session)
    return Mark("", "expansion not checked: " + toString(Session.takeError()));
  if (Error E = (*Session)->addPassByName(Pipeliner))
    return Mark("", "expansion not checked: " + toString(std::move(E)));
  MachineCheckResult Check;
  (*Session)->addPass(createMachineCheck(Check));
  if (!(*Session)->run())
    return Mark("crashed", "the pipeliner crashed while expanding");
  for (LoopRecord &R : Records) {
    if (!R.SMS.HasSchedule)
      continue;
    R.SMS.MachineVerifier = Check.Verified ? "passed" : "failed";
    if (!Check.Verified)
      R.SMS.Note = "machine verifier: " + Check.firstComplaint();
    std::optional<unsigned> II = remarkedII((*Session)->remarks(), R);
    if (II != R.SMS.II)
      R.SMS.Note += formatv("{0}when expanding, the pass chose II {1}",
                            R.SMS.Note.empty() ? "" : "; ",
                            II ? std::to_string(*II) : "none")
                        .str();
  }
}

void tileas::bench::runSMS(StringRef Path, TargetMachine &TM,
                           const BenchSettings &S,
                           MutableArrayRef<LoopRecord> Records) {
  auto Fail = [&](StringRef Status, const Twine &Why) {
    for (LoopRecord &R : Records) {
      R.SMS.Status = Status.str();
      R.SMS.Note = Why.str();
    }
  };
  if (Error E = applyOptions(smsOptions(S, /*Annotate=*/true, Records)))
    return Fail("error", toString(std::move(E)));
  for (LoopRecord &R : Records)
    R.SMSSearchRange = smsSearchRange(S, Records);
  std::unique_ptr<LoopProblems> Problems;
  std::vector<PeerPlacements> Placements;
  PassRunHooks Hooks;
  Hooks.AddAfter = [&](MIRSession &Session, bool First) {
    if (!First)
      return;
    const std::vector<LoopRef> &Loops = Session.loops();
    Problems = std::make_unique<LoopProblems>(Loops);
    Session.addPass(createSMSCollector(Loops, Placements));
    // The pass outlives this function: capture the session's parts by
    // address, not the references naming them here.
    Session.addPass(createInspectPass(
        [&, LoopsP = &Loops, Log = &Session.remarks()](MachineFunction &MF) {
          Problems->build(MF);
          for (unsigned K = 0; K < LoopsP->size() && K < Records.size(); ++K)
            if ((*LoopsP)[K].MF == &MF)
              readSchedule(Records[K], Problems->get(K), Problems->context(K),
                           Placements[K], *Log);
        }));
  };
  Hooks.AfterRun = [&](MIRSession &Session, bool First) {
    if (!First)
      return;
    for (LoopRecord &R : Records) {
      if (R.SMS.Status != "not-run")
        continue;
      R.SMS.Status = "no-schedule";
      if (const RemarkRecord *Why =
              Session.remarks().last(Pipeliner, R.Function, R.Block))
        R.SMS.Note = Why->Message;
      else
        R.SMS.Note = "the pipeliner said nothing about this loop";
    }
  };
  Expected<PassRunResult> Run = runTimedPass(
      Path, TM, S.Repeats, MeasuredPass::MachinePipeliner, Pipeliner, Hooks);
  if (!Run)
    return Fail("error", toString(Run.takeError()));
  for (LoopRecord &R : Records) {
    R.SMS.Time = Run->Time;
    if (Run->Crashed && !R.SMS.HasSchedule) {
      R.SMS.Status = "crashed";
      R.SMS.Note = "the pipeliner crashed";
    }
  }
  checkExpansion(Path, TM, S, Records);
}
