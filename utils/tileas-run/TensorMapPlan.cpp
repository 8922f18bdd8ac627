//===- TensorMapPlan.cpp - The arguments of cuTensorMapEncodeTiled --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TensorMapPlan.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

unsigned run::swizzleBytes(TMASwizzle S) {
  switch (S) {
  case TMASwizzle::None:
    return 0;
  case TMASwizzle::B32:
    return 32;
  case TMASwizzle::B64:
    return 64;
  case TMASwizzle::B128:
    return 128;
  }
  llvm_unreachable("swizzle");
}

uint64_t TensorMapArgs::boxBytes() const {
  uint64_t Bytes = ElementBytes;
  for (unsigned I = 0; I < Rank; ++I)
    Bytes *= BoxDim[I];
  return Bytes;
}

/// The swizzle of a span in bytes (0, 32, 64 or 128; parsing checked it).
static TMASwizzle swizzleOf(unsigned Bytes) {
  switch (Bytes) {
  case 32:
    return TMASwizzle::B32;
  case 64:
    return TMASwizzle::B64;
  case 128:
    return TMASwizzle::B128;
  default:
    return TMASwizzle::None;
  }
}

Expected<TensorMapArgs> run::planTensorMap(const Problem &P,
                                           const KernelParam &Param,
                                           StringRef Where) {
  assert(Param.TheKind == KernelParam::TensorMap && "not a tensor map");
  ElementType T = Param.Of == Operand::A ? P.AType : P.BType;
  uint64_t Rows = Param.Of == Operand::A ? P.Shape.M : P.Shape.N;
  uint64_t Bytes = elementBytes(T);
  TensorMapArgs Args;
  Args.DataType =
      T == ElementType::BF16 ? TMADataType::BFloat16 : TMADataType::UInt8;
  Args.ElementBytes = unsigned(Bytes);
  Args.Swizzle = swizzleOf(Param.Swizzle);
  uint64_t RowBytes = P.Shape.K * Bytes;
  uint64_t BoxKBytes = Param.Box[0] * Bytes;
  unsigned Span = Param.Swizzle;

  if (Span == 0 || BoxKBytes <= Span) {
    Args.Rank = 2;
    Args.GlobalDim = {P.Shape.K, Rows};
    Args.GlobalStrides = {RowBytes};
    Args.BoxDim = {uint32_t(Param.Box[0]), uint32_t(Param.Box[1])};
  } else {
    // K-atoms: the tile is atom after atom of rows x 128 bytes, which a
    // rank-3 box writes dimension 0 fastest (docs/ptx.md).
    if (Span != 128)
      return createStringError(formatv(
          "{0}.box: {1} bytes of K exceed the {2}-byte swizzle span; only "
          "the 128-byte swizzle splits a tile into K-atoms",
          Where, BoxKBytes, Span));
    if (BoxKBytes % 128 != 0 || RowBytes % 128 != 0)
      return createStringError(formatv(
          "{0}.box: a tile split into 128-byte K-atoms needs the box's K "
          "({1} bytes) and the row ({2} bytes) to be multiples of 128",
          Where, BoxKBytes, RowBytes));
    Args.Rank = 3;
    Args.GlobalDim = {128 / Bytes, Rows, RowBytes / 128};
    Args.GlobalStrides = {RowBytes, 128};
    Args.BoxDim = {uint32_t(128 / Bytes), uint32_t(Param.Box[1]),
                   uint32_t(BoxKBytes / 128)};
  }
  for (unsigned I = 0; I < Args.Rank; ++I)
    Args.ElementStrides[I] = 1;
  if (Error E = checkTensorMapArgs(Args, Where))
    return E;
  return Args;
}

Error run::checkTensorMapArgs(const TensorMapArgs &Args, StringRef Where) {
  auto fail = [&](const Twine &Msg) {
    return createStringError(Where + ": tensor map: " + Msg);
  };
  if (Args.Rank < 1 || Args.Rank > 5)
    return fail(formatv("rank {0} is not in [1, 5]", Args.Rank));
  for (unsigned I = 0; I < Args.Rank; ++I)
    if (Args.GlobalDim[I] < 1 || Args.GlobalDim[I] > (uint64_t(1) << 32))
      return fail(
          formatv("dim {0} is {1}, not in [1, 2^32]", I, Args.GlobalDim[I]));
  // Rows must not overlap: stride 0 covers dim 0. The outer strides may
  // step back inside a row (the K-atom form's stride 1 is 128 bytes).
  uint64_t RowBytes = Args.GlobalDim[0] * Args.ElementBytes;
  for (unsigned I = 0; I + 1 < Args.Rank; ++I) {
    uint64_t S = Args.GlobalStrides[I];
    if (S % 16 != 0)
      return fail(
          formatv("stride {0} is {1} bytes, not a multiple of 16", I, S));
    if (S >= (uint64_t(1) << 40))
      return fail(formatv("stride {0} is {1} bytes, not below 2^40", I, S));
    if (I == 0 && S < RowBytes)
      return fail(
          formatv("stride 0 is {0} bytes, less than dim 0's {1}", S, RowBytes));
  }
  for (unsigned I = 0; I < Args.Rank; ++I) {
    uint32_t B = Args.BoxDim[I];
    if (B < 1 || B > 256)
      return fail(formatv("box dim {0} is {1}, not in [1, 256]", I, B));
    if (B > Args.GlobalDim[I])
      return fail(formatv("box dim {0} is {1}, larger than the tensor's {2}", I,
                          B, Args.GlobalDim[I]));
    if (Args.ElementStrides[I] < 1 || Args.ElementStrides[I] > 8)
      return fail(formatv("element stride {0} is {1}, not in [1, 8]", I,
                          Args.ElementStrides[I]));
  }
  uint64_t InnerBox = uint64_t(Args.BoxDim[0]) * Args.ElementBytes;
  if (InnerBox % 16 != 0)
    return fail(
        formatv("the inner box is {0} bytes, not a multiple of 16", InnerBox));
  unsigned Span = swizzleBytes(Args.Swizzle);
  if (Span != 0 && InnerBox > Span)
    return fail(formatv("the inner box is {0} bytes, more than the {1}-byte "
                        "swizzle span",
                        InnerBox, Span));
  return Error::success();
}

void run::printTensorMapArgs(raw_ostream &OS, const TensorMapArgs &Args) {
  auto list = [&](auto Values, unsigned N) {
    OS << "{";
    for (unsigned I = 0; I < N; ++I)
      OS << (I ? ", " : "") << Values[I];
    OS << "}";
  };
  OS << "rank " << Args.Rank << " "
     << (Args.DataType == TMADataType::BFloat16 ? "bf16" : "u8") << " dims ";
  list(Args.GlobalDim, Args.Rank);
  OS << " strides ";
  list(Args.GlobalStrides, Args.Rank - 1);
  OS << " box ";
  list(Args.BoxDim, Args.Rank);
  OS << " elementStrides ";
  list(Args.ElementStrides, Args.Rank);
  unsigned Span = swizzleBytes(Args.Swizzle);
  OS << " swizzle ";
  if (Span)
    OS << Span << "B";
  else
    OS << "none";
  OS << " (" << Args.boxBytes() << " bytes a box)";
}
