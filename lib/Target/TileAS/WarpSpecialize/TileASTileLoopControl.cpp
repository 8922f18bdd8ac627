//===- TileASTileLoopControl.cpp - Agents' tile loops, tightened ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// After a tile nest's agents have their own tile loops, each expanded inner
// loop (TileASTileNestRewrite.cpp): moves of scalar work that take the
// in-order issue's latency stalls off the way from one tile to the next
// (docs/persistent.md, "Measured: the generated warp-specialized form").
//
//  * First, what no one reads goes: the compute warps' copy of a value
//    only their idle inner loop read (a grouped GEMM's k-tile count, which
//    they would load at every tile for nothing).
//  * A tile-invariant branch condition leaves every agent's tile loop for
//    the agent's entry: the test whether the inner loop runs its pipelined
//    form (its start and bound do not change from tile to tile) ran at
//    every tile.
//  * The agent that commits the accumulator pipe (the MMA warp: its last
//    MMA of tile t and its first of t + 1 bound the steady state) also
//    moves its other tile-invariant integers to its entry (its pipelined
//    inner loop's prologue computes each stage's k from the constant
//    start), and computes the next tile's index in its tile header, where
//    its latency overlaps the tile's work, instead of in its latch between
//    the two tiles' MMAs. Predicates stay where they are computed: live
//    through the inner loop they would take predicate registers its
//    accumulate flags need (a spill at every tile). The load warp keeps
//    all of it where it is: in its entry the prologue's chain would delay
//    its first TMA (the MMA warp waits for that TMA anyway), and in its
//    header the tile index would stall every tile's first TMA.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordinationInput.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentRewrite.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace llvm;

/// Integer arithmetic or a compare on scalar registers, which can run
/// anywhere its operands are available: no memory, no side effects, no
/// coordination, one scalar result.
static bool isMovableScalar(const MachineInstr &MI,
                            const MachineRegisterInfo &MRI) {
  if (MI.isPHI() || MI.isTerminator() || MI.mayLoadOrStore() ||
      MI.hasUnmodeledSideEffects() || MI.isCall() || MI.isConvergent() ||
      TileAS::isCoordination(MI.getDesc()) || MI.getNumDefs() != 1 ||
      MI.getNumImplicitOperands())
    return false;
  Register Def = MI.getOperand(0).getReg();
  if (!Def.isVirtual())
    return false;
  const TargetRegisterClass *RC = MRI.getRegClass(Def);
  if (!TileAS::GPR32RegClass.hasSubClassEq(RC) &&
      !TileAS::GPR64RegClass.hasSubClassEq(RC) &&
      !TileAS::PREDRegClass.hasSubClassEq(RC))
    return false;
  return all_of(MI.uses(), [](const MachineOperand &MO) {
    return !MO.isReg() || MO.getReg().isVirtual();
  });
}

/// The blocks of the tile loop with header Head and latch TileLatch, in
/// the function's order.
static SmallVector<MachineBasicBlock *, 16>
tileLoopBlocks(MachineBasicBlock &Head, MachineBasicBlock &TileLatch) {
  SmallPtrSet<MachineBasicBlock *, 16> In{&Head};
  SmallVector<MachineBasicBlock *, 16> Work{&TileLatch};
  while (!Work.empty()) {
    MachineBasicBlock *B = Work.pop_back_val();
    if (!In.insert(B).second)
      continue;
    for (MachineBasicBlock *P : B->predecessors())
      Work.push_back(P);
  }
  SmallVector<MachineBasicBlock *, 16> Blocks;
  for (MachineBasicBlock &B : *Head.getParent())
    if (In.count(&B))
      Blocks.push_back(&B);
  return Blocks;
}

/// Moves the def of Reg, and the defs of its operands it needs, to the end
/// of To if they are scalars whose operands are available there: defined
/// outside Body (the tile loop), in To, or moved already. Is Reg then
/// available at the end of To?
static bool moveIfAvailable(Register Reg, MachineBasicBlock &To,
                            const SmallPtrSetImpl<MachineBasicBlock *> &Body,
                            SmallPtrSetImpl<MachineInstr *> &Moved,
                            const MachineRegisterInfo &MRI) {
  MachineInstr *Def = MRI.getVRegDef(Reg);
  if (!Def)
    return false;
  if (!Body.count(Def->getParent()) || Def->getParent() == &To ||
      Moved.count(Def))
    return true;
  if (!isMovableScalar(*Def, MRI) ||
      !all_of(Def->uses(), [&](const MachineOperand &MO) {
        return !MO.isReg() ||
               moveIfAvailable(MO.getReg(), To, Body, Moved, MRI);
      }))
    return false;
  Def->removeFromParent();
  To.insert(To.getFirstTerminator(), Def);
  // Its operands live on past it now where they did not before.
  for (MachineOperand &MO : Def->uses())
    if (MO.isReg())
      MO.setIsKill(false);
  Moved.insert(Def);
  return true;
}

