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
//  * A load the nest does not write (TileASTileWork::loadsUnwritten: a
//    grouped GEMM's k-tile count), whose address is computed from the tile
//    index alone, is loaded one tile ahead in every agent that keeps it:
//    the first tile's in the agent's entry, tile t + 1's at the top of tile
//    t (before its inner loop), carried into the next tile's header by a
//    PHI. Its far-memory latency then overlaps tile t's inner loop instead
//    of stalling every tile's loop control. The last tile loads its own
//    count again (the index is selected by the tile loop's exit test), so
//    the load never reads an element the program does not.
//  * Two tiles ahead (the default): tile t + 2's count is loaded during
//    tile t, from an address tile t - 1 computed from an index tile t - 2
//    chose, so that a tile's chain is three short independent ones (the
//    load, the next address, the next index) instead of one of ten steps.
//    It leaves the way between tiles for the tile's own work: a copy on
//    each way through the k-loop (the pipelined k-loop's drain or prologue;
//    the original k-loop's first iteration, peeled for it), each step where
//    the warp would wait anyway (TileASTileWorkPlacement.h), joined at the
//    latch. The next tile's scalars on the way to its k-loop (the k-loop
//    test; the load warp's coordinates) are computed in the latch and
//    carried by header PHIs, and the load warp tests for a next tile in
//    its header, so that no tile's first TMA or MMA waits for them.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordinationInput.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentRewrite.h"
#include "WarpSpecialize/TileASLoopPeel.h"

#include "WarpSpecialize/TileASTileWork.h"
#include "WarpSpecialize/TileASTileWorkPlacement.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/MachineSSAUpdater.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

static cl::opt<bool> LoadNextTileAhead(
    "tileas-ws-tile-nest-load-ahead", cl::Hidden, cl::init(true),
    cl::desc("Warp-specialized tile nests: load a count the nest does not "
             "write (a grouped GEMM's k-tiles per tile) one tile ahead, in "
             "every agent that reads it"));

static cl::opt<bool> NextTileControl(
    "tileas-ws-tile-nest-next-tile-control", cl::Hidden, cl::init(true),
    cl::desc("Warp-specialized tile nests whose count is loaded two tiles "
             "ahead: compute the next tile's exit test, coordinates and "
             "k-loop test with the count's chain, where the warp idles"));

static cl::opt<bool> LoadTwoTilesAhead(
    "tileas-ws-tile-nest-load-two-ahead", cl::Hidden, cl::init(true),
    cl::desc("Warp-specialized tile nests: load such a count two tiles "
             "ahead, its address computed between the tile's asynchronous "
             "operations instead of between tiles"));

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

namespace {
/// An agent's tile loop entered from one block that only enters it.
struct EnteredTileLoop {
  MachineBasicBlock *Head = nullptr, *TileLatch = nullptr, *Entry = nullptr;
  SmallVector<MachineBasicBlock *, 16> Blocks;
  SmallPtrSet<MachineBasicBlock *, 16> Body;
};
} // namespace

/// The tile loop from Head to TileLatch with its entry: the header's one
/// predecessor outside the loop, which has no other successor; nullopt when
/// either block is missing or the loop is entered otherwise.
static std::optional<EnteredTileLoop>
enteredTileLoop(MachineBasicBlock *Head, MachineBasicBlock *TileLatch) {
  if (!Head || !TileLatch)
    return std::nullopt;
  EnteredTileLoop L;
  L.Head = Head;
  L.TileLatch = TileLatch;
  L.Blocks = tileLoopBlocks(*Head, *TileLatch);
  L.Body.insert(L.Blocks.begin(), L.Blocks.end());
  for (MachineBasicBlock *P : Head->predecessors()) {
    if (L.Body.count(P))
      continue;
    if (L.Entry)
      return std::nullopt;
    L.Entry = P;
  }
  if (!L.Entry || L.Entry->succ_size() != 1)
    return std::nullopt;
  return L;
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
    std::optional<EnteredTileLoop> L = enteredTileLoop(
        A == Default ? Header : R.TileHead, A == Default ? Latch : R.Exit);
    if (!L)
      continue;
    MachineBasicBlock *Entry = L->Entry;
    ArrayRef<MachineBasicBlock *> Blocks = L->Blocks;
    const SmallPtrSet<MachineBasicBlock *, 16> &Body = L->Body;
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
        // (A PHI: the sites of a grouped GEMM's count chain compute it.)
        if (Test->getParent() != R.Exit || Test->isPHI())
          continue;
        for (const MachineOperand &Op : Test->uses())
          if (Op.isReg() && Op.getReg().isVirtual())
            moveIfAvailable(Op.getReg(), *R.TileHead, Body, Moved, MRI);
      }
  }
}

