//===- MIRAgent.h - One agent of a MIR function -----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs one agent's part of a MachineFunction functionally and hands the
// simulator its dynamic instructions (AgentProgram.h):
//
//  * scalar instructions are evaluated (ScalarSemantics.h) so that branches
//    go where the run goes and pipe operations name their iteration; other
//    values are not computed (timing does not depend on them);
//  * PHIs become one parallel Rename at the block's entry, COPY and
//    IMPLICIT_DEF renames: they cost nothing, as the scheduler assumes;
//  * an instruction with a td resource vector issues with its OpClass; an
//    asynchronous one on its unit's stream (for a copy engine, the stream of
//    the pipe the acquire just before it opened);
//  * PIPE_ and MUTEX_ instructions become barrier waits and arrivals
//    (MIRRun.h); PIPE_TILE and PIPE_TMEM name a slot's buffer, ready once
//    the wait before them has passed;
//  * WARP_IDX reads the first warp of the agent's range, and the agent must
//    reach its own AGENT_SWITCH (Agents.h); before it, in the preamble,
//    only the first agent issues asynchronous instructions (MIRRun.h);
//  * branches wait for their predicate and, when taken, end the issue
//    cycle; a block that branches to itself is a loop, and each entry into
//    it is a Marker;
//  * a register in Overrides takes the given value where it is defined (the
//    trip count; TripCountPlan.h), a physical register its LiveIns value on
//    entry (0 if unset).
//
// An instruction the model has no timing for, a block that ends without a
// branch to follow, or a run longer than MaxSteps is an error naming the
// instruction.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SIM_MIRAGENT_H
#define TILEAS_UTILS_SIM_MIRAGENT_H

#include "Agents.h"
#include "MIRRun.h"

#include "tileas/MIRExec/RegisterOverride.h"
#include "tileas/Sim/AgentProgram.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineBasicBlock.h"

#include <deque>

namespace llvm {
class MachineFunction;
} // namespace llvm

namespace tileas {

struct MIRAgentOptions {
  llvm::ArrayRef<std::pair<llvm::MCRegister, int64_t>> LiveIns;
  llvm::ArrayRef<RegisterOverride> Overrides;
  /// Instructions executed before giving up on a run that does not return.
  uint64_t MaxSteps = 10000000;
};

class MIRAgent : public sim::AgentProgram {
public:
  MIRAgent(const llvm::MachineFunction &MF, MIRRun &Run,
           const AgentEntry &Entry, const MIRAgentOptions &Opts);

  std::string name() const override { return Entry.Name; }
  unsigned numValues() const override { return NumValues; }
  llvm::Expected<bool> next(sim::DynamicOp &Op) override;
  std::string describe(unsigned Site) const override {
    return Run.describe(Site);
  }

private:
  /// Queues what entering Block (from Pred) does: its PHIs and its marker.
  llvm::Error enter(const llvm::MachineBasicBlock &Block);
  /// Runs MI, queueing the dynamic instruction it makes, if any.
  llvm::Error execute(const llvm::MachineInstr &MI);
  llvm::Error executeTiming(const llvm::MachineInstr &MI);
  llvm::Error branch(const llvm::MachineInstr &MI);
  llvm::Error applyOverrides(const llvm::MachineInstr &MI);
  llvm::Expected<int64_t> valueOf(const llvm::MachineOperand &MO) const;
  /// The simulator's number for register R (0 is "always ready").
  unsigned valueId(llvm::Register R) const;
  sim::DynamicOp opAt(const llvm::MachineInstr &MI, sim::OpKind Kind);

  const llvm::MachineFunction &MF;
  MIRRun &Run;
  AgentEntry Entry;
  MIRAgentOptions Opts;
  unsigned NumVirtRegs = 0;
  unsigned NumValues = 0;
  llvm::DenseMap<llvm::Register, int64_t> Ints;
  std::deque<sim::DynamicOp> Queue;
  const llvm::MachineBasicBlock *Block = nullptr;
  const llvm::MachineBasicBlock *Pred = nullptr;
  llvm::MachineBasicBlock::const_iterator At;
  /// The block to go to once the current one is left.
  const llvm::MachineBasicBlock *Next = nullptr;
  bool Entering = true;
  bool Returned = false;
  /// Before the agent's AGENT_SWITCH (warp-specialized functions only).
  bool InPreamble = false;
  /// Set by an acquire: the pipe the next instruction fills.
  std::optional<unsigned> PendingWrite;
  uint64_t Steps = 0;
};

} // namespace tileas

#endif // TILEAS_UTILS_SIM_MIRAGENT_H
