//===- PassRun.h - Time one scheduling pass ---------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The measurement every scheduler that runs as a pass shares: parse the MIR
// file afresh, put the measured pass (ours made with its options, a peer by
// its registered name) between the two stamps of StampPass.h,
// run, and repeat as the policy says, keeping the median. The first sample
// is also the one whose results are read: hooks add the reading passes after
// the closing stamp (outside the measured time) and read the session once
// its run is over. A crash ends the repeats and is reported.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_PASSRUN_H
#define TILEAS_BENCH_PASSRUN_H

#include "Clock.h"
#include "MIRSession.h"
#include "StampPass.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <functional>

namespace llvm {
class TargetMachine;
}

namespace tileas {
namespace bench {

struct PassRunHooks {
  /// Adds passes after the closing stamp; First is true for the first
  /// sample only.
  std::function<void(MIRSession &, bool First)> AddAfter;
  /// Reads the session once its run is over (not called after a crash).
  std::function<void(MIRSession &, bool First)> AfterRun;
};

struct PassRunResult {
  TimingSample Time;
  /// The pipeline crashed (in the sample Time does not count).
  bool Crashed = false;
};

/// Adds the measured pass to a fresh session's pipeline (between the
/// stamps); an error when the pass cannot be made.
using AddMeasuredPass = std::function<llvm::Error(MIRSession &)>;

/// Runs the pass AddMeasured adds on fresh parses of Path under Policy. An
/// error only when the file cannot be parsed or the pass cannot be made.
llvm::Expected<PassRunResult>
runTimedPass(llvm::StringRef Path, llvm::TargetMachine &TM,
             const RepeatPolicy &Policy, MeasuredPass Which,
             const AddMeasuredPass &AddMeasured, const PassRunHooks &Hooks);

/// The same for the pass registered as PassName (as for llc -run-pass), as
/// its command-line options configure it: the peers'.
llvm::Expected<PassRunResult>
runTimedPass(llvm::StringRef Path, llvm::TargetMachine &TM,
             const RepeatPolicy &Policy, MeasuredPass Which,
             llvm::StringRef PassName, const PassRunHooks &Hooks);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_PASSRUN_H
