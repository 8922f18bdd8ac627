//===- SmemDescriptorTest.cpp - sm_100 and sm_90 shared-memory descriptors ===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTXTestUtil.h"
#include "tileas/PTX/Descriptors.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

/// A K-major bf16 tile with TMA's 128-byte swizzle: 8-row atoms of 1024
/// bytes (SBO 1024), LBO 16 (unused by swizzled K-major layouts; 1 in the
/// field by convention), slot at Addr.
SmemMatrixDesc kMajorSw128(uint32_t Addr) {
  SmemMatrixDesc D;
  D.StartAddress = Addr;
  D.LeadingByteOffset = 16;
  D.StrideByteOffset = 1024;
  D.Swizzle = SmemSwizzle::Bytes128;
  return D;
}

// notes.md: 0x4000404000010000 | (addr >> 4) on sm_100, and a 16-element
// k-block (32 bytes of bf16) adds 2.
TEST(SmemDescriptor, PublishedSm100Constant) {
  for (uint32_t Addr : {0u, 1024u, 0x8000u, 131072u, 0x3fc00u}) {
    uint64_t Bits = valueOf(encodeSm100SmemDesc(kMajorSw128(Addr)));
    EXPECT_EQ(Bits, 0x4000404000010000ull | (Addr >> 4)) << Addr;
    for (unsigned KBlock = 0; KBlock < 4; ++KBlock) {
      uint32_t Offset =
          valueOf(kMajorKBlockOffset(KBlock, 2, SmemSwizzle::Bytes128));
      EXPECT_EQ(Offset, 32 * KBlock);
      EXPECT_EQ(valueOf(advanceSmemDesc(Bits, Offset)), Bits + 2 * KBlock);
    }
  }
}

// notes.md: 0x4000004000010000 | (addr >> 4) on sm_90.
TEST(SmemDescriptor, PublishedSm90Constant) {
  for (uint32_t Addr : {0u, 1024u, 0x8000u, 131072u}) {
    uint64_t Bits = valueOf(encodeSm90SmemDesc(kMajorSw128(Addr)));
    EXPECT_EQ(Bits, 0x4000004000010000ull | (Addr >> 4)) << Addr;
  }
  // gemm_sm90.ptx's second M-half of an A slot: 8192 bytes on, +512.
  uint64_t Top = valueOf(encodeSm90SmemDesc(kMajorSw128(0x400)));
  EXPECT_EQ(valueOf(advanceSmemDesc(Top, 8192)), Top + 512);
}

// Each field alone: start 0-13, LBO 16-29, SBO 32-45 (all >> 4), version
// 46-47 (sm_100 only), base offset 49-51, layout 61-63 (sm_100) or 62-63
// (sm_90).
TEST(SmemDescriptor, FieldByField) {
  constexpr uint64_t Version = uint64_t(1) << 46;
  SmemMatrixDesc D;
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)), Version);
  EXPECT_EQ(valueOf(encodeSm90SmemDesc(D)), 0u);

  D.StartAddress = 0x3fff0; // the largest start address: all 14 bits
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)), Version | 0x3fff);
  EXPECT_EQ(valueOf(encodeSm90SmemDesc(D)), 0x3fffu);

  D = SmemMatrixDesc();
  D.LeadingByteOffset = 0x3fff0;
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)), Version | (0x3fffull << 16));
  D = SmemMatrixDesc();
  D.StrideByteOffset = 0x3fff0;
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)), Version | (0x3fffull << 32));
  EXPECT_EQ(valueOf(encodeSm90SmemDesc(D)), 0x3fffull << 32);
  D = SmemMatrixDesc();
  D.BaseOffset = 7;
  EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)), Version | (7ull << 49));
  EXPECT_EQ(valueOf(encodeSm90SmemDesc(D)), 7ull << 49);

  struct {
    SmemSwizzle S;
    uint64_t Sm100Code;
    int Sm90Code; // -1: no encoding
  } Layouts[] = {{SmemSwizzle::None, 0, 0},
                 {SmemSwizzle::Bytes128Atom32, 1, -1},
                 {SmemSwizzle::Bytes128, 2, 1},
                 {SmemSwizzle::Bytes64, 4, 2},
                 {SmemSwizzle::Bytes32, 6, 3}};
  for (auto L : Layouts) {
    D = SmemMatrixDesc();
    D.Swizzle = L.S;
    EXPECT_EQ(valueOf(encodeSm100SmemDesc(D)), Version | (L.Sm100Code << 61))
        << swizzleName(L.S);
    if (L.Sm90Code >= 0) {
      EXPECT_EQ(valueOf(encodeSm90SmemDesc(D)), uint64_t(L.Sm90Code) << 62)
          << swizzleName(L.S);
    }
  }
}

