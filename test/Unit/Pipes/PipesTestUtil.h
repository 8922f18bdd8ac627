//===- PipesTestUtil.h - Building solve inputs in the pipes tests ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_PIPES_PIPESTESTUTIL_H
#define TILEAS_TEST_UNIT_PIPES_PIPESTESTUTIL_H

#include "tileas/Pipes/PipeSolve.h"

#include "gtest/gtest.h"

namespace tileas {
namespace pipes {
namespace test {

/// Event pipes the tests name ops by.
constexpr unsigned TMA = 4, TensorCore = 6, ALU = 0;
/// Agents (td Agent ids) the warp-specialized tests give ops.
constexpr unsigned Compute = 1, Load = 2, Mma = 3;

/// An op of the loop: its (stage, order), unit and asynchrony, issue cycle
/// and result latency.
inline unsigned addOp(SolveInput &In, unsigned Stage, unsigned Order,
                      unsigned Unit, bool Async, int64_t Start = 0,
                      unsigned Latency = 1) {
  LoopOp Op;
  Op.Stage = Stage;
  Op.Order = Order;
  Op.Unit = Unit;
  Op.Async = Async;
  Op.Start = Start;
  Op.Latency = Latency;
  In.Ops.push_back(Op);
  return In.Ops.size() - 1;
}

inline unsigned addValue(SolveInput &In, int Producer, uint64_t Bytes = 0,
                         int Budget = -1, bool LiveOut = false,
                         bool ProducedAsync = false) {
  In.Values.push_back({Producer, ProducedAsync, Bytes, Budget, LiveOut});
  return In.Values.size() - 1;
}

/// Solves In, which must be well formed.
inline SolveResult solve(const SolveInput &In) {
  llvm::Expected<SolveResult> R = solvePipes(In);
  EXPECT_TRUE(bool(R)) << llvm::toString(R.takeError());
  return R ? std::move(*R) : SolveResult();
}

} // namespace test
} // namespace pipes
} // namespace tileas

#endif // TILEAS_TEST_UNIT_PIPES_PIPESTESTUTIL_H
