//===- TileASCountedLoop.cpp - Recognize counted single-block loops -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASCountedLoop.h"
#include "TileASRegisterInfo.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <cstdint>

using namespace llvm;

static bool isCondBranch(unsigned Opc) {
  return Opc == TileAS::BR_P || Opc == TileAS::BR_NP;
}

/// The 32-bit value V wraps to, as a signed number.
static int64_t wrap32(int64_t V) { return int64_t(int32_t(uint32_t(V))); }

/// The constant a register holds: set by a MOVri, or a constant's sign bit
/// flipped by an XORri (an unsigned compare's constant operand).
static std::optional<int64_t> constantValue(const MachineRegisterInfo &MRI,
                                            Register R) {
  if (!R.isVirtual())
    return std::nullopt;
  const MachineInstr *Def = MRI.getUniqueVRegDef(R);
  if (!Def)
    return std::nullopt;
  if (Def->getOpcode() == TileAS::MOVri && Def->getOperand(1).isImm())
    return Def->getOperand(1).getImm();
  if (Def->getOpcode() == TileAS::XORri && Def->getOperand(1).isReg() &&
      Def->getOperand(2).isImm())
    if (std::optional<int64_t> V =
            constantValue(MRI, Def->getOperand(1).getReg()))
      return wrap32(*V ^ Def->getOperand(2).getImm());
  return std::nullopt;
}

/// The constant MI adds to its register operand, if it is an ADDri, a SUBri
/// or an XORri of the sign bit (which adds 2^31 modulo 2^32).
static std::optional<int64_t> addedConstant(const MachineInstr &MI) {
  if (MI.getNumOperands() != 3 || !MI.getOperand(1).isReg() ||
      !MI.getOperand(2).isImm())
    return std::nullopt;
  int64_t Imm = MI.getOperand(2).getImm();
  switch (MI.getOpcode()) {
  case TileAS::ADDri:
    return Imm;
  case TileAS::SUBri:
    return -Imm;
  case TileAS::XORri:
    if (wrap32(Imm) == INT32_MIN)
      return int64_t(INT32_MIN);
    return std::nullopt;
  default:
    return std::nullopt;
  }
}

namespace {
/// One recognition, with the reason it failed.
class Recognizer {
public:
  Recognizer(MachineBasicBlock &MBB)
      : MBB(MBB), MRI(MBB.getParent()->getRegInfo()) {}

  std::optional<TileASCountedLoop> run();
  std::string WhyNot;

private:
  std::nullopt_t fail(const Twine &Why) {
    WhyNot = Why.str();
    return std::nullopt;
  }
  MachineInstr *loopDef(const MachineOperand &MO) const {
    if (!MO.isReg() || !MO.getReg().isVirtual())
      return nullptr;
    MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
    return Def && Def->getParent() == &MBB ? Def : nullptr;
  }
  bool isInvariant(const MachineOperand &MO) const {
    if (MO.isImm())
      return true;
    if (!MO.isReg() || !MO.getReg().isVirtual())
      return false;
    const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
    return Def && Def->getParent() != &MBB;
  }
  /// Follows ADDri/SUBri/XORri of the sign bit back from R to a PHI of the
  /// loop; returns it and the constant the chain adds (wrapped to 32 bits).
  std::optional<std::pair<MachineInstr *, int64_t>> inductionOf(Register R);

  MachineBasicBlock &MBB;
  const MachineRegisterInfo &MRI;
};
} // namespace

std::optional<std::pair<MachineInstr *, int64_t>>
Recognizer::inductionOf(Register R) {
  int64_t Added = 0;
  // A chain longer than the block would revisit an instruction.
  for (unsigned Steps = 0; Steps <= MBB.size(); ++Steps) {
    MachineInstr *Def = loopDef(MachineOperand::CreateReg(R, false));
    if (!Def)
      return std::nullopt;
    if (Def->isPHI())
      return std::make_pair(Def, Added);
    std::optional<int64_t> C = addedConstant(*Def);
    if (!C)
      return std::nullopt;
    Added = wrap32(Added + *C);
    R = Def->getOperand(1).getReg();
    if (!R.isVirtual())
      return std::nullopt;
  }
  return std::nullopt;
}

