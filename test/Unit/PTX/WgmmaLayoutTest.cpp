//===- WgmmaLayoutTest.cpp - The wgmma accumulator and the P tile ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/WgmmaLayout.h"

#include "gtest/gtest.h"

#include <set>
#include <utility>
#include <vector>

using namespace tileas::ptx;

namespace {

MatrixElement at(unsigned Row, unsigned Col) { return {Row, Col}; }

// Entries read off the PTX ISA's figure of the m64nNk16 D fragment:
// T0 d0/d1 at (0, 0) / (0, 1), d2/d3 at (8, 0) / (8, 1), d4 at (0, 8);
// T1 starts at column 2, T4 at row 1, warp 1 (T32) at row 16.
TEST(WgmmaLayout, FigureEntries) {
  EXPECT_EQ(wgmmaAccumulatorElement(0, 0), at(0, 0));
  EXPECT_EQ(wgmmaAccumulatorElement(0, 1), at(0, 1));
  EXPECT_EQ(wgmmaAccumulatorElement(0, 2), at(8, 0));
  EXPECT_EQ(wgmmaAccumulatorElement(0, 3), at(8, 1));
  EXPECT_EQ(wgmmaAccumulatorElement(0, 4), at(0, 8));
  EXPECT_EQ(wgmmaAccumulatorElement(1, 0), at(0, 2));
  EXPECT_EQ(wgmmaAccumulatorElement(3, 1), at(0, 7));
  EXPECT_EQ(wgmmaAccumulatorElement(4, 0), at(1, 0));
  EXPECT_EQ(wgmmaAccumulatorElement(31, 3), at(15, 7));
  EXPECT_EQ(wgmmaAccumulatorElement(32, 0), at(16, 0));
  EXPECT_EQ(wgmmaAccumulatorElement(127, 63), at(63, 127));
}

// Every element of m64n128 (and m64n64) is held by exactly one register of
// one thread.
TEST(WgmmaLayout, CoversTheAccumulatorOnce) {
  for (unsigned N : {64u, 128u, 256u}) {
    std::set<std::pair<unsigned, unsigned>> Seen;
    for (unsigned T = 0; T != WarpgroupThreads; ++T)
      for (unsigned R = 0; R != N / 2; ++R) {
        MatrixElement E = wgmmaAccumulatorElement(T, R);
        EXPECT_LT(E.Row, WgmmaAccRows);
        EXPECT_LT(E.Col, N);
        EXPECT_TRUE(Seen.insert({E.Row, E.Col}).second)
            << "thread " << T << " register " << R;
      }
    EXPECT_EQ(Seen.size(), size_t(WgmmaAccRows) * N);
  }
}

// A row is the quad's: the four lanes 4g .. 4g + 3 of a warp hold all of
// its columns, and fragment lanes 0-1 are the first row, 2-3 the second
// (what the printer's row reduction and the fragment repeat rely on).
TEST(WgmmaLayout, RowsAreTheQuads) {
  const unsigned N = 128;
  for (unsigned T = 0; T != WarpgroupThreads; ++T) {
    unsigned First = wgmmaAccumulatorElement(T, 0).Row;
    for (unsigned R = 0; R != N / 2; ++R) {
      MatrixElement E = wgmmaAccumulatorElement(T, R);
      EXPECT_EQ(E.Row, First + (R % 4 >= 2 ? 8 : 0));
    }
    // The quad's threads (xor 1 and 2 of the lane) share the rows.
    for (unsigned Mask : {1u, 2u, 3u})
      EXPECT_EQ(wgmmaAccumulatorElement(T ^ Mask, 0).Row, First);
  }
  for (unsigned Row = 0; Row != WgmmaAccRows; ++Row) {
    std::set<unsigned> Threads;
    for (unsigned T = 0; T != WarpgroupThreads; ++T)
      for (unsigned R = 0; R != N / 2; ++R)
        if (wgmmaAccumulatorElement(T, R).Row == Row)
          Threads.insert(T);
    ASSERT_EQ(Threads.size(), 4u) << "row " << Row;
    EXPECT_EQ(*Threads.begin() % 4, 0u);
    EXPECT_EQ(*Threads.rbegin(), *Threads.begin() + 3);
  }
}

TEST(WgmmaLayout, SwizzledByte) {
  // Row 0 is not permuted; row 1's chunk 0 is its chunk 1's place.
  EXPECT_EQ(kMajorSwizzledByte(0, 0, 64), 0u);
  EXPECT_EQ(kMajorSwizzledByte(0, 127, 64), 127u);
  EXPECT_EQ(kMajorSwizzledByte(1, 0, 64), 128u + 16u);
  EXPECT_EQ(kMajorSwizzledByte(7, 16, 64), 7u * 128 + 6 * 16);
  // Row 8 repeats row 0's pattern, one 1024-byte atom further.
  EXPECT_EQ(kMajorSwizzledByte(9, 4, 64), 9u * 128 + 16 + 4);
  // The second K-atom of a 64-row tile starts at 8 KiB.
  EXPECT_EQ(kMajorSwizzledByte(0, 128, 64), 8192u);
  EXPECT_EQ(kMajorSwizzledByte(3, 130, 64), 8192u + 3 * 128 + 3 * 16 + 2);
}

// The printer's decomposition of a packed bf16 register's address is the
// swizzled byte of the elements it holds, for every thread and register of
// the 64 bf16 (eight fragments) of an m64n128 accumulator; together they
// write the whole 16 KiB tile once.
TEST(WgmmaLayout, PackedRowPiecesWriteTheTile) {
  std::set<uint32_t> Words;
  for (unsigned T = 0; T != WarpgroupThreads; ++T) {
    unsigned Warp = T / 32, Lane = T % 32;
    unsigned FirstRow = 16 * Warp + Lane / 4;
    for (unsigned F = 0; F != 8; ++F)
      for (unsigned R = 0; R != 4; ++R) {
        PackedRowPiece P = wgmmaPackedRowPiece(F, R);
        uint32_t Printed = P.Atom * 64 * 128 + (FirstRow + P.RowPlus) * 128 +
                           ((P.Chunk ^ (FirstRow % 8)) * 16) + 4 * (Lane % 4);
        // The low bf16 of the pair: lane 2 (R mod 2) of accumulator
        // fragment 2 F + R / 2 (cvt packs lanes 2i and 2i + 1).
        unsigned AccReg = 4 * (2 * F + R / 2) + 2 * (R % 2);
        MatrixElement E = wgmmaAccumulatorElement(T, AccReg);
        EXPECT_EQ(Printed, kMajorSwizzledByte(E.Row, 2 * E.Col, 64))
            << "thread " << T << " fragment " << F << " register " << R;
        // The high bf16 is the next column, the next two bytes.
        MatrixElement Next = wgmmaAccumulatorElement(T, AccReg + 1);
        EXPECT_EQ(Next.Row, E.Row);
        EXPECT_EQ(Next.Col, E.Col + 1);
        EXPECT_TRUE(Words.insert(Printed).second);
      }
  }
  EXPECT_EQ(Words.size(), 16384u / 4);
}

} // namespace

