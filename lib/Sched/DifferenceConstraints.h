//===- DifferenceConstraints.h - Feasibility of II-parametric systems -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A system of difference constraints S(To) - S(From) >= A + B * II over
// integer start times. For a given II it is feasible exactly when the
// constraint graph (edge weights A + B * II) has no cycle of positive weight.
// The check is a FIFO Bellman-Ford on longest paths that looks for a cycle in
// the parent graph after every |V| relaxations, so a positive cycle is found
// soon after it forms instead of after |V| full passes.
//
// Recurrence MII uses it with A = latency, B = -distance; the II search uses
// it with depth, group and stage-gap constraints added. When every B <= 0,
// feasibility can only improve as II grows, which is what makes galloping
// and binary search on II sound.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_DIFFERENCECONSTRAINTS_H
#define TILEAS_LIB_SCHED_DIFFERENCECONSTRAINTS_H

#include <cstdint>
#include <vector>

namespace tileas {

class DifferenceConstraints {
public:
  explicit DifferenceConstraints(unsigned NumNodes) : NumNodes(NumNodes) {}

  unsigned numNodes() const { return NumNodes; }
  /// Adds S(To) - S(From) >= A + B * II.
  void add(unsigned From, unsigned To, int64_t A, int64_t B) {
    Pending.push_back({From, To, A, B});
    Finalized = false;
  }
  /// True when every B is <= 0 (feasibility is monotone in II).
  bool isMonotone() const;
  /// The sums of A and of B over the edges of one cycle.
  struct CycleWeight {
    int64_t A = 0, B = 0;
  };
  /// True when some cycle has positive weight at this II.
  bool hasPositiveCycle(int64_t II) {
    CycleWeight Ignored;
    return findPositiveCycle(II, Ignored);
  }
  /// As hasPositiveCycle, and on true sets Cycle to the weight of one cycle
  /// that is positive at II: with B < 0 it rules out every II below
  /// A / -B, which lets a search on II jump there (the cycle-ratio step of
  /// Lawler's parametric search).
  bool findPositiveCycle(int64_t II, CycleWeight &Cycle);

private:
  struct Edge {
    unsigned From, To;
    int64_t A, B;
  };
  void finalize();
  /// True when the parent graph has a cycle; CycleNode is then on it.
  bool parentGraphHasCycle();
  /// The weight of the parent-graph cycle through CycleNode.
  CycleWeight parentCycleWeight() const;

  unsigned NumNodes;
  bool Finalized = false;
  std::vector<Edge> Pending;
  // CSR by source.
  std::vector<unsigned> Begin, Target;
  std::vector<int64_t> WeightA, WeightB;
  // Scratch reused between checks.
  std::vector<int64_t> Dist;
  std::vector<unsigned> Parent, ParentEdge, Queue;
  unsigned CycleNode = 0;
  std::vector<uint8_t> InQueue, Mark;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_DIFFERENCECONSTRAINTS_H
