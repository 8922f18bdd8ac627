//===- OrderSearch.cpp - Kahn's algorithm with optional backtracking ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Each search state keeps the (rank, index) of the candidate it tried last.
// Since undo restores a state exactly, the candidates of a state are the same
// every time it is revisited, and "the smallest candidate above the last one
// tried" walks them in rank order without storing the list.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/OrderSearch.h"

#include "SearchState.h"

#include "tileas/Support/SplitMix64.h"

#include "llvm/ADT/DenseSet.h"

#include <algorithm>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace tileas::detail;

namespace tileas {

StringRef toString(CandidateRank R) {
  switch (R) {
  case CandidateRank::ProgramOrder:
    return "program-order";
  case CandidateRank::MaxSumIndex:
    return "max-sum-index";
  case CandidateRank::SumMaxIndex:
    return "sum-max-index";
  case CandidateRank::MaxIndex:
    return "max-index";
  }
  return "?";
}

namespace {

/// A candidate's rank; the node index breaks ties, so (Key, Node) is a total
/// order.
struct Choice {
  int Key[3] = {0, 0, 0};
  unsigned Node = 0;

  auto tie() const { return std::tie(Key[0], Key[1], Key[2], Node); }
  bool operator<(const Choice &O) const { return tie() < O.tie(); }
  bool sameKey(const Choice &O) const {
    return std::tie(Key[0], Key[1], Key[2]) ==
           std::tie(O.Key[0], O.Key[1], O.Key[2]);
  }
  bool keyLess(const Choice &O) const {
    return std::tie(Key[0], Key[1], Key[2]) <
           std::tie(O.Key[0], O.Key[1], O.Key[2]);
  }
};

struct Frame {
  bool Started = false;
  Choice Last;
  StepRecord Move; ///< The step applied from this state (while a child lives).
};

/// Evaluates buckets of ready nodes in one state.
class Ranker {
public:
  Ranker(SearchState &S, const OrderSearchSpec &Spec) : S(S), Spec(Spec) {}

  /// The smallest allowed candidate of the current state, strictly above
  /// After when given.
  std::optional<Choice> next(const Choice *After) {
    if (Spec.Backtrack) {
      // A quiet node, when there is one, is the only candidate.
      if (std::optional<unsigned> Quiet = smallestQuietNode()) {
        if (After)
          return std::nullopt;
        Choice C;
        C.Node = *Quiet;
        return C;
      }
    }
    prepare();
    std::optional<Choice> Best;
    ArrayRef<unsigned> Buckets = S.activeBuckets();
    Work += Buckets.size();
    for (unsigned B : Buckets) {
      ArrayRef<PairDelta> Delta = S.bucketDelta(B);
      if (!allows(Delta))
        continue;
      Choice C = rank(B, Delta);
      ArrayRef<unsigned> Members = S.bucketMembers(B);
      const unsigned *It = Members.begin();
      if (After) {
        if (C.keyLess(*After))
          continue;
        if (C.sameKey(*After))
          It = std::upper_bound(Members.begin(), Members.end(), After->Node);
        if (It == Members.end())
          continue;
      }
      C.Node = *It;
      if (!Best || C < *Best)
        Best = C;
    }
    return Best;
  }

private:
  // Allocations always show as positive entries of a delta (they never share
  // a pair with frees), so a bucket of quiet nodes has none.
  std::optional<unsigned> smallestQuietNode() {
    std::optional<unsigned> Best;
    for (unsigned B : S.activeBuckets()) {
      if (llvm::any_of(S.bucketDelta(B),
                       [](const PairDelta &D) { return D.Delta > 0; }))
        continue;
      unsigned Node = S.bucketMembers(B).front();
      if (!Best || Node < *Best)
        Best = Node;
    }
    return Best;
  }

  bool needsMax() const { return Spec.Rank != CandidateRank::ProgramOrder; }

  // The pairs of largest excess, largest first. The largest excess among
  // the pairs a step does not touch is that of the first untouched entry;
  // only a step touching all of them needs a full scan.
  static constexpr unsigned TopPairs = 4;

  void prepare() {
    if (!needsMax())
      return;
    Top.clear();
    for (unsigned P = 0, E = S.table().numPairs(); P != E; ++P) {
      if (Top.size() == TopPairs && S.excess(P) <= S.excess(Top.back()))
        continue;
      auto It = llvm::find_if(
          Top, [&](unsigned Q) { return S.excess(P) > S.excess(Q); });
      Top.insert(It, P);
      if (Top.size() > TopPairs)
        Top.pop_back();
    }
  }

  bool allows(ArrayRef<PairDelta> Delta) const {
    for (const PairDelta &D : Delta)
      if (D.Delta > 0 && S.excess(D.Pair) + D.Delta > Spec.Threshold)
        return false;
    return true;
  }

  int maxExcessAfter(ArrayRef<PairDelta> Delta) const {
    int Max = INT_MIN;
    for (const PairDelta &D : Delta)
      Max = std::max(Max, S.excess(D.Pair) + D.Delta);
    auto Touched = [&](unsigned P) {
      return llvm::any_of(Delta,
                          [P](const PairDelta &D) { return D.Pair == P; });
    };
    for (unsigned P : Top)
      if (!Touched(P))
        return std::max(Max, S.excess(P));
    if (Top.size() < TopPairs)
      return Max; // every pair is touched
    for (unsigned P = 0, E = S.table().numPairs(); P != E; ++P)
      if (!Touched(P))
        Max = std::max(Max, S.excess(P));
    return Max;
  }

