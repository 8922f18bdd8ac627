//===- TileASDispatchStart.cpp - Agents' first instructions, soon --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// After the warp-index dispatch, the agent tested first starts the
// schedule's longest latency chain (a GEMM's load warp and its first TMA):
// every cycle between the preamble and its first instruction is a cycle the
// whole loop loses against the unspecialized form. These members of
// AgentRewrite take the dispatch out of that agent's way: its first
// coordinates computed before or during the tests, the warp index read
// first, its warps falling through the dispatch.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASRegisterInfo.h"
#include "WarpSpecialize/TileASAgentRewrite.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"

#include <optional>

using namespace llvm;

/// The value MI computes when each register it reads is a constant (a
/// MOVri), for the integer operations whose 32-bit result is plain to state
/// here; nullopt otherwise, or when the value is not a non-negative 32-bit
/// immediate.
static std::optional<int64_t> constantResult(const MachineInstr &MI,
                                             const MachineRegisterInfo &MRI) {
  if (MI.getNumOperands() != 3 || !MI.getOperand(1).isReg() ||
      !MI.getOperand(2).isImm())
    return std::nullopt;
  const MachineInstr *Def = MRI.getVRegDef(MI.getOperand(1).getReg());
  if (!Def || Def->getOpcode() != TileAS::MOVri || !Def->getOperand(1).isImm())
    return std::nullopt;
  int64_t A = Def->getOperand(1).getImm(), B = MI.getOperand(2).getImm();
  if (A < 0 || A > INT32_MAX || B < 0 || B > INT32_MAX)
    return std::nullopt;
  uint64_t R;
  switch (MI.getOpcode()) {
  case TileAS::ADDri:
    R = uint64_t(A) + uint64_t(B);
    break;
  case TileAS::MULri:
    R = uint64_t(A) * uint64_t(B);
    break;
  case TileAS::ANDri:
    R = uint64_t(A) & uint64_t(B);
    break;
  case TileAS::SHLri:
    if (B >= 31)
      return std::nullopt;
    R = uint64_t(A) << B;
    break;
  case TileAS::SHRri: // Arithmetic; A is non-negative.
    R = B >= 31 ? 0 : uint64_t(A) >> B;
    break;
  default:
    return std::nullopt;
  }
  if (R > uint64_t(INT32_MAX))
    return std::nullopt;
  return int64_t(R);
}

/// A MOVri of Value into a register of class RC in MBB, or null.
static MachineInstr *findMoveOf(int64_t Value, const TargetRegisterClass *RC,
                                MachineBasicBlock &MBB,
                                const MachineRegisterInfo &MRI) {
  for (MachineInstr &MI : MBB)
    if (MI.getOpcode() == TileAS::MOVri && MI.getOperand(1).isImm() &&
        MI.getOperand(1).getImm() == Value &&
        MI.getOperand(0).getReg().isVirtual() &&
        MRI.getRegClass(MI.getOperand(0).getReg()) == RC)
      return &MI;
  return nullptr;
}

/// The agent tested first in the dispatch starts the schedule's longest
/// latency chain (a GEMM's load warp and its first TMA). The scalar
/// arithmetic its prologue begins with (the first tile's coordinates, from
/// values made before the loop) waits in line behind the warp-index tests
/// and the trip-count test; computed by every warp in the dispatch, right
/// after WARP_IDX, its latency overlaps theirs instead. Pure scalar
/// instructions before the prologue's first other instruction (coordination
/// aside) move there, when their operands are made before the dispatch.
void AgentRewrite::hoistFirstAgentAddresses(const TileASExpandedLoop &First) {
  MachineBasicBlock &Head = *Preheader.getSingleSuccessor();
  auto WarpIdx = find_if(Head, [](const MachineInstr &MI) {
    return MI.getOpcode() == TileAS::WARP_IDX;
  });
  if (WarpIdx == Head.end() || !First.Prologue)
    return;
  MachineBasicBlock::iterator Where = std::next(WarpIdx);
  // After the arithmetic hoisted there, before the first test.
  while (Where != Head.end() && !Where->isTerminator() &&
         !TileAS::PREDRegClass.hasSubClassEq(
             MRI.getRegClass(Where->getOperand(0).getReg())))
    ++Where;
  auto MadeBefore = [&](const MachineOperand &MO) {
    if (!MO.isReg())
      return true;
    if (!MO.getReg().isVirtual())
      return false;
    MachineInstr *Def = MRI.getVRegDef(MO.getReg());
    return Def && (Def->getParent() == &Preheader || Def->getParent() == &Head);
  };
  for (MachineInstr &MI : make_early_inc_range(*First.Prologue)) {
    if (TileAS::isCoordination(MI.getDesc()))
      continue;
    if (MI.isTerminator() || MI.isPHI() || MI.mayLoadOrStore() ||
        MI.hasUnmodeledSideEffects() || MI.getNumDefs() != 1 ||
        !TileAS::GPR32RegClass.hasSubClassEq(
            MRI.getRegClass(MI.getOperand(0).getReg())) ||
        !all_of(MI.uses(), MadeBefore))
      break;
    // A coordinate of the first tile computed from constants (conv's k
    // offsets from k = 0) is a constant some MOVri of the preamble may
    // hold already: read it there, ready sooner than any copy.
    Register Def = MI.getOperand(0).getReg();
    std::optional<int64_t> Known = constantResult(MI, MRI);
    if (MachineInstr *Same =
            Known ? findMoveOf(*Known, MRI.getRegClass(Def), Preheader, MRI)
                  : nullptr) {
      MRI.replaceRegWith(Def, Same->getOperand(0).getReg());
      MRI.clearKillFlags(Same->getOperand(0).getReg());
      MI.eraseFromParent();
      continue;
    }
    MI.removeFromParent();
    Head.insert(Where, &MI);
  }
}

