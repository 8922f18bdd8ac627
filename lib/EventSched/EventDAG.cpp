//===- EventDAG.cpp - Dependence DAG of one straight-line block -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventDAG.h"

#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

unsigned PipeTable::add(StringRef Name) {
  if (std::optional<unsigned> Id = lookup(Name))
    return *Id;
  Names.push_back(Name.str());
  return Names.size() - 1;
}

std::optional<unsigned> PipeTable::lookup(StringRef Name) const {
  for (unsigned I = 0, E = Names.size(); I != E; ++I)
    if (Names[I] == Name)
      return I;
  return std::nullopt;
}

StringRef toString(EventEdgeKind K) {
  switch (K) {
  case EventEdgeKind::RAW:
    return "RAW";
  case EventEdgeKind::WAR:
    return "WAR";
  case EventEdgeKind::WAW:
    return "WAW";
  case EventEdgeKind::Order:
    return "order";
  }
  return "?";
}

unsigned EventDAG::addNode(unsigned Pipe, StringRef Name) {
  Pipes.push_back(Pipe);
  Names.push_back(Name.str());
  Finalized = false;
  return Pipes.size() - 1;
}

void EventDAG::addEdge(unsigned From, unsigned To, EventEdgeKind Kind) {
  Edges.push_back({From, To, Kind});
  Finalized = false;
}

// When edges between the same two nodes merge, the merged edge keeps the
// first data kind in this order, so an event-carrying kind always wins over
// Order.
static unsigned kindStrength(EventEdgeKind K) {
  switch (K) {
  case EventEdgeKind::RAW:
    return 3;
  case EventEdgeKind::WAW:
    return 2;
  case EventEdgeKind::WAR:
    return 1;
  case EventEdgeKind::Order:
    return 0;
  }
  return 0;
}

Error EventDAG::finalize() {
  unsigned N = size();
  for (unsigned I = 0; I != N; ++I)
    if (Pipes[I] >= NumPipes)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("node {0} '{1}' runs on pipe {2}, but there are {3} pipes", I,
                  Names[I], Pipes[I], NumPipes));
  for (const EventEdge &E : Edges) {
    if (E.From >= N || E.To >= N)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("edge {0} -> {1} names a node that does not exist ({2} "
                  "nodes)",
                  E.From, E.To, N));
    if (E.From >= E.To)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("edge {0} -> {1} ({2}) does not point forward in program "
                  "order",
                  E.From, E.To, toString(E.Kind)));
  }

  std::stable_sort(
      Edges.begin(), Edges.end(), [](const EventEdge &A, const EventEdge &B) {
        return std::make_pair(A.From, A.To) < std::make_pair(B.From, B.To);
      });
  std::vector<EventEdge> Merged;
  Merged.reserve(Edges.size());
  for (const EventEdge &E : Edges) {
    if (!Merged.empty() && Merged.back().From == E.From &&
        Merged.back().To == E.To) {
      if (kindStrength(E.Kind) > kindStrength(Merged.back().Kind))
        Merged.back().Kind = E.Kind;
      continue;
    }
    Merged.push_back(E);
  }
  Edges = std::move(Merged);

  OutBegin.assign(N + 1, 0);
  InBegin.assign(N + 1, 0);
  for (const EventEdge &E : Edges) {
    ++OutBegin[E.From + 1];
    ++InBegin[E.To + 1];
  }
  for (unsigned I = 0; I != N; ++I) {
    OutBegin[I + 1] += OutBegin[I];
    InBegin[I + 1] += InBegin[I];
  }
  // Edges are sorted by (From, To), so a stable sort by To leaves every
  // in-edge list sorted by From.
  InEdges = Edges;
  std::stable_sort(
      InEdges.begin(), InEdges.end(),
      [](const EventEdge &A, const EventEdge &B) { return A.To < B.To; });
  Finalized = true;
  return Error::success();
}

const EventEdge *EventDAG::findEdge(unsigned From, unsigned To) const {
  ArrayRef<EventEdge> Out = outEdges(From);
  auto It = std::lower_bound(
      Out.begin(), Out.end(), To,
      [](const EventEdge &E, unsigned Target) { return E.To < Target; });
  if (It == Out.end() || It->To != To)
    return nullptr;
  return &*It;
}

} // namespace tileas
