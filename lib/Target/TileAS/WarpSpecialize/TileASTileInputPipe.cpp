//===- TileASTileInputPipe.cpp - Per-tile pipes of tile inputs ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A tile nest whose tile loop loads a tile for another agent's inner loop
// (the persistent attention's Q: one TMA per query tile by the load warp,
// read by the MMA warp's S = Q K^T in every kv-tile; docs/persistent.md, "A
// tile the tile loop loads: the per-tile pipe"). The inner loop's
// coordination sees a value made before the loop: a consumer-only pipe,
// committed and waited for once in the inner loop's preheader. Under the
// tile nest's rewrite that pipe becomes a ring counted in tiles, like the
// accumulator pipe in the other direction:
//
//  * its PIPE_CREATE (hoisted before the tile loop with the others) gets
//    the tile's bytes per slot, 1 or 2 slots, an empty barrier, the reader's
//    unit as its consumer and both agents;
//  * the loading agent acquires slot t before its copy of the load at tile
//    t and commits it after (the load fills the slot: the printer places it
//    between the two, and the copy engine's complete_tx fills the full
//    barrier);
//  * the reading agent waits for it before its copy of the inner loop,
//    reads the slot's address (PIPE_TILE) where it read the tile, and
//    releases it after its inner loop (for the tensor core, a tcgen05.commit
//    of the tile's MMAs to the empty barrier);
//  * after its last tile the loading agent acquires every slot again (the
//    ring's tail: nothing in flight at the return).
//
// The protocol checker and tileas-sim see the ring, so they check that the
// next tile's load waits for the readers of the one before.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordinationInput.h"
#include "TileASInstrInfo.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentRewrite.h"
#include "WarpSpecialize/TileASTileWork.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

namespace {
/// Testing only: mistakes seeded for the protocol checker to catch.
enum class TileInputMistake { None, NoRelease, ResetPhase };
} // namespace

static cl::opt<TileInputMistake> SeededMistake(
    "tileas-ws-tile-input-mistake", cl::Hidden,
    cl::init(TileInputMistake::None),
    cl::desc("Testing only: a mistake in the per-tile pipe of a tile the "
             "tile loop loads for another agent"),
    cl::values(clEnumValN(TileInputMistake::NoRelease, "no-release",
                          "the reading agent never releases the slot"),
               clEnumValN(TileInputMistake::ResetPhase, "reset-phase",
                          "both agents count the pipe's iterations from 0 "
                          "at every tile (a ring phase reset)")));

std::vector<TileASTileInputPipe> llvm::tileInputPipesOf(
    const pipes::SolveResult &Sol, ArrayRef<MachineInstr *> Instrs,
    const TileASTileWork &Work, unsigned Default, std::string &Why) {
  std::vector<TileASTileInputPipe> Inputs;
  for (const pipes::Pipe &P : Sol.Pipes) {
    if (P.Kind != pipes::PipeKind::ConsumerOnly)
      continue;
    // The tile input that every consumer of the pipe reads.
    const TileASTileCrossing *Input = nullptr;
    Register Tile;
    for (const auto &[Reg, X] : Work.tileInputs())
      if (!P.Consumers.empty() &&
          all_of(P.Consumers, [&, Reg = Reg](const pipes::Read &Rd) {
            return Rd.Op < Instrs.size() &&
                   Instrs[Rd.Op]->readsRegister(Reg, /*TRI=*/nullptr);
          })) {
        Input = &X;
        Tile = Reg;
        break;
      }
    if (!Input) {
      Why = formatv("pipe {0} is produced before the inner loop by "
                    "something other than a tile the tile loop loads for "
                    "another agent: the tile nest's rewrite makes only "
                    "those per tile",
                    P.Id);
      return {};
    }
    if (Input->From == Default || Input->To == Default) {
      Why = formatv("pipe {0} hands a tile loaded in the tile loop to the "
                    "default agent or from it, whose tile loop is the "
                    "original one: the per-tile pipe is made only between "
                    "two other agents",
                    P.Id);
      return {};
    }
    TileASTileInputPipe T;
    T.Pipe = P.Id;
    T.Tile = Tile;
    T.From = Input->From;
    T.To = Input->To;
    const MachineRegisterInfo &MRI = Instrs.front()->getMF()->getRegInfo();
    T.Load = MRI.getVRegDef(Tile);
    std::optional<uint64_t> Bytes =
        T.Load ? TileAS::producedTileBytes(*T.Load) : std::nullopt;
    if (!Bytes || !*Bytes) {
      Why = formatv("pipe {0} waits for a tile of the tile loop whose "
                    "bytes are not known",
                    P.Id);
      return {};
    }
    T.Bytes = *Bytes;
    Inputs.push_back(T);
  }
  return Inputs;
}

unsigned llvm::planTileInputDepth(const pipes::SolveResult &Sol,
                                  ArrayRef<TileASTileInputPipe> Inputs,
                                  uint64_t Capacity, std::string &WhyOne) {
  uint64_t Rings = 0, TwoSlots = 0;
  for (const pipes::Pipe &P : Sol.Pipes)
    if (P.Kind == pipes::PipeKind::Ring && !P.Turns)
      Rings += uint64_t(P.Depth) * P.Bytes;
  for (const TileASTileInputPipe &T : Inputs)
    TwoSlots += 2 * T.Bytes;
  if (Rings + TwoSlots <= Capacity)
    return 2;
  WhyOne = formatv("the inner loop's rings ({0} bytes) and two slots of "
                   "each tile input ({1}) exceed the {2} bytes of shared "
                   "memory",
                   Rings, TwoSlots, Capacity);
  return 1;
}

