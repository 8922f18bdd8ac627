//===- TileASTileWork.h - The tile loop's own work, per agent ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Warp-specialized, a persistent kernel gives each agent its own copy of the
// loop over tiles (TileASTileNest), holding only that agent's work: the load
// warp its tile coordinates and TMA loads, the MMA warp its MMA chain, the
// compute warps the epilogue (tensor-memory loads, stores). This is the
// per-tile half of that partition; TileASAgentPartition is the inner loop's.
//
// The tile loop's own instructions (its blocks before and after the inner
// loop) go to agents by the same rules as the inner loop's:
//
//  * every agent keeps the tile loop's control: its terminators and what
//    they read;
//  * an instruction with memory, side effects, an asynchronous unit or a
//    non-scalar result goes to its home agent (homeAgentOf: the epilogue's
//    TMEM_LD and global stores to the compute warps);
//  * scalar arithmetic and PHIs go to every agent that reads them, directly
//    or through the inner loop's instructions that agent keeps, as the
//    inner loop's scalars are recomputed by each agent; so do scalar loads
//    of memory the nest does not write (isUnwrittenLoad: a grouped GEMM's
//    k-tile count, which every agent's k-loop control reads);
//  * a buffer (tile or tensor-memory value) that the inner loop's agent
//    writes and another agent reads in the tile loop (the accumulators the
//    epilogue loads) is a crossing: it goes over the accumulator pipe
//    between the MMA agent and the epilogue (TileASAccumulatorBuffers.h);
//  * a tile that one agent loads asynchronously (a TMA) in the tile loop's
//    blocks before the inner loop, and only another agent's copy of the
//    inner loop reads (the persistent attention's Q, loaded by the load
//    warp, read by the MMA warp's S = Q K^T), is a tile input: it goes over
//    a per-tile pipe from the loading agent to the reading one
//    (tileInputs; the rewrite makes the pipe of the inner loop's
//    consumer-only pipe that waits for it);
//  * anything else an agent would need from another (a non-scalar value
//    made for one agent and read by another, a scalar the inner loop makes
//    only in another agent) makes the nest stay unspecialized: why() says
//    which value, its definition and both agents.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASTILEWORK_H
#define TILEAS_TILEASTILEWORK_H

#include "Materialize/TileASLoopNest.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/Register.h"

#include <string>
#include <vector>

namespace llvm {

class MachineInstr;
class MachineMemOperand;

/// A buffered value of the inner loop that an agent reads in the tile loop's
/// own blocks while another agent's copy of the inner loop writes it.
struct TileASTileCrossing {
  /// The agent whose inner loop writes it, and the one that reads it.
  unsigned From = 0;
  unsigned To = 0;
};

class TileASTileWork {
public:
  /// Does Agent's copy of the inner loop hold MI (an instruction of the
  /// inner loop block)?
  using InnerKeeps = function_ref<bool(unsigned Agent, const MachineInstr &)>;

  /// Assigns the tile loop's own instructions of Nest to agents 1 ..
  /// NumAgents, given which agents keep each inner-loop instruction.
  static TileASTileWork analyze(const TileASTileNest &Nest, unsigned NumAgents,
                                InnerKeeps Keeps);

  /// Empty when every agent's copy of the tile loop can be built, else why
  /// not.
  const std::string &why() const { return Why; }

  /// Does Agent's copy of the tile loop hold MI (an instruction of a block
  /// of the tile loop other than the inner loop)?
  bool keeps(unsigned Agent, const MachineInstr *MI) const {
    return Keep[Agent - 1].count(MI);
  }
  /// How many of the tile loop's own instructions (PHIs and terminators
  /// included) Agent keeps.
  unsigned numKept(unsigned Agent) const { return Keep[Agent - 1].size(); }

  /// The inner loop's buffers read in the tile loop by another agent, in
  /// the order found.
  const MapVector<Register, TileASTileCrossing> &crossings() const {
    return Crossings;
  }
  /// The tiles an agent loads in the tile loop for another agent's inner
  /// loop (From loads, To reads), in the order found.
  const MapVector<Register, TileASTileCrossing> &tileInputs() const {
    return TileInputs;
  }

  /// Does MI load only what a load of the tile loop that isUnwrittenLoad
  /// accepted loads (its copies in the agents' tile loops share its memory
  /// operands)? Such a load may be issued ahead, for the next tile
  /// (AgentRewrite::loadNextTileAhead).
  bool loadsUnwritten(const MachineInstr &MI) const;

private:
  TileASTileWork(const TileASTileNest &Nest, unsigned NumAgents,
                 InnerKeeps Keeps)
      : Nest(&Nest), Keeps(Keeps), Keep(NumAgents), Worklist(NumAgents) {}
  bool isOwn(const MachineInstr &MI) const;
  /// A scalar load of memory that no store of the nest can write (it reads
  /// through a noalias argument no store is based on): every agent that
  /// reads its value loads it itself.
  bool isUnwrittenLoad(const MachineInstr &MI) const;
  /// Agent's inner loop reads R (User), a tile that another agent (Home)
  /// loads asynchronously before the inner loop: records it as a tile
  /// input, or says why it cannot be one.
  void readTileInput(unsigned Agent, unsigned Home, Register R,
                     const MachineInstr &Def, const MachineInstr &User);
  void add(unsigned Agent, const MachineInstr &MI);
  void need(unsigned Agent, Register R, const MachineInstr &User);
  void close(unsigned Agent);
  void fail(const std::string &Reason) {
    if (Why.empty())
      Why = Reason;
  }

  // Set during analyze only (the nest and the callable need not outlive
  // it).
  const TileASTileNest *Nest;
  InnerKeeps Keeps;
  std::vector<DenseSet<const MachineInstr *>> Keep;
  std::vector<std::vector<const MachineInstr *>> Worklist;
  MapVector<Register, TileASTileCrossing> Crossings;
  MapVector<Register, TileASTileCrossing> TileInputs;
  /// The memory operands of the tile loop's loads that isUnwrittenLoad
  /// accepted (only looked up).
  SmallPtrSet<const MachineMemOperand *, 4> UnwrittenReads;
  std::string Why;
};

} // namespace llvm

#endif // TILEAS_TILEASTILEWORK_H
