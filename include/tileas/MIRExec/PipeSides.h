//===- PipeSides.h - The agents on the two sides of a pipe ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What the tools that run MIR require of the issuing agents a PIPE_CREATE
// names (operands 9 and 10): under warp specialization a pipe connects
// two agents. Both sides in one agent would be an agent waiting on itself
// through a barrier, which a mutex or program order says more cheaply, and
// what the materialization never makes; it is refused as malformed input.
// The exception is a pipe that agent creates itself, after the dispatch: an
// unspecialized loop after a warp-specialized one, whose one instruction
// stream is that agent's (its partners are the asynchronous units).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_PIPESIDES_H
#define TILEAS_MIREXEC_PIPESIDES_H

#include "llvm/Support/Error.h"

namespace llvm {
class MachineInstr;
} // namespace llvm

namespace tileas {

/// An error naming MI and the agent when the PIPE_CREATE MI, run by
/// CreatedBy (0: every warp, before any dispatch), gives both of its sides
/// to the same agent of the model other than CreatedBy (0, the
/// unspecialized form's one stream or the code before the dispatch, may
/// issue both; so may an agent the pipes it creates in its own region).
llvm::Error checkPipeSidesDiffer(const llvm::MachineInstr &MI,
                                 unsigned CreatedBy);

} // namespace tileas

#endif // TILEAS_MIREXEC_PIPESIDES_H
