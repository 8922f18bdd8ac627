//===- DepGraph.cpp - Compressed dependence graph of a Problem ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "DepGraph.h"

#include <algorithm>
#include <functional>
#include <queue>

using namespace llvm;

namespace tileas {

DepGraph::DepGraph(const Problem &P) : NumOps(P.size()) {
  ArrayRef<Dependence> Deps = P.dependences();
  OutBegin.assign(NumOps + 1, 0);
  InBegin.assign(NumOps + 1, 0);
  for (const Dependence &D : Deps) {
    ++OutBegin[D.From + 1];
    ++InBegin[D.To + 1];
  }
  for (unsigned V = 0; V != NumOps; ++V) {
    OutBegin[V + 1] += OutBegin[V];
    InBegin[V + 1] += InBegin[V];
  }
  // Counting sort keeps each list in dependence order: deterministic.
  Out.resize(Deps.size());
  In.resize(Deps.size());
  std::vector<unsigned> OutFill(OutBegin.begin(), OutBegin.end() - 1);
  std::vector<unsigned> InFill(InBegin.begin(), InBegin.end() - 1);
  for (unsigned I = 0, E = Deps.size(); I != E; ++I) {
    const Dependence &D = Deps[I];
    Out[OutFill[D.From]++] = {D.To, I, D.Latency, D.Distance, D.Kind};
    In[InFill[D.To]++] = {D.From, I, D.Latency, D.Distance, D.Kind};
  }
  buildSCCs();
  buildKahnOrder();
}

// Iterative Tarjan: components come out sinks first, which is the numbering
// the header promises.
void DepGraph::buildSCCs() {
  constexpr unsigned Unvisited = ~0u;
  std::vector<unsigned> Index(NumOps, Unvisited), Low(NumOps, 0);
  std::vector<bool> OnStack(NumOps, false);
  std::vector<unsigned> Stack;
  std::vector<std::pair<unsigned, unsigned>> Work; // (op, next out-edge)
  SCCOf.assign(NumOps, 0);
  unsigned Counter = 0;
  std::vector<std::vector<unsigned>> Components;

  for (unsigned Root = 0; Root != NumOps; ++Root) {
    if (Index[Root] != Unvisited)
      continue;
    Work.push_back({Root, OutBegin[Root]});
    Index[Root] = Low[Root] = Counter++;
    Stack.push_back(Root);
    OnStack[Root] = true;
    while (!Work.empty()) {
      auto &[V, Next] = Work.back();
      if (Next != OutBegin[V + 1]) {
        unsigned W = Out[Next++].Other;
        if (Index[W] == Unvisited) {
          Index[W] = Low[W] = Counter++;
          Stack.push_back(W);
          OnStack[W] = true;
          Work.push_back({W, OutBegin[W]});
        } else if (OnStack[W]) {
          Low[V] = std::min(Low[V], Index[W]);
        }
        continue;
      }
      unsigned Done = V;
      Work.pop_back();
      if (!Work.empty())
        Low[Work.back().first] = std::min(Low[Work.back().first], Low[Done]);
      if (Low[Done] != Index[Done])
        continue;
      std::vector<unsigned> Members;
      unsigned W;
      do {
        W = Stack.back();
        Stack.pop_back();
        OnStack[W] = false;
        SCCOf[W] = Components.size();
        Members.push_back(W);
      } while (W != Done);
      std::sort(Members.begin(), Members.end());
      Components.push_back(std::move(Members));
    }
  }

  NumSCCs = Components.size();
  SCCBegin.assign(NumSCCs + 1, 0);
  CyclicSCC.assign(NumSCCs, false);
  SCCList.clear();
  SCCList.reserve(NumOps);
  for (unsigned C = 0; C != NumSCCs; ++C) {
    SCCBegin[C] = SCCList.size();
    SCCList.insert(SCCList.end(), Components[C].begin(), Components[C].end());
    if (Components[C].size() > 1)
      CyclicSCC[C] = true;
  }
  SCCBegin[NumSCCs] = SCCList.size();
  for (unsigned V = 0; V != NumOps; ++V)
    for (const GraphEdge &E : succs(V))
      if (E.Other == V)
        CyclicSCC[SCCOf[V]] = true;
}

void DepGraph::buildKahnOrder() {
  std::vector<unsigned> Pending(NumOps, 0);
  for (unsigned V = 0; V != NumOps; ++V)
    for (const GraphEdge &E : preds(V))
      if (E.Distance == 0 && E.Other != V)
        ++Pending[V];
  std::priority_queue<unsigned, std::vector<unsigned>, std::greater<unsigned>>
      Ready;
  for (unsigned V = 0; V != NumOps; ++V)
    if (Pending[V] == 0)
      Ready.push(V);
  std::vector<bool> Done(NumOps, false);
  Kahn.clear();
  Kahn.reserve(NumOps);
  unsigned NextForced = 0;
  while (Kahn.size() != NumOps) {
    if (Ready.empty()) {
      // A distance-0 cycle: release the smallest op that is still waiting.
      KahnAcyclic = false;
      while (Done[NextForced] || Pending[NextForced] == 0)
        ++NextForced;
      Pending[NextForced] = 0;
      Ready.push(NextForced);
    }
    unsigned V = Ready.top();
    Ready.pop();
    if (Done[V])
      continue;
    Done[V] = true;
    Kahn.push_back(V);
    for (const GraphEdge &E : succs(V))
      if (E.Distance == 0 && E.Other != V && !Done[E.Other] &&
          Pending[E.Other] != 0 && --Pending[E.Other] == 0)
        Ready.push(E.Other);
  }
  KahnRank.assign(NumOps, 0);
  for (unsigned I = 0; I != NumOps; ++I)
    KahnRank[Kahn[I]] = I;
}

std::vector<unsigned> DepGraph::positiveZeroDistanceCycle() const {
  // Longest paths over the distance-0 edges by Bellman-Ford: an op still
  // improving after NumOps rounds is reached from a positive cycle, and
  // walking its predecessors NumOps times lands on that cycle.
  std::vector<int64_t> Dist(NumOps, 0);
  std::vector<int> Pred(NumOps, -1);
  int Changed = -1;
  for (unsigned Round = 0; Round <= NumOps; ++Round) {
    Changed = -1;
    for (unsigned U = 0; U != NumOps; ++U)
      for (const GraphEdge &E : succs(U))
        if (E.Distance == 0 && Dist[U] + E.Latency > Dist[E.Other]) {
          Dist[E.Other] = Dist[U] + E.Latency;
          Pred[E.Other] = int(U);
          Changed = int(E.Other);
        }
    if (Changed < 0)
      return {};
  }
  unsigned V = unsigned(Changed);
  for (unsigned I = 0; I != NumOps; ++I)
    V = unsigned(Pred[V]);
  std::vector<unsigned> Cycle{V};
  for (unsigned U = unsigned(Pred[V]); U != V; U = unsigned(Pred[U]))
    Cycle.push_back(U);
  std::reverse(Cycle.begin(), Cycle.end());
  // Start at the smallest op so the report does not depend on the walk.
  std::rotate(Cycle.begin(), std::min_element(Cycle.begin(), Cycle.end()),
              Cycle.end());
  return Cycle;
}

} // namespace tileas
