//===- NestLoopControl.cpp - The control of an outer loop -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "NestLoopControl.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"

using namespace llvm;

namespace tileas {
namespace {

int64_t wrap32(int64_t V) { return int64_t(int32_t(uint32_t(V))); }

class NestRecognizer {
public:
  NestRecognizer(MachineLoop &L)
      : L(L), MRI(L.getHeader()->getParent()->getRegInfo()) {}
  std::optional<TileASCountedLoop> run(std::string &WhyNot);

private:
  MachineInstr *loopDef(Register R) const {
    if (!R.isVirtual())
      return nullptr;
    MachineInstr *Def = MRI.getUniqueVRegDef(R);
    return Def && L.contains(Def->getParent()) ? Def : nullptr;
  }
  bool isInvariant(const MachineOperand &MO) const {
    if (MO.isImm())
      return true;
    if (!MO.isReg() || !MO.getReg().isVirtual())
      return false;
    const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
    return Def && !L.contains(Def->getParent());
  }
  /// Follows ADDri/SUBri back from R to a PHI of the header: the PHI and
  /// the constant the chain adds.
  std::optional<std::pair<MachineInstr *, int64_t>> inductionOf(Register R);

  MachineLoop &L;
  const MachineRegisterInfo &MRI;
};

std::optional<std::pair<MachineInstr *, int64_t>>
NestRecognizer::inductionOf(Register R) {
  int64_t Added = 0;
  for (unsigned Steps = 0; Steps < 64; ++Steps) {
    MachineInstr *Def = loopDef(R);
    if (!Def)
      return std::nullopt;
    if (Def->isPHI())
      return Def->getParent() == L.getHeader()
                 ? std::optional(std::make_pair(Def, Added))
                 : std::nullopt;
    if ((Def->getOpcode() != TileAS::ADDri &&
         Def->getOpcode() != TileAS::SUBri) ||
        !Def->getOperand(1).isReg() || !Def->getOperand(2).isImm())
      return std::nullopt;
    int64_t C = Def->getOperand(2).getImm();
    Added = wrap32(Added + (Def->getOpcode() == TileAS::ADDri ? C : -C));
    R = Def->getOperand(1).getReg();
  }
  return std::nullopt;
}

std::optional<TileASCountedLoop> NestRecognizer::run(std::string &WhyNot) {
  auto Fail = [&](const char *Why) -> std::optional<TileASCountedLoop> {
    WhyNot = Why;
    return std::nullopt;
  };
  MachineBasicBlock *Header = L.getHeader();
  MachineBasicBlock *Latch = L.getLoopLatch();
  if (!Latch)
    return Fail("it has more than one back edge");
  // The exit test is the latch's (a do-while loop: the test at the end of
  // iteration K - 1 decides whether iteration K runs), or, when the latch
  // only branches back, the header's (a while loop: the test before
  // iteration K decides it).
  bool AtTop = Latch->succ_size() == 1 && Header->succ_size() == 2;
  MachineBasicBlock *Exiting = AtTop ? Header : Latch;
  if (Exiting->succ_size() != 2)
    return Fail("neither its latch nor its header ends in a two-way branch "
                "that leaves the loop");
  TileASCountedLoop C;
  C.Loop = Header;
  for (MachineBasicBlock *S : Exiting->successors())
    if (!L.contains(S))
      C.Exit = S;
  if (!C.Exit)
    return Fail("its exit test's branch does not leave the loop");

  MachineBasicBlock::iterator T = Exiting->getFirstTerminator();
  if (T == Exiting->end() ||
      (T->getOpcode() != TileAS::BR_P && T->getOpcode() != TileAS::BR_NP))
    return Fail("its exit test does not end in a conditional branch");
  C.Branch = &*T;
  bool TakenStays = L.contains(T->getOperand(1).getMBB());
  C.ContinueOnFalse = TakenStays != (T->getOpcode() == TileAS::BR_P);

  MachineInstr *Cmp =
      T->getOperand(0).isReg() ? loopDef(T->getOperand(0).getReg()) : nullptr;
  if (!Cmp || (Cmp->getOpcode() != TileAS::SETPri &&
               Cmp->getOpcode() != TileAS::SETPrr))
    return Fail("its exit branch does not test a SETPri/SETPrr of the loop");
  C.Compare = Cmp;
  int64_t CC = Cmp->getOperand(3).getImm();
  if (CC < 0 || CC >= TileAS::NumCondCodes)
    return Fail("its exit test has an unknown condition code");
  C.CC = TileAS::CondCode(CC);

  std::optional<std::pair<MachineInstr *, int64_t>> IV;
  if (Cmp->getOperand(1).isReg() &&
      (IV = inductionOf(Cmp->getOperand(1).getReg())) &&
      isInvariant(Cmp->getOperand(2))) {
    C.BoundIdx = 2;
  } else if (Cmp->getOperand(2).isReg() &&
             (IV = inductionOf(Cmp->getOperand(2).getReg())) &&
             isInvariant(Cmp->getOperand(1))) {
    C.BoundIdx = 1;
    C.CC = TileAS::mirrorCondCode(C.CC);
  } else {
    return Fail("its exit test does not compare the induction value plus a "
                "constant with a bound defined before the loop");
  }
  MachineInstr *Phi = IV->first;
  if (Phi->getNumOperands() != 5)
    return Fail("its induction PHI does not have two incoming values");
  Register Next;
  for (unsigned I = 1; I < 5; I += 2) {
    if (Phi->getOperand(I + 1).getMBB() == Latch)
      Next = Phi->getOperand(I).getReg();
    else
      C.Init = Phi->getOperand(I).getReg();
  }
  std::optional<std::pair<MachineInstr *, int64_t>> Stepped =
      Next ? inductionOf(Next) : std::nullopt;
  if (!Stepped || Stepped->first != Phi || Stepped->second == 0 || !C.Init)
    return Fail("its induction does not step by a constant");
  C.IVPhi = Phi;
  C.Increment = MRI.getUniqueVRegDef(Next);
  C.Step = Stepped->second;
  // The compare at the end of iteration K - 1 reads Init + (K - 1) Step + D;
  // the one before iteration K, Init + K Step + D.
  C.Offset = AtTop ? 0 : -1;
  C.Adjust = IV->second;
  return C;
}

} // namespace

std::optional<TileASCountedLoop> analyzeNestLoop(MachineLoop &L,
                                                 std::string &WhyNot) {
  return NestRecognizer(L).run(WhyNot);
}

} // namespace tileas
