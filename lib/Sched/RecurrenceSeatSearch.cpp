//===- RecurrenceSeatSearch.cpp - Seats for one recurrence ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "RecurrenceSeatSearch.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/bit.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

/// Whether holders A and B can trade seats in every schedule: the same
/// footprint, the same paths to and from every other holder, and the same
/// path each way between them.
static bool interchangeable(ArrayRef<Holder> Holders,
                            const std::vector<std::vector<int64_t>> &Dist,
                            unsigned A, unsigned B) {
  const Holder &HA = Holders[A], &HB = Holders[B];
  if (HA.Rows != HB.Rows || HA.Charges.size() != HB.Charges.size())
    return false;
  for (unsigned C = 0, E = HA.Charges.size(); C != E; ++C)
    if (HA.Charges[C].Pool != HB.Charges[C].Pool ||
        HA.Charges[C].Units != HB.Charges[C].Units ||
        HA.Charges[C].Duration != HB.Charges[C].Duration)
      return false;
  if (Dist[A][B] != Dist[B][A])
    return false;
  for (unsigned C = 0, E = Holders.size(); C != E; ++C)
    if (C != A && C != B &&
        (Dist[A][C] != Dist[B][C] || Dist[C][A] != Dist[C][B]))
      return false;
  return true;
}

RecurrenceSeatSearch::RecurrenceSeatSearch(
    const Problem &P, ArrayRef<Holder> Holders,
    const std::vector<std::vector<int64_t>> &Dist, unsigned II, uint64_t Work)
    : P(P), Holders(Holders), N(Holders.size()), II(II), Budget(Work),
      Least(size_t(N) * N, NoPath), Placed(N, 0), Rows(II, 0),
      Units(P.model().pools().size() * size_t(II), 0) {
  RefusedByPool.assign(P.model().pools().size(), 0);
  for (unsigned A = 0; A != N; ++A) {
    for (unsigned B = 0; B != N; ++B)
      least(A, B) = Dist[A][B];
    least(A, A) = std::max<int64_t>(least(A, A), 0);
    // Shifting every start changes nothing: the first holder with the
    // longest hold is pinned at 0.
    if (Holders[A].Rows.size() > Holders[Pinned].Rows.size())
      Pinned = A;
  }
  findClashes();
  findDemands();
  if (llvm::is_contained(Least, NoPath))
    return;
  // Interchangeable holders start in index order: chain each to the last
  // earlier one it can trade seats with (an equivalence, so the chains are
  // its classes).
  std::vector<uint8_t> Chained(N, 0);
  for (unsigned B = 1; B != N && Consistent; ++B)
    for (unsigned A = B; A-- != 0;)
      if (!Chained[A] && interchangeable(Holders, Dist, A, B)) {
        Chained[A] = 1;
        Consistent = tighten(A, B, 0);
        break;
      }
}

unsigned RecurrenceSeatSearch::row(int64_t T) const {
  int64_t R = T % int64_t(II);
  return unsigned(R < 0 ? R + II : R);
}

void RecurrenceSeatSearch::findClashes() {
  ArrayRef<PoolDesc> Pools = P.model().pools();
  for (unsigned A = 0; A != N; ++A)
    for (unsigned B = A + 1; B != N; ++B) {
      const Holder &HA = Holders[A], &HB = Holders[B];
      Clash C{A, B, BitVector(II), -1, -1};
      // B at offset D from A meets A where row K of A is row J of B, that
      // is where D = K - J modulo II.
      for (unsigned K = 0, KE = HA.Rows.size(); K != KE; ++K)
        for (unsigned J = 0, JE = HB.Rows.size(); J != JE; ++J)
          if (uint64_t Shared = HA.Rows[K] & HB.Rows[J]) {
            C.Residues.set(row(int64_t(K) - J));
            if (C.Slot < 0)
              C.Slot = countr_zero(Shared);
          }
      for (const Holder::Charge &CA : HA.Charges)
        for (const Holder::Charge &CB : HB.Charges) {
          if (CA.Pool != CB.Pool ||
              uint64_t(CA.Units) + CB.Units <= Pools[CA.Pool].Capacity)
            continue;
          for (unsigned K = 0; K != CA.Duration; ++K)
            for (unsigned J = 0; J != CB.Duration; ++J)
              C.Residues.set(row(int64_t(K) - J));
          if (C.Slot < 0 && C.Pool < 0)
            C.Pool = int(CA.Pool);
        }
      if (C.Residues.any())
        Clashes.push_back(std::move(C));
    }
}

