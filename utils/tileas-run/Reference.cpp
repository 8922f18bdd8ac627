//===- Reference.cpp - Inputs and the CPU reference GEMM ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Reference.h"

#include <cassert>
#include <cmath>
#include <cstring>

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

uint16_t run::floatToBF16(float X) {
  uint32_t Bits;
  std::memcpy(&Bits, &X, 4);
  if (std::isnan(X))
    return uint16_t((Bits >> 16) | 0x40); // A quiet NaN of the same sign.
  // Round to nearest, ties to even, on the 16 bits dropped.
  Bits += 0x7fff + ((Bits >> 16) & 1);
  return uint16_t(Bits >> 16);
}

float run::bf16ToFloat(uint16_t X) {
  uint32_t Bits = uint32_t(X) << 16;
  float F;
  std::memcpy(&F, &Bits, 4);
  return F;
}

// e4m3 (OCP FP8, "E4M3FN"): sign, 4 exponent bits (bias 7), 3 mantissa
// bits; no infinities; S.1111.111 is NaN; the largest value is 448
// (1.75 x 2^8); subnormals are m x 2^-9.
uint8_t run::floatToE4M3(float X) {
  if (std::isnan(X))
    return 0x7f;
  uint8_t Sign = std::signbit(X) ? 0x80 : 0;
  double A = std::fabs(double(X));
  if (A >= 448)
    return Sign | 0x7e; // Saturate: no infinity to round to.
  if (A < std::ldexp(1.0, -6)) {
    // Subnormal: steps of 2^-9; 8 steps is the smallest normal, whose
    // encoding (exponent 1, mantissa 0) is 8 as well.
    return Sign | uint8_t(std::nearbyint(A * 512));
  }
  int Exp;
  double Frac = std::frexp(A, &Exp); // A = Frac x 2^Exp, Frac in [0.5, 1).
  int E = Exp - 1;                   // A = (1 + m) x 2^E.
  unsigned M = unsigned(std::nearbyint((Frac * 2 - 1) * 8));
  if (M == 8) {
    M = 0;
    ++E;
  }
  unsigned Biased = unsigned(E + 7);
  if (Biased > 15 || (Biased == 15 && M == 7))
    return Sign | 0x7e;
  return Sign | uint8_t(Biased << 3 | M);
}

float run::e4m3ToFloat(uint8_t X) {
  float Sign = (X & 0x80) ? -1.0f : 1.0f;
  unsigned Exp = (X >> 3) & 15, Man = X & 7;
  if (Exp == 15 && Man == 7)
    return std::nanf("");
  if (Exp == 0)
    return Sign * std::ldexp(float(Man), -9);
  return Sign * std::ldexp(1.0f + float(Man) / 8, int(Exp) - 7);
}

HostMatrix run::randomMatrix(ElementType Type, uint64_t Rows, uint64_t Cols,
                             SplitMix64 &Random) {
  HostMatrix H;
  H.Type = Type;
  H.Rows = Rows;
  H.Cols = Cols;
  uint64_t N = Rows * Cols;
  H.Bytes.resize(N * elementBytes(Type));
  H.Values.resize(N);
  for (uint64_t I = 0; I < N; ++I) {
    // 24 random bits: a float in [-1, 1) with no rounding of its own.
    float X = float(Random.next() >> 40) * 0x1p-23f - 1.0f;
    switch (Type) {
    case ElementType::BF16: {
      uint16_t B = floatToBF16(X);
      std::memcpy(&H.Bytes[2 * I], &B, 2);
      H.Values[I] = bf16ToFloat(B);
      break;
    }
    case ElementType::E4M3: {
      uint8_t B = floatToE4M3(X);
      H.Bytes[I] = B;
      H.Values[I] = e4m3ToFloat(B);
      break;
    }
    case ElementType::F32:
      std::memcpy(&H.Bytes[4 * I], &X, 4);
      H.Values[I] = X;
      break;
    }
  }
  return H;
}

std::vector<float> run::referenceGemm(const HostMatrix &A,
                                      const HostMatrix &B) {
  assert(A.Cols == B.Cols && "A and B must share K");
  uint64_t M = A.Rows, N = B.Rows, K = A.Cols;
  std::vector<float> C(M * N);
  for (uint64_t I = 0; I < M; ++I) {
    const float *ARow = &A.Values[I * K];
    for (uint64_t J = 0; J < N; ++J) {
      const float *BRow = &B.Values[J * K];
      float Acc = 0;
      for (uint64_t L = 0; L < K; ++L)
        Acc += ARow[L] * BRow[L];
      C[I * N + J] = Acc;
    }
  }
  return C;
}

Comparison run::compareResults(ArrayRef<float> Got, ArrayRef<float> Want,
                               uint64_t Cols, double Bound) {
  assert(Got.size() == Want.size() && Cols && "shapes differ");
  Comparison C;
  C.Bound = Bound;
  for (size_t I = 0; I < Got.size(); ++I) {
    double Err =
        std::isfinite(Got[I]) ? std::fabs(double(Got[I]) - Want[I]) : INFINITY;
    if (!std::isfinite(Got[I]))
      ++C.NonFinite;
    if (Err > C.MaxError || (I == 0 && Err == 0)) {
      C.MaxError = Err;
      C.Row = I / Cols;
      C.Col = I % Cols;
      C.Got = Got[I];
      C.Want = Want[I];
    }
  }
  C.Pass = C.NonFinite == 0 && C.MaxError <= Bound;
  return C;
}
