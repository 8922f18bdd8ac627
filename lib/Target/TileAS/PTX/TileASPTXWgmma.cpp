//===- TileASPTXWgmma.cpp - wgmma.mma_async and its groups in PTX ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Hopper's MMA (-mcpu=sm_90a): one wgmma.mma_async.sync.aligned
// m64nNk16.f32.bf16.bf16 per WGMMA_XL (N = 2L), or m64nNkK of the element
// types of WGMMA_T_XL's type word (tf32, e4m3 / e5m2, s8 / u8), issued by
// every thread of the warpgroup with the L accumulator registers the thread
// holds and the sm_90 shared-memory descriptors of A and B at the
// instruction's k-block.
// Around them: wgmma.fence before a wgmma whose registers other
// instructions wrote (ptxas serializes every wgmma otherwise, info C7520),
// and wgmma.commit_group / wgmma.wait_group 0 before anything else touches
// the fragments in flight, before a ring slot the wgmmas read is released
// (the threads then arrive: Hopper's tensor core has no arrive of its own),
// and at the return. A consumer wait commits the wgmmas before it; a
// loop-carried release (the slot of the previous iteration, released after
// the wgmmas of this one) waits only for the groups up to the wait of this
// iteration, `wgmma.wait_group N` with N the groups committed since.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXEmitter.h"
#include "PTX/TileASPTXText.h"

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/PTX/Descriptors.h"
#include "tileas/PTX/WgmmaKinds.h"

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

/// Bytes of each operand row one wgmma reads: K = 16 bf16 or f16, 8 tf32,
/// 32 of the 8-bit types.
constexpr unsigned KBlockBytes = 32;
/// K-blocks in one 128-byte swizzle row.
constexpr unsigned KBlocksPerRow = 128 / KBlockBytes;
/// The rows of A one wgmma reads (m64).
constexpr unsigned WgmmaRows = 64;

/// The bytes of the tile in register Tile as the instruction that produced
/// it above User in its block says (through copies), if it is there.
std::optional<uint64_t> producedBytes(const MachineInstr &User, Register Tile,
                                      const TargetRegisterInfo &TRI) {
  const MachineBasicBlock &MBB = *User.getParent();
  for (auto It = std::next(User.getReverseIterator()); It != MBB.rend(); ++It) {
    if (!It->modifiesRegister(Tile, &TRI))
      continue;
    if (std::optional<uint64_t> Bytes = TileAS::producedTileBytes(*It))
      return Bytes;
    if (!It->isCopy())
      return std::nullopt;
    Tile = It->getOperand(1).getReg();
  }
  return std::nullopt;
}

} // namespace

void KernelEmitter::commitWgmma(raw_ostream &OS) {
  if (!WgmmaUncommitted)
    return;
  OS << "\twgmma.commit_group.sync.aligned;\n";
  WgmmaUncommitted = false;
  ++WgmmaGroups;
}

void KernelEmitter::retireWgmma(raw_ostream &OS) {
  if (!WgmmaUnknown && !WgmmaUncommitted && WgmmaFragments.none())
    return;
  commitWgmma(OS);
  OS << "\twgmma.wait_group.sync.aligned 0;\n";
  WgmmaUnknown = false;
  WgmmaFragments.reset();
  // The fragments are the threads' again; the next wgmma takes them back.
  WgmmaFenceNeeded = true;
}

void KernelEmitter::wgmmaWaitMark(const MachineInstr &Wait, raw_ostream &OS) {
  // A commit after other instructions wrote fragments makes ptxas inject a
  // fence (C7519): then the wgmmas stay uncommitted and the wait no mark.
  if (WgmmaUncommitted && WgmmaFenceNeeded) {
    WgmmaGroupsAtWait.erase(&Wait);
    return;
  }
  commitWgmma(OS);
  WgmmaGroupsAtWait[&Wait] = WgmmaGroups;
}

bool KernelEmitter::wgmmaRelease(const MachineInstr &Release, const RingInfo &R,
                                 raw_ostream &OS) {
  // Loop-carried: the iteration is `ADDri Iter, -step` (materialization's
  // TileASCoordinationBuilder::lateReleaseAnchor), Iter that of the
  // latest wait of the ring before it in the block, unchanged since.
  const MachineBasicBlock &MBB = *Release.getParent();
  Register It = namedOperand(Release, TileAS::OpName::iter).getReg();
  const MachineInstr *Prev = nullptr;
  const MachineInstr *Wait = nullptr;
  for (auto I = std::next(Release.getReverseIterator()); I != MBB.rend(); ++I) {
    if (!Prev) {
      if (!I->modifiesRegister(It, &TRI))
        continue;
      if (I->getOpcode() != TileAS::ADDri || !I->getOperand(2).isImm() ||
          I->getOperand(2).getImm() != -R.Step)
        break;
      Prev = &*I;
      It = I->getOperand(1).getReg();
      continue;
    }
    if (I->modifiesRegister(It, &TRI))
      break;
    if (I->getOpcode() == TileAS::PIPE_CONSUMER_WAIT &&
        cantFail(namedImm(*I, TileAS::OpName::pipe)) == R.Id) {
      if (namedOperand(*I, TileAS::OpName::iter).getReg() == It)
        Wait = &*I;
      break;
    }
  }
  auto Mark = Wait ? WgmmaGroupsAtWait.find(Wait) : WgmmaGroupsAtWait.end();
  if (Mark == WgmmaGroupsAtWait.end()) {
    retireWgmma(OS);
    return Prev != nullptr;
  }
  // Every reader of the released slot is in a group committed by the wait
  // or before it (groups a predecessor left in flight are older still):
  // the newer ones may stay in flight.
  commitWgmma(OS);
  unsigned InFlight = WgmmaGroups - Mark->second;
  if (!InFlight) {
    retireWgmma(OS);
    return true;
  }
  OS << "\twgmma.wait_group.sync.aligned " << InFlight
     << ";\t// the slot's readers are done; " << InFlight
     << " newer group(s) in flight\n";
  WgmmaFenceNeeded = true;
  return true;
}