TEST(SmemDescriptor, RoundTrips) {
  for (SmemSwizzle S :
       {SmemSwizzle::None, SmemSwizzle::Bytes32, SmemSwizzle::Bytes64,
        SmemSwizzle::Bytes128, SmemSwizzle::Bytes128Atom32})
    for (uint32_t Addr : {0u, 16u, 0x1230u, 0x3fff0u})
      for (unsigned Base : {0u, 3u, 7u}) {
        SmemMatrixDesc D;
        D.StartAddress = Addr;
        D.LeadingByteOffset = 0x3fff0 - Addr;
        D.StrideByteOffset = Addr ^ 0x2a0;
        D.BaseOffset = Base;
        D.Swizzle = S;
        EXPECT_EQ(valueOf(decodeSm100SmemDesc(valueOf(encodeSm100SmemDesc(D)))),
                  D)
            << describeSmemDesc(D);
        if (S == SmemSwizzle::Bytes128Atom32)
          continue;
        EXPECT_EQ(valueOf(decodeSm90SmemDesc(valueOf(encodeSm90SmemDesc(D)))),
                  D)
            << describeSmemDesc(D);
      }
}

TEST(SmemDescriptor, EncodeRefusals) {
  SmemMatrixDesc D = kMajorSw128(0x408);
  EXPECT_EQ(errorOf(encodeSm100SmemDesc(D)),
            "shared-memory descriptor: start address 1032 is not a multiple "
            "of 16 bytes");
  D = kMajorSw128(0x40000);
  EXPECT_EQ(errorOf(encodeSm100SmemDesc(D)),
            "shared-memory descriptor: start address 262144 does not fit 14 "
            "bits of 16-byte units (at most 262128)");
  D = kMajorSw128(0);
  D.LeadingByteOffset = 8;
  EXPECT_EQ(errorOf(encodeSm90SmemDesc(D)),
            "shared-memory descriptor: leading byte offset 8 is not a "
            "multiple of 16 bytes");
  D = kMajorSw128(0);
  D.StrideByteOffset = 1 << 18;
  EXPECT_EQ(errorOf(encodeSm100SmemDesc(D)),
            "shared-memory descriptor: stride byte offset 262144 does not fit "
            "14 bits of 16-byte units (at most 262128)");
  D = kMajorSw128(0);
  D.BaseOffset = 8;
  EXPECT_EQ(errorOf(encodeSm100SmemDesc(D)),
            "shared-memory descriptor: base offset 8 does not fit 3 bits");
  D = kMajorSw128(0);
  D.Swizzle = SmemSwizzle::Bytes128Atom32;
  EXPECT_EQ(errorOf(encodeSm90SmemDesc(D)),
            "sm_90 shared-memory descriptor: swizzle 128B with 32B atoms "
            "exists on sm_100 only");
}

TEST(SmemDescriptor, DecodeRefusals) {
  constexpr uint64_t Sm100 = 0x4000404000010000ull;
  EXPECT_EQ(errorOf(decodeSm100SmemDesc(Sm100 & ~(uint64_t(1) << 46))),
            "sm_100 shared-memory descriptor 0x4000004000010000: version 0 "
            "is not 1");
  EXPECT_EQ(errorOf(decodeSm100SmemDesc(Sm100 | (uint64_t(1) << 47))),
            "sm_100 shared-memory descriptor 0x4000c04000010000: version 3 "
            "is not 1");
  EXPECT_EQ(errorOf(decodeSm100SmemDesc(Sm100 | (uint64_t(1) << 14))),
            "sm_100 shared-memory descriptor 0x4000404000014000: reserved "
            "bits 0x0000000000004000 are set");
  EXPECT_EQ(errorOf(decodeSm100SmemDesc(Sm100 | (uint64_t(1) << 52))),
            "sm_100 shared-memory descriptor 0x4010404000010000: reserved "
            "bits 0x0010000000000000 are set");
  // Layout 3 (0b011 at 61-63) is not a mode.
  EXPECT_EQ(errorOf(decodeSm100SmemDesc((Sm100 & ~(uint64_t(7) << 61)) |
                                        (uint64_t(3) << 61))),
            "sm_100 shared-memory descriptor 0x6000404000010000: layout 3 is "
            "not a swizzle mode (0, 1, 2, 4 or 6)");
  // An sm_100 descriptor (version bit) read as sm_90's.
  EXPECT_EQ(errorOf(decodeSm90SmemDesc(Sm100)),
            "sm_90 shared-memory descriptor 0x4000404000010000: reserved bits "
            "0x0000400000000000 are set");
  EXPECT_EQ(
      errorOf(decodeSm90SmemDesc(0x4000004000010000ull | (uint64_t(1) << 61))),
      "sm_90 shared-memory descriptor 0x6000004000010000: reserved bits "
      "0x2000000000000000 are set");
}

TEST(SmemDescriptor, AdvanceRefusals) {
  uint64_t Bits = valueOf(encodeSm100SmemDesc(kMajorSw128(0x3fc00)));
  EXPECT_EQ(valueOf(advanceSmemDesc(Bits, 0x3f0)), Bits + 0x3f);
  EXPECT_EQ(errorOf(advanceSmemDesc(Bits, 0x400)),
            "shared-memory descriptor advance: start address 261120 + 1024 "
            "bytes does not fit 14 bits of 16-byte units");
  EXPECT_EQ(errorOf(advanceSmemDesc(Bits, 8)),
            "shared-memory descriptor advance: 8 bytes is not a multiple of "
            "16");
}

