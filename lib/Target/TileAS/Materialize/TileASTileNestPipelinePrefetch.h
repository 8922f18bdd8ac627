//===- TileASTileNestPipelinePrefetch.h - Next tile's loads in the drain --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The unspecialized tile nest with its rings kept across tiles
// (TileASTileNestPipeline) fills and drains its pipeline at every tile: the
// expansion's epilogue (steps T .. T + S - 2) issues no stage-0 work, and
// the next tile's prologue issues its loads only after the tile's own
// epilogue. This step issues the next tile's stage-0 ops of iterations
// 0 .. S - 2 during the current tile's drain, as the kernel would if the
// k-loop went on:
//
//   kernel -> next?     the next tile's existence (the tile loop's latch
//                       test, computed from a copy of the scalar chain after
//                       the k-loop) ...
//          -> count?    ... and, when its k-tile count varies per tile, a
//                       trip count of at least S (a copy of the tile loop's
//                       scalar Before blocks for the next tile);
//          -> drain+    the epilogue with the next tile's stage-0 ops of
//                       iteration e in its step e + 1, in kernel order;
//          -> drain     otherwise, the epilogue as it was.
//
// The values the next tile's prologue and kernel read from those ops cross
// the tile loop's back edge in PHIs, with a flag "prefetched"; the next
// tile's preheader then enters a second prologue without the stage-0 ops
// (a prefetched tile), or the prologue as it was. Ring iterations count
// across tiles, so the ops in the drain acquire the slots the kernel would
// have: iterations base + T + e.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MATERIALIZE_TILEASTILENESTPIPELINEPREFETCH_H
#define TILEAS_MATERIALIZE_TILEASTILENESTPIPELINEPREFETCH_H

#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASLoopNest.h"
#include "Pipeliner/TileASCountedLoop.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/CodeGen/Register.h"

#include <string>
#include <vector>

namespace llvm {

class MachineInstr;
class MachineRegisterInfo;
class TargetInstrInfo;

/// Whether -tileas-unspecialized-tile-nest-prefetch is on.
bool unspecializedTileNestPrefetchEnabled();

/// What the prefetch needs of the nest whose rings are kept across tiles.
struct TileNestPrefetchInput {
  const TileASTileNest *TN = nullptr;
  const TileASCountedLoop *Loop = nullptr;
  MachineBasicBlock *Preheader = nullptr; ///< The k-loop's: Before.back().
  MachineBasicBlock *Exit = nullptr;      ///< The k-loop's: After.front().
  MachineBasicBlock *OuterPre = nullptr;  ///< The tile loop's preheader.
  Register Zero;                          ///< 0, defined in OuterPre.
  Register Base; ///< The ring iteration of the tile's first k-tile.
  /// The stage of each instruction of the expansion's order, by index.
  ArrayRef<int> StageOf;
  /// The pipes created once, before the tile loop.
  const SmallSet<unsigned, 8> *Rings = nullptr;
  const TileASExpandedLoop *Expanded = nullptr;
};

class TileASTileNestPrefetch {
public:
  explicit TileASTileNestPrefetch(const TileNestPrefetchInput &In);

  /// Why the next tile's loads are not issued during this tile's drain
  /// (empty if they can be); changes nothing.
  std::string whyNot();
  /// Builds the prefetch; whyNot() must have returned empty.
  void run();

private:
  enum class When { Current, Next };
  /// The value of R at the end of the current tile (Current) or in the next
  /// tile (Next), evaluated on the drain's path; with Emit false only
  /// checks that it can be (the reason in Why), else builds the copies.
  Register valueOf(Register R, When W, bool Emit);
  bool canCopy(const MachineInstr &MI);
  /// Whether R may differ from one tile to the next (read from the tile
  /// loop's PHIs or loaded in it).
  bool variesPerTile(Register R) const;
  bool inBefore(const MachineBasicBlock *MBB) const;
  bool inAfter(const MachineBasicBlock *MBB) const;
  bool inTileLoop(const MachineBasicBlock *MBB) const;
  int stageOfCopy(const MachineInstr &MI) const;
  bool isStageZeroPrologueCopy(const MachineInstr &MI) const;
  /// Chooses the prologue's stage-0 copies the drain issues for the next
  /// tile (StageZero); why none, or empty.
  std::string chooseMoved();
  std::string describe(const MachineInstr &MI) const;
  /// Register for a use in a next-tile copy of a prologue stage-0 op.
  Register nextLoopValue(Register R, bool Emit);
  void buildTests();
  void buildPrefetchingDrain();
  void buildCrossings();
  void buildPrefetchedPrologue();

  TileNestPrefetchInput In;
  MachineFunction &MF;
  MachineRegisterInfo &MRI;
  const TargetInstrInfo &TII;
  MachineBasicBlock *Header = nullptr;
  MachineBasicBlock *Latch = nullptr;
  MachineBasicBlock *Prologue = nullptr;
  MachineBasicBlock *Kernel = nullptr;
  MachineBasicBlock *Epilogue = nullptr;
  unsigned S = 0;
  /// The latch's condition under which the tile loop goes on.
  SmallVector<MachineOperand, 2> MoreTiles;
  /// Whether the next tile's k-tile count must be tested (it varies).
  bool CountVaries = false;
  std::string Why;

  /// The prologue's stage-0 copies the drain issues for the next tile, in
  /// order (its loads, their acquires and commits, the scalars they read);
  /// those whose values the rest of the prologue or the kernel reads (the
  /// values that cross tiles).
  std::vector<MachineInstr *> StageZero;
  std::vector<Register> Crossing;

  MachineBasicBlock *NextTest = nullptr; ///< The next tile's existence.
  MachineBasicBlock *CountTest = nullptr;
  MachineBasicBlock *Drain = nullptr; ///< The epilogue with the next loads.
  MachineBasicBlock *Select = nullptr;
  MachineBasicBlock *Prefetched = nullptr; ///< The prologue without them.
  DenseMap<Register, Register> CurCopy, NextCopy, Checked[2];
  /// The next tile's copy of each prologue stage-0 def, in Drain.
  DenseMap<Register, Register> NextLoop;
  /// Each crossing value's PHI in the tile loop's header.
  DenseMap<Register, Register> HeaderValue;
  Register PrefetchedFlag;
};

} // namespace llvm

#endif // TILEAS_MATERIALIZE_TILEASTILENESTPIPELINEPREFETCH_H
