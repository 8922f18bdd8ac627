//===- MnMajorLayoutTest.cpp - MN-major tcgen05.mma operands --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTXTestUtil.h"
#include "tileas/PTX/Descriptors.h"
#include "tileas/PTX/OperandLayout.h"

#include "gtest/gtest.h"

#include <vector>

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

constexpr uint64_t Version1 = uint64_t(1) << 46;
constexpr uint64_t Layout128B = uint64_t(2) << 61;

// The transpose bits of the attention backward's three gradient MMAs
// (bench/corpus/fmha-bwd.ll), kind::f16 M128 N64 bf16 x bf16 -> f32: dV +=
// P^T dO and dK += dS^T Q read B MN-major (bit 16), dQ = dS K both operands
// MN-major (bits 15 and 16); each the K-major constant 0x08100490 plus its
// bits, and back.
TEST(MnMajor, InstrDescriptorTransposeBits) {
  MmaF16Desc D;
  D.N = 64;
  D.MajorB = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaF16Desc(D)), 0x08100490u | (1u << 16));
  EXPECT_EQ(0x08110490u, 135333008u);
  D.MajorA = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaF16Desc(D)), 0x08100490u | (3u << 15));
  EXPECT_EQ(0x08118490u, 135365776u);
  MmaF16Desc Back = valueOf(decodeMmaF16Desc(0x08118490u));
  EXPECT_EQ(Back.MajorA, OperandMajor::MN);
  EXPECT_EQ(Back.MajorB, OperandMajor::MN);
  EXPECT_EQ(Back.N, 64u);
  EXPECT_EQ(describeMmaF16Desc(Back),
            "kind::f16 M128 N64 K16, f32 <- bf16 x bf16, A MN-major, B "
            "MN-major");
  // The same bits in kind::f8f6f4 (e4m3 codes 0).
  MmaF8F6F4Desc F8;
  F8.MajorA = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaF8F6F4Desc(F8)), 0x08200010u | (1u << 15));
}

// The descriptor's fields, one at a time: LBO (bits 16-29) is the stride
// between MN atoms, 1024 bytes; SBO (32-45) the stride between 8-row groups
// of K, 1024 per atom of MN; start (0-13) the tile; version 1; layout 2.
TEST(MnMajor, DescriptorFields) {
  // One atom: N = 64 bf16, what a rank-2 TMA box of 128-byte rows writes.
  SmemMatrixDesc One = valueOf(mnMajorSw128Desc(0x8000, 128));
  EXPECT_EQ(One.StartAddress, 0x8000u);
  EXPECT_EQ(One.LeadingByteOffset, 1024u);
  EXPECT_EQ(One.StrideByteOffset, 1024u);
  EXPECT_EQ(One.BaseOffset, 0u);
  EXPECT_EQ(One.Swizzle, SmemSwizzle::Bytes128);
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(One)),
            (0x8000ull >> 4) | (64ull << 16) | (64ull << 32) | Version1 |
                Layout128B);
  // Two atoms: M = 128 bf16 (or fp8 N = 256).
  SmemMatrixDesc Two = valueOf(mnMajorSw128Desc(0, 256));
  EXPECT_EQ(Two.LeadingByteOffset, 1024u);
  EXPECT_EQ(Two.StrideByteOffset, 2048u);
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(Two)),
            (64ull << 16) | (128ull << 32) | Version1 | Layout128B);
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(Two)), 0x4000408000400000ull);
  // Four atoms: N = 256 bf16.
  EXPECT_EQ(valueOf(mnMajorSw128Desc(1024, 512)).StrideByteOffset, 4096u);
  // Round trip through the decoder.
  EXPECT_EQ(valueOf(decodeSm100SmemDesc(valueOf(encodeSm100SmemDesc(Two)))),
            Two);
}

