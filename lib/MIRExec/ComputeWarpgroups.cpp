//===- ComputeWarpgroups.cpp - Agent ids of extra compute warpgroups ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cassert>

namespace tileas {

unsigned maxAgentId(const model::Machine &M) {
  unsigned N = M.agents().size();
  unsigned Default = M.defaultAgent();
  if (!Default)
    return N;
  unsigned Groups = M.agents()[Default - 1].Warpgroups;
  return N + (Groups > 1 ? Groups - 1 : 0);
}

bool isExtraWarpgroupAgent(const model::Machine &M, unsigned Agent) {
  return Agent > M.agents().size() && Agent <= maxAgentId(M);
}

unsigned computeWarpgroupAgent(const model::Machine &M, unsigned Group) {
  return Group ? unsigned(M.agents().size()) + Group : M.defaultAgent();
}

const model::AgentRecord &agentRecordOf(const model::Machine &M,
                                        unsigned Agent) {
  assert(Agent >= 1 && Agent <= maxAgentId(M) && "not an agent of M");
  if (Agent <= M.agents().size())
    return M.agents()[Agent - 1];
  return M.agents()[M.defaultAgent() - 1];
}

std::string agentNameOf(const model::Machine &M, unsigned Agent) {
  if (Agent >= 1 && Agent <= M.agents().size())
    return M.agents()[Agent - 1].Name;
  if (isExtraWarpgroupAgent(M, Agent))
    return llvm::formatv("{0}.{1}", M.agents()[M.defaultAgent() - 1].Name,
                         Agent - M.agents().size())
        .str();
  return llvm::formatv("#{0}", Agent).str();
}

unsigned functionAgentCount(const llvm::MachineFunction &MF,
                            const model::Machine &M) {
  unsigned Count = M.agents().size();
  for (const llvm::MachineBasicBlock &MBB : MF)
    for (const llvm::MachineInstr &MI : MBB) {
      if (MI.getOpcode() != llvm::TileAS::AGENT_SWITCH)
        continue;
      const llvm::MachineOperand &Agent =
          namedOperand(MI, llvm::TileAS::OpName::agent);
      if (Agent.isImm() && Agent.getImm() > 0 &&
          isExtraWarpgroupAgent(M, unsigned(Agent.getImm())))
        Count = std::max(Count, unsigned(Agent.getImm()));
    }
  return Count;
}

} // namespace tileas
