//===- TileASBuiltins.cpp - Tile builtins called by name ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASBuiltins.h"
#include "TileASISelLowering.h"
#include "TileASSelectionDAGInfo.h"
#include "tileas/PTX/WgmmaKinds.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/InstrTypes.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace llvm::TileAS;

namespace {
using T = BuiltinType;
using E = BuiltinEffect;

// Signatures (parameter types and names, as docs/ir-input.md spells them).
constexpr T TmaLoadP[] = {T::Desc, T::I32, T::I32, T::I32};
constexpr StringRef TmaLoadN[] = {"desc", "x", "y", "bytes"};
constexpr T TmaStoreP[] = {T::Tile, T::Desc, T::I32, T::I32};
constexpr StringRef TmaStoreN[] = {"tile", "desc", "x", "y"};
constexpr T CpAsyncP[] = {T::GlobalPtr, T::I32};
constexpr StringRef CpAsyncN[] = {"src", "bytes"};
constexpr T TmemAllocP[] = {T::I32};
constexpr StringRef TmemAllocN[] = {"columns"};
constexpr T MmaP[] = {T::Tmem, T::Tile, T::Tile, T::I32, T::I32};
constexpr StringRef MmaN[] = {"acc", "a", "b", "kblock", "accbytes"};
constexpr T MmaF16P[] = {T::Tmem, T::Tile, T::Tile, T::I32,
                         T::I32,  T::I32,  T::I1};
constexpr StringRef MmaF16N[] = {"acc",      "a",     "b",         "kblock",
                                 "accbytes", "idesc", "accumulate"};
constexpr T WgmmaP[] = {T::Lanes, T::Tile, T::Tile, T::I32};
constexpr StringRef WgmmaN[] = {"acc", "a", "b", "kblock"};
constexpr T WgmmaTypedP[] = {T::Lanes, T::Tile, T::Tile, T::I32, T::I32};
constexpr StringRef WgmmaTypedN[] = {"acc", "a", "b", "kblock", "types"};
constexpr T TmemLoadP[] = {T::Tmem};
constexpr StringRef TmemLoadN[] = {"t"};
constexpr T TmemLoadAtP[] = {T::Tmem, T::I32};
constexpr StringRef TmemLoadAtN[] = {"t", "column"};
constexpr T TmemStoreP[] = {T::Tmem, T::Lanes};
constexpr StringRef TmemStoreN[] = {"t", "v"};
constexpr T TmemStoreAtP[] = {T::Tmem, T::I32, T::Lanes};
constexpr StringRef TmemStoreAtN[] = {"t", "column", "v"};
constexpr T SmemTileP[] = {T::Frag, T::I32};
constexpr StringRef SmemTileN[] = {"v", "bytes"};
constexpr T SmemRowP[] = {T::Bf16Row, T::I32};
constexpr StringRef SmemRowN[] = {"row", "bytes"};
constexpr T SmemRowF32P[] = {T::F32Row, T::I32};
constexpr T TmemColumnP[] = {T::Tmem, T::I32};
constexpr StringRef TmemColumnN[] = {"t", "column"};
constexpr T SmemWideRowP[] = {T::Bf16Row, T::Bf16Row, T::I32};
constexpr StringRef SmemWideRowN[] = {"lo", "hi", "bytes"};
constexpr T SmemRowPartP[] = {T::Bf16Quarter, T::I32, T::I32};
constexpr StringRef SmemRowPartN[] = {"part", "column", "bytes"};
constexpr T SmemRowIntoP[] = {T::Tile, T::Bf16Quarter, T::I32};
constexpr StringRef SmemRowIntoN[] = {"tile", "part", "column"};
constexpr T SmemLoadP[] = {T::Tile, T::I32};
constexpr StringRef SmemLoadN[] = {"tile", "offset"};
constexpr T UnaryP[] = {T::Lanes};
constexpr StringRef UnaryN[] = {"v"};
constexpr T BinaryP[] = {T::Lanes, T::Lanes};
constexpr StringRef BinaryN[] = {"a", "b"};
constexpr T TernaryP[] = {T::Lanes, T::Lanes, T::Lanes};
constexpr StringRef TernaryN[] = {"a", "b", "c"};
constexpr T BarrierP[] = {T::I32, T::I32};
constexpr StringRef BarrierN[] = {"id", "count"};

constexpr unsigned Third[] = {3};
constexpr unsigned WideRowConstants[] = {2};
constexpr unsigned Second[] = {1};
constexpr unsigned First[] = {0};
constexpr unsigned MmaConstants[] = {3, 4};
constexpr unsigned PartConstants[] = {1, 2};
constexpr unsigned MmaF16Constants[] = {3, 4, 5};
constexpr unsigned WgmmaTypedConstants[] = {3, 4};
constexpr unsigned BothConstants[] = {0, 1};

const BuiltinInfo Builtins[] = {
    {"tileas.tma.load", TileASISD::TMA_LOAD, T::Tile, TmaLoadP, TmaLoadN, Third,
     E::Load, 0},
    {"tileas.tma.store",
     TileASISD::TMA_STORE,
     T::Void,
     TmaStoreP,
     TmaStoreN,
     {},
     E::Store,
     1},
    {"tileas.cp.async", TileASISD::CP_ASYNC, T::Tile, CpAsyncP, CpAsyncN,
     Second, E::Load, 0},
    {"tileas.tmem.alloc", TileASISD::TMEM_ALLOC, T::Tmem, TmemAllocP,
     TmemAllocN, First, E::SideEffect, -1},
    {"tileas.mma", TileASISD::MMA, T::Tmem, MmaP, MmaN, MmaConstants, E::None,
     -1},
    {"tileas.mma.f16", TileASISD::MMA_F16, T::Tmem, MmaF16P, MmaF16N,
     MmaF16Constants, E::None, -1},
    // The operands of tileas.mma.f16; %idesc is a kind::f8f6f4 descriptor.
    {"tileas.mma.f8f6f4", TileASISD::MMA_F8F6F4, T::Tmem, MmaF16P, MmaF16N,
     MmaF16Constants, E::None, -1},
    // The same operands with a kind::tf32 and a kind::i8 descriptor.
    {"tileas.mma.tf32", TileASISD::MMA_TF32, T::Tmem, MmaF16P, MmaF16N,
     MmaF16Constants, E::None, -1},
    {"tileas.mma.i8", TileASISD::MMA_I8, T::Tmem, MmaF16P, MmaF16N,
     MmaF16Constants, E::None, -1},
    // <4 x float>: the abstract machine's stand-in accumulator; <L x float>,
    // L >= 8: wgmma m64n(2L)k16 (docs/ir-input.md).
    {"tileas.wgmma", TileASISD::WGMMA, T::Lanes, WgmmaP, WgmmaN, Third, E::None,
     -1},
    // <L x float>, L >= 8: wgmma m64n(2L) of the element types %types says
    // (tileas/PTX/WgmmaKinds.h; docs/ir-input.md).
    {"tileas.wgmma.typed", TileASISD::WGMMA_TYPED, T::Lanes, WgmmaTypedP,
     WgmmaTypedN, WgmmaTypedConstants, E::None, -1},
    {"tileas.tmem.load",
     TileASISD::TMEM_LOAD,
     T::Lanes,
     TmemLoadP,
     TmemLoadN,
     {},
     E::Load,
     0},
    {"tileas.tmem.load.at", TileASISD::TMEM_LOAD, T::Lanes, TmemLoadAtP,
     TmemLoadAtN, Second, E::Load, 0},
    {"tileas.tmem.store",
     TileASISD::TMEM_STORE,
     T::Tmem,
     TmemStoreP,
     TmemStoreN,
     {},
     E::Store,
     0},
    {"tileas.tmem.store.at", TileASISD::TMEM_STORE, T::Tmem, TmemStoreAtP,
     TmemStoreAtN, Second, E::Store, 0},
    {"tileas.acc.row", TileASISD::ACC_ROW, T::I32, {}, {}, {}, E::None, -1},
    {"tileas.smem.tile", TileASISD::SMEM_TILE, T::Tile, SmemTileP, SmemTileN,
     Second, E::Store, -1},
    // The thread's bf16 row into a K-major, 128-byte swizzled tile that an
    // MMA reads (STS_ROW).
    {"tileas.smem.row", TileASISD::SMEM_TILE, T::Tile, SmemRowP, SmemRowN,
     Second, E::Store, -1},
    // The same for a row of 32 f32 (a TMA store's staging tile).
    {"tileas.smem.row.f32", TileASISD::SMEM_TILE, T::Tile, SmemRowF32P,
     SmemRowN, Second, E::Store, -1},
    // The handle of column %column (a register) of an accumulator: a loop
    // over its column sub-tiles (TMEM_COL).
    {"tileas.tmem.column",
     TileASISD::TMEM_COLUMN,
     T::Tmem,
     TmemColumnP,
     TmemColumnN,
     {},
     E::None,
     -1},
    // The thread's 128 bf16 (two halves of 64) as a row of a K-major tile of
    // two K-atoms (STS_ROW_X2), or as a K row of an MN-major, 128-byte
    // swizzled tile that an MMA reads transposed (STS_ROW_MN).
    {"tileas.smem.row.x2", TileASISD::SMEM_TILE, T::Tile, SmemWideRowP,
     SmemWideRowN, WideRowConstants, E::Store, -1},
    {"tileas.smem.row.mn", TileASISD::SMEM_TILE, T::Tile, SmemWideRowP,
     SmemWideRowN, WideRowConstants, E::Store, -1},
    // A quarter of that row (32 bf16 at %column) stored as it is made: into
    // a new tile of %bytes (.part), or into the tile another quarter's store
    // of the same layout made (.into, which returns it).
    {"tileas.smem.row.x2.part", TileASISD::SMEM_TILE, T::Tile, SmemRowPartP,
     SmemRowPartN, PartConstants, E::Store, -1},
    {"tileas.smem.row.mn.part", TileASISD::SMEM_TILE, T::Tile, SmemRowPartP,
     SmemRowPartN, PartConstants, E::Store, -1},
    {"tileas.smem.row.x2.into", TileASISD::SMEM_TILE, T::Tile, SmemRowIntoP,
     SmemRowIntoN, WideRowConstants, E::Store, 0},
    {"tileas.smem.row.mn.into", TileASISD::SMEM_TILE, T::Tile, SmemRowIntoP,
     SmemRowIntoN, WideRowConstants, E::Store, 0},
    {"tileas.smem.load",
     TileASISD::SMEM_LOAD,
     T::Frag,
     SmemLoadP,
     SmemLoadN,
     {},
     E::Load,
     0},
    {"tileas.redux.max",
     TileASISD::REDUX_MAX,
     T::Lanes,
     UnaryP,
     UnaryN,
     {},
     E::None,
     -1},
    // A row's maximum and sum over its N columns, in every lane of one
    // fragment.
    {"tileas.row.max",
     TileASISD::REDUX_MAX,
     T::Frag,
     UnaryP,
     UnaryN,
     {},
     E::None,
     -1},
    {"tileas.row.sum",
     TileASISD::REDUX_ADD,
     T::Frag,
     UnaryP,
     UnaryN,
     {},
     E::None,
     -1},
    // The sum of every lane of the value over the warp's 32 threads, in
    // every lane of one fragment (a dot product whose terms the threads
    // share).
    {"tileas.warp.sum",
     TileASISD::WARP_SUM,
     T::Frag,
     UnaryP,
     UnaryN,
     {},
     E::None,
     -1},
    {"tileas.fadd.f32x2",
     TileASISD::FADD2,
     T::Lanes,
     BinaryP,
     BinaryN,
     {},
     E::None,
     -1},
    {"tileas.fmul.f32x2",
     TileASISD::FMUL2,
     T::Lanes,
     BinaryP,
     BinaryN,
     {},
     E::None,
     -1},
    {"tileas.fma.f32x2",
     TileASISD::FFMA2,
     T::Lanes,
     TernaryP,
     TernaryN,
     {},
     E::None,
     -1},
    {"tileas.bar.sync", TileASISD::BAR_SYNC, T::Void, BarrierP, BarrierN,
     BothConstants, E::SideEffect, -1},
    {"tileas.bar.arrive", TileASISD::BAR_ARRIVE, T::Void, BarrierP, BarrierN,
     BothConstants, E::SideEffect, -1},
};

bool hasType(const Type *Ty, BuiltinType Want) {
  switch (Want) {
  case T::Void:
    return Ty->isVoidTy();
  case T::I32:
    return Ty->isIntegerTy(32);
  case T::I1:
    return Ty->isIntegerTy(1);
  case T::Desc:
    return Ty->isPointerTy() && Ty->getPointerAddressSpace() == GenericAS;
  case T::GlobalPtr:
    return Ty->isPointerTy() && Ty->getPointerAddressSpace() == GlobalAS;
  case T::Tile:
    return Ty->isPointerTy() && Ty->getPointerAddressSpace() == SharedAS;
  case T::Tmem:
    return Ty->isPointerTy() && Ty->getPointerAddressSpace() == TensorMemoryAS;
  case T::Frag:
    return fragmentLanes(Ty) == 4;
  case T::Lanes:
    return fragmentLanes(Ty) != 0;
  case T::Bf16Row:
    return bf16Lanes(Ty) == SmemRowLanes;
  case T::F32Row:
    return fragmentLanes(Ty) == SmemRowF32Lanes;
  case T::Bf16Quarter:
    return bf16Lanes(Ty) == SmemRowQuarterLanes;
  }
  llvm_unreachable("unknown builtin type");
}

StringRef spell(BuiltinType Ty) {
  switch (Ty) {
  case T::Void:
    return "void";
  case T::I32:
    return "i32";
  case T::I1:
    return "i1";
  case T::Desc:
    return "ptr";
  case T::GlobalPtr:
    return "ptr addrspace(1)";
  case T::Tile:
    return "ptr addrspace(3)";
  case T::Tmem:
    return "ptr addrspace(6)";
  case T::Frag:
    return "<4 x float>";
  case T::Lanes:
    return "<N x float>";
  case T::Bf16Row:
    return "<64 x bfloat>";
  case T::F32Row:
    return "<32 x float>";
  case T::Bf16Quarter:
    return "<32 x bfloat>";
  }
  llvm_unreachable("unknown builtin type");
}

std::string signature(const BuiltinInfo &B) {
  std::string S;
  raw_string_ostream OS(S);
  OS << spell(B.Result) << " @" << B.Name << "(";
  for (auto [I, P] : enumerate(B.Params))
    OS << (I ? ", " : "") << spell(P) << " %" << B.ParamNames[I];
  OS << ")";
  return S;
}
} // namespace

