//===- TileASLoopExpander.h - Prologue, kernel, epilogue from a schedule --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Expands a single-block counted loop under a modulo schedule of S stages.
// Step t of the pipelined loop runs stage s of iteration t - s for every s,
// each in the kernel order (cycle modulo II, the older iteration first):
//
//   preheader:  if the trip count T is below S, branch to the original loop
//   prologue:   steps 0 .. S-2 (straight-line: iterations 0 .. S-2 start)
//   kernel:     steps S-1 .. T-1 (a loop of T - S + 1 passes; its exit test
//               is the stage-0 compare of the newest iteration)
//   epilogue:   steps T .. T+S-2 (straight-line: the last S-1 iterations end)
//   exit:       PHIs join the pipelined and the original loop's live-outs
//
// The original loop stays as the path for T < S (it is deleted when T is
// known to be at least S, and the loop is left alone when T is known to be
// below S). Every copy of an instruction gets fresh virtual registers. A use
// names the iteration whose value it needs; in straight-line code that value
// is the copy made for that iteration, in the kernel it is either this
// pass's copy or a PHI that carries a value made one or more passes earlier.
// Loop-carried PHIs are followed back to the value they carry, or to their
// initial value for iteration 0, so the expansion needs no stage for PHIs.
//
// This replaces LLVM's ModuloScheduleExpander, whose PHI generation and
// early exits from every prologue block failed on loops whose values live
// across several stages.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASLOOPEXPANDER_H
#define TILEAS_TILEASLOOPEXPANDER_H

#include "Pipeliner/TileASCountedLoop.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Error.h"

namespace llvm {

class MachineFunction;
class MachineInstr;

/// What a copy made by the expansion is: the position in Order of the
/// instruction it copies, and the iteration it works on, named as the
/// expander names it (see TileASLoopExpander.cpp): absolute in the prologue,
/// an offset from the pass number in the kernel, an offset from T - S (T the
/// trip count, S the stage count) in the epilogue.
struct TileASLoopCopy {
  enum PartKind : uint8_t { Prologue, Kernel, Epilogue } Part = Kernel;
  unsigned OrderIndex = 0;
  int64_t Iter = 0;
};

/// The blocks an expansion made. Kernel is null when the loop was left alone
/// (a trip count known to be below the stage count); Fallback is the
/// original loop when it remains as the path for short trip counts. When
/// the schedule has one stage, Kernel is the original loop, reordered.
struct TileASExpandedLoop {
  MachineBasicBlock *Prologue = nullptr;
  MachineBasicBlock *Kernel = nullptr;
  MachineBasicBlock *Epilogue = nullptr;
  MachineBasicBlock *Fallback = nullptr;
  /// The stages expanded: the schedule's, or more for an agent whose
  /// far-memory loads issue further ahead (TileASAgentPrefetch.h).
  unsigned NumStages = 0;
  /// Every copy in the prologue, kernel and epilogue (not the carrying PHIs
  /// and branches the expansion adds).
  DenseMap<const MachineInstr *, TileASLoopCopy> Copies;
};

/// Puts the instructions of Order, all in MBB, right after its PHIs in that
/// order.
void reorderBlock(MachineBasicBlock &MBB, ArrayRef<MachineInstr *> Order);

/// Whether expandPipelinedLoop can expand Loop: every PHI of the loop and of
/// its exit names each predecessor of its block exactly once. (The machine
/// verifier accepts a PHI that names a predecessor twice, with different
/// values; the expansion would pick one, or leave a value of the deleted
/// loop behind.) The error names the PHI.
Error checkExpandable(const TileASCountedLoop &Loop);

/// Expands Loop, which checkExpandable accepts and whose preheader and exit
/// are dedicated (the preheader's only
/// successor and the exit's only predecessor are the loop). Order lists
/// every instruction of the loop body but the PHIs and terminators in kernel
/// order; Stage gives each one's stage (0 .. NumStages - 1); the exit test
/// must be in stage 0.
TileASExpandedLoop
expandPipelinedLoop(const TileASCountedLoop &Loop, MachineBasicBlock &Preheader,
                    ArrayRef<MachineInstr *> Order,
                    const DenseMap<MachineInstr *, int> &Stage,
                    unsigned NumStages);

} // namespace llvm

#endif // TILEAS_TILEASLOOPEXPANDER_H
