//===- TileASISelLowering.cpp - TileAS DAG lowering -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASISelLowering.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASSelectionDAGInfo.h"
#include "TileASSubtarget.h"

#include "llvm/CodeGen/CallingConvLower.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/SelectionDAG.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"

using namespace llvm;

#include "TileASGenCallingConv.inc"

TileASTargetLowering::TileASTargetLowering(const TargetMachine &TM,
                                           const TileASSubtarget &STI)
    : TargetLowering(TM, STI) {
  addRegisterClass(MVT::i1, &TileAS::PREDRegClass);
  addRegisterClass(MVT::i32, &TileAS::GPR32RegClass);
  addRegisterClass(MVT::f32, &TileAS::GPR32RegClass);
  addRegisterClass(MVT::i64, &TileAS::GPR64RegClass);
  addRegisterClass(MVT::f64, &TileAS::GPR64RegClass);
  addRegisterClass(MVT::v4f32, &TileAS::FRAGRegClass);
  addRegisterClass(MVT::v4i32, &TileAS::FRAGRegClass);
  addRegisterClass(TileAS::TileVT, &TileAS::TILERegClass);
  addRegisterClass(TileAS::TmemVT, &TileAS::TMEMRegClass);
  computeRegisterProperties(STI.getRegisterInfo());
  setStackPointerRegisterToSaveRestore(TileAS::SP);
  setBooleanContents(ZeroOrOneBooleanContent);

  // A compare feeds a branch or a select through a predicate register:
  // there is no fused compare-and-branch or compare-and-select.
  for (MVT VT : MVT::all_valuetypes()) {
    setOperationAction(ISD::BR_CC, VT, Expand);
    setOperationAction(ISD::SELECT_CC, VT, Expand);
  }
  // Floating-point constants are the bits of a mov; fragment operations
  // the patterns select (LLVM expands most vector operations by default).
  setOperationAction(ISD::ConstantFP, {MVT::f32, MVT::f64}, Legal);
  setOperationAction({ISD::FADD, ISD::FSUB, ISD::FMUL, ISD::FDIV, ISD::FMA,
                      ISD::FNEG, ISD::FMAXNUM, ISD::FEXP2, ISD::FLOG2,
                      ISD::FSQRT, ISD::BUILD_VECTOR},
                     MVT::v4f32, Legal);
  setOperationAction(ISD::BUILD_VECTOR, MVT::v4i32, Legal);
  // The only 64-bit arithmetic is an add: a 64-bit shift by a constant (a
  // getelementptr scaling its index) is that many doublings.
  setOperationAction(ISD::SHL, MVT::i64, Custom);
}

MVT TileASTargetLowering::getPointerTy(const DataLayout &DL,
                                       uint32_t AS) const {
  switch (AS) {
  case TileAS::SharedAS:
    return TileAS::TileVT;
  case TileAS::TensorMemoryAS:
    return TileAS::TmemVT;
  default:
    return TargetLowering::getPointerTy(DL, AS);
  }
}

SDValue TileASTargetLowering::LowerOperation(SDValue Op,
                                             SelectionDAG &DAG) const {
  switch (Op.getOpcode()) {
  case ISD::SHL:
    return lowerShift64(Op, DAG);
  default:
    return SDValue();
  }
}

SDValue TileASTargetLowering::lowerShift64(SDValue Op,
                                           SelectionDAG &DAG) const {
  auto *Amount = dyn_cast<ConstantSDNode>(Op.getOperand(1));
  if (!Amount || Amount->getZExtValue() > TileAS::MaxShift64)
    return SDValue(); // TileASIRCheck refuses these before selection.
  SDLoc DL(Op);
  SDValue V = Op.getOperand(0);
  for (uint64_t I = 0, E = Amount->getZExtValue(); I != E; ++I)
    V = DAG.getNode(ISD::ADD, DL, MVT::i64, V, V);
  return V;
}

bool TileASTargetLowering::isFMAFasterThanFMulAndFAdd(const MachineFunction &MF,
                                                      EVT VT) const {
  return VT == MVT::v4f32;
}

EVT TileASTargetLowering::getSetCCResultType(const DataLayout &DL,
                                             LLVMContext &Context,
                                             EVT VT) const {
  return MVT::i1;
}

SDValue TileASTargetLowering::LowerFormalArguments(
    SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
    const SmallVectorImpl<ISD::InputArg> &Ins, const SDLoc &DL,
    SelectionDAG &DAG, SmallVectorImpl<SDValue> &InVals) const {
  MachineFunction &MF = DAG.getMachineFunction();
  SmallVector<CCValAssign, 16> Locs;
  CCState State(CallConv, IsVarArg, MF, Locs, *DAG.getContext());
  State.AnalyzeFormalArguments(Ins, CC_TileAS);
  for (const CCValAssign &VA : Locs) {
    MVT VT = VA.getLocVT();
    Register VReg = MF.addLiveIn(VA.getLocReg(), getRegClassFor(VT));
    InVals.push_back(DAG.getCopyFromReg(Chain, DL, VReg, VT));
  }
  return Chain;
}

SDValue
TileASTargetLowering::LowerReturn(SDValue Chain, CallingConv::ID CallConv,
                                  bool IsVarArg,
                                  const SmallVectorImpl<ISD::OutputArg> &Outs,
                                  const SmallVectorImpl<SDValue> &OutVals,
                                  const SDLoc &DL, SelectionDAG &DAG) const {
  // Kernels return nothing: TileASIRCheck refuses any other return type
  // before instruction selection.
  return DAG.getNode(TileASISD::RET, DL, MVT::Other, Chain);
}
