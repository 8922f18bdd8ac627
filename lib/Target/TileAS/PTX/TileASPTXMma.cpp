//===- TileASPTXMma.cpp - tcgen05.mma and its descriptors in PTX ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One tcgen05.mma.cta_group::1 per MMA_TMEM, MMA_TMEM_F16, MMA_TMEM_F8F6F4,
// MMA_TMEM_TF32 or MMA_TMEM_I8: the instruction descriptor checked against
// the kind, the shared-memory descriptors of A and B at the instruction's
// k-block (inside one swizzle row, or in a later K-atom of a wider tile; or,
// for an MN-major operand, its MN atoms side by side and k-blocks whole 8-row
// groups of K apart), the enable-input-d predicate.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "PTX/TileASPTXText.h"

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "tileas/PTX/Descriptors.h"
#include "tileas/PTX/OperandLayout.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <optional>

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

/// What the printer needs of an instruction descriptor.
struct MmaInstr {
  StringRef Kind; ///< "f16", "f8f6f4", "tf32" or "i8"
  uint32_t Bits = 0;
  unsigned M = 0, N = 0;
  OperandMajor MajorA = OperandMajor::K, MajorB = OperandMajor::K;
  /// Bytes of one element in shared memory (kind::f8f6f4's 6- and 4-bit
  /// formats unpacked: one byte) and rows of K one MMA reads.
  unsigned ElementBytes = 2, KRows = 16;
  std::string Text; ///< the descriptor, described for a comment
};

/// Bytes of each operand row that one MMA reads: kind::f16's K = 16 of
/// 2-byte elements, kind::f8f6f4's and kind::i8's K = 32 of 1-byte ones
/// (f8f6f4's 6- and 4-bit formats are unpacked in shared memory) and
/// kind::tf32's K = 8 of 4-byte ones are all 32.
constexpr unsigned KBlockBytes = 32;

/// An MN-major operand is printed when the 128-byte swizzled MN-major layout
/// (tileas/PTX/OperandLayout.h) holds its M or N extent: whole atoms of 128
/// bytes.
Error checkMNMajor(StringRef Operand, OperandMajor Major, unsigned Extent,
                   unsigned ElementBytes) {
  if (Major == OperandMajor::K)
    return Error::success();
  Expected<SmemMatrixDesc> D = mnMajorSw128Desc(0, Extent * ElementBytes);
  if (D)
    return Error::success();
  consumeError(D.takeError());
  return createStringError(
      inconvertibleErrorCode(),
      formatv("operand {0} is MN-major with {1} {2} ({3} bytes of MN): no "
              "128-byte swizzled MN-major layout holds it (an atom is 128 "
              "bytes of MN)",
              Operand, Operand == "A" ? "M" : "N", Extent,
              Extent * ElementBytes));
}

Expected<MmaInstr> f16Instr(uint32_t Bits) {
  Expected<MmaF16Desc> D = decodeMmaF16Desc(Bits);
  if (!D)
    return D.takeError();
  if (Error E = checkMNMajor("A", D->MajorA, D->M, 2))
    return std::move(E);
  if (Error E = checkMNMajor("B", D->MajorB, D->N, 2))
    return std::move(E);
  return MmaInstr{"f16", Bits,      D->M,
                  D->N,  D->MajorA, D->MajorB,
                  2,     16,        describeMmaF16Desc(*D)};
}

