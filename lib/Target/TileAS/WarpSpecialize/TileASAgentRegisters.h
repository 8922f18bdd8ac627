//===- TileASAgentRegisters.h - An agent's register need --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Before expansion, how many 32-bit registers (TileASRegisterUnits.h) an
// agent's pipelined loop needs, by the model the scheduler's register-aware
// search uses (tileas/Sched/RegisterPressure.h): every value its loop body
// defines is live from its definition to its last reader, stages included (a
// reader s stages later holds s more copies in the kernel; a reader through
// the loop's PHI is an iteration later), and a value read after the loop
// stays live an iteration; MaxLive over the kernel's positions counts each
// value where its copies are live (a value carried across the back edge
// too: ptxas gives the PHI copies that rotate it one register where they do
// not overlap). The values from before the loop it reads are live
// throughout, and a wgmma accumulator chain that a PHI carries (WGMMA_X<L>,
// rewritten in place by tileas-wgmma-in-place) is one register per fragment
// for the whole kernel, whatever stages its links take. An agent that holds
// register fragments needs FragmentSequenceRegisters more for its PTX
// sequences (sequenceRegisters).
// Materialization compares live + sequences with the agent's setmaxnreg
// budget: far-memory prefetch (TileASAgentPrefetch.h) keeps more iterations
// live and is cut back to fit, and a partition that does not fit at all is
// not specialized. tileas-agent-register-check checks TileAS's allocated
// code (its count of distinct registers has been up to 17 above the model on
// a load warp that prefetches two iterations ahead: see
// docs/warp-specialization.md).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASAGENTREGISTERS_H
#define TILEAS_TILEASAGENTREGISTERS_H

#include "WarpSpecialize/TileASAgentPrefetch.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

namespace llvm {

class TileASAgentPartition;
struct TileASLoopSchedule;

class MachineBasicBlock;
class MachineFunction;
class MachineInstr;
class MachineRegisterInfo;

/// What an agent's loop needs against its budget, and the far-memory
/// prefetch distance that keeps it within (TileASAgentPrefetch.h).
struct TileASAgentFit {
  /// The estimate at Distance (live registers), and the agent's setmaxnreg
  /// budget.
  unsigned Need = 0, Budget = 0;
  /// What the agent's PTX sequences need beyond Need (sequenceRegisters):
  /// Need + Sequences must fit Budget.
  unsigned Sequences = 0;
  /// The distance used; Requested when that did not fit (with its need).
  unsigned Distance = 0, Requested = 0, RequestedNeed = 0;
  /// The budget Distance was fitted to (Budget may be raised after).
  unsigned PrefetchBudget = 0;
  /// The kernel of the agent's loop pipelined without the prefetch, which
  /// runs at trip counts below the prefetched loop's stages (null: none).
  MachineBasicBlock *ShortKernel = nullptr;
};

/// The most 32-bit registers live at once in the kernel of a loop whose body
/// (one agent's, in kernel order; PHIs and terminators aside) is Order, each
/// instruction in the stage Stage gives it.
unsigned estimateLoopRegisters(ArrayRef<MachineInstr *> Order,
                               const DenseMap<MachineInstr *, int> &Stage,
                               const MachineRegisterInfo &MRI);

/// The 32-bit registers the PTX sequences of an agent whose loop body is
/// Order take beyond its live values: tileas::FragmentSequenceRegisters
/// when it defines register fragments (the compute agent's rows), else 0.
unsigned sequenceRegisters(ArrayRef<MachineInstr *> Order,
                           const MachineRegisterInfo &MRI);

/// Prefetches the far-memory loads of Order (prefetchFarMemoryLoads, with
/// AnchorOf and the exit test Compare) at the largest distance up to
/// Fit.Requested whose estimate fits Fit.Budget, or at the least distance
/// tried (the one that adds no stage) when none fits. Stage holds the
/// schedule's stages on entry and that distance's on return; Fit's Distance,
/// Need and RequestedNeed are set.
TileASAgentPrefetch
fitPrefetchDistance(ArrayRef<MachineInstr *> Order,
                    DenseMap<MachineInstr *, int> &Stage,
                    const DenseMap<MachineInstr *, MachineInstr *> &AnchorOf,
                    const MachineInstr &Compare, const MachineRegisterInfo &MRI,
                    TileASAgentFit &Fit);

/// Why Partition of the scheduled loop S, without a prefetch, does not fit
/// some agent's setmaxnreg budget (each agent's body in kernel order,
/// estimateLoopRegisters), naming the agent, its need and its budget; empty
/// when every agent fits. The compute (default) agent, when its need exceeds
/// the td's budget, gets the largest budget the register file allows with
/// the other agents at theirs (largestAgentBudget, warpgroup-aligned) where
/// that holds its need and its PTX sequences' registers; the raised
/// budget is recorded for the function (agentBudget).
std::string partitionOverBudget(const TileASLoopSchedule &S,
                                const TileASAgentPartition &Partition);

/// Agent A's setmaxnreg budget in MF: the one partitionOverBudget or
/// raiseAgentBudget raised, else the td's.
unsigned agentBudget(const MachineFunction &MF, unsigned A);

/// Raises the compute (default) agent A's budget, recorded for the function
/// as partitionOverBudget does, to the largest the register file allows
/// with the other agents at theirs, when Need is over its budget; returns
/// the budget A has afterwards. Materialization's order (coordination, slot
/// reads, prefetch) can keep a few registers more live than the schedule's
/// order that partitionOverBudget judged.
unsigned raiseAgentBudget(const TileASLoopSchedule &S,
                          const TileASAgentPartition &Partition, unsigned A,
                          unsigned Need);

} // namespace llvm

#endif // TILEAS_TILEASAGENTREGISTERS_H
