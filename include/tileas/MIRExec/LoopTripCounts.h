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
//   --trip-count=tile=4,kloop=3:5:2:7
//                               a list: 'kloop' runs 3 iterations on its
//                               first entry, 5 on its second, ... (a
//                               grouped GEMM's k-tile count, loaded per
//                               tile)
//
// A list (counts separated by ':') gives a loop one trip count per entry, in
// the order the loops around it enter it; it must have exactly as many as
// those loops enter it (the product of their trip counts: tile=4 enters
// 'kloop' 4 times), which the run checks (TripCountPlan.h), and the loop's
// bound must be computed once per entry, in the loop around it.
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
  /// (loop name, trip count) of the second form, in the order given; for a
  /// loop given a list, its first trip count.
  std::vector<std::pair<std::string, int64_t>> ByLoop;
  /// The loops given a list: (loop name, trip count of each entry).
  std::vector<std::pair<std::string, std::vector<int64_t>>> Lists;

  /// The trip count of the loop headed by Header: All, or the entry that
  /// names it (by its IR name, or as bb.N); with the name that matched. For
  /// a loop given a list, its first entry's (listOf has them all).
  std::optional<std::pair<std::string, int64_t>>
  lookup(const llvm::MachineBasicBlock &Header) const;
  /// The trip count of each entry of the loop named Name, if it was given a
  /// list.
  const std::vector<int64_t> *listOf(llvm::StringRef Name) const;
  /// Whether the trip counts are given per loop.
  bool perLoop() const { return !All; }
  /// As given: "16", "tile=8,kloop=4", "tile=2,kloop=3:5".
  std::string str() const;
};

/// Parses "N" or "name=N,name=N,..." (each N at least 1, each name once),
/// where each N may be a list N:N:... .
llvm::Expected<LoopTripCounts> parseLoopTripCounts(llvm::StringRef Text);

/// A loop's name: the IR name of its header block, or "" if it has none.
llvm::StringRef loopName(const llvm::MachineBasicBlock &Header);

} // namespace tileas

#endif // TILEAS_MIREXEC_LOOPTRIPCOUNTS_H