/// Nothing reads MI's results and it only computes them (a load of memory
/// that is not volatile included).
static bool isDead(const MachineInstr &MI, const MachineRegisterInfo &MRI) {
  if (MI.isPHI() || MI.isTerminator() || MI.mayStore() || MI.isCall() ||
      MI.hasUnmodeledSideEffects() || MI.hasOrderedMemoryRef() ||
      TileAS::isCoordination(MI.getDesc()) || coordinationUnitOf(MI).second ||
      MI.getNumDefs() == 0)
    return false;
  return all_of(MI.all_defs(), [&](const MachineOperand &Def) {
    return Def.getReg().isVirtual() && MRI.use_nodbg_empty(Def.getReg());
  });
}

void AgentRewrite::removeDeadTileWork() {
  unsigned Default = tileasMachine(MF).defaultAgent();
  for (unsigned A = 1, N = Regions.size(); A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    MachineBasicBlock *Head = A == Default ? Header : R.TileHead;
    MachineBasicBlock *TileLatch = A == Default ? Latch : R.Exit;
    if (!Head || !TileLatch)
      continue;
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (MachineBasicBlock *B : tileLoopBlocks(*Head, *TileLatch))
        for (MachineInstr &MI : make_early_inc_range(reverse(*B)))
          if (isDead(MI, MRI)) {
            MI.eraseFromParent();
            Changed = true;
          }
    }
  }
}

void AgentRewrite::hoistTileInvariants() {
  unsigned Default = tileasMachine(MF).defaultAgent();
  for (unsigned A = 1, N = Regions.size(); A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    MachineBasicBlock *Head = A == Default ? Header : R.TileHead;
    MachineBasicBlock *TileLatch = A == Default ? Latch : R.Exit;
    if (!Head || !TileLatch)
      continue;
    SmallVector<MachineBasicBlock *, 16> Blocks =
        tileLoopBlocks(*Head, *TileLatch);
    SmallPtrSet<MachineBasicBlock *, 16> Body(Blocks.begin(), Blocks.end());
    // The agent's entry: the header's one predecessor outside the loop.
    SmallVector<MachineBasicBlock *, 2> Outside;
    for (MachineBasicBlock *P : Head->predecessors())
      if (!Body.count(P))
        Outside.push_back(P);
    MachineBasicBlock *Entry = Outside.size() == 1 ? Outside.front() : nullptr;
    if (!Entry || Entry->succ_size() != 1)
      continue;
    SmallPtrSet<MachineInstr *, 8> Moved;
    for (MachineBasicBlock *B : Blocks) {
      // An inner loop's own control stays: it changes every iteration.
      if (B->isSuccessor(B))
        continue;
      for (MachineInstr &T : B->terminators())
        for (const MachineOperand &MO : T.uses())
          if (MO.isReg() && MO.getReg().isVirtual())
            moveIfAvailable(MO.getReg(), *Entry, Body, Moved, MRI);
      if (!R.CommitsAccumulators)
        continue;
      // Integers only: a predicate live through every tile takes one of the
      // eight predicate registers (the prologue's accumulate flags would
      // spill); computed where they are, from hoisted integers, they do not
      // wait.
      for (MachineInstr &MI : make_early_inc_range(*B))
        if (isMovableScalar(MI, MRI) &&
            !TileAS::PREDRegClass.hasSubClassEq(
                MRI.getRegClass(MI.getOperand(0).getReg())))
          moveIfAvailable(MI.getOperand(0).getReg(), *Entry, Body, Moved, MRI);
    }
  }
}

void AgentRewrite::computeNextTileEarly() {
  for (AgentRegion &R : Regions) {
    if (!R.CommitsAccumulators || !R.TileHead || !R.Exit)
      continue;
    // What the latch's exit test reads of the latch (the next tile's index,
    // from the header's PHI), where the header has all its operands. Every
    // use is then in a PHI of the header, the latch or after the tile
    // loop: the header dominates them all.
    SmallVector<MachineBasicBlock *, 16> Blocks =
        tileLoopBlocks(*R.TileHead, *R.Exit);
    SmallPtrSet<MachineBasicBlock *, 16> Body(Blocks.begin(), Blocks.end());
    SmallPtrSet<MachineInstr *, 4> Moved;
    // The compare itself stays: its predicate, live through the k-loop,
    // would take one of the eight predicate registers the k-loop's
    // accumulate flags need (a spill at every tile).
    for (MachineInstr &T : R.Exit->terminators())
      for (const MachineOperand &MO : T.uses()) {
        if (!MO.isReg() || !MO.getReg().isVirtual())
          continue;
        MachineInstr *Test = MRI.getVRegDef(MO.getReg());
        if (Test->getParent() != R.Exit)
          continue;
        for (const MachineOperand &Op : Test->uses())
          if (Op.isReg() && Op.getReg().isVirtual())
            moveIfAvailable(Op.getReg(), *R.TileHead, Body, Moved, MRI);
      }
  }
}