std::optional<TileASCountedLoop> Recognizer::run() {
  if (!MBB.isSuccessor(&MBB) || MBB.succ_size() != 2)
    return fail("the block is not a loop with one exit");
  TileASCountedLoop L;
  L.Loop = &MBB;
  for (MachineBasicBlock *S : MBB.successors())
    if (S != &MBB)
      L.Exit = S;

  // Terminators: a conditional branch, optionally followed by BRA.
  MachineBasicBlock::iterator T = MBB.getFirstTerminator();
  if (T == MBB.end() || !isCondBranch(T->getOpcode()))
    return fail("the loop does not end in a conditional branch");
  L.Branch = &*T;
  MachineBasicBlock *Taken = T->getOperand(1).getMBB();
  if (std::next(T) != MBB.end()) {
    MachineInstr &Uncond = *std::next(T);
    if (Uncond.getOpcode() != TileAS::BRA ||
        std::next(Uncond.getIterator()) != MBB.end())
      return fail("the loop's terminators are not a conditional branch and "
                  "a BRA");
  }
  bool TrueMeansTaken = T->getOpcode() == TileAS::BR_P;
  // Continue when the compare is true iff "taken" leads back to the loop.
  bool ContinueOnTrue = (Taken == &MBB) == TrueMeansTaken;
  L.ContinueOnFalse = !ContinueOnTrue;

  MachineInstr *Cmp = loopDef(T->getOperand(0));
  if (!Cmp || (Cmp->getOpcode() != TileAS::SETPri &&
               Cmp->getOpcode() != TileAS::SETPrr))
    return fail("the exit branch does not test a SETPri/SETPrr of the loop");
  L.Compare = Cmp;
  int64_t CC = Cmp->getOperand(3).getImm();
  if (CC < 0 || CC >= TileAS::NumCondCodes)
    return fail("the exit test has an unknown condition code");
  L.CC = TileAS::CondCode(CC);

  // One operand is the induction value plus a constant, the other the
  // loop-invariant bound.
  std::optional<std::pair<MachineInstr *, int64_t>> IV;
  if (Cmp->getOperand(1).isReg())
    IV = inductionOf(Cmp->getOperand(1).getReg());
  if (IV && isInvariant(Cmp->getOperand(2))) {
    L.BoundIdx = 2;
  } else if (Cmp->getOperand(2).isReg() &&
             (IV = inductionOf(Cmp->getOperand(2).getReg())) &&
             isInvariant(Cmp->getOperand(1))) {
    L.BoundIdx = 1;
    L.CC = TileAS::mirrorCondCode(L.CC);
  } else {
    return fail("the exit test does not compare the induction value plus a "
                "constant (ADDri/SUBri/XORri of the sign bit from a PHI) "
                "with a bound defined before the loop");
  }
  if (!Cmp->getOperand(L.BoundIdx).isImm() &&
      !Cmp->getOperand(L.BoundIdx).getReg().isVirtual())
    return fail("the exit test's bound is a physical register");

  MachineInstr *Phi = IV->first;
  L.IVPhi = Phi;
  if (Phi->getNumOperands() != 5)
    return fail("the induction PHI does not have one value from before the "
                "loop and one from the loop");
  for (unsigned I = 1; I < 5; I += 2) {
    Register V = Phi->getOperand(I).getReg();
    if (Phi->getOperand(I + 1).getMBB() == &MBB) {
      MachineInstr *Inc = loopDef(Phi->getOperand(I));
      if (!Inc ||
          (Inc->getOpcode() != TileAS::ADDri &&
           Inc->getOpcode() != TileAS::SUBri) ||
          !Inc->getOperand(1).isReg() ||
          Inc->getOperand(1).getReg() != Phi->getOperand(0).getReg() ||
          !Inc->getOperand(2).isImm())
        return fail("the induction PHI's value from the loop is not an "
                    "ADDri/SUBri of the PHI by a constant");
      L.Increment = Inc;
    } else {
      L.Init = V;
    }
  }
  if (!L.Increment || !L.Init)
    return fail("the induction PHI does not have one value from before the "
                "loop and one from the loop");
  int64_t Imm = L.Increment->getOperand(2).getImm();
  L.Step = L.Increment->getOpcode() == TileAS::ADDri ? Imm : -Imm;
  if (L.Step == 0 || L.Step != wrap32(L.Step))
    return fail("the induction step is zero or wider than 32 bits");
  if (IV->second == wrap32(L.Step)) {
    L.Offset = 0;
    L.Adjust = 0;
  } else {
    L.Offset = -1;
    L.Adjust = IV->second;
  }

  // Only conditions that count towards the bound terminate.
  bool Up = L.Step > 0, Down = L.Step < 0;
  TileAS::CondCode Continue = L.continueCondition();
  bool OK = (Up && (Continue == TileAS::LT || Continue == TileAS::LE ||
                    Continue == TileAS::NE)) ||
            (Down && (Continue == TileAS::GT || Continue == TileAS::GE ||
                      Continue == TileAS::NE));
  if (!OK)
    return fail(formatv("the loop goes on while the compared value is {0} "
                        "the bound, which stepping by {1} does not end",
                        TileAS::condCodeName(Continue), L.Step));
  return L;
}

std::optional<TileASCountedLoop>
TileASCountedLoop::analyze(MachineBasicBlock &MBB, std::string *WhyNot) {
  Recognizer R(MBB);
  std::optional<TileASCountedLoop> L = R.run();
  if (!L && WhyNot)
    *WhyNot = std::move(R.WhyNot);
  return L;
}

void TileASCountedLoop::refreshInit() {
  for (unsigned I = 1; I + 1 < IVPhi->getNumOperands(); I += 2)
    if (IVPhi->getOperand(I + 1).getMBB() != Loop)
      Init = IVPhi->getOperand(I).getReg();
}

std::optional<int64_t> TileASCountedLoop::constantTripCount() const {
  const MachineRegisterInfo &MRI = Loop->getParent()->getRegInfo();
  std::optional<int64_t> Init = constantValue(MRI, this->Init);
  std::optional<int64_t> B = bound().isImm()
                                 ? std::optional<int64_t>(bound().getImm())
                                 : constantValue(MRI, bound().getReg());
  if (!Init || !B)
    return std::nullopt;
  // Walk forward, as the loop computes: in 32 bits. Past the cap (or for an
  // NE loop that overshoots its bound) the count is reported unknown, and
  // callers emit a run-time test instead.
  for (int64_t K = 1; K <= (int64_t(1) << 16); ++K) {
    int64_t Value = wrap32(*Init + (K + Offset) * Step + Adjust);
    bool Cond = TileAS::condCodeHolds(CC, Value, wrap32(*B));
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
  // The value the compare at the end of iteration K - 1 reads (an unsigned
  // compare's sign flip is part of Adjust).
  BuildMI(MBB, At, DL, TII.get(TileAS::ADDri), Value)
      .addReg(Init)
      .addImm(wrap32((K + Offset) * Step + Adjust));
  // The condition under which the loop continues. An NE loop reaches its
  // bound exactly (otherwise it would not terminate), so before the bound
  // it is the same as LT (counting up) or GT (counting down); NE itself
  // would claim "more than K iterations" for every bound that the first K
  // values step past.
  TileAS::CondCode Continue = continueCondition();
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
