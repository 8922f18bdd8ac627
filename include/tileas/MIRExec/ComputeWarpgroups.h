//===- ComputeWarpgroups.h - Agents of extra compute warpgroups -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A warp-specialized loop whose compute work falls into independent
// components runs each on a warpgroup of its own (td Agent Warpgroups;
// docs/warp-specialization.md, "Compute warpgroups"). The first warpgroup is
// the default agent itself; warpgroup g > 0 is one more agent, numbered
// after the td's agents: agent N + g for a machine of N agents. It has the
// default agent's warps and budget and its own name (the default agent's
// with ".g"). The materialization, the PTX printer, tileas-protocol-check
// and tileas-sim all read agent ids through these.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_COMPUTEWARPGROUPS_H
#define TILEAS_MIREXEC_COMPUTEWARPGROUPS_H

#include "tileas/Model/MachineModel.h"

#include <string>

namespace llvm {
class MachineFunction;
} // namespace llvm

namespace tileas {

/// The largest agent id of M: its td agents, then one per warpgroup of the
/// default agent after its first (td Agent Warpgroups).
unsigned maxAgentId(const model::Machine &M);

/// Agent is an extra compute warpgroup of M (above the td's agents, at most
/// maxAgentId).
bool isExtraWarpgroupAgent(const model::Machine &M, unsigned Agent);

/// The agent id of compute warpgroup Group (0: the default agent).
unsigned computeWarpgroupAgent(const model::Machine &M, unsigned Group);

/// The record of Agent (1 .. maxAgentId): the td's, or for an extra
/// compute warpgroup the default agent's.
const model::AgentRecord &agentRecordOf(const model::Machine &M,
                                        unsigned Agent);

/// Agent's name: the td's, or the default agent's with ".g" for its
/// warpgroup g.
std::string agentNameOf(const model::Machine &M, unsigned Agent);

/// The agents MF's warps run: the td's, and the extra compute warpgroups
/// up to the largest one an AGENT_SWITCH of MF opens (ids above maxAgentId
/// are not counted: they are malformed input, refused where read).
unsigned functionAgentCount(const llvm::MachineFunction &MF,
                            const model::Machine &M);

} // namespace tileas

#endif // TILEAS_MIREXEC_COMPUTEWARPGROUPS_H
