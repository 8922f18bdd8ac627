//===- TileASTileNestPipeline.h - Rings kept across tiles -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The unspecialized form of a tile nest (TileASTileNest: one loop over
// tiles around a single-block k-loop) with its rings kept across tiles
// (-tileas-unspecialized-tile-nests; docs/persistent.md, "The unspecialized
// tile nest"). Today's form is local to the k-loop: the tile loop's header
// creates the rings again at every tile and the k-loop's exit ends with the
// producer's tail. This one:
//
//  * before the expansion, makes every pipe op of the k-loop read a ring
//    iteration from a PHI beside the induction value, which starts at the
//    tile's base and counts with it; the tile loop carries base (0 at the
//    first tile, then the ring iteration after the k-loop), so slots and
//    phases run on from one tile into the next;
//  * after the expansion and its self-check (which runs one entry of the
//    k-loop, with base 0), moves the PIPE_CREATEs to the tile loop's
//    preheader and the producer's tails after the last tile, at the ring
//    iterations after it. A pipe used once per entry of the k-loop (a
//    drain's commit and wait, a consumer-only pipe's: no release) is still
//    created at every tile.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MATERIALIZE_TILEASTILENESTPIPELINE_H
#define TILEAS_MATERIALIZE_TILEASTILENESTPIPELINE_H

#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASLoopNest.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "tileas/Pipes/PipeSolve.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/CodeGen/Register.h"

#include <string>
#include <vector>

namespace llvm {

class MachineInstr;

/// Whether -tileas-unspecialized-tile-nests is on.
bool unspecializedTileNestsEnabled();

class TileASTileNestPipeline {
public:
  /// Why the tile nest TN around Loop (its inner loop, whose preheader and
  /// exit are Preheader and Exit) keeps today's form under the solve Sol;
  /// empty if its rings can be kept across tiles.
  static std::string whyNotAcrossTiles(const TileASTileNest &TN,
                                       const TileASCountedLoop &Loop,
                                       const MachineBasicBlock &Preheader,
                                       const MachineBasicBlock &Exit,
                                       const tileas::pipes::SolveResult &Sol);

  TileASTileNestPipeline(const TileASTileNest &TN,
                         const TileASCountedLoop &Loop,
                         MachineBasicBlock &Preheader, MachineBasicBlock &Exit);

  /// Before the expansion: the pipe ops in Ordered read the ring iteration,
  /// whose increment joins Ordered (before the induction value's) and Stage
  /// (the induction increment's stage).
  void countRingsAcrossTiles(std::vector<MachineInstr *> &Ordered,
                             DenseMap<MachineInstr *, int> &Stage);
  /// The ring iteration's increment, which the self-check places as the
  /// induction value's increment.
  MachineInstr *ringIncrement() const { return RingInc; }
  const MachineInstr *inductionIncrement() const { return Loop.Increment; }

  /// After the expansion and its self-check: the rings of Sol created once,
  /// before the tile loop, and their producer's tails after the last tile
  /// (a drain or a consumer-only pipe is still created at every tile).
  /// Created is every instruction the coordination made (some may have been
  /// deleted with the original loop: only compared, never read).
  void keepRingsAcrossTiles(const tileas::pipes::SolveResult &Sol,
                            ArrayRef<MachineInstr *> Created);

  /// After keepRingsAcrossTiles, with -tileas-unspecialized-tile-nest-
  /// prefetch: the next tile's stage-0 ops of iterations 0 .. S-2 issued
  /// during this tile's drain (TileASTileNestPipelinePrefetch.h). Returns
  /// why not (the function unchanged), or empty when they are.
  std::string prefetchNextTile(const TileASExpandedLoop &Expanded);

private:
  MachineBasicBlock *finalBlock();

  TileASTileNest TN;
  TileASCountedLoop Loop;
  MachineBasicBlock &Preheader;
  MachineBasicBlock &Exit;
  MachineBasicBlock *Header = nullptr;
  MachineBasicBlock *Latch = nullptr;
  MachineBasicBlock *OuterPre = nullptr;
  MachineBasicBlock *OuterExit = nullptr;
  MachineBasicBlock *Final = nullptr;
  MachineInstr *BasePhi = nullptr;
  MachineInstr *RingInc = nullptr;
  Register Zero;
  /// The stage of each instruction of the expansion's order, by index.
  std::vector<int> StageOf;
  /// The pipes created once, before the tile loop.
  SmallSet<unsigned, 8> Rings;
};

} // namespace llvm

#endif // TILEAS_MATERIALIZE_TILEASTILENESTPIPELINE_H
