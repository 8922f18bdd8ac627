//===- InstrDescriptorTest.cpp - The tcgen05 kind::f16 descriptor ---------===//
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

uint32_t encode(const MmaF16Desc &D) { return valueOf(encodeMmaF16Desc(D)); }

std::string encodeError(const MmaF16Desc &D) {
  return errorOf(encodeMmaF16Desc(D));
}

std::string decodeError(uint32_t Bits) {
  return errorOf(decodeMmaF16Desc(Bits));
}

// The published constant (notes.md; the reference kernels' idesc):
// M = N = 128, bf16 x bf16 -> f32, both K-major.
TEST(InstrDescriptor, PublishedBf16Constant) {
  MmaF16Desc D;
  EXPECT_EQ(encode(D), 0x08200490u);
}

// The second MMA of attention forward (O += P V, head dimension 64):
// M128 N64, bf16 x bf16 -> f32, K-major, the constant
// bench/corpus/fmha-fwd.ll passes to @tileas.mma.f16 (135267472), and back.
TEST(InstrDescriptor, AttentionPVConstant) {
  MmaF16Desc D;
  D.N = 64;
  EXPECT_EQ(encode(D), 0x08100490u);
  EXPECT_EQ(0x08100490u, 135267472u);
  MmaF16Desc Back = valueOf(decodeMmaF16Desc(0x08100490));
  EXPECT_EQ(Back.M, 128u);
  EXPECT_EQ(Back.N, 64u);
  EXPECT_EQ(Back.A, F16InputFormat::BF16);
  EXPECT_EQ(Back.B, F16InputFormat::BF16);
  EXPECT_EQ(Back.D, AccumFormat::F32);
}

// One field at a time against the bit layout: D format 4-5, A 7-9, B 10-12,
// negate 13/14, major 15/16, N >> 3 at 17-22, M >> 4 at 24-28.
TEST(InstrDescriptor, FieldByField) {
  MmaF16Desc Base;
  Base.A = Base.B = F16InputFormat::F16;
  Base.D = AccumFormat::F16;
  Base.M = 64;
  Base.N = 8;
  uint32_t Zero = (1u << 17) | (4u << 24); // N = 8, M = 64
  EXPECT_EQ(encode(Base), Zero);

  MmaF16Desc D = Base;
  D.D = AccumFormat::F32;
  EXPECT_EQ(encode(D), Zero | (1u << 4));

  D = Base;
  D.D = AccumFormat::F32;
  D.A = D.B = F16InputFormat::BF16;
  EXPECT_EQ(encode(D), Zero | (1u << 4) | (1u << 7) | (1u << 10));

  D = Base;
  D.NegateA = true;
  EXPECT_EQ(encode(D), Zero | (1u << 13));
  D = Base;
  D.NegateB = true;
  EXPECT_EQ(encode(D), Zero | (1u << 14));
  D = Base;
  D.MajorA = OperandMajor::MN;
  EXPECT_EQ(encode(D), Zero | (1u << 15));
  D = Base;
  D.MajorB = OperandMajor::MN;
  EXPECT_EQ(encode(D), Zero | (1u << 16));

  D = Base;
  D.N = 256;
  EXPECT_EQ(encode(D), (32u << 17) | (4u << 24));
  D = Base;
  D.N = 248;
  EXPECT_EQ(encode(D), (31u << 17) | (4u << 24));
  D = Base;
  D.M = 128;
  D.N = 16;
  EXPECT_EQ(encode(D), (2u << 17) | (8u << 24));
}

TEST(InstrDescriptor, ShapesTheInstructionAccepts) {
  for (unsigned N = 8; N <= 256; N += 8)
    EXPECT_TRUE(succeeded(checkMmaF16Shape(64, N, 16))) << N;
  for (unsigned N = 16; N <= 256; N += 16)
    EXPECT_TRUE(succeeded(checkMmaF16Shape(128, N, 16))) << N;
}

TEST(InstrDescriptor, ShapeRefusals) {
  MmaF16Desc D;
  D.M = 256;
  EXPECT_EQ(encodeError(D), "tcgen05.mma.cta_group::1.kind::f16: M = 256 has "
                            "no instruction (M is 64 or 128)");
  D.M = 32;
  EXPECT_EQ(encodeError(D), "tcgen05.mma.cta_group::1.kind::f16: M = 32 has "
                            "no instruction (M is 64 or 128)");
  D = MmaF16Desc();
  D.N = 24; // a multiple of 8, not of 16
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f16: N = 24 has no instruction "
            "for M = 128 (N is a multiple of 16 in [16, 256])");
  D.N = 8;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f16: N = 8 has no instruction "
            "for M = 128 (N is a multiple of 16 in [16, 256])");
  D.M = 64;
  D.N = 264;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f16: N = 264 has no instruction "
            "for M = 64 (N is a multiple of 8 in [8, 256])");
  D.N = 12;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f16: N = 12 has no instruction "
            "for M = 64 (N is a multiple of 8 in [8, 256])");
  D.N = 0;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f16: N = 0 has no instruction "
            "for M = 64 (N is a multiple of 8 in [8, 256])");
  D = MmaF16Desc();
  D.K = 32;
  EXPECT_EQ(encodeError(D), "tcgen05.mma.cta_group::1.kind::f16: K = 32 has "
                            "no instruction (K is 16 for 16-bit inputs)");
}

