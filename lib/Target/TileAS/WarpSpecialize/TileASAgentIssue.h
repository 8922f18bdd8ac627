//===- TileASAgentIssue.h - What the agents issue together ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every agent of a warp-specialized loop issues on the one machine: the
// scalars two agents recompute (the induction variable, coordinates,
// addresses) and each agent's loop control take their slots once per
// agent. When that extra issue no longer fits the II, the specialized loop
// runs slower than its schedule while the unspecialized one keeps it, and
// the materialization takes the unspecialized form. The bound is the
// machine model's resource bound over every agent's copy, not a run of the
// simulator.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASAGENTISSUE_H
#define TILEAS_TILEASAGENTISSUE_H

namespace llvm {

class MachineBasicBlock;
class TileASAgentPartition;
struct TileASCountedLoop;

struct TileASAgentIssue {
  /// The resource bound on II of all agents' loops issued together.
  unsigned Bound = 0;
  /// Instructions issued once more than in the unspecialized loop.
  unsigned Extra = 0;
  /// Agents that run the loop (an agent with only its control skips it).
  unsigned Looping = 0;
};

/// What the agents of Partition issue per iteration of Loop, together.
TileASAgentIssue agentIssue(const TileASAgentPartition &Partition,
                            const MachineBasicBlock &Loop,
                            const TileASCountedLoop &Counted);

} // namespace llvm

#endif // TILEAS_TILEASAGENTISSUE_H
