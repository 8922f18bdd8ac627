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
  /// The agent's copy of each instruction of the original loop it keeps.
  DenseMap<MachineInstr *, MachineInstr *> Copy;
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
               std::vector<TileASAgentFit> &Fits)
      : S(S), L(L), Loop(*L.Loop), Preheader(Preheader), Exit(Exit),
        Coord(Coord), Sol(Sol), Partition(Partition), Fits(Fits),
        MF(*Loop.getParent()), MRI(MF.getRegInfo()),
        TII(*MF.getSubtarget().getInstrInfo()), Regions(Partition.numAgents()) {
  }

  std::vector<TileASExpandedLoop>
  run(ArrayRef<MachineInstr *> Ordered,
      const DenseMap<MachineInstr *, int> &Stage);

private:
  MachineBasicBlock *newBlock() {
    MachineBasicBlock *MBB = MF.CreateMachineBasicBlock();
    MF.insert(Loop.getIterator(), MBB);
    return MBB;
  }
  void cloneLoop(unsigned Agent);
  void readCrossings(unsigned Agent);
  void pruneDefault();
  void removeDeadPhis(MachineBasicBlock &MBB);
  SmallVector<unsigned, 4> dispatchOrder() const;
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
  MachineFunction &MF;
  MachineRegisterInfo &MRI;
  const TargetInstrInfo &TII;
  std::vector<AgentRegion> Regions;
  /// Each agent's first warp (indexed by agent id; TileASWarpLayout.h).
  SmallVector<unsigned, 4> FirstWarp;
  /// The dispatch's chain of warp-index tests, the first one first.
  SmallVector<MachineBasicBlock *, 4> Tests;
  DebugLoc DL;
};

} // namespace llvm

#endif // TILEAS_TILEASAGENTREWRITE_H
