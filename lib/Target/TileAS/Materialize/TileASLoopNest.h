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
//    materialized unspecialized, with a remark.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPNEST_H
#define TILEAS_TILEASLOOPNEST_H

#include "llvm/CodeGen/MachineCycleAnalysis.h"

#include <optional>
#include <string>

namespace llvm {

class MachineBasicBlock;
class MachineFunction;
class MachineLoopInfo;

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

private:
  MachineFunction &MF;
  std::optional<MachineCycleInfo> Cycles;
};

} // namespace llvm

#endif // TILEAS_TILEASLOOPNEST_H
