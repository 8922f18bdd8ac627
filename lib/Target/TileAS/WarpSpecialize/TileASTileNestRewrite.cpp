//===- TileASTileNestRewrite.cpp - One tile loop per agent ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The warp-specialized form of a tile nest (docs/persistent.md, "Warp
// specialization of a tile nest"): AgentRewrite's members that turn the
// rewrite of the inner loop into one of the whole nest.
//
//  * Before the agents' copies are made, every pipe op of the inner loop
//    reads its ring iteration from a PHI beside the induction value, which
//    starts at base and counts with it; base is a register each agent's
//    tile loop carries: 0 at the first tile, then the ring iteration after
//    the inner loop. Slots and phases run on from one tile into the next.
//  * The rings are created once, in the tile loop's preheader, and the
//    dispatch on the warp index follows there.
//  * Each agent but the default gets its own copy of the tile loop: the
//    tile loop's blocks before the inner loop (one block, the agent's tile
//    header, then a block that enters the inner loop), its copy of the inner
//    loop, then its copy of the blocks after the inner loop in the inner
//    loop's exit, which is the agent's latch; after its last tile, its
//    rings' tails and RET. TileASTileWork says what each copy keeps. The
//    default agent keeps the original tile loop, pruned the same way.
//  * Each drain becomes a per-tile pipe of depth 1 (an accumulator pipe):
//    its producer acquires it at the top of each tile and commits it after
//    the tile's inner loop, the default agent waits for it after the inner
//    loop, and releases it once it has read the buffers the drain hands
//    over; it counts tiles.
//  * Each consumer-only pipe, which waits for a tile the tile loop loads
//    for another agent's inner loop (Q), becomes a per-tile pipe between
//    the loading agent and the reading one (TileASTileInputPipe.cpp).
//  * On a machine without tensor memory or an MMA agent (Hopper), the
//    agent that issues the wgmmas keeps their accumulators in its
//    registers and stores them itself: there is no drain and no
//    accumulator pipe. Its loop-carried releases (the slot of the
//    iteration before, released after a later wgmma) count on the ring
//    iteration too, so each tile's first k-tile releases the slot of the
//    tile before's last, and only the last tile's is released after the
//    tile loop, before the rings' tails.
//
// whyTileNestNotRewritten accepts only what these steps handle; anything
// else keeps the unspecialized fallback.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASLoopNest.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentRewrite.h"
#include "WarpSpecialize/TileASTileWork.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/ADT/SmallSet.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

/// Testing only: a seeded mistake for the protocol checker to catch.
static cl::opt<bool> ResetRingsAtTiles(
    "tileas-ws-tile-nest-reset-rings", cl::Hidden, cl::init(false),
    cl::desc("Testing only: every agent counts its ring iterations from 0 "
             "again at each tile (a ring phase reset at the tile boundary)"));

std::string llvm::whyTileNestNotRewritten(const TileASTileNest &Nest,
                                          const TileASCountedLoop &Loop,
                                          const pipes::SolveResult &Sol,
                                          ArrayRef<MachineInstr *> Instrs,
                                          const TileASTileWork &Work,
                                          unsigned Default) {
  // A consumer-only pipe becomes the per-tile pipe of the tile input it
  // waits for (TileASTileInputPipe.cpp).
  std::string WhyNotInput;
  tileInputPipesOf(Sol, Instrs, Work, Default, WhyNotInput);
  if (!WhyNotInput.empty())
    return WhyNotInput;
  for (const pipes::Pipe &P : Sol.Pipes) {
    if (P.CreateAtExit)
      return formatv("pipe {0} is created after the inner loop", P.Id);
  }
  if (!Sol.Mutexes.empty())
    return "the inner loop's coordination has mutexes, which the tile "
           "nest's rewrite does not carry across tiles yet";
  if (Loop.Step != 1)
    return formatv("the inner loop steps by {0}; its ring iterations are "
                   "counted across tiles only for a step of 1",
                   Loop.Step);
  const MachineRegisterInfo &MRI = Loop.Loop->getParent()->getRegInfo();
  const MachineInstr *Init = MRI.getVRegDef(Loop.Init);
  if (!Init || Init->getOpcode() != TileAS::MOVri ||
      !Init->getOperand(1).isImm() || Init->getOperand(1).getImm() != 0)
    return "the inner loop's induction value does not start at the "
           "constant 0";
  MachineBasicBlock *Pre = Nest.Outer->getLoopPreheader();
  if (!Pre || Pre->succ_size() != 1)
    return "the tile loop has no preheader of its own";
  MachineBasicBlock *Latch = Nest.After.back();
  if (!TileASLoopNest::exitOfLatch(*Latch, *Nest.Before.front()))
    return "the tile loop's latch does not leave it";
  if (Nest.Before.back()->succ_size() != 1 ||
      Nest.After.front()->pred_size() != 1 ||
      !Nest.After.front()->phis().empty())
    return "the inner loop's preheader or exit is not its own";
  for (const auto &[Reg, X] : Work.crossings())
    if (X.To != Default)
      return formatv("a buffer of the inner loop is read in the tile loop by "
                     "agent {0}, not by the default agent",
                     X.To);
  return "";
}

