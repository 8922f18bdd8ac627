//===- F8F6F4DescriptorTest.cpp - The tcgen05 kind::f8f6f4 descriptor -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTXTestUtil.h"
#include "tileas/PTX/Descriptors.h"

#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

uint32_t encode(const MmaF8F6F4Desc &D) {
  return valueOf(encodeMmaF8F6F4Desc(D));
}

std::string encodeError(const MmaF8F6F4Desc &D) {
  return errorOf(encodeMmaF8F6F4Desc(D));
}

std::string decodeError(uint32_t Bits) {
  return errorOf(decodeMmaF8F6F4Desc(Bits));
}

constexpr F8F6F4Format AllFormats[] = {F8F6F4Format::E4M3, F8F6F4Format::E5M2,
                                       F8F6F4Format::E2M3, F8F6F4Format::E3M2,
                                       F8F6F4Format::E2M1};

// The derived constants: the kind::f16 layout (notes.md's published
// 0x08200490 for bf16 M128 N128) with the f8f6f4 format codes (PTX ISA
// instruction descriptor table, CUTLASS UMMA::MXF8F6F4Format: e4m3 = 0).
// e4m3 x e4m3 -> f32, K-major: D = 1 at bit 4, N >> 3 at 17, M >> 4 at 24.
TEST(F8F6F4Descriptor, DerivedE4M3Constants) {
  MmaF8F6F4Desc D;
  EXPECT_EQ(encode(D), 0x08200010u); // M128 N128
  D.N = 256;
  EXPECT_EQ(encode(D), 0x08400010u); // M128 N256
}

// One field at a time: D format 4-5, A 7-9, B 10-12, negate 13/14, major
// 15/16, N >> 3 at 17-22, M >> 4 at 24-28.
TEST(F8F6F4Descriptor, FieldByField) {
  MmaF8F6F4Desc Base;
  Base.D = AccumFormat::F16;
  Base.M = 64;
  Base.N = 8;
  uint32_t Zero = (1u << 17) | (4u << 24); // N = 8, M = 64
  EXPECT_EQ(encode(Base), Zero);

  MmaF8F6F4Desc D = Base;
  D.D = AccumFormat::F32;
  EXPECT_EQ(encode(D), Zero | (1u << 4));

  for (F8F6F4Format F : AllFormats) {
    D = Base;
    D.A = F;
    EXPECT_EQ(encode(D), Zero | (unsigned(F) << 7)) << formatName(F);
    D = Base;
    D.B = F;
    EXPECT_EQ(encode(D), Zero | (unsigned(F) << 10)) << formatName(F);
  }
  D = Base;
  D.A = F8F6F4Format::E2M1;
  D.B = F8F6F4Format::E3M2;
  EXPECT_EQ(encode(D), Zero | (5u << 7) | (4u << 10));

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
  D.M = 128;
  D.N = 16;
  EXPECT_EQ(encode(D), (2u << 17) | (8u << 24));
}

TEST(F8F6F4Descriptor, ShapesTheInstructionAccepts) {
  for (unsigned N = 8; N <= 256; N += 8)
    EXPECT_TRUE(succeeded(checkMmaF8F6F4Shape(64, N, 32))) << N;
  for (unsigned N = 16; N <= 256; N += 16)
    EXPECT_TRUE(succeeded(checkMmaF8F6F4Shape(128, N, 32))) << N;
}

TEST(F8F6F4Descriptor, ShapeRefusals) {
  MmaF8F6F4Desc D;
  D.M = 256;
  EXPECT_EQ(encodeError(D), "tcgen05.mma.cta_group::1.kind::f8f6f4: M = 256 "
                            "has no instruction (M is 64 or 128)");
  D = MmaF8F6F4Desc();
  D.N = 24;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f8f6f4: N = 24 has no instruction "
            "for M = 128 (N is a multiple of 16 in [16, 256])");
  D.M = 64;
  D.N = 264;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f8f6f4: N = 264 has no "
            "instruction for M = 64 (N is a multiple of 8 in [8, 256])");
  D = MmaF8F6F4Desc();
  D.K = 16;
  EXPECT_EQ(encodeError(D),
            "tcgen05.mma.cta_group::1.kind::f8f6f4: K = 16 has no "
            "instruction (K is 32 for 8-, 6- and 4-bit inputs)");
}

