//===- MnMajorSwizzlesTest.cpp - MN-major operands of every swizzle -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/MnMajorSwizzles.h"
#include "PTXTestUtil.h"
#include "tileas/PTX/OperandLayout.h"

#include "gtest/gtest.h"

#include <set>

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

constexpr SmemSwizzle Swizzled[] = {SmemSwizzle::Bytes128, SmemSwizzle::Bytes64,
                                    SmemSwizzle::Bytes32};

// Swizzled (W = 128, 64, 32): LBO = 8 W, the next MN atom; SBO = the group
// of K's atoms, MnBytes / W x 8 W. For 256 bytes of MN (M = 128 bf16).
TEST(MnMajorSwizzles, SwizzledOffsets) {
  for (SmemSwizzle S : Swizzled) {
    unsigned W = mnMajorAtomRowBytes(S);
    SmemMatrixDesc D = valueOf(mnMajorDesc(S, 0, 256));
    EXPECT_EQ(D.LeadingByteOffset, 8 * W) << swizzleName(S);
    EXPECT_EQ(D.StrideByteOffset, 256u / W * 8 * W) << swizzleName(S);
    EXPECT_EQ(D.Swizzle, S);
    EXPECT_EQ(D.BaseOffset, 0u);
  }
  // The 64-byte swizzle over 64 bytes of MN (N = 32 bf16): one atom.
  SmemMatrixDesc D = valueOf(mnMajorDesc(SmemSwizzle::Bytes64, 0x800, 64));
  EXPECT_EQ(D.LeadingByteOffset, 512u);
  EXPECT_EQ(D.StrideByteOffset, 512u);
  // The sm_100 encoding: layout 4 (64B) at bits 61-63, version 1 at 46,
  // SBO 512 >> 4 = 32 at 32, LBO 32 at 16, start 0x800 >> 4 = 128.
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)),
            (uint64_t(4) << 61) | (uint64_t(1) << 46) | (uint64_t(32) << 32) |
                (uint64_t(32) << 16) | 128u);
}

// The 128-byte form is OperandLayout.h's.
TEST(MnMajorSwizzles, AgreesWithThe128ByteForm) {
  for (unsigned MnBytes : {128u, 256u, 512u}) {
    EXPECT_EQ(valueOf(mnMajorDesc(SmemSwizzle::Bytes128, 0, MnBytes)),
              valueOf(mnMajorSw128Desc(0, MnBytes)));
    for (unsigned KRows : {8u, 16u, 32u})
      for (unsigned KBlock = 0; KBlock != 4; ++KBlock)
        EXPECT_EQ(valueOf(mnMajorKBlockOffsetFor(SmemSwizzle::Bytes128, KBlock,
                                                 KRows, MnBytes)),
                  valueOf(mnMajorKBlockOffset(KBlock, KRows, MnBytes)));
    for (unsigned Row = 0; Row != 32; ++Row)
      for (unsigned Chunk = 0; Chunk != MnBytes / 16; ++Chunk)
        EXPECT_EQ(
            mnMajorChunkOffsetFor(SmemSwizzle::Bytes128, Row, Chunk, MnBytes),
            mnMajorChunkOffset(Row, Chunk, MnBytes));
  }
}

// No swizzle: core matrices of 16 bytes of MN x 8 rows of K (128 bytes);
// SBO = 128 steps along MN, LBO = MnBytes / 16 x 128 along K.
TEST(MnMajorSwizzles, UnswizzledCoreMatrices) {
  SmemMatrixDesc D = valueOf(mnMajorDesc(SmemSwizzle::None, 0x10, 128));
  EXPECT_EQ(D.StrideByteOffset, 128u);
  EXPECT_EQ(D.LeadingByteOffset, 1024u);
  EXPECT_EQ(D.Swizzle, SmemSwizzle::None);
  // Chunk c of K row r: core matrix c along MN, row r mod 8 in it, group
  // r / 8 along K; nothing swizzled.
  EXPECT_EQ(mnMajorChunkOffsetFor(SmemSwizzle::None, 0, 0, 128), 0u);
  EXPECT_EQ(mnMajorChunkOffsetFor(SmemSwizzle::None, 3, 0, 128), 48u);
  EXPECT_EQ(mnMajorChunkOffsetFor(SmemSwizzle::None, 3, 5, 128), 5u * 128 + 48);
  EXPECT_EQ(mnMajorChunkOffsetFor(SmemSwizzle::None, 11, 5, 128),
            1024u + 5 * 128 + 48);
  // K-block kb of 16 rows: two groups of LBO.
  EXPECT_EQ(valueOf(mnMajorKBlockOffsetFor(SmemSwizzle::None, 3, 16, 128)),
            3u * 2 * 1024);
}

