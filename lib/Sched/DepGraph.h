//===- DepGraph.h - Compressed dependence graph of a Problem ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The dependence edges of a Problem in compressed sparse row form, with the
// derived orders every part of the core needs: strongly connected components
// (over all edges) and a Kahn order over the distance-0 edges.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_DEPGRAPH_H
#define TILEAS_LIB_SCHED_DEPGRAPH_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace tileas {

/// No dependence path between two ops (a longest path of minus infinity).
constexpr int64_t NoPath = std::numeric_limits<int64_t>::min();

/// One edge as seen from one endpoint: Other is the successor in an out-list
/// and the predecessor in an in-list.
struct GraphEdge {
  unsigned Other = 0;
  unsigned Dep = 0; ///< Index into Problem::dependences().
  int Latency = 0;
  unsigned Distance = 0;
  DepKind Kind = DepKind::Data;
};

class DepGraph {
public:
  explicit DepGraph(const Problem &P);

  unsigned size() const { return NumOps; }
  llvm::ArrayRef<GraphEdge> succs(unsigned V) const {
    return llvm::ArrayRef<GraphEdge>(Out).slice(OutBegin[V],
                                                OutBegin[V + 1] - OutBegin[V]);
  }
  llvm::ArrayRef<GraphEdge> preds(unsigned V) const {
    return llvm::ArrayRef<GraphEdge>(In).slice(InBegin[V],
                                               InBegin[V + 1] - InBegin[V]);
  }

  /// Component of each op; components are numbered so that every edge goes
  /// from a component to one with an equal or smaller number (sinks first).
  llvm::ArrayRef<unsigned> sccOf() const { return SCCOf; }
  unsigned numSCCs() const { return NumSCCs; }
  /// Members of component C, by increasing op index.
  llvm::ArrayRef<unsigned> sccMembers(unsigned C) const {
    return llvm::ArrayRef<unsigned>(SCCList).slice(
        SCCBegin[C], SCCBegin[C + 1] - SCCBegin[C]);
  }
  /// True when the component has a cycle (several members or a self-loop).
  bool isCyclicSCC(unsigned C) const { return CyclicSCC[C]; }

  /// Kahn order over distance-0 edges, ready ties broken by op index. When
  /// distance-0 edges form a cycle, the smallest remaining op is released and
  /// zeroDistanceAcyclic() is false.
  llvm::ArrayRef<unsigned> kahnOrder() const { return Kahn; }
  bool zeroDistanceAcyclic() const { return KahnAcyclic; }
  /// Position of each op in kahnOrder().
  llvm::ArrayRef<unsigned> kahnRank() const { return KahnRank; }

  /// A cycle of distance-0 edges whose latencies sum to more than zero (the
  /// ops in edge order, the first not repeated), or empty when there is
  /// none. Such a cycle makes every II infeasible; it names the culprits.
  std::vector<unsigned> positiveZeroDistanceCycle() const;

private:
  void buildSCCs();
  void buildKahnOrder();

  unsigned NumOps = 0;
  std::vector<unsigned> OutBegin, InBegin;
  std::vector<GraphEdge> Out, In;
  std::vector<unsigned> SCCOf, SCCBegin, SCCList;
  std::vector<bool> CyclicSCC;
  unsigned NumSCCs = 0;
  std::vector<unsigned> Kahn, KahnRank;
  bool KahnAcyclic = true;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_DEPGRAPH_H
