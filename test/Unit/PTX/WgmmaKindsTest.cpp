//===- WgmmaKindsTest.cpp - wgmma's element types and shapes --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/WgmmaKinds.h"
#include "PTXTestUtil.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

WgmmaKind kind(WgmmaType A, WgmmaType B, WgmmaType D, unsigned N = 128) {
  WgmmaKind K;
  K.A = A;
  K.B = B;
  K.D = D;
  K.N = N;
  return K;
}

// The word: A at bits 0-3, B at 4-7, D at 8-11, saturate at 12.
TEST(WgmmaKinds, TypeWordFieldByField) {
  using T = WgmmaType;
  EXPECT_EQ(valueOf(encodeWgmmaTypes(kind(T::BF16, T::BF16, T::F32))), 0x711u);
  EXPECT_EQ(valueOf(encodeWgmmaTypes(kind(T::F16, T::F16, T::F32))), 0x700u);
  EXPECT_EQ(valueOf(encodeWgmmaTypes(kind(T::TF32, T::TF32, T::F32))), 0x722u);
  EXPECT_EQ(valueOf(encodeWgmmaTypes(kind(T::E4M3, T::E5M2, T::F32))), 0x743u);
  EXPECT_EQ(valueOf(encodeWgmmaTypes(kind(T::S8, T::U8, T::S32))), 0x865u);
  WgmmaKind Sat = kind(T::U8, T::U8, T::S32);
  Sat.Saturate = true;
  EXPECT_EQ(valueOf(encodeWgmmaTypes(Sat)), 0x1866u);
}

TEST(WgmmaKinds, KOfEachKind) {
  using T = WgmmaType;
  EXPECT_EQ(kind(T::BF16, T::BF16, T::F32).k(), 16u);
  EXPECT_EQ(kind(T::F16, T::F16, T::F32).k(), 16u);
  EXPECT_EQ(kind(T::TF32, T::TF32, T::F32).k(), 8u);
  EXPECT_EQ(kind(T::E5M2, T::E4M3, T::F32).k(), 32u);
  EXPECT_EQ(kind(T::U8, T::S8, T::S32).k(), 32u);
}

TEST(WgmmaKinds, RoundTripsEveryKindAndN) {
  using T = WgmmaType;
  const WgmmaKind Kinds[] = {
      kind(T::F16, T::F16, T::F32),   kind(T::BF16, T::BF16, T::F32),
      kind(T::TF32, T::TF32, T::F32), kind(T::E4M3, T::E4M3, T::F32),
      kind(T::E4M3, T::E5M2, T::F32), kind(T::E5M2, T::E4M3, T::F32),
      kind(T::E5M2, T::E5M2, T::F32), kind(T::S8, T::S8, T::S32),
      kind(T::S8, T::U8, T::S32),     kind(T::U8, T::S8, T::S32),
      kind(T::U8, T::U8, T::S32)};
  for (WgmmaKind K : Kinds)
    for (unsigned N : {8u, 16u, 32u, 64u, 128u, 256u}) {
      K.N = N;
      uint32_t Word = valueOf(encodeWgmmaTypes(K));
      EXPECT_EQ(valueOf(decodeWgmmaTypes(Word, N)), K) << wgmmaMnemonic(K);
    }
}

TEST(WgmmaKinds, Mnemonics) {
  using T = WgmmaType;
  WgmmaKind K = kind(T::TF32, T::TF32, T::F32);
  EXPECT_EQ(wgmmaMnemonic(K),
            "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32");
  EXPECT_STREQ(wgmmaImmediates(K), ", 1, 1");
  K = kind(T::E4M3, T::E5M2, T::F32, 64);
  EXPECT_EQ(wgmmaMnemonic(K),
            "wgmma.mma_async.sync.aligned.m64n64k32.f32.e4m3.e5m2");
  EXPECT_STREQ(wgmmaImmediates(K), ", 1, 1");
  K = kind(T::S8, T::U8, T::S32);
  K.Saturate = true;
  EXPECT_EQ(wgmmaMnemonic(K),
            "wgmma.mma_async.sync.aligned.m64n128k32.satfinite.s32.s8.u8");
  EXPECT_STREQ(wgmmaImmediates(K), "");
  K = kind(T::BF16, T::BF16, T::F32);
  EXPECT_EQ(wgmmaMnemonic(K),
            "wgmma.mma_async.sync.aligned.m64n128k16.f32.bf16.bf16");
  EXPECT_STREQ(wgmmaImmediates(K), ", 1, 1, 0, 0");
}

TEST(WgmmaKinds, Refusals) {
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x722 | 1u << 13, 128)),
            "wgmma type word 0x2722: bits 0x2000 are set (only bits 0-12 "
            "are used)");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x729, 128)),
            "wgmma type word 0x729: A type code 9 is not a type (0-8)");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x712, 128)),
            "wgmma tf32 x bf16 -> f32 has no instruction (f16 x f16, bf16 x "
            "bf16 and tf32 x tf32 -> f32, e4m3/e5m2 pairs -> f32, s8/u8 pairs "
            "-> s32)");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x755, 128)),
            "wgmma s8 x s8 -> f32 has no instruction (f16 x f16, bf16 x bf16 "
            "and tf32 x tf32 -> f32, e4m3/e5m2 pairs -> f32, s8/u8 pairs -> "
            "s32)");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x033, 128)),
            "wgmma e4m3 x e4m3 -> f16: an f16 accumulator is packed two to a "
            "register, which no <L x float> accumulator holds (f32 only)");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x1722, 128)),
            "wgmma tf32 x tf32 -> f32: .satfinite is for the integer kinds "
            "only");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x855, 40)),
            "wgmma m64n40k32.s32.s8.s8: N = 40 has no instruction (N is 8, 16, "
            "24 or a multiple of 16 up to 256)");
  EXPECT_EQ(errorOf(decodeWgmmaTypes(0x722, 260)),
            "wgmma m64n260k8.f32.tf32.tf32: N = 260 has no instruction (N is "
            "a multiple of 8 in [8, 256])");
  EXPECT_EQ(errorOf(checkWgmmaShape(
                kind(WgmmaType::TF32, WgmmaType::TF32, WgmmaType::F32), 16)),
            "wgmma m64n128k16.f32.tf32.tf32: K = 16 has no instruction (K is 8 "
            "for tf32 inputs)");
  EXPECT_TRUE(succeeded(checkWgmmaShape(
      kind(WgmmaType::U8, WgmmaType::U8, WgmmaType::S32, 24), 32)));
  EXPECT_TRUE(succeeded(checkWgmmaShape(
      kind(WgmmaType::E5M2, WgmmaType::E5M2, WgmmaType::F32, 40), 32)));
}

} // namespace
