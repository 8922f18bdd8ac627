//===- TileASComputeSplit.h - Compute warpgroups per loop -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Whether a warp-specialized loop's compute work (the default agent's) would
// run on more than one warpgroup. FlashAttention 4's two softmax warpgroups
// and CUTLASS's two Hopper consumer warpgroups each own one query tile's
// rows; a loop that keeps both tiles in one warpgroup holds both tiles'
// rows in every thread (the ping-pong attention: 255 registers and spills
// under ptxas).
//
//  * The default agent's instructions fall into *components*: two of them
//    are in one component when a value flows from one to the other inside
//    the loop (in the iteration or through a PHI to the next), directly or
//    through scalar instructions computed from the default agent's values,
//    or when they must stay ordered in memory outside the coordination's
//    buffers (global memory, side effects). Scalars computed only from the
//    induction value and values from before the loop join nothing: every
//    agent recomputes them. A buffer another agent produces (the S tile of
//    an MMA) joins nothing either: each reader gets it through its own pipe.
//  * The code after the loop must not combine two components' values
//    (the default agent runs it; a value of one warpgroup's fragments
//    cannot reach another's), and no pipe or mutex may serve two
//    components (each warpgroup gets its own; a ring slot two warpgroups
//    read would need its empty barrier to count both releases).
//  * The td states how many warpgroups the default agent may run (Agent
//    Warpgroups, checked by tileas-tblgen against the register file).
//    Components go to warpgroups largest first, each to the lightest
//    warpgroup; the most warpgroups whose work is balanced (the lightest
//    holds at least half the heaviest's instructions) and whose budgets
//    the register file holds (every warpgroup at the default agent's
//    budget, beside the other agents' warpgroups) is the plan.
//  * The split is chosen whenever the components allow it, not only when one
//    warpgroup would spill: two warpgroups of the same work interleave (one
//    runs its softmax while the tensor core serves the other's MMAs) and
//    each thread holds half the rows.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASCOMPUTESPLIT_H
#define TILEAS_TILEASCOMPUTESPLIT_H

#include "WarpSpecialize/TileASWarpLayout.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/Register.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;
class TileASAgentPartition;
struct TileASLoopSchedule;

/// The default agent's instructions of one loop, in independent components.
struct TileASComputeComponents {
  /// The component of each scheduled instruction (indexed like S.Instrs);
  /// -1 for another agent's and for scalars every agent recomputes.
  std::vector<int> Of;
  /// The default agent's instructions in each component; components are
  /// numbered in the order of their first instruction.
  SmallVector<unsigned, 4> Size;
  /// Empty, or why the components cannot run apart (the code after the
  /// loop combines two of them).
  std::string Joined;
  /// Empty, or the first pipe or mutex of the coordination that
  /// instructions of two components use: its barriers would need both
  /// warpgroups' arrivals (a ring slot both read), which the split does
  /// not make.
  std::string Shared;
  unsigned count() const { return Size.size(); }
};

/// The components of the default agent's work in the loop of S, partitioned
/// by Partition under the coordination Sol; Deps are the loop's dependences
/// (ops indexed like S.Instrs).
TileASComputeComponents computeComponents(const TileASLoopSchedule &S,
                                          const TileASAgentPartition &Partition,
                                          const tileas::pipes::SolveResult &Sol,
                                          ArrayRef<tileas::Dependence> Deps);

/// How many compute warpgroups a loop would run, and which component each
/// runs.
struct TileASComputeSplitPlan {
  unsigned Warpgroups = 1;
  /// The warpgroup (0-based) of each component.
  SmallVector<unsigned, 4> GroupOf;
  /// The default agent's instructions in each warpgroup.
  SmallVector<unsigned, 4> GroupSize;
  /// The 32-bit registers every agent's warpgroups take with the plan.
  uint64_t RegisterFileUse = 0;
  /// Where the warps go with the plan (placeComputeWarpgroups).
  TileASWarpgroupPlacement Placement;
  /// Why one warpgroup, when Warpgroups is 1.
  std::string WhyOne;
};

