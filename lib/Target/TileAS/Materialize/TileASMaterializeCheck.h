//===- TileASMaterializeCheck.h - Check an expansion ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What tileas-materialize-schedule checks about its own output, for one loop,
// before anything else relies on it:
//
//  * barriers: every barrier of the loop's pipes and mutexes lies within the
//    budget (the unreserved ids) and no two of them share an id; every pipe
//    has one PIPE_CREATE in the preheader with the solved depth and
//    barriers, and every PIPE_ operation names the barrier of its role;
//  * stage and order: every copy in the prologue, kernel and epilogue works
//    on the iteration its stage in the analysis puts it in, and the copies
//    of each block follow the analysis' order (in the prologue and epilogue
//    step by step, in the kernel by cycle modulo II, older iteration first,
//    then order; in the original loop, kept for short trip counts, by cycle
//    then order), coordination next to the instruction it guards;
//  * the protocol in issue order, on every path through the expansion for
//    trip counts around the stage count and past a wrap of every ring: each
//    pipe operation names, through its induction value, the iteration its
//    copy belongs to; a producer acquires slot k only after iteration
//    k - depth released it, writes between its acquire and its commit, and
//    every consumer is preceded by a wait on the slot its producer
//    committed and followed by its release; mutex regions alternate their
//    sides, hold every member of the mutex group, and never nest; every
//    iteration is acquired, committed, waited for and released exactly once.
//
// The walk is the MIR executor's static one (MIRExecutor::runPathBlock,
// lib/MIRExec): it computes the values along the path each trip count takes;
// the check is its visitor.
//
// Asynchronous completion is the protocol checker's business
// (tileas-protocol-check explores every interleaving); this check fixes the
// order in which the issuing thread issues everything, which no interleaving
// can repair.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASMATERIALIZECHECK_H
#define TILEAS_TILEASMATERIALIZECHECK_H

#include "Materialize/TileASLoopExpander.h"
#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/Register.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;

/// One materialized loop, as the self-check sees it. Instructions of the
/// original loop are named by their position in the kernel order that was
/// given to the expander (its OrderIndex).
struct TileASMaterializedLoop {
  const tileas::pipes::SolveResult *Solution = nullptr;
  /// The analysis' placement of each scheduled instruction, II and stages.
  ArrayRef<tileas::OpPlacement> Placement;
  unsigned II = 1;
  unsigned StageCount = 1;
  /// Named barrier ids FirstBarrier .. BarrierLimit - 1 may be used (by
  /// mutexes between thread groups; pipes are mbarriers).
  unsigned FirstBarrier = 0;
  unsigned BarrierLimit = 0;
  /// Per OrderIndex: the schedule index of the instruction, or for
  /// coordination the schedule index of the instruction it guards.
  SmallVector<unsigned, 32> SchedIndex;
  /// Instructions of the original loop (where it remains) by OrderIndex.
  DenseMap<const MachineInstr *, unsigned> LoopIndex;
  const TileASExpandedLoop *Expanded = nullptr;
  /// The original loop: the fallback, or the loop itself when it was left
  /// alone or has one stage; null when it was deleted.
  MachineBasicBlock *Loop = nullptr;
  MachineBasicBlock *Preheader = nullptr;
  MachineBasicBlock *Exit = nullptr;
  std::optional<int64_t> ConstantTripCount;
  /// Pipes whose release is loop-carried (Hopper): iteration k releases the
  /// slot of iteration k - 1, the exit the last iteration's.
  SmallVector<unsigned, 4> LoopCarriedReleases;
};

/// Returns a description of the first problem, or an empty string.
std::string checkMaterializedLoop(const TileASMaterializedLoop &L);

} // namespace llvm

#endif // TILEAS_TILEASMATERIALIZECHECK_H
