//===- MmaKindsDescriptorTest.cpp - kind::tf32 and kind::i8 descriptors ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTXTestUtil.h"
#include "tileas/PTX/Descriptors.h"
#include "tileas/PTX/OperandLayout.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

// The layout (PTX ISA's instruction descriptor table; CUTLASS's
// UMMA::InstrDescriptor): D format at 4-5 (f32 1, s32 2), A and B formats
// at 7-9 and 10-12 (tf32 2; u8 0, s8 1), saturate at 3, negate 13/14, major
// 15/16, N >> 3 at 17-22, M >> 4 at 24-28.

TEST(Tf32Descriptor, M128N128) {
  // 0x08200490 (bf16) with format code 2 for A and B: 0x08200910.
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(MmaTf32Desc())), 0x08200910u);
}

TEST(Tf32Descriptor, FieldByField) {
  MmaTf32Desc Base;
  Base.M = 64;
  Base.N = 8;
  // D f32 and both tf32 codes are constant; N = 8, M = 64.
  uint32_t Zero = (1u << 4) | (2u << 7) | (2u << 10) | (1u << 17) | (4u << 24);
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(Base)), Zero);
  MmaTf32Desc D = Base;
  D.NegateA = true;
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(D)), Zero | (1u << 13));
  D = Base;
  D.NegateB = true;
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(D)), Zero | (1u << 14));
  D = Base;
  D.MajorA = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(D)), Zero | (1u << 15));
  D = Base;
  D.MajorB = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(D)), Zero | (1u << 16));
  D = Base;
  D.N = 256;
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(D)), (Zero & ~(63u << 17)) | 32u << 17);
  D = Base;
  D.M = 128;
  D.N = 16;
  EXPECT_EQ(valueOf(encodeMmaTf32Desc(D)),
            (Zero & ~(63u << 17 | 31u << 24)) | 2u << 17 | 8u << 24);
}

TEST(Tf32Descriptor, Shapes) {
  for (unsigned N = 8; N <= 256; N += 8)
    EXPECT_TRUE(succeeded(checkMmaTf32Shape(64, N, 8))) << N;
  for (unsigned N = 16; N <= 256; N += 16)
    EXPECT_TRUE(succeeded(checkMmaTf32Shape(128, N, 8))) << N;
  EXPECT_EQ(errorOf(checkMmaTf32Shape(128, 128, 16)),
            "tcgen05.mma.cta_group::1.kind::tf32: K = 16 has no instruction "
            "(K is 8 for tf32 inputs)");
  EXPECT_EQ(errorOf(checkMmaTf32Shape(128, 24, 8)),
            "tcgen05.mma.cta_group::1.kind::tf32: N = 24 has no instruction "
            "for M = 128 (N is a multiple of 16 in [16, 256])");
  EXPECT_EQ(errorOf(checkMmaTf32Shape(32, 64, 8)),
            "tcgen05.mma.cta_group::1.kind::tf32: M = 32 has no instruction "
            "(M is 64 or 128)");
}

TEST(Tf32Descriptor, RoundTripsAndRefusals) {
  for (unsigned Flags = 0; Flags < 16; ++Flags)
    for (unsigned M : {64u, 128u})
      for (unsigned N = M / 8; N <= 256; N += M / 8) {
        MmaTf32Desc D;
        D.NegateA = Flags & 1;
        D.NegateB = Flags & 2;
        D.MajorA = Flags & 4 ? OperandMajor::MN : OperandMajor::K;
        D.MajorB = Flags & 8 ? OperandMajor::MN : OperandMajor::K;
        D.M = M;
        D.N = N;
        EXPECT_EQ(valueOf(decodeMmaTf32Desc(valueOf(encodeMmaTf32Desc(D)))), D)
            << describeMmaTf32Desc(D);
      }
  // kind::f16's bf16 constant is no tf32 descriptor, nor an f16
  // accumulator, nor a saturating one.
  EXPECT_EQ(errorOf(decodeMmaTf32Desc(0x08200490)),
            "instruction descriptor 0x08200490: A format 1 is not tf32 (2)");
  EXPECT_EQ(errorOf(decodeMmaTf32Desc(0x08200900)),
            "instruction descriptor 0x08200900: D format 0 is not f32 (1), "
            "the only accumulator of kind::tf32");
  EXPECT_EQ(errorOf(decodeMmaTf32Desc(0x08200918)),
            "instruction descriptor 0x08200918: reserved, sparsity, "
            "saturation or shift bits 0x00000008 are set (a dense kind::tf32 "
            "MMA has none)");
  EXPECT_EQ(errorOf(decodeMmaTf32Desc(0x08200510)),
            "instruction descriptor 0x08200510: B format 1 is not tf32 (2)");
  // The tf32 code is refused by kind::f16's decoder.
  EXPECT_EQ(errorOf(decodeMmaF16Desc(0x08200910)),
            "instruction descriptor 0x08200910: A format 2 is not f16 (0) or "
            "bf16 (1)");
}

