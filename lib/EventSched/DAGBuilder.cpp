//===- DAGBuilder.cpp - Dependences from per-op read/write sets -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/DAGBuilder.h"

#include "llvm/ADT/DenseMap.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

unsigned EventDAGBuilder::addOp(OpEffects Op) {
  Ops.push_back(std::move(Op));
  return Ops.size() - 1;
}

namespace {
/// The access history of one location.
struct LocationState {
  int LastWriter = -1;
  SmallVector<unsigned, 4> ReadersSinceWrite;
};
} // namespace

// Sorted and deduplicated, so that an op listing a location twice behaves as
// if it listed it once.
static SmallVector<unsigned, 4> uniqueLocations(ArrayRef<unsigned> Locs) {
  SmallVector<unsigned, 4> Result(Locs.begin(), Locs.end());
  llvm::sort(Result);
  Result.erase(std::unique(Result.begin(), Result.end()), Result.end());
  return Result;
}

Expected<EventDAG> EventDAGBuilder::build() const {
  EventDAG G(NumPipes);
  // Only looked up, never iterated, so the map's order cannot leak into the
  // result.
  DenseMap<unsigned, LocationState> Locations;
  int LastBarrier = -1;
  SmallVector<unsigned, 16> SinceBarrier;
  int LastBlackBox = -1;

  for (unsigned I = 0, E = Ops.size(); I != E; ++I) {
    const OpEffects &Op = Ops[I];
    G.addNode(Op.Pipe, Op.Name);

    if (Op.UnknownSideEffects) {
      // Ordering with the ops since the previous barrier also orders this op
      // after that barrier; the barrier itself only needs an edge when no op
      // came in between.
      if (SinceBarrier.empty() && LastBarrier >= 0)
        G.addEdge(LastBarrier, I, EventEdgeKind::Order);
      for (unsigned Prev : SinceBarrier)
        G.addEdge(Prev, I, EventEdgeKind::Order);
      SinceBarrier.clear();
      LastBarrier = I;
    } else {
      if (LastBarrier >= 0)
        G.addEdge(LastBarrier, I, EventEdgeKind::Order);
      SinceBarrier.push_back(I);
    }

    if (Op.BlackBox) {
      if (LastBlackBox >= 0)
        G.addEdge(LastBlackBox, I, EventEdgeKind::Order);
      LastBlackBox = I;
    }

    SmallVector<unsigned, 4> Reads = uniqueLocations(Op.Reads);
    SmallVector<unsigned, 4> Writes = uniqueLocations(Op.Writes);
    for (unsigned L : Reads) {
      LocationState &S = Locations[L];
      if (S.LastWriter >= 0)
        G.addEdge(S.LastWriter, I, EventEdgeKind::RAW);
      S.ReadersSinceWrite.push_back(I);
    }
    for (unsigned L : Writes) {
      LocationState &S = Locations[L];
      for (unsigned Reader : S.ReadersSinceWrite)
        if (Reader != I)
          G.addEdge(Reader, I, EventEdgeKind::WAR);
      if (S.LastWriter >= 0)
        G.addEdge(S.LastWriter, I, EventEdgeKind::WAW);
      S.LastWriter = I;
      S.ReadersSinceWrite.clear();
    }
  }

  if (Error Err = G.finalize())
    return Expected<EventDAG>(std::move(Err));
  return Expected<EventDAG>(std::move(G));
}

} // namespace tileas