unsigned TileAS::fragmentLanes(const Type *Ty, bool Float) {
  const auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!VT || (Float ? !VT->getElementType()->isFloatTy()
                    : !VT->getElementType()->isIntegerTy(32)))
    return 0;
  unsigned N = VT->getNumElements();
  return N >= 4 && N <= MaxFragmentLanes && isPowerOf2_32(N) ? N : 0;
}

unsigned TileAS::bf16Lanes(const Type *Ty) {
  const auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!VT || !VT->getElementType()->isBFloatTy())
    return 0;
  unsigned N = VT->getNumElements();
  return N >= MinBf16Lanes && N <= MaxFragmentLanes && isPowerOf2_32(N) ? N : 0;
}

/// The type suffix LLVM's intrinsics take for a vector: v16f32 for
/// `<16 x float>`, v64bf16, v8i32; empty for any other type.
static std::string vectorSuffix(const Type *Ty) {
  const auto *VT = dyn_cast<FixedVectorType>(Ty);
  if (!VT)
    return "";
  const Type *Elt = VT->getElementType();
  StringRef Name = Elt->isFloatTy()       ? "f32"
                   : Elt->isBFloatTy()    ? "bf16"
                   : Elt->isIntegerTy(32) ? "i32"
                                          : "";
  if (Name.empty())
    return "";
  return formatv("v{0}{1}", VT->getNumElements(), Name).str();
}