void RecurrenceSeatSearch::findDemands() {
  ArrayRef<PoolDesc> Pools = P.model().pools();
  uint64_t Used = 0;
  for (const Holder &H : Holders)
    for (uint64_t R : H.Rows)
      Used |= R;
  for (unsigned Bit = 0; Bit != 64; ++Bit) {
    if (!(Used >> Bit & 1))
      continue;
    Demand D{{}, 1, int(Bit), -1};
    for (unsigned V = 0; V != N; ++V) {
      const Holder &H = Holders[V];
      Demand::Part Part{V, ~0u, 0, 0};
      for (unsigned K = 0, E = H.Rows.size(); K != E; ++K)
        if (H.Rows[K] >> Bit & 1) {
          Part.First = std::min(Part.First, K);
          Part.Last = K;
          ++Part.Amount;
        }
      if (Part.Amount)
        D.Parts.push_back(Part);
    }
    if (D.Parts.size() >= 2)
      Demands.push_back(std::move(D));
  }
  for (unsigned Pool = 0, E = Pools.size(); Pool != E; ++Pool) {
    Demand D{{}, Pools[Pool].Capacity, -1, int(Pool)};
    for (unsigned V = 0; V != N; ++V)
      for (const Holder::Charge &Ch : Holders[V].Charges)
        if (Ch.Pool == Pool)
          D.Parts.push_back(
              {V, 0, Ch.Duration - 1, uint64_t(Ch.Units) * Ch.Duration});
    if (D.Parts.size() >= 2)
      Demands.push_back(std::move(D));
  }
}

bool RecurrenceSeatSearch::energyFits() {
  SmallVector<Demand::Part, 8> Set;
  for (const Demand &D : Demands) {
    Set.assign(D.Parts.begin(), D.Parts.end());
    while (Set.size() >= 2) {
      if (!charge(Set.size()))
        return true; // Out of budget: the search stops, proving nothing.
      // The widest span: U's hold starts first and V's ends last. Once
      // some span reaches II the set proves nothing (its rows repeat).
      int64_t Span = 0;
      unsigned First = 0, Last = 0;
      uint64_t Need = 0;
      for (unsigned I = 0, E = Set.size(); I != E && Span < int64_t(II); ++I) {
        Need += Set[I].Amount;
        for (unsigned J = 0; J != E; ++J) {
          int64_t S = -least(Set[J].Holder, Set[I].Holder) + Set[J].Last -
                      Set[I].First + 1;
          if (S > Span)
            Span = S, First = I, Last = J;
        }
      }
      if (Span >= int64_t(II))
        break;
      if (uint64_t(Span) * D.Capacity < Need) {
        if (D.Slot >= 0)
          ++RefusedBySlot[D.Slot];
        else
          ++RefusedByPool[D.Pool];
        return false;
      }
      // Without the end that needs less, the span may shrink faster than
      // the need.
      unsigned Drop = Set[First].Amount <= Set[Last].Amount ? First : Last;
      Set.erase(Set.begin() + Drop);
    }
  }
  return true;
}

bool RecurrenceSeatSearch::charge(uint64_t Units) {
  if (Spent + Units > Budget) {
    Spent = Budget;
    OutOfBudget = true;
    return false;
  }
  Spent += Units;
  return true;
}

bool RecurrenceSeatSearch::tighten(unsigned A, unsigned B, int64_t W) {
  if (W <= least(A, B))
    return true;
  if (!charge(N))
    return false;
  // Every entry is finite (run() checks), so the closure through the new
  // bound is a plain maximum, row by row. The matrix is closed, so
  // least(X, Y) >= least(X, B) + least(B, Y): a row X with least(X, A) + W
  // <= least(X, B) cannot rise anywhere, nor can a column Y with W +
  // least(B, Y) <= least(A, Y) in any row. Only the others are visited.
  SmallVector<std::pair<unsigned, int64_t>, 16> Columns;
  const int64_t *FromA = &Least[size_t(A) * N], *FromB = &Least[size_t(B) * N];
  for (unsigned Y = 0; Y != N; ++Y)
    if (W + FromB[Y] > FromA[Y])
      Columns.push_back({Y, FromB[Y]});
  for (unsigned X = 0; X != N; ++X) {
    int64_t Through = least(X, A) + W;
    int64_t *Row = &Least[size_t(X) * N];
    if (Through <= Row[B])
      continue;
    for (auto [Y, ToY] : Columns)
      if (Through + ToY > Row[Y]) {
        Trail.push_back({X * N + Y, Row[Y]});
        Row[Y] = Through + ToY;
      }
  }
  // A positive cycle through the new bound shows on the diagonal.
  return least(A, A) <= 0;
}

void RecurrenceSeatSearch::undo(size_t Mark) {
  while (Trail.size() > Mark) {
    Least[Trail.back().first] = Trail.back().second;
    Trail.pop_back();
  }
}

bool RecurrenceSeatSearch::propagate() {
  for (bool Moved = true; Moved;) {
    Moved = false;
    for (const Clash &C : Clashes) {
      int64_t Lo = least(C.A, C.B), Hi = -least(C.B, C.A);
      // Past II offsets the residues repeat.
      int64_t Last = std::min(Hi, Lo + int64_t(II) - 1);
      int64_t NewLo = Lo;
      while (NewLo <= Last && C.Residues[row(NewLo)])
        ++NewLo;
      int64_t NewHi = Hi;
      while (NewHi > NewLo && C.Residues[row(NewHi)])
        --NewHi;
      // One unit per offset looked at.
      if (!charge(1 + uint64_t(NewLo - Lo) + uint64_t(Hi - NewHi)))
        return false;
      if (NewLo > Last) {
        if (C.Slot >= 0)
          ++RefusedBySlot[C.Slot];
        else if (C.Pool >= 0)
          ++RefusedByPool[C.Pool];
        return false;
      }
      if (NewLo != Lo || NewHi != Hi) {
        Moved = true;
        if (!tighten(C.A, C.B, NewLo) || !tighten(C.B, C.A, -NewHi))
          return false;
      }
    }
  }
  return energyFits();
}