  Choice rank(unsigned B, ArrayRef<PairDelta> Delta) const {
    Choice C;
    if (Spec.Rank == CandidateRank::ProgramOrder)
      return C;
    // The seed's hard priority: a step that frees a live event comes first.
    bool FreesEvent =
        llvm::any_of(Delta, [](const PairDelta &D) { return D.Delta < 0; });
    int Max = maxExcessAfter(Delta);
    int Sum = S.totalLive() + S.bucketDeltaSum(B);
    C.Key[0] = FreesEvent ? 0 : 1;
    switch (Spec.Rank) {
    case CandidateRank::MaxSumIndex:
      C.Key[1] = Max;
      C.Key[2] = Sum;
      break;
    case CandidateRank::SumMaxIndex:
      C.Key[1] = Sum;
      C.Key[2] = Max;
      break;
    case CandidateRank::MaxIndex:
      C.Key[1] = Max;
      break;
    case CandidateRank::ProgramOrder:
      break;
    }
    return C;
  }

public:
  /// Buckets evaluated so far.
  uint64_t Work = 0;

private:
  SearchState &S;
  const OrderSearchSpec &Spec;
  SmallVector<unsigned, TopPairs + 1> Top;
};

// Keys of scheduled-node sets: exact bit masks up to 63 nodes, Zobrist hashes
// (splitmix64 of the index) beyond. Bit 63 stays clear either way, so no key
// collides with DenseSet's reserved empty and tombstone keys.
std::vector<uint64_t> makeNodeKeys(unsigned N) {
  std::vector<uint64_t> Keys(N);
  for (unsigned V = 0; V != N; ++V) {
    if (N <= MaxExactNodes) {
      Keys[V] = uint64_t(1) << V;
      continue;
    }
    uint64_t Z = SplitMix64::mix(uint64_t(V) * SplitMix64::Gamma +
                                 0x632be59bd9b4e019ULL);
    Keys[V] = Z & ~(uint64_t(1) << 63);
  }
  return Keys;
}

} // namespace

OrderSearchResult searchOrder(const EventTable &T,
                              const OrderSearchSpec &Spec) {
  OrderSearchResult R;
  unsigned N = T.numNodes();
  SearchState S(T);
  Ranker Rank(S, Spec);
  // Dead states are keyed only when backtracking.
  std::vector<uint64_t> NodeKeys =
      Spec.Backtrack ? makeNodeKeys(N) : std::vector<uint64_t>();
  DenseSet<uint64_t> DeadStates;
  uint64_t Key = 0;
  auto Toggle = [&](unsigned Node) {
    if (Spec.Backtrack)
      Key ^= NodeKeys[Node];
  };

  // Only backtracking needs the frames of the whole path; the greedy reuses
  // one (a frame per op is a large allocation on large blocks).
  std::vector<Frame> Frames;
  if (Spec.Backtrack)
    Frames.reserve(N + 1);
  Frames.emplace_back();
  R.States = 1;
  while (S.order().size() != N) {
    Frame &F = Frames.back();
    std::optional<Choice> C = Rank.next(F.Started ? &F.Last : nullptr);
    if (!C) {
      if (!Spec.Backtrack) {
        R.Status = SearchStatus::DeadEnd;
        R.Order.assign(S.order().begin(), S.order().end());
        R.Work = Rank.Work;
        return R;
      }
      DeadStates.insert(Key);
      Frames.pop_back();
      if (Frames.empty()) {
        R.Status = SearchStatus::Exhausted;
        R.Work = Rank.Work;
        return R;
      }
      S.undo(Frames.back().Move);
      Toggle(Frames.back().Move.Node);
      continue;
    }
    F.Started = true;
    F.Last = *C;
    S.apply(C->Node, F.Move);
    Toggle(C->Node);
    if (Spec.Backtrack && DeadStates.contains(Key)) {
      S.undo(F.Move);
      Toggle(C->Node);
      continue;
    }
    if ((Spec.StateBudget && R.States >= Spec.StateBudget) ||
        (Spec.WorkBudget && Rank.Work >= Spec.WorkBudget)) {
      R.Status = SearchStatus::OutOfBudget;
      R.Work = Rank.Work;
      return R;
    }
    ++R.States;
    if (Spec.Backtrack)
      Frames.emplace_back();
    else
      F.Started = false;
  }
  R.Status = SearchStatus::Found;
  R.Order.assign(S.order().begin(), S.order().end());
  R.Work = Rank.Work;
  return R;
}

OrderSearchResult runGreedy(const EventTable &T, CandidateRank Rank,
                            bool Strict) {
  OrderSearchSpec Spec;
  Spec.Rank = Rank;
  Spec.Threshold = Strict ? 0 : UnlimitedThreshold;
  Spec.Backtrack = false;
  return searchOrder(T, Spec);
}

} // namespace tileas
