//===- WgmmaKinds.cpp - wgmma's element types and shapes ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/WgmmaKinds.h"

#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

Error kindError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

constexpr unsigned ALo = 0, BLo = 4, DLo = 8, FieldWidth = 4;
constexpr unsigned SaturateBit = 12;
constexpr uint32_t UsedMask = (1u << (SaturateBit + 1)) - 1;
constexpr unsigned LastCode = unsigned(WgmmaType::S32);

bool isFp8(WgmmaType T) { return T == WgmmaType::E4M3 || T == WgmmaType::E5M2; }
bool isInt8(WgmmaType T) { return T == WgmmaType::S8 || T == WgmmaType::U8; }

/// Whether wgmma multiplies A x B into D (the PTX ISA's wgmma type table,
/// dense, A from shared memory): f16 and bf16 pairs of one type, tf32, the
/// fp8 pairs and the 8-bit integer pairs, mixed within fp8 and within int8.
Error checkTypes(const WgmmaKind &K) {
  auto Pair = [&] {
    return formatv("{0} x {1} -> {2}", wgmmaTypeName(K.A), wgmmaTypeName(K.B),
                   wgmmaTypeName(K.D))
        .str();
  };
  if (K.D == WgmmaType::F16 && (K.A == WgmmaType::F16 || isFp8(K.A)))
    return kindError("wgmma " + Pair() +
                     ": an f16 accumulator is packed two to a register, which "
                     "no <L x float> accumulator holds (f32 only)");
  bool Floats =
      K.D == WgmmaType::F32 &&
      ((K.A == K.B && (K.A == WgmmaType::F16 || K.A == WgmmaType::BF16 ||
                       K.A == WgmmaType::TF32)) ||
       (isFp8(K.A) && isFp8(K.B)));
  bool Ints = K.D == WgmmaType::S32 && isInt8(K.A) && isInt8(K.B);
  if (!Floats && !Ints)
    return kindError("wgmma " + Pair() +
                     " has no instruction (f16 x f16, "
                     "bf16 x bf16 and tf32 x tf32 -> f32, e4m3/e5m2 pairs -> "
                     "f32, s8/u8 pairs -> s32)");
  if (K.Saturate && !Ints)
    return kindError("wgmma " + Pair() +
                     ": .satfinite is for the integer kinds only");
  return Error::success();
}

} // namespace

const char *wgmmaTypeName(WgmmaType T) {
  switch (T) {
  case WgmmaType::F16:
    return "f16";
  case WgmmaType::BF16:
    return "bf16";
  case WgmmaType::TF32:
    return "tf32";
  case WgmmaType::E4M3:
    return "e4m3";
  case WgmmaType::E5M2:
    return "e5m2";
  case WgmmaType::S8:
    return "s8";
  case WgmmaType::U8:
    return "u8";
  case WgmmaType::F32:
    return "f32";
  case WgmmaType::S32:
    return "s32";
  }
  return "?";
}

unsigned WgmmaKind::k() const {
  if (A == WgmmaType::TF32)
    return 8;
  if (isFp8(A) || isInt8(A))
    return 32;
  return 16;
}

bool WgmmaKind::operator==(const WgmmaKind &O) const {
  return A == O.A && B == O.B && D == O.D && Saturate == O.Saturate && N == O.N;
}

Error checkWgmmaShape(const WgmmaKind &Kind, unsigned K) {
  if (K != Kind.k())
    return kindError(formatv("wgmma m64n{0}k{1}.{2}.{3}.{4}: K = {1} has no "
                             "instruction (K is {5} for {3} inputs)",
                             Kind.N, K, wgmmaTypeName(Kind.D),
                             wgmmaTypeName(Kind.A), wgmmaTypeName(Kind.B),
                             Kind.k()));
  unsigned N = Kind.N;
  // The integer kinds take N = 8, 16, 24 and then steps of 16 (the PTX ISA's
  // wgmma shape table); the floating-point kinds steps of 8.
  bool Valid = Kind.isInteger() ? (N == 8 || N == 16 || N == 24 ||
                                   (N >= 32 && N <= 256 && N % 16 == 0))
                                : (N >= 8 && N <= 256 && N % 8 == 0);
  if (!Valid)
    return kindError(formatv("wgmma m64n{0}k{1}.{2}.{3}.{4}: N = {0} has no "
                             "instruction (N is {5})",
                             N, K, wgmmaTypeName(Kind.D), wgmmaTypeName(Kind.A),
                             wgmmaTypeName(Kind.B),
                             Kind.isInteger()
                                 ? "8, 16, 24 or a multiple of 16 up to 256"
                                 : "a multiple of 8 in [8, 256]"));
  return Error::success();
}

Expected<uint32_t> encodeWgmmaTypes(const WgmmaKind &Kind) {
  if (Error E = checkTypes(Kind))
    return E;
  return (uint32_t(Kind.A) << ALo) | (uint32_t(Kind.B) << BLo) |
         (uint32_t(Kind.D) << DLo) | (uint32_t(Kind.Saturate) << SaturateBit);
}

Expected<WgmmaKind> decodeWgmmaTypes(uint32_t Word, unsigned N) {
  if (uint32_t Unused = Word & ~UsedMask)
    return kindError(formatv("wgmma type word {0:x}: bits {1:x} are set (only "
                             "bits 0-12 are used)",
                             Word, Unused));
  unsigned Codes[3] = {(Word >> ALo) & 15, (Word >> BLo) & 15,
                       (Word >> DLo) & 15};
  const char *Names[3] = {"A", "B", "D"};
  for (unsigned I = 0; I != 3; ++I)
    if (Codes[I] > LastCode)
      return kindError(formatv("wgmma type word {0:x}: {1} type code {2} is "
                               "not a type (0-8)",
                               Word, Names[I], Codes[I]));
  WgmmaKind K;
  K.A = WgmmaType(Codes[0]);
  K.B = WgmmaType(Codes[1]);
  K.D = WgmmaType(Codes[2]);
  K.Saturate = (Word >> SaturateBit) & 1;
  K.N = N;
  if (Error E = checkTypes(K))
    return E;
  if (Error E = checkWgmmaShape(K, K.k()))
    return E;
  return K;
}

std::string wgmmaMnemonic(const WgmmaKind &Kind) {
  return formatv("wgmma.mma_async.sync.aligned.m64n{0}k{1}{2}.{3}.{4}.{5}",
                 Kind.N, Kind.k(), Kind.Saturate ? ".satfinite" : "",
                 wgmmaTypeName(Kind.D), wgmmaTypeName(Kind.A),
                 wgmmaTypeName(Kind.B))
      .str();
}

const char *wgmmaImmediates(const WgmmaKind &Kind) {
  if (Kind.isInteger())
    return "";
  return Kind.hasTranspose() ? ", 1, 1, 0, 0" : ", 1, 1";
}

} // namespace ptx
} // namespace tileas