/// The pipe ops of the loop read a ring iteration that starts at BaseReg
/// (each agent's copy reads its own base); also finds the tile loop's
/// blocks and the instructions it has before the rewrite.
void AgentRewrite::countRingsAcrossTiles(std::vector<MachineInstr *> &Ordered,
                                         DenseMap<MachineInstr *, int> &Stage) {
  const TileASTileNest &TN = *Nest->Nest;
  Header = TN.Before.front();
  Latch = TN.After.back();
  OuterPre = TN.Outer->getLoopPreheader();
  OuterExit = TileASLoopNest::exitOfLatch(*Latch, *Header);
  for (MachineBasicBlock *B : TN.Before)
    for (MachineInstr &MI : *B)
      TileOwn.insert(&MI);
  for (MachineBasicBlock *B : TN.After)
    for (MachineInstr &MI : *B)
      TileOwn.insert(&MI);
  for (MachineInstr *MI : Coord.created())
    TileOwn.erase(MI);

  Zero = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  BuildMI(*OuterPre, OuterPre->getFirstTerminator(), DL, TII.get(TileAS::MOVri),
          Zero)
      .addImm(0);
  BaseReg = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  // The ring iteration is a PHI of the loop beside its induction value:
  // base on entry, one more each iteration (the loop steps by 1), computed
  // next to the induction value's increment, in its stage. Each pipe op of
  // stage s reads it as the expansion carries it to that stage, and its
  // value after the loop is the next tile's base.
  Register IV = L.IVPhi->getOperand(0).getReg();
  Register Ring = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  RingNext = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  MachineInstr *Phi =
      BuildMI(Loop, Loop.getFirstNonPHI(), DL, TII.get(TargetOpcode::PHI), Ring)
          .addReg(BaseReg)
          .addMBB(&Preheader)
          .addReg(RingNext)
          .addMBB(&Loop);
  MachineInstr *Inc = BuildMI(Loop, L.Increment->getIterator(), DL,
                              TII.get(TileAS::ADDri), RingNext)
                          .addReg(Ring)
                          .addImm(1);
  Stage[Inc] = Stage.lookup(L.Increment);
  SmallVector<MachineInstr *, 4> Users;
  for (MachineInstr *MI : Ordered) {
    if (!TileAS::isPipeOp(MI->getOpcode()))
      continue;
    MachineOperand &It = namedOperand(*MI, TileAS::OpName::iter);
    // Hopper's loop-carried release (docs/machines.md) reads the iteration
    // before its own, an ADDri of the induction value: it counts from the
    // ring iteration too, so that the next tile's first k-tile releases
    // the slot of the tile before's last.
    if (MachineInstr *Prev =
            loopCarriedReleaseIteration(It.getReg(), IV, Loop)) {
      Prev->getOperand(1).setReg(Ring);
      Prev->getOperand(1).setIsKill(false);
      Users.push_back(MI);
      continue;
    }
    if (It.getReg() != IV)
      continue;
    It.setReg(Ring);
    It.setIsKill(false);
    Users.push_back(MI);
  }
  RingIters[Phi] = Users;
  RingIters[Inc] = Users;
  // The increment right before the induction value's.
  Ordered.insert(find(Ordered, L.Increment), Inc);
}

