//===- TileASCountedLoop.cpp - Recognize counted single-block loops -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASCountedLoop.h"
#include "TileASRegisterInfo.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"

using namespace llvm;

static bool isCondBranch(unsigned Opc) {
  return Opc == TileAS::BR_P || Opc == TileAS::BR_NP;
}

/// The constant a register is set to by a MOVri, if any.
static std::optional<int64_t> constantValue(const MachineRegisterInfo &MRI,
                                            Register R) {
  if (!R.isVirtual())
    return std::nullopt;
  const MachineInstr *Def = MRI.getUniqueVRegDef(R);
  if (Def && Def->getOpcode() == TileAS::MOVri && Def->getOperand(1).isImm())
    return Def->getOperand(1).getImm();
  return std::nullopt;
}

std::optional<TileASCountedLoop>
TileASCountedLoop::analyze(MachineBasicBlock &MBB) {
  if (!MBB.isSuccessor(&MBB) || MBB.succ_size() != 2)
    return std::nullopt;
  const MachineRegisterInfo &MRI = MBB.getParent()->getRegInfo();
  TileASCountedLoop L;
  L.Loop = &MBB;
  for (MachineBasicBlock *S : MBB.successors())
    if (S != &MBB)
      L.Exit = S;

  // Terminators: a conditional branch, optionally followed by BRA.
  MachineBasicBlock::iterator T = MBB.getFirstTerminator();
  if (T == MBB.end() || !isCondBranch(T->getOpcode()))
    return std::nullopt;
  L.Branch = &*T;
  MachineBasicBlock *Taken = T->getOperand(1).getMBB();
  if (std::next(T) != MBB.end()) {
    MachineInstr &Uncond = *std::next(T);
    if (Uncond.getOpcode() != TileAS::BRA ||
        std::next(Uncond.getIterator()) != MBB.end())
      return std::nullopt;
  }
  bool TrueMeansTaken = T->getOpcode() == TileAS::BR_P;
  // Continue when the compare is true iff "taken" leads back to the loop.
  bool ContinueOnTrue = (Taken == &MBB) == TrueMeansTaken;
  L.ContinueOnFalse = !ContinueOnTrue;

  Register Pred = T->getOperand(0).getReg();
  if (!Pred.isVirtual())
    return std::nullopt;
  MachineInstr *Cmp = MRI.getUniqueVRegDef(Pred);
  if (!Cmp || Cmp->getParent() != &MBB ||
      (Cmp->getOpcode() != TileAS::SETPri &&
       Cmp->getOpcode() != TileAS::SETPrr))
    return std::nullopt;
  L.Compare = Cmp;
  int64_t CC = Cmp->getOperand(3).getImm();
  if (CC < 0 || CC >= TileAS::NumCondCodes)
    return std::nullopt;
  L.CC = TileAS::CondCode(CC);

  // The bound must be loop-invariant.
  const MachineOperand &Bound = Cmp->getOperand(2);
  if (Bound.isReg()) {
    if (!Bound.getReg().isVirtual())
      return std::nullopt;
    const MachineInstr *BDef = MRI.getUniqueVRegDef(Bound.getReg());
    if (!BDef || BDef->getParent() == &MBB)
      return std::nullopt;
  }

  // The compared value is the IV or its increment.
  Register Cmped = Cmp->getOperand(1).getReg();
  if (!Cmped.isVirtual())
    return std::nullopt;
  MachineInstr *CmpedDef = MRI.getUniqueVRegDef(Cmped);
  if (!CmpedDef || CmpedDef->getParent() != &MBB)
    return std::nullopt;
  MachineInstr *Phi = nullptr;
  if (CmpedDef->isPHI()) {
    Phi = CmpedDef;
    L.Offset = -1;
  } else {
    L.Increment = CmpedDef;
    L.Offset = 0;
  }

  auto IsIncrement = [&](MachineInstr *MI) {
    return MI &&
           (MI->getOpcode() == TileAS::ADDri ||
            MI->getOpcode() == TileAS::SUBri) &&
           MI->getParent() == &MBB && MI->getOperand(1).isReg() &&
           MI->getOperand(2).isImm();
  };

  if (!Phi) {
    if (!IsIncrement(L.Increment))
      return std::nullopt;
    Phi = MRI.getUniqueVRegDef(L.Increment->getOperand(1).getReg());
    if (!Phi || !Phi->isPHI() || Phi->getParent() != &MBB)
      return std::nullopt;
  }
  L.IVPhi = Phi;
  if (Phi->getNumOperands() != 5)
    return std::nullopt;
  for (unsigned I = 1; I < 5; I += 2) {
    Register V = Phi->getOperand(I).getReg();
    if (Phi->getOperand(I + 1).getMBB() == &MBB) {
      MachineInstr *Inc = MRI.getUniqueVRegDef(V);
      if (!IsIncrement(Inc) ||
          Inc->getOperand(1).getReg() != Phi->getOperand(0).getReg())
        return std::nullopt;
      if (L.Increment && L.Increment != Inc)
        return std::nullopt;
      L.Increment = Inc;
    } else {
      L.Init = V;
    }
  }
  if (!L.Increment || !L.Init)
    return std::nullopt;
  int64_t Imm = L.Increment->getOperand(2).getImm();
  L.Step = L.Increment->getOpcode() == TileAS::ADDri ? Imm : -Imm;

  // Only conditions that count towards the bound terminate.
  bool Up = L.Step > 0, Down = L.Step < 0;
  TileAS::CondCode Continue =
      L.ContinueOnFalse ? TileAS::inverseCondCode(L.CC) : L.CC;
  bool OK = (Up && (Continue == TileAS::LT || Continue == TileAS::LE ||
                    Continue == TileAS::NE)) ||
            (Down && (Continue == TileAS::GT || Continue == TileAS::GE ||
                      Continue == TileAS::NE));
  if (!OK)
    return std::nullopt;
  return L;
}