TEST(SmemDescriptor, KBlockOffsets) {
  // 128-byte rows hold 4 bf16 k-blocks, 2 fp32 (tf32) ones, 8 fp8 ones.
  EXPECT_EQ(valueOf(kMajorKBlockOffset(3, 2, SmemSwizzle::Bytes128)), 96u);
  EXPECT_EQ(valueOf(kMajorKBlockOffset(7, 1, SmemSwizzle::Bytes128)), 112u);
  EXPECT_EQ(valueOf(kMajorKBlockOffset(1, 4, SmemSwizzle::Bytes128)), 64u);
  EXPECT_EQ(valueOf(kMajorKBlockOffset(1, 2, SmemSwizzle::Bytes64)), 32u);
  EXPECT_EQ(valueOf(kMajorKBlockOffset(0, 2, SmemSwizzle::Bytes32)), 0u);
  EXPECT_EQ(errorOf(kMajorKBlockOffset(4, 2, SmemSwizzle::Bytes128)),
            "k-block advance: k-block 4 of 2-byte elements starts at byte "
            "128, past the 128B swizzle row of 128 bytes");
  EXPECT_EQ(errorOf(kMajorKBlockOffset(1, 4, SmemSwizzle::Bytes32)),
            "k-block advance: k-block 1 of 4-byte elements starts at byte 64, "
            "past the 32B swizzle row of 32 bytes");
  EXPECT_EQ(errorOf(kMajorKBlockOffset(0, 2, SmemSwizzle::None)),
            "k-block advance: an unswizzled tile's k-blocks are whole core "
            "matrices apart (its leading byte offset), not a start-address "
            "step");
  EXPECT_EQ(errorOf(kMajorKBlockOffset(0, 3, SmemSwizzle::Bytes128)),
            "k-block advance: element size 3 bytes is not 1, 2 or 4");
}

// A tile wider than one swizzle row is K-atoms of Rows x 128 bytes, atom
// after atom (docs/ptx.md): k-block kb of 32 bytes (bf16 K = 16, fp8 K = 32)
// is in atom kb / 4, at atom * Rows * 128 + (kb mod 4) * 32.
TEST(SmemDescriptor, AtomKBlockOffsets) {
  auto At = [](unsigned KB, unsigned Bytes, unsigned Rows) {
    return valueOf(
        kMajorAtomKBlockOffset(KB, Bytes, Rows, SmemSwizzle::Bytes128));
  };
  // Within the first atom: the one-row offsets.
  for (unsigned KB = 0; KB != 4; ++KB)
    EXPECT_EQ(At(KB, 32, 128),
              valueOf(kMajorKBlockOffset(KB, 2, SmemSwizzle::Bytes128)));
  EXPECT_EQ(At(4, 32, 128), 16384u);        // atom 1 of 128 rows
  EXPECT_EQ(At(5, 32, 128), 16384u + 32);   // and its second k-block
  EXPECT_EQ(At(7, 32, 256), 32768u + 96);   // atom 1 of 256 rows
  EXPECT_EQ(At(9, 32, 64), 2 * 8192u + 32); // atom 2 of 64 rows
  EXPECT_EQ(At(3, 64, 128), 16384u + 64);   // 64-byte k-blocks: 2 per atom
  EXPECT_EQ(valueOf(kMajorAtomKBlockOffset(2, 32, 128, SmemSwizzle::Bytes64)),
            8192u); // 64-byte rows hold 2 k-blocks of 32 bytes
  EXPECT_EQ(errorOf(kMajorAtomKBlockOffset(0, 48, 128, SmemSwizzle::Bytes128)),
            "k-block advance: a k-block of 48 bytes per row does not divide "
            "the 128B swizzle row of 128 bytes in 16-byte steps");
  EXPECT_EQ(errorOf(kMajorAtomKBlockOffset(0, 32, 100, SmemSwizzle::Bytes128)),
            "k-block advance: 100 rows is not a positive multiple of 8 (a "
            "swizzle repeat)");
  EXPECT_EQ(errorOf(kMajorAtomKBlockOffset(0, 32, 128, SmemSwizzle::None)),
            "k-block advance: an unswizzled tile's k-blocks are whole core "
            "matrices apart (its leading byte offset), not a start-address "
            "step");
  EXPECT_EQ(errorOf(kMajorAtomKBlockOffset(64, 32, 128, SmemSwizzle::Bytes128)),
            "k-block advance: k-block 64 (atom 16 of 128 rows) starts at byte "
            "262144, past the 256 KiB a descriptor addresses");
}

TEST(SmemDescriptor, Describe) {
  EXPECT_EQ(describeSmemDesc(kMajorSw128(0x8400)),
            "start 0x8400, LBO 16, SBO 1024, base 0, swizzle 128B");
}

} // namespace