TEST(InstrDescriptor, FormatRefusals) {
  MmaF16Desc D;
  D.D = AccumFormat::F16; // with bf16 inputs
  EXPECT_EQ(encodeError(D), "instruction descriptor: an f16 accumulator needs "
                            "f16 inputs, not A bf16 x B bf16");
  D = MmaF16Desc();
  D.A = F16InputFormat::F16;
  EXPECT_EQ(encodeError(D), "instruction descriptor: A and B must have the "
                            "same format, not A f16 x B bf16");
}

TEST(InstrDescriptor, RoundTrips) {
  for (AccumFormat Acc : {AccumFormat::F16, AccumFormat::F32})
    for (F16InputFormat In : {F16InputFormat::F16, F16InputFormat::BF16})
      for (unsigned Flags = 0; Flags < 16; ++Flags)
        for (unsigned M : {64u, 128u})
          for (unsigned N = M / 8; N <= 256; N += M / 8) {
            MmaF16Desc D;
            D.D = Acc;
            D.A = D.B = In;
            D.NegateA = Flags & 1;
            D.NegateB = Flags & 2;
            D.MajorA = Flags & 4 ? OperandMajor::MN : OperandMajor::K;
            D.MajorB = Flags & 8 ? OperandMajor::MN : OperandMajor::K;
            D.M = M;
            D.N = N;
            Expected<uint32_t> Bits = encodeMmaF16Desc(D);
            if (Acc == AccumFormat::F16 && In == F16InputFormat::BF16) {
              EXPECT_FALSE(errorOf(std::move(Bits)).empty());
              continue;
            }
            uint32_t Raw = valueOf(std::move(Bits));
            EXPECT_EQ(valueOf(decodeMmaF16Desc(Raw)), D)
                << describeMmaF16Desc(D);
          }
}

TEST(InstrDescriptor, DecodeRefusals) {
  constexpr uint32_t Good = 0x08200490;
  EXPECT_EQ(decodeError(Good | 1u << 2),
            "instruction descriptor 0x08200494: reserved, sparsity, "
            "saturation or shift bits 0x00000004 are set (a dense kind::f16 "
            "MMA has none)");
  EXPECT_EQ(decodeError(Good | 1u << 23),
            "instruction descriptor 0x08a00490: reserved, sparsity, "
            "saturation or shift bits 0x00800000 are set (a dense kind::f16 "
            "MMA has none)");
  EXPECT_EQ(decodeError(Good | 1u << 31),
            "instruction descriptor 0x88200490: reserved, sparsity, "
            "saturation or shift bits 0x80000000 are set (a dense kind::f16 "
            "MMA has none)");
  EXPECT_EQ(decodeError(Good | 2u << 4),
            "instruction descriptor 0x082004b0: D format 3 is not f16 (0) or "
            "f32 (1)");
  EXPECT_EQ(decodeError((Good & ~(7u << 7)) | 2u << 7),
            "instruction descriptor 0x08200510: A format 2 is not f16 (0) or "
            "bf16 (1)");
  EXPECT_EQ(decodeError((Good & ~(7u << 10)) | 2u << 10),
            "instruction descriptor 0x08200890: B format 2 is not f16 (0) or "
            "bf16 (1)");
  // M >> 4 = 12 (M = 192), N >> 3 = 0.
  EXPECT_EQ(decodeError((Good & ~(31u << 24)) | 12u << 24),
            "tcgen05.mma.cta_group::1.kind::f16: M = 192 has no instruction "
            "(M is 64 or 128)");
  EXPECT_EQ(decodeError(Good & ~(63u << 17)),
            "tcgen05.mma.cta_group::1.kind::f16: N = 0 has no instruction "
            "for M = 128 (N is a multiple of 16 in [16, 256])");
}

TEST(InstrDescriptor, Describe) {
  MmaF16Desc D;
  EXPECT_EQ(describeMmaF16Desc(D),
            "kind::f16 M128 N128 K16, f32 <- bf16 x bf16, A K-major, B "
            "K-major");
  D.NegateB = true;
  D.MajorA = OperandMajor::MN;
  D.M = 64;
  D.N = 8;
  EXPECT_EQ(describeMmaF16Desc(D),
            "kind::f16 M64 N8 K16, f32 <- bf16 x -bf16, A MN-major, B "
            "K-major");
}

} // namespace
