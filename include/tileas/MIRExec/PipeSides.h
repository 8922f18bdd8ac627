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
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_PIPESIDES_H
#define TILEAS_MIREXEC_PIPESIDES_H

#include "llvm/Support/Error.h"

namespace llvm {
class MachineInstr;
} // namespace llvm

namespace tileas {

/// An error naming MI and the agent when the PIPE_CREATE MI gives both of
/// its sides to the same agent of the model (0, the unspecialized form's
/// one stream or the code before the dispatch, may issue both).
llvm::Error checkPipeSidesDiffer(const llvm::MachineInstr &MI);

} // namespace tileas

#endif // TILEAS_MIREXEC_PIPESIDES_H
