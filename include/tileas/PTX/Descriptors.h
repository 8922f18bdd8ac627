//===- Descriptors.h - tcgen05 and wgmma descriptor encodings ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The bit-level operands the tensor core instructions take, as values the
// PTX printer materializes with `mov.b32` / `mov.b64` and a few adds:
//
//  - the tcgen05 instruction descriptor for `tcgen05.mma ... .kind::f16`,
//    `.kind::f8f6f4`, `.kind::tf32` and `.kind::i8` (a 32-bit register
//    operand: formats, negation or saturation, operand majorness, N and M);
//  - the sm_100 shared-memory matrix descriptor of tcgen05.mma's A and B
//    operands (a 64-bit register operand: start address, leading and stride
//    byte offsets, version, base offset, layout);
//  - the sm_90 wgmma shared-memory descriptor (the same address fields, a
//    two-bit layout at the top, no version).
//
// Neither ptxas nor LLVM's NVPTX backend checks these bits: the NVPTX
// intrinsics take them as plain operands (llvm/test/CodeGen/NVPTX/
// tcgen05-mma.ll passes `i32 %idesc` and `i64` descriptors straight to
// `tcgen05.mma.cta_group::1.kind::f16 [%r1], %rd1, %rd2, %r2, %p1`), so
// this is where a bad shape or address is caught. Every encoder validates its
// input and returns an error naming the field and its value; every decoder
// refuses reserved bits and values no instruction accepts, so a decoded
// descriptor encodes back to the same bits.
//
// Layouts follow the PTX ISA's "Instruction descriptor" and "Shared memory
// descriptor" tables and CUTLASS's UMMA::InstrDescriptor,
// UMMA::SmemDescriptor and GMMA::GmmaDescriptor
// (../shared/reference/ptx/notes.md lists the published constants).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_DESCRIPTORS_H
#define TILEAS_PTX_DESCRIPTORS_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace tileas {
namespace ptx {

//===----------------------------------------------------------------------===//
// tcgen05 instruction descriptor, kind::f16
//===----------------------------------------------------------------------===//

/// The accumulator (D) format, bits 4-5: f16 and f32 for the floating-point
/// kinds, s32 for kind::i8 only.
enum class AccumFormat : uint8_t { F16 = 0, F32 = 1, S32 = 2 };
/// The A and B element formats of kind::f16, bits 7-9 and 10-12.
enum class F16InputFormat : uint8_t { F16 = 0, BF16 = 1 };
/// Which dimension of an operand is contiguous in shared memory, bits 15
/// (A) and 16 (B): K-major (the reduction dimension contiguous) or MN-major.
enum class OperandMajor : uint8_t { K = 0, MN = 1 };

/// One dense `tcgen05.mma.cta_group::1.kind::f16` as its descriptor
/// describes it. K is not encoded (kind::f16 has K = 16 for every shape);
/// it is here so that a shape with another K is refused by name.
struct MmaF16Desc {
  AccumFormat D = AccumFormat::F32;
  F16InputFormat A = F16InputFormat::BF16;
  F16InputFormat B = F16InputFormat::BF16;
  bool NegateA = false;
  bool NegateB = false;
  OperandMajor MajorA = OperandMajor::K;
  OperandMajor MajorB = OperandMajor::K;
  unsigned M = 128;
  unsigned N = 128;
  unsigned K = 16;

