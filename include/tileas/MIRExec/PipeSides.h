//===- PipeSides.h - The agents on the two sides of a pipe ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What the tools that run MIR require of the issuing agents a PIPE_CREATE
// names ($pagent and $cagent): under warp specialization a pipe connects
// two agents. Both sides in one agent would be an agent waiting on itself
// through a barrier, which a mutex or program order says more cheaply, and
// what the materialization never makes; it is refused as malformed input.
// The exception is a pipe that agent creates itself, after the dispatch: an
// unspecialized loop after a warp-specialized one, whose one instruction
// stream is that agent's (its partners are the asynchronous units).
//
// Each side is issued by the agent PIPE_CREATE names, waits included. PTX
// lets any thread try_wait on any mbarrier, but a pipe's wait tests the
// FULL barrier's phase parity, which names the phase only modulo 2, and
// only the consumer's release keeps the producer from refilling the slot
// and moving that barrier on: an agent that waits without releasing can
// take a later fill's phase for its own, wait for a phase already gone, or
// read a slot being refilled. So a wait (and a slot handle, PIPE_TILE or
// PIPE_TMEM) is the consumer's. The code before the dispatch, which every
// warp runs (the consumer's among them) before any agent's loop, may wait
// on any pipe; a side named 0 is every warp's, so any agent may wait on it.
// tileas-protocol-check and tileas-sim both apply mayIssuePipeSide.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_PIPESIDES_H
#define TILEAS_MIREXEC_PIPESIDES_H

#include "llvm/Support/Error.h"

#include <optional>

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

/// What an instruction does on a pipe: an acquire or commit acts for the
/// producer side, a release for the consumer side; a wait or slot handle
/// observes the consumer side.
enum class PipeSideUse { Producer, Consumer, Observe };

/// The side a pipe instruction of opcode Opcode belongs to, or nullopt if
/// Opcode is none of acquire, commit, wait, release, PIPE_TILE, PIPE_TMEM.
std::optional<PipeSideUse> pipeSideUse(unsigned Opcode);

/// Whether Issuer (0: the code before the dispatch, or the unspecialized
/// form's one stream; k >= 1: agent k's warps after it) may issue a Use of a
/// pipe whose PIPE_CREATE names Named for that side.
bool mayIssuePipeSide(PipeSideUse Use, unsigned Named, unsigned Issuer);

} // namespace tileas

#endif // TILEAS_MIREXEC_PIPESIDES_H