TEST(I8Descriptor, M128N128) {
  // s8 x s8 -> s32: D 2 at bit 4, format 1 at 7 and 10.
  EXPECT_EQ(valueOf(encodeMmaI8Desc(MmaI8Desc())), 0x082004A0u);
  MmaI8Desc U;
  U.A = I8Format::U8;
  U.B = I8Format::U8;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(U)), 0x08200020u);
}

TEST(I8Descriptor, FieldByField) {
  MmaI8Desc Base;
  Base.A = I8Format::U8;
  Base.B = I8Format::U8;
  Base.M = 64;
  Base.N = 8;
  uint32_t Zero = (2u << 4) | (1u << 17) | (4u << 24);
  EXPECT_EQ(valueOf(encodeMmaI8Desc(Base)), Zero);
  MmaI8Desc D = Base;
  D.A = I8Format::S8;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(D)), Zero | (1u << 7));
  D = Base;
  D.B = I8Format::S8;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(D)), Zero | (1u << 10));
  D = Base;
  D.Saturate = true;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(D)), Zero | (1u << 3));
  D = Base;
  D.MajorA = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(D)), Zero | (1u << 15));
  D = Base;
  D.MajorB = OperandMajor::MN;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(D)), Zero | (1u << 16));
  D = Base;
  D.M = 128;
  D.N = 256;
  EXPECT_EQ(valueOf(encodeMmaI8Desc(D)), (2u << 4) | (32u << 17) | (8u << 24));
}

TEST(I8Descriptor, Shapes) {
  EXPECT_TRUE(succeeded(checkMmaI8Shape(64, 8, 32)));
  for (unsigned M : {64u, 128u})
    for (unsigned N = 16; N <= 256; N += 16)
      EXPECT_TRUE(succeeded(checkMmaI8Shape(M, N, 32))) << M << " " << N;
  EXPECT_EQ(errorOf(checkMmaI8Shape(128, 8, 32)),
            "tcgen05.mma.cta_group::1.kind::i8: N = 8 has no instruction for "
            "M = 128 (N is a multiple of 16 in [16, 256])");
  EXPECT_EQ(errorOf(checkMmaI8Shape(64, 24, 32)),
            "tcgen05.mma.cta_group::1.kind::i8: N = 24 has no instruction for "
            "M = 64 (N is a multiple of 16 in [16, 256], or 8)");
  EXPECT_EQ(errorOf(checkMmaI8Shape(128, 128, 16)),
            "tcgen05.mma.cta_group::1.kind::i8: K = 16 has no instruction (K "
            "is 32 for 8-bit integer inputs)");
  EXPECT_EQ(errorOf(checkMmaI8Shape(256, 128, 32)),
            "tcgen05.mma.cta_group::1.kind::i8: M = 256 has no instruction (M "
            "is 64 or 128)");
}