Expected<MmaInstr> f8f6f4Instr(uint32_t Bits) {
  Expected<MmaF8F6F4Desc> D = decodeMmaF8F6F4Desc(Bits);
  if (!D)
    return D.takeError();
  // The 6- and 4-bit formats sit unpacked in shared memory, a byte per
  // element, which the K-major layouts are documented for; their MN-major
  // form is not, so it is refused (the stricter reading).
  auto SubByte = [](F8F6F4Format F) {
    return F != F8F6F4Format::E4M3 && F != F8F6F4Format::E5M2;
  };
  if ((D->MajorA == OperandMajor::MN && SubByte(D->A)) ||
      (D->MajorB == OperandMajor::MN && SubByte(D->B)))
    return createStringError(inconvertibleErrorCode(),
                             "an MN-major operand of a 6- or 4-bit format "
                             "(only e4m3 and e5m2 tiles are printed MN-major)");
  if (Error E = checkMNMajor("A", D->MajorA, D->M, 1))
    return std::move(E);
  if (Error E = checkMNMajor("B", D->MajorB, D->N, 1))
    return std::move(E);
  return MmaInstr{"f8f6f4", Bits,      D->M,
                  D->N,     D->MajorA, D->MajorB,
                  1,        32,        describeMmaF8F6F4Desc(*D)};
}

Expected<MmaInstr> tf32Instr(uint32_t Bits) {
  Expected<MmaTf32Desc> D = decodeMmaTf32Desc(Bits);
  if (!D)
    return D.takeError();
  // tf32 sits in shared memory as f32: 4 bytes per element.
  if (Error E = checkMNMajor("A", D->MajorA, D->M, 4))
    return E;
  if (Error E = checkMNMajor("B", D->MajorB, D->N, 4))
    return E;
  return MmaInstr{"tf32", Bits,      D->M,
                  D->N,   D->MajorA, D->MajorB,
                  4,      8,         describeMmaTf32Desc(*D)};
}

Expected<MmaInstr> i8Instr(uint32_t Bits) {
  Expected<MmaI8Desc> D = decodeMmaI8Desc(Bits);
  if (!D)
    return D.takeError();
  if (Error E = checkMNMajor("A", D->MajorA, D->M, 1))
    return E;
  if (Error E = checkMNMajor("B", D->MajorB, D->N, 1))
    return E;
  return MmaInstr{"i8", Bits,      D->M,
                  D->N, D->MajorA, D->MajorB,
                  1,    32,        describeMmaI8Desc(*D)};
}

/// The kind an MMA opcode prints and the decoder of its descriptor.
struct MmaKind {
  StringRef Name;
  Expected<MmaInstr> (*Decode)(uint32_t);
};

MmaKind mmaKind(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::MMA_TMEM_F8F6F4:
    return {"f8f6f4", f8f6f4Instr};
  case TileAS::MMA_TMEM_TF32:
    return {"tf32", tf32Instr};
  case TileAS::MMA_TMEM_I8:
    return {"i8", i8Instr};
  default: // MMA_TMEM, MMA_TMEM_F16
    return {"f16", f16Instr};
  }
}

/// The tile in register Tile as the instruction that produced it says (TMA,
/// bulk copy or shared store), found above User in its block through
/// copies: its bytes and whether a TMA filled it. None where the tile comes
/// from another block (a ring slot, an earlier iteration, another agent).
std::optional<std::pair<uint64_t, bool>>
producedTile(const MachineInstr &User, Register Tile,
             const TargetRegisterInfo &TRI) {
  const MachineBasicBlock &MBB = *User.getParent();
  for (auto It = std::next(User.getReverseIterator()); It != MBB.rend(); ++It) {
    if (!It->modifiesRegister(Tile, &TRI))
      continue;
    if (std::optional<uint64_t> Bytes = TileAS::producedTileBytes(*It))
      return std::make_pair(*Bytes, It->getOpcode() == TileAS::TMA_LOAD);
    if (!It->isCopy())
      return std::nullopt;
    Tile = It->getOperand(1).getReg();
  }
  return std::nullopt;
}

} // namespace

Error KernelEmitter::kBlockError(const MachineInstr &MI, unsigned KBlock,
                                 Error E) const {
  return createStringError(
      inconvertibleErrorCode(),
      formatv("{0} bb.{1}: {2}: k-block {3}: {4}", MF.getName(),
              MI.getParent()->getNumber(),
              MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode()), KBlock,
              toString(std::move(E))));
}

