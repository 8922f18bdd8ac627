//===- TileASPTXRows.cpp - Row reductions and the P-row store in PTX ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// FRMAX / FRADD (tileas.row.max / row.sum / redux.max: selection has already
// reduced the value's fragments lane-wise into one), WARP_SUM
// (tileas.warp.sum: the same, then across the warp's lanes) and STS_ROW
// (tileas.smem.row) depend on which elements of a row a thread holds.
//
// On sm_100a a thread holds a whole row (tcgen05.ld 32x32b): the row's
// statistic is the maximum or sum of the fragment's four lanes.
//
// On sm_90a, in a function with wgmmas, the value is a wgmma accumulator's
// (selection refuses any other there, TileASRowLayout.h; a function without
// wgmmas keeps the thread form): a thread holds parts of two rows, lanes
// 0-1 of every fragment of its first row and lanes 2-3 of the row eight
// below, and the other parts are with the three other threads of its quad
// (tileas/PTX/WgmmaLayout.h). Each row's partial maximum or sum is then
// combined across the quad by two butterfly shuffles (lane xor 1, xor 2),
// and the result fragment holds the first row's statistic in lanes 0-1 and
// the second's in lanes 2-3, so a fragment repeat lines it up with the
// accumulator again. The P-row store writes each packed bf16 pair (two
// adjacent columns of one row) to its place in the K-major, 128-byte
// swizzled tile of 64 rows that the next wgmma's descriptor reads.
// `tileas.acc.row()` (ACC_ROW) is then the thread's first wgmma row,
// 16 w + l / 4, and a global store of an accumulator `<L x float>` (L >= 8;
// its fragments STG_F) at that row of a row-major f32 matrix of 2L columns
// writes each register pair at its (row, column).
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "PTX/TileASPTXText.h"
#include "TileASInstrInfo.h"
#include "tileas/PTX/WgmmaLayout.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineMemOperand.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace ptx {

namespace {

/// The bf16 fragments STS_ROW stores (a <64 x bfloat>: the thread's 64
/// elements of an m64n128 accumulator) and the tile they fill on sm_90a:
/// 64 rows x 128 bf16 in two K-atoms of 64 x 128 bytes.
constexpr unsigned RowStoreFragments = 8;
constexpr unsigned QuadTileBytes = WgmmaAccRows * 256;

/// For a fragment store STG_F: the lanes L of the IR store it came from, a
/// `store <L x float>` with L >= 8 (an accumulator's width), and its
/// fragment's byte offset within that store.
std::optional<std::pair<unsigned, int64_t>>
accumulatorStore(const MachineInstr &MI) {
  if (!MI.hasOneMemOperand())
    return std::nullopt;
  const MachineMemOperand &MMO = **MI.memoperands_begin();
  const Value *Ptr = MMO.getValue();
  if (!Ptr)
    return std::nullopt;
  for (const User *U : Ptr->users()) {
    const auto *SI = dyn_cast<StoreInst>(U);
    if (!SI || SI->getPointerOperand() != Ptr)
      continue;
    const auto *VT =
        dyn_cast<FixedVectorType>(SI->getValueOperand()->getType());
    if (!VT || !VT->getElementType()->isFloatTy() || VT->getNumElements() < 8)
      continue;
    return std::make_pair(VT->getNumElements(), MMO.getOffset());
  }
  return std::nullopt;
}

} // namespace

void KernelEmitter::emitQuadAccRow(const MachineInstr &MI, raw_ostream &OS) {
  // 16 x (warp mod 4) + lane / 4: %x3 holds 32 x (warp mod 4) << 16.
  std::string R = reg(MI.getOperand(0).getReg());
  OS << "\tshr.u32 " << R << ", %x3, 17;\n\tand.b32 %x10, %x0, 31;\n"
     << "\tshr.u32 %x10, %x10, 2;\n\tadd.u32 " << R << ", " << R
     << ", %x10;\t// the wgmma row 16 w + l / 4\n";
}

