//===- RunTestUtil.h - Helpers of the tileas-run unit tests -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_RUN_RUNTESTUTIL_H
#define TILEAS_TEST_UNIT_RUN_RUNTESTUTIL_H

#include "Problem.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

#include <string>

namespace tileas {
namespace run {
namespace test {

/// The message of E, or "" for success.
inline std::string errorOf(llvm::Error E) {
  return E ? llvm::toString(std::move(E)) : std::string();
}

template <typename T> std::string errorOf(llvm::Expected<T> V) {
  return V ? std::string() : llvm::toString(V.takeError());
}

/// The description of examples/gemm-mainloop.ll, as docs/tileas-run.md
/// writes it, with K = 1024.
inline const char *gemmMainloopJSON() {
  return R"({
    "kernel": "gemm_mainloop", "m": 128, "n": 128, "k": 1024,
    "a": "bf16", "b": "bf16", "c": "f32",
    "params": [
      {"tensor_map": "A", "box": [64, 128], "swizzle": 128},
      {"tensor_map": "B", "box": [64, 128], "swizzle": 128},
      {"pointer": "C"},
      {"u32": "k/64"}
    ],
    "grid": [1, 1, 1], "runs": 5, "seed": 3
  })";
}

inline Problem parsed(llvm::StringRef JSON) {
  llvm::Expected<Problem> P = parseProblem(JSON);
  EXPECT_TRUE(bool(P)) << (P ? "" : llvm::toString(P.takeError()));
  return P ? std::move(*P) : Problem();
}

} // namespace test
} // namespace run
} // namespace tileas

#endif // TILEAS_TEST_UNIT_RUN_RUNTESTUTIL_H
