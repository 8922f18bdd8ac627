//===- ReferenceIMS.cpp - Textbook iterative modulo scheduling ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ReferenceIMS.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <deque>
#include <limits>
#include <numeric>
#include <set>
#include <vector>

using namespace llvm;

namespace tileas {
namespace reference {

namespace {

constexpr int64_t Unscheduled = std::numeric_limits<int64_t>::min();

/// An op's slot bits per cycle from its start, built from its triples.
std::vector<uint64_t> slotRows(const Operation &Op) {
  std::vector<uint64_t> Rows;
  for (const SlotUse &U : Op.Slots) {
    if (Rows.size() < U.Duration)
      Rows.resize(U.Duration, 0);
    for (unsigned K = 0; K != U.Duration; ++K)
      Rows[K] |= uint64_t(1) << (U.Slot - 1);
  }
  return Rows;
}

/// True when the graph has a cycle of positive weight latency - II *
/// distance (Bellman-Ford from a virtual source joined to every op).
bool hasPositiveCycle(const Problem &P, int64_t II) {
  unsigned N = P.size();
  std::vector<int64_t> Dist(N, 0);
  for (unsigned Round = 0; Round <= N; ++Round) {
    bool Changed = false;
    for (const Dependence &D : P.dependences()) {
      int64_t W = Dist[D.From] + D.Latency - II * int64_t(D.Distance);
      if (W > Dist[D.To]) {
        Dist[D.To] = W;
        Changed = true;
      }
    }
    if (!Changed)
      return false;
  }
  return true;
}

/// The modulo reservation rows of a partial schedule: the holder of each
/// slot in each row, and the units of each pool in each row.
class ReservationRows {
public:
  ReservationRows(const Problem &P, unsigned II)
      : P(P), II(II), Holder(size_t(II) * 64, -1),
        Units(P.model().pools().size() * size_t(II), 0) {}

  unsigned row(int64_t T) const { return unsigned(T % II); }
  int holder(int64_t T, unsigned Bit) const {
    return Holder[size_t(row(T)) * 64 + Bit];
  }

  /// The pool cells (pool * II + row) that Op charges at T, with its units
  /// there (a hold longer than II charges a row more than once).
  SmallVector<std::pair<size_t, unsigned>, 8> poolDemand(unsigned Op,
                                                         int64_t T) const {
    SmallVector<std::pair<size_t, unsigned>, 8> Demand;
    for (const PoolUse &U : P.operations()[Op].Pools)
      for (unsigned K = 0; K != U.Duration; ++K) {
        size_t Cell = U.Pool * size_t(II) + row(T + K);
        auto It = llvm::find_if(Demand,
                                [&](const auto &D) { return D.first == Cell; });
        if (It == Demand.end())
          Demand.push_back({Cell, U.Units});
        else
          It->second += U.Units;
      }
    return Demand;
  }

  bool overfills(size_t Cell, unsigned Own) const {
    return Units[Cell] + Own > P.model().pools()[Cell / II].Capacity;
  }

  /// True when Op may start at T without two holders of a slot in a row or
  /// a pool over its capacity.
  bool fits(unsigned Op, const std::vector<uint64_t> &Rows, int64_t T) const {
    SmallVector<uint64_t, 8> Own(std::min<size_t>(Rows.size(), II), 0);
    for (unsigned K = 0, E = Rows.size(); K != E; ++K) {
      if (Own[K % II] & Rows[K])
        return false;
      Own[K % II] |= Rows[K];
      for (uint64_t B = Rows[K]; B; B &= B - 1)
        if (holder(T + K, llvm::countr_zero(B)) >= 0)
          return false;
    }
    return llvm::none_of(poolDemand(Op, T), [&](const auto &D) {
      return overfills(D.first, D.second);
    });
  }

  void add(unsigned Op, const std::vector<uint64_t> &Rows, int64_t T,
           bool Adding) {
    for (unsigned K = 0, E = Rows.size(); K != E; ++K)
      for (uint64_t B = Rows[K]; B; B &= B - 1)
        Holder[size_t(row(T + K)) * 64 + llvm::countr_zero(B)] =
            Adding ? int(Op) : -1;
    for (const PoolUse &U : P.operations()[Op].Pools)
      for (unsigned K = 0; K != U.Duration; ++K) {
        unsigned &C = Units[U.Pool * size_t(II) + row(T + K)];
        C = Adding ? C + U.Units : C - U.Units;
      }
  }

private:
  const Problem &P;
  unsigned II;
  std::vector<int> Holder;
  std::vector<unsigned> Units;
};

/// One II of iterative modulo scheduling.
class IterativeSchedule {
public:
  IterativeSchedule(const Problem &P, unsigned II,
                    const std::vector<std::vector<uint64_t>> &Rows)
      : P(P), II(II), Rows(Rows), Table(P, II), Start(P.size(), Unscheduled),
        Previous(P.size(), Unscheduled), Preds(P.size()), Succs(P.size()) {
    for (unsigned I = 0, E = P.dependences().size(); I != E; ++I) {
      Preds[P.dependences()[I].To].push_back(I);
      Succs[P.dependences()[I].From].push_back(I);
    }
  }

