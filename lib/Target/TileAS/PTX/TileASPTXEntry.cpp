//===- TileASPTXEntry.cpp - The .entry and its prologue -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The kernel's .entry line with its .param list, .reqntid and .maxnreg, the
// register declarations, the prologue every sequence relies on, and where
// warp specialization sets registers per warpgroup.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "PTX/TileASPTXText.h"

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
  // ptxas was checked with; sm_90a's wgmma and .shared::cta TMA take it
  // too); the family and sm_103a targets came with 8.8.
  StringRef Version = CPU == "sm_100a" || CPU == "sm_90a" ? "8.7" : "8.8";
  return formatv(".version {0}\n.target {1}\n.address_size 64\n", Version, CPU)
      .str();
}

//===----------------------------------------------------------------------===//
// The entry.
//===----------------------------------------------------------------------===//

/// The most registers a thread can address, which .maxnreg may name.
static constexpr unsigned MaxThreadRegisters = 255;

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
  // One CTA per SM is what a pipelined kernel is written for (its rings
  // fill shared memory): without the hint ptxas caps registers for an
  // occupancy the arena does not allow, and spills (ping-pong attention:
  // 96 registers and 56 bytes of spills, against 106 and none).
  if (Plan.Agents.empty())
    OS << ".minnctapersm 1\n";
  if (!Plan.Agents.empty()) {
    // setmaxnreg may give a warpgroup 256, but a thread addresses at most
    // 255: ptxas ignores a larger .maxnreg with a warning.
    OS << ".maxnreg " << std::min(Plan.MaxRegisters, MaxThreadRegisters)
       << "\n";
    if (!Plan.UseSetmaxnreg)
      OS << "// no setmaxnreg: " << Plan.WhyNoSetmaxnreg
         << ", so every thread keeps the largest agent budget\n";
    else if (!Plan.BudgetNote.empty())
      OS << "// setmaxnreg: " << Plan.BudgetNote << "\n";
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
  bool Recreated = any_of(
      Plan.Rings, [](const auto &Ring) { return Ring.second.Recreated; });
  if (!Plan.PrologueBarriers.empty() || Recreated) {
    for (unsigned B : Plan.PrologueBarriers)
      OS << "\t@%q0 mbarrier.init.shared::cta.b64 "
         << address("%x2", int64_t(bufferOffset(B))) << ", 1;\n";
    // A ring a loop creates again is invalidated first each time: valid
    // from the start.
    for (const auto &[Id, Ring] : Plan.Rings)
      if (Ring.Recreated)
        ringBarriers(OS, Ring, "mbarrier.init.shared::cta.b64", ", 1");
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

} // namespace ptx
} // namespace tileas
