//===- WgmmaLayout.h - Where wgmma accumulator elements live ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The f32 accumulator (D) of wgmma.mma_async m64nNk16, as the PTX ISA's
// "WGMMA .m64nNk16 register fragment layout for accumulator matrix D" figure
// lays it out over the 128 threads of a warpgroup: thread t (warp w = t / 32
// of the warpgroup, lane l) holds N / 2 registers d0 .. d(N/2 - 1); register
// i holds row 16 w + l / 4 + 8 ((i / 2) mod 2), column 8 (i / 4) + 2 (l mod 4)
// + (i mod 2). So a row's N columns are spread over the four threads of a
// quad (lanes 4g .. 4g + 3), and each thread holds parts of two rows, eight
// apart: registers i with i mod 4 in {0, 1} of the first, {2, 3} of the
// second. A TileAS fragment is four consecutive registers, so lanes 0 and 1
// of every fragment belong to the thread's first row, lanes 2 and 3 to its
// second: a row statistic held per lane (`tileas.row.max`) lines up with the
// accumulator through the fragment repeat <0, 1, 2, 3, 0, 1, 2, 3, ...>.
//
// Also the K-major, 128-byte swizzled tile of bf16 that the next wgmma reads
// as its A operand (docs/ptx.md, "Tiles wider than one swizzle row"), and
// how the printer writes a thread's packed bf16 registers into it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_WGMMALAYOUT_H
#define TILEAS_PTX_WGMMALAYOUT_H

#include <cstdint>

namespace tileas {
namespace ptx {

/// Threads of a warpgroup, rows of one wgmma accumulator.
constexpr unsigned WarpgroupThreads = 128;
constexpr unsigned WgmmaAccRows = 64;

/// One element of a matrix: its row and column.
struct MatrixElement {
  unsigned Row = 0;
  unsigned Col = 0;
  bool operator==(const MatrixElement &O) const {
    return Row == O.Row && Col == O.Col;
  }
};

/// Which element of an m64nN f32 accumulator register \p Reg of thread
/// \p Thread (0 .. 127 within the warpgroup) holds.
MatrixElement wgmmaAccumulatorElement(unsigned Thread, unsigned Reg);

/// The byte of element (\p Row, byte \p RowByte of the row) in a K-major
/// tile of \p Rows rows with the 128-byte swizzle, in K-atoms: atom
/// RowByte / 128 starts at byte atom x Rows x 128, and within it 16-byte
/// chunk c of row r is at r x 128 + (c xor (r mod 8)) x 16.
uint32_t kMajorSwizzledByte(unsigned Row, unsigned RowByte, unsigned Rows);

/// Where packed register \p Reg (0 .. 3) of bf16 fragment \p Frag (a
/// `cvt.rn.bf16x2.f32` of accumulator fragments 2 Frag and 2 Frag + 1: two
/// adjacent columns of one row) goes in the 64-row P tile, relative to the
/// thread's own part of it: the tile byte is
///   Atom x 64 x 128 + (first row + RowPlus) x 128
///     + (Chunk xor (first row mod 8)) x 16 + 4 (lane mod 4),
/// the first row being 16 w + l / 4; RowPlus is 0 or 8, which keeps the row
/// mod 8, so one swizzle term serves both rows.
struct PackedRowPiece {
  unsigned Atom = 0;
  unsigned RowPlus = 0;
  unsigned Chunk = 0;
};
PackedRowPiece wgmmaPackedRowPiece(unsigned Frag, unsigned Reg);

/// Where register pair \p Pair (0: registers 4 Frag and + 1, the thread's
/// first row; 1: 4 Frag + 2 and + 3, eight rows below) of f32 fragment
/// \p Frag of an m64n(2 \p Lanes) accumulator goes in a row-major f32
/// matrix of 2 Lanes columns, in bytes from the thread's first element (row
/// 16 w + l / 4, column 2 (l mod 4)): columns 8 Frag along the row, and
/// for the second pair eight rows of 8 Lanes bytes. The pair is two
/// adjacent columns, one 8-byte store.
uint32_t wgmmaRowMajorPairOffset(unsigned Frag, unsigned Pair, unsigned Lanes);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_WGMMALAYOUT_H
