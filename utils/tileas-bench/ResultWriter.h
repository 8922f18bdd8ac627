//===- ResultWriter.h - The benchmark's CSV and JSON files ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Three files that bench/report.py turns into results.md and the figures:
//
//  * results.csv: one row per MIR loop. The first columns are fixed:
//      loop,ops,mii,ours_ii,ours_verified,sms_ii,sms_legal,window_ii,
//      window_legal,exact_ii,ours_ms,sms_ms
//    then more detail (source, the four bounds, stages, MaxLive, statuses,
//    the exact solver's status and bound), and last each peer's verdict
//    (legal, illegal, tileas-only or harness: PeerVerdict.h). A field is
//    empty where a scheduler gave no schedule; times are medians in
//    milliseconds.
//  * machsuite.csv: one row per MachSuite graph, ours against the exact
//    solver.
//  * bench.json: the host, the settings and every option the peers ran
//    under, each loop's outcomes with the schedulers' own explanations (for
//    a peer, its verdict and its violations grouped by class and reason),
//    and for corpus loops our kernel's reservation table.
//
// Everything but times, the date and the load is a function of the inputs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_RESULTWRITER_H
#define TILEAS_BENCH_RESULTWRITER_H

#include "BenchSettings.h"
#include "HostInfo.h"
#include "LoopRecord.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/raw_ostream.h"

namespace tileas {
namespace bench {

void writeLoopsCSV(llvm::raw_ostream &OS, llvm::ArrayRef<LoopRecord> Loops);

void writeMachSuiteCSV(llvm::raw_ostream &OS, llvm::ArrayRef<LoopRecord> Loops);

void writeDetailsJSON(llvm::raw_ostream &OS, const HostInfo &Host,
                      const BenchSettings &S, llvm::ArrayRef<LoopRecord> Loops,
                      llvm::ArrayRef<LoopRecord> MachSuite);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_RESULTWRITER_H
