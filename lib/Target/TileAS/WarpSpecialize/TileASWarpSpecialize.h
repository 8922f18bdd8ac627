//===- TileASWarpSpecialize.h - One loop per agent --------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The warp-specialized form of a coordinated loop. After the preheader (which
// runs once, in every warp: the values and buffers made before the loop, and
// every PIPE_CREATE), the warps dispatch on their index to their agent:
//
//   dispatch:  %w = WARP_IDX; the agents' trip-count test, computed once
//              here so that its latency overlaps the dispatch's; then a
//              test per agent, the agent whose first op comes earliest in
//              the schedule first (SETPri %w, <its warp>, EQ for one warp;
//              LT the end or GE the start of its warps otherwise); BR_P to
//              it; ... BRA to the last agent. When the first-tested agent
//              holds warp 0, the first test branches away on the others
//              (BR_NP) and its warps fall through into its entry
//   agent k's entry also gets what the preheader computed for agent k
//   alone (its fragments, its constants), so other warps skip it
//   agent k:   AGENT_SWITCH k, warps, registers, inc|dec
//              its own copy of the loop (TileASAgentPartition says what it
//              holds), expanded under the schedule like the unspecialized
//              loop: trip-count test, prologue, kernel, epilogue
//   exit k:    the commits of the drains it produces, the tails of the rings
//              it produces; RET (the default agent instead goes on to the
//              loop's exit: the drains' waits and the code after the loop)
//
// A consumer reads a ring slot's buffer with PIPE_TILE / PIPE_TMEM right
// after its wait; an accumulator rewritten in place by another agent is read
// as the buffer allocated before the loop.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASWARPSPECIALIZE_H
#define TILEAS_TILEASWARPSPECIALIZE_H

#include "Materialize/TileASLoopExpander.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Pipes/PipeSolve.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/Register.h"

#include <string>

#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;
class TileASAgentPartition;
class TileASCoordinationBuilder;
class TileASTileWork;
struct TileASLoopSchedule;
struct TileASTileNest;

/// A tile nest specialized as a whole (docs/persistent.md, "Warp
/// specialization of a tile nest"): the loop warpSpecializeLoop is given is
/// the nest's inner loop; the dispatch goes before the tile loop, each agent
/// runs its own copy of it (Work says what it keeps of the tile loop's own
/// blocks), the rings are created once and count their iterations across
/// tiles, and the drains become per-tile accumulator pipes.
struct TileASTileNestRewrite {
  const TileASTileNest *Nest = nullptr;
  const TileASTileWork *Work = nullptr;
  /// Copies of the accumulators the drains hand over (planAccumulatorBuffers):
  /// with 2, tile t uses copy t mod 2, so the producer starts tile t + 1
  /// while the default agent reads tile t.
  unsigned AccumulatorCopies = 1;
  /// Slots of each per-tile pipe of a tile input (tileInputPipesOf): with
  /// 2, the load of tile t + 1's tile overlaps tile t's inner loop.
  unsigned TileInputDepth = 1;
};

/// A tile that an agent loads in a tile nest's tile loop for another
/// agent's inner loop (TileASTileWork::tileInputs: the persistent
/// attention's Q), and the consumer-only pipe of the inner loop's
/// coordination that waits for it. The rewrite makes that pipe a per-tile
/// ring counted in tiles: From acquires a slot before the load at each tile
/// and commits it (the copy engine's transaction bytes), To waits for it
/// before its inner loop and releases it after (tcgen05.commit for a tensor
/// core reader), and reads the slot (PIPE_TILE) instead of Tile.
struct TileASTileInputPipe {
  unsigned Pipe = 0;
  Register Tile;
  MachineInstr *Load = nullptr;
  unsigned From = 0, To = 0;
  uint64_t Bytes = 0;
};

/// The tile input each consumer-only pipe of Sol waits for (Instrs: the
/// inner loop's scheduled instructions, which the pipes' ops index), in
/// pipe order; Why says which pipe waits for something else, or which tile
/// input the rewrite cannot hand over (loaded or read by the default agent,
/// which keeps the original tile loop).
std::vector<TileASTileInputPipe>
tileInputPipesOf(const tileas::pipes::SolveResult &Sol,
                 ArrayRef<MachineInstr *> Instrs, const TileASTileWork &Work,
                 unsigned Default, std::string &Why);

/// Slots for the per-tile pipes of Inputs: 2 when the rings of Sol and two
/// slots of every tile input fit Capacity bytes of shared memory, else 1
/// with the reason in WhyOne.
unsigned planTileInputDepth(const tileas::pipes::SolveResult &Sol,
                            ArrayRef<TileASTileInputPipe> Inputs,
                            uint64_t Capacity, std::string &WhyOne);

/// Why warpSpecializeLoop cannot rewrite the tile nest Nest around its inner
/// loop Loop (scheduled instructions Instrs), coordinated by Sol, with Work's
/// division of the tile loop (empty when it can). Default is the machine's
/// default agent. Changes nothing.
std::string whyTileNestNotRewritten(const TileASTileNest &Nest,
                                    const TileASCountedLoop &Loop,
                                    const tileas::pipes::SolveResult &Sol,
                                    ArrayRef<MachineInstr *> Instrs,
                                    const TileASTileWork &Work,
                                    unsigned Default);

/// The register budget every warp starts with: the warps' average of the
/// agents' budgets, rounded down to the model's granule. An agent whose
/// budget is above it takes registers (setmaxnreg.inc), one below gives them
/// back (setmaxnreg.dec).
unsigned agentLaunchRegisters(const tileas::model::Machine &M);

/// Splits the loop of S, whose coordination Coord has placed (with the
/// partition's issuing agents), into one loop per agent behind a dispatch,
/// and expands each. Ordered is the kernel order of the loop's body and
/// Stage the stage of each of its instructions (as for expandPipelinedLoop).
/// Preheader and Exit are the loop's dedicated preheader and exit. Returns
/// the expansions, one per agent (agent k at k - 1), and in Fits each
/// agent's register need and the prefetch distance that keeps it within its
/// budget (the requested one, or less). With Nest, the whole tile nest
/// around the loop is rewritten (whyTileNestNotRewritten must have accepted
/// it).
std::vector<TileASExpandedLoop> warpSpecializeLoop(
    const TileASLoopSchedule &S, const TileASCountedLoop &Loop,
    MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
    TileASCoordinationBuilder &Coord, const tileas::pipes::SolveResult &Sol,
    const TileASAgentPartition &Partition, ArrayRef<MachineInstr *> Ordered,
    const DenseMap<MachineInstr *, int> &Stage,
    std::vector<TileASAgentFit> &Fits,
    const TileASTileNestRewrite *Nest = nullptr);

} // namespace llvm

#endif // TILEAS_TILEASWARPSPECIALIZE_H
