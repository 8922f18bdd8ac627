//===- Reference.h - Inputs and the CPU reference GEMM ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What tileas-run compares a kernel against: seeded random inputs in
// [-1, 1] rounded to the operand's type (bf16 round-to-nearest-even; OCP
// e4m3, round-to-nearest-even, saturating at 448), the GEMM C = A B^T on the
// CPU with f32 accumulation in K order, and the comparison of a result with
// it: the largest |C - reference| against tolerance x K.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_REFERENCE_H
#define TILEAS_RUN_REFERENCE_H

#include "Problem.h"

#include "tileas/Support/SplitMix64.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace tileas {
namespace run {

uint16_t floatToBF16(float X);
float bf16ToFloat(uint16_t X);
uint8_t floatToE4M3(float X);
float e4m3ToFloat(uint8_t X);

/// A row-major matrix as the device receives it (Bytes) and as the
/// reference reads it (Values, the exact values of Bytes).
struct HostMatrix {
  ElementType Type = ElementType::F32;
  uint64_t Rows = 0, Cols = 0;
  std::vector<uint8_t> Bytes;
  std::vector<float> Values;
};

/// Rows x Cols values, each uniform in [-1, 1) and rounded to Type, drawn
/// row by row from Random.
HostMatrix randomMatrix(ElementType Type, uint64_t Rows, uint64_t Cols,
                        SplitMix64 &Random);

/// C (A.Rows x B.Rows) = A B^T: A is M x K, B is N x K; f32 accumulation in
/// K order.
std::vector<float> referenceGemm(const HostMatrix &A, const HostMatrix &B);

struct Comparison {
  double MaxError = 0; ///< The largest |got - want| (infinite if any NaN).
  uint64_t Row = 0, Col = 0; ///< Where it is.
  float Got = 0, Want = 0;
  uint64_t NonFinite = 0; ///< Results that are NaN or infinite.
  double Bound = 0;       ///< Tolerance x K.
  bool Pass = false;
};

/// Compares Got with Want (both Rows x Cols, row-major).
Comparison compareResults(llvm::ArrayRef<float> Got, llvm::ArrayRef<float> Want,
                          uint64_t Cols, double Bound);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_REFERENCE_H
