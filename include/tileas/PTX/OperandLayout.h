//===- OperandLayout.h - MMA operand tiles in shared memory ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How a tile that tcgen05.mma reads is laid out in shared memory when its
// MN dimension is the contiguous one (an MN-major operand: A^T or B^T of the
// row-major matrices in memory), and the shared-memory descriptor fields
// and k-block advance that follow from the layout.
//
// The layout is CUTLASS's `tile_to_shape(UMMA::Layout_MN_SW128_Atom<T>,
// (MN, K))`, whose canonical form in the PTX ISA's and CUTLASS's
// descriptor documentation is, in 16-byte units,
//
//   Swizzle<3,4,3> o ((T, 8, m), (8, k)) : ((1, T, LBO), (8T, SBO))
//
// that is: an atom is 128 bytes of MN (64 bf16, 128 fp8) by 8 rows of K
// (1024 bytes, the 128-byte swizzle's repeat: chunk c of K row r at
// r * 128 + (c ^ r) * 16); the MN atoms of one 8-row group of K lie side by
// side (LBO = 1024, the stride between MN atoms), and the 8-row groups of K
// follow each other (SBO = atoms * 1024). Both offsets follow from the
// MMA's M (operand A) or N (operand B), so an MN-major operand needs nothing
// beyond its instruction descriptor, as a K-major one does.
//
// A tile of one MN atom (N = 64 bf16) is what a rank-2 TMA with the
// 128-byte swizzle writes from a row-major matrix whose rows are K: row r of
// the box at r * 128.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_OPERANDLAYOUT_H
#define TILEAS_PTX_OPERANDLAYOUT_H

#include "tileas/PTX/Descriptors.h"

#include "llvm/Support/Error.h"

#include <cstdint>

namespace tileas {
namespace ptx {

/// Bytes of MN in one 128-byte swizzle atom, and the atom's bytes (8 rows
/// of K).
constexpr unsigned MnAtomRowBytes = 128;
constexpr unsigned MnAtomBytes = 8 * MnAtomRowBytes;

/// The sm_100 shared-memory descriptor fields of an MN-major operand with
/// the 128-byte swizzle whose M or N extent is MnBytes (M or N x element
/// bytes; kind::f8f6f4's formats take a byte each in shared memory) at
/// Start: LBO 1024, SBO MnBytes / 128 * 1024, base offset 0, swizzle 128B.
/// Refuses an extent that is not whole atoms (no 128-byte swizzled
/// MN-major layout holds a part of one) and a Start that is not on a
/// swizzle repeat (1024 bytes).
llvm::Expected<SmemMatrixDesc> mnMajorSw128Desc(uint32_t Start,
                                                unsigned MnBytes);

/// The byte offset of k-block KBlock in such a tile: one MMA reads KRows
/// rows of K (16 for kind::f16, 32 for kind::f8f6f4), KRows / 8 groups of
/// SBO bytes each, so KBlock * KRows / 8 * SBO; always on a swizzle repeat.
/// Refuses KRows that is not a positive multiple of 8 and an offset past the
/// 256 KiB a descriptor addresses.
llvm::Expected<uint32_t> mnMajorKBlockOffset(unsigned KBlock, unsigned KRows,
                                             unsigned MnBytes);

/// The byte offset, inside such a tile, of 16-byte chunk Chunk (0 .. MnBytes
/// / 16 - 1, MN bytes 16 Chunk .. +15) of K row Row: the 8-row group, the
/// chunk's atom, the row in the atom, the swizzled chunk in the row. What
/// a thread that owns K row Row writes where (the printer's STS_ROW_MN).
uint32_t mnMajorChunkOffset(unsigned Row, unsigned Chunk, unsigned MnBytes);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_OPERANDLAYOUT_H
