//===- TileASPTXCoordination.cpp - Rings, mutexes and agents --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// PIPE_ rings as full/empty mbarrier pairs (slot and parity from the
// induction value), mutexes as mbarriers, the arrivals of threads, the
// tensor core and copy engines, and the agents of warp specialization.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "PTX/TileASPTXText.h"

#include "MCTargetDesc/TileASInstPrinter.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
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

void KernelEmitter::ringPosition(raw_ostream &OS, const RingInfo &R,
                                 Register Iter) {
  OS << "\tsub.s32 %x4, " << reg(Iter) << ", %pf" << R.Id << ";\n";
  if (R.Step > 0 && isPowerOf2_64(uint64_t(R.Step)) && R.Step != 1)
    OS << "\tshr.s32 %x4, %x4, " << Log2_64(uint64_t(R.Step)) << ";\n";
  else if (R.Step != 1)
    OS << "\tdiv.s32 %x4, %x4, " << R.Step << ";\n";
  if (isPowerOf2_32(R.Depth)) {
    OS << "\tand.b32 %x5, %x4, " << R.Depth - 1 << ";\n";
    OS << "\tshr.u32 %x6, %x4, " << Log2_32(R.Depth) << ";\n";
  } else {
    OS << "\trem.u32 %x5, %x4, " << R.Depth << ";\n";
    OS << "\tdiv.u32 %x6, %x4, " << R.Depth << ";\n";
  }
  OS << "\tand.b32 %x6, %x6, 1;\t// pipe" << R.Id << ": %x5 slot, %x6 parity\n";
}

void KernelEmitter::ringBarrier(raw_ostream &OS, const RingInfo &R, bool Full,
                                StringRef Dst) {
  uint64_t Base = Full ? Plan.Arena.fullBarrierOffset(R.ArenaRing, 0)
                       : Plan.Arena.emptyBarrierOffset(R.ArenaRing, 0);
  OS << "\tshl.b32 %x7, %x5, 3;\n\tadd.u32 %x7, %x7, %x2;\n";
  OS << "\tadd.u32 " << Dst << ", %x7, " << Base << ";\t// "
     << (Full ? "full" : "empty") << "[slot]\n";
}

void KernelEmitter::spinWait(raw_ostream &OS, StringRef Barrier,
                             StringRef Parity) {
  std::string Loop = label();
  OS << Loop << ":\n\tmbarrier.try_wait.parity.shared::cta.b64 %q3, ["
     << Barrier << "], " << Parity << ";\n\t@!%q3 bra " << Loop << ";\n"
     << "\tbar.warp.sync -1;\n";
  if (TensorMemory)
    OS << "\ttcgen05.fence::after_thread_sync;\n";
}

void KernelEmitter::waitOwn(raw_ostream &OS, unsigned Buffer, unsigned Phase) {
  OS << "\tadd.u32 %x9, %x2, " << bufferOffset(Buffer) << ";\n";
  std::string P = formatv("%ph{0}", Phase).str();
  spinWait(OS, "%x9", P);
  OS << "\txor.b32 " << P << ", " << P << ", 1;\n";
}

void KernelEmitter::arrive(raw_ostream &OS, Arriver Who, StringRef Barrier,
                           uint64_t ExpectBytes) {
  switch (Who) {
  case Arriver::TensorCore:
    if (!TensorMemory) {
      // Hopper's tensor core does not arrive: the issuing warpgroup waits
      // for its wgmmas, then its threads arrive.
      retireWgmma(OS);
      arrive(OS, Arriver::Threads, Barrier, 0);
      return;
    }
    // Commit tracks the MMAs of the thread that issued them.
    OS << "\t@%q2 tcgen05.commit.cta_group::1.mbarrier::arrive::one.shared::"
          "cluster.b64 ["
       << Barrier << "];\n";
    return;
  case Arriver::CopyEngine:
    if (ExpectBytes)
      OS << "\t@%q2 mbarrier.arrive.expect_tx.shared::cta.b64 _, [" << Barrier
         << "], " << ExpectBytes << ";\n";
    else
      OS << "\t@%q2 mbarrier.arrive.shared::cta.b64 _, [" << Barrier << "];\n";
    return;
  case Arriver::Threads:
    // Every thread is done (and its shared-memory and tensor-memory writes
    // are visible to the asynchronous units) before the one arrival.
    if (TensorMemory)
      OS << "\ttcgen05.fence::before_thread_sync;\n";
    OS << "\tfence.proxy.async.shared::cta;\n\t" << groupBarrier() << ";\n"
       << "\t@%q0 mbarrier.arrive.shared::cta.b64 _, [" << Barrier << "];\n";
    return;
  }
}

