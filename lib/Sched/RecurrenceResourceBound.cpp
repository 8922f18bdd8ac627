//===- RecurrenceResourceBound.cpp - Recurrences with their resources -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RecurrenceResourceBound.h"
#include "DepGraph.h"

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

constexpr int64_t NoPath = std::numeric_limits<int64_t>::min();

/// What one op of a recurrence holds, as offsets from its start.
struct Holder {
  unsigned Op = 0;
  SmallVector<uint64_t, 8> Rows; ///< Slot bits per cycle of its hold.
  struct Charge {
    unsigned Pool, Units, Duration;
  };
  SmallVector<Charge, 2> Charges;
};

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

/// The complete search for start times of a recurrence's holders at one II.
class HolderSearch {
public:
  HolderSearch(const Problem &P, ArrayRef<Holder> Holders,
               const std::vector<std::vector<int64_t>> &Dist, unsigned II,
               uint64_t Budget)
      : P(P), Holders(Holders), Dist(Dist), II(II), Budget(Budget),
        Start(Holders.size(), 0), Placed(Holders.size(), 0), Rows(II, 0),
        Units(P.model().pools().size() * size_t(II), 0) {
    RefusedByPool.assign(P.model().pools().size(), 0);
  }

  enum class Answer { Feasible, Infeasible, Unknown };

  /// Seats refused per slot bit and per pool during the search.
  uint64_t RefusedBySlot[64] = {};
  std::vector<uint64_t> RefusedByPool;

  Answer run() {
    bool Found = place(0);
    if (OutOfBudget)
      return Answer::Unknown;
    return Found ? Answer::Feasible : Answer::Infeasible;
  }

private:
  /// The window of holder V given the holders placed so far.
  std::pair<int64_t, int64_t> window(unsigned V) const {
    int64_t Lo = std::numeric_limits<int64_t>::min();
    int64_t Hi = std::numeric_limits<int64_t>::max();
    for (unsigned U = 0, E = Holders.size(); U != E; ++U) {
      if (!Placed[U])
        continue;
      if (Dist[U][V] != NoPath)
        Lo = std::max(Lo, Start[U] + Dist[U][V]);
      if (Dist[V][U] != NoPath)
        Hi = std::min(Hi, Start[U] - Dist[V][U]);
    }
    return {Lo, Hi};
  }

  unsigned row(int64_t T) const {
    int64_t R = T % int64_t(II);
    return unsigned(R < 0 ? R + II : R);
  }

  /// Seats V at T if its rows and charges fit, reserving them.
  bool reserve(unsigned V, int64_t T) {
    const Holder &H = Holders[V];
    unsigned Done = 0;
    for (; Done < H.Rows.size(); ++Done) {
      uint64_t &R = Rows[row(T + Done)];
      if (uint64_t Clash = R & H.Rows[Done]) {
        ++RefusedBySlot[countr_zero(Clash)];
        break;
      }
      R |= H.Rows[Done];
    }
    if (Done != H.Rows.size()) {
      while (Done--)
        Rows[row(T + Done)] &= ~H.Rows[Done];
      return false;
    }
    if (!charge(H, T, /*Add=*/true)) {
      releaseRows(H, T);
      return false;
    }
    return true;
  }

  void release(unsigned V, int64_t T) {
    releaseRows(Holders[V], T);
    charge(Holders[V], T, /*Add=*/false);
  }

  void releaseRows(const Holder &H, int64_t T) {
    for (unsigned K = 0, E = H.Rows.size(); K != E; ++K)
      Rows[row(T + K)] &= ~H.Rows[K];
  }