/// Collects in Slice (each instruction after those it reads) the
/// instructions of Body that compute Reg, if they are movable scalars whose
/// operands are defined outside Body or by one PHI of Head, Index (set when
/// found, or given).
static bool collectSlice(Register Reg, MachineBasicBlock &Head,
                         const SmallPtrSetImpl<MachineBasicBlock *> &Body,
                         MachineInstr *&Index,
                         SmallVectorImpl<MachineInstr *> &Slice,
                         SmallPtrSetImpl<MachineInstr *> &Seen,
                         const MachineRegisterInfo &MRI) {
  if (!Reg.isVirtual())
    return false;
  MachineInstr *Def = MRI.getUniqueVRegDef(Reg);
  if (!Def)
    return false;
  if (!Body.count(Def->getParent()) || Seen.count(Def))
    return true;
  if (Def->isPHI()) {
    if (Def->getParent() != &Head || (Index && Index != Def))
      return false;
    Index = Def;
    return true;
  }
  if (!isMovableScalar(*Def, MRI))
    return false;
  for (const MachineOperand &MO : Def->uses())
    if (MO.isReg() &&
        !collectSlice(MO.getReg(), Head, Body, Index, Slice, Seen, MRI))
      return false;
  Seen.insert(Def);
  Slice.push_back(Def);
  return true;
}

/// Copies Slice before At, reading Map's register for each register it
/// maps (and adding each copy's result to it).
static void cloneSlice(ArrayRef<MachineInstr *> Slice, MachineBasicBlock &To,
                       MachineBasicBlock::iterator At,
                       DenseMap<Register, Register> &Map, MachineFunction &MF,
                       MachineRegisterInfo &MRI) {
  for (MachineInstr *MI : Slice) {
    MachineInstr *C = MF.CloneMachineInstr(MI);
    To.insert(At, C);
    for (MachineOperand &MO : C->uses())
      if (MO.isReg()) {
        MO.setIsKill(false);
        if (Register New = Map.lookup(MO.getReg()))
          MO.setReg(New);
      }
    MachineOperand &Def = C->getOperand(0);
    Register New = MRI.createVirtualRegister(MRI.getRegClass(Def.getReg()));
    Map[Def.getReg()] = New;
    Def.setReg(New);
  }
}

/// The tile loop's exit test in its latch: the predicate and whether the
/// loop goes on when it is true; nothing if the latch ends otherwise.
static std::optional<std::pair<Register, bool>>
continueTest(MachineBasicBlock &TileLatch, MachineBasicBlock &Head) {
  MachineBasicBlock::iterator T = TileLatch.getFirstTerminator();
  if (T == TileLatch.end() ||
      (T->getOpcode() != TileAS::BR_P && T->getOpcode() != TileAS::BR_NP) ||
      !T->getOperand(0).isReg() || !T->getOperand(1).isMBB())
    return std::nullopt;
  bool ToHead = T->getOperand(1).getMBB() == &Head;
  MachineBasicBlock::iterator Next = std::next(T);
  // The other way: a branch to the other successor, or none (falling
  // through to it).
  if (Next != TileLatch.end() &&
      (Next->getOpcode() != TileAS::BRA ||
       (Next->getOperand(0).getMBB() == &Head) == ToHead))
    return std::nullopt;
  if (Next == TileLatch.end() && !ToHead)
    return std::nullopt;
  return std::make_pair(T->getOperand(0).getReg(),
                        (T->getOpcode() == TileAS::BR_P) == ToHead);
}

/// An operation of an asynchronous unit (an MMA), not its coordination: the
/// in-order warp waits at it while the unit is busy.
static bool isAsyncWork(const MachineInstr &MI) {
  return coordinationUnitOf(MI).second && !MI.isTerminator() &&
         !TileAS::isCoordination(MI.getDesc());
}

