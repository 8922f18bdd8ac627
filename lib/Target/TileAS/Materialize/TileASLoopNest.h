//===- TileASLoopNest.h - The control around a loop -------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A single-block loop may sit inside other control: an outer loop over
// output tiles (a persistent kernel), or a cycle with several entries. The
// unspecialized expansion is local to the loop (preheader, prologue, kernel,
// epilogue, exit; the rings are created in the preheader and drained before
// the exit), so it is right inside any reducible outer loop: every entry
// into the loop creates its rings again and its first acquire finds them
// empty. What it does not handle:
//
//  * irreducible control around the loop (a cycle entered at more than one
//    block): the loop is left unchanged, with a remark;
//  * warp specialization of a nested loop: one loop per agent would have to
//    span the outer loop's iterations (issue 28), so the loop is
//    materialized unspecialized, with a remark. TileASTileNest is the shape
//    that rewrite is planned for (a persistent kernel: one loop over tiles,
//    straight-line blocks before and after the inner loop); tileNestOf says
//    why any other nest is not of it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPNEST_H
#define TILEAS_TILEASLOOPNEST_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineCycleAnalysis.h"

#include <optional>
#include <string>

namespace llvm {

class MachineBasicBlock;
class MachineFunction;
class MachineLoop;
class MachineLoopInfo;

/// A single-block loop inside one loop over tiles, nothing else inside that
/// loop: the tile loop's header runs straight-line into the inner loop
/// (Before: header first, the inner loop's preheader last), and the inner
/// loop's exit runs straight-line into the tile loop's only latch, which is
/// its only exit (After: the inner loop's exit first, the latch last). Any
/// of these blocks may be several, but not the inner loop.
struct TileASTileNest {
  const MachineLoop *Outer = nullptr;
  MachineBasicBlock *Inner = nullptr;
  SmallVector<MachineBasicBlock *, 4> Before;
  SmallVector<MachineBasicBlock *, 4> After;
};

/// What the materialization needs to know about the control around its
/// loops; the cycles are computed once per function, on first use (before
/// any loop of the function is expanded).
class TileASLoopNest {
public:
  explicit TileASLoopNest(MachineFunction &MF) : MF(MF) {}

  /// Why Loop cannot be pipelined where it sits (irreducible control around
  /// it, naming the entries of that cycle), or nothing.
  std::optional<std::string> whyLeftUnchanged(const MachineBasicBlock &Loop);

  /// The header of the innermost loop around Loop, if Loop is nested.
  static const MachineBasicBlock *outerHeader(const MachineLoopInfo &MLI,
                                              const MachineBasicBlock &Loop);

  /// The tile nest around Loop, a nested single-block loop; or, in Why, the
  /// part of the control around it that is not of that shape.
  static std::optional<TileASTileNest> tileNestOf(const MachineLoopInfo &MLI,
                                                  MachineBasicBlock &Loop,
                                                  std::string &Why);

  /// The successor of a loop's Latch that leaves the loop of Header.
  static MachineBasicBlock *exitOfLatch(MachineBasicBlock &Latch,
                                        const MachineBasicBlock &Header);

private:
  MachineFunction &MF;
  std::optional<MachineCycleInfo> Cycles;
};

} // namespace llvm

#endif // TILEAS_TILEASLOOPNEST_H