void KernelEmitter::slotAddress(raw_ostream &OS, const RingInfo &R,
                                uint64_t Offset, StringRef Dst) {
  uint64_t Stride = R.Depth > 1 ? Plan.Arena.slotOffset(R.ArenaRing, 1) -
                                      Plan.Arena.slotOffset(R.ArenaRing, 0)
                                : 0;
  OS << "\tmul.lo.u32 %x8, %x5, " << Stride << ";\n\tadd.u32 %x8, %x8, %x2;\n"
     << "\tadd.u32 " << Dst << ", %x8, "
     << Plan.Arena.slotOffset(R.ArenaRing, 0) + Offset << ";\t// slot of pipe"
     << R.Id << "\n";
}

//===----------------------------------------------------------------------===//
// Coordination.
//===----------------------------------------------------------------------===//

void KernelEmitter::ringBarriers(raw_ostream &OS, const RingInfo &R,
                                 StringRef Op, StringRef Operands) {
  for (unsigned S = 0; S != R.Depth; ++S) {
    OS << "\t@%q0 " << Op << " "
       << address("%x2", int64_t(Plan.Arena.fullBarrierOffset(R.ArenaRing, S)))
       << Operands << ";\n";
    if (R.HasEmpty)
      OS << "\t@%q0 " << Op << " "
         << address("%x2",
                    int64_t(Plan.Arena.emptyBarrierOffset(R.ArenaRing, S)))
         << Operands << ";\n";
  }
}