/// The blocks where an agent's chain for a later tile's count goes, one on
/// each way into the tile latch: walking back from the latch, the first
/// block that issues asynchronous work (the MMA warp's pipelined k-loop
/// drain, the load warp's prologue) or a single-block k-loop that can be
/// peeled (its first iteration). Empty when a way reaches the header
/// first.
static SmallVector<MachineBasicBlock *, 2>
chainSites(MachineBasicBlock &Head, MachineBasicBlock &TileLatch,
           const MachineRegisterInfo &MRI) {
  auto IssuesAsync = [](const MachineBasicBlock &B) {
    return any_of(B, isAsyncWork);
  };
  SmallVector<MachineBasicBlock *, 2> Sites;
  SmallPtrSet<MachineBasicBlock *, 8> Seen;
  SmallVector<MachineBasicBlock *, 4> Work(TileLatch.predecessors());
  while (!Work.empty()) {
    MachineBasicBlock *B = Work.pop_back_val();
    if (B == &Head || B == &TileLatch)
      return {};
    if (!Seen.insert(B).second)
      continue;
    // A loop that cannot be peeled is passed (the pipelined k-loop's
    // kernel, whose drain reads its values): its prologue is the site.
    if (B->isSuccessor(B) ? canPeelFirstIteration(*B, MRI) : IssuesAsync(*B)) {
      Sites.push_back(B);
      continue;
    }
    append_range(Work, B->predecessors());
  }
  return Sites;
}

namespace {
/// The scalars of the blocks from the tile header to the k-loop (the load
/// warp's tile coordinates, the test whether the k-loop runs its pipelined
/// form), computed for the next tile in the latch, where the warp waits for
/// its exit test anyway, and carried by header PHIs, instead of at the top
/// of every tile, where the tile's first TMA or MMA waits for them. (In
/// the sites of the count's chain they would take the issue slots the
/// other warp's k-loop control needs, and the next tile's count, loaded a
/// tile before, would not have arrived at K = 2.)
struct NextTileWork {
  /// Copies of those scalars for the next tile (reading the latch's values
  /// for the header's PHIs), in order, each one's original result with
  /// the copy's.
  SmallVector<MachineInstr *, 8> Copies;
  SmallVector<std::pair<Register, Register>, 8> Ahead;
};
} // namespace

/// The blocks every way from Head to the sites goes through, in order:
/// Head and each block after it that only it enters, up to the first
/// block that branches.
static SmallVector<MachineBasicBlock *, 4>
blocksBeforeSites(MachineBasicBlock &Head, MachineBasicBlock &TileLatch,
                  ArrayRef<MachineBasicBlock *> Sites) {
  SmallVector<MachineBasicBlock *, 4> Blocks{&Head};
  for (MachineBasicBlock *B = &Head; B->succ_size() == 1;) {
    MachineBasicBlock *S = *B->succ_begin();
    if (S->pred_size() != 1 || S == &TileLatch || S == &Head ||
        S->isSuccessor(S) || is_contained(Sites, S))
      break;
    Blocks.push_back(S);
    B = S;
  }
  return Blocks;
}