/// Every ring is created once, before the dispatch: the PIPE_CREATEs move
/// from the inner loop's preheader to the tile loop's. A drain gets an empty
/// barrier (the next free mbarrier id): it is the per-tile accumulator pipe.
void AgentRewrite::hoistRingCreation() {
  SmallSet<unsigned, 4> Drains;
  for (const pipes::Pipe &P : Sol.Pipes)
    if (P.Kind == pipes::PipeKind::Drain)
      Drains.insert(P.Id);
  unsigned NextBarrier = firstUnusedPipeBarrier(MF);
  for (MachineInstr &MI : make_early_inc_range(Preheader)) {
    if (MI.getOpcode() != TileAS::PIPE_CREATE)
      continue;
    MI.removeFromParent();
    OuterPre->insert(OuterPre->getFirstTerminator(), &MI);
    // Its first iteration's induction value is 0 (whyTileNestNotRewritten).
    namedOperand(MI, TileAS::OpName::first).setReg(Zero);
    unsigned Pipe = namedOperand(MI, TileAS::OpName::pipe).getImm();
    if (Drains.count(Pipe)) {
      DrainEmpty[Pipe] = NextBarrier;
      namedOperand(MI, TileAS::OpName::empty).setImm(NextBarrier++);
      namedOperand(MI, TileAS::OpName::depth).setImm(Nest->AccumulatorCopies);
    }
  }
}

/// Agent's ring iterations and tile count, carried by its tile loop (Head
/// its header, entered from Entry; Latch its latch); RingAfter is the
/// inner loop's ring iteration after its last in the agent's copy. The ring
/// iterations
/// only for an agent whose inner loop has pipe ops (an agent without them
/// reads nothing of its inner loop after it: skipIdleLoop may delete it);
/// the tile count for every agent, removeUnusedCounters deletes it where no
/// one reads it.
void AgentRewrite::countTiles(unsigned Agent, MachineBasicBlock &Head,
                              MachineBasicBlock &TileLatch,
                              MachineBasicBlock &Entry, Register RingAfter,
                              bool Rings) {
  AgentRegion &R = Regions[Agent - 1];
  bool Original = &Head == Header;
  R.Tile = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  R.TileNext = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  MachineBasicBlock::iterator End = TileLatch.getFirstTerminator();
  if (Rings) {
    R.Base =
        Original ? BaseReg : MRI.createVirtualRegister(&TileAS::GPR32RegClass);
    // The ring's value after the inner loop (the expansion joins its
    // paths there).
    R.BaseNext = RingAfter;
    BuildMI(Head, Head.begin(), DL, TII.get(TargetOpcode::PHI), R.Base)
        .addReg(Zero)
        .addMBB(&Entry)
        .addReg(ResetRingsAtTiles ? Zero : R.BaseNext)
        .addMBB(&TileLatch);
  }
  BuildMI(TileLatch, End, DL, TII.get(TileAS::ADDri), R.TileNext)
      .addReg(R.Tile)
      .addImm(1);
  BuildMI(Head, Head.begin(), DL, TII.get(TargetOpcode::PHI), R.Tile)
      .addReg(Zero)
      .addMBB(&Entry)
      .addReg(R.TileNext)
      .addMBB(&TileLatch);
}

