//===- TileASPTXEmitter.cpp - MachineInstrs as PTX sequences --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "MCTargetDesc/TileASInstPrinter.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
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

std::string moduleHeader(StringRef CPU) {
  // sm_100a needs PTX ISA 8.6 for tcgen05 and f32x2 (8.7 is what CUDA 13.0's
  // ptxas was checked with); the family and sm_103a targets came with 8.8.
  StringRef Version = CPU == "sm_100a" ? "8.7" : "8.8";
  return formatv(".version {0}\n.target {1}\n.address_size 64\n", Version, CPU)
      .str();
}

KernelEmitter::KernelEmitter(const MachineFunction &MF, const KernelPlan &Plan)
    : MF(MF), Plan(Plan), TRI(*MF.getSubtarget().getRegisterInfo()) {}

std::string KernelEmitter::reg(Register R) const {
  return ("%" + StringRef(TileASInstPrinter::getRegisterName(R))).str();
}

std::string KernelEmitter::frag(Register R, unsigned Lane) const {
  return formatv("%f{0}", TRI.getEncodingValue(R) * 4 + Lane).str();
}

std::string KernelEmitter::fragVector(Register R) const {
  return formatv("{{{0}, {1}, {2}, {3}}", frag(R, 0), frag(R, 1), frag(R, 2),
                 frag(R, 3))
      .str();
}

std::string KernelEmitter::label() {
  return formatv("$L__TA{0}_{1}", MF.getFunctionNumber(), Labels++).str();
}

static std::string imm32(int64_t V) { return std::to_string(int32_t(V)); }

/// "[%rd0+16]": a register plus a byte offset.
static std::string address(StringRef Base, int64_t Offset) {
  if (Offset == 0)
    return ("[" + Base + "]").str();
  return formatv("[{0}+{1}]", Base, Offset).str();
}

//===----------------------------------------------------------------------===//
// The entry.
//===----------------------------------------------------------------------===//

static StringRef paramType(tileas_mfi::PTXParam::KindTy Kind) {
  switch (Kind) {
  case tileas_mfi::PTXParam::Pointer:
  case tileas_mfi::PTXParam::U64:
    return ".u64";
  case tileas_mfi::PTXParam::F64:
    return ".f64";
  case tileas_mfi::PTXParam::F32:
    return ".f32";
  case tileas_mfi::PTXParam::U32:
    return ".u32";
  case tileas_mfi::PTXParam::TensorMap:
    return ".b8";
  }
  return ".u32";
}