TEST(MnMajor, DescriptorRefusals) {
  EXPECT_EQ(errorOf(mnMajorSw128Desc(0, 32)),
            "MN-major operand: an M or N extent of 32 bytes is not whole "
            "128-byte swizzle atoms (no 128-byte swizzled MN-major layout "
            "holds part of one)");
  EXPECT_EQ(errorOf(mnMajorSw128Desc(0, 0)),
            "MN-major operand: an M or N extent of 0 bytes is not whole "
            "128-byte swizzle atoms (no 128-byte swizzled MN-major layout "
            "holds part of one)");
  EXPECT_EQ(errorOf(mnMajorSw128Desc(0x80, 128)),
            "MN-major operand: start address 0x80 is not on a 1024-byte "
            "swizzle repeat");
}

// K-block kb reads K rows 16 kb .. 16 kb + 15 (kind::f16) or 32 kb .. +31
// (kind::f8f6f4): kb * rows / 8 groups of SBO bytes.
TEST(MnMajor, KBlockOffsets) {
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(0, 16, 128)), 0u);
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(1, 16, 128)), 2048u);
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(7, 16, 128)), 7 * 2048u);
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(1, 16, 256)), 4096u);
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(7, 16, 256)), 7 * 4096u);
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(3, 32, 128)), 3 * 4096u);
  // Every k-block starts on a swizzle repeat, so base offset 0 holds.
  for (unsigned KB = 0; KB != 16; ++KB)
    EXPECT_EQ(valueOf(mnMajorKBlockOffset(KB, 16, 256)) % 1024, 0u);
  EXPECT_EQ(errorOf(mnMajorKBlockOffset(0, 12, 128)),
            "MN-major k-block advance: 12 rows of K per k-block is not a "
            "positive multiple of 8 (a swizzle repeat)");
  EXPECT_EQ(errorOf(mnMajorKBlockOffset(32, 16, 512)),
            "MN-major k-block advance: k-block 32 of 16 rows of K over 512 "
            "bytes of MN starts at byte 262144, past the 256 KiB a "
            "descriptor addresses");
  EXPECT_EQ(errorOf(mnMajorKBlockOffset(0, 16, 96)),
            "MN-major operand: an M or N extent of 96 bytes is not whole "
            "128-byte swizzle atoms (no 128-byte swizzled MN-major layout "
            "holds part of one)");
}

// Where K row r's 16-byte chunk c lies: the canonical layout's
// ((T, 8, m), (8, k)) : ((1, T, LBO), (8T, SBO)) with the 128-byte swizzle
// (chunk ^ row mod 8) applied inside each 128-byte row.
TEST(MnMajor, ChunkOffsets) {
  // One atom: row r at 128 r, like a K-major tile's row.
  EXPECT_EQ(mnMajorChunkOffset(0, 0, 128), 0u);
  EXPECT_EQ(mnMajorChunkOffset(1, 0, 128), 128u + 16);
  EXPECT_EQ(mnMajorChunkOffset(9, 3, 128), 1024u + 128 + (3 ^ 1) * 16);
  // Two atoms: chunk 8 (MN bytes 128-143) in the second atom of the row's
  // 8-row group, LBO 1024 on; the next group SBO 2048 on.
  EXPECT_EQ(mnMajorChunkOffset(0, 8, 256), 1024u);
  EXPECT_EQ(mnMajorChunkOffset(5, 15, 256), 1024u + 5 * 128 + (7 ^ 5) * 16);
  EXPECT_EQ(mnMajorChunkOffset(8, 0, 256), 2048u);
  EXPECT_EQ(mnMajorChunkOffset(127, 15, 256),
            15 * 2048u + 1024 + 7 * 128 + (7 ^ 7) * 16);
  // Every byte of a 128 x 256-byte tile is written exactly once.
  std::vector<unsigned> Seen(128 * 256 / 16);
  for (unsigned R = 0; R != 128; ++R)
    for (unsigned C = 0; C != 16; ++C)
      ++Seen[mnMajorChunkOffset(R, C, 256) / 16];
  for (unsigned Count : Seen)
    EXPECT_EQ(Count, 1u);
}

} // namespace