  /// Adds (or takes back) the pool units of H at T; an addition that would
  /// overfill a row is undone and refused.
  bool charge(const Holder &H, int64_t T, bool Add) {
    ArrayRef<PoolDesc> Pools = P.model().pools();
    for (unsigned C = 0, CE = H.Charges.size(); C != CE; ++C) {
      const Holder::Charge &Ch = H.Charges[C];
      for (unsigned K = 0; K != Ch.Duration; ++K) {
        unsigned &Used = Units[Ch.Pool * size_t(II) + row(T + K)];
        if (!Add) {
          Used -= Ch.Units;
          continue;
        }
        if (Used + Ch.Units > Pools[Ch.Pool].Capacity) {
          ++RefusedByPool[Ch.Pool];
          // Undo this charge's earlier rows and the earlier charges.
          while (K--)
            Units[Ch.Pool * size_t(II) + row(T + K)] -= Ch.Units;
          for (unsigned D = 0; D != C; ++D)
            for (unsigned J = 0; J != H.Charges[D].Duration; ++J)
              Units[H.Charges[D].Pool * size_t(II) + row(T + J)] -=
                  H.Charges[D].Units;
          return false;
        }
        Used += Ch.Units;
      }
    }
    return true;
  }

  /// Places the remaining holders, the one with the narrowest window first;
  /// true when all of them fit.
  bool place(unsigned Count) {
    if (Count == Holders.size())
      return true;
    unsigned Next = 0;
    int64_t Lo = 0, Hi = 0, Width = std::numeric_limits<int64_t>::max();
    for (unsigned V = 0, E = Holders.size(); V != E; ++V) {
      if (Placed[V])
        continue;
      if (Count == 0) { // Shifting every start changes nothing: pin one.
        Next = V;
        break;
      }
      auto [L, H] = window(V);
      if (L > H)
        return false;
      if (H - L < Width) {
        Width = H - L;
        Next = V, Lo = L, Hi = H;
      }
    }
    // Seats II apart share every row: beyond a whole II of candidates only
    // the dependences of later holders can tell them apart, so the search
    // still tries them all.
    Placed[Next] = 1;
    for (int64_t T = Lo; T <= Hi; ++T) {
      if (Spent++ == Budget) {
        OutOfBudget = true;
        break;
      }
      if (!reserve(Next, T))
        continue;
      Start[Next] = T;
      bool Done = place(Count + 1);
      release(Next, T);
      if (Done)
        return true;
      if (OutOfBudget)
        break;
    }
    Placed[Next] = 0;
    return false;
  }

  const Problem &P;
  ArrayRef<Holder> Holders;
  const std::vector<std::vector<int64_t>> &Dist;
  unsigned II;
  uint64_t Budget;
  uint64_t Spent = 0;
  bool OutOfBudget = false;
  std::vector<int64_t> Start;
  std::vector<uint8_t> Placed;
  std::vector<uint64_t> Rows;
  std::vector<unsigned> Units;
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
                           const HolderSearch &Search, unsigned II) {
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

/// The first recurrence proven not to fit at II, or null.
const Recurrence *firstMisfit(const Problem &P, const DepGraph &G,
                              ArrayRef<Recurrence> Recurrences, unsigned II,
                              const RecurrenceResourceLimits &L,
                              std::string *Why = nullptr) {
  std::vector<std::vector<int64_t>> Dist;
  for (const Recurrence &R : Recurrences) {
    RecurrencePaths(G, R.Component, R.Members).compute(II, R.Holders, Dist);
    HolderSearch Search(P, R.Holders, Dist, II, L.SeatBudget);
    if (Search.run() != HolderSearch::Answer::Infeasible)
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
                                      const RecurrenceResourceLimits &L) {
  // The search keeps a table of each II it tries: none above MaxTableCells.
  unsigned TableCap = maxTableII(P);
  if (From == InfeasibleII || From == 0 || From > TableCap)
    return From;
  std::vector<Recurrence> Recurrences = recurrencesOf(P, G, L);
  unsigned II = From;
  for (unsigned Raised = 0; Raised <= L.MaxRaise && II <= TableCap;
       ++Raised, ++II)
    if (!firstMisfit(P, G, Recurrences, II, L))
      return II;
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