/// Copies the next tile's control work of the tile loop Head .. TileLatch
/// (Body) whose chain goes to Sites to the end of TileLatch. The chain's
/// own templates (Chain) are neither read nor copied.
static NextTileWork
nextTileWork(MachineBasicBlock &Head, MachineBasicBlock &TileLatch,
             const SmallPtrSetImpl<MachineBasicBlock *> &Body,
             ArrayRef<MachineBasicBlock *> Sites,
             ArrayRef<MachineInstr *> Chain, MachineFunction &MF,
             MachineRegisterInfo &MRI) {
  NextTileWork W;
  SmallVector<MachineBasicBlock *, 4> Before =
      blocksBeforeSites(Head, TileLatch, Sites);
  // Available in the latch: made before the loop or in a block before the
  // sites.
  auto Available = [&](Register R) {
    MachineInstr *Def = R.isVirtual() ? MRI.getUniqueVRegDef(R) : nullptr;
    return Def && !is_contained(Chain, Def) &&
           (!Body.count(Def->getParent()) ||
            is_contained(Before, Def->getParent()));
  };
  // The value of R in the next tile, where the latch can compute it: R
  // itself if it does not change from tile to tile, a header PHI's value
  // from the latch, a copy of a scalar of the blocks before the sites.
  DenseMap<Register, Register> Next;
  MachineBasicBlock::iterator At = TileLatch.getFirstTerminator();
  std::function<Register(Register)> NextValue = [&](Register R) -> Register {
    if (Register N = Next.lookup(R))
      return N;
    MachineInstr *Def = R.isVirtual() ? MRI.getUniqueVRegDef(R) : nullptr;
    if (!Def)
      return Register();
    if (!Body.count(Def->getParent()))
      return R;
    if (Def->isPHI() && Def->getParent() == &Head) {
      for (unsigned I = 1, E = Def->getNumOperands(); I + 1 < E; I += 2) {
        if (Def->getOperand(I + 1).getMBB() != &TileLatch)
          continue;
        Register L = Def->getOperand(I).getReg();
        if (L == R || !Available(L))
          break;
        return L;
      }
      return Register();
    }
    if (!is_contained(Before, Def->getParent()) || !isMovableScalar(*Def, MRI))
      return Register();
    SmallVector<Register, 4> Operands;
    bool Changes = false;
    for (const MachineOperand &MO : Def->uses()) {
      if (!MO.isReg())
        continue;
      Register N = NextValue(MO.getReg());
      if (!N)
        return Register();
      Changes |= N != MO.getReg();
      Operands.push_back(N);
    }
    if (!Changes)
      return R;
    MachineInstr *T = MF.CloneMachineInstr(Def);
    At->getParent()->insert(At, T);
    unsigned Op = 0;
    for (MachineOperand &MO : T->uses())
      if (MO.isReg()) {
        MO.setIsKill(false);
        MO.setReg(Operands[Op++]);
      }
    Register New = MRI.createVirtualRegister(MRI.getRegClass(R));
    T->getOperand(0).setReg(New);
    Next[R] = New;
    W.Copies.push_back(T);
    W.Ahead.push_back({R, New});
    return New;
  };
  // The tile loop's exit test stays as it is: the checkers and the
  // simulator find the loop's trip count in it.
  SmallPtrSet<MachineInstr *, 4> ExitTest;
  SmallVector<Register, 4> Work;
  if (std::optional<std::pair<Register, bool>> Test =
          continueTest(TileLatch, Head))
    Work.push_back(Test->first);
  while (!Work.empty()) {
    MachineInstr *Def = MRI.getUniqueVRegDef(Work.pop_back_val());
    if (!Def || Def->isPHI() || !Body.count(Def->getParent()) ||
        !ExitTest.insert(Def).second)
      continue;
    for (const MachineOperand &MO : Def->uses())
      if (MO.isReg() && MO.getReg().isVirtual())
        Work.push_back(MO.getReg());
  }
  for (MachineBasicBlock *B : Before)
    for (MachineInstr &MI : make_early_inc_range(*B))
      if (!MI.isPHI() && isMovableScalar(MI, MRI) &&
          !is_contained(Chain, &MI) && !ExitTest.count(&MI))
        NextValue(MI.getOperand(0).getReg());
  return W;
}

/// R's value for the first tile, computed at the end of Entry: the
/// header's PHIs read as their values from Entry, the scalars of the
/// blocks before the sites copied.
static Register firstTileValue(Register R, MachineBasicBlock &Head,
                               MachineBasicBlock &Entry,
                               const SmallPtrSetImpl<MachineBasicBlock *> &Body,
                               DenseMap<Register, Register> &Done,
                               MachineFunction &MF, MachineRegisterInfo &MRI) {
  if (Register D = Done.lookup(R))
    return D;
  MachineInstr *Def = MRI.getUniqueVRegDef(R);
  if (!Body.count(Def->getParent()))
    return R;
  if (Def->isPHI()) {
    assert(Def->getParent() == &Head && "a PHI after the header");
    for (unsigned I = 1, E = Def->getNumOperands(); I + 1 < E; I += 2)
      if (Def->getOperand(I + 1).getMBB() == &Entry)
        return Done[R] = Def->getOperand(I).getReg();
    llvm_unreachable("a header PHI without the entry's value");
  }
  MachineInstr *C = MF.CloneMachineInstr(Def);
  for (MachineOperand &MO : C->uses())
    if (MO.isReg()) {
      MO.setIsKill(false);
      MO.setReg(firstTileValue(MO.getReg(), Head, Entry, Body, Done, MF, MRI));
    }
  Entry.insert(Entry.getFirstTerminator(), C);
  Register New = MRI.createVirtualRegister(MRI.getRegClass(R));
  C->getOperand(0).setReg(New);
  return Done[R] = New;
}