Error KernelEmitter::smemDescriptor(raw_ostream &OS, const MachineInstr &MI,
                                    Register Tile, unsigned KBlock,
                                    unsigned Rows, StringRef Operand,
                                    StringRef Dst) {
  auto Fail = [&](Error E) { return kBlockError(MI, KBlock, std::move(E)); };
  SmemMatrixDesc D;
  D.LeadingByteOffset = 16;
  D.StrideByteOffset = 1024;
  D.Swizzle = SmemSwizzle::Bytes128;
  Expected<uint64_t> Bits = encodeSm100SmemDesc(D);
  Expected<uint32_t> Advance =
      kMajorAtomKBlockOffset(KBlock, KBlockBytes, Rows, SmemSwizzle::Bytes128);
  if (!Bits || !Advance)
    return Fail(joinErrors(Bits.takeError(), Advance.takeError()));
  // The k-block's atom must lie in the tile where its producer is known: a
  // rank-2 TMA box fills one atom, anything else holds Bytes / atom atoms.
  uint64_t AtomBytes = uint64_t(Rows) * 128;
  uint64_t Atom = *Advance / AtomBytes;
  if (auto Produced = producedTile(MI, Tile, TRI)) {
    auto [Bytes, ByTma] = *Produced;
    uint64_t Atoms =
        ByTma && Bytes <= MaxSwizzledBoxBytes ? 1 : Bytes / AtomBytes;
    if (Atom >= Atoms)
      return Fail(createStringError(
          inconvertibleErrorCode(),
          formatv("operand {0}: its atom {1} of {2} rows x 128 bytes is past "
                  "the tile ({3} bytes, {4} atom{5})",
                  Operand, Atom, Rows, Bytes, Atoms, Atoms == 1 ? "" : "s")));
  }
  OS << "\tshr.u32 %x11, " << reg(Tile) << ", 4;\n"
     << "\tand.b32 %x11, %x11, 16383;\n\tcvt.u64.u32 " << Dst << ", %x11;\n"
     << "\tor.b64 " << Dst << ", " << Dst << ", " << formatv("{0:x}", *Bits)
     << ";\t// " << describeSmemDesc(D) << "\n";
  if (*Advance)
    OS << "\tadd.s64 " << Dst << ", " << Dst << ", " << (*Advance >> 4)
       << ";\t// k-block " << KBlock
       << (Atom ? formatv(", atom {0} of {1} rows", Atom, Rows).str() : "")
       << "\n";
  return Error::success();
}

Error KernelEmitter::mnMajorSmemDescriptor(raw_ostream &OS,
                                           const MachineInstr &MI,
                                           Register Tile, unsigned KBlock,
                                           unsigned KRows, unsigned MnBytes,
                                           StringRef Operand, StringRef Dst) {
  auto Fail = [&](Error E) { return kBlockError(MI, KBlock, std::move(E)); };
  Expected<SmemMatrixDesc> D = mnMajorSw128Desc(0, MnBytes);
  if (!D)
    return Fail(D.takeError());
  Expected<uint64_t> Bits = encodeSm100SmemDesc(*D);
  Expected<uint32_t> Advance = mnMajorKBlockOffset(KBlock, KRows, MnBytes);
  if (!Bits || !Advance)
    return Fail(joinErrors(Bits.takeError(), Advance.takeError()));
  // Where the tile's producer is known: a TMA box of 128-byte rows is one MN
  // atom wide (its rows are K), and the k-block's rows of K must lie in the
  // tile.
  uint64_t End = uint64_t(*Advance) + uint64_t(KRows / 8) * D->StrideByteOffset;
  if (auto Produced = producedTile(MI, Tile, TRI)) {
    auto [Bytes, ByTma] = *Produced;
    if (ByTma && MnBytes > MnAtomRowBytes)
      return Fail(createStringError(
          inconvertibleErrorCode(),
          formatv("operand {0}: MN-major over {1} bytes of MN, but a TMA box "
                  "of 128-byte rows fills one MN atom (128 bytes)",
                  Operand, MnBytes)));
    if (End > Bytes)
      return Fail(createStringError(
          inconvertibleErrorCode(),
          formatv("operand {0}: MN-major rows {1} .. {2} of K (bytes {3} .. "
                  "{4}) are past the tile ({5} bytes)",
                  Operand, KBlock * KRows, (KBlock + 1) * KRows - 1, *Advance,
                  End - 1, Bytes)));
  }
  OS << "\tshr.u32 %x11, " << reg(Tile) << ", 4;\n"
     << "\tand.b32 %x11, %x11, 16383;\n\tcvt.u64.u32 " << Dst << ", %x11;\n"
     << "\tor.b64 " << Dst << ", " << Dst << ", " << formatv("{0:x}", *Bits)
     << ";\t// MN-major, " << describeSmemDesc(*D) << "\n";
  if (*Advance)
    OS << "\tadd.s64 " << Dst << ", " << Dst << ", " << (*Advance >> 4)
       << ";\t// k-block " << KBlock << ", K rows " << KBlock * KRows << "\n";
  return Error::success();
}

