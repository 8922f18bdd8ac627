//===- PoolHoldersTest.cpp - Who charges each pool row --------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The holder lists decide which ops eviction picks first, so their order is
// part of the scheduler's determinism: entries in the order they came, a
// removal moving the last entry into the hole.
//
//===----------------------------------------------------------------------===//

#include "PoolHolders.h"

#include "gtest/gtest.h"

#include <vector>

using namespace tileas;

namespace {

std::vector<unsigned> entries(const PoolHolders &H, size_t L) {
  std::vector<unsigned> Out;
  H.visit(L, [&](unsigned Op) {
    Out.push_back(Op);
    return true;
  });
  return Out;
}

using Ops = std::vector<unsigned>;

TEST(PoolHoldersTest, AppendsInOrderPerList) {
  PoolHolders H;
  H.reset(3);
  H.add(1, 7);
  H.add(1, 3);
  H.add(2, 5);
  H.add(1, 9);
  EXPECT_EQ(entries(H, 0), Ops());
  EXPECT_EQ(entries(H, 1), Ops({7, 3, 9}));
  EXPECT_EQ(entries(H, 2), Ops({5}));
}

TEST(PoolHoldersTest, RemovalMovesTheLastEntryIntoTheHole) {
  PoolHolders H;
  H.reset(1);
  for (unsigned Op : {4, 8, 15, 16, 23})
    H.add(0, Op);
  H.remove(0, 8);
  EXPECT_EQ(entries(H, 0), Ops({4, 23, 15, 16}));
  H.remove(0, 16); // The last entry itself.
  EXPECT_EQ(entries(H, 0), Ops({4, 23, 15}));
  H.remove(0, 4);
  EXPECT_EQ(entries(H, 0), Ops({15, 23}));
  H.remove(0, 23);
  H.remove(0, 15);
  EXPECT_EQ(entries(H, 0), Ops());
}

TEST(PoolHoldersTest, RepeatedEntriesLeaveOneAtATime) {
  // A charge longer than II lands on one row more than once.
  PoolHolders H;
  H.reset(1);
  H.add(0, 2);
  H.add(0, 6);
  H.add(0, 2);
  H.remove(0, 2); // The first entry of 2; the last (2) takes its place.
  EXPECT_EQ(entries(H, 0), Ops({2, 6}));
  H.remove(0, 2);
  EXPECT_EQ(entries(H, 0), Ops({6}));
}

TEST(PoolHoldersTest, VisitStopsWhenAsked) {
  PoolHolders H;
  H.reset(1);
  for (unsigned Op : {1, 2, 3, 4})
    H.add(0, Op);
  Ops Seen;
  H.visit(0, [&](unsigned Op) {
    Seen.push_back(Op);
    return Op != 2;
  });
  EXPECT_EQ(Seen, Ops({1, 2}));
}

TEST(PoolHoldersTest, FreedNodesAreReusedAndResetEmptiesAll) {
  PoolHolders H;
  H.reset(2);
  H.add(0, 1);
  H.add(1, 2);
  H.remove(0, 1);
  H.add(1, 3); // Reuses the freed node; list 0 must stay empty.
  EXPECT_EQ(entries(H, 0), Ops());
  EXPECT_EQ(entries(H, 1), Ops({2, 3}));
  H.reset(4);
  for (size_t L = 0; L != 4; ++L)
    EXPECT_EQ(entries(H, L), Ops());
  H.add(3, 11);
  EXPECT_EQ(entries(H, 3), Ops({11}));
}

} // namespace