std::optional<int64_t> TileASCountedLoop::constantTripCount() const {
  const MachineRegisterInfo &MRI = Loop->getParent()->getRegInfo();
  std::optional<int64_t> Init = constantValue(MRI, this->Init);
  std::optional<int64_t> B = bound().isImm()
                                 ? std::optional<int64_t>(bound().getImm())
                                 : constantValue(MRI, bound().getReg());
  if (!Init || !B)
    return std::nullopt;
  // Walk forward. Past the cap (or for an NE loop that overshoots its bound)
  // the count is reported unknown, and callers emit a run-time test instead.
  for (int64_t K = 1; K <= (int64_t(1) << 16); ++K) {
    bool Cond = TileAS::condCodeHolds(CC, *Init + (K + Offset) * Step, *B);
    if (Cond == ContinueOnFalse)
      return K;
  }
  return std::nullopt;
}

std::optional<bool>
TileASCountedLoop::emitTripCountGreater(int64_t K, MachineBasicBlock &MBB,
                                        SmallVectorImpl<MachineOperand> &Cond,
                                        const TargetInstrInfo &TII) const {
  if (K < 1)
    return true; // A do-while loop runs at least once.
  if (std::optional<int64_t> T = constantTripCount())
    return *T > K;
  MachineRegisterInfo &MRI = MBB.getParent()->getRegInfo();
  MachineBasicBlock::iterator At = MBB.getFirstTerminator();
  DebugLoc DL;
  Register Value = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
  BuildMI(MBB, At, DL, TII.get(TileAS::ADDri), Value)
      .addReg(Init)
      .addImm((K + Offset) * Step);
  // The condition under which the loop continues. An NE loop reaches its
  // bound exactly (otherwise it would not terminate), so before the bound
  // it is the same as LT (counting up) or GT (counting down); NE itself
  // would claim "more than K iterations" for every bound that the first K
  // values step past.
  TileAS::CondCode Continue =
      ContinueOnFalse ? TileAS::inverseCondCode(CC) : CC;
  if (Continue == TileAS::NE)
    Continue = Step > 0 ? TileAS::LT : TileAS::GT;
  Register P = MRI.createVirtualRegister(&TileAS::PREDRegClass);
  auto Cmp =
      BuildMI(MBB, At, DL, TII.get(Compare->getOpcode()), P).addReg(Value);
  Cmp.add(bound());
  Cmp.addImm(Continue);
  // P holds exactly when the trip count exceeds K: branch away when it does
  // not.
  Cond.push_back(MachineOperand::CreateImm(TileAS::BR_NP));
  Cond.push_back(MachineOperand::CreateReg(P, /*isDef=*/false));
  return std::nullopt;
}