  bool operator==(const MmaF16Desc &O) const;
  bool operator!=(const MmaF16Desc &O) const { return !(*this == O); }
};

/// Whether cta_group::1 dense kind::f16 has an instruction of this shape
/// (the rules and their sources are in Descriptors.cpp).
llvm::Error checkMmaF16Shape(unsigned M, unsigned N, unsigned K);

/// The 32-bit descriptor, or an error naming the field that has no
/// encoding (a shape, or an accumulator format the inputs do not allow).
llvm::Expected<uint32_t> encodeMmaF16Desc(const MmaF16Desc &Desc);

/// The fields of a descriptor; refuses set reserved, sparsity, saturation
/// and shift bits, unknown formats and shapes with no instruction.
llvm::Expected<MmaF16Desc> decodeMmaF16Desc(uint32_t Bits);

/// One line for a PTX comment: "kind::f16 M128 N128 K16, f32 <- bf16 x
/// bf16, A K-major, B K-major".
std::string describeMmaF16Desc(const MmaF16Desc &Desc);

//===----------------------------------------------------------------------===//
// tcgen05 instruction descriptor, kind::f8f6f4
//===----------------------------------------------------------------------===//

/// The A and B element formats of kind::f8f6f4, bits 7-9 and 10-12 (the
/// PTX ISA's instruction descriptor table; CUTLASS's UMMA::MXF8F6F4Format).
/// Codes 2, 6 and 7 are unused. In shared memory every format takes one byte
/// per element (the 6- and 4-bit ones unpacked, in the low bits), so one
/// K = 32 MMA reads 32 bytes of each operand row whatever the format.
enum class F8F6F4Format : uint8_t {
  E4M3 = 0,
  E5M2 = 1,
  E2M3 = 3,
  E3M2 = 4,
  E2M1 = 5,
};

/// The format's name as the PTX ISA writes it ("e4m3", ...).
const char *formatName(F8F6F4Format F);

/// One dense `tcgen05.mma.cta_group::1.kind::f8f6f4` as its descriptor
/// describes it: the same fields as kind::f16 (D format 4-5, negate 13/14,
/// major 15/16, N >> 3 at 17-22, M >> 4 at 24-28) with the f8f6f4 format
/// codes. K is not encoded (32 for every dense shape); it is here so that a
/// shape with another K is refused by name.
struct MmaF8F6F4Desc {
  AccumFormat D = AccumFormat::F32;
  F8F6F4Format A = F8F6F4Format::E4M3;
  F8F6F4Format B = F8F6F4Format::E4M3;
  bool NegateA = false;
  bool NegateB = false;
  OperandMajor MajorA = OperandMajor::K;
  OperandMajor MajorB = OperandMajor::K;
  unsigned M = 128;
  unsigned N = 128;
  unsigned K = 32;

  bool operator==(const MmaF8F6F4Desc &O) const;
  bool operator!=(const MmaF8F6F4Desc &O) const { return !(*this == O); }
};

/// Whether cta_group::1 dense kind::f8f6f4 has an instruction of this shape:
/// kind::f16's M and N rules, K = 32.
llvm::Error checkMmaF8F6F4Shape(unsigned M, unsigned N, unsigned K);

/// The 32-bit descriptor, or an error naming the field that has no
/// encoding.
llvm::Expected<uint32_t> encodeMmaF8F6F4Desc(const MmaF8F6F4Desc &Desc);

/// The fields of a descriptor; refuses set reserved, sparsity, saturation
/// and shift bits, unused format codes and shapes with no instruction.
llvm::Expected<MmaF8F6F4Desc> decodeMmaF8F6F4Desc(uint32_t Bits);

/// One line for a PTX comment: "kind::f8f6f4 M128 N256 K32, f32 <- e4m3 x
/// e4m3, A K-major, B K-major".
std::string describeMmaF8F6F4Desc(const MmaF8F6F4Desc &Desc);

//===----------------------------------------------------------------------===//
// tcgen05 instruction descriptor, kind::tf32
//===----------------------------------------------------------------------===//

/// One dense `tcgen05.mma.cta_group::1.kind::tf32`: A and B are f32 in
/// shared memory read as tf32 (format code 2 at bits 7-9 and 10-12, CUTLASS's
/// UMMA::F16F32Format::TF32), the accumulator f32. The other fields are
/// kind::f16's. K is not encoded (8 for every dense shape: 32 bytes of each
/// operand row, as for the other kinds).
struct MmaTf32Desc {
  bool NegateA = false;
  bool NegateB = false;
  OperandMajor MajorA = OperandMajor::K;
  OperandMajor MajorB = OperandMajor::K;
  unsigned M = 128;
  unsigned N = 128;
  unsigned K = 8;

