//===- OursRun.cpp - tileas-generate-schedule on the loops of a file ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Our pass, built with the options of the settings (oursPassOptions: what
// llc's pass does given the same options), timed between the stamps; then
// the scheduling core alone on the same problems, with the same limits (what
// the pass spends outside the core is building the problem and the
// remarks).
//
//===----------------------------------------------------------------------===//

#include "Judge.h"
#include "LoopProblems.h"
#include "OursCollector.h"
#include "PassRun.h"
#include "Runners.h"

#include "Pipeliner/TileASGenerateSchedule.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/Path.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

/// The pass's name in its remarks.
static constexpr StringLiteral OurPass = "tileas-generate-schedule";

static std::string loopName(StringRef Path, unsigned Count, int Block) {
  std::string Name = sys::path::stem(Path).str();
  if (Count > 1)
    Name += ".bb" + std::to_string(Block);
  return Name;
}

/// Fills R from the problem built for its loop and the schedule the pass
/// recorded for it (null: none).
static void recordOurs(LoopRecord &R, const TileASLoopProblem *LP,
                       const std::string &Why, const TileASLoopSchedule *S) {
  if (!LP) {
    R.Ours.Status = "refused";
    R.Ours.Note = Why;
    return;
  }
  R.HasProblem = true;
  R.Prob = LP->Problem;
  R.Bounds = computeBounds(R.Prob, SchedulerOptions());
  if (!S) {
    R.Ours.Status = "no-schedule"; // The remark gives the reason.
    return;
  }
  Expected<Schedule> Sched = scheduleFromRecord(*LP, *S);
  if (!Sched) {
    R.Ours.Status = "error";
    R.Ours.Note = toString(Sched.takeError());
    return;
  }
  judgeSchedule(R.Prob, std::move(*Sched), R.Ours);
}

Error tileas::bench::runOurs(StringRef Path, StringRef Source,
                             TargetMachine &TM, const BenchSettings &S,
                             std::vector<LoopRecord> &Records) {
  const TileASGenerateScheduleOptions PassOpts = oursPassOptions(S);
  const SchedulerOptions CoreOpts = oursCoreOptions(S);
  std::vector<LoopRecord> New;
  std::unique_ptr<LoopProblems> Problems;
  PassRunHooks Hooks;
  Hooks.AddAfter = [&](MIRSession &Session, bool First) {
    if (!First)
      return;
    const std::vector<LoopRef> &Loops = Session.loops();
    Problems = std::make_unique<LoopProblems>(Loops);
    New.assign(Loops.size(), LoopRecord());
    for (unsigned K = 0; K < Loops.size(); ++K) {
      LoopRecord &R = New[K];
      R.Block = Loops[K].MBB->getNumber();
      R.Name = loopName(Path, Loops.size(), R.Block);
      R.Source = Source.str();
      R.Path = Path.str();
      R.Function = Loops[K].MF->getName().str();
    }
    // The pass outlives this function: capture the loops by address.
    Session.addPass(createOursCollector(
        [&, LoopsP = &Loops](MachineFunction &MF,
                             const TileASScheduleAnalysis &A) {
          Problems->build(MF);
          for (unsigned K = 0; K < LoopsP->size(); ++K)
            if ((*LoopsP)[K].MF == &MF)
              recordOurs(New[K], Problems->get(K), Problems->error(K),
                         A.lookup((*LoopsP)[K].MBB));
        }));
  };
  Hooks.AfterRun = [&](MIRSession &Session, bool First) {
    if (!First)
      return;
    for (LoopRecord &R : New)
      if (R.Ours.Status == "no-schedule")
        if (const RemarkRecord *Why =
                Session.remarks().last(OurPass, R.Function, R.Block))
          R.Ours.Note = Why->Message;
  };
  Expected<PassRunResult> Run = runTimedPass(
      Path, TM, S.Repeats, MeasuredPass::TileASGenerateSchedule,
      [&](MIRSession &Session) {
        Session.addPass(createTileASGenerateSchedulePass(PassOpts));
        return Error::success();
      },
      Hooks);
  if (!Run)
    return Run.takeError();
  if (New.empty())
    return createStringError(inconvertibleErrorCode(),
                             Path + ": no single-block loop to schedule");
  for (LoopRecord &R : New) {
    R.Ours.Time = Run->Time;
    if (Run->Crashed && !R.Ours.HasSchedule) {
      R.Ours.Status = "crashed";
      R.Ours.Note = "tileas-generate-schedule crashed";
    }
    if (!R.HasProblem)
      continue;
    R.OursCore = measure(S.Repeats, [&] {
      double Start = nowMs();
      ScheduleResult Result = scheduleLoop(R.Prob, CoreOpts);
      double Ms = nowMs() - Start;
      return Result.Success == R.Ours.HasSchedule ? Ms : -1.0;
    });
  }
  for (LoopRecord &R : New)
    Records.push_back(std::move(R));
  return Error::success();
}
