//===- Descriptors.cpp - tcgen05 and wgmma descriptor encodings -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/Descriptors.h"

#include "llvm/Support/FormatVariadic.h"

#include <optional>

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

Error fieldError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// Bits [Lo, Lo + Width) of V.
constexpr uint64_t bitsOf(uint64_t V, unsigned Lo, unsigned Width) {
  return (V >> Lo) & ((uint64_t(1) << Width) - 1);
}

constexpr uint64_t field(uint64_t V, unsigned Lo) { return V << Lo; }

//===----------------------------------------------------------------------===//
// Instruction descriptor layout (kind::f16)
//===----------------------------------------------------------------------===//

// Bits 0-1 sparsity selector, 2 sparsity, 3 saturate: zero for a dense
// floating-point MMA. Bit 6, 23 and 29 are reserved; 30-31 are the integer
// kinds' maximum shift.
constexpr unsigned IdSparseLo = 0, IdSparseWidth = 3;
constexpr unsigned IdSaturate = 3;
constexpr unsigned IdDFormatLo = 4, IdDFormatWidth = 2;
constexpr unsigned IdAFormatLo = 7, IdBFormatLo = 10, IdFormatWidth = 3;
constexpr unsigned IdNegateA = 13, IdNegateB = 14;
constexpr unsigned IdMajorA = 15, IdMajorB = 16;
constexpr unsigned IdNLo = 17, IdNWidth = 6;
constexpr unsigned IdMLo = 24, IdMWidth = 5;
constexpr uint32_t IdReservedMask =
    (1u << 6) | (1u << 23) | (1u << 29) | (3u << 30) |
    (((1u << IdSparseWidth) - 1) << IdSparseLo) | (1u << IdSaturate);

const char *formatName(F16InputFormat F) {
  return F == F16InputFormat::BF16 ? "bf16" : "f16";
}

const char *formatName(AccumFormat F) {
  switch (F) {
  case AccumFormat::F16:
    return "f16";
  case AccumFormat::F32:
    return "f32";
  case AccumFormat::S32:
    return "s32";
  }
  return "?";
}

const char *majorName(OperandMajor M) {
  return M == OperandMajor::K ? "K-major" : "MN-major";
}