bool KernelEmitter::emitQuadFragmentStore(const MachineInstr &MI,
                                          raw_ostream &OS) {
  std::optional<std::pair<unsigned, int64_t>> Store = accumulatorStore(MI);
  if (!Store)
    return false;
  auto [Lanes, FragByte] = *Store;
  unsigned Frag = unsigned(FragByte / 16);
  if (FragByte % 16 || Frag >= Lanes / 4)
    return false;
  // The IR addresses the thread's row; the fragment's pairs are at columns
  // 8 Frag + 2 (l mod 4) of it and of the row eight below.
  int64_t RowStart = MI.getOperand(2).getImm() - FragByte;
  Register D = MI.getOperand(0).getReg();
  OS << "\tand.b32 %x10, %x0, 3;\n\tmul.wide.u32 %xd2, %x10, 8;\n"
     << "\tadd.s64 %xd2, %xd2, " << reg(MI.getOperand(1).getReg())
     << ";\t// column 2 (l mod 4) of the thread's row\n";
  for (unsigned Pair = 0; Pair != 2; ++Pair)
    OS << "\tst.global.v2.b32 "
       << address("%xd2", RowStart + wgmmaRowMajorPairOffset(Frag, Pair, Lanes))
       << ", {" << frag(D, 2 * Pair) << ", " << frag(D, 2 * Pair + 1)
       << "};\t// row" << (Pair ? " + 8" : "") << ", columns " << 8 * Frag
       << " + 2 (l mod 4) + {0, 1}\n";
  return true;
}

Error KernelEmitter::emitThreadRowReduce(const MachineInstr &MI,
                                         raw_ostream &OS) {
  // The row's maximum (sum) over the thread's fragment (one row per thread
  // in the 32x32b layout), in every lane.
  StringRef Op = MI.getOpcode() == TileAS::FRMAX ? "max.f32" : "add.rn.f32";
  Register A = MI.getOperand(1).getReg(), D = MI.getOperand(0).getReg();
  OS << "\t" << Op << " %x10, " << frag(A, 0) << ", " << frag(A, 1) << ";\n"
     << "\t" << Op << " %x11, " << frag(A, 2) << ", " << frag(A, 3) << ";\n"
     << "\t" << Op << " %x10, %x10, %x11;\n";
  for (unsigned L = 0; L != 4; ++L)
    OS << "\tmov.b32 " << frag(D, L) << ", %x10;\n";
  return Error::success();
}

bool KernelEmitter::quadRows() {
  if (!QuadRows) {
    QuadRows = false;
    for (const MachineBasicBlock &MBB : MF)
      for (const MachineInstr &MI : MBB)
        if (Wgmma && TileAS::wgmmaLanes(MI.getOpcode()))
          QuadRows = true;
  }
  return *QuadRows;
}

Error KernelEmitter::emitQuadRowReduce(const MachineInstr &MI,
                                       raw_ostream &OS) {
  StringRef Op = MI.getOpcode() == TileAS::FRMAX ? "max.f32" : "add.rn.f32";
  Register A = MI.getOperand(1).getReg(), D = MI.getOperand(0).getReg();
  // %x10: the thread's part of its first row (lanes 0-1), %x11: of its
  // second (lanes 2-3); then the quad's other three parts of each.
  OS << "\t" << Op << " %x10, " << frag(A, 0) << ", " << frag(A, 1)
     << ";\t// the thread's part of row 16 w + l / 4\n"
     << "\t" << Op << " %x11, " << frag(A, 2) << ", " << frag(A, 3)
     << ";\t// and of that row + 8\n";
  for (unsigned Mask : {1, 2})
    for (StringRef Part : {"%x10", "%x11"})
      OS << "\tshfl.sync.bfly.b32 %x12, " << Part << ", " << Mask
         << ", 31, -1;\n\t" << Op << " " << Part << ", " << Part << ", %x12;\n";
  for (unsigned L = 0; L != 4; ++L)
    OS << "\tmov.b32 " << frag(D, L) << ", " << (L < 2 ? "%x10" : "%x11")
       << ";\n";
  return Error::success();
}

