//===- PlacementContext.h - What placement knows apart from II --*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Everything about a problem that placement needs and that does not depend
// on the candidate II: the dependence graph, placement units, footprints,
// per-op stage limits, per-edge stage gaps, and the difference-constraint
// arcs (with II as a parameter) that bounds propagation and the dependency
// bound share.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_PLACEMENTCONTEXT_H
#define TILEAS_LIB_SCHED_PLACEMENTCONTEXT_H

#include "Bounds.h"
#include "DepGraph.h"
#include "Groups.h"

#include "tileas/Sched/ReservationTable.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <limits>
#include <vector>

namespace tileas {

/// Far enough from the int64_t limits that adding a few II-sized terms never
/// overflows.
constexpr int64_t Unbounded = std::numeric_limits<int64_t>::max() / 4;

class PlacementContext {
public:
  /// ExtraGaps (per dependence, or empty) tightens the budget-derived stage
  /// gaps; the constraint-refinement loop supplies it.
  PlacementContext(const Problem &P, const SchedulerOptions &Opts,
                   llvm::ArrayRef<int> ExtraGaps);

  const Problem &problem() const { return P; }
  const DepGraph &graph() const { return G; }
  const PlacementUnits &units() const { return Units; }
  unsigned size() const { return P.size(); }
  /// Nodes of the constraint arcs: the ops, then one hub per multi-op unit.
  unsigned numNodes() const { return NumNodes; }

  Footprint footprint(unsigned Op) const {
    return {llvm::ArrayRef<uint64_t>(RowStore).slice(
                RowBegin[Op], RowBegin[Op + 1] - RowBegin[Op]),
            P.operations()[Op].Pools};
  }
  /// Slot rows plus pool unit-cycles: how much of the table an op takes.
  unsigned area(unsigned Op) const { return Area[Op]; }
  /// Largest stage + 1 the op may take (0 = unlimited).
  unsigned stageLimit(unsigned Op) const { return StageLimit[Op]; }
  /// Largest Stage(To) - Stage(From) allowed on a dependence.
  int stageGap(unsigned Dep) const { return Gap[Dep]; }
  llvm::ArrayRef<int> stageGaps() const { return Gap; }
  /// True when placement must respect stage limits, groups or gaps.
  bool hasStageConstraints() const { return StageConstrained; }
  /// Dense column of a slot bit for the owner table; NumColumns if unused.
  unsigned columnOf(unsigned Bit) const { return ColumnOfBit[Bit]; }
  unsigned numColumns() const { return NumColumns; }
  /// Footprint rows, over all ops, that hold a slot bit.
  uint64_t demandOfBit(unsigned Bit) const { return RowsPerBit[Bit]; }
  /// The fewest rows any op holds a slot bit for (0 if none holds it): a
  /// hole shorter than that in the bit's column is lost for good.
  unsigned shortestHold(unsigned Bit) const { return ShortestHold[Bit]; }
  /// The most rows any op holds the bit for (0 if none holds it).
  unsigned longestHold(unsigned Bit) const { return LongestHold[Bit]; }
  /// True when every op that holds the bit holds it for the same number of
  /// rows, so that holds tile the column on a grid of that pitch.
  bool uniformHold(unsigned Bit) const { return (UniformHold >> Bit) & 1; }
  /// How many ops hold the bit for how many rows, by first appearance.
  struct HoldCount {
    unsigned Length;
    unsigned Count;
  };
  llvm::ArrayRef<HoldCount> holdCounts(unsigned Bit) const {
    return HoldCounts[Bit];
  }
  /// Sum over ops of the footprint length and the longest pool charge: the
  /// length of a schedule without any overlap.
  uint64_t sequentialLength() const { return SequentialLength; }

  /// A difference constraint S(head) >= S(tail) + A + B * II: one per
  /// dependence, one per stage gap (its upper bound
  /// S(To) - S(From) <= II * (Gap + 1) - 1, read backwards), and two per
  /// member of a multi-op unit tying it to the unit's hub node.
  struct Arc {
    unsigned Other; ///< The head in an out-list, the tail in an in-list.
    int32_t A, B;   ///< See RawArc in PlacementContext.cpp.
    /// The arc of a dependence (not a stage gap or a hub's tie).
    bool Dependence = false;
    int64_t weight(int64_t II) const { return A + int64_t(B) * II; }
  };
  llvm::ArrayRef<Arc> arcsOut(unsigned V) const {
    return llvm::ArrayRef<Arc>(ArcOut).slice(
        ArcOutBegin[V], ArcOutBegin[V + 1] - ArcOutBegin[V]);
  }
  llvm::ArrayRef<Arc> arcsIn(unsigned V) const {
    return llvm::ArrayRef<Arc>(ArcIn).slice(ArcInBegin[V],
                                            ArcInBegin[V + 1] - ArcInBegin[V]);
  }
  /// Constraint arcs (each appears once in the out-lists and once in the
  /// in-lists).
  unsigned numArcs() const { return ArcOut.size(); }
  /// Dependences whose arc was left out because a path of two kept arcs
  /// implies it at every II (see the constructor).
  unsigned numImpliedArcs() const { return NumImplied; }

  /// Position of each node in the order bounds propagate in: the ops in
  /// distance-0 Kahn order, each hub just before its first member. Along
  /// distance-0 dependences the rank rises, so one upward sweep settles
  /// every acyclic part of the graph.
  llvm::ArrayRef<unsigned> propagationRank() const { return Rank; }

private:
  const Problem &P;
  DepGraph G;
  PlacementUnits Units;
  std::vector<int> Gap;
  std::vector<unsigned> StageLimit, RowBegin, Area;
  std::vector<uint64_t> RowStore;
  std::vector<unsigned> ArcOutBegin, ArcInBegin;
  std::vector<Arc> ArcOut, ArcIn;
  std::vector<unsigned> Rank;
  unsigned NumImplied = 0;
  uint64_t RowsPerBit[64] = {};
  unsigned ShortestHold[64] = {}, LongestHold[64] = {};
  uint64_t UniformHold = 0;
  llvm::SmallVector<HoldCount, 2> HoldCounts[64];
  unsigned ColumnOfBit[64];
  unsigned NumColumns = 0;
  bool StageConstrained = false;
  uint64_t SequentialLength = 0;
  unsigned NumNodes = 0;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_PLACEMENTCONTEXT_H