// The epilogue's store of an accumulator into a row-major f32 matrix (O):
// each register pair lands at the byte of its element, from the thread's
// first element, for m64n64 (O of attention) and m64n128.
TEST(WgmmaLayout, RowMajorPairsStoreTheElements) {
  for (unsigned Lanes : {32u, 64u}) {
    unsigned RowBytes = 2 * Lanes * 4;
    for (unsigned T = 0; T != WarpgroupThreads; ++T) {
      unsigned Warp = T / 32, Lane = T % 32;
      uint32_t First = (16 * Warp + Lane / 4) * RowBytes + 8 * (Lane % 4);
      for (unsigned R = 0; R != Lanes; ++R) {
        MatrixElement E = wgmmaAccumulatorElement(T, R);
        uint32_t Want = E.Row * RowBytes + E.Col * 4;
        uint32_t Got = First +
                       wgmmaRowMajorPairOffset(R / 4, (R / 2) % 2, Lanes) +
                       4 * (R % 2);
        EXPECT_EQ(Got, Want) << "thread " << T << " register " << R;
      }
    }
  }
  // Attention's O (m64n64): the second pair is eight 256-byte rows below.
  EXPECT_EQ(wgmmaRowMajorPairOffset(0, 1, 32), 2048u);
  EXPECT_EQ(wgmmaRowMajorPairOffset(7, 0, 32), 224u);
}
