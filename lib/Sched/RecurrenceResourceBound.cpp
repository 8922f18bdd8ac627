//===- RecurrenceResourceBound.cpp - Recurrences with their resources -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RecurrenceResourceBound.h"
#include "DepGraph.h"
#include "RecurrenceSeatSearch.h"

#include "tileas/Sched/ProblemSize.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <vector>

using namespace llvm;

namespace tileas {

namespace {

/// Longest paths, at one II, between the holders of one recurrence, through
/// every op of the recurrence (a path between two ops of a strongly
/// connected component never leaves it).
class RecurrencePaths {
public:
  RecurrencePaths(const DepGraph &G, unsigned Component,
                  ArrayRef<unsigned> Members)
      : G(G), Component(Component), Members(Members) {
    Local.assign(G.size(), ~0u);
    for (unsigned I = 0, E = Members.size(); I != E; ++I)
      Local[Members[I]] = I;
  }

  /// Fills Dist[A][B] for holders A, B (NoPath where none). Edge weights are
  /// latency - II * distance; II is at least the cycle ratio, so no cycle is
  /// positive and the label-correcting search ends.
  void compute(unsigned II, ArrayRef<Holder> Holders,
               std::vector<std::vector<int64_t>> &Dist) {
    unsigned K = Members.size();
    std::vector<int64_t> Best(K);
    std::vector<uint8_t> Queued(K);
    std::deque<unsigned> Work;
    Dist.assign(Holders.size(), std::vector<int64_t>(Holders.size(), NoPath));
    for (unsigned A = 0, E = Holders.size(); A != E; ++A) {
      std::fill(Best.begin(), Best.end(), NoPath);
      unsigned Source = Local[Holders[A].Op];
      Best[Source] = 0;
      Work.assign(1, Source);
      Queued[Source] = 1;
      while (!Work.empty()) {
        unsigned U = Work.front();
        Work.pop_front();
        Queued[U] = 0;
        for (const GraphEdge &Edge : G.succs(Members[U])) {
          if (G.sccOf()[Edge.Other] != Component)
            continue;
          unsigned V = Local[Edge.Other];
          int64_t W = Best[U] + Edge.Latency - int64_t(II) * Edge.Distance;
          if (W <= Best[V])
            continue;
          Best[V] = W;
          if (!Queued[V]) {
            Queued[V] = 1;
            Work.push_back(V);
          }
        }
      }
      for (unsigned B = 0, E = Holders.size(); B != E; ++B)
        Dist[A][B] = Best[Local[Holders[B].Op]];
    }
  }

private:
  const DepGraph &G;
  unsigned Component;
  ArrayRef<unsigned> Members;
  std::vector<unsigned> Local;
};

/// The ops of a recurrence that hold a slot or a limited pool.
SmallVector<Holder, 16> holdersOf(const Problem &P,
                                  ArrayRef<unsigned> Members) {
  ArrayRef<PoolDesc> Pools = P.model().pools();
  SmallVector<Holder, 16> Holders;
  for (unsigned Op : Members) {
    const Operation &O = P.operations()[Op];
    Holder H;
    H.Op = Op;
    if (!O.FootprintRows.empty())
      H.Rows.assign(O.FootprintRows.begin(), O.FootprintRows.end());
    else
      H.Rows = buildFootprint(O.Slots);
    while (!H.Rows.empty() && !H.Rows.back())
      H.Rows.pop_back();
    for (const PoolUse &U : O.Pools)
      if (U.Pool < Pools.size() && Pools[U.Pool].Capacity && U.Units &&
          U.Duration)
        H.Charges.push_back({U.Pool, U.Units, U.Duration});
    if (!H.Rows.empty() || !H.Charges.empty())
      Holders.push_back(std::move(H));
  }
  return Holders;
}

struct Recurrence {
  unsigned Component;
  ArrayRef<unsigned> Members;
  SmallVector<Holder, 16> Holders;
};

/// Names the slot or pool that refused the recurrence's ops most often in a
/// search that proved it does not fit, and its holders in the recurrence.
std::string describeMisfit(const Problem &P, const Recurrence &R,
                           const RecurrenceSeatSearch &Search, unsigned II) {
  int Bit = -1, Pool = -1;
  uint64_t Most = 0;
  for (unsigned B = 0; B != 64; ++B)
    if (Search.RefusedBySlot[B] > Most)
      Most = Search.RefusedBySlot[B], Bit = int(B), Pool = -1;
  for (unsigned C = 0, E = Search.RefusedByPool.size(); C != E; ++C)
    if (Search.RefusedByPool[C] > Most)
      Most = Search.RefusedByPool[C], Pool = int(C), Bit = -1;

  std::string Resource, Names;
  unsigned Holding = 0;
  for (const Holder &H : R.Holders) {
    bool Holds =
        Bit >= 0
            ? llvm::any_of(H.Rows, [&](uint64_t Row) { return Row >> Bit & 1; })
        : Pool >= 0 ? llvm::any_of(H.Charges,
                                   [&](const Holder::Charge &C) {
                                     return C.Pool == unsigned(Pool);
                                   })
                    : true;
    if (!Holds)
      continue;
    if (Holding++ < 4)
      Names += (Names.empty() ? "'" : ", '") + P.operations()[H.Op].Name + "'";
  }
  if (Holding > 4)
    Names += ", ...";
  if (Bit >= 0) {
    Resource = "slot " + std::to_string(Bit + 1);
    for (const SlotDesc &S : P.model().slots())
      if (S.Id == unsigned(Bit + 1))
        Resource += " (" + S.Name + ")";
  } else if (Pool >= 0) {
    Resource = "pool '" + P.model().pools()[Pool].Name + "'";
  } else {
    Resource = "their resources";
  }
  return "at II " + std::to_string(II) + " the dependences of the " +
         "recurrence through " + Names + " leave no seats that keep " +
         Resource + " free";
}

/// The recurrences worth searching: cyclic, small enough, with at least two
/// ops that hold something.
std::vector<Recurrence> recurrencesOf(const Problem &P, const DepGraph &G,
                                      const RecurrenceResourceLimits &L) {
  std::vector<Recurrence> Recurrences;
  for (unsigned C = 0, E = G.numSCCs(); C != E; ++C) {
    if (!G.isCyclicSCC(C) || G.sccMembers(C).size() > L.MaxOps)
      continue;
    SmallVector<Holder, 16> Holders = holdersOf(P, G.sccMembers(C));
    if (Holders.size() >= 2 && Holders.size() <= L.MaxHolders)
      Recurrences.push_back({C, G.sccMembers(C), std::move(Holders)});
  }
  return Recurrences;
}

/// The first recurrence proven not to fit at II, or null; the search
/// starts at Recurrences[First] (the one that failed at the II before,
/// which mostly fails again) and goes round.
const Recurrence *firstMisfit(const Problem &P, const DepGraph &G,
                              ArrayRef<Recurrence> Recurrences, unsigned II,
                              const RecurrenceResourceLimits &L,
                              std::string *Why = nullptr,
                              uint64_t *Work = nullptr, size_t First = 0) {
  std::vector<std::vector<int64_t>> Dist;
  for (size_t K = 0, E = Recurrences.size(); K != E; ++K) {
    const Recurrence &R = Recurrences[(First + K) % E];
    RecurrencePaths(G, R.Component, R.Members).compute(II, R.Holders, Dist);
    RecurrenceSeatSearch Search(P, R.Holders, Dist, II, L.WorkBudget);
    RecurrenceSeatSearch::Answer Answer = Search.run();
    if (Work)
      *Work += Search.work();
    if (Answer != RecurrenceSeatSearch::Answer::Infeasible)
      continue;
    if (Why)
      *Why = describeMisfit(P, R, Search, II);
    return &R;
  }
  return nullptr;
}

} // namespace

unsigned computeRecurrenceResourceMII(const Problem &P, const DepGraph &G,
                                      unsigned From,
                                      const RecurrenceResourceLimits &L,
                                      uint64_t *Work) {
  // The search keeps a table of each II it tries: none above MaxTableCells.
  unsigned TableCap = maxTableII(P);
  if (From == InfeasibleII || From == 0 || From > TableCap)
    return From;
  std::vector<Recurrence> Recurrences = recurrencesOf(P, G, L);
  unsigned II = From;
  size_t First = 0;
  for (unsigned Raised = 0; Raised <= L.MaxRaise && II <= TableCap;
       ++Raised, ++II) {
    const Recurrence *Misfit =
        firstMisfit(P, G, Recurrences, II, L, /*Why=*/nullptr, Work, First);
    if (!Misfit)
      return II;
    First = size_t(Misfit - Recurrences.data());
  }
  // Every II tried was proven too small, each on its own.
  return II;
}

std::string explainRecurrenceResource(const Problem &P, const DepGraph &G,
                                      unsigned II,
                                      const RecurrenceResourceLimits &L) {
  if (II == 0 || II == InfeasibleII || II > maxTableII(P))
    return "";
  std::string Why;
  firstMisfit(P, G, recurrencesOf(P, G, L), II, L, &Why);
  return Why;
}

} // namespace tileas