/// The rules an instruction descriptor's formats must meet beyond the shape.
Error checkMmaF16Formats(const MmaF16Desc &Desc) {
  // The PTX ISA's kind table (tcgen05 "Matrix Shape", Table 39) lists
  // kind::f16 with dtype .f16 for atype/btype .f16 only, and dtype .f32 for
  // .f16 or .bf16.
  if (Desc.D == AccumFormat::F16 &&
      (Desc.A != F16InputFormat::F16 || Desc.B != F16InputFormat::F16))
    return fieldError(formatv("instruction descriptor: an f16 accumulator "
                              "needs f16 inputs, not A {0} x B {1}",
                              formatName(Desc.A), formatName(Desc.B)));
  // The same table gives one input type per row; CUTLASS's SM100 f16/bf16
  // MMAs take one type for both. A mixed pair is refused until a source
  // documents it.
  if (Desc.A != Desc.B)
    return fieldError(formatv("instruction descriptor: A and B must have the "
                              "same format, not A {0} x B {1}",
                              formatName(Desc.A), formatName(Desc.B)));
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Shared-memory descriptor layout
//===----------------------------------------------------------------------===//

constexpr unsigned SdStartLo = 0, SdLboLo = 16, SdSboLo = 32, SdAddrWidth = 14;
constexpr unsigned SdVersionLo = 46, SdVersionWidth = 2;
constexpr unsigned SdBaseLo = 49, SdBaseWidth = 3;
constexpr unsigned Sm100LayoutLo = 61, Sm100LayoutWidth = 3;
constexpr unsigned Sm90LayoutLo = 62, Sm90LayoutWidth = 2;
/// Bits 14-15, 30-31 and 48 are unused in both; 52 is sm_100's
/// leading-byte-offset mode (0 here: the relative mode every swizzled
/// K-major tile uses); 53-60 unused on sm_100, 52-61 on sm_90.
constexpr uint64_t SdCommonReservedMask =
    (uint64_t(3) << 14) | (uint64_t(3) << 30) | (uint64_t(1) << 48);
constexpr uint64_t Sm100ReservedMask =
    SdCommonReservedMask | (uint64_t(0x1ff) << 52);
constexpr uint64_t Sm90ReservedMask = SdCommonReservedMask |
                                      (uint64_t(3) << SdVersionLo) |
                                      (uint64_t(0x3ff) << 52);
/// The largest byte address a 14-bit field of 16-byte units holds.
constexpr uint32_t SdAddrLimit = uint32_t(1) << (SdAddrWidth + 4);
static_assert(SdAddrLimit == SmemDescAddressLimit,
              "the descriptor's address fields and their documented reach");

Error checkAddressField(StringRef Name, uint32_t Bytes) {
  if (Bytes % 16 != 0)
    return fieldError(formatv("shared-memory descriptor: {0} {1} is not a "
                              "multiple of 16 bytes",
                              Name, Bytes));
  if (Bytes >= SdAddrLimit)
    return fieldError(formatv("shared-memory descriptor: {0} {1} does not fit "
                              "14 bits of 16-byte units (at most {2})",
                              Name, Bytes, SdAddrLimit - 16));
  return Error::success();
}

Error checkAddressFields(const SmemMatrixDesc &Desc) {
  if (Error E = checkAddressField("start address", Desc.StartAddress))
    return E;
  if (Error E =
          checkAddressField("leading byte offset", Desc.LeadingByteOffset))
    return E;
  if (Error E = checkAddressField("stride byte offset", Desc.StrideByteOffset))
    return E;
  if (Desc.BaseOffset >= (1u << SdBaseWidth))
    return fieldError(formatv("shared-memory descriptor: base offset {0} does "
                              "not fit 3 bits",
                              Desc.BaseOffset));
  return Error::success();
}

uint64_t addressBits(const SmemMatrixDesc &Desc) {
  return field(Desc.StartAddress >> 4, SdStartLo) |
         field(Desc.LeadingByteOffset >> 4, SdLboLo) |
         field(Desc.StrideByteOffset >> 4, SdSboLo) |
         field(Desc.BaseOffset, SdBaseLo);
}

SmemMatrixDesc addressFields(uint64_t Bits) {
  SmemMatrixDesc D;
  D.StartAddress = uint32_t(bitsOf(Bits, SdStartLo, SdAddrWidth) << 4);
  D.LeadingByteOffset = uint32_t(bitsOf(Bits, SdLboLo, SdAddrWidth) << 4);
  D.StrideByteOffset = uint32_t(bitsOf(Bits, SdSboLo, SdAddrWidth) << 4);
  D.BaseOffset = unsigned(bitsOf(Bits, SdBaseLo, SdBaseWidth));
  return D;
}

// Layout codes: PTX ISA "Shared memory descriptor" (tcgen05 and wgmma),
// CUTLASS UMMA::LayoutType and GMMA::LayoutType.
std::optional<unsigned> sm100LayoutCode(SmemSwizzle S) {
  switch (S) {
  case SmemSwizzle::None:
    return 0;
  case SmemSwizzle::Bytes128Atom32:
    return 1;
  case SmemSwizzle::Bytes128:
    return 2;
  case SmemSwizzle::Bytes64:
    return 4;
  case SmemSwizzle::Bytes32:
    return 6;
  }
  return std::nullopt;
}

std::optional<SmemSwizzle> sm100Swizzle(unsigned Code) {
  switch (Code) {
  case 0:
    return SmemSwizzle::None;
  case 1:
    return SmemSwizzle::Bytes128Atom32;
  case 2:
    return SmemSwizzle::Bytes128;
  case 4:
    return SmemSwizzle::Bytes64;
  case 6:
    return SmemSwizzle::Bytes32;
  }
  return std::nullopt;
}

std::optional<unsigned> sm90LayoutCode(SmemSwizzle S) {
  switch (S) {
  case SmemSwizzle::None:
    return 0;
  case SmemSwizzle::Bytes128:
    return 1;
  case SmemSwizzle::Bytes64:
    return 2;
  case SmemSwizzle::Bytes32:
    return 3;
  case SmemSwizzle::Bytes128Atom32:
    return std::nullopt;
  }
  return std::nullopt;
}

SmemSwizzle sm90Swizzle(unsigned Code) {
  constexpr SmemSwizzle ByCode[] = {SmemSwizzle::None, SmemSwizzle::Bytes128,
                                    SmemSwizzle::Bytes64, SmemSwizzle::Bytes32};
  return ByCode[Code & 3];
}

/// M and N of a dense cta_group::1 MMA of kind Kind (f16 and f8f6f4 share
/// the rules).
Error checkCtaGroup1MN(StringRef Kind, unsigned M, unsigned N) {
  // M: the PTX ISA's tcgen05 shape table (Table 39) gives cta_group::1 dense
  // kind::f16 and kind::f8f6f4 the shapes 64xNxK and 128xNxK; CUTLASS's
  // SM100_MMA_F16BF16_SS and SM100_MMA_F8F6F4_SS assert the same. (M = 256
  // needs cta_group::2, which TileAS does not emit.)
  if (M != 64 && M != 128)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::{0}: M = {1} "
                              "has no instruction (M is 64 or 128)",
                              Kind, M));
  // N: CUTLASS's SM100 MMAs assert a multiple of 8 in [8, 256] for M = 64
  // and a multiple of 16 in [16, 256] for M = 128. Recent editions of the
  // PTX ISA table list steps of 8 for both M; until a kernel runs on
  // hardware TileAS keeps the stricter rule (an N the table allows and
  // CUTLASS refuses costs a split into two MMAs, a wrong descriptor costs a
  // wrong result). N >> 3 fits the 6-bit field up to 256.
  unsigned Step = M == 64 ? 8 : 16;
  if (N < Step || N > 256 || N % Step != 0)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::{0}: N = {1} "
                              "has no instruction for M = {2} (N is a "
                              "multiple of {3} in [{3}, 256])",
                              Kind, N, M, Step));
  return Error::success();
}

