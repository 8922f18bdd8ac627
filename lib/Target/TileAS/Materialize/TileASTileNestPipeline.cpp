//===- TileASTileNestPipeline.cpp - Rings kept across tiles ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASTileNestPipeline.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASTileNestPipelinePrefetch.h"
#include "TileASSubtarget.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

static cl::opt<bool> UnspecializedTileNests(
    "tileas-unspecialized-tile-nests", cl::init(true),
    cl::desc("Unspecialized: create a tile nest's rings once, before its "
             "tile loop, and count their iterations across tiles (on by "
             "default; off: the rings are created again at every tile)"));

/// Testing only: a seeded mistake for the protocol checker to catch.
static cl::opt<bool> ResetRingsAtTiles(
    "tileas-unspecialized-tile-nest-reset-rings", cl::Hidden, cl::init(false),
    cl::desc("Testing only: the rings kept across tiles count their "
             "iterations from 0 again at each tile (a ring phase reset at "
             "the tile boundary)"));

bool llvm::unspecializedTileNestsEnabled() { return UnspecializedTileNests; }

std::string TileASTileNestPipeline::whyNotAcrossTiles(
    const TileASTileNest &TN, const TileASCountedLoop &Loop,
    const MachineBasicBlock &Preheader, const MachineBasicBlock &Exit,
    const pipes::SolveResult &Sol) {
  for (const pipes::Pipe &P : Sol.Pipes)
    if (P.CreateAtExit)
      return formatv("pipe {0} is created after the inner loop, on the "
                     "barriers of a pipe before it",
                     P.Id);
  if (Loop.Step != 1)
    return formatv("the inner loop steps by {0}; its ring iterations are "
                   "counted across tiles only for a step of 1",
                   Loop.Step);
  // The coordination's self-check and the producer's tails read the ring
  // iteration as the induction value's: they agree only from 0.
  const MachineRegisterInfo &MRI = Preheader.getParent()->getRegInfo();
  const MachineInstr *Init = MRI.getVRegDef(Loop.Init);
  if (!Init || Init->getOpcode() != TileAS::MOVri ||
      !Init->getOperand(1).isImm() || Init->getOperand(1).getImm() != 0)
    return "the inner loop's induction value does not start at the "
           "constant 0";
  MachineBasicBlock *OuterPre = TN.Outer->getLoopPreheader();
  if (!OuterPre || OuterPre->succ_size() != 1)
    return "the tile loop has no preheader of its own";
  if (!TileASLoopNest::exitOfLatch(*TN.After.back(), *TN.Before.front()))
    return "the tile loop's latch does not leave it";
  if (&Preheader != TN.Before.back() || Preheader.succ_size() != 1 ||
      &Exit != TN.After.front() || Exit.pred_size() != 1 ||
      !Exit.phis().empty())
    return "the inner loop's preheader or exit is not its own";
  return "";
}

TileASTileNestPipeline::TileASTileNestPipeline(const TileASTileNest &TN,
                                               const TileASCountedLoop &Loop,
                                               MachineBasicBlock &Preheader,
                                               MachineBasicBlock &Exit)
    : TN(TN), Loop(Loop), Preheader(Preheader), Exit(Exit) {
  Header = TN.Before.front();
  Latch = TN.After.back();
  OuterPre = TN.Outer->getLoopPreheader();
  OuterExit = TileASLoopNest::exitOfLatch(*Latch, *Header);
}

void TileASTileNestPipeline::countRingsAcrossTiles(
    std::vector<MachineInstr *> &Ordered,
    DenseMap<MachineInstr *, int> &Stage) {
  MachineBasicBlock &Body = *Loop.Loop;
  MachineFunction &MF = *Body.getParent();
  MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  DebugLoc DL;

  Zero = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  BuildMI(*OuterPre, OuterPre->getFirstTerminator(), DL, TII.get(TileAS::MOVri),
          Zero)
      .addImm(0);
  // The tile's base: 0 at the first tile, then the ring iteration after the
  // tile before's k-loop (the expansion joins its paths for this use).
  Register Base = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  Register Ring = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  Register RingNext = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  BasePhi =
      BuildMI(*Header, Header->begin(), DL, TII.get(TargetOpcode::PHI), Base)
          .addReg(Zero)
          .addMBB(OuterPre)
          .addReg(RingNext)
          .addMBB(Latch);
  // The ring iteration beside the induction value: base on entry, one more
  // each iteration, computed next to the induction value's increment, in its
  // stage; each pipe op of stage s reads it as the expansion carries it
  // there.
  Register IV = Loop.IVPhi->getOperand(0).getReg();
  BuildMI(Body, Body.getFirstNonPHI(), DL, TII.get(TargetOpcode::PHI), Ring)
      .addReg(Base)
      .addMBB(&Preheader)
      .addReg(RingNext)
      .addMBB(&Body);
  RingInc = BuildMI(Body, Loop.Increment->getIterator(), DL,
                    TII.get(TileAS::ADDri), RingNext)
                .addReg(Ring)
                .addImm(1);
  Stage[RingInc] = Stage.lookup(Loop.Increment);
  for (MachineInstr *MI : Ordered) {
    if (!TileAS::isPipeOp(MI->getOpcode()))
      continue;
    MachineOperand &It = namedOperand(*MI, TileAS::OpName::iter);
    // Hopper's loop-carried release reads `ADDri IV, -1`: counted on the
    // ring too, the next tile's first k-tile releases the tile before's
    // last.
    if (MachineInstr *Prev =
            loopCarriedReleaseIteration(It.getReg(), IV, Body)) {
      Prev->getOperand(1).setReg(Ring);
      Prev->getOperand(1).setIsKill(false);
      continue;
    }
    if (It.getReg() != IV)
      continue;
    It.setReg(Ring);
    It.setIsKill(false);
  }
  Ordered.insert(find(Ordered, Loop.Increment), RingInc);
  for (MachineInstr *MI : Ordered)
    StageOf.push_back(Stage.lookup(MI));
}

