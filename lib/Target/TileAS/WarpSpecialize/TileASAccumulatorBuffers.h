//===- TileASAccumulatorBuffers.h - One or two accumulators -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Warp-specialized, a persistent kernel's MMA agent hands each tile's
// accumulators to the epilogue (the compute warps' tensor-memory loads)
// over an accumulator full/empty pipe. With one copy of the accumulators
// in tensor memory, the MMA agent waits for the epilogue to have read tile
// t before its first MMA of tile t + 1 overwrites them; with two, it
// alternates between the copies and starts tile t + 1 while the epilogue
// reads tile t (CUTLASS's sm100 persistent GEMMs, FlashAttention 4). Two
// copies need twice the accumulators' columns of tensor memory, which
// tcgen05.alloc gives out of 512 columns of 128 lanes x 32 bits (the
// model's tensor-memory budget).
//
// The decision: double-buffered when two copies of the accumulators and
// every other allocation fit the capacity, else single, with the numbers
// for the remark. A machine without tensor memory (Hopper: wgmma's
// accumulator is registers of the issuing warpgroup) has nothing to hand
// over: single, and the remark says why.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASACCUMULATORBUFFERS_H
#define TILEAS_TILEASACCUMULATORBUFFERS_H

#include <string>

namespace tileas {
namespace model {
class Machine;
} // namespace model
} // namespace tileas

namespace llvm {

struct TileASTileNest;
class TileASTileWork;

/// Bytes of one tensor-memory column: 128 lanes of 32 bits.
constexpr unsigned TmemColumnBytes = 128 * 4;

/// Columns of tensor memory on machine M (its tensor-memory budget); 0 on a
/// machine without tensor memory.
unsigned tensorMemoryColumns(const tileas::model::Machine &M);

struct TileASAccumulatorPlan {
  /// Copies of the accumulators: 2 (double-buffered) or 1.
  unsigned Buffers = 1;
  /// Columns of one copy of the tile's accumulators.
  unsigned Columns = 0;
  /// Columns allocated for everything else.
  unsigned Others = 0;
  unsigned Capacity = 0;
  /// Why one copy, when Buffers is 1.
  std::string WhySingle;
};

/// The decision for accumulators of Columns columns beside Others columns
/// of other allocations, out of Capacity.
TileASAccumulatorPlan planAccumulatorBuffers(unsigned Columns, unsigned Others,
                                             unsigned Capacity);

/// The decision for Nest: its accumulators are the tensor-memory
/// allocations behind Work's crossings (followed through PHIs and in-place
/// rewrites), the others every other TMEM_ALLOC of the function.
TileASAccumulatorPlan planAccumulatorBuffers(const TileASTileNest &Nest,
                                             const TileASTileWork &Work);

} // namespace llvm

#endif // TILEAS_TILEASACCUMULATORBUFFERS_H
