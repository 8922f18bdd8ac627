//===- Groups.h - Placement units from constraint groups --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Constraint groups are merged with their leaders (union-find, transitively);
// every merged group becomes one placement unit whose members share a stage,
// and every ungrouped op is a unit of its own. Units are numbered by their
// smallest member.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_GROUPS_H
#define TILEAS_LIB_SCHED_GROUPS_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace tileas {

class PlacementUnits {
public:
  explicit PlacementUnits(const Problem &P);

  unsigned numUnits() const { return Begin.size() - 1; }
  unsigned unitOf(unsigned Op) const { return UnitOf[Op]; }
  /// Members of a unit, by increasing op index.
  llvm::ArrayRef<unsigned> members(unsigned U) const {
    return llvm::ArrayRef<unsigned>(List).slice(Begin[U],
                                                Begin[U + 1] - Begin[U]);
  }
  /// The merged group's id (the smallest declared id in it), or -1.
  int groupId(unsigned U) const { return GroupId[U]; }
  /// Stage limit shared by the unit's members: the smallest nonzero MaxDepth
  /// of any member or of any member's group; 0 = unlimited. The members share
  /// a stage, so one member's limit binds them all.
  unsigned depthLimit(unsigned U) const { return DepthLimit[U]; }

private:
  std::vector<unsigned> UnitOf, Begin, List, DepthLimit;
  std::vector<int> GroupId;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_GROUPS_H
