//===- LoopProblems.cpp - The scheduling problems of a session's loops ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "LoopProblems.h"

#include "Pipeliner/TileASLoopProblem.h"
#include "TileASOptions.h"

using namespace llvm;
using namespace tileas::bench;

LoopProblems::LoopProblems(const std::vector<LoopRef> &Loops)
    : Loops(Loops), Built(Loops.size()), Pointers(Loops.size(), nullptr),
      Errors(Loops.size(), "the loop was not reached"), Contexts(Loops.size()) {
}

LoopProblems::~LoopProblems() = default;

void LoopProblems::build(MachineFunction &MF) {
  for (unsigned K = 0; K < Loops.size(); ++K) {
    if (Loops[K].MF != &MF)
      continue;
    Expected<TileASLoopProblem> LP =
        TileASLoopProblem::build(*Loops[K].MBB, tileasReservedBarriers());
    if (!LP) {
      Errors[K] = toString(LP.takeError());
      continue;
    }
    if (!LP->Unsupported.empty()) {
      Errors[K] = "not modelled: " + LP->Unsupported;
      continue;
    }
    Built[K] = std::make_unique<TileASLoopProblem>(std::move(*LP));
    Pointers[K] = Built[K].get();
    Contexts[K] = peerContext(*Built[K]);
    Errors[K].clear();
  }
}

const TileASLoopProblem *LoopProblems::get(unsigned K) const {
  return Pointers[K];
}