TEST(I8Descriptor, RoundTripsAndRefusals) {
  for (unsigned Flags = 0; Flags < 32; ++Flags)
    for (unsigned M : {64u, 128u})
      for (unsigned N = 16; N <= 256; N += 16) {
        MmaI8Desc D;
        D.A = Flags & 1 ? I8Format::S8 : I8Format::U8;
        D.B = Flags & 2 ? I8Format::S8 : I8Format::U8;
        D.Saturate = Flags & 4;
        D.MajorA = Flags & 8 ? OperandMajor::MN : OperandMajor::K;
        D.MajorB = Flags & 16 ? OperandMajor::MN : OperandMajor::K;
        D.M = M;
        D.N = N;
        EXPECT_EQ(valueOf(decodeMmaI8Desc(valueOf(encodeMmaI8Desc(D)))), D)
            << describeMmaI8Desc(D);
      }
  EXPECT_EQ(errorOf(decodeMmaI8Desc(0x082024A0)),
            "instruction descriptor 0x082024a0: reserved, sparsity, negation "
            "or shift bits 0x00002000 are set (a dense kind::i8 MMA has "
            "none)");
  EXPECT_EQ(errorOf(decodeMmaI8Desc(0x08200490)),
            "instruction descriptor 0x08200490: D format 1 is not s32 (2), "
            "the only accumulator of kind::i8");
  EXPECT_EQ(errorOf(decodeMmaI8Desc(0x08200920)),
            "instruction descriptor 0x08200920: A format 2 is not u8 (0) or "
            "s8 (1)");
  EXPECT_EQ(errorOf(decodeMmaI8Desc(0x480004A0)),
            "instruction descriptor 0x480004a0: reserved, sparsity, negation "
            "or shift bits 0x40000000 are set (a dense kind::i8 MMA has "
            "none)");
  // The s32 D format has no instruction in the floating-point kinds.
  EXPECT_EQ(errorOf(decodeMmaF16Desc(0x082004A0)),
            "instruction descriptor 0x082004a0: D format 2 is not f16 (0) or "
            "f32 (1)");
}

TEST(MmaKinds, Describe) {
  MmaTf32Desc T;
  T.NegateA = true;
  T.MajorB = OperandMajor::MN;
  EXPECT_EQ(describeMmaTf32Desc(T), "kind::tf32 M128 N128 K8, f32 <- -tf32 x "
                                    "tf32, A K-major, B MN-major");
  MmaI8Desc I;
  I.B = I8Format::U8;
  I.Saturate = true;
  EXPECT_EQ(describeMmaI8Desc(I), "kind::i8 M128 N128 K32, s32 <- s8 x u8, A "
                                  "K-major, B K-major, saturating");
}

// Every kind reads 32 bytes of each operand row per MMA: K = 8 of tf32's 4
// bytes, K = 32 of i8's 1 byte, so the K-major k-block advance is the
// bf16 one: 32 bytes within a 128-byte row, then whole K-atoms of rows x 128
// bytes. MN-major, k-block kb starts kb x K / 8 groups of SBO on: one group
// for tf32, four for i8.
TEST(MmaKinds, KBlockAdvanceForEachElementSize) {
  for (unsigned KBlockBytes : {8u * 4u, 32u * 1u}) {
    EXPECT_EQ(valueOf(kMajorAtomKBlockOffset(1, KBlockBytes, 128,
                                             SmemSwizzle::Bytes128)),
              32u);
    EXPECT_EQ(valueOf(kMajorAtomKBlockOffset(5, KBlockBytes, 128,
                                             SmemSwizzle::Bytes128)),
              128u * 128u + 32u);
  }
  // tf32 MN-major over M = 128 (512 bytes of MN, SBO 4096): k-block 3 is
  // K rows 24-31, three groups on.
  EXPECT_EQ(valueOf(mnMajorSw128Desc(0, 128 * 4)).StrideByteOffset, 4096u);
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(3, 8, 128 * 4)), 3u * 4096u);
  // i8 MN-major over N = 128 (128 bytes, one atom, SBO 1024): k-block 1 is
  // K rows 32-63, four groups on.
  EXPECT_EQ(valueOf(mnMajorKBlockOffset(1, 32, 128)), 4u * 1024u);
}

} // namespace
