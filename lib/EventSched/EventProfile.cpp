//===- EventProfile.cpp - Peaks of an order, from first principles --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Deliberately shares no code with EventTable or the search: it re-derives
// each event's live interval from the DAG and sweeps it, so the scheduler's
// report does not trust the bookkeeping that produced the order.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventAccounting.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cassert>
#include <map>

using namespace llvm;

namespace tileas {

const PairPeak *EventProfile::find(unsigned Src, unsigned Dst) const {
  for (const PairPeak &P : Pairs)
    if (P.Src == Src && P.Dst == Dst)
      return &P;
  return nullptr;
}

bool isValidOrder(const EventDAG &G, ArrayRef<unsigned> Order) {
  unsigned N = G.size();
  if (Order.size() != N)
    return false;
  std::vector<unsigned> Pos(N, N);
  for (unsigned I = 0; I != N; ++I) {
    if (Order[I] >= N || Pos[Order[I]] != N)
      return false;
    Pos[Order[I]] = I;
  }
  for (const EventEdge &E : G.edges())
    if (Pos[E.From] >= Pos[E.To])
      return false;
  return true;
}

EventProfile computeEventProfile(const EventDAG &G, const EventBudget &B,
                                 ArrayRef<unsigned> Order) {
  assert(isValidOrder(G, Order) && "profile of an invalid order");
  unsigned N = G.size();
  std::vector<unsigned> Pos(N);
  for (unsigned I = 0; I != N; ++I)
    Pos[Order[I]] = I;

  // Per pair, +1 at the producer's step and -1 at the first consumer's step;
  // the prefix sums are the live counts after each step.
  std::map<std::pair<unsigned, unsigned>, std::vector<int>> Diff;
  for (unsigned P = 0; P != N; ++P) {
    // First consumer position per destination pipe.
    SmallVector<std::pair<unsigned, unsigned>, 8> FirstUse;
    for (const EventEdge &E : G.outEdges(P)) {
      unsigned Dst = G.pipe(E.To);
      if (!carriesEvent(E.Kind) || Dst == G.pipe(P))
        continue;
      auto It = llvm::find_if(FirstUse,
                              [&](const auto &F) { return F.first == Dst; });
      if (It == FirstUse.end())
        FirstUse.push_back({Dst, Pos[E.To]});
      else
        It->second = std::min(It->second, Pos[E.To]);
    }
    for (auto [Dst, Release] : FirstUse) {
      std::vector<int> &D = Diff[{G.pipe(P), Dst}];
      if (D.empty())
        D.assign(N + 1, 0);
      ++D[Pos[P]];
      --D[Release];
    }
  }

  EventProfile Profile;
  for (auto &[Pair, D] : Diff) {
    int Live = 0, Peak = 0;
    for (int Delta : D) {
      Live += Delta;
      Peak = std::max(Peak, Live);
    }
    Profile.Pairs.push_back({Pair.first, Pair.second, unsigned(Peak),
                             B.get(Pair.first, Pair.second)});
  }
  for (unsigned I = 0, E = Profile.Pairs.size(); I != E; ++I) {
    if (Profile.Worst < 0) {
      Profile.Worst = I;
      continue;
    }
    const PairPeak &Cur = Profile.Pairs[I];
    const PairPeak &Best = Profile.Pairs[Profile.Worst];
    // Pairs are visited by (Src, Dst), so a strict improvement keeps the
    // smallest pair on ties.
    if (Cur.excess() > Best.excess() ||
        (Cur.excess() == Best.excess() && Cur.Peak > Best.Peak))
      Profile.Worst = I;
  }
  return Profile;
}

} // namespace tileas
