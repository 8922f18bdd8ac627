//===- SearchState.h - Incremental state of an order search ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The state after scheduling a prefix of an order: which events are live, the
// live count per pair, and the ready nodes. Every step can be undone exactly,
// which is what lets one engine serve the greedy and the backtracking search.
//
// Ready nodes are grouped into buckets by the change their step would make to
// the live counts (a sorted list of (pair, delta)). Every ranking and every
// budget test depends on a candidate only through that change and its index,
// so a step evaluates each bucket once instead of each ready node, and takes
// the smallest index of the winning bucket.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_EVENTSCHED_SEARCHSTATE_H
#define TILEAS_LIB_EVENTSCHED_SEARCHSTATE_H

#include "tileas/EventSched/EventAccounting.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace tileas {
namespace detail {

struct PairDelta {
  unsigned Pair;
  int Delta;
};
using DeltaList = llvm::SmallVector<PairDelta, 4>;

/// What one step changed, so that it can be undone.
struct StepRecord {
  unsigned Node = 0;
  llvm::SmallVector<unsigned, 4> Freed;
  llvm::SmallVector<unsigned, 4> NewlyReady;
};

class SearchState {
public:
  explicit SearchState(const EventTable &T);

  const EventTable &table() const { return T; }
  llvm::ArrayRef<unsigned> order() const { return Order; }

  /// Live count minus budget, per pair.
  int excess(unsigned Pair) const { return Excess[Pair]; }
  /// Live events over all pairs.
  int totalLive() const { return TotalLive; }

  /// Schedules a ready node and records what changed in Rec.
  void apply(unsigned Node, StepRecord &Rec);
  /// Undoes the last apply, whose record is Rec.
  void undo(const StepRecord &Rec);

  /// Buckets that have at least one ready node.
  llvm::ArrayRef<unsigned> activeBuckets();
  llvm::ArrayRef<PairDelta> bucketDelta(unsigned B) const {
    return Buckets[B].Delta;
  }
  int bucketDeltaSum(unsigned B) const { return Buckets[B].DeltaSum; }
  /// The ready nodes of bucket B, ascending.
  llvm::ArrayRef<unsigned> bucketMembers(unsigned B) const {
    return Buckets[B].Members;
  }

private:
  struct Bucket {
    DeltaList Delta;
    int DeltaSum = 0;
    /// Sorted; a vector beats a tree here (buckets are small or are popped
    /// from the front).
    llvm::SmallVector<unsigned, 4> Members;
    bool Listed = false;         ///< In Active.
    unsigned NextSameHash = ~0u; ///< Chain of buckets with an equal hash.
  };
  enum : uint8_t { Pending, Live, Freed };
  static constexpr unsigned NotReady = ~0u;

  void makeReady(unsigned V);
  void makeUnready(unsigned V);
  /// Adds Change to V's delta on Pair and moves V to the matching bucket.
  void adjustReady(unsigned V, unsigned Pair, int Change);
  void placeInBucket(unsigned V);
  unsigned bucketFor(const DeltaList &Delta);

  const EventTable &T;
  std::vector<uint8_t> EventState;
  std::vector<int> Excess;
  int TotalLive = 0;
  std::vector<unsigned> Indegree;
  std::vector<unsigned> Order;

  /// Per ready node: its step's delta and its bucket (NotReady otherwise).
  std::vector<DeltaList> NodeDelta;
  std::vector<unsigned> NodeBucket;
  std::vector<Bucket> Buckets;
  std::vector<unsigned> Active;
  /// First bucket of each delta hash.
  llvm::DenseMap<uint64_t, unsigned> BucketByHash;
};

} // namespace detail
} // namespace tileas

#endif // TILEAS_LIB_EVENTSCHED_SEARCHSTATE_H