/// The fields every kind shares, at their bits.
uint32_t commonIdescBits(AccumFormat D, unsigned AFormat, unsigned BFormat,
                         bool NegateA, bool NegateB, OperandMajor MajorA,
                         OperandMajor MajorB, unsigned M, unsigned N) {
  return uint32_t(field(unsigned(D), IdDFormatLo) |
                  field(AFormat, IdAFormatLo) | field(BFormat, IdBFormatLo) |
                  field(NegateA, IdNegateA) | field(NegateB, IdNegateB) |
                  field(unsigned(MajorA), IdMajorA) |
                  field(unsigned(MajorB), IdMajorB) | field(N >> 3, IdNLo) |
                  field(M >> 4, IdMLo));
}

/// The fields every kind decodes alike: negation, majors, N and M.
struct CommonFields {
  bool NegateA, NegateB;
  OperandMajor MajorA, MajorB;
  unsigned M, N;
};

CommonFields commonFields(uint32_t Bits) {
  return {bool(bitsOf(Bits, IdNegateA, 1)),
          bool(bitsOf(Bits, IdNegateB, 1)),
          OperandMajor(bitsOf(Bits, IdMajorA, 1)),
          OperandMajor(bitsOf(Bits, IdMajorB, 1)),
          unsigned(bitsOf(Bits, IdMLo, IdMWidth)) << 4,
          unsigned(bitsOf(Bits, IdNLo, IdNWidth)) << 3};
}

/// The A and B format code of kind::tf32 (CUTLASS's F16F32Format::TF32).
constexpr unsigned Tf32FormatCode = 2;

std::optional<F8F6F4Format> f8f6f4Format(unsigned Code) {
  switch (Code) {
  case 0:
    return F8F6F4Format::E4M3;
  case 1:
    return F8F6F4Format::E5M2;
  case 3:
    return F8F6F4Format::E2M3;
  case 4:
    return F8F6F4Format::E3M2;
  case 5:
    return F8F6F4Format::E2M1;
  }
  return std::nullopt;
}

} // namespace

//===----------------------------------------------------------------------===//
// Instruction descriptor
//===----------------------------------------------------------------------===//

bool MmaF16Desc::operator==(const MmaF16Desc &O) const {
  return D == O.D && A == O.A && B == O.B && NegateA == O.NegateA &&
         NegateB == O.NegateB && MajorA == O.MajorA && MajorB == O.MajorB &&
         M == O.M && N == O.N && K == O.K;
}

Error checkMmaF16Shape(unsigned M, unsigned N, unsigned K) {
  if (Error E = checkCtaGroup1MN("f16", M, N))
    return E;
  // K: 16 for every dense kind::f16 shape (Table 39; notes.md); 32 is the
  // sparse variant's, which TileAS does not emit.
  if (K != 16)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::f16: K = {0} "
                              "has no instruction (K is 16 for 16-bit "
                              "inputs)",
                              K));
  return Error::success();
}

Expected<uint32_t> encodeMmaF16Desc(const MmaF16Desc &Desc) {
  if (Error E = checkMmaF16Shape(Desc.M, Desc.N, Desc.K))
    return E;
  if (Error E = checkMmaF16Formats(Desc))
    return E;
  return commonIdescBits(Desc.D, unsigned(Desc.A), unsigned(Desc.B),
                         Desc.NegateA, Desc.NegateB, Desc.MajorA, Desc.MajorB,
                         Desc.M, Desc.N);
}