  /// Schedules every op within Budget placements; false if it runs out.
  bool run(uint64_t Budget, uint64_t &Placements) {
    computeHeights();
    for (unsigned V = 0, N = P.size(); V != N; ++V)
      Ready.insert({-Height[V], V});
    for (; !Ready.empty() && Budget; --Budget, ++Placements) {
      unsigned Op = Ready.begin()->second; // The greatest height.
      Ready.erase(Ready.begin());
      int64_t Estart = earlyStart(Op);
      int64_t Slot = findTimeSlot(Op, Estart, Estart + II - 1);
      displace(Op, Slot);
      Start[Op] = Previous[Op] = Slot;
      Table.add(Op, Rows[Op], Slot, /*Adding=*/true);
    }
    return Ready.empty();
  }

  const std::vector<int64_t> &starts() const { return Start; }

private:
  const Dependence &dep(unsigned I) const { return P.dependences()[I]; }
  int64_t weight(const Dependence &D) const {
    return D.Latency - int64_t(II) * D.Distance;
  }

  /// HeightR: the longest path from each op to the end of the iteration
  /// (every op reaches it with weight 0), by label correction; there is no
  /// positive cycle at II >= RecMII.
  void computeHeights() {
    unsigned N = P.size();
    Height.assign(N, 0);
    std::deque<unsigned> Work;
    std::vector<uint8_t> Queued(N, 1);
    for (unsigned V = 0; V != N; ++V)
      Work.push_back(V);
    while (!Work.empty()) {
      unsigned V = Work.front();
      Work.pop_front();
      Queued[V] = 0;
      for (unsigned I : Preds[V]) {
        const Dependence &D = dep(I);
        if (Height[V] + weight(D) <= Height[D.From])
          continue;
        Height[D.From] = Height[V] + weight(D);
        if (!Queued[D.From]) {
          Queued[D.From] = 1;
          Work.push_back(D.From);
        }
      }
    }
  }

  int64_t earlyStart(unsigned Op) const {
    int64_t Estart = 0;
    for (unsigned I : Preds[Op]) {
      const Dependence &D = dep(I);
      if (D.From != Op && Start[D.From] != Unscheduled)
        Estart = std::max(Estart, Start[D.From] + weight(D));
    }
    return Estart;
  }

  int64_t findTimeSlot(unsigned Op, int64_t MinTime, int64_t MaxTime) const {
    for (int64_t T = MinTime; T <= MaxTime; ++T)
      if (Table.fits(Op, Rows[Op], T))
        return T;
    if (Previous[Op] == Unscheduled || MinTime > Previous[Op])
      return MinTime;
    return Previous[Op] + 1;
  }

  void unschedule(unsigned Op) {
    Table.add(Op, Rows[Op], Start[Op], /*Adding=*/false);
    Start[Op] = Unscheduled;
    Ready.insert({-Height[Op], Op});
  }

  /// Unschedules the ops that collide with Op at T on a resource and the
  /// scheduled successors whose dependence on Op T breaks.
  void displace(unsigned Op, int64_t T) {
    // Slots: the holder of every row Op needs.
    for (unsigned K = 0, E = Rows[Op].size(); K != E; ++K)
      for (uint64_t B = Rows[Op][K]; B; B &= B - 1)
        if (int V = Table.holder(T + K, llvm::countr_zero(B)); V >= 0)
          unschedule(unsigned(V));
    // Pools: holders of an overfull row, by index, until Op fits.
    for (unsigned V = 0, N = P.size(); V != N && !Table.fits(Op, Rows[Op], T);
         ++V)
      if (V != Op && Start[V] != Unscheduled && sharesFullPoolRow(Op, T, V))
        unschedule(V);
    for (unsigned I : Succs[Op]) {
      const Dependence &D = dep(I);
      if (D.To != Op && Start[D.To] != Unscheduled &&
          Start[D.To] < T + weight(D))
        unschedule(D.To);
    }
  }

  /// True when V holds units in a pool row that Op would overfill at T.
  bool sharesFullPoolRow(unsigned Op, int64_t T, unsigned V) const {
    for (const auto &[Cell, Own] : Table.poolDemand(Op, T)) {
      if (!Table.overfills(Cell, Own))
        continue;
      for (const PoolUse &U : P.operations()[V].Pools)
        for (unsigned J = 0; J != U.Duration; ++J)
          if (U.Pool * size_t(II) + Table.row(Start[V] + J) == Cell)
            return true;
    }
    return false;
  }