/// A builtin name and its type suffix (v16f32), if \p FunctionName ends in
/// one.
static std::optional<std::pair<StringRef, StringRef>>
splitTypeSuffix(StringRef FunctionName) {
  auto [Base, Suffix] = FunctionName.rsplit('.');
  if (Suffix.size() < 3 || Suffix[0] != 'v' || !isDigit(Suffix[1]))
    return std::nullopt;
  StringRef Elt = Suffix.drop_front().drop_while(isDigit);
  if (Elt != "f32" && Elt != "bf16" && Elt != "i32")
    return std::nullopt;
  return std::make_pair(Base, Suffix);
}

const BuiltinInfo *TileAS::lookupBuiltin(StringRef FunctionName) {
  auto Find = [](StringRef Name) -> const BuiltinInfo * {
    const auto *It =
        find_if(Builtins, [&](const BuiltinInfo &B) { return B.Name == Name; });
    return It == std::end(Builtins) ? nullptr : It;
  };
  if (const BuiltinInfo *B = Find(FunctionName))
    return B;
  // A builtin used at several widths in one module is declared once per
  // width, with the width's type suffix as LLVM's intrinsics are
  // (tileas.tmem.load.at.v16f32).
  if (auto Split = splitTypeSuffix(FunctionName))
    return Find(Split->first);
  return nullptr;
}

