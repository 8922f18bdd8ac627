//===- TileASAgentRelease.h - Copy-filled slots released late ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A warp-specialized producer refills a slot the moment its consumer
// releases it. When the refill is a TMA into shared memory, it holds the
// shared-memory write port for its transfer, and the release's timing (a
// tensor-core completion) is set by the consumer's agent, not by the
// schedule: in attention, the MMA warp releases the K slot when its QK
// MMAs complete, which is the cycle the compute warps' softmax reaches its
// P store, so every other iteration the load warp's K TMA took the port a
// cycle before the store and delayed the softmax chain. The single stream
// issues both at their scheduled rows, which the modulo reservation table
// keeps apart.
//
// So an agent that consumes both a ring filled by TMA and a ring filled by
// another agent's shared-memory stores issues its releases of TMA slots
// after its last wait for such a stored tile in the kernel's issue order,
// each in its own stage (the same slot, at most an II later): that wait
// passes once the stores it covers have issued, so the refill comes after
// them, never in their way. A ring deeper than the schedule needs
// (-tileas-ws-ring-slack) has the slots to absorb the later release; the
// protocol checker and the simulator judge the result like any other
// placement.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASAGENTRELEASE_H
#define TILEAS_TILEASAGENTRELEASE_H

#include "llvm/ADT/SmallSet.h"

#include <vector>

namespace llvm {

class MachineInstr;

/// Moves each PIPE_CONSUMER_RELEASE of a pipe in TmaFilled that comes
/// before the last PIPE_CONSUMER_WAIT of a pipe in StoreFilled in Order (one
/// agent's loop body in kernel order) to right after that wait and its slot
/// reads, keeping its stage: within an iteration of the kernel, no more than
/// an II later. Returns the number moved.
unsigned deferCopySlotReleases(std::vector<MachineInstr *> &Order,
                               const SmallSet<unsigned, 8> &TmaFilled,
                               const SmallSet<unsigned, 8> &StoreFilled);

} // namespace llvm

#endif // TILEAS_TILEASAGENTRELEASE_H
