//===- MIRPrinter.h - Write a generated loop as a MIR file ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_LOOPGEN_MIRPRINTER_H
#define TILEAS_UTILS_LOOPGEN_MIRPRINTER_H

#include "LoopGenerator.h"

#include "llvm/Support/raw_ostream.h"

namespace tileas {
namespace loopgen {

/// Writes one MIR document: a header comment naming the options, then the
/// function with its preheader (bb.0), loop (bb.1) and exit (bb.2).
void printMIR(llvm::raw_ostream &OS, const GeneratedLoop &Loop,
              const LoopGenOptions &Opts);

} // namespace loopgen
} // namespace tileas

#endif // TILEAS_UTILS_LOOPGEN_MIRPRINTER_H
