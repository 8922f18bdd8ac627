//===- TileASPTXWideRows.cpp - A thread's 128-element bf16 row in PTX -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// STS_ROW_X2 (tileas.smem.row.x2) and STS_ROW_MN (tileas.smem.row.mn): the
// thread's row of 128 bf16, sixteen 16-byte chunks, stored where a
// tcgen05.mma reads it in a tile of two 128-byte swizzle atoms. r is the
// thread's accumulator row (the tcgen05 32x32b layout), c the chunk (bf16
// elements 8c .. 8c + 7), every row's chunks swizzled by r mod 8 inside
// their 128-byte row:
//
//  - K-major (X2): row r of K-atoms of bytes / 2 each, atom after atom, the
//    layout of a rank-3 TMA tile and of kMajorAtomKBlockOffset's k-blocks:
//    (c / 8) * (bytes / 2) + r * 128 + ((c mod 8) ^ (r mod 8)) * 16;
//  - MN-major (MN): K row r of a tile whose 256 bytes of MN are two MN atoms
//    side by side per 8-row group of K, the layout the MN-major descriptor
//    reads (tileas/PTX/OperandLayout.h, mnMajorChunkOffset):
//    (r / 8) * 2048 + (c / 8) * 1024 + (r mod 8) * 128 + ((c mod 8) ^ (r
//    mod 8)) * 16.
//
// A thread whose row is past the tile's rows (bytes / 256) writes nothing.
//
// The quarter forms (STS_ROW_X2_PART / _INTO, STS_ROW_MN_PART / _INTO) write
// the four chunks of columns col .. col + 31 (c = col / 8 .. col / 8 + 3) at
// the same addresses: a row stored as it is made, quarter by quarter, into
// one tile. The first quarter (_PART) takes the tile's buffer; a tile in a
// buffer of its own (no ring) is handed to the tensor core (the async-proxy
// fence and the group's barrier) after the last quarter written into it.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "tileas/PTX/OperandLayout.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

/// Chunks of one 128-byte swizzle row, and of the thread's whole row.
constexpr unsigned ChunksPerAtomRow = MnAtomRowBytes / 16;
constexpr unsigned WideRowChunks = 2 * ChunksPerAtomRow;

} // namespace

/// Whether MI writes a quarter of a row into the tile another store made.
static bool isQuarterInto(const MachineInstr &MI) {
  return MI.getOpcode() == TileAS::STS_ROW_X2_INTO ||
         MI.getOpcode() == TileAS::STS_ROW_MN_INTO;
}

/// The store in MI's block that made the tile a quarter-row store writes
/// into (back through the other quarters), or null when it is not there.
static const MachineInstr *tileMaker(const MachineInstr &MI) {
  const MachineInstr *Cur = &MI;
  while (isQuarterInto(*Cur)) {
    Register Tile = Cur->getOperand(1).getReg();
    const MachineInstr *Def = nullptr;
    for (MachineBasicBlock::const_reverse_iterator
             It = std::next(MachineBasicBlock::const_reverse_iterator(Cur)),
             E = Cur->getParent()->rend();
         It != E && !Def; ++It)
      if (It->definesRegister(Tile, /*TRI=*/nullptr))
        Def = &*It;
    if (!Def)
      return nullptr;
    Cur = Def;
  }
  return Cur;
}

/// Whether no later quarter in MI's block writes into the tile MI wrote.
static bool isLastQuarter(const MachineInstr &MI) {
  Register Tile = MI.getOperand(0).getReg();
  for (MachineBasicBlock::const_iterator It = std::next(MI.getIterator()),
                                         E = MI.getParent()->end();
       It != E; ++It) {
    if (isQuarterInto(*It) && It->getOperand(1).getReg() == Tile)
      return false;
    if (It->definesRegister(Tile, /*TRI=*/nullptr))
      return true;
  }
  return true;
}

