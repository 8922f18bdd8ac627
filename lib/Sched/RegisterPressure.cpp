//===- RegisterPressure.cpp - Registers a modulo schedule keeps live ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/RegisterPressure.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace llvm;

namespace tileas {

// A result read after the loop stays live to the end of the kernel
// iteration it is made in, where the loop may exit.
int64_t liveOutEnd(int64_t Start, unsigned II) {
  return (Start / II + 1) * int64_t(II);
}

namespace {

/// The live instances of values, counted per time of the kernel.
class RowCounter {
public:
  explicit RowCounter(unsigned Period) : Period(Period), Delta(Period + 1, 0) {}

  /// A value of Units registers live over [Start, End): one instance at
  /// every time per whole Period it lives, and one more at the times of the
  /// rest.
  void add(const LiveRange &R) {
    int64_t Length = R.End - R.Start;
    if (backEdges(R.Start, R.End) >= 2) {
      Everywhere += (Length + Period - 1) / Period * R.Units;
      return;
    }
    Everywhere += Length / Period * R.Units;
    int64_t Rest = Length % Period;
    if (!Rest)
      return;
    // Times Start .. Start + Rest - 1 modulo Period, wrapping around.
    int64_t First = ((R.Start % Period) + Period) % Period;
    int64_t Last = First + Rest;
    Delta[First] += R.Units;
    if (Last <= int64_t(Period)) {
      Delta[Last] -= R.Units;
    } else {
      Delta[Period] -= R.Units;
      Delta[0] += R.Units;
      Delta[Last - Period] -= R.Units;
    }
  }

  int64_t most() const {
    int64_t Live = 0, Most = 0;
    for (unsigned T = 0; T < Period; ++T) {
      Live += Delta[T];
      Most = std::max(Most, Live);
    }
    return Everywhere + Most;
  }

private:
  /// The kernel ends (multiples of Period) inside [Start, End).
  int64_t backEdges(int64_t Start, int64_t End) const {
    auto FloorDiv = [&](int64_t A) {
      return A >= 0 ? A / Period : -((-A + Period - 1) / Period);
    };
    return FloorDiv(End - 1) - FloorDiv(Start);
  }

  unsigned Period;
  std::vector<int64_t> Delta;
  int64_t Everywhere = 0;
};

} // namespace

unsigned maxLiveRegisters(ArrayRef<LiveRange> Ranges, unsigned Period) {
  if (!Period)
    return 0;
  RowCounter Rows(Period);
  for (const LiveRange &R : Ranges)
    if (R.Units && R.End > R.Start)
      Rows.add(R);
  return unsigned(Rows.most());
}

namespace {

/// The ends of the live ranges of each op's results (indexed by
/// First[op] + result): the start of their last reader, at least one cycle
/// after the op's own start (liveOutEnd for a live-out).
struct LiveEnds {
  std::vector<unsigned> First;
  std::vector<int64_t> End;
};

LiveEnds liveEnds(const Problem &P, const Schedule &S) {
  LiveEnds L;
  for (unsigned I = 0; I < P.size(); ++I) {
    L.First.push_back(L.End.size());
    L.End.resize(L.End.size() + P.operations()[I].numResults(),
                 S.Ops[I].Start + 1);
  }
  std::vector<bool> Carried(L.End.size(), false);
  for (const Dependence &D : P.dependences()) {
    if ((D.Kind != DepKind::Data && D.Kind != DepKind::Accumulate) ||
        D.Result >= P.operations()[D.From].numResults())
      continue;
    unsigned V = L.First[D.From] + D.Result;
    L.End[V] =
        std::max(L.End[V], S.Ops[D.To].Start + int64_t(S.II) * D.Distance);
    Carried[V] = Carried[V] || D.Distance > 0;
  }
  // A live-out that the next iteration also reads is replaced by that
  // iteration's value, which is then the one read after the loop.
  for (unsigned I = 0; I < P.size(); ++I)
    if (P.operations()[I].LiveOut)
      for (unsigned R = 0; R < P.operations()[I].numResults(); ++R)
        if (!Carried[L.First[I] + R])
          L.End[L.First[I] + R] =
              std::max(L.End[L.First[I] + R], liveOutEnd(S.Ops[I].Start, S.II));
  return L;
}

/// The estimate of the ops Keep selects, with Invariant registers.
template <typename Pred>
unsigned estimateOf(const Problem &P, const Schedule &S, const LiveEnds &L,
                    unsigned Invariant, Pred Keep) {
  if (!S.II || S.Ops.size() != P.size())
    return Invariant;
  std::vector<LiveRange> Ranges;
  for (unsigned I = 0; I < P.size(); ++I) {
    const Operation &Op = P.operations()[I];
    if (!Op.Registers || !Keep(Op))
      continue;
    for (unsigned R = 0; R < Op.numResults(); ++R)
      if (unsigned Units = Op.resultRegisters(R))
        Ranges.push_back({S.Ops[I].Start, L.End[L.First[I] + R], Units});
  }
  return Invariant + maxLiveRegisters(Ranges, S.II);
}

} // namespace

SmallVector<unsigned, 4> estimateRegisters(const Problem &P,
                                           const Schedule &S) {
  unsigned Groups = std::max<unsigned>(1, P.InvariantRegisters.size());
  for (const Operation &Op : P.operations())
    Groups = std::max(Groups, Op.RegisterGroup + 1);
  if (!S.II || S.Ops.size() != P.size())
    return SmallVector<unsigned, 4>(Groups, 0);
  LiveEnds End = liveEnds(P, S);
  SmallVector<unsigned, 4> Estimates;
  for (unsigned G = 0; G < Groups; ++G) {
    unsigned Invariant =
        G < P.InvariantRegisters.size() ? P.InvariantRegisters[G] : 0;
    Estimates.push_back(
        estimateOf(P, S, End, Invariant,
                   [&](const Operation &Op) { return Op.RegisterGroup == G; }));
  }
  return Estimates;
}

unsigned estimateTotalRegisters(const Problem &P, const Schedule &S) {
  unsigned Invariant = 0;
  for (unsigned R : P.InvariantRegisters)
    Invariant += R;
  if (!S.II || S.Ops.size() != P.size())
    return Invariant;
  return estimateOf(P, S, liveEnds(P, S), Invariant,
                    [](const Operation &) { return true; });
}

RegisterFit registerFit(const Problem &P, const Schedule &S,
                        ArrayRef<unsigned> Limits) {
  RegisterFit Fit;
  if (Limits.size() == 1) {
    Fit.Limit = Limits[0];
    Fit.Estimate = estimateTotalRegisters(P, S);
    return Fit;
  }
  SmallVector<unsigned, 4> Estimates = estimateRegisters(P, S);
  int64_t Tightest = 0;
  for (unsigned G = 0; G < Estimates.size() && G < Limits.size(); ++G) {
    if (!Limits[G])
      continue;
    int64_t Over = int64_t(Estimates[G]) - Limits[G];
    if (Fit.Limit && Over <= Tightest)
      continue;
    Tightest = Over;
    Fit.Limit = Limits[G];
    Fit.Estimate = Estimates[G];
    Fit.Group = G;
  }
  return Fit;
}

} // namespace tileas