Expected<MmaF16Desc> decodeMmaF16Desc(uint32_t Bits) {
  if (uint32_t Reserved = Bits & IdReservedMask)
    return fieldError(formatv("instruction descriptor {0:x8}: reserved, "
                              "sparsity, saturation or shift bits {1:x8} are "
                              "set (a dense kind::f16 MMA has none)",
                              Bits, Reserved));
  MmaF16Desc D;
  unsigned DFormat = bitsOf(Bits, IdDFormatLo, IdDFormatWidth);
  if (DFormat > unsigned(AccumFormat::F32))
    return fieldError(formatv("instruction descriptor {0:x8}: D format {1} "
                              "is not f16 (0) or f32 (1)",
                              Bits, DFormat));
  D.D = AccumFormat(DFormat);
  unsigned AFormat = bitsOf(Bits, IdAFormatLo, IdFormatWidth);
  unsigned BFormat = bitsOf(Bits, IdBFormatLo, IdFormatWidth);
  for (auto [Name, Format] :
       {std::pair<const char *, unsigned>{"A", AFormat}, {"B", BFormat}})
    if (Format > unsigned(F16InputFormat::BF16))
      return fieldError(formatv("instruction descriptor {0:x8}: {1} format "
                                "{2} is not f16 (0) or bf16 (1)",
                                Bits, Name, Format));
  D.A = F16InputFormat(AFormat);
  D.B = F16InputFormat(BFormat);
  D.NegateA = bitsOf(Bits, IdNegateA, 1);
  D.NegateB = bitsOf(Bits, IdNegateB, 1);
  D.MajorA = OperandMajor(bitsOf(Bits, IdMajorA, 1));
  D.MajorB = OperandMajor(bitsOf(Bits, IdMajorB, 1));
  D.N = unsigned(bitsOf(Bits, IdNLo, IdNWidth)) << 3;
  D.M = unsigned(bitsOf(Bits, IdMLo, IdMWidth)) << 4;
  D.K = 16;
  if (Error E = checkMmaF16Shape(D.M, D.N, D.K))
    return E;
  if (Error E = checkMmaF16Formats(D))
    return E;
  return D;
}

std::string describeMmaF16Desc(const MmaF16Desc &Desc) {
  return formatv("kind::f16 M{0} N{1} K{2}, {3} <- {4}{5} x {6}{7}, A {8}, "
                 "B {9}",
                 Desc.M, Desc.N, Desc.K, formatName(Desc.D),
                 Desc.NegateA ? "-" : "", formatName(Desc.A),
                 Desc.NegateB ? "-" : "", formatName(Desc.B),
                 majorName(Desc.MajorA), majorName(Desc.MajorB))
      .str();
}

//===----------------------------------------------------------------------===//
// Instruction descriptor, kind::f8f6f4
//===----------------------------------------------------------------------===//

const char *formatName(F8F6F4Format F) {
  switch (F) {
  case F8F6F4Format::E4M3:
    return "e4m3";
  case F8F6F4Format::E5M2:
    return "e5m2";
  case F8F6F4Format::E2M3:
    return "e2m3";
  case F8F6F4Format::E3M2:
    return "e3m2";
  case F8F6F4Format::E2M1:
    return "e2m1";
  }
  return "?";
}

bool MmaF8F6F4Desc::operator==(const MmaF8F6F4Desc &O) const {
  return D == O.D && A == O.A && B == O.B && NegateA == O.NegateA &&
         NegateB == O.NegateB && MajorA == O.MajorA && MajorB == O.MajorB &&
         M == O.M && N == O.N && K == O.K;
}

Error checkMmaF8F6F4Shape(unsigned M, unsigned N, unsigned K) {
  if (Error E = checkCtaGroup1MN("f8f6f4", M, N))
    return E;
  // K: 32 for every dense kind::f8f6f4 shape (the PTX ISA's Table 39;
  // CUTLASS's SM100_MMA_F8F6F4_SS has K = 32); 64 is the sparse variant's.
  if (K != 32)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::f8f6f4: K = {0} "
                              "has no instruction (K is 32 for 8-, 6- and "
                              "4-bit inputs)",
                              K));
  return Error::success();
}

Expected<uint32_t> encodeMmaF8F6F4Desc(const MmaF8F6F4Desc &Desc) {
  if (Error E = checkMmaF8F6F4Shape(Desc.M, Desc.N, Desc.K))
    return E;
  // The kind table lists dtype .f32 and .f16 for every atype/btype pair of
  // kind::f8f6f4, mixed pairs included (e4m3 x e2m1 is one), so no format
  // rule applies beyond the codes the enum allows.
  return commonIdescBits(Desc.D, unsigned(Desc.A), unsigned(Desc.B),
                         Desc.NegateA, Desc.NegateB, Desc.MajorA, Desc.MajorB,
                         Desc.M, Desc.N);
}