void KernelEmitter::wgmmaBoundary(const MachineInstr &MI, raw_ostream &OS) {
  const MachineBasicBlock &MBB = *MI.getParent();
  if (&MI == &MBB.front()) {
    // The block's predecessors may have left wgmmas in flight.
    WgmmaUnknown = !MBB.pred_empty();
    WgmmaFenceNeeded = true;
    WgmmaGroupsAtWait.clear();
  }
  if (TileAS::wgmmaLanes(MI.getOpcode()))
    return;
  // ptxas wants a block's wgmmas committed in the block (else it injects
  // a fence, info C7519): before its branch, or its last instruction.
  if ((MI.isTerminator() || &MI == &MBB.back()) && !WgmmaFenceNeeded)
    commitWgmma(OS);
  bool InFlight = WgmmaUnknown || WgmmaFragments.any();
  bool Touches = false, Writes = false;
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isReg() || !MO.getReg().isPhysical() ||
        !TileAS::FRAGRegClass.contains(MO.getReg()))
      continue;
    unsigned Enc = TRI.getEncodingValue(MO.getReg());
    Touches |= WgmmaUnknown || Enc >= WgmmaFragments.size() ||
               WgmmaFragments.test(Enc);
    Writes |= MO.isDef();
  }
  if (InFlight && (Touches || MI.isReturn()))
    retireWgmma(OS);
  if (Writes)
    WgmmaFenceNeeded = true;
}

void KernelEmitter::sm90Descriptor(raw_ostream &OS, Register Tile,
                                   uint32_t Offset, StringRef Dst,
                                   StringRef Note) {
  SmemMatrixDesc D;
  D.LeadingByteOffset = 16;
  D.StrideByteOffset = 1024;
  D.Swizzle = SmemSwizzle::Bytes128;
  uint64_t Bits = cantFail(encodeSm90SmemDesc(D));
  OS << "\tshr.u32 %x11, " << reg(Tile) << ", 4;\n"
     << "\tand.b32 %x11, %x11, 16383;\n\tcvt.u64.u32 " << Dst << ", %x11;\n"
     << "\tor.b64 " << Dst << ", " << Dst << ", " << formatv("{0:x}", Bits)
     << ";\t// sm_90 " << describeSmemDesc(D) << "\n";
  if (Offset)
    OS << "\tadd.s64 " << Dst << ", " << Dst << ", " << (Offset >> 4)
       << ";\t// " << Note << "\n";
}

