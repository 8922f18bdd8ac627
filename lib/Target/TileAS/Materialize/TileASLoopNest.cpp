//===- TileASLoopNest.cpp - The control around a loop ---------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASLoopNest.h"

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
