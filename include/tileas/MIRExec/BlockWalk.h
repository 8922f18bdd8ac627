//===- BlockWalk.h - How a run of MIR moves between blocks ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The control flow of a run of a TileAS MachineFunction, shared by the tools
// that execute one (tileas-sim's agents, tileas-protocol-check's
// interpreter): where a branch goes, where a block without a taken branch
// falls through to, what a PHI reads on entry from a predecessor, and when
// a run that does not return has gone on long enough.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_BLOCKWALK_H
#define TILEAS_MIREXEC_BLOCKWALK_H

#include "llvm/CodeGen/Register.h"
#include "llvm/Support/Error.h"

#include <cstdint>

namespace llvm {
class MachineBasicBlock;
class MachineInstr;
} // namespace llvm

namespace tileas {

/// Whether branch MI (BRA, BR_P, BR_NP) is taken when its predicate operand
/// has the value Pred (ignored for BRA, which always is).
bool isBranchTaken(const llvm::MachineInstr &MI, int64_t Pred);

/// The block branch MI (BRA, BR_P, BR_NP) goes to when taken.
const llvm::MachineBasicBlock *branchDestination(const llvm::MachineInstr &MI);

/// The block a run goes to when it leaves MBB without a taken branch: its
/// only successor, or its layout successor after an untaken conditional
/// branch; null if there is none to follow.
const llvm::MachineBasicBlock *
fallThroughSuccessor(const llvm::MachineBasicBlock &MBB);

/// The register PHI reads on entry from Pred (the last if it names Pred
/// more than once), or no register if it names no value for that edge.
llvm::Register phiIncoming(const llvm::MachineInstr &Phi,
                           const llvm::MachineBasicBlock *Pred);

/// Counts MI, the next instruction a run executes (PHIs and debug
/// instructions do not count): an error naming MI once Steps exceeds
/// MaxSteps.
llvm::Error countStep(const llvm::MachineInstr &MI, uint64_t &Steps,
                      uint64_t MaxSteps);

} // namespace tileas

#endif // TILEAS_MIREXEC_BLOCKWALK_H