Error KernelEmitter::emitWgmma(const MachineInstr &MI, raw_ostream &OS) {
  unsigned Lanes = TileAS::wgmmaLanes(MI.getOpcode());
  unsigned Frags = Lanes / 4, N = 2 * Lanes;
  Register A = MI.getOperand(2 * Frags).getReg();
  Register B = MI.getOperand(2 * Frags + 1).getReg();
  unsigned KBlock = unsigned(MI.getOperand(2 * Frags + 2).getImm());
  auto Fail = [&](const Twine &Message) {
    return createStringError(
        inconvertibleErrorCode(),
        formatv("{0} bb.{1}: {2}: k-block {3}: {4}", MF.getName(),
                MI.getParent()->getNumber(),
                MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode()),
                KBlock, Message.str()));
  };

  // The element types: bf16 for WGMMA_X<L>, a type word's for WGMMA_T_X<L>
  // (its K follows from them; every kind reads 32 bytes of each row).
  WgmmaKind Kind;
  Kind.N = N;
  if (TileAS::isTypedWgmma(MI.getOpcode())) {
    uint32_t Word = uint32_t(MI.getOperand(2 * Frags + 3).getImm());
    Expected<WgmmaKind> Typed = decodeWgmmaTypes(Word, N);
    if (!Typed)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("{0} bb.{1}: {2}: type word {3:x}: {4}; no "
                  "wgmma.mma_async.sync.aligned.m64n{5} of these types on {6}",
                  MF.getName(), MI.getParent()->getNumber(),
                  MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode()),
                  Word, toString(Typed.takeError()), N,
                  MF.getSubtarget().getCPU()));
    Kind = *Typed;
  }

  // K-block kb reads K bytes [32 (kb mod 4), +32) of every row: of A's
  // 64-row block kb / 4 (a 128-row CTA tile is two m64 blocks, as the
  // corpus GEMM splits it), of all N rows of B.
  // A warpgroup issues a wgmma together: the four warps of one.
  auto Agent = Plan.BlockAgent.find(MI.getParent());
  if (Agent != Plan.BlockAgent.end()) {
    const AgentInfo &A = Plan.Agents.at(Agent->second);
    if (A.Warps != 4 || A.FirstWarp % 4)
      return Fail(formatv("agent {0} issues it with {1} warp(s) from warp "
                          "{2}; a wgmma is issued by the four warps of a "
                          "warpgroup",
                          Agent->second, A.Warps, A.FirstWarp));
  }

  // A k-block past any tile (a k-block of 4294967295) has no offset: an
  // error, where cantFail read an unset value into the descriptor.
  Expected<uint32_t> AOffsetOrErr = kMajorAtomKBlockOffset(
      KBlock, KBlockBytes, WgmmaRows, SmemSwizzle::Bytes128);
  if (!AOffsetOrErr)
    return Fail(toString(AOffsetOrErr.takeError()));
  uint32_t AOffset = *AOffsetOrErr;
  uint32_t BOffset = (KBlock % KBlocksPerRow) * KBlockBytes;
  if (std::optional<uint64_t> Bytes = producedBytes(MI, A, TRI))
    if (AOffset / (WgmmaRows * 128) * (WgmmaRows * 128) + WgmmaRows * 128 >
        *Bytes)
      return Fail(formatv("operand A: its rows {0}-{1} are past the tile "
                          "({2} bytes of 128-byte rows)",
                          KBlock / KBlocksPerRow * WgmmaRows,
                          (KBlock / KBlocksPerRow + 1) * WgmmaRows - 1,
                          *Bytes));
  if (std::optional<uint64_t> Bytes = producedBytes(MI, B, TRI))
    if (uint64_t(N) * 128 > *Bytes)
      return Fail(formatv("operand B: m64n{0}k{1} reads {0} rows of 128 "
                          "bytes, past the tile ({2} bytes)",
                          N, Kind.k(), *Bytes));

  // The instruction updates its accumulator in place: where allocation did
  // not give result and accumulator one register, copy it first (after the
  // wgmmas that write the result's registers are done).
  SmallVector<std::pair<Register, Register>, 32> Moves;
  for (unsigned F = 0; F != Frags; ++F) {
    Register D = MI.getOperand(F).getReg(),
             C = MI.getOperand(Frags + F).getReg();
    if (D != C)
      Moves.push_back({D, C});
  }
  if (!Moves.empty()) {
    if (WgmmaUnknown || WgmmaFragments.any())
      retireWgmma(OS);
    for (auto [D, C] : Moves)
      for (unsigned L = 0; L != 4; ++L)
        OS << "\tmov.b32 " << frag(D, L) << ", " << frag(C, L) << ";\n";
    WgmmaFenceNeeded = true;
  }
  // ptxas wants the fence in the wgmma's own basic block: a label (a spin
  // loop's, a block's) since the last fence starts a new one.
  if (WgmmaFenceNeeded || Labels != WgmmaFenceLabels)
    OS << "\twgmma.fence.sync.aligned;\n";
  WgmmaFenceNeeded = false;
  WgmmaFenceLabels = Labels;

  sm90Descriptor(OS, A, AOffset, "%xd0",
                 formatv("k-block {0}: rows {1}-{2}, K bytes {3}-{4}", KBlock,
                         AOffset / (WgmmaRows * 128) * WgmmaRows,
                         AOffset / (WgmmaRows * 128) * WgmmaRows + 63,
                         KBlock % KBlocksPerRow * KBlockBytes,
                         KBlock % KBlocksPerRow * KBlockBytes + 31)
                     .str());
  sm90Descriptor(
      OS, B, BOffset, "%xd1",
      formatv("k-block {0}: K bytes {1}-{2}", KBlock, BOffset, BOffset + 31)
          .str());
  if (WgmmaFragments.size() < TRI.getNumRegs())
    WgmmaFragments.resize(TRI.getNumRegs());
  OS << "\t" << wgmmaMnemonic(Kind) << " {";
  for (unsigned F = 0; F != Frags; ++F) {
    Register D = MI.getOperand(F).getReg();
    WgmmaFragments.set(TRI.getEncodingValue(D));
    for (unsigned L = 0; L != 4; ++L)
      OS << (F || L ? ", " : "") << frag(D, L);
  }
  // scale-d true (D = A x B + D: a fresh accumulator is zero), A and B
  // unscaled and K-major (immediates the integer kinds lack, and the
  // transposes only f16 and bf16 have).
  OS << "}, %xd0, %xd1, %q5" << wgmmaImmediates(Kind) << ";\n";
  WgmmaUncommitted = true;
  if (!Plan.Coordinated)
    retireWgmma(OS);
  else if (&MI == &MI.getParent()->back())
    commitWgmma(OS);
  return Error::success();
}

} // namespace ptx
} // namespace tileas
