//===- TileASPTXParams.cpp - The .param list of a PTX kernel --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Decides, before register allocation, how each kernel parameter reaches the
// PTX kernel (docs/ptx.md, "The .param ABI"): a 64-bit register that some
// TMA reads as its descriptor is a tensor map passed by value; any other
// 64-bit pointer a `.u64` global address; 32-bit values `.u32` or `.f32`.
// The parameters are the IR arguments, in the registers of the calling
// convention, or for MIR without IR the MIR file's `liveins:` in their
// order; after allocation nothing links a TMA's descriptor register back to
// a parameter, so this runs first.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "PTX/TileASPTXPasses.h"
#include "TileASISelLowering.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASSubtarget.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/IR/Function.h"

using namespace llvm;

namespace {

class TileASPTXParams : public MachineFunctionPass {
public:
  static char ID;
  TileASPTXParams() : MachineFunctionPass(ID) {}
  StringRef getPassName() const override { return "TileAS PTX parameters"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;
};

} // namespace

char TileASPTXParams::ID = 0;

/// Whether a value copied out of live-in Reg reaches the descriptor operand
/// of a TMA, through copies and PHIs.
static bool feedsTmaDescriptor(const MachineRegisterInfo &MRI,
                               const MachineBasicBlock &Entry, MCRegister Reg) {
  SmallVector<Register, 8> Work;
  for (const MachineInstr &MI : Entry)
    if (MI.isCopy() && MI.getOperand(1).getReg() == Reg &&
        MI.getOperand(0).getReg().isVirtual())
      Work.push_back(MI.getOperand(0).getReg());
  SmallPtrSet<const MachineInstr *, 16> Seen;
  while (!Work.empty()) {
    Register V = Work.pop_back_val();
    for (const MachineOperand &Use : MRI.use_nodbg_operands(V)) {
      const MachineInstr &User = *Use.getParent();
      if (!Seen.insert(&User).second)
        continue;
      unsigned Op = User.getOpcode();
      if ((Op == TileAS::TMA_LOAD && User.getOperandNo(&Use) == 1) ||
          (Op == TileAS::TMA_STORE && User.getOperandNo(&Use) == 1))
        return true;
      if ((User.isCopy() || User.isPHI() || Op == TileAS::MOV_R64) &&
          User.getOperand(0).getReg().isVirtual())
        Work.push_back(User.getOperand(0).getReg());
    }
  }
  return false;
}

/// The parameter in register Reg, typed by the IR argument when there is one.
static tileas_mfi::PTXParam paramOf(const MachineFunction &MF, MCRegister Reg,
                                    const Argument *Arg) {
  tileas_mfi::PTXParam P;
  P.Reg = Reg;
  if (Arg)
    P.IRName = Arg->getName().str();
  bool Wide = TileAS::GPR64RegClass.contains(Reg);
  if (Wide && feedsTmaDescriptor(MF.getRegInfo(), MF.front(), Reg))
    P.Kind = tileas_mfi::PTXParam::TensorMap;
  else if (Wide)
    P.Kind = Arg && Arg->getType()->isDoubleTy() ? tileas_mfi::PTXParam::F64
             : Arg && Arg->getType()->isIntegerTy(64)
                 ? tileas_mfi::PTXParam::U64
                 : tileas_mfi::PTXParam::Pointer;
  else
    P.Kind = Arg && Arg->getType()->isFloatTy() ? tileas_mfi::PTXParam::F32
                                                : tileas_mfi::PTXParam::U32;
  return P;
}

bool TileASPTXParams::runOnMachineFunction(MachineFunction &MF) {
  if (!MF.getSubtarget<TileASSubtarget>().emitsPTX())
    return false;
  auto &FI = *MF.getInfo<TileASMachineFunctionInfo>();
  const Function &F = MF.getFunction();
  FI.PTXParams.clear();
  if (F.arg_empty()) {
    // MIR without an IR body: the `liveins:` of the function, in order.
    for (const auto &LiveIn : MF.getRegInfo().liveins())
      FI.PTXParams.push_back(paramOf(MF, LiveIn.first, nullptr));
    return false;
  }
  // Every IR argument is a parameter, used or not (selection drops the
  // live-ins of unused ones), in the registers td/TileASCallingConv.td gives.
  unsigned Narrow = 0, Wide = 0;
  for (const Argument &Arg : F.args()) {
    Type *T = Arg.getType();
    bool IsWide = T->isPointerTy() || T->isIntegerTy(64) || T->isDoubleTy();
    // TileASIRCheck has refused (and emptied) a kernel with more.
    if ((IsWide ? Wide : Narrow) >=
        (IsWide ? TileAS::MaxParams64 : TileAS::MaxParams32))
      break;
    MCRegister Reg = IsWide ? TileAS::GPR64RegClass.getRegister(Wide++)
                            : TileAS::GPR32RegClass.getRegister(Narrow++);
    FI.PTXParams.push_back(paramOf(MF, Reg, &Arg));
  }
  return false;
}

INITIALIZE_PASS(TileASPTXParams, "tileas-ptx-params",
                "TileAS PTX kernel parameters", false, true)

FunctionPass *llvm::createTileASPTXParamsPass() {
  return new TileASPTXParams();
}
