//===- MIRLoopBench.h - Every scheduler on every loop -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The side-by-side run on MIR loops: for each file, our pass first (it
// defines the loops and their problems), then the exact solver on those
// problems, then stock MachinePipeliner and WindowScheduler on fresh parses
// of the same file, all in this process. A progress line per loop goes to
// the given stream.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_MIRLOOPBENCH_H
#define TILEAS_BENCH_MIRLOOPBENCH_H

#include "BenchSettings.h"
#include "LoopRecord.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace llvm {
class TargetMachine;
}

namespace tileas {
namespace bench {

/// Appends a record per loop of each file (labelled Source) to Records. An
/// error when a file cannot be read or has no loop.
llvm::Error benchMIRFiles(llvm::ArrayRef<std::string> Files,
                          llvm::StringRef Source, llvm::TargetMachine &TM,
                          const BenchSettings &S,
                          std::vector<LoopRecord> &Records,
                          llvm::raw_ostream &Progress);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_MIRLOOPBENCH_H