  bool operator==(const MmaTf32Desc &O) const;
  bool operator!=(const MmaTf32Desc &O) const { return !(*this == O); }
};

/// Whether cta_group::1 dense kind::tf32 has an instruction of this shape:
/// kind::f16's M and N rules, K = 8.
llvm::Error checkMmaTf32Shape(unsigned M, unsigned N, unsigned K);
llvm::Expected<uint32_t> encodeMmaTf32Desc(const MmaTf32Desc &Desc);
/// Refuses reserved, sparsity, saturation and shift bits, a D format other
/// than f32, A or B formats other than tf32, and shapes with no instruction.
llvm::Expected<MmaTf32Desc> decodeMmaTf32Desc(uint32_t Bits);
/// "kind::tf32 M128 N128 K8, f32 <- tf32 x tf32, A K-major, B K-major".
std::string describeMmaTf32Desc(const MmaTf32Desc &Desc);

//===----------------------------------------------------------------------===//
// tcgen05 instruction descriptor, kind::i8
//===----------------------------------------------------------------------===//

/// The A and B element formats of kind::i8, bits 7-9 and 10-12 (CUTLASS's
/// UMMA::S8Format): unsigned 0, signed 1. A and B may differ.
enum class I8Format : uint8_t { U8 = 0, S8 = 1 };

/// "u8" or "s8".
const char *formatName(I8Format F);

/// One dense `tcgen05.mma.cta_group::1.kind::i8`: 8-bit integers in, an s32
/// accumulator (D format 2). Integer MMAs have no negation (bits 13-14 are
/// zero) but may saturate the accumulator (bit 3, `.satfinite` in CUTLASS's
/// words: "valid only for S8"). K is not encoded (32 for every dense shape).
struct MmaI8Desc {
  I8Format A = I8Format::S8;
  I8Format B = I8Format::S8;
  bool Saturate = false;
  OperandMajor MajorA = OperandMajor::K;
  OperandMajor MajorB = OperandMajor::K;
  unsigned M = 128;
  unsigned N = 128;
  unsigned K = 32;

  bool operator==(const MmaI8Desc &O) const;
  bool operator!=(const MmaI8Desc &O) const { return !(*this == O); }
};

/// Whether cta_group::1 dense kind::i8 has an instruction of this shape: M 64
/// or 128; N a multiple of 16 in [16, 256], or 8 for M = 64; K = 32 (the
/// sources and the stricter reading are in Descriptors.cpp).
llvm::Error checkMmaI8Shape(unsigned M, unsigned N, unsigned K);
llvm::Expected<uint32_t> encodeMmaI8Desc(const MmaI8Desc &Desc);
/// Refuses reserved, sparsity, negation and shift bits, a D format other
/// than s32, format codes other than u8 and s8, and shapes with no
/// instruction; the saturation bit is a field.
llvm::Expected<MmaI8Desc> decodeMmaI8Desc(uint32_t Bits);
/// "kind::i8 M128 N128 K32, s32 <- s8 x u8, A K-major, B K-major" (and
/// ", saturating").
std::string describeMmaI8Desc(const MmaI8Desc &Desc);

//===----------------------------------------------------------------------===//
// Shared-memory matrix descriptors (sm_100 tcgen05, sm_90 wgmma)
//===----------------------------------------------------------------------===//

/// The swizzle of a matrix in shared memory. Both architectures encode the
/// same modes differently (and sm_90 lacks Bytes128Atom32).
enum class SmemSwizzle : uint8_t {
  None,           ///< no swizzle (8 x 16-byte core matrices, "interleave")
  Bytes32,        ///< 32-byte swizzle
  Bytes64,        ///< 64-byte swizzle
  Bytes128,       ///< 128-byte swizzle (TMA's SWIZZLE_128B)
  Bytes128Atom32, ///< 128-byte swizzle with 32-byte atoms (sm_100 only)
};

/// The swizzle's name as the PTX ISA writes it ("128B", "none", ...).
const char *swizzleName(SmemSwizzle S);

/// What a descriptor's 14-bit fields of 16-byte units address: 256 KiB.
constexpr uint64_t SmemDescAddressLimit = uint64_t(1) << 18;

/// A matrix in shared memory as tcgen05.mma and wgmma see it. Addresses and
/// offsets are in bytes (the descriptor keeps them >> 4, so each must be a
/// multiple of 16 below 256 KiB); StartAddress is in the shared window
/// (what `mov.u32 %r, smem` gives, not a generic address).
struct SmemMatrixDesc {
  uint32_t StartAddress = 0;
  uint32_t LeadingByteOffset = 0;
  uint32_t StrideByteOffset = 0;
  /// Bits 49-51: the pattern's phase when the matrix does not start on a
  /// swizzle repeat (0 for slots aligned to 1024 bytes).
  unsigned BaseOffset = 0;
  SmemSwizzle Swizzle = SmemSwizzle::None;