Error KernelEmitter::emitPipe(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::pipe)));
  const RingInfo &R = Plan.Rings.at(Id);
  if (MI.getOpcode() == TileAS::PIPE_CREATE) {
    OS << "\tmov.b32 %pf" << Id << ", "
       << reg(namedOperand(MI, TileAS::OpName::first).getReg()) << ";\n";
    // A ring created again (each tile of a loop nest): its phases restart,
    // so once every thread is past the previous run's last wait its
    // barriers are invalidated before they are initialized again (an
    // mbarrier is not initialized twice).
    if (R.Recreated) {
      const MachineInstr *Prev = MI.getPrevNode();
      if (!Prev || Prev->getOpcode() != TileAS::PIPE_CREATE)
        OS << "\t" << ctaBarrier() << ";\t// the rings again\n";
      ringBarriers(OS, R, "mbarrier.inval.shared::cta.b64", "");
    }
    ringBarriers(OS, R, "mbarrier.init.shared::cta.b64", ", 1");
    const MachineInstr *Next = MI.getNextNode();
    if (!Next || Next->getOpcode() != TileAS::PIPE_CREATE)
      OS << "\tfence.mbarrier_init.release.cluster;\n"
            "\tfence.proxy.async.shared::cta;\n\t"
         << ctaBarrier() << ";\n";
    return Error::success();
  }
  Register Iter = namedOperand(MI, TileAS::OpName::iter).getReg();
  switch (MI.getOpcode()) {
  case TileAS::PIPE_PRODUCER_ACQUIRE:
    if (!R.HasEmpty)
      return Error::success();
    ringPosition(OS, R, Iter);
    ringBarrier(OS, R, /*Full=*/false, "%x9");
    // The first use of each slot finds it empty: a fresh barrier passes a
    // wait for parity 1.
    OS << "\txor.b32 %x6, %x6, 1;\n";
    spinWait(OS, "%x9", "%x6");
    return Error::success();
  case TileAS::PIPE_PRODUCER_COMMIT:
    ringPosition(OS, R, Iter);
    if (Plan.HandleTables.count(Id))
      if (Error E = publishHandle(MI, OS))
        return E;
    ringBarrier(OS, R, /*Full=*/true, "%x9");
    arrive(OS, R.Commit, "%x9", R.Bytes);
    return Error::success();
  case TileAS::PIPE_CONSUMER_WAIT:
    if (Wgmma)
      wgmmaWaitMark(MI, OS);
    ringPosition(OS, R, Iter);
    ringBarrier(OS, R, /*Full=*/true, "%x9");
    spinWait(OS, "%x9", "%x6");
    return Error::success();
  case TileAS::PIPE_CONSUMER_RELEASE:
    if (!R.HasEmpty)
      return Error::success();
    if (R.Release == Arriver::TensorCore && !TensorMemory) {
      // Hopper: the threads arrive once the wgmmas that read the slot are
      // done. A loop-carried release in the first iteration releases
      // nothing (its iteration is the one before the first).
      ringPosition(OS, R, Iter);
      ringBarrier(OS, R, /*Full=*/false, "%x9");
      bool LoopCarried = wgmmaRelease(MI, R, OS);
      std::string None;
      if (LoopCarried) {
        None = label();
        OS << "\tsetp.lt.s32 %q7, %x4, 0;\n\t@%q7 bra.uni " << None
           << ";\t// no iteration before the first\n";
      }
      arrive(OS, Arriver::Threads, "%x9", 0);
      if (LoopCarried)
        OS << None << ":\n";
      return Error::success();
    }
    ringPosition(OS, R, Iter);
    ringBarrier(OS, R, /*Full=*/false, "%x9");
    arrive(OS, R.Release, "%x9", 0);
    return Error::success();
  default:
    llvm_unreachable("not a pipe operation");
  }
}

/// AGENT_SWITCH: the agent's warps from here on elect their own lane, arrive
/// for the agent after its own named barrier (agentBarrier), and set their
/// registers when the agents are warpgroup-aligned.
void KernelEmitter::emitAgentSwitch(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::agent)));
  const AgentInfo &A = Plan.Agents.at(Id);
  std::string Elected = label();
  OS << "\tsetp.eq.u32 %q0, %x0, " << A.FirstWarp * 32
     << ";\n\tsetp.eq.u32 %q6, %x1, " << A.FirstWarp
     << ";\n\tmov.pred %q2, 0;\n\t@!%q6 bra.uni " << Elected
     << ";\n\telect.sync _|%q2, 0xffffffff;\n"
     << Elected << ":\n";
  if (Plan.UseSetmaxnreg)
    OS << "\t// agent " << Id << ": " << A.Warps << " warp(s) from warp "
       << A.FirstWarp << ", " << A.Registers
       << " registers (set for its warpgroup before the dispatch)\n";
  else
    OS << "\t// agent " << Id << ": " << A.Warps << " warp(s) from warp "
       << A.FirstWarp << ", budget " << A.Registers << " registers (every "
       << "thread has " << Plan.MaxRegisters << ")\n";
}

