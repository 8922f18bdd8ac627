//===- Agents.cpp - The issuing agents of a MIR function ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Agents.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

/// The agent an AGENT_SWITCH opens, checked against the td's agents.
static Expected<AgentEntry> regionAgent(const MachineInstr &MI) {
  using TileAS::OpName;
  if (MI.getNumOperands() <= namedOperandIndex(MI, OpName::first))
    return failAt(MI, formatv("an AGENT_SWITCH without its first warp "
                              "(operand {0})",
                              namedOperandIndex(MI, OpName::first)));
  for (OpName Name :
       {OpName::agent, OpName::warps, OpName::regs, OpName::first})
    if (Error E = namedImm(MI, Name).takeError())
      return std::move(E);
  const model::Machine &M = machineOf(*MI.getMF());
  int64_t Id = namedOperand(MI, OpName::agent).getImm();
  // The td's agents, then the default agent's extra warpgroups.
  if (Id < 1 || uint64_t(Id) > maxAgentId(M))
    return failAt(MI, formatv("agent {0} is not one of the machine's agents "
                              "(1 to {1}, td/TileASMachine.td, compute "
                              "warpgroups included)",
                              Id, maxAgentId(M)));
  int64_t Warps = namedOperand(MI, OpName::warps).getImm();
  if (Warps < 1 || Warps > 1024)
    return failAt(MI, formatv("agent {0} ({1}) has {2} warps", Id,
                              agentNameOf(M, Id), Warps));
  AgentEntry E;
  E.Id = Id;
  E.Name = agentNameOf(M, Id);
  E.Entry = &MI.getMF()->front();
  E.Region = &MI;
  E.Warps = Warps;
  E.RegisterBudget =
      std::max<int64_t>(0, namedOperand(MI, OpName::regs).getImm());
  int64_t First = namedOperand(MI, OpName::first).getImm();
  if (First < 0 || First > 1024)
    return failAt(MI, formatv("agent {0} ({1}) starts at warp {2}", Id,
                              agentNameOf(M, Id), First));
  E.FirstWarp = First;
  return E;
}

Expected<std::vector<AgentEntry>> findAgents(const MachineFunction &MF) {
  std::vector<AgentEntry> Agents;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      if (MI.getOpcode() != TileAS::AGENT_SWITCH)
        continue;
      Expected<AgentEntry> E = regionAgent(MI);
      if (!E)
        return E.takeError();
      auto Same =
          find_if(Agents, [&](const AgentEntry &A) { return A.Id == E->Id; });
      if (Same != Agents.end())
        return failAt(MI, formatv("agent {0} ({1}) already has a region, at "
                                  "bb.{2}",
                                  E->Id, E->Name,
                                  Same->Region->getParent()->getNumber()));
      Agents.push_back(*E);
    }
  if (Agents.empty()) {
    // The unspecialized form: one issuing thread from the entry block.
    AgentEntry Issuer;
    Issuer.Name = "issuer";
    Issuer.Entry = &MF.front();
    return std::vector<AgentEntry>{Issuer};
  }
  // In warp order: the warp scheduler favours the lower warp (Simulator.h).
  llvm::stable_sort(Agents, [](const AgentEntry &A, const AgentEntry &B) {
    return A.FirstWarp < B.FirstWarp;
  });
  for (size_t I = 1; I < Agents.size(); ++I) {
    const AgentEntry &Prev = Agents[I - 1], &A = Agents[I];
    if (Prev.FirstWarp + Prev.Warps > A.FirstWarp)
      return failAt(*A.Region,
                    formatv("the warps of agent {0} ({1}) from warp {2} "
                            "overlap those of agent {3} ({4}), warps {5} to "
                            "{6}",
                            A.Id, A.Name, A.FirstWarp, Prev.Id, Prev.Name,
                            Prev.FirstWarp, Prev.FirstWarp + Prev.Warps - 1));
  }
  return Agents;
}

} // namespace tileas