  bool operator==(const SmemMatrixDesc &O) const;
  bool operator!=(const SmemMatrixDesc &O) const { return !(*this == O); }
};

/// The sm_100 (tcgen05) descriptor: bits 0-13 start >> 4, 16-29 LBO >> 4,
/// 32-45 SBO >> 4, 46-47 version 1, 49-51 base offset, 61-63 layout
/// (0 none, 1 128B with 32-byte atoms, 2 128B, 4 64B, 6 32B).
llvm::Expected<uint64_t> encodeSm100SmemDesc(const SmemMatrixDesc &Desc);
llvm::Expected<SmemMatrixDesc> decodeSm100SmemDesc(uint64_t Bits);

/// The sm_90 (wgmma) descriptor: the same address and base offset fields,
/// no version, bits 62-63 layout (0 none, 1 128B, 2 64B, 3 32B).
llvm::Expected<uint64_t> encodeSm90SmemDesc(const SmemMatrixDesc &Desc);
llvm::Expected<SmemMatrixDesc> decodeSm90SmemDesc(uint64_t Bits);

/// The descriptor of the same matrix ByteOffset bytes further on: the start
/// address field advanced by ByteOffset >> 4 (what the printer's `add.s64
/// %rd, %rd, N` does). Refuses an offset that is not a multiple of 16 or
/// that carries the field out of its 14 bits (which would corrupt the
/// neighbouring bits instead of moving the matrix). Valid for both
/// architectures' descriptors.
llvm::Expected<uint64_t> advanceSmemDesc(uint64_t Bits, uint32_t ByteOffset);

/// The byte offset of k-block KBlock (K = 16 elements each) inside a K-major
/// swizzled tile of ElementBytes-wide elements: KBlock * 16 * ElementBytes.
/// Within one swizzle row the hardware applies the swizzle to the advanced
/// address, so this is exact only while the k-block stays inside the row
/// (128 bytes for Bytes128: four bf16 k-blocks); a k-block beyond it, or an
/// unswizzled tile (whose k-blocks are whole core matrices apart, a matter
/// of its leading byte offset), is refused.
llvm::Expected<uint32_t>
kMajorKBlockOffset(unsigned KBlock, unsigned ElementBytes, SmemSwizzle Swizzle);

/// The byte offset of k-block KBlock inside a K-major swizzled tile that is
/// wider than one swizzle row: the tile is K-atoms of Rows rows x the
/// swizzle's row bytes (128 for Bytes128), atom after atom, each laid out
/// like a one-row tile (docs/ptx.md, "Tiles wider than one swizzle row").
/// K-block KBlock of KBlockBytes bytes per row (K x element bytes: 32 for
/// kind::f16's K = 16 and kind::f8f6f4's K = 32) lies in atom
/// KBlock / (RowBytes / KBlockBytes), so its matrix starts
///   atom * Rows * RowBytes + (KBlock mod (RowBytes / KBlockBytes)) *
///   KBlockBytes
/// bytes into the tile. Rows is the operand's M (A) or N (B): a multiple of
/// 8, so that every atom starts on a swizzle repeat (8 rows x 128 bytes) and
/// keeps base offset 0. Refuses an unswizzled tile, a KBlockBytes that does
/// not divide the row, and Rows that is not a positive multiple of 8.
llvm::Expected<uint32_t> kMajorAtomKBlockOffset(unsigned KBlock,
                                                unsigned KBlockBytes,
                                                unsigned Rows,
                                                SmemSwizzle Swizzle);

/// One line for a PTX comment: "start 0x400, LBO 16, SBO 1024, base 0,
/// swizzle 128B".
std::string describeSmemDesc(const SmemMatrixDesc &Desc);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_DESCRIPTORS_H
