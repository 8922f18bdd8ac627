//===- TileASStreamAgent.h - Who runs a block after a dispatch --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// PIPE_CREATE names the agent that issues each side of a pipe: 0 for code
// every warp runs (the unspecialized form, or a warp-specialized loop's
// preamble before its dispatch), k for the td's k-th agent. A loop that
// follows a warp-specialized one is materialized unspecialized, but only the
// warps of the agent whose region continues past that loop (the default
// agent) run it; the others have returned. Its one instruction stream is
// then that agent, and its pipes must name it, or the simulator and the
// protocol checker see an agent issue a side that PIPE_CREATE gives to
// another.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASSTREAMAGENT_H
#define TILEAS_TILEASSTREAMAGENT_H

namespace llvm {

class MachineBasicBlock;
class MachineInstr;

/// The AGENT_SWITCH that opens an agent's region in MBB, or null.
const MachineInstr *agentSwitchIn(const MachineBasicBlock &MBB);

/// The agent whose warps alone run MBB: the agent of the one AGENT_SWITCH
/// region MBB is reachable from; 0 when every warp runs it (no region reaches
/// it), and 0 too when several regions do, or a region and a path from the
/// entry that passes none (no one agent's stream).
unsigned streamAgentOf(const MachineBasicBlock &MBB);

} // namespace llvm

#endif // TILEAS_TILEASSTREAMAGENT_H