TEST(F8F6F4Descriptor, RoundTrips) {
  for (AccumFormat Acc : {AccumFormat::F16, AccumFormat::F32})
    for (F8F6F4Format A : AllFormats)
      for (F8F6F4Format B : AllFormats)
        for (unsigned Flags = 0; Flags < 16; ++Flags)
          for (unsigned M : {64u, 128u})
            for (unsigned N = M / 8; N <= 256; N += M / 8) {
              MmaF8F6F4Desc D;
              D.D = Acc;
              D.A = A;
              D.B = B;
              D.NegateA = Flags & 1;
              D.NegateB = Flags & 2;
              D.MajorA = Flags & 4 ? OperandMajor::MN : OperandMajor::K;
              D.MajorB = Flags & 8 ? OperandMajor::MN : OperandMajor::K;
              D.M = M;
              D.N = N;
              uint32_t Raw = encode(D);
              EXPECT_EQ(valueOf(decodeMmaF8F6F4Desc(Raw)), D)
                  << describeMmaF8F6F4Desc(D);
            }
}

TEST(F8F6F4Descriptor, DecodeRefusals) {
  constexpr uint32_t Good = 0x08200010;
  EXPECT_EQ(decodeError(Good | 1u << 2),
            "instruction descriptor 0x08200014: reserved, sparsity, "
            "saturation or shift bits 0x00000004 are set (a dense "
            "kind::f8f6f4 MMA has none)");
  EXPECT_EQ(decodeError(Good | 1u << 6),
            "instruction descriptor 0x08200050: reserved, sparsity, "
            "saturation or shift bits 0x00000040 are set (a dense "
            "kind::f8f6f4 MMA has none)");
  EXPECT_EQ(decodeError(Good | 1u << 29),
            "instruction descriptor 0x28200010: reserved, sparsity, "
            "saturation or shift bits 0x20000000 are set (a dense "
            "kind::f8f6f4 MMA has none)");
  EXPECT_EQ(decodeError(Good | 2u << 4),
            "instruction descriptor 0x08200030: D format 3 is not f16 (0) or "
            "f32 (1)");
  for (unsigned Unused : {2u, 6u, 7u}) {
    EXPECT_EQ(decodeError(Good | Unused << 7),
              formatv("instruction descriptor {0:x8}: A format {1} is not "
                      "e4m3 (0), e5m2 (1), e2m3 (3), e3m2 (4) or e2m1 (5)",
                      Good | Unused << 7, Unused)
                  .str());
    EXPECT_EQ(decodeError(Good | Unused << 10),
              formatv("instruction descriptor {0:x8}: B format {1} is not "
                      "e4m3 (0), e5m2 (1), e2m3 (3), e3m2 (4) or e2m1 (5)",
                      Good | Unused << 10, Unused)
                  .str());
  }
  EXPECT_EQ(decodeError((Good & ~(31u << 24)) | 12u << 24),
            "tcgen05.mma.cta_group::1.kind::f8f6f4: M = 192 has no "
            "instruction (M is 64 or 128)");
  EXPECT_EQ(decodeError(Good & ~(63u << 17)),
            "tcgen05.mma.cta_group::1.kind::f8f6f4: N = 0 has no instruction "
            "for M = 128 (N is a multiple of 16 in [16, 256])");
}

// The kind::f16 bf16 constant is not an f8f6f4 descriptor: its format code
// 1 reads as e5m2, so the two kinds must never share a decoder.
TEST(F8F6F4Descriptor, KindF16ConstantReadsAsE5M2) {
  MmaF8F6F4Desc D = valueOf(decodeMmaF8F6F4Desc(0x08200490));
  EXPECT_EQ(D.A, F8F6F4Format::E5M2);
  EXPECT_EQ(D.B, F8F6F4Format::E5M2);
}

TEST(F8F6F4Descriptor, Describe) {
  MmaF8F6F4Desc D;
  D.N = 256;
  EXPECT_EQ(describeMmaF8F6F4Desc(D),
            "kind::f8f6f4 M128 N256 K32, f32 <- e4m3 x e4m3, A K-major, B "
            "K-major");
  D.D = AccumFormat::F16;
  D.A = F8F6F4Format::E2M1;
  D.NegateB = true;
  D.B = F8F6F4Format::E5M2;
  D.MajorB = OperandMajor::MN;
  EXPECT_EQ(describeMmaF8F6F4Desc(D),
            "kind::f8f6f4 M128 N256 K32, f16 <- e2m1 x -e5m2, A K-major, B "
            "MN-major");
}

} // namespace
