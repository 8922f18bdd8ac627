//===- MachSuiteBench.h - Ours against the optimum on MachSuite -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The HatScheT MachSuite loops (../shared/corpora/hatschet-machsuite) are
// dependence graphs, not MIR: no peer pass can run on them. Here the
// scheduling core runs on each graph (modulo generator forced: HatScheT
// operations are synchronous, and the selection rule would otherwise pick
// the one-stage serial generator) and the exact solver gives the optimum
// to compare with.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_MACHSUITEBENCH_H
#define TILEAS_BENCH_MACHSUITEBENCH_H

#include "BenchSettings.h"
#include "LoopRecord.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace tileas {
namespace bench {

/// Appends a record (source "machsuite", named "<kernel>/<graph>") per
/// .graphml file under Dir, in natural order. An error when Dir holds none
/// or a graph cannot be read.
llvm::Error benchMachSuite(llvm::StringRef Dir, const BenchSettings &S,
                           std::vector<LoopRecord> &Records,
                           llvm::raw_ostream &Progress);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_MACHSUITEBENCH_H