bool RecurrenceSeatSearch::fits(unsigned V, int64_t T) {
  const Holder &H = Holders[V];
  for (unsigned K = 0, E = H.Rows.size(); K != E; ++K)
    if (uint64_t Clash = Rows[row(T + K)] & H.Rows[K]) {
      ++RefusedBySlot[countr_zero(Clash)];
      return false;
    }
  ArrayRef<PoolDesc> Pools = P.model().pools();
  for (const Holder::Charge &Ch : H.Charges)
    for (unsigned K = 0; K != Ch.Duration; ++K)
      if (Units[Ch.Pool * size_t(II) + row(T + K)] + Ch.Units >
          Pools[Ch.Pool].Capacity) {
        ++RefusedByPool[Ch.Pool];
        return false;
      }
  return true;
}

void RecurrenceSeatSearch::reserve(unsigned V, int64_t T, bool Add) {
  const Holder &H = Holders[V];
  for (unsigned K = 0, E = H.Rows.size(); K != E; ++K) {
    uint64_t &R = Rows[row(T + K)];
    R = Add ? R | H.Rows[K] : R & ~H.Rows[K];
  }
  for (const Holder::Charge &Ch : H.Charges)
    for (unsigned K = 0; K != Ch.Duration; ++K) {
      unsigned &Used = Units[Ch.Pool * size_t(II) + row(T + K)];
      Used = Add ? Used + Ch.Units : Used - Ch.Units;
    }
}

unsigned RecurrenceSeatSearch::next(unsigned Count) {
  if (Count == 0)
    return Pinned;
  unsigned Next = Pinned;
  int64_t Width = std::numeric_limits<int64_t>::max();
  for (unsigned V = 0; V != N; ++V)
    if (!Placed[V] && -least(V, Pinned) - least(Pinned, V) < Width) {
      Width = -least(V, Pinned) - least(Pinned, V);
      Next = V;
    }
  return Next;
}

bool RecurrenceSeatSearch::seatGreedily() {
  uint64_t Before = Spent;
  size_t Mark = Trail.size();
  SmallVector<std::pair<unsigned, int64_t>, 16> Seated;
  bool Seats = true;
  for (unsigned Count = 0; Count != N && Seats && !OutOfBudget; ++Count) {
    unsigned Next = next(Count);
    int64_t Lo = least(Pinned, Next), Hi = -least(Next, Pinned);
    Seats = false;
    // Any offset in [Lo, Hi] keeps the closed offsets consistent, so
    // tighten() can only fail by running out of budget.
    for (int64_t T = Lo; T <= Hi && !Seats && charge(1); ++T) {
      if (!fits(Next, T))
        continue;
      if (!tighten(Pinned, Next, T) || !tighten(Next, Pinned, -T))
        break;
      reserve(Next, T, /*Add=*/true);
      Placed[Next] = 1;
      Seated.push_back({Next, T});
      Seats = true;
    }
  }
  // The complete search keeps its whole budget.
  GreedyWork += Spent - Before;
  Spent = Before;
  OutOfBudget = false;
  if (Seats)
    return true;
  for (auto [V, T] : Seated) {
    reserve(V, T, /*Add=*/false);
    Placed[V] = 0;
  }
  undo(Mark);
  return false;
}

bool RecurrenceSeatSearch::place(unsigned Count) {
  if (Count == N)
    return true;
  // The narrowest window relative to the pinned holder goes next.
  unsigned Next = next(Count);
  int64_t Lo = least(Pinned, Next), Hi = -least(Next, Pinned);
  size_t Mark = Trail.size();
  Placed[Next] = 1;
  for (int64_t T = Lo; T <= Hi; ++T) {
    if (!charge(1))
      break;
    if (!fits(Next, T))
      continue;
    reserve(Next, T, /*Add=*/true);
    if (tighten(Pinned, Next, T) && tighten(Next, Pinned, -T) && propagate() &&
        place(Count + 1))
      return true;
    reserve(Next, T, /*Add=*/false);
    undo(Mark);
    if (OutOfBudget)
      break;
  }
  Placed[Next] = 0;
  return false;
}

RecurrenceSeatSearch::Answer RecurrenceSeatSearch::run() {
  if (N == 0)
    return Answer::Feasible;
  // Every offset must be bounded both ways for the search to be complete
  // (and for tighten()): a recurrence's holders are strongly connected.
  if (llvm::is_contained(Least, NoPath))
    return Answer::Unknown;
  // A greedy pass finds seats at once where they are plentiful; the
  // complete search proves there are none, or finds the hard ones.
  bool Found = Consistent && propagate() && (seatGreedily() || place(0));
  if (OutOfBudget)
    return Answer::Unknown;
  return Found ? Answer::Feasible : Answer::Infeasible;
}

} // namespace tileas
