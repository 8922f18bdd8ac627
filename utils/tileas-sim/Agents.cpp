//===- Agents.cpp - The issuing agents of a MIR function ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Agents.h"

#include "llvm/CodeGen/MachineFunction.h"

using namespace llvm;

namespace tileas {

Expected<std::vector<AgentEntry>> findAgents(const MachineFunction &MF) {
  // The unspecialized form: one issuing thread from the entry block. The
  // warp-specialized form adds one entry per AGENT_SWITCH region here.
  AgentEntry Issuer;
  Issuer.Name = "issuer";
  Issuer.Entry = &MF.front();
  return std::vector<AgentEntry>{Issuer};
}

} // namespace tileas