Error KernelEmitter::emitWideRowStore(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Op = MI.getOpcode();
  bool MNMajor = Op == TileAS::STS_ROW_MN || Op == TileAS::STS_ROW_MN_PART ||
                 Op == TileAS::STS_ROW_MN_INTO;
  bool Into = isQuarterInto(MI);
  bool Quarter =
      Into || Op == TileAS::STS_ROW_X2_PART || Op == TileAS::STS_ROW_MN_PART;
  StringRef Name = MF.getSubtarget().getInstrInfo()->getName(Op);
  if (quadRows())
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: on {3} a row is a wgmma accumulator's, "
                "spread over a quad; the 128-element row store is for "
                "tcgen05.mma's 32x32b rows",
                MF.getName(), MI.getParent()->getNumber(), Name,
                MF.getSubtarget().getCPU()));
  uint64_t Bytes = Into ? uint64_t(MI.getOperand(2).getImm())
                        : *TileAS::producedTileBytes(MI);
  // The chunks written and the operand of the first fragment.
  unsigned FirstChunk = 0, Chunks = WideRowChunks, FirstFrag = 2;
  if (Quarter) {
    unsigned Column = unsigned(MI.getOperand(Into ? 3 : 2).getImm());
    FirstChunk = Column / 8;
    Chunks = WideRowChunks / 4;
    FirstFrag = Into ? 4 : 3;
  }
  if (Bytes % (2 * MnAtomBytes) != 0)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: a tile of {3} bytes is not whole 8-row "
                "groups of 256-byte rows (2048 bytes each)",
                MF.getName(), MI.getParent()->getNumber(), Name, Bytes));
  // A quarter into a tile of its own hands it over after the last quarter.
  const MachineInstr *Maker = Into ? tileMaker(MI) : &MI;
  bool OwnTile = Maker && Plan.OwnBuffers.count(Maker);
  bool Own = OwnTile && (!Quarter || isLastQuarter(MI));
  if (!Into) {
    if (OwnTile)
      readersDone(OS, MI);
    tileAddress(OS, MI, MI.getOperand(0).getReg());
  }
  // %x10 = r, %x13 = r mod 8, %x12 = the tile's address of row r's first
  // chunk before its swizzle.
  OS << "\tshr.u32 %x10, %x3, 16;\n\tand.b32 %x11, %x0, 31;\n"
     << "\tadd.u32 %x10, %x10, %x11;\t// r\n"
     << "\tshl.b32 %x12, %x10, 8;\n\tsetp.lt.u32 %q4, %x12, " << Bytes
     << ";\t// r < rows\n"
     << "\tand.b32 %x13, %x10, 7;\t// r mod 8\n";
  uint64_t SecondAtom = MnAtomBytes; // MN: the row's second MN atom
  if (MNMajor) {
    OS << "\tshr.u32 %x12, %x10, 3;\n\tshl.b32 %x12, %x12, 11;\n"
       << "\tshl.b32 %x11, %x13, 7;\n\tadd.u32 %x12, %x12, %x11;\t// (r / 8) "
          "* 2048 + (r mod 8) * 128\n";
  } else {
    SecondAtom = Bytes / 2; // K-major: the second K-atom
    OS << "\tshl.b32 %x12, %x10, 7;\t// r * 128\n";
  }
  OS << "\tadd.u32 %x12, %x12, " << reg(MI.getOperand(0).getReg()) << ";\n";
  for (unsigned C = FirstChunk; C != FirstChunk + Chunks; ++C) {
    unsigned InRow = C % ChunksPerAtomRow;
    OS << "\txor.b32 %x14, %x13, " << InRow << ";\n\tshl.b32 %x14, %x14, 4;\n"
       << "\tadd.u32 %x14, %x14, %x12;\n\t@%q4 st.shared.v4.b32 [%x14";
    if (C >= ChunksPerAtomRow)
      OS << "+" << SecondAtom;
    OS << "], "
       << fragVector(MI.getOperand(FirstFrag + C - FirstChunk).getReg())
       << ";\n";
  }
  if (Own)
    OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n";
  return Error::success();
}

} // namespace ptx
} // namespace tileas