Expected<MmaF8F6F4Desc> decodeMmaF8F6F4Desc(uint32_t Bits) {
  if (uint32_t Reserved = Bits & IdReservedMask)
    return fieldError(formatv("instruction descriptor {0:x8}: reserved, "
                              "sparsity, saturation or shift bits {1:x8} are "
                              "set (a dense kind::f8f6f4 MMA has none)",
                              Bits, Reserved));
  MmaF8F6F4Desc D;
  unsigned DFormat = bitsOf(Bits, IdDFormatLo, IdDFormatWidth);
  if (DFormat > unsigned(AccumFormat::F32))
    return fieldError(formatv("instruction descriptor {0:x8}: D format {1} "
                              "is not f16 (0) or f32 (1)",
                              Bits, DFormat));
  D.D = AccumFormat(DFormat);
  std::optional<F8F6F4Format> Formats[2];
  const char *Names[] = {"A", "B"};
  unsigned Los[] = {IdAFormatLo, IdBFormatLo};
  for (unsigned I = 0; I != 2; ++I) {
    unsigned Code = bitsOf(Bits, Los[I], IdFormatWidth);
    Formats[I] = f8f6f4Format(Code);
    if (!Formats[I])
      return fieldError(formatv("instruction descriptor {0:x8}: {1} format "
                                "{2} is not e4m3 (0), e5m2 (1), e2m3 (3), "
                                "e3m2 (4) or e2m1 (5)",
                                Bits, Names[I], Code));
  }
  D.A = *Formats[0];
  D.B = *Formats[1];
  D.NegateA = bitsOf(Bits, IdNegateA, 1);
  D.NegateB = bitsOf(Bits, IdNegateB, 1);
  D.MajorA = OperandMajor(bitsOf(Bits, IdMajorA, 1));
  D.MajorB = OperandMajor(bitsOf(Bits, IdMajorB, 1));
  D.N = unsigned(bitsOf(Bits, IdNLo, IdNWidth)) << 3;
  D.M = unsigned(bitsOf(Bits, IdMLo, IdMWidth)) << 4;
  D.K = 32;
  if (Error E = checkMmaF8F6F4Shape(D.M, D.N, D.K))
    return E;
  return D;
}

std::string describeMmaF8F6F4Desc(const MmaF8F6F4Desc &Desc) {
  return formatv("kind::f8f6f4 M{0} N{1} K{2}, {3} <- {4}{5} x {6}{7}, A {8}, "
                 "B {9}",
                 Desc.M, Desc.N, Desc.K, formatName(Desc.D),
                 Desc.NegateA ? "-" : "", formatName(Desc.A),
                 Desc.NegateB ? "-" : "", formatName(Desc.B),
                 majorName(Desc.MajorA), majorName(Desc.MajorB))
      .str();
}

//===----------------------------------------------------------------------===//
// Instruction descriptor, kind::tf32
//===----------------------------------------------------------------------===//

bool MmaTf32Desc::operator==(const MmaTf32Desc &O) const {
  return NegateA == O.NegateA && NegateB == O.NegateB && MajorA == O.MajorA &&
         MajorB == O.MajorB && M == O.M && N == O.N && K == O.K;
}

Error checkMmaTf32Shape(unsigned M, unsigned N, unsigned K) {
  // The PTX ISA's tcgen05 shape table gives kind::tf32 kind::f16's shapes
  // with K = 8 (32 bytes of 4-byte elements; CUTLASS's SM100_MMA_TF32_SS
  // reads 256 bits of K). CUTLASS allows N in steps of 8 for M = 128 here;
  // the stricter kind::f16 rule is kept for every floating-point kind.
  if (Error E = checkCtaGroup1MN("tf32", M, N))
    return E;
  if (K != 8)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::tf32: K = {0} "
                              "has no instruction (K is 8 for tf32 inputs)",
                              K));
  return Error::success();
}

Expected<uint32_t> encodeMmaTf32Desc(const MmaTf32Desc &Desc) {
  if (Error E = checkMmaTf32Shape(Desc.M, Desc.N, Desc.K))
    return E;
  return commonIdescBits(AccumFormat::F32, Tf32FormatCode, Tf32FormatCode,
                         Desc.NegateA, Desc.NegateB, Desc.MajorA, Desc.MajorB,
                         Desc.M, Desc.N);
}

