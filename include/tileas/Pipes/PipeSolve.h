//===- PipeSolve.h - Group producers and consumers into pipes ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The solve step of materialization (Schedule::solve in the seeds), free of
// any IR. Given a scheduled loop — each op's (stage, order), unit and whether
// it is asynchronous — and its buffered values (tiles in shared memory,
// accumulators in tensor memory) with who defines, rewrites in place, and
// reads them, it decides the coordination the schedule requires:
//
//  1. Values rewritten in place share a buffer: union-find joins them into
//     groups; a group's producers are the ops that define or rewrite it.
//  2. A group's owner is its earliest producer by (stage, order) (a stable
//     sort, so ties resolve the same way on every run).
//  3. A group whose producer and readers are on different units, in
//     different stages, or whose producer is asynchronous, needs a pipe:
//     a ring of depth 1 + the largest stage distance from the owner to a
//     read (a read d iterations later adds d), i.e. slack depth - 1.
//     A value produced before the loop by an asynchronous unit and read in
//     it gets a consumer-only pipe (wait once, before the loop).
//  4. A group that is rewritten in place across iterations (an accumulator,
//     or a buffer allocated before the loop and reused by every iteration)
//     cannot have a ring; if it is read inside the loop by another unit,
//     producer and readers must never overlap: a mutex (zero slack, one
//     barrier).
//     Read only after the loop, it gets a drain: the exit waits for the last
//     iteration's producers.
//  5. Barriers are assigned lowest free first from the first unreserved id;
//     buffer bytes are summed per budget pool. Exceeding a budget here is an
//     internal error (the scheduler bounds both), reported with the numbers.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PIPES_PIPESOLVE_H
#define TILEAS_PIPES_PIPESOLVE_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {
namespace pipes {

struct LoopOp {
  unsigned Stage = 0;
  unsigned Order = 0;
  unsigned Unit = 0; ///< Event pipe of the op's resource vector.
  bool Async = false;
};

struct BufferedValue {
  /// The op of the loop that defines it, or -1 for a value defined before
  /// the loop.
  int Producer = -1;
  /// For Producer == -1: defined by an asynchronous unit.
  bool ProducedAsync = false;
  /// Bytes per buffer and the budget pool they are paid from (-1: none).
  uint64_t Bytes = 0;
  int Budget = -1;
  /// Read after the loop.
  bool LiveOut = false;
};

/// Op reads Value, produced Distance iterations earlier. An in-place read is
/// the read half of a read-modify-write: Op rewrites Value's buffer (its
/// result is another value of the same buffer, or the same value one
/// iteration later).
struct Read {
  unsigned Op = 0;
  unsigned Value = 0;
  unsigned Distance = 0;
  bool InPlace = false;
  /// For an in-place read: the value Op defines in that buffer.
  int Result = -1;
};

struct SolveInput {
  std::vector<LoopOp> Ops;
  std::vector<BufferedValue> Values;
  std::vector<Read> Reads;
  /// Barriers: ids below FirstBarrier are reserved; ids up to BarrierLimit - 1
  /// may be used.
  unsigned FirstBarrier = 1;
  unsigned BarrierLimit = 16;
  unsigned BarriersPerPipe = 2;
  unsigned BarriersPerMutex = 1;
  /// Pipes are numbered from here (pipe ids are unique in a function, so
  /// that the pipes of two loops are never confused).
  unsigned FirstPipeId = 0;
  /// Capacity of each budget pool that values are paid from.
  std::vector<uint64_t> BudgetCapacity;
  std::vector<std::string> BudgetNames;
};

enum class PipeKind : uint8_t {
  Ring,         ///< Producer and consumers in the loop.
  ConsumerOnly, ///< Produced before the loop, read in it.
  Drain,        ///< Produced in the loop, read only after it.
};

struct Pipe {
  unsigned Id = 0;
  PipeKind Kind = PipeKind::Ring;
  unsigned Group = 0;
  int Owner = -1; ///< Earliest producer by (stage, order); -1 if none.
  llvm::SmallVector<unsigned, 2> Producers; ///< Sorted by (stage, order).
  /// Reads of the group by other ops, sorted by (stage + distance, order).
  llvm::SmallVector<Read, 4> Consumers;
  unsigned Depth = 1;
  uint64_t Bytes = 0;
  int Budget = -1;
  unsigned FullBarrier = 0;
  unsigned EmptyBarrier = 0; ///< Unused by consumer-only and drain pipes.
};

struct Mutex {
  unsigned Id = 0;
  unsigned Group = 0;
  unsigned Barrier = 0;
  llvm::SmallVector<unsigned, 2> Producers;
  llvm::SmallVector<unsigned, 4> Consumers;
};

struct SolveResult {
  std::vector<Pipe> Pipes;
  std::vector<Mutex> Mutexes;
  /// Group of every value.
  std::vector<unsigned> GroupOf;
  std::vector<uint64_t> BudgetUsage;
  unsigned BarriersUsed = 0;
};

/// Solves the coordination of one loop. Errors are internal errors (budgets
/// exceeded, malformed input) with a message that gives the numbers.
llvm::Expected<SolveResult> solvePipes(const SolveInput &In);

} // namespace pipes
} // namespace tileas

#endif // TILEAS_PIPES_PIPESOLVE_H
