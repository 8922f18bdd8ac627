//===- WgmmaLayout.cpp - Where a wgmma accumulator's elements live --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/WgmmaLayout.h"

#include <cassert>

namespace tileas {
namespace ptx {

MatrixElement wgmmaAccumulatorElement(unsigned Thread, unsigned Reg) {
  assert(Thread < WarpgroupThreads && "a thread of one warpgroup");
  unsigned Warp = Thread / 32, Lane = Thread % 32;
  MatrixElement E;
  E.Row = 16 * Warp + Lane / 4 + 8 * ((Reg / 2) % 2);
  E.Col = 8 * (Reg / 4) + 2 * (Lane % 4) + Reg % 2;
  return E;
}

uint32_t kMajorSwizzledByte(unsigned Row, unsigned RowByte, unsigned Rows) {
  assert(Row < Rows && "a row of the tile");
  unsigned Atom = RowByte / 128, Chunk = RowByte % 128 / 16;
  return Atom * Rows * 128 + Row * 128 + ((Chunk ^ (Row % 8)) * 16) +
         RowByte % 16;
}

PackedRowPiece wgmmaPackedRowPiece(unsigned Frag, unsigned Reg) {
  assert(Reg < 4 && "a fragment has four registers");
  // Packed register Reg holds accumulator registers 8 Frag + 2 Reg and + 1:
  // columns 16 Frag + 8 (Reg / 2) + 2 (lane mod 4), two bf16 (4 bytes) of
  // the thread's first row (Reg even) or second. In bytes: 32 Frag +
  // 16 (Reg / 2) + 4 (lane mod 4), of which 128-byte atom and 16-byte chunk.
  unsigned RowByte = 32 * Frag + 16 * (Reg / 2);
  PackedRowPiece P;
  P.Atom = RowByte / 128;
  P.Chunk = RowByte % 128 / 16;
  P.RowPlus = 8 * (Reg % 2);
  return P;
}

uint32_t wgmmaRowMajorPairOffset(unsigned Frag, unsigned Pair, unsigned Lanes) {
  assert(Pair < 2 && Frag < Lanes / 4 && "a pair of one of the fragments");
  unsigned RowBytes = 2 * Lanes * 4;
  return 8 * Pair * RowBytes + 8 * Frag * 4;
}

} // namespace ptx
} // namespace tileas