bool AgentRewrite::loadAhead(MachineInstr &Load, MachineBasicBlock &Head,
                             MachineBasicBlock &TileLatch,
                             MachineBasicBlock &Entry,
                             const SmallPtrSetImpl<MachineBasicBlock *> &Body) {
  if (Load.getNumDefs() != 1 || !Load.getOperand(0).getReg().isVirtual())
    return false;
  // The address: the tile index alone (and values from before the loop).
  MachineInstr *Index = nullptr;
  SmallVector<MachineInstr *, 8> Address;
  SmallPtrSet<MachineInstr *, 8> Seen;
  for (const MachineOperand &MO : Load.uses())
    if (MO.isReg() &&
        !collectSlice(MO.getReg(), Head, Body, Index, Address, Seen, MRI))
      return false;
  if (!Index || !TileAS::GPR32RegClass.hasSubClassEq(
                    MRI.getRegClass(Index->getOperand(0).getReg())))
    return false;
  Register Start, Next;
  for (unsigned I = 1, E = Index->getNumOperands(); I + 1 < E; I += 2)
    (Index->getOperand(I + 1).getMBB() == &TileLatch ? Next : Start) =
        Index->getOperand(I).getReg();
  std::optional<std::pair<Register, bool>> Test = continueTest(TileLatch, Head);
  if (!Start || !Next || !Test)
    return false;
  // The next tile's index and whether there is one, from this tile's
  // index: what the latch computes.
  SmallVector<MachineInstr *, 8> Ahead;
  SmallPtrSet<MachineInstr *, 8> AheadSeen;
  MachineInstr *Same = Index;
  if (!collectSlice(Next, Head, Body, Same, Ahead, AheadSeen, MRI) ||
      !collectSlice(Test->first, Head, Body, Same, Ahead, AheadSeen, MRI))
    return false;
  // The one register of the address that the index computes: two tiles
  // ahead, the address is carried from one tile to the next.
  Register AddrReg;
  unsigned NumAddrRegs = 0;
  for (const MachineOperand &MO : Load.uses())
    if (MO.isReg() && MO.getReg().isVirtual() &&
        is_contained(Address, MRI.getVRegDef(MO.getReg()))) {
      AddrReg = MO.getReg();
      ++NumAddrRegs;
    }
  // Off the path between tiles: two tiles ahead, the chain in the tile's
  // asynchronous work (below).
  SmallVector<MachineBasicBlock *, 2> Sites;
  if (LoadTwoTilesAhead && NumAddrRegs == 1)
    Sites = chainSites(Head, TileLatch, MRI);
  unsigned Distance = Sites.empty() ? 1 : 2;

  const TargetRegisterClass *CountRC =
      MRI.getRegClass(Load.getOperand(0).getReg());
  Register IndexReg = Index->getOperand(0).getReg();
  auto AddressAt = [&](MachineBasicBlock &To, MachineBasicBlock::iterator At,
                       Register TileIndex) {
    DenseMap<Register, Register> Map{{IndexReg, TileIndex}};
    cloneSlice(Address, To, At, Map, MF, MRI);
    return Map.lookup(AddrReg);
  };
  auto LoadAt = [&](MachineBasicBlock &To, MachineBasicBlock::iterator At,
                    Register TileIndex) {
    DenseMap<Register, Register> Map{{IndexReg, TileIndex}};
    cloneSlice(Address, To, At, Map, MF, MRI);
    cloneSlice(&Load, To, At, Map, MF, MRI);
    return Map.lookup(Load.getOperand(0).getReg());
  };
  // The index of the tile after tile Of, or Of itself for the last tile
  // (the exit test decides), so a load never reads past what the program
  // reads.
  auto NextOrSame = [&](MachineBasicBlock &To, MachineBasicBlock::iterator At,
                        Register Of) {
    DenseMap<Register, Register> Map{{IndexReg, Of}};
    cloneSlice(Ahead, To, At, Map, MF, MRI);
    Register NextIndex = Map.lookup(Next) ? Map.lookup(Next) : Next;
    Register HasNext =
        Map.lookup(Test->first) ? Map.lookup(Test->first) : Test->first;
    Register Chosen = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
    BuildMI(To, At, Load.getDebugLoc(), TII.get(TileAS::SELP), Chosen)
        .addReg(Test->second ? NextIndex : Of)
        .addReg(Test->second ? Of : NextIndex)
        .addReg(HasNext);
    return Chosen;
  };
  auto AddPhi = [&](Register Def, Register FromEntry) {
    return BuildMI(Head, Head.begin(), Load.getDebugLoc(),
                   TII.get(TargetOpcode::PHI), Def)
        .addReg(FromEntry)
        .addMBB(&Entry);
  };
  // The first tiles' counts, in the entry.
  MachineBasicBlock::iterator EntryEnd = Entry.getFirstTerminator();
  Register First = LoadAt(Entry, EntryEnd, Start);
  Register Count = MRI.createVirtualRegister(CountRC);
  MachineInstrBuilder CountPhi = AddPhi(Count, First);
  MachineBasicBlock &At = *Load.getParent();
  MachineInstr *Before = Load.getPrevNode();
  // Two tiles ahead: the header's PHIs that carry what tile t computes for
  // a later tile, each with the value the latch gives it.
  SmallVector<std::pair<MachineInstr *, Register>, 3> Carried;
  if (Distance == 1) {
    // Tile t + 1's, where this tile's was loaded.
    Register Later = LoadAt(At, Load.getIterator(),
                            NextOrSame(At, Load.getIterator(), IndexReg));
    CountPhi.addReg(Later).addMBB(&TileLatch);
  } else {
    // Tile t + 2's count, loaded during tile t from an address tile t - 1
    // computed, from an index tile t - 2 chose: the header carries the
    // count of tile t + 1, the address of tile t + 2's and the index of
    // tile t + 3 (each "or the last tile"), so that the tile's chain is
    // three short independent ones (the load; the address; the next
    // index) instead of one long one.
    Register Index1 = NextOrSame(Entry, EntryEnd, Start);
    Register Second = LoadAt(Entry, EntryEnd, Index1);
    Register Index2 = NextOrSame(Entry, EntryEnd, Index1);
    Register Addr2 = AddressAt(Entry, EntryEnd, Index2);
    Register Index3 = NextOrSame(Entry, EntryEnd, Index2);
    Register Count1 = MRI.createVirtualRegister(CountRC);
    Register AddrAhead = MRI.createVirtualRegister(MRI.getRegClass(AddrReg));
    Register IndexAhead = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
    DenseMap<Register, Register> LoadMap{{AddrReg, AddrAhead}};
    cloneSlice(&Load, At, Load.getIterator(), LoadMap, MF, MRI);
    Register Later = LoadMap.lookup(Load.getOperand(0).getReg());
    Register NextAddr = AddressAt(At, Load.getIterator(), IndexAhead);
    Register NextIndex = NextOrSame(At, Load.getIterator(), IndexAhead);
    for (auto [Def, FromEntry, FromLatch] :
         {std::tuple(IndexAhead, Index3, NextIndex),
          std::tuple(AddrAhead, Addr2, NextAddr),
          std::tuple(Count1, Second, Later)})
      Carried.push_back(
          {AddPhi(Def, FromEntry).addReg(FromLatch).addMBB(&TileLatch),
           FromLatch});
    CountPhi.addReg(Count1).addMBB(&TileLatch);
  }
  SmallVector<MachineInstr *, 16> Chain;
  for (MachineBasicBlock::iterator I = Before ? std::next(Before->getIterator())
                                              : At.begin();
       I != Load.getIterator(); ++I)
    Chain.push_back(&*I);
  Register Old = Load.getOperand(0).getReg();
  Load.eraseFromParent();
  MRI.replaceRegWith(Old, Count);
  // This tile's address, if nothing else reads it.
  for (MachineInstr *MI : reverse(Address))
    if (isDead(*MI, MRI))
      MI->eraseFromParent();
  if (Distance == 1)
    return true;

  // The chain leaves the way between tiles: a copy in each site, where
  // the warp would wait anyway, its results joined at the latch for the
  // header's PHIs.
  SmallVector<std::unique_ptr<MachineSSAUpdater>, 3> Joins;
  for (auto [Phi, Value] : Carried) {
    Joins.push_back(std::make_unique<MachineSSAUpdater>(MF));
    Joins.back()->Initialize(Value);
  }
  for (MachineBasicBlock *Site : Sites) {
    MachineBasicBlock *To = Site;
    if (Site->isSuccessor(Site))
      To = peelFirstIteration(*Site, MF, MRI, TII);
    assert(To && "a site that cannot be peeled");
    DenseMap<Register, Register> Copy = placeTileWorkChain(Chain, *To);
    for (auto [I, C] : enumerate(Carried))
      Joins[I]->AddAvailableValue(To, Copy.lookup(C.second));
  }
  for (auto [I, C] : enumerate(Carried))
    C.first->getOperand(3).setReg(Joins[I]->GetValueAtEndOfBlock(&TileLatch));

  // The next tile's scalars of the way to its k-loop, computed in the
  // latch: a header PHI each, the first tile's computed in the entry.
  NextTileWork Control;
  if (NextTileControl)
    Control = nextTileWork(Head, TileLatch, Body, Sites, Chain, MF, MRI);
  DenseMap<Register, Register> FirstTile;
  SmallPtrSet<MachineInstr *, 8> Converted;
  for (auto [Orig, Copy] : Control.Ahead)
    Converted.insert(MRI.getUniqueVRegDef(Orig));
  for (auto [Orig, Copy] : Control.Ahead) {
    // A value only the converted scalars read needs no PHI of its own.
    if (all_of(MRI.use_instructions(Orig), [&](const MachineInstr &User) {
          return Converted.count(&User) || is_contained(Chain, &User);
        }))
      continue;
    Register Phi = MRI.createVirtualRegister(MRI.getRegClass(Orig));
    Register FromEntry =
        firstTileValue(Orig, Head, Entry, Body, FirstTile, MF, MRI);
    BuildMI(Head, Head.begin(), Load.getDebugLoc(), TII.get(TargetOpcode::PHI),
            Phi)
        .addReg(FromEntry)
        .addMBB(&Entry)
        .addReg(Copy)
        .addMBB(&TileLatch);
    for (MachineOperand &MO : make_early_inc_range(MRI.use_operands(Orig)))
      if (!is_contained(Chain, MO.getParent()))
        MO.setReg(Phi);
  }
  for (MachineInstr *MI : reverse(Chain))
    if (isDead(*MI, MRI))
      MI->eraseFromParent();
  for (MachineBasicBlock *B : blocksBeforeSites(Head, TileLatch, {}))
    for (MachineInstr &MI : make_early_inc_range(reverse(*B)))
      if (isDead(MI, MRI))
        MI.eraseFromParent();
  return true;
}

