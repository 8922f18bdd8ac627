//===- ResourceEncoding.cpp - Slots and pools of one candidate II ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Singleton slots as pairwise disjointness of holds on the circle of II rows,
// counting pools as pseudo-Boolean sums per row; both added only once a model
// overfills them.
//
//===----------------------------------------------------------------------===//

#include "Encoder.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace exact {

void Encoder::collectResources() {
  Slots.assign(MaxSlotId + 1, {});
  Pools.assign(P.model().pools().size(), {});
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    for (const SlotUse &U : O.Slots)
      Slots[U.Slot].push_back({Op, U.Duration});
    for (const PoolUse &U : O.Pools)
      if (U.Units && U.Duration)
        Pools[U.Pool].push_back({Op, U.Units, U.Duration});
  }
  // A pool that no placement can overfill needs no constraint: an op adds
  // at most Units * ceil(Duration / II) to any one row.
  for (unsigned I = 0, E = Pools.size(); I != E; ++I) {
    uint64_t Worst = 0;
    for (const Charge &C : Pools[I])
      Worst += uint64_t(C.Units) * ((C.Duration + II - 1) / II);
    if (Worst <= P.model().pools()[I].Capacity)
      Pools[I].clear();
  }
}

Z3_ast Encoder::rowIs(unsigned Op, unsigned R) {
  std::vector<Z3_ast> &X = RowIs[Op];
  if (X.empty()) {
    X.resize(II);
    for (unsigned T = 0; T != II; ++T) {
      X[T] = Z.boolVar(("x" + Twine(Op) + "_" + Twine(T)).str());
      Z.require(Z.eq(X[T], Z.eq(Row[Op], Z.num(T))));
    }
    Z.require(Z.exactlyOne(X));
    expired(4 * II);
  }
  return X[R];
}

void Encoder::addSlotPair(const Hold &A, const Hold &B) {
  Hold X = A, Y = B;
  if (X.Op > Y.Op)
    std::swap(X, Y);
  // Once per (i, j, d_i, d_j), however many slots the pair shares with the
  // same holds (an MMA's two triples, say).
  if (!PairsAdded.insert({X.Op, Y.Op, X.Duration, Y.Duration}).second)
    return;
  int64_t L = II, DI = X.Duration, DJ = Y.Duration;
  // Rows r_i, r_j in [0, II): the holds [r_i, r_i + d_i) and [r_j, r_j + d_j)
  // modulo II are disjoint iff the difference r_j - r_i leaves room for both
  // on one side of the circle.
  Z3_ast Delta = Z.sub(Row[Y.Op], Row[X.Op]);
  Z3_ast After = Z.both(Z.ge(Delta, Z.num(DI)), Z.le(Delta, Z.num(L - DJ)));
  Z3_ast Before = Z.both(Z.ge(Delta, Z.num(DI - L)), Z.le(Delta, Z.num(-DJ)));
  Z.require(Z.either(After, Before));
}

void Encoder::addPool(unsigned PoolIdx) {
  PoolAdded[PoolIdx] = true;
  const std::vector<Charge> &Users = Pools[PoolIdx];
  int Capacity = int(std::min<uint64_t>(P.model().pools()[PoolIdx].Capacity,
                                        uint64_t(INT32_MAX)));
  for (unsigned T = 0; T != II; ++T) {
    // Op i holds row T when it starts in a row T - k, 0 <= k < duration.
    SmallVector<std::pair<uint64_t, int>, 32> Terms;
    for (const Charge &C : Users)
      for (unsigned K = 0; K != C.Duration; ++K) {
        if (expired())
          return;
        unsigned From = unsigned((int64_t(T) - K % II + II) % II);
        Terms.push_back({uint64_t(C.Op) * II + From, int(C.Units)});
      }
    llvm::sort(Terms);
    SmallVector<Z3_ast, 32> Lits;
    SmallVector<int, 32> Coeffs;
    for (unsigned A = 0; A < Terms.size();) {
      unsigned B = A;
      int Coeff = 0;
      for (; B < Terms.size() && Terms[B].first == Terms[A].first; ++B)
        Coeff += Terms[B].second;
      unsigned Op = unsigned(Terms[A].first / II);
      if (expired())
        return;
      Lits.push_back(rowIs(Op, unsigned(Terms[A].first % II)));
      Coeffs.push_back(Coeff);
      A = B;
    }
    Z.require(Z.atMost(Lits, Coeffs, Capacity));
  }
}

bool Encoder::addViolatedResources(const std::vector<int64_t> &Rows) {
  bool Added = false;
  std::vector<unsigned> Held(II);
  for (unsigned Slot = 0, E = Slots.size(); Slot != E; ++Slot) {
    const std::vector<Hold> &H = Slots[Slot];
    if (SlotAdded[Slot] || H.size() < 2)
      continue;
    std::fill(Held.begin(), Held.end(), 0);
    bool Broken = false;
    for (const Hold &X : H)
      for (unsigned K = 0; K != X.Duration; ++K)
        Broken |= ++Held[(Rows[X.Op] + K) % II] > 1;
    if (!Broken)
      continue;
    // All pairs of the slot at once: adding only the colliding ones makes
    // the solver move the collision elsewhere, one round trip at a time.
    SlotAdded[Slot] = true;
    for (unsigned A = 0; A < H.size(); ++A)
      for (unsigned B = A + 1; B < H.size(); ++B)
        addSlotPair(H[A], H[B]);
    Added = true;
  }
  for (unsigned PoolIdx = 0, E = Pools.size(); PoolIdx != E; ++PoolIdx) {
    if (PoolAdded[PoolIdx] || Pools[PoolIdx].empty())
      continue;
    std::vector<uint64_t> Load(II, 0);
    for (const Charge &C : Pools[PoolIdx])
      for (unsigned K = 0; K != C.Duration; ++K)
        Load[(Rows[C.Op] + K) % II] += C.Units;
    uint64_t Capacity = P.model().pools()[PoolIdx].Capacity;
    if (llvm::any_of(Load, [&](uint64_t U) { return U > Capacity; })) {
      addPool(PoolIdx);
      Added = true;
    }
  }
  return Added;
}

} // namespace exact
} // namespace tileas
