//===- Agents.h - The issuing agents of a MIR function ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Which instruction streams a function runs as. The unspecialized form has
// one, the issuing thread, from the entry block (the asynchronous units are
// its partners, not agents). The warp-specialized form
// (TileASCoordination.td) opens each agent's region with
//
//   AGENT_SWITCH <agent id>, <warps>, <register budget>, <dir>
//
// after a dispatch on WARP_IDX over warp ranges. Each such region is an
// agent here. Every agent starts in the entry block, as all warps of a CTA
// do, runs the common preamble, and reads from WARP_IDX the first warp of
// its range: the ranges follow agent ids (agent 1's warps first), so the
// dispatch takes it to its own region (MIRAgent checks that it does). Each
// agent has its own registers and control flow; pipes, barriers and the
// machine's slots are shared; unit streams belong to the agent that issues
// to them (tcgen05.commit tracks the MMAs of the thread that issued them).
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
class MachineInstr;
} // namespace llvm

namespace tileas {

struct AgentEntry {
  /// 0 for the one issuing thread of the unspecialized form, k >= 1 for the
  /// td's k-th agent (the numbers PIPE_CREATE's agent operands use).
  unsigned Id = 0;
  std::string Name;
  /// Where the agent starts: the entry block.
  const llvm::MachineBasicBlock *Entry = nullptr;
  /// The AGENT_SWITCH opening the agent's region (null: unspecialized).
  const llvm::MachineInstr *Region = nullptr;
  /// The first of the agent's warps (what WARP_IDX reads; AGENT_SWITCH's
  /// last operand), their number and the register budget per thread (0: the
  /// whole CTA's, unspecialized).
  unsigned FirstWarp = 0;
  unsigned Warps = 0;
  unsigned RegisterBudget = 0;
};

/// The agents of MF, in the order of their warps (the warp scheduler
/// favours the lower warp); an error names the AGENT_SWITCH of a malformed
/// agent region or of one whose warps overlap another's.
llvm::Expected<std::vector<AgentEntry>>
findAgents(const llvm::MachineFunction &MF);

} // namespace tileas

#endif // TILEAS_UTILS_SIM_AGENTS_H