bool TileAS::isConstantParam(const BuiltinInfo &B, unsigned Param) {
  return is_contained(B.ConstantParams, Param);
}

std::optional<std::string> TileAS::checkBuiltinCall(const BuiltinInfo &B,
                                                    const CallBase &Call) {
  const FunctionType *FT = Call.getFunctionType();
  bool Matches = FT->getNumParams() == B.Params.size() && !FT->isVarArg() &&
                 hasType(FT->getReturnType(), B.Result);
  for (unsigned I = 0; Matches && I != B.Params.size(); ++I)
    Matches = hasType(FT->getParamType(I), B.Params[I]);
  // Every `<N x float>` of the call has one N.
  unsigned Lanes = 0;
  auto SameLanes = [&](const Type *Ty, BuiltinType Want) {
    if (Want != T::Lanes)
      return true;
    unsigned N = fragmentLanes(Ty);
    if (!Lanes)
      Lanes = N;
    return N == Lanes;
  };
  Matches = Matches && SameLanes(FT->getReturnType(), B.Result);
  for (unsigned I = 0; Matches && I != B.Params.size(); ++I)
    Matches = SameLanes(FT->getParamType(I), B.Params[I]);
  if (!Matches)
    return formatv("wrong signature for @{0}: expected {1}{2}", B.Name,
                   signature(B),
                   is_contained(B.Params, T::Lanes) || B.Result == T::Lanes
                       ? " (N a power of two from 4 to 128, the same N "
                         "throughout)"
                       : "")
        .str();
  // A type suffix names the call's vector type (the result's, else the
  // first vector operand's).
  if (const Function *F = Call.getCalledFunction();
      F && F->getName() != B.Name) {
    StringRef Suffix = F->getName().drop_front(B.Name.size() + 1);
    std::string Want = vectorSuffix(FT->getReturnType());
    for (unsigned I = 0; Want.empty() && I != FT->getNumParams(); ++I)
      Want = vectorSuffix(FT->getParamType(I));
    if (Suffix != Want)
      return formatv("@{0}: the type suffix .{1} does not name the call's "
                     "vector type ({2})",
                     F->getName(), Suffix,
                     Want.empty() ? "it has none" : "." + Want)
          .str();
  }
  for (unsigned I : B.ConstantParams)
    if (!isa<ConstantInt>(Call.getArgOperand(I)))
      return formatv("operand %{0} of @{1} must be a constant", B.ParamNames[I],
                     B.Name)
          .str();
  // A quarter row starts at a quarter: column 0, 32, 64 or 96.
  if (B.Params.size() == 3 && is_contained(B.Params, T::Bf16Quarter)) {
    unsigned ColumnOp = isRowQuarterInto(B) ? 2 : 1;
    uint64_t Column =
        cast<ConstantInt>(Call.getArgOperand(ColumnOp))->getZExtValue();
    if (Column % SmemRowQuarterLanes != 0 ||
        Column + SmemRowQuarterLanes > SmemWideRowLanes)
      return formatv("@{0} writes columns {1} to {2}: a quarter of the "
                     "128-column row starts at column 0, 32, 64 or 96",
                     B.Name, Column, Column + SmemRowQuarterLanes - 1)
          .str();
    if (isRowQuarterInto(B) && !rowQuarterTileBytes(Call))
      return formatv("operand %tile of @{0} must be a tile made by @{1} (or "
                     "returned by another @{0}): the quarter is written into "
                     "that tile's layout",
                     B.Name,
                     B.Name.drop_back(StringRef(".into").size()) + ".part")
          .str();
  }
  // A typed wgmma is a real instruction: an accumulator of 8 to 128 lanes
  // (m64n16 .. m64n256) and element types wgmma has.
  if (B.Opcode == TileASISD::WGMMA_TYPED) {
    unsigned Lanes = fragmentLanes(FT->getReturnType());
    if (Lanes < 8)
      return formatv("@{0} takes an accumulator of 8 to 128 lanes (m64n16 to "
                     "m64n256), not {1}",
                     B.Name, Lanes)
          .str();
    uint64_t Word = cast<ConstantInt>(Call.getArgOperand(4))->getZExtValue();
    Expected<tileas::ptx::WgmmaKind> Kind =
        tileas::ptx::decodeWgmmaTypes(uint32_t(Word), 2 * Lanes);
    if (!Kind)
      return formatv("operand %types of @{0}: {1}", B.Name,
                     toString(Kind.takeError()))
          .str();
  }
  // A tensor-memory move stays within the 512 columns of tensor memory.
  if (B.Name.ends_with(".at")) {
    uint64_t Column = cast<ConstantInt>(Call.getArgOperand(1))->getZExtValue();
    unsigned Lanes = fragmentLanes(B.Result == T::Lanes ? FT->getReturnType()
                                                        : FT->getParamType(2));
    if (Column + Lanes > TensorMemoryColumns)
      return formatv("@{0} moves columns {1} to {2}, past the {3} columns of "
                     "tensor memory",
                     B.Name, Column, Column + Lanes - 1, TensorMemoryColumns)
          .str();
  }
  return std::nullopt;
}

