//===- Problem.h - What tileas-run launches and checks ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The problem description of tileas-run (docs/tileas-run.md): a GEMM
// C (M x N, f32, row-major) = A (M x K) B^T with B stored N x K, both
// K-major, and how the kernel receives it: its parameters in order (a
// tensor map of an operand with its box and swizzle, a pointer to an
// operand, a scalar computed from the shape), the grid and block, the
// dynamic shared memory, the number of timed runs, the seed of the inputs
// and the tolerance of the comparison. Parsed from JSON; free of CUDA.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_PROBLEM_H
#define TILEAS_RUN_PROBLEM_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>

namespace tileas {
namespace run {

/// Element types of the operands: bf16 and e4m3 inputs, f32 results.
enum class ElementType { BF16, E4M3, F32 };

unsigned elementBytes(ElementType T);
llvm::StringRef elementName(ElementType T);
std::optional<ElementType> parseElementType(llvm::StringRef Name);

enum class Operand { A, B, C };
llvm::StringRef operandName(Operand O);

/// A value computed from the GEMM's shape: Coefficient * the dimension
/// named (or 1 for a constant) / Divisor, which must divide it exactly.
/// Written as `7`, `"k"`, `"k/64"` or `"n/128"` in the description.
struct ShapeValue {
  enum Dim { Constant, M, N, K } Of = Constant;
  uint64_t Literal = 1; ///< The value when Of == Constant.
  uint64_t Divisor = 1;
  std::string Text; ///< As written, for messages.
};

struct GemmShape {
  uint64_t M = 0, N = 0, K = 0;
};

/// Evaluates V for Shape; an error when the division is not exact or the
/// result is zero where Name says it may not be.
llvm::Expected<uint64_t> evaluate(const ShapeValue &V, const GemmShape &Shape,
                                  llvm::StringRef Name);

/// One kernel parameter, in the order of the kernel's .param list.
struct KernelParam {
  enum Kind { TensorMap, Pointer, ScalarU32, ScalarU64 } TheKind;
  Operand Of = Operand::A; ///< TensorMap, Pointer.
  /// TensorMap: the tile the TMA brings, innermost first, in elements:
  /// {K extent, rows}.
  std::array<uint64_t, 2> Box = {0, 0};
  unsigned Swizzle = 128; ///< TensorMap: bytes, 0 (none), 32, 64 or 128.
  ShapeValue Value;       ///< Scalars.
};

struct Problem {
  std::string Kernel;
  GemmShape Shape;
  ElementType AType = ElementType::BF16, BType = ElementType::BF16;
  ElementType CType = ElementType::F32;
  llvm::SmallVector<KernelParam, 8> Params;
  std::array<ShapeValue, 3> Grid;
  std::optional<std::array<uint64_t, 3>> Block; ///< Else the PTX's .reqntid.
  std::optional<uint64_t> SharedBytes; ///< Else the PTX's arena + 1024.
  unsigned Runs = 20;
  unsigned Warmup = 2;
  uint64_t Seed = 1;
  /// The largest accepted |C - reference| is Tolerance * K (inputs lie in
  /// [-1, 1]); unset: the default of the input type (defaultTolerance).
  std::optional<double> Tolerance;
  /// False: the kernel does not write all of C (a mainloop whose epilogue
  /// is a stand-in); it is timed, not checked.
  bool Check = true;
};

/// The tolerance per unit of K when the description names none: bf16
/// products are exact in f32, so only the order of the additions differs
/// (1e-5); e4m3 GEMMs may accumulate with fewer bits in the tensor core
/// (1e-4).
double defaultTolerance(const Problem &P);

/// Parses a description; errors name the field (`params[2].box: ...`).
llvm::Expected<Problem> parseProblem(llvm::StringRef JSONText);

/// Checks what parsing alone cannot: the shape against the parameters
/// (each operand's box divides its extents, scalars evaluate).
llvm::Error validateProblem(const Problem &P);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_PROBLEM_H
