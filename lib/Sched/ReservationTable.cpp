//===- ReservationTable.cpp - Modulo reservation table --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/ReservationTable.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileas {

/// Candidates probed one by one before the column filter is built: most
/// placements succeed on the first probe.
static constexpr unsigned DirectProbes = 4;

ReservationTable::ReservationTable(ArrayRef<PoolDesc> Pools) {
  for (const PoolDesc &P : Pools)
    Capacity.push_back(P.Capacity);
}

/// assign() that keeps some room to grow: an II search resets one table at
/// slowly rising IIs, and an exact fit would reallocate every time.
template <typename T>
static void assignWithRoom(std::vector<T> &V, size_t Size, T Value) {
  if (V.capacity() < Size)
    V.reserve(Size + Size / 2);
  V.assign(Size, Value);
}

void ReservationTable::reset(unsigned NewII) {
  assert(NewII >= 1 && "II must be positive");
  II = NewII;
  assignWithRoom<uint64_t>(Rows, II, 0);
  assignWithRoom<unsigned>(Counts, size_t(Capacity.size()) * II, 0);
  ColumnWords = (II + 64 + 63) / 64 + 1;
  assignWithRoom<uint64_t>(Busy, size_t(64) * ColumnWords, 0);
  assignWithRoom<uint64_t>(Full, size_t(Capacity.size()) * ColumnWords, 0);
  UsedBits = 0;
}

bool ReservationTable::fitsAlone(const Footprint &F, unsigned II,
                                 ArrayRef<unsigned> Capacity) {
  if (F.Rows.size() > II) {
    // Fold the rows onto II: a bit seen twice in one modulo row collides.
    SmallVector<uint64_t, 16> Folded(II, 0);
    for (unsigned K = 0, E = F.Rows.size(); K != E; ++K) {
      if (Folded[K % II] & F.Rows[K])
        return false;
      Folded[K % II] |= F.Rows[K];
    }
  }
  // A use covers the row at Offset Duration / II times, plus once when
  // Offset < Duration % II: never more at a later offset than at offset 0,
  // so the footprint's own demand on a pool peaks on its start row.
  for (const PoolUse &U : F.Pools) {
    if (U.Pool >= Capacity.size())
      return false;
    if (U.Duration && ownPoolDemand(F, U.Pool, 0, II) > Capacity[U.Pool])
      return false;
  }
  return true;
}

unsigned ReservationTable::ownPoolDemand(const Footprint &F, unsigned Pool,
                                         unsigned Offset, unsigned II) {
  // A use of Duration D covers the row at Offset D / II times, plus once
  // more when Offset < D % II.
  unsigned Demand = 0;
  for (const PoolUse &U : F.Pools)
    if (U.Pool == Pool)
      Demand += U.Units * (U.Duration / II + (Offset < U.Duration % II));
  return Demand;
}

/// True when U is the footprint's only use of its pool.
static bool soleUseOfPool(const Footprint &F, const PoolUse &U) {
  for (const PoolUse &V : F.Pools)
    if (&V != &U && V.Pool == U.Pool)
      return false;
  return true;
}

bool ReservationTable::probePools(const Footprint &F, unsigned StartRow) const {
  for (const PoolUse &U : F.Pools) {
    const unsigned *PoolRows = &Counts[size_t(U.Pool) * II];
    unsigned Cap = Capacity[U.Pool];
    unsigned E = std::min(U.Duration, II);
    if (U.Duration <= II && soleUseOfPool(F, U)) {
      // The common case, probed for every candidate seat: the own demand is
      // U.Units on each row the use covers, no need to sum the uses per row.
      if (E && U.Units > Cap)
        return false;
      unsigned Room = Cap - U.Units;
      for (unsigned Off = 0, Row = StartRow; Off != E; ++Off) {
        if (PoolRows[Row] > Room)
          return false;
        if (++Row == II)
          Row = 0;
      }
      continue;
    }
    for (unsigned Off = 0; Off != E; ++Off) {
      unsigned Row = StartRow + Off;
      if (Row >= II)
        Row -= II;
      if (PoolRows[Row] + ownPoolDemand(F, U.Pool, Off) > Cap)
        return false;
    }
  }
  return true;
}