/// Agent's copy of the tile loop around its copy of the inner loop (see the
/// file comment); registers of the tile loop it keeps are its own.
void AgentRewrite::cloneTileLoop(unsigned Agent) {
  AgentRegion &R = Regions[Agent - 1];
  const TileASTileNest &TN = *Nest->Nest;
  const TileASTileWork &Work = *Nest->Work;
  R.TileHead = newBlock(Header->getBasicBlock());
  R.Final = newBlock();
  BuildMI(R.Final, DL, TII.get(TileAS::RET));

  DenseMap<Register, Register> Own;
  auto CloneInto = [&](MachineBasicBlock &To, MachineBasicBlock &From) {
    for (MachineInstr &MI : From) {
      if (MI.isTerminator() || !TileOwn.count(&MI) || !Work.keeps(Agent, &MI))
        continue;
      MachineInstr *C = MF.CloneMachineInstr(&MI);
      R.TileCopy[&MI] = C;
      if (C->isPHI())
        To.insert(To.getFirstNonPHI(), C);
      else
        To.push_back(C);
      for (MachineOperand &Def : C->all_defs()) {
        Register New = MRI.createVirtualRegister(MRI.getRegClass(Def.getReg()));
        Own[Def.getReg()] = New;
        Def.setReg(New);
      }
    }
  };
  for (MachineBasicBlock *B : TN.Before)
    CloneInto(*R.TileHead, *B);
  for (MachineBasicBlock *B : TN.After)
    CloneInto(*R.Exit, *B);
  // The latch's branches: back to the agent's header, or out to its tails.
  for (MachineInstr &T : Latch->terminators()) {
    MachineInstr *C = MF.CloneMachineInstr(&T);
    R.Exit->push_back(C);
    for (MachineOperand &MO : C->operands())
      if (MO.isMBB())
        MO.setMBB(MO.getMBB() == Header ? R.TileHead : R.Final);
  }
  R.Exit->addSuccessor(R.TileHead);
  R.Exit->addSuccessor(R.Final);
  TII.insertBranch(*R.TileHead, R.Pre, nullptr, {}, DL);
  R.TileHead->addSuccessor(R.Pre);
  TII.insertBranch(*R.Pre, R.Loop, nullptr, {}, DL);
  R.Pre->addSuccessor(R.Loop);
  // The header's PHIs come from the agent's entry and its latch.
  for (MachineInstr &Phi : R.TileHead->phis())
    for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2) {
      MachineBasicBlock *From = Phi.getOperand(I + 1).getMBB();
      Phi.getOperand(I + 1).setMBB(From == OuterPre ? R.Entry : R.Exit);
    }
  bool Rings = any_of(*R.Loop, [&](const MachineInstr &MI) {
    return MI.readsRegister(BaseReg, /*TRI=*/nullptr);
  });
  countTiles(Agent, *R.TileHead, *R.Exit, *R.Entry, R.Renamed.lookup(RingNext),
             Rings);

  // The agent's registers: its copy of the tile loop's, of the inner
  // loop's, its own ring iterations.
  for (MachineBasicBlock *MBB : {R.TileHead, R.Pre, R.Loop, R.Exit})
    for (MachineInstr &MI : *MBB)
      for (MachineOperand &MO : MI.uses()) {
        if (!MO.isReg() || !MO.getReg().isVirtual())
          continue;
        MO.setIsKill(false);
        Register Reg = MO.getReg();
        if (Reg == BaseReg)
          MO.setReg(R.Base);
        else if (Register New = Own.lookup(Reg))
          MO.setReg(New);
        else if (MBB != R.Loop)
          if (Register New = R.Renamed.lookup(Reg))
            MO.setReg(New);
      }
  swapCopies(*R.TileHead, *R.Entry, *R.Exit, Agent);
}

/// The default agent runs the original tile loop, without what Work gives
/// other agents alone.
void AgentRewrite::pruneDefaultTileLoop() {
  unsigned Default = tileasMachine(MF).defaultAgent();
  const TileASTileNest &TN = *Nest->Nest;
  const TileASTileWork &Work = *Nest->Work;
  for (const auto *Blocks : {&TN.After, &TN.Before})
    for (MachineBasicBlock *B : reverse(*Blocks))
      for (MachineInstr &MI : make_early_inc_range(reverse(*B))) {
        for (MachineOperand &MO : MI.uses())
          if (MO.isReg())
            MO.setIsKill(false);
        if (!MI.isTerminator() && TileOwn.count(&MI) &&
            !Work.keeps(Default, &MI))
          MI.eraseFromParent();
      }
  // buildDispatch turns the PHIs' edge from the preheader into one from
  // the agent's entry.
  bool Rings = any_of(
      RingIters, [&](const auto &Iter) { return keeps(Default, Iter.first); });
  countTiles(Default, *Header, *Latch, *OuterPre, RingNext, Rings);
  swapCopies(*Header, *OuterPre, *Latch, Default);
}

