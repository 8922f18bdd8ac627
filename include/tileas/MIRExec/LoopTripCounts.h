//===- LoopTripCounts.h - A trip count for each loop of a nest --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What --trip-count says to tileas-sim and tileas-protocol-check: either one
// number, the iterations of every coordinated loop (a loop with pipes or
// mutexes; loops around it run as their live-ins say), or a trip count per
// loop of a nest, by the name of the loop's header block:
//
//   --trip-count=16             every coordinated loop runs 16 iterations
//   --trip-count=tile=8,kloop=4 the loop headed by block 'tile' (its IR
//                               name: bb.1.tile) runs 8 iterations, each
//                               loop of block 'kloop' 4 per entry
//
// A loop's name is the IR name of its header block, which every copy of a
// pipelined loop keeps (prologue, kernel, epilogue and the original loop
// for short trip counts are all 'kloop'), or bb.N for the loop headed by
// block N (MIR without IR has no block names). In the second form every
// coordinated loop must be named, and every name must name a loop.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_LOOPTRIPCOUNTS_H
#define TILEAS_MIREXEC_LOOPTRIPCOUNTS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace llvm {
class MachineBasicBlock;
} // namespace llvm

namespace tileas {

struct LoopTripCounts {
  /// The one trip count of the first form.
  std::optional<int64_t> All;
  /// (loop name, trip count) of the second form, in the order given.
  std::vector<std::pair<std::string, int64_t>> ByLoop;

  /// The trip count of the loop headed by Header: All, or the entry that
  /// names it (by its IR name, or as bb.N); with the name that matched.
  std::optional<std::pair<std::string, int64_t>>
  lookup(const llvm::MachineBasicBlock &Header) const;
  /// Whether the trip counts are given per loop.
  bool perLoop() const { return !All; }
  /// As given: "16", "tile=8,kloop=4".
  std::string str() const;
};

/// Parses "N" or "name=N,name=N,..." (each N at least 1, each name once).
llvm::Expected<LoopTripCounts> parseLoopTripCounts(llvm::StringRef Text);

/// A loop's name: the IR name of its header block, or "" if it has none.
llvm::StringRef loopName(const llvm::MachineBasicBlock &Header);

} // namespace tileas

#endif // TILEAS_MIREXEC_LOOPTRIPCOUNTS_H
