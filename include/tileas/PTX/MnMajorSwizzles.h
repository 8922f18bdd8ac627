//===- MnMajorSwizzles.h - MN-major operands of every swizzle ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The MN-major operand tile of tcgen05.mma and wgmma for each swizzle mode:
// OperandLayout.h's 128-byte form generalized to the 64- and 32-byte
// swizzles and to no swizzle. The canonical forms (CUTLASS's GMMA / UMMA
// descriptor documentation; the PTX ISA's "matrix descriptor" canonical
// layouts), in 16-byte units T:
//
//   SW128  Swizzle<3,4,3> o ((T, 8, m), (8, k)) : ((1, T, LBO), (8T, SBO))
//   SW64   Swizzle<2,4,3> o ((T, 4, m), (8, k)) : ((1, T, LBO), (4T, SBO))
//   SW32   Swizzle<1,4,3> o ((T, 2, m), (8, k)) : ((1, T, LBO), (2T, SBO))
//   none   Swizzle<0,4,3> o ((T, 1, m), (8, k)) : ((1, T, SBO), (1T, LBO))
//
// A swizzled atom is W bytes of MN (W = 128, 64, 32) by 8 rows of K (8 W
// bytes, the swizzle's repeat), row r at r * W, its 16-byte chunk c at
// r * W + 16 (c xor ((r * W / 128) mod (W / 16))): Swizzle<B,4,3> XORs
// address bits 7 .. 7 + B - 1 into the chunk bits 4 .. 4 + B - 1 (B = 3, 2,
// 1). LBO is the stride between MN atoms, SBO the
// stride between 8-row groups of K. Without a swizzle the unit is the core
// matrix, 16 bytes of MN by 8 rows of K (128 contiguous bytes), and the
// roles swap: SBO is the stride between 16-byte MN chunks, LBO between
// 8-row groups of K.
//
// TileAS lays the MN atoms (or core matrices) of one 8-row group of K side
// by side and the groups one after the other, so both offsets follow from
// the operand's M or N extent, as in the 128-byte form.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_MNMAJORSWIZZLES_H
#define TILEAS_PTX_MNMAJORSWIZZLES_H

#include "tileas/PTX/Descriptors.h"

#include "llvm/Support/Error.h"

#include <cstdint>

namespace tileas {
namespace ptx {

/// Bytes of MN one atom of the swizzle holds: 128, 64, 32, or 16 (a core
/// matrix) for SmemSwizzle::None; 0 for the 32-byte-atom 128-byte mode,
/// which has no MN-major form here.
unsigned mnMajorAtomRowBytes(SmemSwizzle Swizzle);

/// The descriptor fields of an MN-major operand of MnBytes bytes of MN at
/// Start with the swizzle: swizzled, LBO = 8 W (the next MN atom) and SBO =
/// MnBytes / W * 8 W (the next 8-row group of K); unswizzled, SBO = 128 (the
/// next core matrix along MN) and LBO = MnBytes / 16 * 128. Refuses an
/// extent that is not whole atoms, a Start off the swizzle's repeat (8 W
/// bytes; 16 without a swizzle) and the 32-byte-atom mode.
llvm::Expected<SmemMatrixDesc> mnMajorDesc(SmemSwizzle Swizzle, uint32_t Start,
                                           unsigned MnBytes);

/// The byte offset of k-block KBlock (KRows rows of K: 16 for kind::f16, 8
/// for kind::tf32, 32 for the 8-bit kinds): KRows / 8 groups of K each, a
/// group being the descriptor's K stride (SBO swizzled, LBO unswizzled).
llvm::Expected<uint32_t> mnMajorKBlockOffsetFor(SmemSwizzle Swizzle,
                                                unsigned KBlock, unsigned KRows,
                                                unsigned MnBytes);

/// The byte offset in the tile of 16-byte chunk Chunk (MN bytes 16 Chunk ..
/// +15) of K row Row.
uint32_t mnMajorChunkOffsetFor(SmemSwizzle Swizzle, unsigned Row,
                               unsigned Chunk, unsigned MnBytes);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_MNMAJORSWIZZLES_H