// The swizzle pattern: rows 2k and 2k + 1 of a 64-byte atom XOR the chunk
// with k mod 4; rows 4k .. 4k + 3 of a 32-byte atom with k mod 2.
TEST(MnMajorSwizzles, SwizzlePatterns) {
  for (unsigned Row = 0; Row != 8; ++Row)
    for (unsigned Chunk = 0; Chunk != 4; ++Chunk)
      EXPECT_EQ(mnMajorChunkOffsetFor(SmemSwizzle::Bytes64, Row, Chunk, 64),
                Row * 64 + ((Chunk ^ (Row / 2 % 4)) * 16))
          << Row << " " << Chunk;
  for (unsigned Row = 0; Row != 8; ++Row)
    for (unsigned Chunk = 0; Chunk != 2; ++Chunk)
      EXPECT_EQ(mnMajorChunkOffsetFor(SmemSwizzle::Bytes32, Row, Chunk, 32),
                Row * 32 + ((Chunk ^ (Row / 4 % 2)) * 16))
          << Row << " " << Chunk;
}

// Every layout places each (row, chunk) of a tile at its own 16 bytes, and
// fills the tile: MnBytes x 32 rows of K.
TEST(MnMajorSwizzles, EachLayoutIsABijection) {
  for (SmemSwizzle S : {SmemSwizzle::Bytes128, SmemSwizzle::Bytes64,
                        SmemSwizzle::Bytes32, SmemSwizzle::None})
    for (unsigned MnBytes : {128u, 256u}) {
      std::set<uint32_t> Seen;
      for (unsigned Row = 0; Row != 32; ++Row)
        for (unsigned Chunk = 0; Chunk != MnBytes / 16; ++Chunk) {
          uint32_t Offset = mnMajorChunkOffsetFor(S, Row, Chunk, MnBytes);
          EXPECT_EQ(Offset % 16, 0u);
          EXPECT_LT(Offset, 32 * MnBytes);
          EXPECT_TRUE(Seen.insert(Offset).second) << swizzleName(S);
        }
    }
}

TEST(MnMajorSwizzles, KBlockAdvance) {
  // tf32 (8 rows of K per k-block) over M = 64 (256 bytes) with the 64-byte
  // swizzle: SBO = 4 atoms x 512 = 2048, one group per k-block.
  EXPECT_EQ(valueOf(mnMajorKBlockOffsetFor(SmemSwizzle::Bytes64, 3, 8, 256)),
            3u * 2048);
  // i8 (32 rows) over N = 32 bytes with the 32-byte swizzle: SBO 256.
  EXPECT_EQ(valueOf(mnMajorKBlockOffsetFor(SmemSwizzle::Bytes32, 1, 32, 32)),
            4u * 256);
}

TEST(MnMajorSwizzles, Refusals) {
  EXPECT_EQ(errorOf(mnMajorDesc(SmemSwizzle::Bytes64, 0, 96)),
            "MN-major operand: an M or N extent of 96 bytes is not whole "
            "64-byte atoms of the swizzle 64B");
  EXPECT_EQ(errorOf(mnMajorDesc(SmemSwizzle::Bytes32, 128, 64)),
            "MN-major operand: start address 0x80 is not on a 256-byte repeat "
            "of the swizzle 32B");
  EXPECT_EQ(errorOf(mnMajorDesc(SmemSwizzle::Bytes128Atom32, 0, 128)),
            "MN-major operand: swizzle 128B with 32B atoms has no MN-major "
            "layout (its 32-byte atoms are K-major only)");
  EXPECT_EQ(errorOf(mnMajorKBlockOffsetFor(SmemSwizzle::None, 1, 4, 128)),
            "MN-major k-block advance: 4 rows of K per k-block is not a "
            "positive multiple of 8");
}

} // namespace