Expected<MmaTf32Desc> decodeMmaTf32Desc(uint32_t Bits) {
  if (uint32_t Reserved = Bits & IdReservedMask)
    return fieldError(formatv("instruction descriptor {0:x8}: reserved, "
                              "sparsity, saturation or shift bits {1:x8} are "
                              "set (a dense kind::tf32 MMA has none)",
                              Bits, Reserved));
  unsigned DFormat = bitsOf(Bits, IdDFormatLo, IdDFormatWidth);
  if (DFormat != unsigned(AccumFormat::F32))
    return fieldError(formatv("instruction descriptor {0:x8}: D format {1} "
                              "is not f32 (1), the only accumulator of "
                              "kind::tf32",
                              Bits, DFormat));
  for (auto [Name, Lo] : {std::pair<const char *, unsigned>{"A", IdAFormatLo},
                          {"B", IdBFormatLo}}) {
    unsigned Code = bitsOf(Bits, Lo, IdFormatWidth);
    if (Code != Tf32FormatCode)
      return fieldError(formatv("instruction descriptor {0:x8}: {1} format "
                                "{2} is not tf32 (2)",
                                Bits, Name, Code));
  }
  CommonFields C = commonFields(Bits);
  MmaTf32Desc D;
  D.NegateA = C.NegateA;
  D.NegateB = C.NegateB;
  D.MajorA = C.MajorA;
  D.MajorB = C.MajorB;
  D.M = C.M;
  D.N = C.N;
  D.K = 8;
  if (Error E = checkMmaTf32Shape(D.M, D.N, D.K))
    return E;
  return D;
}

std::string describeMmaTf32Desc(const MmaTf32Desc &Desc) {
  return formatv("kind::tf32 M{0} N{1} K{2}, f32 <- {3}tf32 x {4}tf32, A {5}, "
                 "B {6}",
                 Desc.M, Desc.N, Desc.K, Desc.NegateA ? "-" : "",
                 Desc.NegateB ? "-" : "", majorName(Desc.MajorA),
                 majorName(Desc.MajorB))
      .str();
}

//===----------------------------------------------------------------------===//
// Instruction descriptor, kind::i8
//===----------------------------------------------------------------------===//

const char *formatName(I8Format F) { return F == I8Format::S8 ? "s8" : "u8"; }

bool MmaI8Desc::operator==(const MmaI8Desc &O) const {
  return A == O.A && B == O.B && Saturate == O.Saturate && MajorA == O.MajorA &&
         MajorB == O.MajorB && M == O.M && N == O.N && K == O.K;
}

Error checkMmaI8Shape(unsigned M, unsigned N, unsigned K) {
  if (M != 64 && M != 128)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::i8: M = {0} "
                              "has no instruction (M is 64 or 128)",
                              M));
  // N: CUTLASS's SM100_MMA_S8_SS asserts 8 or a multiple of 16 in [16, 256]
  // for either M; the PTX ISA's shape table lists N = 8 for M = 64 only.
  // TileAS takes both rules: N = 8 for M = 64, else steps of 16.
  bool Eight = N == 8 && M == 64;
  if (!Eight && (N < 16 || N > 256 || N % 16 != 0))
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::i8: N = {0} "
                              "has no instruction for M = {1} (N is a "
                              "multiple of 16 in [16, 256]{2})",
                              N, M, M == 64 ? ", or 8" : ""));
  if (K != 32)
    return fieldError(formatv("tcgen05.mma.cta_group::1.kind::i8: K = {0} "
                              "has no instruction (K is 32 for 8-bit integer "
                              "inputs)",
                              K));
  return Error::success();
}

Expected<uint32_t> encodeMmaI8Desc(const MmaI8Desc &Desc) {
  if (Error E = checkMmaI8Shape(Desc.M, Desc.N, Desc.K))
    return E;
  return commonIdescBits(AccumFormat::S32, unsigned(Desc.A), unsigned(Desc.B),
                         false, false, Desc.MajorA, Desc.MajorB, Desc.M,
                         Desc.N) |
         uint32_t(field(Desc.Saturate, IdSaturate));
}

Expected<MmaI8Desc> decodeMmaI8Desc(uint32_t Bits) {
  // Saturation is a field of the integer kind; negation is not (CUTLASS's
  // InstrDescriptor: negate "valid only for F32F16Format and
  // MXF8F6F4Format").
  uint32_t NotI8 = (IdReservedMask & ~(1u << IdSaturate)) | (1u << IdNegateA) |
                   (1u << IdNegateB);
  if (uint32_t Reserved = Bits & NotI8)
    return fieldError(formatv("instruction descriptor {0:x8}: reserved, "
                              "sparsity, negation or shift bits {1:x8} are "
                              "set (a dense kind::i8 MMA has none)",
                              Bits, Reserved));
  unsigned DFormat = bitsOf(Bits, IdDFormatLo, IdDFormatWidth);
  if (DFormat != unsigned(AccumFormat::S32))
    return fieldError(formatv("instruction descriptor {0:x8}: D format {1} "
                              "is not s32 (2), the only accumulator of "
                              "kind::i8",
                              Bits, DFormat));
  unsigned Codes[2] = {unsigned(bitsOf(Bits, IdAFormatLo, IdFormatWidth)),
                       unsigned(bitsOf(Bits, IdBFormatLo, IdFormatWidth))};
  const char *Names[] = {"A", "B"};
  for (unsigned I = 0; I != 2; ++I)
    if (Codes[I] > unsigned(I8Format::S8))
      return fieldError(formatv("instruction descriptor {0:x8}: {1} format "
                                "{2} is not u8 (0) or s8 (1)",
                                Bits, Names[I], Codes[I]));
  CommonFields C = commonFields(Bits);
  MmaI8Desc D;
  D.A = I8Format(Codes[0]);
  D.B = I8Format(Codes[1]);
  D.Saturate = bitsOf(Bits, IdSaturate, 1);
  D.MajorA = C.MajorA;
  D.MajorB = C.MajorB;
  D.M = C.M;
  D.N = C.N;
  D.K = 32;
  if (Error E = checkMmaI8Shape(D.M, D.N, D.K))
    return E;
  return D;
}

