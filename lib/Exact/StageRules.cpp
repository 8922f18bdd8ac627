//===- StageRules.cpp - Group and depth rules on stages -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "StageRules.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntEqClasses.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

static unsigned tighter(unsigned A, unsigned B) {
  if (!A)
    return B;
  if (!B)
    return A;
  return std::min(A, B);
}

StageRules computeStageRules(const Problem &P) {
  ArrayRef<GroupDesc> Groups = P.groups();
  DenseMap<int, unsigned> DescOf;
  for (unsigned I = 0, E = Groups.size(); I != E; ++I)
    DescOf.try_emplace(Groups[I].Id, I);
  IntEqClasses Classes(Groups.size());
  for (unsigned I = 0, E = Groups.size(); I != E; ++I) {
    auto It = DescOf.find(Groups[I].Leader);
    if (Groups[I].Leader >= 0 && It != DescOf.end())
      Classes.join(I, It->second);
  }

  unsigned N = P.size();
  StageRules Rules;
  Rules.GroupLeader.assign(N, -1);
  Rules.DepthLimit.assign(N, 0);
  std::vector<int> FirstOfClass(Groups.size(), -1);
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    Rules.DepthLimit[Op] = O.MaxDepth;
    // Group ids that no GroupDesc declares constrain nothing (as in the
    // verifier).
    auto It = O.Group >= 0 ? DescOf.find(O.Group) : DescOf.end();
    if (It == DescOf.end())
      continue;
    Rules.DepthLimit[Op] = tighter(O.MaxDepth, Groups[It->second].MaxDepth);
    int &First = FirstOfClass[Classes.findLeader(It->second)];
    if (First < 0)
      First = int(Op);
    Rules.GroupLeader[Op] = First;
  }
  return Rules;
}

} // namespace tileas
