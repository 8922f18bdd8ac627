//===- WgmmaKinds.h - wgmma's element types and shapes ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// What `wgmma.mma_async.sync.aligned.m64nNkK.dtype.atype.btype` (sm_90a)
// can multiply, and TileAS's 32-bit word that says it. Hopper's wgmma has no
// instruction descriptor: the element types are in the mnemonic. A typed
// wgmma builtin (`@tileas.wgmma.typed`, docs/ir-input.md) carries them as a
// constant type word:
//
//   bits 0-3 A type, 4-7 B type, 8-11 D type, bit 12 saturate (.satfinite,
//   integer kinds only); every other bit zero.
//
// with the codes of WgmmaType. The kinds (the PTX ISA's wgmma type table):
//
//   f16 x f16 -> f32 (K 16), bf16 x bf16 -> f32 (K 16), tf32 x tf32 -> f32
//   (K 8), {e4m3, e5m2} x {e4m3, e5m2} -> f32 (K 32), {s8, u8} x {s8, u8}
//   -> s32 (K 32).
//
// K follows from the types: every kind reads 32 bytes of each operand row
// per instruction. An f16 accumulator (f16 and fp8 kinds) has no TileAS
// form: a `<L x float>` holds one 32-bit value per lane, not packed f16.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_WGMMAKINDS_H
#define TILEAS_PTX_WGMMAKINDS_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <string>

namespace tileas {
namespace ptx {

/// An element type of wgmma, by its code in the type word.
enum class WgmmaType : uint8_t {
  F16 = 0,
  BF16 = 1,
  TF32 = 2,
  E4M3 = 3,
  E5M2 = 4,
  S8 = 5,
  U8 = 6,
  F32 = 7,
  S32 = 8,
};

/// The type's PTX spelling ("bf16", "e4m3", "s32", ...).
const char *wgmmaTypeName(WgmmaType T);

/// One wgmma of TileAS's forms: M = 64, A and B from shared memory through
/// K-major descriptors.
struct WgmmaKind {
  WgmmaType A = WgmmaType::BF16;
  WgmmaType B = WgmmaType::BF16;
  WgmmaType D = WgmmaType::F32;
  bool Saturate = false;
  unsigned N = 128;

  /// K of the kind: 16 for f16 and bf16, 8 for tf32, 32 for fp8 and 8-bit
  /// integers.
  unsigned k() const;
  /// Whether the kind is an integer one (s32 accumulator, no scale-a/b).
  bool isInteger() const { return D == WgmmaType::S32; }
  /// Whether the mnemonic takes the transpose immediates (f16 and bf16).
  bool hasTranspose() const {
    return A == WgmmaType::F16 || A == WgmmaType::BF16;
  }

  bool operator==(const WgmmaKind &O) const;
  bool operator!=(const WgmmaKind &O) const { return !(*this == O); }
};

/// The type word of \p Kind (N is not in it), or an error naming what has
/// no instruction.
llvm::Expected<uint32_t> encodeWgmmaTypes(const WgmmaKind &Kind);

/// The kind a type word and an N say; refuses unknown codes, set unused
/// bits, a type combination wgmma lacks, an f16 accumulator, saturation of
/// a floating-point kind, and an N the kind has no instruction for.
llvm::Expected<WgmmaKind> decodeWgmmaTypes(uint32_t Word, unsigned N);

/// Whether wgmma of these types has an m64nNkK instruction: N a multiple of
/// 8 in [8, 256] for the floating-point kinds; 8, 16, 24, then multiples of
/// 16 up to 256 for the integer ones; K the kind's.
llvm::Error checkWgmmaShape(const WgmmaKind &Kind, unsigned K);

/// The mnemonic: "wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32"
/// ("...m64n128k32.satfinite.s32.s8.u8" when saturating).
std::string wgmmaMnemonic(const WgmmaKind &Kind);

/// The immediates after scale-d: ", 1, 1, 0, 0" (scale-a, scale-b and the
/// two transposes of f16 and bf16: unscaled, K-major), ", 1, 1" (tf32 and
/// fp8 have no transpose), "" (the integer kinds have neither).
const char *wgmmaImmediates(const WgmmaKind &Kind);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_WGMMAKINDS_H
