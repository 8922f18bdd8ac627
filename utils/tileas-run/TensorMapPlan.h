//===- TensorMapPlan.h - cuTensorMapEncodeTiled args ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The values tileas-run passes to cuTensorMapEncodeTiled for a tensor-map
// parameter, computed from the problem without the driver, and the driver's
// documented rules on them (cuda.h), checked before any call so a wrong
// description is an error naming the field instead of the driver's
// CUDA_ERROR_INVALID_VALUE. The enumerations mirror cuda.h's values; the
// driver glue asserts that they match.
//
// An operand of R rows and K elements per row, K-major (row-major, K
// contiguous), with a box of {k, rows} elements:
//   - k * element bytes within the swizzle span: rank 2, dims {K, R},
//     stride {K * bytes}, box {k, rows};
//   - wider (docs/ptx.md, "Tiles wider than one swizzle row"): K-atoms of
//     128 bytes, rank 3, dims {128 / bytes, R, K * bytes / 128}, strides
//     {K * bytes, 128}, box {128 / bytes, rows, k * bytes / 128}.
// Element strides 1, interleave none, L2 promotion 256 B, no NaN fill.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_TENSORMAPPLAN_H
#define TILEAS_RUN_TENSORMAPPLAN_H

#include "Problem.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>

namespace tileas {
namespace run {

/// CUtensorMapDataType's values used here.
enum class TMADataType : unsigned { UInt8 = 0, BFloat16 = 9 };
/// CUtensorMapSwizzle.
enum class TMASwizzle : unsigned { None = 0, B32 = 1, B64 = 2, B128 = 3 };
/// CUtensorMapInterleave, CUtensorMapL2promotion, CUtensorMapFloatOOBfill.
enum class TMAInterleave : unsigned { None = 0 };
enum class TMAL2Promotion : unsigned { None = 0, B64 = 1, B128 = 2, B256 = 3 };
enum class TMAOOBFill : unsigned { None = 0 };

struct TensorMapArgs {
  TMADataType DataType = TMADataType::UInt8;
  unsigned ElementBytes = 1;
  unsigned Rank = 0;
  std::array<uint64_t, 5> GlobalDim = {};     ///< Innermost first.
  std::array<uint64_t, 4> GlobalStrides = {}; ///< Bytes, of dims 1..Rank-1.
  std::array<uint32_t, 5> BoxDim = {};
  std::array<uint32_t, 5> ElementStrides = {};
  TMAInterleave Interleave = TMAInterleave::None;
  TMASwizzle Swizzle = TMASwizzle::None;
  TMAL2Promotion L2Promotion = TMAL2Promotion::B256;
  TMAOOBFill OOBFill = TMAOOBFill::None;

  /// The bytes one box brings (what the kernel's expect_tx counts).
  uint64_t boxBytes() const;
};

/// The swizzle span in bytes (0 for none).
unsigned swizzleBytes(TMASwizzle S);

/// The arguments for parameter Param (a TensorMap) of P; errors name the
/// parameter (Where).
llvm::Expected<TensorMapArgs> planTensorMap(const Problem &P,
                                            const KernelParam &Param,
                                            llvm::StringRef Where);

/// cuTensorMapEncodeTiled's documented rules (tiled mode, interleave none):
/// rank 1-5; every dim in [1, 2^32]; every stride a multiple of 16, below
/// 2^40 and at least the extent of the dimensions inside it; every box dim
/// in [1, 256] and within its dim; the inner box a multiple of 16 bytes and
/// within the swizzle span; element strides in [1, 8].
llvm::Error checkTensorMapArgs(const TensorMapArgs &Args,
                               llvm::StringRef Where);

/// One line: `rank 2 bf16 dims {1024, 128} strides {2048} box {64, 128}
/// elementStrides {1, 1} swizzle 128B`.
void printTensorMapArgs(llvm::raw_ostream &OS, const TensorMapArgs &Args);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_TENSORMAPPLAN_H
