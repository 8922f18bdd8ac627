//===- TileASWgmmaInPlace.cpp - wgmma accumulators in two-address form ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// wgmma.mma_async reads and writes its accumulator registers in place, so
// result fragment I of a WGMMA_X<L> must be allocated to the register of
// accumulator fragment I. LLVM ties at most 15 defs to uses (TiedMax), and
// an m64n128k16 accumulator has 16 fragments (m64n256k16 32), so the
// instructions are not tied in td and register allocation was only hinted
// (TileASRegisterInfo::getRegAllocationHints). Hints hold in a loop body but
// not in the straight-line prologue and epilogue of a pipelined loop, where
// a chain of wgmmas crosses a stage boundary: there the allocator picked
// other registers and the printer copied accumulators before each wgmma
// (hundreds of mov.b32, 255 registers, and ptxas serializing the wgmmas,
// C7511).
//
// This pass does for every fragment what TwoAddressInstructionPass does for
// a tied operand, right after it: before the wgmma, `D = COPY C`, and the
// wgmma then reads D. Every accumulator chain is then, per fragment, one
// virtual register redefined in place; the register coalescer removes each
// copy whose source dies there, which is every link of a chain (through the
// prologue, the kernel with its carrying PHIs, and the epilogue). What stays
// is a copy whose source lives on. A fresh accumulator's zero (one FZERO
// that the IR's zeroinitializer makes for every fragment of every chain) is
// made again in each fragment's register instead: the zeroing the kernel
// needs anyway, in place.
//
//===----------------------------------------------------------------------===//

#include "PTX/TileASPTXPasses.h"
#include "TileASInstrInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"

using namespace llvm;

#define DEBUG_TYPE "tileas-wgmma-in-place"

/// Off only to measure what the pass avoids (test/CodeGen/TileAS/ptx/
/// hopper-ws-c7511.test): allocation is then only hinted.
static cl::opt<bool> AccumulatorsInPlace(
    "tileas-wgmma-accumulators-in-place", cl::Hidden, cl::init(true),
    cl::desc("Put wgmma accumulators in two-address form before register "
             "allocation (off: hinted only)"));

namespace {

class TileASWgmmaInPlace : public MachineFunctionPass {
public:
  static char ID;
  TileASWgmmaInPlace() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "TileAS wgmma accumulators in place";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;
};

} // namespace

char TileASWgmmaInPlace::ID = 0;
char &llvm::TileASWgmmaInPlaceID = TileASWgmmaInPlace::ID;

INITIALIZE_PASS(TileASWgmmaInPlace, DEBUG_TYPE,
                "TileAS wgmma accumulators in place", false, false)

/// The instruction that makes C, through full copies, when a copy of it can
/// make another register instead: a sole definition, trivially
/// rematerializable and reading no register (FZERO, a fresh accumulator's
/// zero).
static const MachineInstr *remakeable(Register C,
                                      const MachineRegisterInfo &MRI,
                                      const TargetInstrInfo &TII) {
  const MachineInstr *Def = nullptr;
  while (C.isVirtual() && (Def = MRI.getUniqueVRegDef(C)) && Def->isCopy() &&
         !Def->getOperand(1).getSubReg())
    C = Def->getOperand(1).getReg();
  if (!C.isVirtual() || !Def || Def->isCopy() ||
      Def->getNumExplicitDefs() != 1 || !TII.isTriviallyReMaterializable(*Def))
    return nullptr;
  for (const MachineOperand &MO : Def->operands())
    if (MO.isReg() && MO.isUse())
      return nullptr;
  return Def;
}

/// Makes D with a copy of Def before Where.
static void remake(const MachineInstr &Def, Register D, MachineBasicBlock &MBB,
                   MachineBasicBlock::iterator Where) {
  MachineInstr *Clone = MBB.getParent()->CloneMachineInstr(&Def);
  Clone->getOperand(0).setReg(D);
  MBB.insert(Where, Clone);
}

bool TileASWgmmaInPlace::runOnMachineFunction(MachineFunction &MF) {
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MachineRegisterInfo &MRI = MF.getRegInfo();
  // The abstract machine's one-fragment WGMMA is never printed as PTX.
  auto IsWgmma = [](const MachineInstr &MI) {
    return TileAS::wgmmaLanes(MI.getOpcode()) / 4 >= 2;
  };
  if (!AccumulatorsInPlace || none_of(MF, [&](const MachineBasicBlock &MBB) {
        return any_of(MBB, IsWgmma);
      }))
    return false;

  // A constant (the IR's zeroinitializer is one FZERO for every fragment of
  // every accumulator, and the paths into a pipelined loop and its fallback
  // copy it) is made again wherever it is copied: a copy of a shared value
  // could be coalesced into one chain and force copies between the others.
  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : make_early_inc_range(MBB)) {
      if (!MI.isCopy() || MI.getOperand(0).getSubReg() ||
          !MI.getOperand(0).getReg().isVirtual())
        continue;
      if (const MachineInstr *Def =
              remakeable(MI.getOperand(1).getReg(), MRI, TII)) {
        remake(*Def, MI.getOperand(0).getReg(), MBB, MI.getIterator());
        MI.eraseFromParent();
      }
    }

  for (MachineBasicBlock &MBB : MF)
    for (MachineInstr &MI : MBB) {
      if (!IsWgmma(MI))
        continue;
      unsigned Frags = TileAS::wgmmaLanes(MI.getOpcode()) / 4;
      for (unsigned F = 0; F != Frags; ++F) {
        MachineOperand &Acc = MI.getOperand(Frags + F);
        Register D = MI.getOperand(F).getReg(), C = Acc.getReg();
        if (D == C || !D.isVirtual() || !C.isVirtual())
          continue;
        if (const MachineInstr *Def = remakeable(C, MRI, TII))
          remake(*Def, D, MBB, MI.getIterator());
        else // No kill flag: the live intervals are computed after this.
          BuildMI(MBB, MI, MI.getDebugLoc(), TII.get(TargetOpcode::COPY), D)
              .addReg(C);
        Acc.setReg(D);
        Acc.setIsKill(false);
      }
    }

  // The constants nothing reads any more.
  bool Erased = true;
  while (Erased) {
    Erased = false;
    for (MachineBasicBlock &MBB : MF)
      for (MachineInstr &MI : make_early_inc_range(MBB))
        if ((MI.isCopy() || TII.isTriviallyReMaterializable(MI)) &&
            MI.getNumExplicitDefs() == 1 &&
            MI.getOperand(0).getReg().isVirtual() &&
            MRI.use_nodbg_empty(MI.getOperand(0).getReg()) &&
            remakeable(MI.getOperand(0).getReg(), MRI, TII)) {
          MI.eraseFromParent();
          Erased = true;
        }
  }
  return true;
}

FunctionPass *llvm::createTileASWgmmaInPlacePass() {
  return new TileASWgmmaInPlace();
}