std::string describeMmaI8Desc(const MmaI8Desc &Desc) {
  return formatv("kind::i8 M{0} N{1} K{2}, s32 <- {3} x {4}, A {5}, B {6}{7}",
                 Desc.M, Desc.N, Desc.K, formatName(Desc.A), formatName(Desc.B),
                 majorName(Desc.MajorA), majorName(Desc.MajorB),
                 Desc.Saturate ? ", saturating" : "")
      .str();
}

//===----------------------------------------------------------------------===//
// Shared-memory descriptors
//===----------------------------------------------------------------------===//

const char *swizzleName(SmemSwizzle S) {
  switch (S) {
  case SmemSwizzle::None:
    return "none";
  case SmemSwizzle::Bytes32:
    return "32B";
  case SmemSwizzle::Bytes64:
    return "64B";
  case SmemSwizzle::Bytes128:
    return "128B";
  case SmemSwizzle::Bytes128Atom32:
    return "128B with 32B atoms";
  }
  return "?";
}

bool SmemMatrixDesc::operator==(const SmemMatrixDesc &O) const {
  return StartAddress == O.StartAddress &&
         LeadingByteOffset == O.LeadingByteOffset &&
         StrideByteOffset == O.StrideByteOffset && BaseOffset == O.BaseOffset &&
         Swizzle == O.Swizzle;
}

Expected<uint64_t> encodeSm100SmemDesc(const SmemMatrixDesc &Desc) {
  if (Error E = checkAddressFields(Desc))
    return E;
  // sm100LayoutCode covers every SmemSwizzle.
  unsigned Layout = *sm100LayoutCode(Desc.Swizzle);
  // Version 1 marks the sm_100 format (bits 46-47; PTX ISA's "fixed
  // constant" 0b001 at 46-48).
  return addressBits(Desc) | field(1, SdVersionLo) |
         field(Layout, Sm100LayoutLo);
}

Expected<SmemMatrixDesc> decodeSm100SmemDesc(uint64_t Bits) {
  if (uint64_t Reserved = Bits & Sm100ReservedMask)
    return fieldError(formatv("sm_100 shared-memory descriptor {0:x16}: "
                              "reserved bits {1:x16} are set",
                              Bits, Reserved));
  unsigned Version = bitsOf(Bits, SdVersionLo, SdVersionWidth);
  if (Version != 1)
    return fieldError(formatv("sm_100 shared-memory descriptor {0:x16}: "
                              "version {1} is not 1",
                              Bits, Version));
  unsigned Layout = bitsOf(Bits, Sm100LayoutLo, Sm100LayoutWidth);
  std::optional<SmemSwizzle> Swizzle = sm100Swizzle(Layout);
  if (!Swizzle)
    return fieldError(formatv("sm_100 shared-memory descriptor {0:x16}: "
                              "layout {1} is not a swizzle mode (0, 1, 2, 4 "
                              "or 6)",
                              Bits, Layout));
  SmemMatrixDesc D = addressFields(Bits);
  D.Swizzle = *Swizzle;
  return D;
}

Expected<uint64_t> encodeSm90SmemDesc(const SmemMatrixDesc &Desc) {
  if (Error E = checkAddressFields(Desc))
    return E;
  std::optional<unsigned> Layout = sm90LayoutCode(Desc.Swizzle);
  if (!Layout)
    return fieldError(formatv("sm_90 shared-memory descriptor: swizzle {0} "
                              "exists on sm_100 only",
                              swizzleName(Desc.Swizzle)));
  return addressBits(Desc) | field(*Layout, Sm90LayoutLo);
}

Expected<SmemMatrixDesc> decodeSm90SmemDesc(uint64_t Bits) {
  if (uint64_t Reserved = Bits & Sm90ReservedMask)
    return fieldError(formatv("sm_90 shared-memory descriptor {0:x16}: "
                              "reserved bits {1:x16} are set",
                              Bits, Reserved));
  SmemMatrixDesc D = addressFields(Bits);
  D.Swizzle = sm90Swizzle(bitsOf(Bits, Sm90LayoutLo, Sm90LayoutWidth));
  return D;
}

