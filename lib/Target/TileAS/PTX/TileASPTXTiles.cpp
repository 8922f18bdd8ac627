//===- TileASPTXTiles.cpp - Tiles and tensor memory in PTX ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// TMA and bulk copies into ring slots or buffers of their own, shared-memory
// stores and loads of fragments, tcgen05.alloc / mma / ld / st with their
// descriptors, and the return that frees tensor memory.
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
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

using namespace llvm;

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

/// The sm_100 descriptor of a K-major, 128-byte swizzled bf16 tile at the
/// address in Tile, advanced to k-block KBlock.
Error KernelEmitter::smemDescriptor(raw_ostream &OS, const MachineInstr &MI,
                                    Register Tile, unsigned KBlock,
                                    StringRef Dst) {
  SmemMatrixDesc D;
  D.LeadingByteOffset = 16;
  D.StrideByteOffset = 1024;
  D.Swizzle = SmemSwizzle::Bytes128;
  Expected<uint64_t> Bits = encodeSm100SmemDesc(D);
  Expected<uint32_t> Advance =
      kMajorKBlockOffset(KBlock, /*ElementBytes=*/2, SmemSwizzle::Bytes128);
  if (!Bits || !Advance) {
    Error E = joinErrors(Bits.takeError(), Advance.takeError());
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: k-block {3}: {4}", MF.getName(),
                MI.getParent()->getNumber(),
                MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode()),
                KBlock, toString(std::move(E))));
  }
  OS << "\tshr.u32 %x11, " << reg(Tile) << ", 4;\n"
     << "\tand.b32 %x11, %x11, 16383;\n\tcvt.u64.u32 " << Dst << ", %x11;\n"
     << "\tor.b64 " << Dst << ", " << Dst << ", " << formatv("{0:x}", *Bits)
     << ";\t// " << describeSmemDesc(D) << "\n";
  if (*Advance)
    OS << "\tadd.s64 " << Dst << ", " << Dst << ", " << (*Advance >> 4)
       << ";\t// k-block " << KBlock << "\n";
  return Error::success();
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
      OS << "\t" << groupBarrier() << ";\t// the buffer's readers are done\n";
    tileAddress(OS, MI, MI.getOperand(0).getReg());
    if (Own)
      arrive(OS, Arriver::CopyEngine, "%x9", Bytes);
    if (MI.getOpcode() == TileAS::TMA_LOAD)
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
      OS << "\t" << groupBarrier() << ";\t// the buffer's readers are done\n";
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
  case TileAS::MMA_TMEM_F16: {
    // MMA_TMEM is kind::f16 M128 N128 bf16 x bf16 -> f32, K-major, always
    // accumulating (a fresh accumulator is zero); MMA_TMEM_F16 says all of
    // it: its instruction descriptor and the enable-input-d predicate.
    MmaF16Desc Desc;
    std::string Accumulate = "%q5";
    if (MI.getOpcode() == TileAS::MMA_TMEM_F16) {
      Expected<MmaF16Desc> D =
          decodeMmaF16Desc(uint32_t(MI.getOperand(6).getImm()));
      Error Bad = D ? checkMmaF16Shape(D->M, D->N, D->K) : D.takeError();
      if (!Bad &&
          (D->MajorA != OperandMajor::K || D->MajorB != OperandMajor::K))
        Bad = createStringError(inconvertibleErrorCode(),
                                "an MN-major operand (only K-major tiles "
                                "are printed: their 128-byte swizzled "
                                "descriptors)");
      if (Bad)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("{0} bb.{1}: MMA_TMEM_F16: instruction descriptor {2:x}: "
                    "{3}; no tcgen05.mma.cta_group::1.kind::f16 on {4}",
                    MF.getName(), MI.getParent()->getNumber(),
                    MI.getOperand(6).getImm(), toString(std::move(Bad)),
                    MF.getSubtarget().getCPU()));
      Desc = *D;
      Accumulate = reg(MI.getOperand(7).getReg());
    }
    unsigned KBlock = unsigned(MI.getOperand(4).getImm());
    if (Error E =
            smemDescriptor(OS, MI, MI.getOperand(2).getReg(), KBlock, "%xd0"))
      return E;
    if (Error E =
            smemDescriptor(OS, MI, MI.getOperand(3).getReg(), KBlock, "%xd1"))
      return E;
    uint32_t IDesc = cantFail(encodeMmaF16Desc(Desc));
    OS << "\tmov.b32 %x10, " << formatv("{0:x}", IDesc) << ";\t// "
       << describeMmaF16Desc(Desc) << "\n"
       << "\t@%q2 tcgen05.mma.cta_group::1.kind::f16 [" << R(0)
       << "], %xd0, %xd1, %x10, " << Accumulate << ";\n";
    if (!Plan.Coordinated)
      syncMma(OS);
    return Error::success();
  }
  case TileAS::TMEM_LD:
  case TileAS::TMEM_ST:
  case TileAS::TMEM_LD_X4:
  case TileAS::TMEM_LD_X8:
  case TileAS::TMEM_LD_X16:
  case TileAS::TMEM_LD_X32:
  case TileAS::TMEM_LD_X64:
  case TileAS::TMEM_LD_X128:
  case TileAS::TMEM_ST_X4:
  case TileAS::TMEM_ST_X8:
  case TileAS::TMEM_ST_X16:
  case TileAS::TMEM_ST_X32:
  case TileAS::TMEM_ST_X64:
  case TileAS::TMEM_ST_X128:
    emitTmemMove(MI, OS);
    return Error::success();
  default:
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
  std::string Regs;
  for (unsigned F = 0; F != Frags; ++F) {
    Register R = MI.getOperand(FirstFrag + F).getReg();
    for (unsigned L = 0; L != 4; ++L)
      Regs += (Regs.empty() ? "" : ", ") + frag(R, L);
  }
  // This warp's lanes of the accumulator, from the column asked for.
  OS << "\tadd.u32 %x10, " << reg(MI.getOperand(Handle).getReg()) << ", %x3;\n";
  if (int64_t Column = HasColumn ? MI.getOperand(Handle + 1).getImm() : 0)
    OS << "\tadd.u32 %x10, %x10, " << Column << ";\n";
  if (Load)
    OS << "\ttcgen05.ld.sync.aligned.32x32b.x" << Columns << ".b32 {" << Regs
       << "}, [%x10];\n\ttcgen05.wait::ld.sync.aligned;\n";
  else
    OS << "\ttcgen05.st.sync.aligned.32x32b.x" << Columns << ".b32 [%x10], {"
       << Regs << "};\n\ttcgen05.wait::st.sync.aligned;\n";
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