void KernelEmitter::emitEntry(raw_ostream &OS) {
  const auto &FI = *MF.getInfo<TileASMachineFunctionInfo>();
  StringRef Name = MF.getName();
  SmallVector<StringRef, 16> Lines;
  std::string Listing = Plan.Arena.listing();
  SplitString(Listing, Lines, "\n");
  for (StringRef L : Lines)
    OS << "// " << L << "\n";
  OS << ".visible .entry " << Name << "(";
  for (auto [I, P] : enumerate(FI.PTXParams)) {
    OS << (I ? ",\n" : "\n") << "\t.param ";
    if (P.Kind == tileas_mfi::PTXParam::TensorMap)
      OS << ".align 128 .b8 " << Name << "_param_" << I << "[128]";
    else
      OS << paramType(P.Kind) << " " << Name << "_param_" << I;
  }
  OS << "\n)\n.reqntid " << Plan.Threads << ", 1, 1\n";
  if (!Plan.Agents.empty()) {
    OS << ".maxnreg " << Plan.MaxRegisters << "\n";
    if (!Plan.UseSetmaxnreg)
      OS << "// no setmaxnreg: " << Plan.WhyNoSetmaxnreg
         << ", so every thread keeps the largest agent budget\n";
  }
  OS << "{\n";

  // Every allocatable register of the target, and the sequences' own.
  OS << "\t.reg .pred %p<8>;\n\t.reg .b32 %r<64>;\n\t.reg .b64 %rd<32>;\n"
        "\t.reg .b64 %sp;\n\t.reg .b32 %tile<32>;\n\t.reg .b32 %tmem<8>;\n"
        "\t.reg .b32 %f<256>;\n\t.reg .pred %q<8>;\n\t.reg .b32 %x<48>;\n"
        "\t.reg .b64 %xd<4>;\n";
  if (!Plan.Rings.empty())
    OS << "\t.reg .b32 %pf<" << Plan.LargestPipe + 1 << ">;\n";
  if (Plan.PhaseRegisters)
    OS << "\t.reg .b32 %ph<" << Plan.PhaseRegisters << ">;\n";
  uint64_t Frame = MF.getFrameInfo().getStackSize();
  if (Frame) {
    OS << "\t.local .align 16 .b8 __local_depot" << MF.getFunctionNumber()
       << "[" << Frame << "];\n";
    OS << "\tmov.u64 %sp, __local_depot" << MF.getFunctionNumber() << ";\n";
  }

  OS << "\t// parameters\n";
  for (auto [I, P] : enumerate(FI.PTXParams)) {
    std::string R = reg(P.Reg);
    std::string Param = formatv("{0}_param_{1}", Name, I).str();
    std::string Note = P.IRName.empty() ? "" : "\t// %" + P.IRName;
    switch (P.Kind) {
    case tileas_mfi::PTXParam::TensorMap:
      OS << "\tmov.b64 " << R << ", " << Param << ";\n\tcvta.param.u64 " << R
         << ", " << R << ";\t// "
         << (P.IRName.empty() ? "" : "%" + P.IRName + ": ") << "tensor map\n";
      break;
    case tileas_mfi::PTXParam::Pointer:
      OS << "\tld.param.u64 " << R << ", [" << Param << "];" << Note
         << "\n\tcvta.to.global.u64 " << R << ", " << R << ";\n";
      break;
    default:
      OS << "\tld.param" << paramType(P.Kind) << " " << R << ", [" << Param
         << "];" << Note << "\n";
      break;
    }
  }

  std::string Elected = label();
  OS << "\t// threads: %x0 thread, %x1 warp, %q0 thread 0, %q1 warp 0, %q2 "
        "the elected lane of warp 0\n"
     << "\tmov.u32 %x0, %tid.x;\n\tshr.u32 %x1, %x0, 5;\n"
     << "\tsetp.eq.u32 %q0, %x0, 0;\n\tsetp.eq.u32 %q1, %x1, 0;\n"
     << "\tmov.pred %q2, 0;\n\t@!%q1 bra.uni " << Elected << ";\n"
     << "\telect.sync _|%q2, 0xffffffff;\n"
     << Elected << ":\n"
     << "\tmov.pred %q5, -1;\n"
     << "\tand.b32 %x3, %x1, 3;\n\tshl.b32 %x3, %x3, 21;\t// this warp's "
        "tensor-memory lanes\n"
     << "\tmov.u32 %x2, tileas_smem;\n\tadd.u32 %x2, %x2, 1023;\n"
     << "\tand.b32 %x2, %x2, -1024;\t// the arena\n";
  for (unsigned P = 0; P != Plan.PhaseRegisters; ++P)
    OS << "\tmov.b32 %ph" << P << ", 0;\n";
  if (!Plan.PrologueBarriers.empty()) {
    for (unsigned B : Plan.PrologueBarriers)
      OS << "\t@%q0 mbarrier.init.shared::cta.b64 "
         << address("%x2", int64_t(bufferOffset(B))) << ", 1;\n";
    OS << "\tfence.mbarrier_init.release.cluster;\n"
          "\tfence.proxy.async.shared::cta;\n\t"
       << ctaBarrier() << ";\n";
  }
  for (const tileas_mfi::PTXParam &P : FI.PTXParams)
    if (P.Kind == tileas_mfi::PTXParam::TensorMap)
      OS << "\t@%q2 prefetch.tensormap [" << reg(P.Reg) << "];\n";
}