Expected<uint64_t> advanceSmemDesc(uint64_t Bits, uint32_t ByteOffset) {
  if (ByteOffset % 16 != 0)
    return fieldError(formatv("shared-memory descriptor advance: {0} bytes is "
                              "not a multiple of 16",
                              ByteOffset));
  uint64_t Start = bitsOf(Bits, SdStartLo, SdAddrWidth);
  uint64_t Advanced = Start + (ByteOffset >> 4);
  if (Advanced >> SdAddrWidth)
    return fieldError(formatv("shared-memory descriptor advance: start "
                              "address {0} + {1} bytes does not fit 14 bits of "
                              "16-byte units",
                              Start << 4, ByteOffset));
  return Bits + (ByteOffset >> 4);
}

Expected<uint32_t> kMajorKBlockOffset(unsigned KBlock, unsigned ElementBytes,
                                      SmemSwizzle Swizzle) {
  if (ElementBytes != 1 && ElementBytes != 2 && ElementBytes != 4)
    return fieldError(formatv("k-block advance: element size {0} bytes is not "
                              "1, 2 or 4",
                              ElementBytes));
  unsigned RowBytes = 0;
  switch (Swizzle) {
  case SmemSwizzle::None:
    return fieldError("k-block advance: an unswizzled tile's k-blocks are "
                      "whole core matrices apart (its leading byte offset), "
                      "not a start-address step");
  case SmemSwizzle::Bytes32:
    RowBytes = 32;
    break;
  case SmemSwizzle::Bytes64:
    RowBytes = 64;
    break;
  case SmemSwizzle::Bytes128:
  case SmemSwizzle::Bytes128Atom32:
    RowBytes = 128;
    break;
  }
  uint64_t Offset = uint64_t(KBlock) * 16 * ElementBytes;
  if (Offset + 16 * ElementBytes > RowBytes)
    return fieldError(formatv("k-block advance: k-block {0} of {1}-byte "
                              "elements starts at byte {2}, past the {3} "
                              "swizzle row of {4} bytes",
                              KBlock, ElementBytes, Offset,
                              swizzleName(Swizzle), RowBytes));
  return uint32_t(Offset);
}

Expected<uint32_t> kMajorAtomKBlockOffset(unsigned KBlock, unsigned KBlockBytes,
                                          unsigned Rows, SmemSwizzle Swizzle) {
  unsigned RowBytes = 0;
  switch (Swizzle) {
  case SmemSwizzle::None:
    return fieldError("k-block advance: an unswizzled tile's k-blocks are "
                      "whole core matrices apart (its leading byte offset), "
                      "not a start-address step");
  case SmemSwizzle::Bytes32:
    RowBytes = 32;
    break;
  case SmemSwizzle::Bytes64:
    RowBytes = 64;
    break;
  case SmemSwizzle::Bytes128:
  case SmemSwizzle::Bytes128Atom32:
    RowBytes = 128;
    break;
  }
  if (KBlockBytes == 0 || KBlockBytes % 16 != 0 || RowBytes % KBlockBytes)
    return fieldError(formatv("k-block advance: a k-block of {0} bytes per "
                              "row does not divide the {1} swizzle row of "
                              "{2} bytes in 16-byte steps",
                              KBlockBytes, swizzleName(Swizzle), RowBytes));
  if (Rows == 0 || Rows % 8 != 0)
    return fieldError(formatv("k-block advance: {0} rows is not a positive "
                              "multiple of 8 (a swizzle repeat)",
                              Rows));
  unsigned PerAtom = RowBytes / KBlockBytes;
  uint64_t Atom = KBlock / PerAtom;
  uint64_t Offset = Atom * Rows * RowBytes + (KBlock % PerAtom) * KBlockBytes;
  if (Offset >= SdAddrLimit)
    return fieldError(formatv("k-block advance: k-block {0} (atom {1} of {2} "
                              "rows) starts at byte {3}, past the 256 KiB a "
                              "descriptor addresses",
                              KBlock, Atom, Rows, Offset));
  return uint32_t(Offset);
}

std::string describeSmemDesc(const SmemMatrixDesc &Desc) {
  return formatv("start {0:x}, LBO {1}, SBO {2}, base {3}, swizzle {4}",
                 Desc.StartAddress, Desc.LeadingByteOffset,
                 Desc.StrideByteOffset, Desc.BaseOffset,
                 swizzleName(Desc.Swizzle))
      .str();
}

} // namespace ptx
} // namespace tileas