bool ReservationTable::probe(const Footprint &F, int64_t Start) const {
  if (F.Rows.size() > II && !fitsAlone(F))
    return false;
  unsigned StartRow = rowOf(Start);
  unsigned Row = StartRow;
  for (uint64_t Bits : F.Rows) {
    if (Rows[Row] & Bits)
      return false;
    if (++Row == II)
      Row = 0;
  }
  return probePools(F, StartRow);
}

// Inline: commit and release call it once per held bit and row.
inline void ReservationTable::setColumnBit(std::vector<uint64_t> &Column,
                                           size_t Base, unsigned Row,
                                           bool Value) {
  for (unsigned J = Row; J < II + 64; J += II) {
    uint64_t Bit = uint64_t(1) << (J % 64);
    if (Value)
      Column[Base + J / 64] |= Bit;
    else
      Column[Base + J / 64] &= ~Bit;
  }
}

void ReservationTable::commit(const Footprint &F, int64_t Start) {
  assert(probe(F, Start) && "commit without a successful probe");
  unsigned StartRow = rowOf(Start);
  unsigned Row = StartRow;
  for (uint64_t Bits : F.Rows) {
    Rows[Row] |= Bits;
    UsedBits |= Bits;
    for (uint64_t B = Bits; B; B &= B - 1)
      setColumnBit(Busy, size_t(countr_zero(B)) * ColumnWords, Row, true);
    if (++Row == II)
      Row = 0;
  }
  for (const PoolUse &U : F.Pools) {
    unsigned *PoolRows = &Counts[size_t(U.Pool) * II];
    Row = StartRow;
    for (unsigned K = 0; K != U.Duration; ++K) {
      PoolRows[Row] += U.Units;
      if (PoolRows[Row] >= Capacity[U.Pool])
        setColumnBit(Full, size_t(U.Pool) * ColumnWords, Row, true);
      if (++Row == II)
        Row = 0;
    }
  }
}

bool ReservationTable::tryCommit(const Footprint &F, int64_t Start) {
  if (!probe(F, Start))
    return false;
  commit(F, Start);
  return true;
}

void ReservationTable::release(const Footprint &F, int64_t Start) {
  unsigned StartRow = rowOf(Start);
  unsigned Row = StartRow;
  for (uint64_t Bits : F.Rows) {
    assert((Rows[Row] & Bits) == Bits && "releasing rows that are not held");
    Rows[Row] &= ~Bits;
    for (uint64_t B = Bits; B; B &= B - 1)
      setColumnBit(Busy, size_t(countr_zero(B)) * ColumnWords, Row, false);
    if (++Row == II)
      Row = 0;
  }
  for (const PoolUse &U : F.Pools) {
    unsigned *PoolRows = &Counts[size_t(U.Pool) * II];
    Row = StartRow;
    for (unsigned K = 0; K != U.Duration; ++K) {
      assert(PoolRows[Row] >= U.Units && "releasing pool units not held");
      PoolRows[Row] -= U.Units;
      if (PoolRows[Row] < Capacity[U.Pool])
        setColumnBit(Full, size_t(U.Pool) * ColumnWords, Row, false);
      if (++Row == II)
        Row = 0;
    }
  }
}

// Inline: candidateWord reads once per held bit and row of a footprint.
inline uint64_t ReservationTable::read64(const std::vector<uint64_t> &Column,
                                         size_t Base, unsigned Pos) const {
  unsigned Word = Pos / 64, Shift = Pos % 64;
  uint64_t Value = Column[Base + Word] >> Shift;
  if (Shift)
    Value |= Column[Base + Word + 1] << (64 - Shift);
  return Value;
}

uint64_t ReservationTable::candidateWord(const Footprint &F, unsigned W) const {
  unsigned Words = (II + 63) / 64;
  uint64_t Mask = ~uint64_t(0);
  if (W + 1 == Words && II % 64)
    Mask = (uint64_t(1) << (II % 64)) - 1;
  // Start row R is ruled out when row R + K of a footprint bit's column is
  // busy: the read at (64W + K) mod II yields rows 64W .. 64W + 63 shifted
  // by K.
  auto Exclude = [&](const std::vector<uint64_t> &Column, size_t Base,
                     unsigned K) {
    unsigned Pos = 64 * W + K % II;
    Mask &= ~read64(Column, Base, Pos >= II ? Pos % II : Pos);
  };
  for (unsigned K = 0, E = F.Rows.size(); K != E && Mask; ++K)
    for (uint64_t B = F.Rows[K] & UsedBits; B; B &= B - 1)
      Exclude(Busy, size_t(countr_zero(B)) * ColumnWords, K);
  for (const PoolUse &U : F.Pools)
    for (unsigned K = 0, E = std::min(U.Duration, II); K != E && Mask; ++K)
      Exclude(Full, size_t(U.Pool) * ColumnWords, K);
  return Mask;
}