Error KernelEmitter::emitMma(const MachineInstr &MI, raw_ostream &OS) {
  // MMA_TMEM is kind::f16 M128 N128 bf16 x bf16 -> f32, K-major, always
  // accumulating (a fresh accumulator is zero); MMA_TMEM_F16, _F8F6F4, _TF32
  // and _I8 say all of it: the instruction descriptor of their kind and the
  // enable-input-d predicate.
  unsigned Opcode = MI.getOpcode();
  MmaKind Kind = mmaKind(Opcode);
  uint32_t Bits = Opcode == TileAS::MMA_TMEM
                      ? cantFail(encodeMmaF16Desc(MmaF16Desc()))
                      : uint32_t(MI.getOperand(6).getImm());
  Expected<MmaInstr> Instr = Kind.Decode(Bits);
  if (!Instr)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: instruction descriptor {3:x}: {4}; no "
                "tcgen05.mma.cta_group::1.kind::{5} on {6}",
                MF.getName(), MI.getParent()->getNumber(),
                MF.getSubtarget().getInstrInfo()->getName(Opcode), Bits,
                toString(Instr.takeError()), Kind.Name,
                MF.getSubtarget().getCPU()));
  std::string Accumulate = Opcode == TileAS::MMA_TMEM
                               ? std::string("%q5")
                               : reg(MI.getOperand(7).getReg());
  unsigned KBlock = unsigned(MI.getOperand(4).getImm());
  auto Operand = [&](unsigned Idx, OperandMajor Major, unsigned Extent,
                     StringRef Name, StringRef Dst) {
    Register Tile = MI.getOperand(Idx).getReg();
    if (Major == OperandMajor::MN)
      return mnMajorSmemDescriptor(OS, MI, Tile, KBlock, Instr->KRows,
                                   Extent * Instr->ElementBytes, Name, Dst);
    return smemDescriptor(OS, MI, Tile, KBlock, Extent, Name, Dst);
  };
  if (Error E = Operand(2, Instr->MajorA, Instr->M, "A", "%xd0"))
    return E;
  if (Error E = Operand(3, Instr->MajorB, Instr->N, "B", "%xd1"))
    return E;
  OS << "\tmov.b32 %x10, " << formatv("{0:x}", Instr->Bits) << ";\t// "
     << Instr->Text << "\n"
     << "\t@%q2 tcgen05.mma.cta_group::1.kind::" << Instr->Kind << " ["
     << reg(MI.getOperand(0).getReg()) << "], %xd0, %xd1, %x10, " << Accumulate
     << ";\n";
  if (!Plan.Coordinated)
    syncMma(OS);
  return Error::success();
}

} // namespace ptx
} // namespace tileas
