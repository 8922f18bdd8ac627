//===- TileASAgentRewrite.h - One loop's rewrite into agents ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Private to warp specialization: the state of one loop's rewrite into one
// loop per agent (TileASWarpSpecialize.h says what it makes). Its members
// are defined in TileASWarpSpecialize.cpp (the agents' loops, the dispatch)
// and TileASDispatchStart.cpp (how soon each agent's first instruction
// issues after the dispatch).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASAGENTREWRITE_H
#define TILEAS_TILEASAGENTREWRITE_H

#include "Materialize/TileASCoordination.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <vector>

namespace llvm {

/// One agent's part: the block that opens its region, its loop, its exit.
struct AgentRegion {
  MachineBasicBlock *Entry = nullptr;
  MachineBasicBlock *Loop = nullptr;
  MachineBasicBlock *Exit = nullptr;
  /// The loop's preheader: Entry, but for a tile nest (the block of the
  /// agent's tile loop that enters its inner loop).
  MachineBasicBlock *Pre = nullptr;
  /// A tile nest's agent: the header of its tile loop (the copy of the tile
  /// loop's blocks before the inner loop; its latch is Exit) and the block
  /// after its last tile (the rings' tails).
  MachineBasicBlock *TileHead = nullptr;
  MachineBasicBlock *Final = nullptr;
  /// Its ring iterations before the tile (PHI) and after it; its tile
  /// count (PHI) and the next.
  Register Base, BaseNext, Tile, TileNext;
  /// A tile nest's agent that commits the accumulator pipe (the MMA warp).
  bool CommitsAccumulators = false;
  /// The agent's copy of each instruction of the original loop it keeps.
  DenseMap<MachineInstr *, MachineInstr *> Copy;
  /// A tile nest's agent: its copy of each instruction of the tile loop's
  /// own blocks it keeps.
  DenseMap<const MachineInstr *, MachineInstr *> TileCopy;
  /// The agent's register for each register the original loop defines.
  DenseMap<Register, Register> Renamed;
  /// PIPE_TILE / PIPE_TMEM after each wait that has some.
  DenseMap<MachineInstr *, SmallVector<MachineInstr *, 2>> SlotReads;
};

class AgentRewrite {
public:
  AgentRewrite(const TileASLoopSchedule &S, const TileASCountedLoop &L,
               MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
               TileASCoordinationBuilder &Coord,
               const tileas::pipes::SolveResult &Sol,
               const TileASAgentPartition &Partition,
               std::vector<TileASAgentFit> &Fits,
               const TileASTileNestRewrite *Nest)
      : S(S), L(L), Loop(*L.Loop), Preheader(Preheader), Exit(Exit),
        Coord(Coord), Sol(Sol), Partition(Partition), Fits(Fits), Nest(Nest),
        MF(*Loop.getParent()), MRI(MF.getRegInfo()),
        TII(*MF.getSubtarget().getInstrInfo()), Regions(Partition.numAgents()) {
  }

