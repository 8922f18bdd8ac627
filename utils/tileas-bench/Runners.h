//===- Runners.h - Each scheduler on the loops of one MIR file --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One function per scheduler. runOurs parses the file, creates a record per
// loop (in MIRSession::loops() order) with the loop's problem and bounds,
// and runs tileas-generate-schedule; the others fill their part of those
// records from their own fresh parses of the same file. Every schedule is
// judged by Judge.h. A scheduler that crashes or cannot be read is recorded
// as such; only a file that cannot be parsed is an error.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_RUNNERS_H
#define TILEAS_BENCH_RUNNERS_H

#include "BenchSettings.h"
#include "LoopRecord.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace llvm {
class TargetMachine;
}

namespace tileas {
namespace bench {

/// tileas-generate-schedule (oursPassOptions(S)) on Path: appends one record
/// per loop, named after the file (plus ".bbN" when the file has several
/// loops), with the given source label; also times the scheduling core
/// alone on each problem.
llvm::Error runOurs(llvm::StringRef Path, llvm::StringRef Source,
                    llvm::TargetMachine &TM, const BenchSettings &S,
                    std::vector<LoopRecord> &Records);

/// Stock MachinePipeliner (SMS) on the loops of Records (all from Path).
void runSMS(llvm::StringRef Path, llvm::TargetMachine &TM,
            const BenchSettings &S, llvm::MutableArrayRef<LoopRecord> Records);

/// Stock WindowScheduler on the loops of Records (all from Path).
void runWindow(llvm::StringRef Path, llvm::TargetMachine &TM,
               const BenchSettings &S,
               llvm::MutableArrayRef<LoopRecord> Records);

/// The exact solver on R's problem, its schedule judged into R.ExactCheck.
void runExactOn(LoopRecord &R, const BenchSettings &S);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_RUNNERS_H
