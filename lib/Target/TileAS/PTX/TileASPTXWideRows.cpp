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
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "tileas/PTX/OperandLayout.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
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

Error KernelEmitter::emitWideRowStore(const MachineInstr &MI, raw_ostream &OS) {
  bool MNMajor = MI.getOpcode() == TileAS::STS_ROW_MN;
  StringRef Name = MNMajor ? "STS_ROW_MN" : "STS_ROW_X2";
  if (quadRows())
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: on {3} a row is a wgmma accumulator's, "
                "spread over a quad; the 128-element row store is for "
                "tcgen05.mma's 32x32b rows",
                MF.getName(), MI.getParent()->getNumber(), Name,
                MF.getSubtarget().getCPU()));
  uint64_t Bytes = *TileAS::producedTileBytes(MI);
  if (Bytes % (2 * MnAtomBytes) != 0)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: a tile of {3} bytes is not whole 8-row "
                "groups of 256-byte rows (2048 bytes each)",
                MF.getName(), MI.getParent()->getNumber(), Name, Bytes));
  bool Own = Plan.OwnBuffers.count(&MI);
  if (Own)
    readersDone(OS, MI);
  tileAddress(OS, MI, MI.getOperand(0).getReg());
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
  for (unsigned C = 0; C != WideRowChunks; ++C) {
    unsigned InRow = C % ChunksPerAtomRow;
    OS << "\txor.b32 %x14, %x13, " << InRow << ";\n\tshl.b32 %x14, %x14, 4;\n"
       << "\tadd.u32 %x14, %x14, %x12;\n\t@%q4 st.shared.v4.b32 [%x14";
    if (C >= ChunksPerAtomRow)
      OS << "+" << SecondAtom;
    OS << "], " << fragVector(MI.getOperand(2 + C).getReg()) << ";\n";
  }
  if (Own)
    OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n";
  return Error::success();
}

} // namespace ptx
} // namespace tileas