unsigned llvm::firstUnusedPipeBarrier(const MachineFunction &MF) {
  unsigned Next = 0;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::PIPE_CREATE)
        for (TileAS::OpName Bar : {TileAS::OpName::full, TileAS::OpName::empty})
          Next = std::max<unsigned>(Next, namedOperand(MI, Bar).getImm() + 1);
  return Next;
}

void AgentRewrite::makeTileInputPipes() {
  // One barrier id past every pipe's (the drains' empty barriers too).
  unsigned NextBarrier = firstUnusedPipeBarrier(MF);
  bool Reset = SeededMistake == TileInputMistake::ResetPhase;
  for (const TileASTileInputPipe &T : TileInputs) {
    AgentRegion &Loader = Regions[T.From - 1];
    AgentRegion &Reader = Regions[T.To - 1];
    Register LoaderTile = Reset ? Zero : Loader.Tile;
    Register ReaderTile = Reset ? Zero : Reader.Tile;
    MachineInstr *Load = Loader.TileCopy.lookup(T.Load);
    assert(Load && "the loading agent keeps its copy of the load");
    // The ring: created before the tile loop (hoistRingCreation).
    MachineInstr *Create = nullptr, *Commit = nullptr, *Wait = nullptr;
    for (MachineInstr &MI : *OuterPre)
      if (MI.getOpcode() == TileAS::PIPE_CREATE &&
          namedOperand(MI, TileAS::OpName::pipe).getImm() == T.Pipe)
        Create = &MI;
    for (MachineInstr &MI : Preheader) {
      if (!TileAS::isPipeOp(MI.getOpcode()) ||
          namedOperand(MI, TileAS::OpName::pipe).getImm() != T.Pipe)
        continue;
      if (MI.getOpcode() == TileAS::PIPE_PRODUCER_COMMIT)
        Commit = &MI;
      else if (MI.getOpcode() == TileAS::PIPE_CONSUMER_WAIT)
        Wait = &MI;
    }
    assert(Create && Commit && Wait && "a consumer-only pipe's three ops");
    unsigned Empty = NextBarrier++;
    // The reader's unit releases the slot: its first read of the tile.
    unsigned ReaderUnit = 0;
    for (MachineInstr &MI : *Reader.Loop)
      if (MI.readsRegister(T.Tile, /*TRI=*/nullptr)) {
        auto [Unit, Async] = coordinationUnitOf(MI);
        ReaderUnit = Async ? 1 + Unit : 0;
        break;
      }
    namedOperand(*Create, TileAS::OpName::depth).setImm(Nest->TileInputDepth);
    namedOperand(*Create, TileAS::OpName::bytes).setImm(T.Bytes);
    namedOperand(*Create, TileAS::OpName::empty).setImm(Empty);
    namedOperand(*Create, TileAS::OpName::consumer).setImm(ReaderUnit);
    namedOperand(*Create, TileAS::OpName::pagent).setImm(T.From);
    namedOperand(*Create, TileAS::OpName::cagent).setImm(T.To);

    // The loader: acquire, load (the slot's fill), commit, at every tile.
    MachineBasicBlock &Head = *Load->getParent();
    BuildMI(Head, Load->getIterator(), DL,
            TII.get(TileAS::PIPE_PRODUCER_ACQUIRE))
        .addImm(T.Pipe)
        .addImm(Empty)
        .addReg(LoaderTile);
    Commit->removeFromParent();
    Head.insertAfter(Load->getIterator(), Commit);
    namedOperand(*Commit, TileAS::OpName::iter).setReg(LoaderTile);
    // Its tail: every slot free again after the last tile.
    MachineBasicBlock &Final = *Loader.Final;
    for (unsigned C = 0; C < Nest->TileInputDepth; ++C) {
      Register It = Loader.TileNext;
      if (C) {
        It = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
        BuildMI(Final, Final.getFirstTerminator(), DL, TII.get(TileAS::ADDri),
                It)
            .addReg(Loader.TileNext)
            .addImm(C);
      }
      BuildMI(Final, Final.getFirstTerminator(), DL,
              TII.get(TileAS::PIPE_PRODUCER_ACQUIRE))
          .addImm(T.Pipe)
          .addImm(Empty)
          .addReg(It);
    }

    // The reader: wait and take the slot's address before its inner loop,
    // read it there, release after it.
    MachineBasicBlock &Pre = *Reader.Pre;
    Wait->removeFromParent();
    Pre.insert(Pre.getFirstTerminator(), Wait);
    namedOperand(*Wait, TileAS::OpName::iter).setReg(ReaderTile);
    Register Slot = MRI.createVirtualRegister(MRI.getRegClass(T.Tile));
    BuildMI(Pre, Pre.getFirstTerminator(), DL, TII.get(TileAS::PIPE_TILE), Slot)
        .addImm(T.Pipe)
        .addReg(ReaderTile)
        .addImm(0);
    for (MachineOperand &MO : make_early_inc_range(MRI.use_operands(T.Tile))) {
      MachineBasicBlock *MBB = MO.getParent()->getParent();
      if (MBB == Reader.Loop || MBB == Reader.Pre || MBB == Reader.TileHead ||
          MBB == Reader.Exit)
        MO.setReg(Slot);
    }
    if (SeededMistake != TileInputMistake::NoRelease)
      BuildMI(*Reader.Exit, Reader.Exit->getFirstNonPHI(), DL,
              TII.get(TileAS::PIPE_CONSUMER_RELEASE))
          .addImm(T.Pipe)
          .addImm(Empty)
          .addReg(ReaderTile);
  }
}
