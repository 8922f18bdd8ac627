//===- MnMajorSwizzles.cpp - MN-major operands of every swizzle -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/MnMajorSwizzles.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

Error layoutError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Bytes of one core matrix (16 bytes of MN by 8 rows of K) and of a chunk.
constexpr unsigned CoreMatrixBytes = 128, ChunkBytes = 16;

/// The atom's MN bytes, or an error for a swizzle with no MN-major form.
Expected<unsigned> atomRowBytes(SmemSwizzle Swizzle) {
  if (unsigned W = mnMajorAtomRowBytes(Swizzle))
    return W;
  return layoutError(formatv("MN-major operand: swizzle {0} has no MN-major "
                             "layout (its 32-byte atoms are K-major only)",
                             swizzleName(Swizzle)));
}

Error checkExtent(SmemSwizzle Swizzle, unsigned W, unsigned MnBytes) {
  if (MnBytes == 0 || MnBytes % W != 0)
    return layoutError(formatv("MN-major operand: an M or N extent of {0} "
                               "bytes is not whole {1}-byte atoms of the "
                               "swizzle {2}",
                               MnBytes, W, swizzleName(Swizzle)));
  return Error::success();
}

/// The stride between 8-row groups of K: the group's MN atoms of 8 W bytes
/// side by side (unswizzled, its core matrices of 8 x 16 bytes: the same
/// formula with W = 16).
uint64_t kGroupStride(unsigned W, unsigned MnBytes) {
  return uint64_t(MnBytes) / W * 8 * W;
}

} // namespace

unsigned mnMajorAtomRowBytes(SmemSwizzle Swizzle) {
  switch (Swizzle) {
  case SmemSwizzle::Bytes128:
    return 128;
  case SmemSwizzle::Bytes64:
    return 64;
  case SmemSwizzle::Bytes32:
    return 32;
  case SmemSwizzle::None:
    return ChunkBytes;
  case SmemSwizzle::Bytes128Atom32:
    return 0;
  }
  return 0;
}

Expected<SmemMatrixDesc> mnMajorDesc(SmemSwizzle Swizzle, uint32_t Start,
                                     unsigned MnBytes) {
  Expected<unsigned> W = atomRowBytes(Swizzle);
  if (!W)
    return W.takeError();
  if (Error E = checkExtent(Swizzle, *W, MnBytes))
    return E;
  unsigned Repeat = Swizzle == SmemSwizzle::None ? ChunkBytes : 8 * *W;
  if (Start % Repeat != 0)
    return layoutError(formatv("MN-major operand: start address {0:x} is not "
                               "on a {1}-byte repeat of the swizzle {2}",
                               Start, Repeat, swizzleName(Swizzle)));
  SmemMatrixDesc D;
  D.StartAddress = Start;
  D.Swizzle = Swizzle;
  uint64_t KStride = kGroupStride(*W, MnBytes);
  if (Swizzle == SmemSwizzle::None) {
    // ((T, 1, m), (8, k)) : ((1, T, SBO), (1T, LBO)): SBO steps along MN
    // from one core matrix to the next, LBO along K.
    D.StrideByteOffset = CoreMatrixBytes;
    D.LeadingByteOffset = uint32_t(KStride);
  } else {
    // ((T, W/16, m), (8, k)) : ((1, T, LBO), (W/16 T, SBO)).
    D.LeadingByteOffset = 8 * *W;
    D.StrideByteOffset = uint32_t(KStride);
  }
  if (D.LeadingByteOffset >= SmemDescAddressLimit ||
      D.StrideByteOffset >= SmemDescAddressLimit)
    return layoutError(formatv("MN-major operand: {0} bytes of MN make a "
                               "stride of {1} bytes, past the 256 KiB a "
                               "descriptor offset holds",
                               MnBytes, KStride));
  return D;
}

Expected<uint32_t> mnMajorKBlockOffsetFor(SmemSwizzle Swizzle, unsigned KBlock,
                                          unsigned KRows, unsigned MnBytes) {
  Expected<unsigned> W = atomRowBytes(Swizzle);
  if (!W)
    return W.takeError();
  if (Error E = checkExtent(Swizzle, *W, MnBytes))
    return E;
  if (KRows == 0 || KRows % 8 != 0)
    return layoutError(formatv("MN-major k-block advance: {0} rows of K per "
                               "k-block is not a positive multiple of 8",
                               KRows));
  uint64_t Offset = uint64_t(KBlock) * (KRows / 8) * kGroupStride(*W, MnBytes);
  if (Offset >= SmemDescAddressLimit)
    return layoutError(formatv("MN-major k-block advance: k-block {0} starts "
                               "at byte {1}, past the 256 KiB a descriptor "
                               "addresses",
                               KBlock, Offset));
  return uint32_t(Offset);
}

uint32_t mnMajorChunkOffsetFor(SmemSwizzle Swizzle, unsigned Row,
                               unsigned Chunk, unsigned MnBytes) {
  unsigned W = mnMajorAtomRowBytes(Swizzle);
  unsigned ChunksPerAtom = W / ChunkBytes;
  uint32_t Group = Row / 8 * uint32_t(kGroupStride(W, MnBytes));
  uint32_t Atom = Chunk / ChunksPerAtom * 8 * W;
  // The linear place in the atom, then Swizzle<B,4,3>: address bits 7 ..
  // 7 + B - 1 XORed into the chunk bits 4 .. 4 + B - 1 (B = log2 of the
  // chunks per row; none without a swizzle).
  uint32_t InAtom = Row % 8 * W + Chunk % ChunksPerAtom * ChunkBytes;
  uint32_t Mask = ChunksPerAtom - 1;
  InAtom ^= ((InAtom >> 7) & Mask) << 4;
  return Group + Atom + InAtom;
}

} // namespace ptx
} // namespace tileas
