//===- TileASMaterializePass.h - The materialization pass -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The tileas-materialize-schedule pass's class, shared by its two files:
// TileASMaterializeSchedule.cpp (checks, coordination, expansion, remarks)
// and TileASMaterializeAgents.cpp (the choice of warp specialization and
// the split into agent loops).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MATERIALIZE_TILEASMATERIALIZEPASS_H
#define TILEAS_MATERIALIZE_TILEASMATERIALIZEPASS_H

#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASLoopNest.h"
#include "Materialize/TileASMaterializeCheck.h"
#include "Materialize/TileASMaterializeSchedule.h"
#include "Materialize/TileASTileNestPipeline.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASTileWork.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {

class TileASMaterializeSchedule : public MachineFunctionPass {
public:
  static char ID;
  TileASMaterializeSchedule() : MachineFunctionPass(ID) {}
  explicit TileASMaterializeSchedule(
      const TileASMaterializeScheduleOptions &Opts)
      : MachineFunctionPass(ID), Given(Opts) {}

  StringRef getPassName() const override {
    return "TileAS materialize schedule";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.addRequired<TileASScheduleAnalysis>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  /// A loop between the steps of its materialization.
  struct LoopInProgress {
    LoopInProgress(const TileASLoopSchedule &S,
                   const TileASPipelinerOptions &Opts)
        : Coord(S, Opts) {}
    TileASCountedLoop Counted;
    MachineBasicBlock *Preheader = nullptr;
    MachineBasicBlock *Exit = nullptr;
    unsigned FirstPipeId = 0;
    TileASCoordinationBuilder Coord;
    std::optional<tileas::pipes::SolveResult> Solution;
    /// Set when the loop is warp-specialized.
    std::optional<TileASAgentPartition> Partition;
    /// Set when the loop is a tile nest's inner loop, specialized with the
    /// nest (-tileas-ws-tile-nests).
    std::optional<TileASTileNest> TileNest;
    std::optional<TileASTileWork> TileWork;
    unsigned AccumulatorCopies = 1;
    /// Slots of the per-tile pipes of its tile inputs (Q), 1 or 2.
    unsigned TileInputDepth = 1;
    /// Set when the loop is a tile nest's inner loop, unspecialized, whose
    /// rings are kept across tiles (-tileas-unspecialized-tile-nests).
    std::optional<TileASTileNestPipeline> AcrossTiles;
    /// The kernel order of the loop's body, and each instruction's stage.
    std::vector<MachineInstr *> Ordered;
    DenseMap<MachineInstr *, int> Stage;
  };

  /// Materializes the loop of S, step by step; true if it changed the
  /// function.
  bool materialize(const TileASLoopSchedule &S);
  /// Checks S against its block and its loop's dependences (the boundary
  /// check of the handed-over value: a MIR annotation may say anything).
  bool checkSchedule(const TileASLoopSchedule &S);
  /// The loop's counted control, single entry and expandability.
  bool checkLoopControl(const TileASLoopSchedule &S, LoopInProgress &L);
  /// Solves the loop's coordination in the form asked for; a refusal is
  /// reported and leaves the function unchanged.
  bool solveCoordination(const TileASLoopSchedule &S, LoopInProgress &L,
                         bool Specialized);
  /// Why the loop is not warp-specialized (empty if it is; the partition
  /// is then in L).
  std::string whyNotSpecialized(const TileASLoopSchedule &S, LoopInProgress &L);
  /// Why the partition's agents do not fit the machine: their issue over
  /// the schedule's II, a register budget exceeded (empty if they fit;
  /// the budgets only with Registers).
  std::string whyAgentsDoNotFit(const TileASLoopSchedule &S,
                                const TileASCountedLoop &Counted,
                                const TileASAgentPartition &Partition,
                                bool Registers = true);
  /// Warp-specialized strategy: keeps the partition, or says why not and
  /// solves the coordination again for the unspecialized form.
  bool chooseWarpSpecialization(const TileASLoopSchedule &S, LoopInProgress &L);
  /// Why a nested loop (inside the loop of Outer) is not warp-specialized;
  /// for a tile nest, also the remark with its agents' plan.
  std::string whyNestNotSpecialized(const TileASLoopSchedule &S,
                                    LoopInProgress &L,
                                    const MachineBasicBlock &Outer);
  /// Unspecialized, a tile nest's inner loop: whether its rings are kept
  /// across tiles (in L), with a remark either way.
  void chooseRingsAcrossTiles(const TileASLoopSchedule &S, LoopInProgress &L);
  /// Gives the loop a preheader and an exit of its own.
  bool dedicateEntryAndExit(const TileASLoopSchedule &S, LoopInProgress &L);
  /// Writes the solved coordination into the preheader, loop and exit.
  void placeCoordination(LoopInProgress &L);
  /// The kernel order and stages of the loop's body; puts the original
  /// loop's body in the order the schedule issues an iteration.
  void orderLoop(const TileASLoopSchedule &S, LoopInProgress &L);
  /// What the self-check needs to know about the loop before expansion.
  TileASMaterializedLoop describeForSelfCheck(const TileASLoopSchedule &S,
                                              const LoopInProgress &L);
  /// Expands the unspecialized loop and checks the result.
  bool expandAndCheck(const TileASLoopSchedule &S, LoopInProgress &L);
  /// The remark on the next tile's loads issued during this tile's drain.
  void remarkTilePrefetch(MachineBasicBlock &Kernel, int LoopNumber,
                          StringRef Why);
  void remarkMaterialized(const TileASLoopSchedule &S, const LoopInProgress &L,
                          const TileASExpandedLoop &Expanded);
  void error(const TileASLoopSchedule &S, const Twine &Msg);
  /// The remark for a loop the coordination leaves unchanged (a limitation
  /// of ours, or too few named barriers left by the user's reservation).
  void remarkLeftUnchanged(MachineBasicBlock &Loop,
                           const LoopLeftUnchanged &Left);
  /// The remark for a loop left unchanged where it sits (TileASLoopNest.h).
  void remarkNestLeftUnchanged(MachineBasicBlock &Loop, StringRef Why);
  /// The function being materialized (an annotation may name no block).
  MachineFunction *CurMF = nullptr;
  /// The control around the function's loops.
  std::optional<TileASLoopNest> Nest;
  std::string describe(const MachineInstr &MI) const;

  /// Splits the loop into one loop per agent (WarpSpecialize/).
  bool specialize(const TileASLoopSchedule &S, LoopInProgress &L);
  /// Whether the default agent's work falls into independent components
  /// that compute warpgroups of their own would run (TileASComputeSplit.h);
  /// returns the split when it is planned, -tileas-ws-compute-warpgroups
  /// asks for it and the code after the loop divides.
  std::optional<TileASWarpgroupSplit>
  remarkComputeSplit(const TileASLoopSchedule &S, const LoopInProgress &L,
                     const TileASAgentPartition &Partition);
  /// Solves the coordination and partitions the loop again with Split's
  /// compute warpgroups; false (with a remark, and L as it was) when they
  /// do not fit.
  bool splitComputeWork(const TileASLoopSchedule &S, LoopInProgress &L,
                        TileASWarpgroupSplit Split);
  /// Each agent loop's register need and prefetch distance.
  void remarkAgentLoops(const TileASLoopSchedule &S,
                        ArrayRef<TileASExpandedLoop> Loops,
                        ArrayRef<TileASAgentFit> Fits);

  /// An earlier loop's materialization changed the function: what
  /// generation derived from the function outside the loop must be checked
  /// (the coordination's description, isCoordinationCurrent) or read again
  /// (the induction's start).
  bool FunctionChanged = false;
  /// Options given when the pass was made; else read at each run.
  std::optional<TileASMaterializeScheduleOptions> Given;
  TileASMaterializeScheduleOptions Opts;
  MachineLoopInfo *MLI = nullptr;
  MachineOptimizationRemarkEmitter *ORE = nullptr;
  /// A loop of this function was warp-specialized: its other loops are not
  /// (the agents' code after their loop is the default agent's alone).
  bool Specialized = false;
};

} // namespace llvm

#endif // TILEAS_MATERIALIZE_TILEASMATERIALIZEPASS_H