void KernelEmitter::emitWarpSum(const MachineInstr &MI, raw_ostream &OS) {
  // The thread's part (its fragment's four lanes), then five butterfly
  // steps: after the step of lane xor Offset every thread holds the sum over
  // the 2 x Offset lanes that agree with it above that bit, so after xor 1
  // each holds the warp's sum. The full mask: every lane of the warp takes
  // part (the thread model runs fragment arithmetic in whole warps).
  Register A = MI.getOperand(1).getReg(), D = MI.getOperand(0).getReg();
  OS << "\tadd.rn.f32 %x10, " << frag(A, 0) << ", " << frag(A, 1) << ";\n"
     << "\tadd.rn.f32 %x11, " << frag(A, 2) << ", " << frag(A, 3) << ";\n"
     << "\tadd.rn.f32 %x10, %x10, %x11;\t// the thread's part\n";
  for (unsigned Offset : {16, 8, 4, 2, 1})
    OS << "\tshfl.sync.bfly.b32 %x12, %x10, " << Offset
       << ", 31, 0xffffffff;\n\tadd.rn.f32 %x10, %x10, %x12;\n";
  for (unsigned L = 0; L != 4; ++L)
    OS << "\tmov.b32 " << frag(D, L) << ", %x10;\n";
}

Error KernelEmitter::emitQuadRowStore(const MachineInstr &MI, raw_ostream &OS) {
  uint64_t Bytes = *TileAS::producedTileBytes(MI);
  if (Bytes < QuadTileBytes)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: STS_ROW: on {2} it stores an m64n128 wgmma "
                "accumulator's bf16 (64 rows x 128 columns, two 128-byte "
                "K-atoms: {3} bytes) and its tile has {4}",
                MF.getName(), MI.getParent()->getNumber(),
                MF.getSubtarget().getCPU(), QuadTileBytes, Bytes));
  bool Own = Plan.OwnBuffers.count(&MI);
  // The tile's last readers may be wgmmas still in flight (the previous
  // iteration's P V): they are done only once waited for.
  if (Own && (WgmmaUnknown || WgmmaUncommitted || WgmmaFragments.any()))
    retireWgmma(OS);
  if (Own)
    OS << "\t" << groupBarrier() << ";\t// the buffer's readers are done\n";
  tileAddress(OS, MI, MI.getOperand(0).getReg());
  // r = 16 (warp mod 4) + lane / 4 (%x3 holds 32 (warp mod 4) << 16); the
  // thread's pairs start at tile + 128 r + 4 (lane mod 4).
  OS << "\tshr.u32 %x10, %x3, 17;\n\tand.b32 %x11, %x0, 31;\n"
     << "\tshr.u32 %x12, %x11, 2;\n\tadd.u32 %x10, %x10, %x12;\t// r\n"
     << "\tand.b32 %x11, %x11, 3;\n\tshl.b32 %x11, %x11, 2;\n"
     << "\tshl.b32 %x12, %x10, 7;\n\tadd.u32 %x12, %x12, "
     << reg(MI.getOperand(0).getReg()) << ";\n\tadd.u32 %x12, %x12, %x11;\n"
     << "\tand.b32 %x13, %x10, 7;\t// r mod 8 (r + 8's too)\n";
  // Chunk by chunk: its swizzled place once, then the pairs in it (both
  // rows, both K-atoms).
  for (unsigned Chunk = 0; Chunk != 8; ++Chunk) {
    OS << "\txor.b32 %x14, %x13, " << Chunk
       << ";\n\tshl.b32 %x14, %x14, 4;\n\tadd.u32 %x14, %x14, %x12;\n";
    for (unsigned F = 0; F != RowStoreFragments; ++F)
      for (unsigned R = 0; R != 4; ++R) {
        PackedRowPiece P = wgmmaPackedRowPiece(F, R);
        if (P.Chunk != Chunk)
          continue;
        unsigned Offset = P.Atom * WgmmaAccRows * 128 + P.RowPlus * 128;
        OS << "\tst.shared.b32 [%x14";
        if (Offset)
          OS << "+" << Offset;
        OS << "], " << frag(MI.getOperand(2 + F).getReg(), R) << ";\n";
      }
  }
  if (Own)
    OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n";
  return Error::success();
}

} // namespace ptx
} // namespace tileas
