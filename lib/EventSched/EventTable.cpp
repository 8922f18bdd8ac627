//===- EventTable.cpp - The events a DAG can need, precomputed ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventAccounting.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileas {

EventTable::EventTable(const EventDAG &G, const EventBudget &B) : G(G) {
  assert(G.isFinalized() && "schedule a finalized DAG");
  assert(B.numPipes() >= G.numPipes() && "budget for fewer pipes than DAG");
  unsigned N = G.size();
  unsigned NumPipes = G.numPipes();

  // Events, numbered by (producer, destination pipe).
  ProducedBegin.assign(N + 1, 0);
  std::vector<unsigned> EventDst;
  for (unsigned P = 0; P != N; ++P) {
    SmallVector<unsigned, 8> Dsts;
    for (const EventEdge &E : G.outEdges(P))
      if (carriesEvent(E.Kind) && G.pipe(E.To) != G.pipe(P))
        Dsts.push_back(G.pipe(E.To));
    llvm::sort(Dsts);
    Dsts.erase(std::unique(Dsts.begin(), Dsts.end()), Dsts.end());
    for (unsigned D : Dsts) {
      ProducedList.push_back(EventProducer.size());
      EventProducer.push_back(P);
      EventDst.push_back(D);
    }
    ProducedBegin[P + 1] = ProducedList.size();
  }

  // Pairs that have at least one event, numbered by (Src, Dst).
  std::vector<int> PairIndex(NumPipes * NumPipes, -1);
  for (unsigned E = 0, NE = EventProducer.size(); E != NE; ++E)
    PairIndex[G.pipe(EventProducer[E]) * NumPipes + EventDst[E]] = 0;
  for (unsigned S = 0; S != NumPipes; ++S)
    for (unsigned D = 0; D != NumPipes; ++D)
      if (PairIndex[S * NumPipes + D] >= 0) {
        PairIndex[S * NumPipes + D] = PairSrc.size();
        PairSrc.push_back(S);
        PairDst.push_back(D);
        PairBudget.push_back(int(B.get(S, D)));
      }
  EventPair.resize(EventProducer.size());
  for (unsigned E = 0, NE = EventProducer.size(); E != NE; ++E)
    EventPair[E] = PairIndex[G.pipe(EventProducer[E]) * NumPipes + EventDst[E]];

  // Consumers per event; out-edges are sorted by To, so lists are ascending.
  ConsumerBegin.assign(EventProducer.size() + 1, 0);
  for (unsigned E = 0, NE = EventProducer.size(); E != NE; ++E) {
    for (const EventEdge &Edge : G.outEdges(EventProducer[E]))
      if (carriesEvent(Edge.Kind) && G.pipe(Edge.To) == EventDst[E])
        ConsumerList.push_back(Edge.To);
    ConsumerBegin[E + 1] = ConsumerList.size();
  }

  // Events each node consumes, and the plain successor structure.
  ConsumedBegin.assign(N + 1, 0);
  SuccBegin.assign(N + 1, 0);
  NumPreds.assign(N, 0);
  for (unsigned V = 0; V != N; ++V) {
    for (const EventEdge &Edge : G.inEdges(V)) {
      if (!carriesEvent(Edge.Kind) || G.pipe(Edge.From) == G.pipe(V))
        continue;
      for (unsigned E : produced(Edge.From))
        if (EventDst[E] == G.pipe(V)) {
          ConsumedList.push_back(E);
          break;
        }
    }
    ConsumedBegin[V + 1] = ConsumedList.size();
    NumPreds[V] = G.inEdges(V).size();
    for (const EventEdge &Edge : G.outEdges(V))
      SuccList.push_back(Edge.To);
    SuccBegin[V + 1] = SuccList.size();
  }
  LowerBound = computeLowerBound();
}

/// Whether every consumer of Event other than V is a successor of V (so V is
/// its first consumer in every order). Events with many consumers are not
/// examined (they only make the bound weaker, never wrong).
static bool isForcedFirstConsumer(const EventDAG &G,
                                  ArrayRef<unsigned> Consumers, unsigned V) {
  if (Consumers.size() > 16)
    return false;
  for (unsigned C : Consumers)
    if (C != V && !G.findEdge(V, C))
      return false;
  return true;
}

int EventTable::computeLowerBound() const {
  int Bound = 0;
  for (int Budget : PairBudget)
    Bound = std::max(Bound, 1 - Budget);
  std::vector<int> Count(numPairs(), 0);
  SmallVector<unsigned, 8> Touched;
  for (unsigned V = 0, N = numNodes(); V != N; ++V) {
    for (unsigned E : consumed(V)) {
      if (!isForcedFirstConsumer(G, consumers(E), V))
        continue;
      unsigned P = pairOf(E);
      if (Count[P]++ == 0)
        Touched.push_back(P);
    }
    for (unsigned P : Touched) {
      Bound = std::max(Bound, Count[P] - PairBudget[P]);
      Count[P] = 0;
    }
    Touched.clear();
  }
  return Bound;
}

} // namespace tileas
