//===- Priority.h - Recurrence-aware placement priority ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Rau's height-based priority: the height of an op at II is the longest path
// from it to any sink with edge weights latency - II * distance, so that a
// loop-carried edge counts only the part of its latency that the next
// iteration does not already hide. Ops (and units) are placed by decreasing
// height; ties go to the earlier op in the distance-0 Kahn order.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_PRIORITY_H
#define TILEAS_LIB_SCHED_PRIORITY_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace tileas {

class DepGraph;
class PlacementContext;

/// Heights at II; II must be at least the recurrence MII.
std::vector<int64_t> computeHeights(const DepGraph &G, unsigned II);

struct PriorityOrder {
  std::vector<int64_t> Height;
  std::vector<unsigned> Ops;      ///< Highest priority first.
  std::vector<unsigned> Position; ///< Position of each op in Ops.
  std::vector<unsigned> Units;    ///< Units by their best member.
};

/// Variant 0 is the plain order; other variants perturb it deterministically
/// (the restarts of an attempt use them).
PriorityOrder computePriority(const PlacementContext &Ctx, unsigned II,
                              unsigned Variant = 0);

/// The order of a schedule found at another II: by start, ties by height.
PriorityOrder priorityFromStarts(const PlacementContext &Ctx, unsigned II,
                                 llvm::ArrayRef<int64_t> Starts);

} // namespace tileas

#endif // TILEAS_LIB_SCHED_PRIORITY_H
