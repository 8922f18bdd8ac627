//===- ReferenceTest.cpp - tileas-run's inputs and CPU reference ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include "gtest/gtest.h"

#include <cmath>
#include <cstring>

using namespace tileas;
using namespace tileas::run;

namespace {

HostMatrix matrix(ElementType T, uint64_t Rows, uint64_t Cols,
                  std::vector<float> Values) {
  HostMatrix H;
  H.Type = T;
  H.Rows = Rows;
  H.Cols = Cols;
  H.Values = std::move(Values);
  return H;
}

float bits(uint32_t B) {
  float F;
  std::memcpy(&F, &B, 4);
  return F;
}

TEST(ReferenceTest, BF16Rounding) {
  EXPECT_EQ(floatToBF16(1.0f), 0x3f80);
  EXPECT_EQ(floatToBF16(-2.0f), 0xc000);
  EXPECT_EQ(bf16ToFloat(0x3f80), 1.0f);
  EXPECT_EQ(bf16ToFloat(0xbfc0), -1.5f);
  // 1 + 2^-8 is halfway between 1 and 1 + 2^-7: ties to even (down).
  EXPECT_EQ(floatToBF16(bits(0x3f808000)), 0x3f80);
  // 1 + 3 x 2^-8 is halfway between 1 + 2^-7 and 1 + 2^-6: to even (up).
  EXPECT_EQ(floatToBF16(bits(0x3f818000)), 0x3f82);
  // Just above halfway rounds up.
  EXPECT_EQ(floatToBF16(bits(0x3f808001)), 0x3f81);
  EXPECT_TRUE(std::isnan(bf16ToFloat(floatToBF16(NAN))));
  EXPECT_EQ(bf16ToFloat(floatToBF16(INFINITY)), INFINITY);
}

TEST(ReferenceTest, E4M3Rounding) {
  EXPECT_EQ(floatToE4M3(1.0f), 0x38); // Exponent 7 (bias 7), mantissa 0.
  EXPECT_EQ(e4m3ToFloat(0x38), 1.0f);
  EXPECT_EQ(floatToE4M3(-1.75f), 0xbe);
  EXPECT_EQ(e4m3ToFloat(0x7e), 448.0f);  // The largest value.
  EXPECT_EQ(floatToE4M3(1000.0f), 0x7e); // Saturates.
  EXPECT_EQ(floatToE4M3(-1000.0f), 0xfe);
  EXPECT_TRUE(std::isnan(e4m3ToFloat(0x7f)));
  EXPECT_EQ(e4m3ToFloat(0x01), std::ldexp(1.0f, -9));  // Smallest subnormal.
  EXPECT_EQ(floatToE4M3(std::ldexp(3.0f, -10)), 0x02); // 1.5 steps: to even.
  EXPECT_EQ(floatToE4M3(std::ldexp(1.0f, -6)), 0x08);  // Smallest normal.
  // 1 + 1/16 is halfway between 1 and 1.125: to even (down); 1 + 3/16 up.
  EXPECT_EQ(floatToE4M3(1.0625f), 0x38);
  EXPECT_EQ(floatToE4M3(1.1875f), 0x3a);
  // 1.9375 rounds up into the next binade.
  EXPECT_EQ(floatToE4M3(1.9375f), 0x40);
  // Every encoding but NaN round-trips.
  for (unsigned B = 0; B < 256; ++B)
    if ((B & 0x7f) != 0x7f) {
      EXPECT_EQ(floatToE4M3(e4m3ToFloat(uint8_t(B))), B == 0x80 ? 0x80 : B)
          << B;
    }
}

TEST(ReferenceTest, RandomInputsAreExactAndSeeded) {
  SplitMix64 R1(7), R2(7), R3(8);
  HostMatrix A = randomMatrix(ElementType::BF16, 4, 8, R1);
  HostMatrix B = randomMatrix(ElementType::BF16, 4, 8, R2);
  HostMatrix C = randomMatrix(ElementType::BF16, 4, 8, R3);
  EXPECT_EQ(A.Bytes, B.Bytes);
  EXPECT_NE(A.Bytes, C.Bytes);
  ASSERT_EQ(A.Bytes.size(), 64u);
  for (size_t I = 0; I < A.Values.size(); ++I) {
    uint16_t H;
    std::memcpy(&H, &A.Bytes[2 * I], 2);
    EXPECT_EQ(bf16ToFloat(H), A.Values[I]); // The reference reads the bytes.
    EXPECT_GE(A.Values[I], -1.0f);
    EXPECT_LE(A.Values[I], 1.0f);
  }
  SplitMix64 R4(7);
  HostMatrix F = randomMatrix(ElementType::E4M3, 16, 16, R4);
  ASSERT_EQ(F.Bytes.size(), 256u);
  for (size_t I = 0; I < F.Values.size(); ++I)
    EXPECT_EQ(e4m3ToFloat(F.Bytes[I]), F.Values[I]);
}

TEST(ReferenceTest, KnownSmallProducts) {
  // A 2 x 3, B 2 x 3 (N x K): C = A B^T.
  HostMatrix A = matrix(ElementType::BF16, 2, 3, {1, 2, 3, 4, 5, 6});
  HostMatrix B = matrix(ElementType::BF16, 2, 3, {1, 0, -1, 0.5f, 0.5f, 0.5f});
  std::vector<float> C = referenceGemm(A, B);
  ASSERT_EQ(C.size(), 4u);
  EXPECT_EQ(C[0], -2.0f); // 1 - 3
  EXPECT_EQ(C[1], 3.0f);  // (1 + 2 + 3) / 2
  EXPECT_EQ(C[2], -2.0f); // 4 - 6
  EXPECT_EQ(C[3], 7.5f);
  // M != N: A 1 x 2, B 3 x 2.
  HostMatrix A2 = matrix(ElementType::BF16, 1, 2, {2, -1});
  HostMatrix B2 = matrix(ElementType::BF16, 3, 2, {1, 1, 0, 4, 3, 0});
  EXPECT_EQ(referenceGemm(A2, B2), (std::vector<float>{1, -4, 6}));
}

TEST(ReferenceTest, AccumulatesInF32InKOrder) {
  // 2^24 + 1 + 1: f32 loses each 1 against 2^24 (ties to even), a double
  // accumulator would not; the reference is f32, like the tensor core's.
  HostMatrix A = matrix(ElementType::F32, 1, 3, {16777216.0f, 1, 1});
  HostMatrix B = matrix(ElementType::F32, 1, 3, {1, 1, 1});
  EXPECT_EQ(referenceGemm(A, B)[0], 16777216.0f);
}

TEST(ReferenceTest, Comparison) {
  std::vector<float> Want = {1, 2, 3, 4};
  Comparison Same = compareResults(Want, Want, 2, 0.01);
  EXPECT_TRUE(Same.Pass);
  EXPECT_EQ(Same.MaxError, 0.0);

  std::vector<float> Got = {1, 2.005f, 3, 3.9f};
  Comparison C = compareResults(Got, Want, 2, 0.01);
  EXPECT_FALSE(C.Pass);
  EXPECT_NEAR(C.MaxError, 0.1, 1e-6);
  EXPECT_EQ(C.Row, 1u);
  EXPECT_EQ(C.Col, 1u);
  EXPECT_EQ(C.Got, 3.9f);
  EXPECT_EQ(C.Want, 4.0f);
  EXPECT_TRUE(compareResults(Got, Want, 2, 0.2).Pass);

  // A value the kernel never wrote (C starts as NaN bytes) fails whatever
  // the bound.
  Got = {1, 2, NAN, 4};
  C = compareResults(Got, Want, 2, 1e9);
  EXPECT_FALSE(C.Pass);
  EXPECT_EQ(C.NonFinite, 1u);
  EXPECT_EQ(C.Row, 1u);
  EXPECT_EQ(C.Col, 0u);
}

} // namespace