/// setmaxnreg is executed by all four warps of a warpgroup, one instruction
/// for all: each warpgroup branches to its own where every warp is still
/// together, just before the dispatch to the agents (the code before it
/// keeps the launch's registers); then the warps of no agent leave.
void KernelEmitter::emitWarpgroupRegisters(raw_ostream &OS) {
  if (Plan.UseSetmaxnreg) {
    std::string Done = label();
    OS << "\t// registers per warpgroup\n\tshr.u32 %x10, %x0, 7;\n";
    SmallVector<std::pair<std::string, unsigned>, 4> Groups;
    for (auto [Group, Budget] : enumerate(Plan.WarpgroupRegisters)) {
      if (Budget == Plan.MaxRegisters)
        continue;
      Groups.push_back({label(), Budget});
      OS << "\tsetp.eq.u32 %q4, %x10, " << Group << ";\n\t@%q4 bra.uni "
         << Groups.back().first << ";\n";
    }
    OS << "\tbra.uni " << Done << ";\n";
    for (auto &[Label, Budget] : Groups)
      OS << Label << ":\n\tsetmaxnreg."
         << (Budget > Plan.MaxRegisters ? "inc" : "dec") << ".sync.aligned.u32 "
         << Budget << ";\n\tbra.uni " << Done << ";\n";
    OS << Done << ":\n";
  }
  for (unsigned W : Plan.IdleWarps) {
    std::string Next = label();
    OS << "\tsetp.ne.u32 %q4, %x1, " << W << ";\n\t@%q4 bra.uni " << Next
       << ";\n\tret;\t// warp " << W << " runs no agent\n"
       << Next << ":\n";
  }
}

//===----------------------------------------------------------------------===//
// Pieces.
//===----------------------------------------------------------------------===//

void KernelEmitter::fragmentOp(raw_ostream &OS, StringRef Op,
                               const MachineInstr &MI, unsigned Sources) {
  Register D = MI.getOperand(0).getReg();
  for (unsigned L = 0; L != 4; ++L) {
    OS << "\t" << Op << " " << frag(D, L);
    for (unsigned S = 1; S <= Sources; ++S)
      OS << ", " << frag(MI.getOperand(S).getReg(), L);
    OS << ";\n";
  }
}

