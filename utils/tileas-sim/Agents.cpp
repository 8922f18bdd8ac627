//===- Agents.cpp - The issuing agents of a MIR function ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Agents.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

/// The agent an AGENT_SWITCH opens, checked against the td's agents.
static Expected<AgentEntry> regionAgent(const MachineInstr &MI) {
  for (unsigned I = 0; I != 3; ++I)
    if (!MI.getOperand(I).isImm())
      return failAt(MI, formatv("operand {0} is not an immediate", I));
  ArrayRef<model::AgentRecord> Model = model::agents();
  int64_t Id = MI.getOperand(0).getImm();
  if (Id < 1 || uint64_t(Id) > Model.size())
    return failAt(MI, formatv("agent {0} is not one of the machine's agents "
                              "(1 to {1}, td/TileASMachine.td)",
                              Id, Model.size()));
  int64_t Warps = MI.getOperand(1).getImm();
  if (Warps < 1 || Warps > 1024)
    return failAt(MI, formatv("agent {0} ({1}) has {2} warps", Id,
                              Model[Id - 1].Name, Warps));
  AgentEntry E;
  E.Id = Id;
  E.Name = Model[Id - 1].Name;
  E.Entry = &MI.getMF()->front();
  E.Region = &MI;
  E.Warps = Warps;
  E.RegisterBudget = std::max<int64_t>(0, MI.getOperand(2).getImm());
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
  llvm::sort(Agents, [](const AgentEntry &A, const AgentEntry &B) {
    return A.Id < B.Id;
  });
  unsigned Warp = 0;
  for (AgentEntry &A : Agents) {
    A.FirstWarp = Warp;
    Warp += A.Warps;
  }
  return Agents;
}

} // namespace tileas
