//===- TileASPTXTiles.cpp - Tiles and tensor memory in PTX ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// TMA and bulk copies into ring slots or buffers of their own, shared-memory
// stores and loads of fragments, tcgen05.alloc / ld / st, and the return
// that frees tensor memory. tcgen05.mma is in TileASPTXMma.cpp.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "PTX/TileASPTXText.h"

#include "MCTargetDesc/TileASInstPrinter.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "TileASMachineFunctionInfo.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/PTX/Descriptors.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/CodeGen/MachineFrameInfo.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

static cl::opt<bool> SplitTmemLoads(
    "tileas-ptx-split-tmem-loads",
    cl::desc("Print a tensor-memory load of 32 columns as two tcgen05.ld of "
             "16 (false: one tcgen05.ld.32x32b.x32)"),
    cl::init(true));

namespace tileas {
namespace ptx {

/// Tile's address: its ring slot, or its own buffer.
void KernelEmitter::tileAddress(raw_ostream &OS, const MachineInstr &MI,
                                Register Tile) {
  auto Fill = Plan.Fills.find(&MI);
  if (Fill != Plan.Fills.end()) {
    const RingInfo &R = Plan.Rings.at(Fill->second.Pipe);
    ringPosition(OS, R, Fill->second.Iter);
    slotAddress(OS, R, Fill->second.Offset, reg(Tile));
    ringBarrier(OS, R, /*Full=*/true, "%x9");
    return;
  }
  unsigned Buffer = Plan.OwnBuffers.at(&MI);
  OS << "\tadd.u32 " << reg(Tile) << ", %x2, " << bufferOffset(Buffer)
     << ";\t// its own buffer\n";
  auto Sync = Plan.SyncBarriers.find(&MI);
  if (Sync != Plan.SyncBarriers.end())
    OS << "\tadd.u32 %x9, %x2, " << bufferOffset(Sync->second.first) << ";\n";
}

/// Before a producer writes its own buffer: every reader of the buffer's
/// previous contents is done. The group's threads meet at a barrier; a
/// buffer refilled in a loop may also be read by MMAs still in flight, so
/// the tensor core completes every MMA issued so far (tcgen05.commit tracks
/// the issuing thread's MMAs) before the buffer is written again.
void KernelEmitter::readersDone(raw_ostream &OS, const MachineInstr &MI) {
  OS << "\t" << groupBarrier() << ";\t// the buffer's readers are done\n";
  if (Plan.Refilled.count(&MI) && Plan.HasMma) {
    OS << "\t// the tensor core's reads of the buffer are done\n";
    syncMma(OS);
  }
}

void KernelEmitter::syncMma(raw_ostream &OS) {
  OS << "\tadd.u32 %x9, %x2, " << bufferOffset(unsigned(Plan.MmaBarrier))
     << ";\n";
  arrive(OS, Arriver::TensorCore, "%x9", 0);
  waitOwn(OS, unsigned(Plan.MmaBarrier), Plan.MmaPhase);
}

//===----------------------------------------------------------------------===//
// Tiles and tensor memory.
//===----------------------------------------------------------------------===//

Error KernelEmitter::emitTile(const MachineInstr &MI, raw_ostream &OS) {
  auto R = [&](unsigned I) { return reg(MI.getOperand(I).getReg()); };
  bool Own = Plan.OwnBuffers.count(&MI);
  switch (MI.getOpcode()) {
  case TileAS::TMA_LOAD:
  case TileAS::CP_ASYNC: {
    uint64_t Bytes = *TileAS::producedTileBytes(MI);
    if (Own)
      readersDone(OS, MI);
    tileAddress(OS, MI, MI.getOperand(0).getReg());
    if (Own)
      arrive(OS, Arriver::CopyEngine, "%x9", Bytes);
    if (MI.getOpcode() == TileAS::TMA_LOAD && Bytes > MaxSwizzledBoxBytes)
      // K-atoms of [rows][128 B] (docs/ptx.md): a rank-3 tensor map with
      // boxes {128 B, rows, atoms}, at {0, y, x / 128}.
      OS << "\tmov.b32 %x12, 0;\n\tshr.u32 %x13, " << R(2)
         << ", 7;\t// the K-atom of byte x\n"
         << "\t@%q2 cp.async.bulk.tensor.3d.shared::cta.global.tile.mbarrier::"
            "complete_tx::bytes ["
         << R(0) << "], [" << R(1) << ", {%x12, " << R(3)
         << ", %x13}], [%x9];\n";
    else if (MI.getOpcode() == TileAS::TMA_LOAD)
      OS << "\t@%q2 cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::"
            "complete_tx::bytes ["
         << R(0) << "], [" << R(1) << ", {" << R(2) << ", " << R(3)
         << "}], [%x9];\n";
    else
      OS << "\t@%q2 cp.async.bulk.shared::cta.global.mbarrier::complete_tx::"
            "bytes ["
         << R(0) << "], [" << R(1) << "], " << Bytes << ", [%x9];\n";
    if (Own) {
      auto [Barrier, Phase] = Plan.SyncBarriers.at(&MI);
      waitOwn(OS, Barrier, Phase);
    }
    return Error::success();
  }
  case TileAS::STS: {
    uint64_t Bytes = *TileAS::producedTileBytes(MI);
    if (Own)
      readersDone(OS, MI);
    tileAddress(OS, MI, MI.getOperand(0).getReg());
    // Thread t writes its fragment at byte 16 t of the tile.
    OS << "\tshl.b32 %x10, %x0, 4;\n\tsetp.lt.u32 %q4, %x10, " << Bytes
       << ";\n\tadd.u32 %x10, %x10, " << R(0) << ";\n"
       << "\t@%q4 st.shared.v4.b32 [%x10], "
       << fragVector(MI.getOperand(1).getReg()) << ";\n";
    if (Own)
      OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n";
    return Error::success();
  }
  case TileAS::STS_ROW: {
    if (quadRows())
      return emitQuadRowStore(MI, OS);
    uint64_t Bytes = *TileAS::producedTileBytes(MI);
    if (Own)
      readersDone(OS, MI);
    tileAddress(OS, MI, MI.getOperand(0).getReg());
    // Row r (the thread's accumulator row) of a K-major tile with the
    // 128-byte swizzle: 16-byte chunk c at r * 128 + ((c ^ (r mod 8)) * 16),
    // the pattern TMA writes and tcgen05.mma's descriptor (swizzle 128B, SBO
    // 1024) reads. Rows past the tile's are not written.
    OS << "\tshr.u32 %x10, %x3, 16;\n\tand.b32 %x11, %x0, 31;\n"
       << "\tadd.u32 %x10, %x10, %x11;\t// r\n"
       << "\tshl.b32 %x12, %x10, 7;\n\tsetp.lt.u32 %q4, %x12, " << Bytes
       << ";\n\tadd.u32 %x12, %x12, " << R(0) << ";\n"
       << "\tand.b32 %x13, %x10, 7;\t// r mod 8\n";
    for (unsigned C = 0; C != 8; ++C)
      OS << "\txor.b32 %x14, %x13, " << C << ";\n\tshl.b32 %x14, %x14, 4;\n"
         << "\tadd.u32 %x14, %x14, %x12;\n"
         << "\t@%q4 st.shared.v4.b32 [%x14], "
         << fragVector(MI.getOperand(2 + C).getReg()) << ";\n";
    if (Own)
      OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n";
    return Error::success();
  }
  case TileAS::STS_ROW_X2:
  case TileAS::STS_ROW_MN:
  case TileAS::STS_ROW_X2_PART:
  case TileAS::STS_ROW_MN_PART:
  case TileAS::STS_ROW_X2_INTO:
  case TileAS::STS_ROW_MN_INTO:
    return emitWideRowStore(MI, OS);
  case TileAS::LDS:
    OS << "\tadd.u32 %x10, " << R(1) << ", " << R(2) << ";\n"
       << "\tld.shared.v4.b32 " << fragVector(MI.getOperand(0).getReg())
       << ", [%x10];\n";
    return Error::success();
  case TileAS::TMA_STORE:
    // The threads' writes reach the async proxy; the store has read the
    // tile when wait_group.read returns.
    OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n"
       << "\t@%q2 cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group ["
       << R(1) << ", {" << R(2) << ", " << R(3) << "}], [" << R(0) << "];\n"
       << "\t@%q2 cp.async.bulk.commit_group;\n"
       << "\t@%q2 cp.async.bulk.wait_group.read 0;\n";
    return Error::success();
  case TileAS::TMEM_ALLOC: {
    auto [Word, Columns] = Plan.TmemAllocs.at(&MI);
    std::string Skip = label();
    OS << "\tadd.u32 %x10, %x2, " << bufferOffset(Word) << ";\n"
       << "\t@!%q1 bra.uni " << Skip << ";\n"
       << "\ttcgen05.alloc.cta_group::1.sync.aligned.shared::cta.b32 [%x10], "
       << Columns << ";\n";
    if (&MI == Plan.LastTmemAlloc)
      OS << "\ttcgen05.relinquish_alloc_permit.cta_group::1.sync.aligned;\n";
    OS << Skip << ":\n\ttcgen05.fence::before_thread_sync;\n\t" << ctaBarrier()
       << ";\n"
       << "\ttcgen05.fence::after_thread_sync;\n"
       << "\tld.shared.b32 " << R(0) << ", [%x10];\n";
    // A fresh accumulator holds zeros: each warp clears its 32 lanes.
    OS << "\tadd.u32 %x11, " << R(0) << ", %x3;\n\tmov.b32 %x12, 0;\n";
    std::string Zeros = "{";
    for (unsigned I = 0; I != 32; ++I)
      Zeros += I ? ", %x12" : "%x12";
    Zeros += "}";
    for (unsigned C = 0; C < Columns; C += 32)
      OS << "\tadd.u32 %x13, %x11, " << C << ";\n"
         << "\ttcgen05.st.sync.aligned.32x32b.x32.b32 [%x13], " << Zeros
         << ";\n";
    OS << "\ttcgen05.wait::st.sync.aligned;\n"
          "\ttcgen05.fence::before_thread_sync;\n\t"
       << ctaBarrier()
       << ";\n"
          "\ttcgen05.fence::after_thread_sync;\n";
    return Error::success();
  }
  case TileAS::MMA_TMEM:
  case TileAS::MMA_TMEM_F16:
  case TileAS::MMA_TMEM_F8F6F4:
  case TileAS::MMA_TMEM_TF32:
  case TileAS::MMA_TMEM_I8:
    return emitMma(MI, OS);
  default:
    if (TileAS::tmemColumns(MI.getOpcode())) { // TMEM_LD, TMEM_ST, _XN
      emitTmemMove(MI, OS);
      return Error::success();
    }
    llvm_unreachable("not a tile operation");
  }
}

void KernelEmitter::emitTmemMove(const MachineInstr &MI, raw_ostream &OS) {
  // Operands: a load defines its fragments, then reads the handle (and a
  // column); a store defines the handle, then reads it (and a column) and
  // its fragments.
  unsigned Columns = TileAS::tmemColumns(MI.getOpcode());
  bool Load = MI.mayLoad();
  unsigned Frags = Columns / 4;
  unsigned Handle = Load ? Frags : 1;
  bool HasColumn = MI.getNumOperands() > Handle + 1 + (Load ? 0 : Frags);
  unsigned FirstFrag = Load ? 0 : Handle + 1 + HasColumn;
  SmallVector<std::string, 32> Regs;
  for (unsigned F = 0; F != Frags; ++F) {
    Register R = MI.getOperand(FirstFrag + F).getReg();
    for (unsigned L = 0; L != 4; ++L)
      Regs.push_back(frag(R, L));
  }
  // This warp's lanes of the accumulator, from the column asked for.
  OS << "\tadd.u32 %x10, " << reg(MI.getOperand(Handle).getReg()) << ", %x3;\n";
  if (int64_t Column = HasColumn ? MI.getOperand(Handle + 1).getImm() : 0)
    OS << "\tadd.u32 %x10, %x10, " << Column << ";\n";
  if (!Load) {
    OS << "\ttcgen05.st.sync.aligned.32x32b.x" << Columns << ".b32 [%x10], {"
       << join(Regs, ", ") << "};\n\ttcgen05.wait::st.sync.aligned;\n";
    return;
  }
  // A 32-column load is two of 16, one wait for both. Measured with ptxas
  // 13.0: beside a row of 128 accumulators (the fp8 block-scaled GEMM's
  // promotion, warp-specialized) one x32 spilled where two x16 did not, as
  // if each tcgen05.ld wanted its destination in consecutive registers
  // (docs/ptx.md, "Register pressure"). Wider loads stay whole: split into
  // 32s, persistent attention took more registers and spilled.
  unsigned Piece = SplitTmemLoads && Columns == 32 ? 16 : Columns;
  for (unsigned First = 0; First != Columns; First += Piece) {
    if (First)
      OS << "\tadd.u32 %x10, %x10, " << Piece << ";\n";
    OS << "\ttcgen05.ld.sync.aligned.32x32b.x" << Piece << ".b32 {"
       << join(ArrayRef(Regs).slice(First, Piece), ", ") << "}, [%x10];\n";
  }
  OS << "\ttcgen05.wait::ld.sync.aligned;\n";
}

void KernelEmitter::emitReturn(raw_ostream &OS) {
  // One stream waits for its MMAs; with agents, the drains the readers
  // waited on cover the MMA agent's last MMAs.
  if (Plan.HasMma && Plan.Agents.empty())
    syncMma(OS);
  if (Plan.HasTmaStore)
    OS << "\t@%q2 cp.async.bulk.wait_group 0;\n";
  if (!Plan.TmemAllocs.empty()) {
    std::string Skip = label();
    OS << "\ttcgen05.fence::before_thread_sync;\n\t" << ctaBarrier() << ";\n"
       << "\t@!%q1 bra.uni " << Skip << ";\n"
       << "\ttcgen05.fence::after_thread_sync;\n";
    // In the order of the allocations.
    std::vector<std::pair<unsigned, unsigned>> Allocs;
    for (const auto &[MI, Alloc] : Plan.TmemAllocs)
      Allocs.push_back(Alloc);
    llvm::sort(Allocs);
    for (auto [Word, Columns] : Allocs)
      OS << "\tld.shared.b32 %x10, " << address("%x2", bufferOffset(Word))
         << ";\n\ttcgen05.dealloc.cta_group::1.sync.aligned.b32 %x10, "
         << Columns << ";\n";
    OS << Skip << ":\n";
  }
  OS << "\tret;\n";
}

} // namespace ptx
} // namespace tileas
