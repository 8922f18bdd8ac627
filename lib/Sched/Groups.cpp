//===- Groups.cpp - Placement units from constraint groups ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Groups.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/IntEqClasses.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

static unsigned tighterLimit(unsigned A, unsigned B) {
  if (A == 0)
    return B;
  if (B == 0)
    return A;
  return std::min(A, B);
}

PlacementUnits::PlacementUnits(const Problem &P) {
  ArrayRef<GroupDesc> Groups = P.groups();
  DenseMap<int, unsigned> DescOf;
  for (unsigned I = 0, E = Groups.size(); I != E; ++I)
    DescOf.try_emplace(Groups[I].Id, I);

  // Merge each group with its leader. A leader that names no group was
  // rejected by Problem::validate; here it simply merges nothing.
  IntEqClasses Classes(Groups.size());
  for (unsigned I = 0, E = Groups.size(); I != E; ++I) {
    if (Groups[I].Leader < 0)
      continue;
    auto It = DescOf.find(Groups[I].Leader);
    if (It != DescOf.end())
      Classes.join(I, It->second);
  }

  unsigned N = P.size();
  constexpr unsigned NoUnit = ~0u;
  std::vector<unsigned> UnitOfClass(Groups.size(), NoUnit);
  UnitOf.assign(N, NoUnit);
  std::vector<unsigned> Count;
  for (unsigned Op = 0; Op != N; ++Op) {
    int G = P.operations()[Op].Group;
    auto It = G >= 0 ? DescOf.find(G) : DescOf.end();
    if (It == DescOf.end()) {
      UnitOf[Op] = Count.size();
      Count.push_back(1);
      GroupId.push_back(-1);
      DepthLimit.push_back(0);
      continue;
    }
    unsigned Class = Classes.findLeader(It->second);
    if (UnitOfClass[Class] == NoUnit) {
      UnitOfClass[Class] = Count.size();
      Count.push_back(0);
      GroupId.push_back(G);
      DepthLimit.push_back(0);
    }
    UnitOf[Op] = UnitOfClass[Class];
    ++Count[UnitOf[Op]];
  }
  // The representative id is the smallest declared id of the merged set.
  for (unsigned I = 0, E = Groups.size(); I != E; ++I) {
    unsigned U = UnitOfClass[Classes.findLeader(I)];
    if (U != NoUnit)
      GroupId[U] = std::min(GroupId[U], Groups[I].Id);
  }

  Begin.assign(Count.size() + 1, 0);
  for (unsigned U = 0, E = Count.size(); U != E; ++U)
    Begin[U + 1] = Begin[U] + Count[U];
  List.resize(N);
  std::vector<unsigned> Fill(Begin.begin(), Begin.end() - 1);
  for (unsigned Op = 0; Op != N; ++Op) {
    unsigned U = UnitOf[Op];
    List[Fill[U]++] = Op;
    unsigned Limit = P.operations()[Op].MaxDepth;
    int G = P.operations()[Op].Group;
    if (G >= 0) {
      auto It = DescOf.find(G);
      if (It != DescOf.end())
        Limit = tighterLimit(Limit, Groups[It->second].MaxDepth);
    }
    DepthLimit[U] = tighterLimit(DepthLimit[U], Limit);
  }
}

} // namespace tileas
