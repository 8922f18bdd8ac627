//===- PoolHolders.cpp - Who charges each pool row ------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PoolHolders.h"

#include <cassert>

namespace tileas {

void PoolHolders::reset(size_t NumLists) {
  // Room to grow: the II search resets one state at rising IIs.
  if (Head.capacity() < NumLists)
    Head.reserve(NumLists + NumLists / 2);
  Head.assign(NumLists, None);
  Holder.clear();
  Next.clear();
  FreeNodes = None;
}

void PoolHolders::add(size_t L, unsigned Op) {
  uint32_t N = FreeNodes;
  if (N != None) {
    FreeNodes = Next[N];
    Holder[N] = Op;
    Next[N] = None;
  } else {
    N = uint32_t(Holder.size());
    Holder.push_back(Op);
    Next.push_back(None);
  }
  // Lists hold a few charges (at most a pool's capacity in units): walking
  // to the tail is cheaper than keeping a tail per row.
  uint32_t *Link = &Head[L];
  while (*Link != None)
    Link = &Next[*Link];
  *Link = N;
}

void PoolHolders::remove(size_t L, unsigned Op) {
  uint32_t Found = None;
  uint32_t Before = None, Last = Head[L];
  assert(Last != None && "pool holder list out of sync");
  for (uint32_t N = Head[L], Prev = None; N != None; Prev = N, N = Next[N]) {
    if (Found == None && Holder[N] == Op)
      Found = N;
    Before = Prev;
    Last = N;
  }
  assert(Found != None && "pool holder list out of sync");
  Holder[Found] = Holder[Last];
  if (Before == None)
    Head[L] = None;
  else
    Next[Before] = None;
  Next[Last] = FreeNodes;
  FreeNodes = Last;
}

} // namespace tileas
