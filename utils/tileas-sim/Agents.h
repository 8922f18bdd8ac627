//===- Agents.h - The issuing agents of a MIR function ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Which instruction streams a function runs as. Today a TileAS function has
// one: the issuing thread, from the entry block (the unspecialized form;
// the asynchronous units are its partners, not agents). A warp-specialized
// function will open each agent's region with
//
//   AGENT_SWITCH <agent id>, <warps>, <register budget>
//
// and each agent runs its own loop; findAgents is where those regions
// become AgentEntry records (one MIRAgent each). Everything below it is
// written for several agents already: each agent has its own registers and
// control flow, pipes and barriers are shared, and unit streams belong to
// the agent that issues to them (tcgen05.commit tracks the MMAs of the
// thread that issued them).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SIM_AGENTS_H
#define TILEAS_UTILS_SIM_AGENTS_H

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class MachineBasicBlock;
class MachineFunction;
} // namespace llvm

namespace tileas {

struct AgentEntry {
  unsigned Id = 0;
  std::string Name;
  /// Where the agent starts (its region's first block).
  const llvm::MachineBasicBlock *Entry = nullptr;
  /// Warps and registers per thread (0: the whole CTA's, unspecialized).
  unsigned Warps = 0;
  unsigned RegisterBudget = 0;
};

/// The agents of MF, in agent-id order; an error names the instruction of a
/// malformed agent region.
llvm::Expected<std::vector<AgentEntry>>
findAgents(const llvm::MachineFunction &MF);

} // namespace tileas

#endif // TILEAS_UTILS_SIM_AGENTS_H