void AgentRewrite::loadNextTileAhead() {
  if (!LoadNextTileAhead || !Nest || !Nest->Work)
    return;
  unsigned Default = tileasMachine(MF).defaultAgent();
  for (unsigned A = 1, N = Regions.size(); A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    // The header is entered from the agent's entry (which only enters it)
    // and the latch.
    std::optional<EnteredTileLoop> L = enteredTileLoop(
        A == Default ? Header : R.TileHead, A == Default ? Latch : R.Exit);
    if (!L || L->Head->pred_size() != 2 || !L->TileLatch->isSuccessor(L->Head))
      continue;
    MachineBasicBlock *Head = L->Head, *TileLatch = L->TileLatch;
    // Loads of the header itself, which runs once per tile.
    SmallVector<MachineInstr *, 2> Loads;
    for (MachineInstr &MI : *Head)
      if (!MI.isPHI() && Nest->Work->loadsUnwritten(MI))
        Loads.push_back(&MI);
    // An agent whose tile loop holds few predicates (not the MMA warp's
    // accumulate flags) tests whether there is a next tile in its header,
    // where nothing waits for it, instead of between the tiles; the next
    // tile's index is then there for the next tile's work (loadAhead).
    if (!Loads.empty() && LoadTwoTilesAhead && NextTileControl &&
        !R.CommitsAccumulators)
      if (std::optional<std::pair<Register, bool>> Test =
              continueTest(*TileLatch, *Head)) {
        SmallPtrSet<MachineInstr *, 4> Moved;
        moveIfAvailable(Test->first, *Head, L->Body, Moved, MRI);
      }
    for (MachineInstr *MI : Loads)
      loadAhead(*MI, *Head, *TileLatch, *L->Entry, L->Body);
  }
}
