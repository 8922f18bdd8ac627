//===- TileASAgentPrefetch.h - Far-memory loads issued early ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The schedule places a load from global memory (a work list's expert id, a
// page-table entry, a block scale) so that its consumer issues its nominal
// latency later, and no more. An agent of a warp-specialized loop issues in
// order, so with far-memory latency varying every late load stalls the
// whole agent, and the next iteration's load issues only after that stall:
// the agent's in-order issue makes a recurrence of each load and its
// consumer, and a late load is never made up. The unspecialized loop pays
// the same stall, which is why warp specialization gained little there.
//
// Within one agent's loop, each far-memory load that the agent reads itself
// is issued Distance stages further ahead of its readers: an instruction's
// "ahead" count is the number of far-memory loads on the longest chain of
// register reads from it on within an iteration (itself included), and it
// moves Distance stages earlier per unit below the largest count, which is
// the same as every other instruction moving later. So the loads, and the
// address arithmetic they need, move ahead; everything else keeps the
// distances the schedule gave it (blockscale's FFMA stays next to the
// TMEM_LD it reads). The exit test keeps stage 0. The coordination of a
// pipe, mutex or barrier, and the instructions it is anchored to, move
// together, so each agent's acquire, wait, commit and release keep their
// order around the instructions they guard. The agent's loop then has more
// stages; its ring slots and run-ahead are unchanged.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASAGENTPREFETCH_H
#define TILEAS_TILEASAGENTPREFETCH_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"

namespace llvm {

class MachineInstr;
class MachineRegisterInfo;

/// Why an agent's far-memory loads stay where the schedule put them, or
/// how far they moved.
struct TileASAgentPrefetch {
  /// Stages added to the agent's loop (0: nothing moved).
  unsigned AddedStages = 0;
  /// Far-memory loads the agent reads itself.
  unsigned Loads = 0;
  /// Empty when the loads moved (or there are none), else why not.
  const char *WhyNot = "";
};

/// Issues the far-memory loads of Order (one agent's loop body in kernel
/// order, PHIs and terminators aside) Distance stages further ahead of their
/// readers per load on the way, by raising the stage (in Stage) of the rest;
/// AnchorOf maps each coordination instruction (and slot read) of Order to
/// the instruction it guards. Leaves Stage alone when the agent's loop stores
/// to memory or has other side effects (a load must not pass a store), when
/// a far-memory load is on a recurrence, or when the loop's exit test Compare
/// reads one (it must stay in stage 0).
TileASAgentPrefetch
prefetchFarMemoryLoads(ArrayRef<MachineInstr *> Order,
                       DenseMap<MachineInstr *, int> &Stage,
                       const DenseMap<MachineInstr *, MachineInstr *> &AnchorOf,
                       const MachineInstr &Compare, unsigned Distance,
                       const MachineRegisterInfo &MRI);

/// Whether MI is a load from far memory that the issuing agent waits for
/// (not an asynchronous copy, whose result reaches its reader through a
/// ring).
bool isSynchronousFarMemoryLoad(const MachineInstr &MI);

} // namespace llvm

#endif // TILEAS_TILEASAGENTPREFETCH_H