/// A loop of one stage has no prologue to take the first tile's
/// coordinates from: the first-tested agent's loop begins by computing them
/// from its PHIs, after the dispatch (gemm-fp8-smem-bound's load warp: a
/// shift of the k index before each TMA). Its leading pure scalar
/// instructions are rotated instead: computed for iteration 0 in the
/// dispatch, right after WARP_IDX where its latency overlaps the tests',
/// and for the next iteration at the end of each, read through a PHI.
void AgentRewrite::rotateFirstAgentAddresses(MachineBasicBlock &Body) {
  MachineBasicBlock &Head = *Preheader.getSingleSuccessor();
  auto WarpIdx = find_if(Head, [](const MachineInstr &MI) {
    return MI.getOpcode() == TileAS::WARP_IDX;
  });
  if (WarpIdx == Head.end() || Body.pred_size() != 2 ||
      !Body.isSuccessor(&Body))
    return;
  MachineBasicBlock *Enter = *find_if(
      Body.predecessors(), [&](MachineBasicBlock *P) { return P != &Body; });
  MachineBasicBlock::iterator Where = std::next(WarpIdx);
  while (Where != Head.end() && !Where->isTerminator() &&
         !TileAS::PREDRegClass.hasSubClassEq(
             MRI.getRegClass(Where->getOperand(0).getReg())))
    ++Where;
  auto MadeBefore = [&](Register R) {
    MachineInstr *Def = R.isVirtual() ? MRI.getVRegDef(R) : nullptr;
    return Def && (Def->getParent() == &Preheader || Def->getParent() == &Head);
  };
  // Each register the rotated instructions read: its value in iteration 0
  // and in the next iteration, at the end of the current one.
  DenseMap<Register, std::pair<Register, Register>> Value;
  for (MachineInstr &Phi : Body.phis()) {
    Register Init, Back;
    for (unsigned I = 1; I + 1 < Phi.getNumOperands(); I += 2)
      (Phi.getOperand(I + 1).getMBB() == &Body ? Back : Init) =
          Phi.getOperand(I).getReg();
    if (MadeBefore(Init))
      Value[Phi.getOperand(0).getReg()] = {Init, Back};
  }
  MachineBasicBlock::iterator End = Body.getFirstTerminator();
  for (MachineInstr &MI : make_early_inc_range(
           make_range(Body.getFirstNonPHI(), Body.getFirstTerminator()))) {
    if (TileAS::isCoordination(MI.getDesc()))
      continue;
    if (MI.mayLoadOrStore() || MI.hasUnmodeledSideEffects() ||
        MI.getNumDefs() != 1 ||
        !TileAS::GPR32RegClass.hasSubClassEq(
            MRI.getRegClass(MI.getOperand(0).getReg())) ||
        !all_of(MI.uses(), [&](const MachineOperand &MO) {
          return !MO.isReg() || Value.count(MO.getReg()) ||
                 MadeBefore(MO.getReg());
        }))
      break;
    Register Def = MI.getOperand(0).getReg();
    const TargetRegisterClass *RC = MRI.getRegClass(Def);
    Register Next = MRI.createVirtualRegister(RC);
    MachineInstr *InFirst = MF.CloneMachineInstr(&MI);
    MachineInstr *InNext = MF.CloneMachineInstr(&MI);
    InNext->getOperand(0).setReg(Next);
    for (unsigned I = 1; I < MI.getNumOperands(); ++I) {
      const MachineOperand &MO = MI.getOperand(I);
      auto It = MO.isReg() ? Value.find(MO.getReg()) : Value.end();
      if (It == Value.end())
        continue;
      InFirst->getOperand(I).setReg(It->second.first);
      InNext->getOperand(I).setReg(It->second.second);
    }
    // Iteration 0's value from constants (the k index's shift of 0) is a
    // constant: a MOVri of the preamble that holds it already has it ready
    // sooner than an instruction after the warp-index test would.
    std::optional<int64_t> Known = constantResult(*InFirst, MRI);
    MachineInstr *Same =
        Known ? findMoveOf(*Known, RC, Preheader, MRI) : nullptr;
    Register First;
    if (Same) {
      MF.deleteMachineInstr(InFirst);
      First = Same->getOperand(0).getReg();
      MRI.clearKillFlags(First);
    } else {
      First = MRI.createVirtualRegister(RC);
      InFirst->getOperand(0).setReg(First);
      Head.insert(Where, InFirst);
    }
    Body.insert(End, InNext);
    MI.eraseFromParent();
    BuildMI(Body, Body.getFirstNonPHI(), DL, TII.get(TileAS::PHI), Def)
        .addReg(First)
        .addMBB(Enter)
        .addReg(Next)
        .addMBB(&Body);
    Value[Def] = {First, Next};
  }
}