void KernelEmitter::pairedOp(raw_ostream &OS, StringRef Op,
                             const MachineInstr &MI, unsigned Sources) {
  Register D = MI.getOperand(0).getReg();
  for (unsigned Pair = 0; Pair != 2; ++Pair) {
    for (unsigned S = 1; S <= Sources; ++S) {
      Register R = MI.getOperand(S).getReg();
      OS << "\tmov.b64 %xd" << S - 1 << ", {" << frag(R, 2 * Pair) << ", "
         << frag(R, 2 * Pair + 1) << "};\n";
    }
    OS << "\t" << Op << " %xd3";
    for (unsigned S = 1; S <= Sources; ++S)
      OS << ", %xd" << S - 1;
    OS << ";\n\tmov.b64 {" << frag(D, 2 * Pair) << ", " << frag(D, 2 * Pair + 1)
       << "}, %xd3;\n";
  }
}

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
     << "\tbar.warp.sync -1;\n\ttcgen05.fence::after_thread_sync;\n";
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
    OS << "\ttcgen05.fence::before_thread_sync;\n"
          "\tfence.proxy.async.shared::cta;\n\t"
       << groupBarrier() << ";\n"
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
    return createStringError(inconvertibleErrorCode(),
                             formatv("{0} bb.{1}: MMA_TMEM: k-block {2}: {3}",
                                     MF.getName(), MI.getParent()->getNumber(),
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
// Coordination.
//===----------------------------------------------------------------------===//

Error KernelEmitter::emitPipe(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Id = unsigned(cantFail(namedImm(MI, TileAS::OpName::pipe)));
  const RingInfo &R = Plan.Rings.at(Id);
  if (MI.getOpcode() == TileAS::PIPE_CREATE) {
    OS << "\tmov.b32 %pf" << Id << ", "
       << reg(namedOperand(MI, TileAS::OpName::first).getReg()) << ";\n";
    for (unsigned S = 0; S != R.Depth; ++S) {
      OS << "\t@%q0 mbarrier.init.shared::cta.b64 "
         << address("%x2",
                    int64_t(Plan.Arena.fullBarrierOffset(R.ArenaRing, S)))
         << ", 1;\n";
      if (R.HasEmpty)
        OS << "\t@%q0 mbarrier.init.shared::cta.b64 "
           << address("%x2",
                      int64_t(Plan.Arena.emptyBarrierOffset(R.ArenaRing, S)))
           << ", 1;\n";
    }
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
    ringBarrier(OS, R, /*Full=*/true, "%x9");
    arrive(OS, R.Commit, "%x9", R.Bytes);
    return Error::success();
  case TileAS::PIPE_CONSUMER_WAIT:
    ringPosition(OS, R, Iter);
    ringBarrier(OS, R, /*Full=*/true, "%x9");
    spinWait(OS, "%x9", "%x6");
    return Error::success();
  case TileAS::PIPE_CONSUMER_RELEASE:
    if (!R.HasEmpty)
      return Error::success();
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
  arrive(OS, arriverOf(cantFail(namedImm(MI, TileAS::OpName::agent))), "%x9",
         0);
  return Error::success();
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
    uint64_t Bytes = uint64_t(
        MI.getOperand(MI.getOpcode() == TileAS::TMA_LOAD ? 4 : 2).getImm());
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
    uint64_t Bytes = uint64_t(MI.getOperand(2).getImm());
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
  case TileAS::MMA_TMEM: {
    unsigned KBlock = unsigned(MI.getOperand(4).getImm());
    if (Error E =
            smemDescriptor(OS, MI, MI.getOperand(2).getReg(), KBlock, "%xd0"))
      return E;
    if (Error E =
            smemDescriptor(OS, MI, MI.getOperand(3).getReg(), KBlock, "%xd1"))
      return E;
    MmaF16Desc Desc;
    uint32_t IDesc = cantFail(encodeMmaF16Desc(Desc));
    OS << "\tmov.b32 %x10, " << formatv("{0:x}", IDesc) << ";\t// "
       << describeMmaF16Desc(Desc) << "\n"
       << "\t@%q2 tcgen05.mma.cta_group::1.kind::f16 [" << R(0)
       << "], %xd0, %xd1, %x10, %q5;\n";
    if (!Plan.Coordinated)
      syncMma(OS);
    return Error::success();
  }
  case TileAS::TMEM_LD:
    OS << "\tadd.u32 %x10, " << R(1) << ", %x3;\n"
       << "\ttcgen05.ld.sync.aligned.32x32b.x4.b32 "
       << fragVector(MI.getOperand(0).getReg()) << ", [%x10];\n"
       << "\ttcgen05.wait::ld.sync.aligned;\n";
    return Error::success();
  case TileAS::TMEM_ST:
    OS << "\tadd.u32 %x10, " << R(0) << ", %x3;\n"
       << "\ttcgen05.st.sync.aligned.32x32b.x4.b32 [%x10], "
       << fragVector(MI.getOperand(2).getReg()) << ";\n"
       << "\ttcgen05.wait::st.sync.aligned;\n";
    return Error::success();
  default:
    llvm_unreachable("not a tile operation");
  }
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

//===----------------------------------------------------------------------===//
// One instruction.
//===----------------------------------------------------------------------===//

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

Error KernelEmitter::emitInstruction(const MachineInstr &MI, raw_ostream &OS) {
  Current = &MI;
  if (&MI == Plan.DispatchPoint)
    emitWarpgroupRegisters(OS);
  auto R = [&](unsigned I) { return reg(MI.getOperand(I).getReg()); };
  auto Imm = [&](unsigned I) { return MI.getOperand(I).getImm(); };
  auto Binary = [&](StringRef Op) {
    OS << "\t" << Op << " " << R(0) << ", " << R(1) << ", ";
    if (MI.getOperand(2).isImm())
      OS << imm32(Imm(2));
    else
      OS << R(2);
    OS << ";\n";
  };
  auto Local = [&](unsigned BaseOp) {
    return address(reg(MI.getOperand(BaseOp).getReg()),
                   MI.getOperand(BaseOp + 1).getImm());
  };
  switch (MI.getOpcode()) {
  case TileAS::MOVri:
    OS << "\tmov.b32 " << R(0) << ", " << imm32(Imm(1)) << ";\n";
    break;
  case TileAS::MOV64ri:
    OS << "\tmov.b64 " << R(0) << ", " << Imm(1) << ";\n";
    break;
  case TileAS::ADDrr:
  case TileAS::ADDri:
    Binary("add.s32");
    break;
  case TileAS::SUBrr:
  case TileAS::SUBri:
    Binary("sub.s32");
    break;
  case TileAS::MULrr:
  case TileAS::MULri:
    Binary("mul.lo.s32");
    break;
  case TileAS::ANDrr:
  case TileAS::ANDri:
    Binary("and.b32");
    break;
  case TileAS::XORrr:
  case TileAS::XORri:
    Binary("xor.b32");
    break;
  case TileAS::SHLrr:
  case TileAS::SHLri:
    Binary("shl.b32");
    break;
  case TileAS::SHRrr:
  case TileAS::SHRri:
    Binary("shr.s32");
    break;
  case TileAS::ADD64rr:
    Binary("add.s64");
    break;
  case TileAS::ADD64ri:
    OS << "\tadd.s64 " << R(0) << ", " << R(1) << ", " << Imm(2) << ";\n";
    break;
  case TileAS::CVT64_32:
    OS << "\tcvt.u64.u32 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::SETPrr:
  case TileAS::SETPri:
    OS << "\tsetp."
       << TileAS::condCodeName(TileAS::CondCode(MI.getOperand(3).getImm()))
       << ".s32 " << R(0) << ", " << R(1) << ", "
       << (MI.getOperand(2).isImm() ? imm32(Imm(2)) : R(2)) << ";\n";
    break;
  case TileAS::SELP:
    OS << "\tselp.b32 " << R(0) << ", " << R(1) << ", " << R(2) << ", " << R(3)
       << ";\n";
    break;
  case TileAS::BRA:
    OS << "\tbra " << MI.getOperand(0).getMBB()->getSymbol()->getName()
       << ";\n";
    break;
  case TileAS::BR_P:
  case TileAS::BR_NP:
    OS << "\t@" << (MI.getOpcode() == TileAS::BR_NP ? "!" : "") << R(0)
       << " bra " << MI.getOperand(1).getMBB()->getSymbol()->getName() << ";\n";
    break;
  case TileAS::RET:
    emitReturn(OS);
    break;
  case TileAS::LDG:
    OS << "\tld.global.b32 " << R(0) << ", " << Local(1) << ";\n";
    break;
  case TileAS::LDG_F:
    OS << "\tld.global.v4.b32 " << fragVector(MI.getOperand(0).getReg()) << ", "
       << Local(1) << ";\n";
    break;
  case TileAS::STG:
    OS << "\tst.global.b32 " << Local(1) << ", " << R(0) << ";\n";
    break;
  case TileAS::STG_F:
    OS << "\tst.global.v4.b32 " << Local(1) << ", "
       << fragVector(MI.getOperand(0).getReg()) << ";\n";
    break;
  case TileAS::FADD:
    fragmentOp(OS, "add.rn.f32", MI, 2);
    break;
  case TileAS::FSUB:
    fragmentOp(OS, "sub.rn.f32", MI, 2);
    break;
  case TileAS::FMUL:
    fragmentOp(OS, "mul.rn.f32", MI, 2);
    break;
  case TileAS::FMAX:
    fragmentOp(OS, "max.f32", MI, 2);
    break;
  case TileAS::FFMA:
    fragmentOp(OS, "fma.rn.f32", MI, 3);
    break;
  case TileAS::IADDF:
    fragmentOp(OS, "add.s32", MI, 2);
    break;
  case TileAS::LOPF:
    fragmentOp(OS, "and.b32", MI, 2);
    break;
  case TileAS::EX2:
    fragmentOp(OS, "ex2.approx.f32", MI, 1);
    break;
  case TileAS::LG2:
    fragmentOp(OS, "lg2.approx.f32", MI, 1);
    break;
  case TileAS::RCP:
    fragmentOp(OS, "rcp.approx.f32", MI, 1);
    break;
  case TileAS::RSQ:
    fragmentOp(OS, "rsqrt.approx.f32", MI, 1);
    break;
  case TileAS::FADD2:
    pairedOp(OS, "add.rn.f32x2", MI, 2);
    break;
  case TileAS::FMUL2:
    pairedOp(OS, "mul.rn.f32x2", MI, 2);
    break;
  case TileAS::FFMA2:
    pairedOp(OS, "fma.rn.f32x2", MI, 3);
    break;
  case TileAS::FRMAX: {
    // The row's maximum over the thread's fragment (one row per thread in
    // the 32x32b layout), in every lane.
    Register A = MI.getOperand(1).getReg(), D = MI.getOperand(0).getReg();
    OS << "\tmax.f32 %x10, " << frag(A, 0) << ", " << frag(A, 1) << ";\n"
       << "\tmax.f32 %x11, " << frag(A, 2) << ", " << frag(A, 3) << ";\n"
       << "\tmax.f32 %x10, %x10, %x11;\n";
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(D, L) << ", %x10;\n";
    break;
  }
  case TileAS::FZERO:
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(MI.getOperand(0).getReg(), L) << ", 0;\n";
    break;
  case TileAS::FBCAST:
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(MI.getOperand(0).getReg(), L) << ", " << R(1)
         << ";\n";
    break;
  case TileAS::RCP64:
    OS << "\trcp.rn.f64 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::BAR_SYNC:
  case TileAS::BAR_ARRIVE:
    OS << "\t"
       << (MI.getOpcode() == TileAS::BAR_SYNC ? "bar.sync " : "bar.arrive ")
       << Imm(0) << ", " << Imm(1) << ";\n";
    break;
  case TileAS::MOV_R32:
  case TileAS::MOV_TH:
  case TileAS::MOV_TMH:
    OS << "\tmov.b32 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::MOV_R64:
    OS << "\tmov.b64 " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::MOV_PR:
    OS << "\tmov.pred " << R(0) << ", " << R(1) << ";\n";
    break;
  case TileAS::MOV_FR:
    for (unsigned L = 0; L != 4; ++L)
      OS << "\tmov.b32 " << frag(MI.getOperand(0).getReg(), L) << ", "
         << frag(MI.getOperand(1).getReg(), L) << ";\n";
    break;
  case TileAS::STL_R32:
  case TileAS::STL_TH:
  case TileAS::STL_TMH:
    OS << "\tst.local.b32 " << Local(1) << ", " << R(0) << ";\n";
    break;
  case TileAS::STL_R64:
    OS << "\tst.local.b64 " << Local(1) << ", " << R(0) << ";\n";
    break;
  case TileAS::STL_PR:
    OS << "\tselp.b32 %x10, 1, 0, " << R(0) << ";\n\tst.local.b32 " << Local(1)
       << ", %x10;\n";
    break;
  case TileAS::STL_FR:
    OS << "\tst.local.v4.b32 " << Local(1) << ", "
       << fragVector(MI.getOperand(0).getReg()) << ";\n";
    break;
  case TileAS::LDL_R32:
  case TileAS::LDL_TH:
  case TileAS::LDL_TMH:
    OS << "\tld.local.b32 " << R(0) << ", " << Local(1) << ";\n";
    break;
  case TileAS::LDL_R64:
    OS << "\tld.local.b64 " << R(0) << ", " << Local(1) << ";\n";
    break;
  case TileAS::LDL_PR:
    OS << "\tld.local.b32 %x10, " << Local(1) << ";\n\tsetp.ne.b32 " << R(0)
       << ", %x10, 0;\n";
    break;
  case TileAS::LDL_FR:
    OS << "\tld.local.v4.b32 " << fragVector(MI.getOperand(0).getReg()) << ", "
       << Local(1) << ";\n";
    break;
  case TileAS::PIPE_CREATE:
  case TileAS::PIPE_PRODUCER_ACQUIRE:
  case TileAS::PIPE_PRODUCER_COMMIT:
  case TileAS::PIPE_CONSUMER_WAIT:
  case TileAS::PIPE_CONSUMER_RELEASE:
    return emitPipe(MI, OS);
  case TileAS::MUTEX_LOCK:
  case TileAS::MUTEX_UNLOCK:
    return emitMutex(MI, OS);
  case TileAS::WARP_IDX:
    OS << "\tmov.b32 " << R(0) << ", %x1;\n";
    break;
  case TileAS::AGENT_SWITCH:
    emitAgentSwitch(MI, OS);
    break;
  case TileAS::PIPE_TILE:
    return emitSlotTile(MI, OS);
  case TileAS::TMA_LOAD:
  case TileAS::CP_ASYNC:
  case TileAS::STS:
  case TileAS::LDS:
  case TileAS::TMA_STORE:
  case TileAS::TMEM_ALLOC:
  case TileAS::MMA_TMEM:
  case TileAS::TMEM_LD:
  case TileAS::TMEM_ST:
    return emitTile(MI, OS);
  default: {
    StringRef Name = MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode());
    return createStringError(inconvertibleErrorCode(),
                             formatv("{0} bb.{1}: {2} has no PTX sequence",
                                     MF.getName(), MI.getParent()->getNumber(),
                                     Name));
  }
  }
  return Error::success();
}

} // namespace ptx
} // namespace tileas