  std::vector<TileASExpandedLoop>
  run(ArrayRef<MachineInstr *> Ordered,
      const DenseMap<MachineInstr *, int> &Stage);

private:
  MachineBasicBlock *newBlock(const BasicBlock *BB = nullptr) {
    MachineBasicBlock *MBB = MF.CreateMachineBasicBlock(BB);
    MF.insert(Loop.getIterator(), MBB);
    return MBB;
  }
  /// Does Agent's copy of the loop hold MI (the partition's answer, and
  /// for a tile nest's ring iterations, whether it holds a pipe op that
  /// reads it)?
  bool keeps(unsigned Agent, MachineInstr *MI) const;
  /// The value a crossing buffer has before the loop: Outer, or for a tile
  /// nest whose tile loop carries it, its value before the tile loop.
  Register outerValue(Register Outer) const;
  void cloneLoop(unsigned Agent);
  // A tile nest's rewrite (TileASTileNestRewrite.cpp).
  void countRingsAcrossTiles(std::vector<MachineInstr *> &Ordered,
                             DenseMap<MachineInstr *, int> &Stage);
  void hoistRingCreation();
  void cloneTileLoop(unsigned Agent);
  void pruneDefaultTileLoop();
  void countTiles(unsigned Agent, MachineBasicBlock &Head,
                  MachineBasicBlock &Latch, MachineBasicBlock &Entry,
                  Register RingAfter, bool Rings);
  void placeTileExit(unsigned Agent, const TileASCountedLoop &Counted,
                     ArrayRef<MachineInstr *> Created);
  void removeUnusedCounters();
  void makeTileInputPipes();
  // The agents' tile loops tightened (TileASTileLoopControl.cpp).
  void removeDeadTileWork();
  void hoistTileInvariants();
  void computeNextTileEarly();
  void loadNextTileAhead();
  bool loadAhead(MachineInstr &Load, MachineBasicBlock &Head,
                 MachineBasicBlock &TileLatch, MachineBasicBlock &Entry,
                 const SmallPtrSetImpl<MachineBasicBlock *> &Body);
  void allocateSecondCopies();
  void swapCopies(MachineBasicBlock &Head, MachineBasicBlock &Entry,
                  MachineBasicBlock &TileLatch, unsigned Agent);
  void readCrossings(unsigned Agent);
  void moveEpilogues();
  void pruneDefault();
  /// The registers every warp launches with (AGENT_SWITCH's inc|dec).
  unsigned launchRegisters() const;
  void removeDeadPhis(MachineBasicBlock &MBB);
  SmallVector<unsigned, 4> dispatchOrder() const;
  /// Agent A's AGENT_SWITCH sets Budget registers (raised after the
  /// dispatch was built).
  void setAgentSwitchBudget(unsigned A, unsigned Budget);
  void buildDispatch();
  void hoistTripCountTests();
  void hoistFirstAgentAddresses(const TileASExpandedLoop &First);
  void rotateFirstAgentAddresses(MachineBasicBlock &Body);
  void sinkPreambleIntoAgents();
  void readWarpIndexFirst();
  void enterFirstAgentByFallThrough(unsigned First);
  void fallThroughDispatch();
  bool skipIdleLoop(AgentRegion &R, const TileASCountedLoop &Counted);
  MachineBasicBlock *
  expandShortPath(const TileASExpandedLoop &Long, MachineBasicBlock &Entry,
                  ArrayRef<MachineInstr *> Order,
                  const DenseMap<MachineInstr *, int> &Scheduled);

  const TileASLoopSchedule &S;
  const TileASCountedLoop &L;
  MachineBasicBlock &Loop;
  MachineBasicBlock &Preheader;
  MachineBasicBlock &Exit;
  TileASCoordinationBuilder &Coord;
  const tileas::pipes::SolveResult &Sol;
  const TileASAgentPartition &Partition;
  std::vector<TileASAgentFit> &Fits;
  const TileASTileNestRewrite *Nest;
  MachineFunction &MF;
  MachineRegisterInfo &MRI;
  const TargetInstrInfo &TII;
  std::vector<AgentRegion> Regions;
  /// Each agent's first warp (indexed by agent id; TileASWarpLayout.h).
  SmallVector<unsigned, 4> FirstWarp;
  /// The dispatch's chain of warp-index tests, the first one first.
  SmallVector<MachineBasicBlock *, 4> Tests;
  DebugLoc DL;
  // A tile nest's rewrite.
  /// The tile loop's preheader (where the rings are created and the
  /// dispatch starts), header and latch, and the block after it.
  MachineBasicBlock *OuterPre = nullptr;
  MachineBasicBlock *Header = nullptr;
  MachineBasicBlock *Latch = nullptr;
  MachineBasicBlock *OuterExit = nullptr;
  /// Zero, made in OuterPre; the ring iterations before the tile, as the
  /// original loop reads it (each agent's copy reads its own).
  Register Zero, BaseReg;
  /// The loop's ring iteration after each iteration (its increment's
  /// result).
  Register RingNext;
  /// The loop's ring iteration (a PHI from base) and its increment, and the
  /// pipe ops that read it.
  DenseMap<MachineInstr *, SmallVector<MachineInstr *, 4>> RingIters;
  /// The tile loop's own instructions before the rewrite.
  SmallPtrSet<const MachineInstr *, 32> TileOwn;
  /// Each drain's empty barrier (its accumulator pipe's), by pipe id.
  DenseMap<unsigned, unsigned> DrainEmpty;
  /// Double-buffered accumulators: each buffer the drains hand over (as
  /// allocated before the tile loop) and its second copy.
  SmallVector<std::pair<Register, Register>, 2> Copies;
  /// The tiles the tile loop loads for another agent's inner loop, each
  /// handed over by a per-tile pipe (TileASTileInputPipe.cpp).
  std::vector<TileASTileInputPipe> TileInputs;
};

/// One past the largest barrier id (full or empty) any PIPE_CREATE of MF
/// names: the first a pipe made now may take.
unsigned firstUnusedPipeBarrier(const MachineFunction &MF);

} // namespace llvm

#endif // TILEAS_TILEASAGENTREWRITE_H