/// The 32-bit registers each of Groups warpgroups would keep live in its
/// loop (estimateLoopRegisters, plus what its PTX sequences need) when
/// warpgroup g runs the components C whose GroupOf is g, beside the
/// scalars the default agent recomputes; with Groups 1, the one compute
/// warpgroup's need.
SmallVector<unsigned, 4>
warpgroupRegisterNeeds(const TileASLoopSchedule &S,
                       const TileASAgentPartition &Partition,
                       const TileASComputeComponents &C,
                       ArrayRef<unsigned> GroupOf, unsigned Groups);

/// The plan for components of ComponentSizes instructions each, with the
/// other agents laid out in Layout's order at Budgets (indexed by td id;
/// 0 unused) on machine M (TileASComputeSplit.h says how it is chosen).
TileASComputeSplitPlan planComputeWarpgroups(const tileas::model::Machine &M,
                                             ArrayRef<unsigned> Layout,
                                             ArrayRef<unsigned> Budgets,
                                             ArrayRef<unsigned> ComponentSizes);

/// A plan of two or more compute warpgroups, made concrete for one loop:
/// each warpgroup after the first is an agent of its own
/// (tileas/MIRExec/ComputeWarpgroups.h) that issues its components'
/// instructions in its own copy of the loop and its part of the code after
/// the loop (its epilogue).
struct TileASWarpgroupSplit {
  unsigned Warpgroups = 1;
  /// The agent that issues each scheduled instruction (indexed like
  /// S.Instrs) instead of its home agent; 0 keeps the home agent.
  std::vector<unsigned> OpAgent;
  /// An instruction after the loop (in its exit block) that an extra
  /// warpgroup runs: moved to its exit, or for a scalar that others read
  /// too (a row's address), copied there.
  struct EpilogueInstr {
    MachineInstr *MI = nullptr;
    unsigned Agent = 0;
    bool Copy = false;
  };
  /// In block order.
  SmallVector<EpilogueInstr, 16> Epilogue;
  /// The agents that read each of the loop's values after it (the default
  /// agent for what stays in the exit block).
  DenseMap<Register, SmallVector<unsigned, 2>> LiveOutReaders;
  /// Where the warps go (placeComputeWarpgroups), Warpgroups of them for
  /// the default agent.
  TileASWarpgroupPlacement Placement;
  /// The extra warpgroup's agent that MI moves to (0: none).
  unsigned epilogueAgent(const MachineInstr *MI) const;
  /// Whether MI is copied into Agent's exit.
  bool copiedTo(const MachineInstr *MI, unsigned Agent) const;
};

/// Makes Plan concrete for the loop of S whose default agent's work is C
/// (computeComponents, neither Joined nor Shared), whose exit block is Exit:
/// the code after the loop goes to the warpgroup whose values it reads.
/// Returns nothing, with the reason in Why, when it cannot: Exit is not the
/// loop's only successor outside it with the loop its only predecessor,
/// holds PHIs, or an instruction there that an extra warpgroup would run
/// defines a value read elsewhere or cannot move (a terminator, a call,
/// side effects).
std::optional<TileASWarpgroupSplit>
splitComputeWarpgroups(const TileASLoopSchedule &S,
                       const TileASComputeComponents &C,
                       const TileASComputeSplitPlan &Plan,
                       MachineBasicBlock &Exit, std::string &Why);

/// -tileas-ws-compute-warpgroups: materialize the planned compute
/// warpgroups (off: the plan is reported only).
bool computeWarpgroupsRequested();

struct TileASLoopProblem;

/// Warp-specialized with -tileas-ws-compute-warpgroups, before scheduling:
/// each extra compute warpgroup's components (the td's count, balanced as
/// planComputeWarpgroups balances them) get the register group of its
/// agent, so that the register-aware scheduler fits each warpgroup to its
/// own limit (Limits, one per agent, extended with the extra warpgroups'
/// td budgets less what their PTX sequences need; the default agent's
/// lowered to what the register file leaves it beside them). Returns the
/// warpgroups (1: nothing changed).
unsigned splitComputeRegisterGroups(TileASLoopProblem &LP,
                                    SmallVectorImpl<unsigned> &Limits);

} // namespace llvm

#endif // TILEAS_TILEASCOMPUTESPLIT_H