/// What emitExit (Created) put in Agent's exit, which is its tile loop's
/// latch: the drains' commits and waits count tiles, the producer of a drain
/// acquires it at the top of each tile and the default agent releases it
/// after its last read of the buffers; the rings' tails go after the last
/// tile, at the iterations after the last tile's.
void AgentRewrite::placeTileExit(unsigned Agent,
                                 const TileASCountedLoop &Counted,
                                 ArrayRef<MachineInstr *> Created) {
  AgentRegion &R = Regions[Agent - 1];
  unsigned Default = tileasMachine(MF).defaultAgent();
  MachineBasicBlock &Head = Agent == Default ? *Header : *R.TileHead;
  Register AfterLast = Counted.Increment->getOperand(0).getReg();

  // The block after the last tile: the agent's own, or for the default
  // agent one on the edge out of the tile loop.
  auto FinalBlock = [&]() -> MachineBasicBlock * {
    if (R.Final)
      return R.Final;
    MachineBasicBlock *B = MF.CreateMachineBasicBlock();
    MF.insert(std::next(Latch->getIterator()), B);
    Latch->ReplaceUsesOfBlockWith(OuterExit, B);
    OuterExit->replacePhiUsesWith(Latch, B);
    TII.insertBranch(*B, OuterExit, nullptr, {}, DL);
    B->addSuccessor(OuterExit);
    R.Final = B;
    return B;
  };

  SmallVector<MachineInstr *, 8> Tails;
  for (MachineInstr *MI : Created) {
    unsigned Opc = MI->getOpcode();
    // A consumer's release of the inner loop's last iteration (Hopper's
    // loop-carried release) goes after the last tile with the tails: in
    // every other tile the next tile's first iteration releases it.
    if (Opc == TileAS::PIPE_PRODUCER_ACQUIRE || Opc == TileAS::ADDri ||
        Opc == TileAS::PIPE_CONSUMER_RELEASE) {
      Tails.push_back(MI);
      continue;
    }
    if (Opc != TileAS::PIPE_PRODUCER_COMMIT &&
        Opc != TileAS::PIPE_CONSUMER_WAIT)
      continue;
    unsigned Pipe = namedOperand(*MI, TileAS::OpName::pipe).getImm();
    namedOperand(*MI, TileAS::OpName::iter).setReg(R.Tile);
    unsigned Empty = DrainEmpty.lookup(Pipe);
    if (Opc == TileAS::PIPE_PRODUCER_COMMIT) {
      R.CommitsAccumulators = true;
      // The tile's buffers are free once the default agent has read the
      // tile before's.
      BuildMI(Head, Head.getFirstTerminator(), DL,
              TII.get(TileAS::PIPE_PRODUCER_ACQUIRE))
          .addImm(Pipe)
          .addImm(Empty)
          .addReg(R.Tile);
      // Its tail: every copy free again after the last tile.
      MachineBasicBlock *F = FinalBlock();
      for (unsigned C = 0; C < Nest->AccumulatorCopies; ++C) {
        Register It = R.TileNext;
        if (C) {
          It = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
          BuildMI(*F, F->getFirstTerminator(), DL, TII.get(TileAS::ADDri), It)
              .addReg(R.TileNext)
              .addImm(C);
        }
        BuildMI(*F, F->getFirstTerminator(), DL,
                TII.get(TileAS::PIPE_PRODUCER_ACQUIRE))
            .addImm(Pipe)
            .addImm(Empty)
            .addReg(It);
      }
      continue;
    }
    // The default agent reads the buffers right after its waits, before
    // anything else of the latch: release after the last read.
    MachineBasicBlock &Block = *MI->getParent();
    MachineBasicBlock::iterator After = std::next(MI->getIterator());
    for (MachineInstr &U : make_range(After, Block.getFirstTerminator()))
      if (U.mayLoad() && !TileAS::isCoordination(U.getDesc()))
        After = std::next(U.getIterator());
    BuildMI(Block, After, DL, TII.get(TileAS::PIPE_CONSUMER_RELEASE))
        .addImm(Pipe)
        .addImm(Empty)
        .addReg(R.Tile);
  }
  // The rings' tails, after the last tile: iterations base + T .. (the
  // inner loop's AfterLast there reads the last tile's base + its count).
  for (MachineInstr *MI : Tails) {
    MachineBasicBlock *F = FinalBlock();
    MI->removeFromParent();
    F->insert(F->getFirstTerminator(), MI);
    for (MachineOperand &MO : MI->uses())
      if (MO.isReg() && MO.getReg() == AfterLast)
        MO.setReg(R.BaseNext);
  }
}

