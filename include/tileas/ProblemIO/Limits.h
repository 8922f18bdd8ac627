//===- Limits.h - Ranges the problem readers accept -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every number a reader accepts is range-checked against these bounds, so
// that no later computation (II search, footprints, budget sums) can overflow
// or allocate without bound because of a hostile file. They are far above
// anything a real loop needs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROBLEMIO_LIMITS_H
#define TILEAS_PROBLEMIO_LIMITS_H

#include <cstdint>

namespace tileas {
namespace limits {

/// Latencies and delays, in cycles (dependence latencies may be negative).
constexpr int64_t MaxLatency = 1 << 20;
/// Iteration distance of a dependence.
constexpr int64_t MaxDistance = 1 << 20;
/// How long an op holds a slot or a pool (footprint rows are materialized).
constexpr int64_t MaxDuration = 4096;
/// Capacity of a counting pool, and units charged to it.
constexpr int64_t MaxPoolCapacity = 1 << 20;
/// Capacity of a budget pool and the amount one op charges.
constexpr int64_t MaxBudgetCapacity = int64_t(1) << 48;
constexpr int64_t MaxBudgetAmount = int64_t(1) << 32;
/// Group ids and depth limits.
constexpr int64_t MaxGroupId = 1 << 20;
constexpr int64_t MaxDepth = 1 << 20;
/// II, start cycles, stages and orders in a schedule file.
constexpr int64_t MaxCycle = int64_t(1) << 30;

} // namespace limits
} // namespace tileas

#endif // TILEAS_PROBLEMIO_LIMITS_H
