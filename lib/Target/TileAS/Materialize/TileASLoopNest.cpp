//===- TileASLoopNest.cpp - The control around a loop ---------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASLoopNest.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

std::optional<std::string>
TileASLoopNest::whyLeftUnchanged(const MachineBasicBlock &Loop) {
  if (!Cycles) {
    Cycles.emplace();
    Cycles->compute(MF);
  }
  for (const MachineCycle *C = Cycles->getCycle(&Loop); C;
       C = C->getParentCycle()) {
    if (C->isReducible())
      continue;
    std::string Entries;
    for (const MachineBasicBlock *Entry : C->getEntries())
      Entries +=
          formatv("{0}bb.{1}", Entries.empty() ? "" : ", ", Entry->getNumber())
              .str();
    return formatv("it lies inside irreducible control flow (a cycle entered "
                   "at {0}), which the expansion does not handle",
                   Entries)
        .str();
  }
  return std::nullopt;
}

const MachineBasicBlock *
TileASLoopNest::outerHeader(const MachineLoopInfo &MLI,
                            const MachineBasicBlock &Loop) {
  const MachineLoop *L = MLI.getLoopFor(&Loop);
  const MachineLoop *Outer = L ? L->getParentLoop() : nullptr;
  return Outer ? Outer->getHeader() : nullptr;
}

/// Follows single successors from From while they stay in Outer and are not
/// Stop, appending each block; returns the block it stopped at (Stop, or the
/// first one with another number of successors in the loop).
static MachineBasicBlock *
walkStraight(const MachineLoop &Outer, MachineBasicBlock *From,
             const MachineBasicBlock *Stop,
             SmallVectorImpl<MachineBasicBlock *> &Out) {
  MachineBasicBlock *MBB = From;
  while (MBB != Stop && !is_contained(Out, MBB)) {
    Out.push_back(MBB);
    if (MBB->succ_size() != 1 || !Outer.contains(*MBB->succ_begin()))
      return MBB;
    MBB = *MBB->succ_begin();
  }
  return MBB;
}

std::optional<TileASTileNest>
TileASLoopNest::tileNestOf(const MachineLoopInfo &MLI, MachineBasicBlock &Loop,
                           std::string &Why) {
  const MachineLoop *L = MLI.getLoopFor(&Loop);
  const MachineLoop *Outer = L ? L->getParentLoop() : nullptr;
  if (!L || !Outer || L->getHeader() != &Loop || L->getNumBlocks() != 1) {
    Why = formatv("bb.{0} is not a single-block loop inside another",
                  Loop.getNumber())
              .str();
    return std::nullopt;
  }
  unsigned OuterBB = Outer->getHeader()->getNumber();
  if (const MachineLoop *Around = Outer->getParentLoop()) {
    Why = formatv("the loop of bb.{0} around it is itself inside the loop of "
                  "bb.{1}",
                  OuterBB, Around->getHeader()->getNumber())
              .str();
    return std::nullopt;
  }
  if (Outer->getSubLoops().size() != 1) {
    Why = formatv("the loop of bb.{0} around it holds {1} loops", OuterBB,
                  Outer->getSubLoops().size())
              .str();
    return std::nullopt;
  }
  MachineBasicBlock *Latch = Outer->getLoopLatch();
  if (!Latch || Outer->getExitingBlock() != Latch) {
    Why = formatv("the loop of bb.{0} around it does not leave only at its "
                  "one latch",
                  OuterBB)
              .str();
    return std::nullopt;
  }
  TileASTileNest Nest;
  Nest.Outer = Outer;
  Nest.Inner = &Loop;
  MachineBasicBlock *Stop =
      walkStraight(*Outer, Outer->getHeader(), &Loop, Nest.Before);
  MachineBasicBlock *InnerExit = nullptr;
  for (MachineBasicBlock *Succ : Loop.successors())
    if (Succ != &Loop)
      InnerExit = Succ;
  MachineBasicBlock *End = nullptr;
  if (Stop == &Loop && InnerExit && Loop.succ_size() == 2 &&
      Outer->contains(InnerExit) && InnerExit != Outer->getHeader())
    End = walkStraight(*Outer, InnerExit, nullptr, Nest.After);
  if (End != Latch || Nest.After.back() != Latch ||
      Nest.Before.size() + Nest.After.size() + 1 != Outer->getNumBlocks() ||
      Loop.pred_size() != 2) {
    Why = formatv("the loop of bb.{0} around it branches elsewhere than into "
                  "and out of bb.{1} (only straight-line blocks before and "
                  "after the inner loop are handled)",
                  OuterBB, Loop.getNumber())
              .str();
    return std::nullopt;
  }
  return Nest;
}

MachineBasicBlock *
TileASLoopNest::exitOfLatch(MachineBasicBlock &Latch,
                            const MachineBasicBlock &Header) {
  for (MachineBasicBlock *Succ : Latch.successors())
    if (Succ != &Header)
      return Succ;
  return nullptr;
}