template <bool Upward>
void ReservationTable::search(const Footprint &F, int64_t First, unsigned Count,
                              function_ref<bool(int64_t)> Visit,
                              function_ref<bool(int64_t)> Admit) const {
  Count = std::min(Count, II);
  if (!fitsAlone(F))
    return;
  auto At = [&](unsigned I) { return Upward ? First + I : First - I; };
  auto Fits = [&](int64_t T) { return (!Admit || Admit(T)) && probe(F, T); };
  unsigned Direct = std::min(Count, DirectProbes);
  for (unsigned I = 0; I != Direct; ++I)
    if (Fits(At(I)) && !Visit(At(I)))
      return;
  if (Count == Direct)
    return;

  // The column filter below is exact for slot rows, and for pools when each
  // use is its pool's only one, of one unit (Full marks the rows where it
  // does not fit), no longer than II: a start it lets through then needs no
  // probe.
  bool FilterExact = llvm::all_of(F.Pools, [&](const PoolUse &U) {
    return U.Units == 1 && U.Duration <= II && soleUseOfPool(F, U);
  });
  auto Passes = [&](int64_t T) {
    assert((!FilterExact || probe(F, T)) && "column filter out of sync");
    return FilterExact ? !Admit || Admit(T) : Fits(T);
  };

  // Walk the remaining candidates in order, a mask word at a time; only the
  // words the walk reaches are built (a window is often much shorter than
  // II).
  unsigned I = Direct;
  unsigned BuiltWord = ~0u;
  uint64_t Word = 0;
  while (I < Count) {
    unsigned Row = rowOf(At(I));
    if (Row / 64 != BuiltWord) {
      BuiltWord = Row / 64;
      Word = candidateWord(F, BuiltWord);
    }
    unsigned Bit = Row % 64;
    unsigned Span; // Candidates covered by this word, in walk order.
    uint64_t Bits;
    if (Upward) {
      Span = std::min({64 - Bit, II - Row, Count - I});
      Bits = Word >> Bit;
      if (Span < 64)
        Bits &= (uint64_t(1) << Span) - 1;
      for (; Bits; Bits &= Bits - 1) {
        unsigned Step = countr_zero(Bits);
        if (Passes(At(I + Step)) && !Visit(At(I + Step)))
          return;
      }
    } else {
      Span = std::min(Bit + 1, Count - I);
      // Bits Row, Row - 1, ..., Row - Span + 1, highest first.
      Bits = Word << (63 - Bit);
      if (Span < 64)
        Bits &= ~((uint64_t(1) << (64 - Span)) - 1);
      for (; Bits; Bits &= ~(uint64_t(1) << (63 - countl_zero(Bits)))) {
        unsigned Step = countl_zero(Bits);
        if (Passes(At(I + Step)) && !Visit(At(I + Step)))
          return;
      }
    }
    I += Span;
  }
}

void ReservationTable::visitFits(const Footprint &F, int64_t First,
                                 unsigned Count, bool Down,
                                 function_ref<bool(int64_t)> Visit,
                                 function_ref<bool(int64_t)> Admit) const {
  if (Down)
    search<false>(F, First, Count, Visit, Admit);
  else
    search<true>(F, First, Count, Visit, Admit);
}

std::optional<int64_t> ReservationTable::findFirstFit(const Footprint &F,
                                                      int64_t From,
                                                      unsigned Count) const {
  std::optional<int64_t> Found;
  search<true>(F, From, Count, [&](int64_t T) {
    Found = T;
    return false;
  });
  return Found;
}

std::optional<int64_t> ReservationTable::findLastFit(const Footprint &F,
                                                     int64_t To,
                                                     unsigned Count) const {
  std::optional<int64_t> Found;
  search<false>(F, To, Count, [&](int64_t T) {
    Found = T;
    return false;
  });
  return Found;
}

} // namespace tileas