/// The tile counts no agent reads.
void AgentRewrite::removeUnusedCounters() {
  // (The ring iterations exist only where the inner loop reads them.)
  auto OnlyEachOther = [&](Register X, Register Y) {
    return all_of(MRI.use_nodbg_instructions(X), [&](MachineInstr &U) {
      return U.getNumDefs() && U.getOperand(0).getReg() == Y;
    });
  };
  for (AgentRegion &R : Regions)
    if (R.Tile && OnlyEachOther(R.Tile, R.TileNext) &&
        OnlyEachOther(R.TileNext, R.Tile)) {
      MRI.getVRegDef(R.TileNext)->eraseFromParent();
      MRI.getVRegDef(R.Tile)->eraseFromParent();
    }
}

/// Double-buffered accumulators: a second allocation of each buffer the
/// drains hand over, next to the first, before the tile loop.
void AgentRewrite::allocateSecondCopies() {
  unsigned Default = tileasMachine(MF).defaultAgent();
  for (const auto &[Reg, X] : Partition.crossings(Default)) {
    if (!X.Outer)
      continue;
    Register First = outerValue(X.Outer);
    MachineInstr *Alloc = MRI.getVRegDef(First);
    if (!Alloc || Alloc->getOpcode() != TileAS::TMEM_ALLOC ||
        any_of(Copies, [&](const auto &C) { return C.first == First; }))
      continue;
    MachineInstr *Second = MF.CloneMachineInstr(Alloc);
    Register Copy = MRI.createVirtualRegister(MRI.getRegClass(First));
    Second->getOperand(0).setReg(Copy);
    Alloc->getParent()->insertAfter(Alloc->getIterator(), Second);
    Copies.emplace_back(First, Copy);
  }
}

/// Tile t of Agent's tile loop (header Head, entered from Entry, latch
/// TileLatch) uses copy t mod 2 of each double-buffered accumulator: a pair
/// of PHIs in Head swaps the copies at every tile, and the agent's reads of
/// the first copy in its tile loop read the current one.
void AgentRewrite::swapCopies(MachineBasicBlock &Head, MachineBasicBlock &Entry,
                              MachineBasicBlock &TileLatch, unsigned Agent) {
  AgentRegion &R = Regions[Agent - 1];
  SmallVector<MachineBasicBlock *, 8> Blocks;
  if (&Head == Header) {
    append_range(Blocks, Nest->Nest->Before);
    append_range(Blocks, Nest->Nest->After);
  } else {
    Blocks = {R.TileHead, R.Pre, R.Loop, R.Exit};
  }
  for (const auto &[First, Second] : Copies) {
    // A PHI of the header that carries the buffer unchanged (an in-place
    // accumulator's value at the top of each tile) is the buffer.
    for (MachineInstr &Phi : make_early_inc_range(Head.phis())) {
      bool Same = true;
      for (unsigned I = 1, E = Phi.getNumOperands(); I < E; I += 2)
        Same &= Phi.getOperand(I).getReg() == First;
      if (!Same)
        continue;
      MRI.replaceRegWith(Phi.getOperand(0).getReg(), First);
      Phi.eraseFromParent();
    }
    Register Cur = MRI.createVirtualRegister(MRI.getRegClass(First));
    Register Next = MRI.createVirtualRegister(MRI.getRegClass(First));
    for (MachineBasicBlock *MBB : Blocks)
      for (MachineInstr &MI : *MBB)
        for (MachineOperand &MO : MI.uses())
          if (MO.isReg() && MO.getReg() == First)
            MO.setReg(Cur);
    BuildMI(Head, Head.begin(), DL, TII.get(TargetOpcode::PHI), Next)
        .addReg(Second)
        .addMBB(&Entry)
        .addReg(Cur)
        .addMBB(&TileLatch);
    BuildMI(Head, Head.begin(), DL, TII.get(TargetOpcode::PHI), Cur)
        .addReg(First)
        .addMBB(&Entry)
        .addReg(Next)
        .addMBB(&TileLatch);
  }
}
