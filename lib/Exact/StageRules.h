//===- StageRules.h - Group and depth rules on stages -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What Problem.h and the verifier say about stages, per op: which ops must
// share its stage (the members of its group after merging groups with their
// leaders, transitively) and the stage it must stay below (its own MaxDepth
// and its declared group's, whichever is tighter).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_EXACT_STAGERULES_H
#define TILEAS_LIB_EXACT_STAGERULES_H

#include "tileas/Sched/Problem.h"

#include <vector>

namespace tileas {

struct StageRules {
  /// The first op of the op's merged group, or -1 when it has no group.
  std::vector<int> GroupLeader;
  /// Stage(op) < DepthLimit[op]; 0 = unlimited.
  std::vector<unsigned> DepthLimit;
};

StageRules computeStageRules(const Problem &P);

} // namespace tileas

#endif // TILEAS_LIB_EXACT_STAGERULES_H
