//===- OperandLayout.cpp - tcgen05.mma operand tiles in shared memory -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/OperandLayout.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

Error layoutError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

Error checkMnBytes(unsigned MnBytes) {
  if (MnBytes == 0 || MnBytes % MnAtomRowBytes != 0)
    return layoutError(formatv("MN-major operand: an M or N extent of {0} "
                               "bytes is not whole 128-byte swizzle atoms "
                               "(no 128-byte swizzled MN-major layout holds "
                               "part of one)",
                               MnBytes));
  return Error::success();
}

} // namespace

Expected<SmemMatrixDesc> mnMajorSw128Desc(uint32_t Start, unsigned MnBytes) {
  if (Error E = checkMnBytes(MnBytes))
    return std::move(E);
  if (Start % MnAtomBytes != 0)
    return layoutError(formatv("MN-major operand: start address {0:x} is not "
                               "on a 1024-byte swizzle repeat",
                               Start));
  SmemMatrixDesc D;
  D.StartAddress = Start;
  D.LeadingByteOffset = MnAtomBytes;
  D.StrideByteOffset = MnBytes / MnAtomRowBytes * MnAtomBytes;
  D.Swizzle = SmemSwizzle::Bytes128;
  return D;
}

Expected<uint32_t> mnMajorKBlockOffset(unsigned KBlock, unsigned KRows,
                                       unsigned MnBytes) {
  if (Error E = checkMnBytes(MnBytes))
    return std::move(E);
  if (KRows == 0 || KRows % 8 != 0)
    return layoutError(formatv("MN-major k-block advance: {0} rows of K per "
                               "k-block is not a positive multiple of 8 (a "
                               "swizzle repeat)",
                               KRows));
  uint64_t Sbo = uint64_t(MnBytes) / MnAtomRowBytes * MnAtomBytes;
  uint64_t Offset = uint64_t(KBlock) * (KRows / 8) * Sbo;
  if (Offset >= SmemDescAddressLimit)
    return layoutError(formatv("MN-major k-block advance: k-block {0} of {1} "
                               "rows of K over {2} bytes of MN starts at byte "
                               "{3}, past the 256 KiB a descriptor addresses",
                               KBlock, KRows, MnBytes, Offset));
  return uint32_t(Offset);
}

uint32_t mnMajorChunkOffset(unsigned Row, unsigned Chunk, unsigned MnBytes) {
  constexpr unsigned ChunksPerAtomRow = MnAtomRowBytes / 16;
  unsigned Atoms = MnBytes / MnAtomRowBytes;
  unsigned Atom = Chunk / ChunksPerAtomRow;
  unsigned InRow = Chunk % ChunksPerAtomRow;
  unsigned Swizzled = InRow ^ (Row % 8);
  return (Row / 8) * Atoms * MnAtomBytes + Atom * MnAtomBytes +
         (Row % 8) * MnAtomRowBytes + Swizzled * 16;
}

} // namespace ptx
} // namespace tileas