/// The block on the edge out of the tile loop, made on first use.
MachineBasicBlock *TileASTileNestPipeline::finalBlock() {
  if (Final)
    return Final;
  MachineFunction &MF = *Latch->getParent();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  Final = MF.CreateMachineBasicBlock(Latch->getBasicBlock());
  MF.insert(std::next(Latch->getIterator()), Final);
  Latch->ReplaceUsesOfBlockWith(OuterExit, Final);
  OuterExit->replacePhiUsesWith(Latch, Final);
  TII.insertBranch(*Final, OuterExit, nullptr, {}, DebugLoc());
  Final->addSuccessor(OuterExit);
  return Final;
}

void TileASTileNestPipeline::keepRingsAcrossTiles(
    const pipes::SolveResult &Sol, ArrayRef<MachineInstr *> Created) {
  MachineFunction &MF = *Header->getParent();
  MachineRegisterInfo &MRI = MF.getRegInfo();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  DebugLoc DL;
  SmallPtrSet<const MachineInstr *, 32> Made(Created.begin(), Created.end());
  // The ring iteration after the last tile's k-loop: what the base PHI reads
  // from the latch (the expansion's join of the k-loop's paths).
  Register RingAfter = BasePhi->getOperand(3).getReg();
  if (ResetRingsAtTiles)
    BasePhi->getOperand(3).setReg(Zero);

  // Only the rings move: a drain or a consumer-only pipe is used once per
  // entry of the k-loop (a commit and a wait, no release), so it is still
  // created at every tile.
  Rings.clear();
  for (const pipes::Pipe &P : Sol.Pipes)
    if (P.Kind == pipes::PipeKind::Ring)
      Rings.insert(P.Id);

  for (MachineInstr &MI : make_early_inc_range(Preheader)) {
    if (!Made.count(&MI))
      continue;
    if (MI.getOpcode() != TileAS::PIPE_CREATE ||
        !Rings.count(namedOperand(MI, TileAS::OpName::pipe).getImm()))
      continue;
    MI.removeFromParent();
    OuterPre->insert(OuterPre->getFirstTerminator(), &MI);
    namedOperand(MI, TileAS::OpName::first).setReg(Zero);
  }

  // The producer's tails (acquires at the ring iterations after the last,
  // and the additions that name them) go after the last tile, and so does
  // a loop-carried release of the last iteration (Hopper), which the next
  // tile's first k-tile makes in every other tile.
  SmallVector<MachineInstr *, 8> Tails;
  for (MachineInstr &MI : Exit) {
    if (!Made.count(&MI))
      continue;
    unsigned Opc = MI.getOpcode();
    if (Opc == TileAS::PIPE_PRODUCER_ACQUIRE || Opc == TileAS::ADDri ||
        (Opc == TileAS::PIPE_CONSUMER_RELEASE &&
         Rings.count(namedOperand(MI, TileAS::OpName::pipe).getImm())))
      Tails.push_back(&MI);
  }
  SmallSet<Register, 8> TailDefs;
  for (MachineInstr *MI : Tails) {
    MachineBasicBlock *F = finalBlock();
    MI->removeFromParent();
    F->insert(F->getFirstTerminator(), MI);
    for (MachineOperand &MO : MI->uses())
      if (MO.isReg() && MO.getReg().isVirtual() &&
          !TailDefs.count(MO.getReg())) {
        MO.setReg(RingAfter);
        MO.setIsKill(false);
      }
    if (MI->getOpcode() == TileAS::ADDri)
      TailDefs.insert(MI->getOperand(0).getReg());
  }
}

std::string
TileASTileNestPipeline::prefetchNextTile(const TileASExpandedLoop &Expanded) {
  TileNestPrefetchInput In;
  In.TN = &TN;
  In.Loop = &Loop;
  In.Preheader = &Preheader;
  In.Exit = &Exit;
  In.OuterPre = OuterPre;
  In.Zero = Zero;
  In.Base = BasePhi->getOperand(0).getReg();
  In.StageOf = StageOf;
  In.Rings = &Rings;
  In.Expanded = &Expanded;
  TileASTileNestPrefetch Prefetch(In);
  std::string Why = Prefetch.whyNot();
  if (Why.empty())
    Prefetch.run();
  return Why;
}
