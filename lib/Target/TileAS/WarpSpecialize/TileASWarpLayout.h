//===- TileASWarpLayout.h - Which agent gets the first warps ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A CTA's warps are numbered, and a warp scheduler that picks the oldest
// ready warp (greedy-then-oldest) favours the lower warp index when two
// agents want the same unit, port or pool in the same cycle. Hand-written
// warp-specialized kernels choose the layout for this reason (CUTLASS's
// sm100 kernels put the MMA and producer warps below the epilogue warps).
// The warp-specialized materialization chooses it per loop, from the
// schedule:
//
//  0. when an agent other than the compute agent saturates (rule 1), the
//     agent whose first instruction starts the schedule (the load warp,
//     not saturating, not the compute agent) goes ahead of it: every warp
//     leaves the common preamble together (the ping-pong attention loop's
//     wait for its Q tiles), and the warps below take the issue slots of
//     the dispatch first. The MMA warp keeps its lead over the compute
//     warps' TMEM_LDs, which is what rule 1 is for; the load warp's first
//     K TMA issues at cycle 122 instead of 138 (125 unspecialized). A
//     saturating compute agent keeps its place: a producer ahead of it
//     takes the shared-memory port from its stores (rmsnorm-smem-reduce,
//     108 cycles more);
//  1. an agent whose own instructions fill a unit, port or pool for the
//     whole II (their resource bound is the II) comes first: every cycle it
//     loses is lost for the loop (the MMA warp of the ping-pong attention
//     loop, which saturates the tensor core);
//  2. then the compute agent when it issues in the loop: it holds the
//     recurrences of softmax and normalizations, while the producer warps
//     run ahead of it by their rings' slack;
//  3. then by the agent's first instruction in the schedule: the load warp
//     of a GEMM, whose first TMA starts the longest latency chain, before
//     the MMA warp that waits for it; agents with nothing of their own in
//     the loop last; ties in td order.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASWARPLAYOUT_H
#define TILEAS_TILEASWARPLAYOUT_H

#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/SmallVector.h"

namespace llvm {

class TileASAgentPartition;
struct TileASLoopSchedule;

/// The agents of Partition (td ids) in the order their warps are laid out:
/// the first one gets warp 0.
SmallVector<unsigned, 4> warpLayout(const TileASLoopSchedule &S,
                                    const TileASAgentPartition &Partition);

/// The first warp of each agent (indexed by td id; 0 unused) when the agents
/// take warps in Layout's order. setmaxnreg sets the registers of a whole
/// warpgroup (four warps) with one value, so an agent whose register budget
/// differs from that of the agents already in the current warpgroup starts
/// the next one; the warps left between are idle (the PTX printer lets them
/// set their warpgroup's registers and leave).
SmallVector<unsigned, 4> placeAgentWarps(const tileas::model::Machine &M,
                                         ArrayRef<unsigned> Layout);

/// The 32-bit registers of the register file that the agents take when
/// their warps are placed in Layout's order (placeAgentWarps) with the
/// setmaxnreg budgets Budgets (indexed by td id; 0 unused): each warpgroup
/// (128 threads) holds the largest budget of the agents in it, the idle
/// warps of a partly filled warpgroup included.
uint64_t agentRegisterFileUse(const tileas::model::Machine &M,
                              ArrayRef<unsigned> Layout,
                              ArrayRef<unsigned> Budgets);

/// The largest setmaxnreg budget (a multiple of the td's granule, at most
/// its maximum) agent Agent can take while the others keep Budgets and the
/// register file holds every warpgroup's (agentRegisterFileUse); 0 when
/// even the td's minimum does not fit.
unsigned largestAgentBudget(const tileas::model::Machine &M,
                            ArrayRef<unsigned> Layout,
                            ArrayRef<unsigned> Budgets, unsigned Agent);

/// The warps of a CTA whose default agent runs several compute warpgroups
/// (TileASComputeSplit.h).
struct TileASWarpgroupPlacement {
  /// Each agent's first warp (indexed by td id; 0 unused), as
  /// placeAgentWarps.
  SmallVector<unsigned, 4> FirstWarp;
  /// The first warp of each compute warpgroup after the default agent's
  /// own: a warpgroup each, after every agent's warps.
  SmallVector<unsigned, 2> ExtraFirstWarp;
  /// The CTA's warps (its .reqntid is 32 threads each), idle ones included.
  unsigned Warps = 0;
  /// The registers every warp starts with: the average of the busy warps'
  /// budgets, at most what the register file holds for each of the CTA's
  /// threads, a multiple of the granule.
  unsigned LaunchRegisters = 0;
};

/// The placement of the agents in Layout's order with budgets Budgets
/// (indexed by td id; 0 unused) when the default agent runs
/// ComputeWarpgroups warpgroups (1: placeAgentWarps' placement).
TileASWarpgroupPlacement placeComputeWarpgroups(const tileas::model::Machine &M,
                                                ArrayRef<unsigned> Layout,
                                                ArrayRef<unsigned> Budgets,
                                                unsigned ComputeWarpgroups);

} // namespace llvm

#endif // TILEAS_TILEASWARPLAYOUT_H