  const Problem &P;
  unsigned II;
  const std::vector<std::vector<uint64_t>> &Rows;
  ReservationRows Table;
  std::vector<int64_t> Start, Previous, Height;
  std::vector<SmallVector<unsigned, 4>> Preds, Succs;
  /// Unscheduled ops by decreasing height, then index.
  std::set<std::pair<int64_t, unsigned>> Ready;
};

/// Stage and order from start cycles (Schedule.h's rules).
Schedule makeSchedule(unsigned II, const std::vector<int64_t> &Starts) {
  Schedule S;
  S.II = II;
  unsigned N = Starts.size();
  S.Ops.resize(N);
  std::vector<unsigned> ByStart(N);
  std::iota(ByStart.begin(), ByStart.end(), 0u);
  llvm::stable_sort(
      ByStart, [&](unsigned A, unsigned B) { return Starts[A] < Starts[B]; });
  for (unsigned Rank = 0; Rank != N; ++Rank) {
    unsigned Op = ByStart[Rank];
    S.Ops[Op].Start = Starts[Op];
    S.Ops[Op].Stage = unsigned(Starts[Op] / II);
    S.Ops[Op].Order = Rank;
    S.StageCount = std::max(S.StageCount, S.Ops[Op].Stage + 1);
  }
  return S;
}

} // namespace

IMSResult scheduleIMS(const Problem &P, const IMSOptions &Opts) {
  IMSResult R;
  if (Error E = P.validate()) {
    R.Note = "invalid problem: " + toString(std::move(E));
    return R;
  }
  bool Textbook =
      P.groups().empty() &&
      llvm::all_of(P.operations(), [](const Operation &Op) {
        return Op.Budgets.empty() && Op.Group < 0 && Op.MaxDepth == 0;
      });
  if (!Textbook) {
    R.Note = "budget charges, groups and depth limits are not modelled";
    return R;
  }
  unsigned N = P.size();
  std::vector<std::vector<uint64_t>> Rows(N);
  // ResMII, and the length of a schedule without overlap (the cap).
  uint64_t SlotRows[64] = {};
  std::vector<uint64_t> PoolUnits(P.model().pools().size(), 0);
  uint64_t Sequential = 0, Latencies = 0;
  for (unsigned V = 0; V != N; ++V) {
    const Operation &Op = P.operations()[V];
    Rows[V] = slotRows(Op);
    uint64_t Length = std::max<uint64_t>(Rows[V].size(), 1);
    for (uint64_t Row : Rows[V])
      for (unsigned B = 0; B != 64; ++B)
        SlotRows[B] += (Row >> B) & 1;
    for (const PoolUse &U : Op.Pools) {
      PoolUnits[U.Pool] += uint64_t(U.Units) * U.Duration;
      Length = std::max<uint64_t>(Length, U.Duration);
    }
    Sequential += Length;
  }
  for (const Dependence &D : P.dependences())
    Latencies += std::max(D.Latency, 0);
  uint64_t ResMII = 1;
  for (uint64_t Rows : SlotRows)
    ResMII = std::max(ResMII, Rows);
  for (unsigned Pool = 0, E = PoolUnits.size(); Pool != E; ++Pool) {
    uint64_t Capacity = P.model().pools()[Pool].Capacity;
    ResMII = std::max(ResMII, (PoolUnits[Pool] + Capacity - 1) / Capacity);
  }
  // RecMII: bisection on the positive-cycle test above the resource bound.
  uint64_t Cap = Opts.MaxII ? Opts.MaxII : Sequential + Latencies;
  uint64_t MII = ResMII;
  if (hasPositiveCycle(P, int64_t(MII))) {
    uint64_t Bad = MII, Good = Latencies + 1;
    if (hasPositiveCycle(P, int64_t(Good))) {
      R.Note = "a dependence cycle of distance 0 has positive latency";
      return R;
    }
    while (Good - Bad > 1) {
      uint64_t Mid = Bad + (Good - Bad) / 2;
      (hasPositiveCycle(P, int64_t(Mid)) ? Bad : Good) = Mid;
    }
    MII = Good;
  }
  R.MII = unsigned(MII);
  for (uint64_t II = MII; II <= Cap; ++II) {
    IterativeSchedule Attempt(P, unsigned(II), Rows);
    if (!Attempt.run(uint64_t(Opts.BudgetRatio) * N, R.Placements))
      continue;
    R.Success = true;
    R.Sched = makeSchedule(unsigned(II), Attempt.starts());
    return R;
  }
  R.Note = formatv("no schedule at II {0} to {1}", MII, Cap).str();
  return R;
}

} // namespace reference
} // namespace tileas