bool TileAS::isRowQuarterInto(const BuiltinInfo &B) {
  return B.Name == "tileas.smem.row.x2.into" ||
         B.Name == "tileas.smem.row.mn.into";
}

std::optional<uint64_t> TileAS::rowQuarterTileBytes(const CallBase &Into) {
  StringRef Layout = Into.getCalledFunction()
                         ? Into.getCalledFunction()->getName()
                         : StringRef();
  if (!Layout.consume_back(".into"))
    return std::nullopt;
  const Value *Tile = Into.getArgOperand(0);
  // Back through the .into calls of this layout to the .part that made it
  // (a chain no longer than the row's quarters, in well-formed input).
  for (unsigned Step = 0; Step != SmemWideRowLanes / SmemRowQuarterLanes;
       ++Step) {
    const auto *Def = dyn_cast<CallBase>(Tile);
    const Function *F = Def ? Def->getCalledFunction() : nullptr;
    if (!F)
      return std::nullopt;
    if (F->getName() == (Layout + ".into").str()) {
      Tile = Def->getArgOperand(0);
      continue;
    }
    if (F->getName() != (Layout + ".part").str())
      return std::nullopt;
    const auto *Bytes = dyn_cast<ConstantInt>(Def->getArgOperand(2));
    if (!Bytes)
      return std::nullopt;
    return Bytes->getZExtValue();
  }
  return std::nullopt;
}
