//===- PeerContext.cpp - What a peer was told about a loop ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PeerVerdict.h"

#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopProblem.h"

#include "llvm/CodeGen/MachineInstr.h"

using namespace llvm;
using namespace tileas::bench;

PeerContext tileas::bench::peerContext(const TileASLoopProblem &LP) {
  PeerContext C;
  // The compare TileAS pins to stage 0 and the pipeliner's loop info names
  // (shouldIgnoreForPipelining).
  if (std::optional<TileASCountedLoop> Loop =
          TileASCountedLoop::analyze(*LP.Loop)) {
    auto It = LP.OpIndex.find(Loop->Compare);
    if (It != LP.OpIndex.end())
      C.ExitTest = It->second;
  }
  // MachinePipeliner's unpipelineable nodes (computeUnpipelineableNodes),
  // on TileAS's dependence graph.
  C.LoopControl.resize(LP.Problem.size());
  SmallVector<unsigned, 8> Work;
  if (C.ExitTest)
    Work.push_back(*C.ExitTest);
  while (!Work.empty()) {
    unsigned Op = Work.pop_back_val();
    if (C.LoopControl.test(Op))
      continue;
    C.LoopControl.set(Op);
    for (const tileas::Dependence &D : LP.Problem.dependences()) {
      if (D.To == Op)
        Work.push_back(D.From);
      if (D.From == Op && D.Distance == 1)
        Work.push_back(D.To);
    }
  }
  C.SideEffects.resize(LP.Problem.size());
  for (unsigned I = 0, E = LP.Instrs.size(); I != E; ++I)
    if (LP.Instrs[I]->hasUnmodeledSideEffects())
      C.SideEffects.set(I);
  return C;
}
