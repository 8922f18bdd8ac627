//===- PassRun.cpp - Time one scheduling pass on fresh parses of a file ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PassRun.h"

using namespace llvm;
using namespace tileas::bench;

Expected<PassRunResult>
tileas::bench::runTimedPass(StringRef Path, TargetMachine &TM,
                            const RepeatPolicy &Policy, MeasuredPass Which,
                            const AddMeasuredPass &AddMeasured,
                            const PassRunHooks &Hooks) {
  PassRunResult Result;
  std::string Failure; // Why the file or the pass could not be set up.
  bool First = true;
  Result.Time = measure(Policy, [&]() -> double {
    Expected<std::unique_ptr<MIRSession>> S = MIRSession::open(Path, TM);
    if (!S) {
      Failure = toString(S.takeError());
      return -1;
    }
    MIRSession &Session = **S;
    PassTimer Timer;
    Session.addPass(createOpeningStamp(Timer, Which));
    if (Error E = AddMeasured(Session)) {
      Failure = toString(std::move(E));
      return -1;
    }
    Session.addPass(createClosingStamp(Timer));
    bool WasFirst = First;
    First = false;
    if (Hooks.AddAfter)
      Hooks.AddAfter(Session, WasFirst);
    if (!Session.run()) {
      Result.Crashed = true;
      return -1;
    }
    if (Hooks.AfterRun)
      Hooks.AfterRun(Session, WasFirst);
    return Timer.TotalMs;
  });
  if (!Failure.empty())
    return createStringError(inconvertibleErrorCode(), Failure);
  return Result;
}

Expected<PassRunResult>
tileas::bench::runTimedPass(StringRef Path, TargetMachine &TM,
                            const RepeatPolicy &Policy, MeasuredPass Which,
                            StringRef PassName, const PassRunHooks &Hooks) {
  return runTimedPass(
      Path, TM, Policy, Which,
      [PassName](MIRSession &Session) {
        return Session.addPassByName(PassName);
      },
      Hooks);
}
