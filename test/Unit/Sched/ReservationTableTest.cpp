//===- ReservationTableTest.cpp - Modulo reservation table ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/ReservationTable.h"

#include "gtest/gtest.h"

#include <cstdint>
#include <vector>

using namespace tileas;

namespace {

constexpr uint64_t S1 = 1u << 0, S2 = 1u << 1, S3 = 1u << 2;

std::vector<PoolDesc> twoUnitPool() { return {{"port", 2}}; }

/// Every row and pool counter, for before/after comparisons.
std::vector<uint64_t> snapshot(const ReservationTable &T) {
  std::vector<uint64_t> Out;
  for (unsigned R = 0; R != T.ii(); ++R) {
    Out.push_back(T.row(R));
    for (unsigned P = 0; P != T.numPools(); ++P)
      Out.push_back(T.poolCount(P, R));
  }
  return Out;
}

TEST(ReservationTableTest, RowsWrapAroundAtIIMinusOne) {
  ReservationTable T;
  T.reset(4);
  std::vector<uint64_t> Rows = {S1, S1};
  Footprint F{Rows, {}};
  ASSERT_TRUE(T.tryCommit(F, 3)); // Rows 3 and 0.
  EXPECT_EQ(T.row(3), S1);
  EXPECT_EQ(T.row(0), S1);
  EXPECT_EQ(T.row(1), 0u);
  EXPECT_EQ(T.row(2), 0u);
  EXPECT_FALSE(T.probe(F, 2));  // Rows 2, 3.
  EXPECT_FALSE(T.probe(F, 4));  // Rows 0, 1.
  EXPECT_FALSE(T.probe(F, 11)); // 11 mod 4 = 3.
  EXPECT_TRUE(T.probe(F, 1));   // Rows 1, 2.
  EXPECT_EQ(T.rowOf(7), 3u);
}

TEST(ReservationTableTest, LongFootprintCollidingWithItselfNeverFits) {
  ReservationTable T;
  T.reset(4);
  std::vector<uint64_t> Rows(5, S1); // Row 4 lands on row 0 again.
  Footprint F{Rows, {}};
  EXPECT_FALSE(T.fitsAlone(F));
  for (int64_t Start = 0; Start != 8; ++Start)
    EXPECT_FALSE(T.probe(F, Start));
  EXPECT_FALSE(T.findFirstFit(F, 0, 4));
  EXPECT_FALSE(T.findLastFit(F, 7, 4));
  // At II 5 the same footprint fits.
  T.reset(5);
  EXPECT_TRUE(T.fitsAlone(F));
  EXPECT_TRUE(T.tryCommit(F, 2));
}

TEST(ReservationTableTest, LongFootprintWithDisjointFoldedRowsFits) {
  ReservationTable T;
  T.reset(4);
  std::vector<uint64_t> Rows = {S1, 0, 0, 0, S2}; // Rows 0 and 4 share row 0.
  Footprint F{Rows, {}};
  EXPECT_TRUE(T.fitsAlone(F));
  ASSERT_TRUE(T.tryCommit(F, 1));
  EXPECT_EQ(T.row(1), S1 | S2);
  T.release(F, 1);
  EXPECT_EQ(T.row(1), 0u);
}

TEST(ReservationTableTest, FitsAloneNeedsNoTable) {
  // The static form (no rows allocated) answers as a table at that II does.
  std::vector<uint64_t> Rows = {S1, 0, S2, 0, S1};
  std::vector<PoolUse> Pools = {{0, 1, 5}};
  std::vector<unsigned> Capacity = {2};
  ReservationTable T(twoUnitPool());
  for (unsigned II = 1; II != 9; ++II) {
    T.reset(II);
    for (Footprint F :
         {Footprint{Rows, {}}, Footprint{{}, Pools}, Footprint{Rows, Pools}})
      EXPECT_EQ(ReservationTable::fitsAlone(F, II, Capacity), T.fitsAlone(F))
          << "II " << II;
  }
  // II 2 folds the charge of 5 onto one row three times; II 4 folds the
  // rows at 0 and 4, which hold the same slot.
  EXPECT_FALSE(ReservationTable::fitsAlone({{}, Pools}, 2, Capacity));
  EXPECT_FALSE(ReservationTable::fitsAlone({Rows, {}}, 4, Capacity));
  EXPECT_TRUE(ReservationTable::fitsAlone({Rows, Pools}, 5, Capacity));
}

TEST(ReservationTableTest, PoolChargesWrapOntoThemselves) {
  ReservationTable T(twoUnitPool());
  T.reset(2);
  std::vector<PoolUse> Five = {{0, 1, 5}}; // Rows hit 3 and 2 times.
  EXPECT_FALSE(T.fitsAlone({{}, Five}));
  EXPECT_FALSE(T.probe({{}, Five}, 0));
  std::vector<PoolUse> Four = {{0, 1, 4}}; // Every row twice: exactly full.
  ASSERT_TRUE(T.tryCommit({{}, Four}, 1));
  EXPECT_EQ(T.poolCount(0, 0), 2u);
  EXPECT_EQ(T.poolCount(0, 1), 2u);
  std::vector<PoolUse> One = {{0, 1, 1}};
  EXPECT_FALSE(T.probe({{}, One}, 0));
  T.release({{}, Four}, 1);
  EXPECT_TRUE(T.probe({{}, One}, 0));
}

TEST(ReservationTableTest, TwoChargesOfOnePoolAddUp) {
  ReservationTable T(twoUnitPool());
  T.reset(3);
  std::vector<PoolUse> One = {{0, 1, 1}};
  ASSERT_TRUE(T.tryCommit({{}, One}, 0));
  // Alone each charge fits row 0; together they need 3 units there.
  std::vector<PoolUse> Double = {{0, 1, 1}, {0, 1, 2}};
  EXPECT_FALSE(T.probe({{}, Double}, 0));
  EXPECT_TRUE(T.probe({{}, Double}, 1));
}

TEST(ReservationTableTest, FailedProbeLeavesTheTableUnchanged) {
  ReservationTable T(twoUnitPool());
  T.reset(6);
  std::vector<uint64_t> Blocker = {S1};
  std::vector<PoolUse> Port = {{0, 2, 1}};
  ASSERT_TRUE(T.tryCommit({Blocker, {}}, 2));
  ASSERT_TRUE(T.tryCommit({{}, Port}, 5));
  std::vector<uint64_t> Before = snapshot(T);

  // Rows 0 and 1 are free for S2 and S3, but row 2 holds S1: nothing may be
  // written, not even the rows that were checked before the collision.
  std::vector<uint64_t> Rows = {S2 | S3, S2, S1};
  EXPECT_FALSE(T.tryCommit({Rows, {}}, 0));
  EXPECT_EQ(snapshot(T), Before);
  // Same for a pool that is full in the last row of a charge.
  std::vector<PoolUse> Wide = {{0, 1, 3}};
  EXPECT_FALSE(T.tryCommit({Rows, Wide}, 3));
  EXPECT_EQ(snapshot(T), Before);
}

TEST(ReservationTableTest, ReleaseUndoesCommit) {
  ReservationTable T(twoUnitPool());
  T.reset(5);
  std::vector<uint64_t> Before = snapshot(T);
  std::vector<uint64_t> Rows = {S1 | S2, S1, S1};
  std::vector<PoolUse> Port = {{0, 1, 2}};
  ASSERT_TRUE(T.tryCommit({Rows, Port}, 4));
  EXPECT_NE(snapshot(T), Before);
  T.release({Rows, Port}, 4);
  EXPECT_EQ(snapshot(T), Before);
  EXPECT_TRUE(T.probe({Rows, Port}, 4));
}

/// Linear congruential generator: deterministic test data.
struct Lcg {
  uint64_t State;
  unsigned next(unsigned Bound) {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned((State >> 33) % Bound);
  }
};

/// Commits up to 3 * II random footprints (one slot bit per row, maybe a
/// pool use) at random starts; those that do not fit are left out.
void fillRandomly(ReservationTable &T, Lcg &R, unsigned II) {
  for (unsigned I = 0, E = R.next(3 * II + 1); I != E; ++I) {
    std::vector<uint64_t> Rows(1 + R.next(9));
    for (uint64_t &Row : Rows)
      Row = uint64_t(1) << R.next(4);
    std::vector<PoolUse> Pools;
    if (R.next(2))
      Pools.push_back({0, 1 + R.next(2), 1 + R.next(3)});
    T.tryCommit({Rows, Pools}, R.next(2 * II));
  }
}

TEST(ReservationTableTest, FirstAndLastFitAgreeWithProbingEveryStart) {
  Lcg R{42};
  for (unsigned Round = 0; Round != 300; ++Round) {
    unsigned II = 1 + R.next(Round % 3 == 0 ? 200 : 20);
    ReservationTable T(twoUnitPool());
    T.reset(II);
    fillRandomly(T, R, II);
    std::vector<uint64_t> Rows(1 + R.next(9));
    for (uint64_t &Row : Rows)
      Row = (uint64_t(1) << R.next(4)) | (R.next(3) ? 0 : S3);
    std::vector<PoolUse> Pools;
    if (R.next(2))
      Pools.push_back({0, 1, 1 + R.next(2)});
    Footprint F{Rows, Pools};
    int64_t From = R.next(3 * II);
    unsigned Count = 1 + R.next(II + 3);

    std::optional<int64_t> Up, Down;
    for (unsigned I = 0; I != std::min(Count, II) && !Up; ++I)
      if (T.probe(F, From + I))
        Up = From + I;
    for (unsigned I = 0; I != std::min(Count, II) && !Down; ++I)
      if (T.probe(F, From - I))
        Down = From - I;
    EXPECT_EQ(T.findFirstFit(F, From, Count), Up) << "round " << Round;
    EXPECT_EQ(T.findLastFit(F, From, Count), Down) << "round " << Round;

    std::vector<int64_t> Visited, Expected;
    T.visitFits(F, From, Count, /*Down=*/false, [&](int64_t S) {
      Visited.push_back(S);
      return true;
    });
    for (unsigned I = 0; I != std::min(Count, II); ++I)
      if (T.probe(F, From + I))
        Expected.push_back(From + I);
    EXPECT_EQ(Visited, Expected) << "round " << Round;
  }
}

// visitFits with an Admit test visits exactly the admitted starts that
// probe would accept, in walk order, both ways: with footprints whose pool
// uses the column filter decides exactly (one use of one unit) and with
// those it does not (two units, or two uses of one pool).
TEST(ReservationTableTest, AdmittedVisitsAgreeWithProbingEveryStart) {
  Lcg R{7};
  for (unsigned Round = 0; Round != 300; ++Round) {
    unsigned II = 1 + R.next(Round % 3 == 0 ? 200 : 20);
    ReservationTable T(twoUnitPool());
    T.reset(II);
    fillRandomly(T, R, II);
    std::vector<uint64_t> Rows(1 + R.next(9));
    for (uint64_t &Row : Rows)
      Row = uint64_t(1) << R.next(4);
    std::vector<PoolUse> Pools;
    for (unsigned U = 0, E = R.next(3); U != E; ++U)
      Pools.push_back({0, 1 + R.next(2), 1 + R.next(3)});
    Footprint F{Rows, Pools};
    int64_t From = R.next(3 * II);
    unsigned Count = 1 + R.next(II + 3);
    unsigned Modulus = 1 + R.next(4);
    auto Admit = [&](int64_t S) { return S % Modulus == 0; };

    for (bool Down : {false, true}) {
      std::vector<int64_t> Visited, Expected;
      T.visitFits(
          F, From, Count, Down,
          [&](int64_t S) {
            Visited.push_back(S);
            return true;
          },
          Admit);
      for (unsigned I = 0; I != std::min(Count, II); ++I) {
        int64_t S = Down ? From - I : From + I;
        if (Admit(S) && T.probe(F, S))
          Expected.push_back(S);
      }
      EXPECT_EQ(Visited, Expected)
          << "round " << Round << (Down ? " downward" : " upward");
    }
  }
}

} // namespace
