//===- SMSCollector.h - MachinePipeliner's annotations ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Under -pipeliner-annotate-for-testing, stock MachinePipeliner does not
// expand a loop it scheduled; it attaches to every instruction of the loop
// (PHIs included) a post-instruction symbol named "Stage-<s>_Cycle-<c>", the
// stage and the kernel cycle it chose. This pass, placed right after the
// pipeliner, reads those symbols before the machine module info (which owns
// the symbols) is finalized.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_SMSCOLLECTOR_H
#define TILEAS_BENCH_SMSCOLLECTOR_H

#include "MIRSession.h"
#include "PeerSchedule.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace llvm {
class MachineFunctionPass;
}

namespace tileas {
namespace bench {

/// Parses "Stage-<s>_Cycle-<c>" (the cycle may be negative).
std::optional<PeerPlacement> parseStageCycleSymbol(llvm::StringRef Name);

/// Collects, for each loop of Loops (same order), the placement of every
/// annotated instruction of its block into Out.
llvm::MachineFunctionPass *createSMSCollector(const std::vector<LoopRef> &Loops,
                                              std::vector<PeerPlacements> &Out);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_SMSCOLLECTOR_H