/// The warp-index tests wait for WARP_IDX's latency, then the compare's,
/// before any agent's first instruction: read at the dispatch, nothing the
/// dispatch holds overlaps the first of them. WARP_IDX reads nothing, so it
/// goes first in the preheader, where the preamble every warp runs (buffer
/// allocation, PIPE_CREATE) hides its latency; the first test then goes
/// first in the dispatch, ahead of the scalars hoisted there, which issue
/// in its latency instead of delaying it (gemm-fp8-smem-bound's first TMA:
/// cycle 17 before, 9 after; 8, the unspecialized loop's, with the
/// fall-through below and the first k offset read as a constant).
void AgentRewrite::readWarpIndexFirst() {
  MachineBasicBlock *Head = Preheader.getSingleSuccessor();
  if (!Head)
    return;
  auto WarpIdx = find_if(*Head, [](const MachineInstr &MI) {
    return MI.getOpcode() == TileAS::WARP_IDX;
  });
  if (WarpIdx == Head->end())
    return; // One agent: no dispatch.
  Register Warp = WarpIdx->getOperand(0).getReg();
  MachineInstr &Read = *WarpIdx;
  Read.removeFromParent();
  // After the copies of the function's arguments, which come first.
  MachineBasicBlock::iterator At = Preheader.getFirstNonPHI();
  while (At != Preheader.end() && At->isCopy() &&
         At->getOperand(1).getReg().isPhysical())
    ++At;
  // A load every warp issues in the preamble (attention's Q tile) starts a
  // longer chain than the dispatch: the constants it reads go ahead of the
  // warp index, which then issues in their latency instead of pushing the
  // load a cycle later (fmha-fwd's Q TMA, on the measured timing).
  MachineBasicBlock::iterator Consts = At;
  while (Consts != Preheader.end() && Consts->getOpcode() == TileAS::MOVri)
    ++Consts;
  if (Consts != At && Consts != Preheader.end() && Consts->mayLoad())
    At = Consts;
  Preheader.insert(At, &Read);
  auto Test = find_if(*Head, [&](const MachineInstr &MI) {
    return MI.getOpcode() == TileAS::SETPri && MI.getOperand(1).isReg() &&
           MI.getOperand(1).getReg() == Warp;
  });
  if (Test != Head->end())
    Head->splice(Head->getFirstNonPHI(), Head, Test);
}

/// The first-tested agent starts the schedule's longest latency chain, and
/// its warps took the first test's branch, which ends their issue cycle:
/// gemm-fp8-smem-bound's first TMA issued a cycle after the test's
/// predicate was ready. Its entry is laid out after the first test instead,
/// which branches away on the other warps (BR_NP), so that the first
/// agent's warps fall through (a branch not taken does not end the cycle).
/// The others take one branch more, where they had one less; they start
/// later anyway (they wait for what the first agent starts).
void AgentRewrite::enterFirstAgentByFallThrough(unsigned First) {
  if (Tests.empty())
    return;
  MachineBasicBlock &Test = *Tests.front();
  MachineBasicBlock *Entry = Regions[First - 1].Entry;
  MachineBasicBlock *TBB = nullptr, *FBB = nullptr;
  SmallVector<MachineOperand, 2> Cond;
  if (TII.analyzeBranch(Test, TBB, FBB, Cond) || TBB != Entry || !FBB ||
      Cond.empty())
    return;
  TII.reverseBranchCondition(Cond);
  TII.removeBranch(Test);
  TII.insertBranch(Test, FBB, Entry, Cond, DL);
  Test.moveBefore(Entry);
}

/// A dispatch block's or an agent entry's branch to the block laid out
/// right after it is a taken branch on every warp's way to its first
/// instruction, which ends its issue cycle: the block falls through instead.
void AgentRewrite::fallThroughDispatch() {
  auto Drop = [&](MachineBasicBlock &MBB) {
    auto Next = std::next(MBB.getIterator());
    if (Next == MF.end() || MBB.empty())
      return;
    MachineInstr &Last = MBB.back();
    if (Last.getOpcode() == TileAS::BRA && Last.getOperand(0).isMBB() &&
        Last.getOperand(0).getMBB() == &*Next)
      Last.eraseFromParent();
  };
  Drop(Preheader);
  // The chain of warp-index tests, each a conditional branch to an agent
  // and, else, to the next test.
  for (MachineBasicBlock *Test : Tests)
    Drop(*Test);
  for (AgentRegion &R : Regions)
    Drop(*R.Entry);
}
