//===- MIRAgent.h - One agent of a MIR function -----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs one agent's part of a MachineFunction functionally (MIRExecutor.h,
// which follows the control flow, computes the scalar values and decodes the
// coordination) and hands the simulator its dynamic instructions
// (AgentProgram.h), as the executor's visitor:
//
//  * scalar instructions issue like any other; values that are not scalar
//    are not computed (timing does not depend on them);
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

#include "tileas/MIRExec/MIRExecutor.h"
#include "tileas/Sim/AgentProgram.h"

#include <deque>

namespace llvm {
class MachineFunction;
} // namespace llvm

namespace tileas {

/// LiveIns, Overrides and MaxSteps (10000000 unless set) of the agent's run.
struct MIRAgentOptions : MIRExecOptions {
  MIRAgentOptions() { MaxSteps = 10000000; }
};

class MIRAgent : public sim::AgentProgram, private MIRVisitor {
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
  // The executor's visitor: what each step of the run queues.
  llvm::Error enterBlock(const llvm::MachineBasicBlock &MBB,
                         const llvm::MachineBasicBlock *Pred,
                         llvm::ArrayRef<PhiMove> Phis) override;
  llvm::Error checkCoordination(const llvm::MachineInstr &MI) override;
  llvm::Error coordination(const llvm::MachineInstr &MI,
                           const CoordinationEvent &E) override;
  llvm::Error instruction(const llvm::MachineInstr &MI,
                          const InstrEvent &E) override;

  llvm::Error executeTiming(const llvm::MachineInstr &MI,
                            std::optional<SlotRef> Fills);
  llvm::Error branch(const llvm::MachineInstr &MI, bool Taken);
  /// The simulator's number for register R (0 is "always ready").
  unsigned valueId(llvm::Register R) const;
  sim::DynamicOp opAt(const llvm::MachineInstr &MI, sim::OpKind Kind);
  /// The agent the instruction being run counts as issued by.
  unsigned issuer() const { return Run.issuer(Entry.Id, InPreamble); }

  const llvm::MachineFunction &MF;
  MIRRun &Run;
  AgentEntry Entry;
  MIRAgentOptions Opts;
  MIRExecutor Exec;
  unsigned NumVirtRegs = 0;
  unsigned NumValues = 0;
  std::deque<sim::DynamicOp> Queue;
  /// Before the agent's AGENT_SWITCH (warp-specialized functions only).
  bool InPreamble = false;
};

} // namespace tileas

#endif // TILEAS_UTILS_SIM_MIRAGENT_H