/// A ring of tensor-memory buffers read by another agent: before the commit,
/// the issuing lane leaves the address of the buffer it filled (the last
/// tensor-memory value defined before the commit) in the slot's word; the
/// fence orders the store before the arrival the readers wait for.
Error KernelEmitter::publishHandle(const MachineInstr &Commit,
                                   raw_ostream &OS) {
  unsigned Id = unsigned(cantFail(namedImm(Commit, TileAS::OpName::pipe)));
  const MachineInstr *Filled = nullptr;
  const MachineBasicBlock &MBB = *Commit.getParent();
  for (auto It = std::next(MachineBasicBlock::const_reverse_iterator(Commit));
       It != MBB.rend() && !Filled; ++It)
    if (It->getNumDefs() && It->getOperand(0).isReg() &&
        TileAS::TMEMRegClass.contains(It->getOperand(0).getReg()))
      Filled = &*It;
  if (!Filled)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: PIPE_PRODUCER_COMMIT: pipe {2} holds tensor "
                "memory, but nothing before the commit in its block writes "
                "a tensor-memory buffer",
                MF.getName(), Commit.getParent()->getNumber(), Id));
  OS << "\tshl.b32 %x10, %x5, 2;\n\tadd.u32 %x10, %x10, %x2;\n"
     << "\t@%q2 st.shared.b32 "
     << address("%x10", int64_t(bufferOffset(Plan.HandleTables.at(Id)))) << ", "
     << reg(Filled->getOperand(0).getReg())
     << ";\t// the slot's tensor memory\n\t@%q2 fence.acq_rel.cta;\n";
  return Error::success();
}

/// PIPE_TMEM: the tensor-memory buffer of a slot, as its producer left it.
Error KernelEmitter::emitSlotTmem(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::pipe)));
  ringPosition(OS, Plan.Rings.at(Id),
               namedOperand(MI, TileAS::OpName::iter).getReg());
  OS << "\tshl.b32 %x10, %x5, 2;\n\tadd.u32 %x10, %x10, %x2;\n"
     << "\tld.shared.b32 " << reg(MI.getOperand(0).getReg()) << ", "
     << address("%x10", int64_t(bufferOffset(Plan.HandleTables.at(Id))))
     << ";\n";
  return Error::success();
}

/// PIPE_TILE: the address of a member of a ring's slot.
Error KernelEmitter::emitSlotTile(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::pipe)));
  unsigned Member = unsigned(cantFail(namedImm(MI, TileAS::OpName::member)));
  const RingInfo &R = Plan.Rings.at(Id);
  auto Members = Plan.MemberOffsets.find(Id);
  if (Members == Plan.MemberOffsets.end() || Member >= Members->second.size())
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: PIPE_TILE: member {2} of pipe {3}, which no "
                "producer fills",
                MF.getName(), MI.getParent()->getNumber(), Member, Id));
  ringPosition(OS, R, namedOperand(MI, TileAS::OpName::iter).getReg());
  slotAddress(OS, R, Members->second[Member], reg(MI.getOperand(0).getReg()));
  return Error::success();
}

Error KernelEmitter::emitMutex(const MachineInstr &MI, raw_ostream &OS) {
  int64_t Bar = cantFail(namedImm(MI, TileAS::OpName::bar));
  OS << "\tadd.u32 %x9, %x2, " << bufferOffset(Plan.MutexBarriers.at(Bar))
     << ";\t// mutex bar" << Bar << "\n";
  if (MI.getOpcode() == TileAS::MUTEX_LOCK) {
    // Side 0 enters after an even number of completed phases, side 1 after
    // an odd number: the phase with the other parity has completed.
    int64_t Side = cantFail(namedImm(MI, TileAS::OpName::side));
    spinWait(OS, "%x9", Side == 0 ? "1" : "0");
    return Error::success();
  }
  arrive(OS,
         arriverOf(tileasMachine(*MI.getMF()),
                   cantFail(namedImm(MI, TileAS::OpName::agent))),
         "%x9", 0);
  return Error::success();
}

/// Every running thread of the CTA (idle warps have left).
std::string KernelEmitter::ctaBarrier() const {
  return formatv("bar.sync 0, {0}", Plan.ActiveThreads).str();
}

/// "bar.sync 0, 128": the named barrier of the threads that run the current
/// instruction together (the CTA, or an agent's warps).
std::string KernelEmitter::groupBarrier() const {
  auto It = Plan.BlockAgent.find(Current->getParent());
  if (It == Plan.BlockAgent.end())
    return ctaBarrier();
  return formatv("bar.sync {0}, {1}", agentBarrier(It->second),
                 Plan.Agents.at(It->second).Warps * 32)
      .str();
}

} // namespace ptx
} // namespace tileas
