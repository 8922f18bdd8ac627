//===- TileASISelLowering.cpp - TileAS DAG lowering -----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASISelLowering.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASBuiltins.h"
#include "TileASInstrInfo.h"
#include "TileASRowLayout.h"
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
  addRegisterClass(MVT::v8bf16, &TileAS::FRAGRegClass);
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
                      ISD::FNEG, ISD::FABS, ISD::FMAXNUM, ISD::FEXP2,
                      ISD::FLOG2, ISD::FSQRT, ISD::BUILD_VECTOR},
                     MVT::v4f32, Legal);
  setOperationAction(ISD::BUILD_VECTOR, MVT::v4i32, Legal);
  // The only 64-bit arithmetic is an add: a 64-bit shift or multiply by a
  // constant (a getelementptr scaling its index) is doublings and adds.
  setOperationAction({ISD::SHL, ISD::MUL}, MVT::i64, Custom);
  // A 64-bit value is never loaded: the DAG combiner must not fold a 32-bit
  // load and its extension (a page-table entry widened to index pages) into
  // an extending load; selection extends the loaded register instead.
  for (unsigned Ext : {ISD::EXTLOAD, ISD::ZEXTLOAD, ISD::SEXTLOAD})
    setLoadExtAction(Ext, MVT::i64, MVT::i32, Expand);
  // The only shuffle TileASIRCheck lets through is a splat of a scalar, but
  // the DAG combiner turns an operation on two splats into a splat of the
  // operation on the vectors they broadcast, and there is no lane broadcast.
  setOperationAction(ISD::VECTOR_SHUFFLE, {MVT::v4f32, MVT::v4i32}, Custom);
  // The other way round: opt turns an operation on two splats into a splat
  // of a scalar operation, and a scalar float has no arithmetic.
  setTargetDAGCombine(ISD::BUILD_VECTOR);
  // fptrunc <N x float> to <N x bfloat>: the result splits into <8 x bfloat>
  // (one fragment of packed pairs), whose <8 x float> operand, two
  // fragments, is converted by one CVT_BF16X2.
  setOperationAction(ISD::FP_ROUND, MVT::v8f32, Custom);
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
  case ISD::MUL:
    return lowerMul64(Op, DAG);
  case ISD::VECTOR_SHUFFLE:
    return lowerSplatShuffle(Op, DAG);
  case ISD::FP_ROUND:
    return lowerBf16Conversion(Op, DAG);
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

SDValue TileASTargetLowering::lowerMul64(SDValue Op, SelectionDAG &DAG) const {
  // Either operand may be the constant after combining.
  SDValue X = Op.getOperand(0);
  auto *Factor = dyn_cast<ConstantSDNode>(Op.getOperand(1));
  if (!Factor) {
    Factor = dyn_cast<ConstantSDNode>(Op.getOperand(0));
    X = Op.getOperand(1);
  }
  if (!Factor || Factor->getZExtValue() >= TileAS::MulLimit64)
    return SDValue(); // TileASIRCheck refuses these before selection.
  SDLoc DL(Op);
  uint64_t C = Factor->getZExtValue();
  if (C == 0)
    return DAG.getConstant(0, DL, MVT::i64);
  // X * C as the sum of X * 2^k over C's set bits, X * 2^k by doublings.
  SDValue Sum;
  for (SDValue Power = X;; C >>= 1) {
    if (C & 1)
      Sum = Sum ? DAG.getNode(ISD::ADD, DL, MVT::i64, Sum, Power) : Power;
    if (C == 1)
      return Sum;
    Power = DAG.getNode(ISD::ADD, DL, MVT::i64, Power, Power);
  }
}

SDValue TileASTargetLowering::lowerBf16Conversion(SDValue Op,
                                                  SelectionDAG &DAG) const {
  if (Op.getValueType() != MVT::v8bf16)
    return SDValue(); // TileASIRCheck refuses other conversions.
  SDLoc DL(Op);
  SDValue X = Op.getOperand(0);
  SDValue Lo = DAG.getNode(ISD::EXTRACT_SUBVECTOR, DL, MVT::v4f32, X,
                           DAG.getVectorIdxConstant(0, DL));
  SDValue Hi = DAG.getNode(ISD::EXTRACT_SUBVECTOR, DL, MVT::v4f32, X,
                           DAG.getVectorIdxConstant(4, DL));
  return DAG.getNode(TileASISD::CVT_BF16X2, DL, MVT::v8bf16, Lo, Hi);
}

/// Lane operations whose lane I reads only lane I of each operand.
static bool isLanewise(unsigned Opcode) {
  switch (Opcode) {
  case ISD::FADD:
  case ISD::FSUB:
  case ISD::FMUL:
  case ISD::FDIV:
  case ISD::FMA:
  case ISD::FNEG:
  case ISD::FABS:
  case ISD::FMAXNUM:
  case ISD::FEXP2:
  case ISD::FLOG2:
  case ISD::FSQRT:
  case ISD::ADD:
  case ISD::AND:
    return true;
  default:
    return false;
  }
}

/// Scalar float operations that have a lane-wise fragment form.
static bool isBroadcastableFloatOp(SDValue X) {
  if (X.getValueType() != MVT::f32)
    return false;
  switch (X.getOpcode()) {
  case ISD::FADD:
  case ISD::FSUB:
  case ISD::FMUL:
  case ISD::FMA:
    return true;
  case ISD::FNEG:
    // A scalar negation has an instruction of its own (its sign bit); only
    // the negation of an operation without one is done on fragments.
    return isBroadcastableFloatOp(X.getOperand(0));
  default:
    return false;
  }
}

/// \p X broadcast to every lane of \p VT: FBCAST of a register, or, for a
/// scalar float operation, the operation on broadcasts of its operands (a
/// scalar float has no arithmetic of its own; TileASIRCheck lets one
/// through only where it is broadcast).
static SDValue broadcastScalar(SDValue X, EVT VT, const SDLoc &DL,
                               SelectionDAG &DAG, unsigned Depth = 0) {
  if (VT != MVT::v4f32 || Depth == 8 || !isBroadcastableFloatOp(X))
    return DAG.getSplatBuildVector(VT, DL, X);
  SmallVector<SDValue, 3> Ops;
  for (SDValue Op : X->op_values())
    Ops.push_back(broadcastScalar(Op, VT, DL, DAG, Depth + 1));
  return DAG.getNode(X.getOpcode(), DL, VT, Ops, X->getFlags());
}

SDValue TileASTargetLowering::PerformDAGCombine(SDNode *N,
                                                DAGCombinerInfo &DCI) const {
  if (N->getOpcode() != ISD::BUILD_VECTOR || N->getValueType(0) != MVT::v4f32)
    return SDValue();
  SDValue X = cast<BuildVectorSDNode>(N)->getSplatValue();
  if (!X || !isBroadcastableFloatOp(X))
    return SDValue();
  return broadcastScalar(X, MVT::v4f32, SDLoc(N), DCI.DAG);
}

/// Lane \p Lane of \p V broadcast to every lane, built from what that lane
/// is computed from: a broadcast of the scalar in it (FBCAST), or the same
/// lane operation on broadcasts of its operands' lanes. Empty if the lane
/// comes from anything else.
static SDValue broadcastLane(SDValue V, unsigned Lane, SelectionDAG &DAG,
                             unsigned Depth = 0) {
  EVT VT = V.getValueType();
  unsigned Lanes = VT.getVectorNumElements();
  SDLoc DL(V);
  if (V.isUndef())
    return DAG.getUNDEF(VT);
  if (Depth == 8)
    return SDValue();
  switch (V.getOpcode()) {
  case ISD::BUILD_VECTOR:
    return broadcastScalar(V.getOperand(Lane), VT, DL, DAG);
  case ISD::SCALAR_TO_VECTOR:
    return Lane == 0 ? broadcastScalar(V.getOperand(0), VT, DL, DAG)
                     : DAG.getUNDEF(VT);
  case ISD::INSERT_VECTOR_ELT: {
    auto *Index = dyn_cast<ConstantSDNode>(V.getOperand(2));
    if (!Index)
      return SDValue();
    if (Index->getZExtValue() == Lane)
      return broadcastScalar(V.getOperand(1), VT, DL, DAG);
    return broadcastLane(V.getOperand(0), Lane, DAG, Depth + 1);
  }
  case ISD::VECTOR_SHUFFLE: {
    int From = cast<ShuffleVectorSDNode>(V)->getMaskElt(Lane);
    if (From < 0)
      return DAG.getUNDEF(VT);
    return broadcastLane(V.getOperand(unsigned(From) / Lanes),
                         unsigned(From) % Lanes, DAG, Depth + 1);
  }
  case ISD::BITCAST: {
    SDValue From = V.getOperand(0);
    if (!From.getValueType().isVector() ||
        From.getValueType().getVectorNumElements() != Lanes)
      return SDValue();
    SDValue Splat = broadcastLane(From, Lane, DAG, Depth + 1);
    return Splat ? DAG.getBitcast(VT, Splat) : SDValue();
  }
  default:
    break;
  }
  if (!isLanewise(V.getOpcode()))
    return SDValue();
  SmallVector<SDValue, 3> Ops;
  for (SDValue Op : V->op_values()) {
    SDValue Splat = broadcastLane(Op, Lane, DAG, Depth + 1);
    if (!Splat)
      return SDValue();
    Ops.push_back(Splat);
  }
  return DAG.getNode(V.getOpcode(), DL, VT, Ops, V->getFlags());
}

SDValue TileASTargetLowering::lowerSplatShuffle(SDValue Op,
                                                SelectionDAG &DAG) const {
  auto *Shuffle = cast<ShuffleVectorSDNode>(Op);
  if (!Shuffle->isSplat())
    return SDValue(); // TileASIRCheck refuses other shuffles.
  unsigned Lanes = Op.getValueType().getVectorNumElements();
  unsigned From = Shuffle->getSplatIndex();
  return broadcastLane(Op.getOperand(From / Lanes), From % Lanes, DAG);
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
  // TileASIRCheck refused (and emptied) a kernel whose parameters no
  // register holds; its arguments are unused.
  unsigned Wide = count_if(Ins, [](const ISD::InputArg &In) {
    return In.VT == MVT::i64 || In.VT == MVT::f64;
  });
  unsigned Narrow = count_if(Ins, [](const ISD::InputArg &In) {
    return In.VT == MVT::i32 || In.VT == MVT::f32;
  });
  if (Wide + Narrow != Ins.size() || Wide > TileAS::MaxParams64 ||
      Narrow > TileAS::MaxParams32) {
    for (const ISD::InputArg &In : Ins)
      InVals.push_back(DAG.getUNDEF(In.VT));
    return Chain;
  }
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

/// The memory operand of a builtin that touches memory through its operand
/// B.MemOperand (or a new tile).
static MachineMemOperand *builtinMemOperand(const TileAS::BuiltinInfo &B,
                                            const CallBase &Call,
                                            MachineFunction &MF) {
  MachinePointerInfo Ptr =
      B.MemOperand >= 0 ? MachinePointerInfo(Call.getArgOperand(B.MemOperand))
                        : MachinePointerInfo(TileAS::SharedAS);
  auto Flags = B.Effect == TileAS::BuiltinEffect::Load
                   ? MachineMemOperand::MOLoad
                   : MachineMemOperand::MOStore;
  return MF.getMachineMemOperand(
      Ptr, Flags, LocationSize::beforeOrAfterPointer(), Align(16));
}

SDValue
TileASTargetLowering::LowerCall(CallLoweringInfo &CLI,
                                SmallVectorImpl<SDValue> &InVals) const {
  SelectionDAG &DAG = CLI.DAG;
  CLI.IsTailCall = false;
  const auto *Callee = dyn_cast<GlobalAddressSDNode>(CLI.Callee);
  const TileAS::BuiltinInfo *B =
      Callee && CLI.CB ? TileAS::lookupBuiltin(Callee->getGlobal()->getName())
                       : nullptr;
  // The operands by IR argument: a `<N x float>` arrives as N / 4 fragments.
  SmallVector<SmallVector<SDValue, 1>, 8> Args(B ? B->Params.size() : 0);
  bool Malformed = !B || TileAS::checkBuiltinCall(*B, *CLI.CB);
  for (auto [Out, V] : zip(CLI.Outs, CLI.OutVals)) {
    if (Malformed || Out.OrigArgIndex >= Args.size()) {
      Malformed = true;
      break;
    }
    Args[Out.OrigArgIndex].push_back(V);
  }
  Malformed =
      Malformed || any_of(Args, [](const auto &A) { return A.empty(); });
  if (Malformed) {
    // TileASIRCheck reports these before selection; stay well formed.
    DAG.getContext()->diagnose(DiagnosticInfoUnsupported(
        DAG.getMachineFunction().getFunction(),
        "call to an unknown function or a malformed tile builtin",
        CLI.DL.getDebugLoc()));
    for (const ISD::InputArg &In : CLI.Ins)
      InVals.push_back(DAG.getUNDEF(In.VT));
    return CLI.Chain;
  }

  // On sm_90a the printer reduces and stores rows in a wgmma accumulator's
  // quad layout in a function with wgmmas; a row builtin there of a value
  // with any other layout would compute wrong values, so it is refused
  // (docs/ptx.md, "Rows on Hopper").
  bool RowBuiltin = B->Opcode == TileASISD::REDUX_MAX ||
                    B->Opcode == TileASISD::REDUX_ADD ||
                    (B->Opcode == TileASISD::SMEM_TILE &&
                     B->Params.front() == TileAS::BuiltinType::Bf16Row);
  if (RowBuiltin && DAG.getSubtarget<TileASSubtarget>().hasWgmma() &&
      TileAS::callsWgmma(DAG.getMachineFunction().getFunction()) &&
      !TileAS::hasWgmmaRowLayout(CLI.CB->getArgOperand(0))) {
    std::string Call;
    raw_string_ostream(Call) << *CLI.CB;
    DAG.getContext()->diagnose(DiagnosticInfoUnsupported(
        DAG.getMachineFunction().getFunction(),
        "@" + B->Name + " on " + DAG.getSubtarget<TileASSubtarget>().getCPU() +
            ": its operand's row layout is unknown (in a function with "
            "wgmmas, the row builtins on sm_90a take a value computed "
            "lane-wise from wgmma accumulators, whose rows are spread over a "
            "quad of threads): " +
            StringRef(Call).trim(),
        CLI.DL.getDebugLoc()));
  }
  // The quad-row store of sm_90a writes packed bf16; an f32 row there has no
  // layout the printer writes.
  if (B->Opcode == TileASISD::SMEM_TILE &&
      B->Params.front() == TileAS::BuiltinType::F32Row &&
      DAG.getSubtarget<TileASSubtarget>().hasWgmma() &&
      TileAS::callsWgmma(DAG.getMachineFunction().getFunction())) {
    std::string Call;
    raw_string_ostream(Call) << *CLI.CB;
    DAG.getContext()->diagnose(DiagnosticInfoUnsupported(
        DAG.getMachineFunction().getFunction(),
        "@" + B->Name + " on " + DAG.getSubtarget<TileASSubtarget>().getCPU() +
            ": an f32 row in a function with wgmmas (only a bf16 row is "
            "written in the quad layout): " +
            StringRef(Call).trim(),
        CLI.DL.getDebugLoc()));
  }

  for (auto [I, A] : enumerate(Args))
    if (TileAS::isConstantParam(*B, I))
      A[0] = DAG.getTargetConstant(cast<ConstantSDNode>(A[0])->getZExtValue(),
                                   CLI.DL, MVT::i32);
  if (SDValue Chain = lowerFragmentBuiltin(*B, Args, CLI, InVals))
    return Chain;

  bool Chained = B->Effect != TileAS::BuiltinEffect::None;
  SmallVector<SDValue, 6> Ops;
  if (Chained)
    Ops.push_back(CLI.Chain);
  for (const auto &A : Args)
    Ops.push_back(A[0]);
  SmallVector<EVT, 2> VTs;
  for (const ISD::InputArg &In : CLI.Ins)
    VTs.push_back(In.VT);
  if (Chained)
    VTs.push_back(MVT::Other);
  SDVTList VTList = DAG.getVTList(VTs);

  SDValue Node;
  if (B->Effect == TileAS::BuiltinEffect::Load ||
      B->Effect == TileAS::BuiltinEffect::Store) {
    // The access's pointer is the IR value the alias facts are about; a new
    // tile (smem.tile) has none and is only told apart by its address space.
    Node = DAG.getMemIntrinsicNode(
        B->Opcode, CLI.DL, VTList, Ops, MVT::v4f32,
        builtinMemOperand(*B, *CLI.CB, DAG.getMachineFunction()));
  } else {
    Node = DAG.getNode(B->Opcode, CLI.DL, VTList, Ops);
  }
  for (unsigned I = 0, E = CLI.Ins.size(); I != E; ++I)
    InVals.push_back(Node.getValue(I));
  return Chained ? Node.getValue(CLI.Ins.size()) : CLI.Chain;
}

SDValue TileASTargetLowering::lowerFragmentBuiltin(
    const TileAS::BuiltinInfo &B, ArrayRef<SmallVector<SDValue, 1>> Args,
    CallLoweringInfo &CLI, SmallVectorImpl<SDValue> &InVals) const {
  SelectionDAG &DAG = CLI.DAG;
  const SDLoc &DL = CLI.DL;
  bool At = B.Name.ends_with(".at");
  switch (B.Opcode) {
  case TileASISD::TMEM_LOAD: {
    unsigned Frags = CLI.Ins.size();
    if (Frags == 1 && !At)
      return SDValue(); // TMEM_LD: four columns from column 0.
    SmallVector<EVT, 33> VTs(Frags, MVT::v4f32);
    VTs.push_back(MVT::Other);
    SDValue Column = At ? Args[1][0] : DAG.getTargetConstant(0, DL, MVT::i32);
    MachineSDNode *N =
        DAG.getMachineNode(TileAS::tmemLoadOpcode(4 * Frags), DL,
                           DAG.getVTList(VTs), {Args[0][0], Column, CLI.Chain});
    DAG.setNodeMemRefs(
        N, {builtinMemOperand(B, *CLI.CB, DAG.getMachineFunction())});
    for (unsigned I = 0; I != Frags; ++I)
      InVals.push_back(SDValue(N, I));
    return SDValue(N, Frags);
  }
  case TileASISD::TMEM_STORE: {
    ArrayRef<SDValue> Values = Args.back();
    if (Values.size() == 1 && !At)
      return SDValue(); // TMEM_ST: four columns from column 0.
    SmallVector<SDValue, 36> Ops = {
        Args[0][0], At ? Args[1][0] : DAG.getTargetConstant(0, DL, MVT::i32)};
    append_range(Ops, Values);
    Ops.push_back(CLI.Chain);
    MachineSDNode *N =
        DAG.getMachineNode(TileAS::tmemStoreOpcode(4 * Values.size()), DL,
                           DAG.getVTList(TileAS::TmemVT, MVT::Other), Ops);
    DAG.setNodeMemRefs(
        N, {builtinMemOperand(B, *CLI.CB, DAG.getMachineFunction())});
    InVals.push_back(SDValue(N, 0));
    return SDValue(N, 1);
  }
  case TileASISD::WGMMA: {
    // A `<L x float>` accumulator, L >= 8, is wgmma m64n(2L)k16: one machine
    // node over its L / 4 fragments, each tied to its result.
    unsigned Frags = Args[0].size();
    if (Frags == 1)
      return SDValue(); // WGMMA: the abstract machine's one fragment.
    SmallVector<EVT, 32> VTs(Frags, MVT::v4f32);
    SmallVector<SDValue, 35> Ops(Args[0].begin(), Args[0].end());
    Ops.append({Args[1][0], Args[2][0], Args[3][0]});
    MachineSDNode *N = DAG.getMachineNode(TileAS::wgmmaOpcode(4 * Frags), DL,
                                          DAG.getVTList(VTs), Ops);
    for (unsigned I = 0; I != Frags; ++I)
      InVals.push_back(SDValue(N, I));
    return CLI.Chain;
  }
  case TileASISD::WGMMA_TYPED: {
    // As WGMMA_X<L>, with the type word (checked by the IR check) after the
    // k-block; the IR check refused an accumulator of one fragment.
    unsigned Frags = Args[0].size();
    SmallVector<EVT, 32> VTs(Frags, MVT::v4f32);
    SmallVector<SDValue, 36> Ops(Args[0].begin(), Args[0].end());
    Ops.append({Args[1][0], Args[2][0], Args[3][0], Args[4][0]});
    MachineSDNode *N = DAG.getMachineNode(TileAS::wgmmaTypedOpcode(4 * Frags),
                                          DL, DAG.getVTList(VTs), Ops);
    for (unsigned I = 0; I != Frags; ++I)
      InVals.push_back(SDValue(N, I));
    return CLI.Chain;
  }
  case TileASISD::REDUX_MAX:
  case TileASISD::REDUX_ADD:
  case TileASISD::WARP_SUM: {
    // A row's maximum (sum) over all its columns: the fragments' lane-wise
    // maximum (sum), then the maximum (sum) within the last fragment, in
    // every lane. A warp's sum adds the fragments the same way before
    // reducing the last one across the warp.
    SmallVector<SDValue, 32> Level(Args[0].begin(), Args[0].end());
    if (Level.size() == 1)
      return SDValue();
    unsigned Lanewise =
        B.Opcode == TileASISD::REDUX_MAX ? ISD::FMAXNUM : ISD::FADD;
    while (Level.size() > 1) {
      SmallVector<SDValue, 16> Next;
      for (unsigned I = 0; I + 1 < Level.size(); I += 2)
        Next.push_back(
            DAG.getNode(Lanewise, DL, MVT::v4f32, Level[I], Level[I + 1]));
      Level = std::move(Next);
    }
    SDValue Row = DAG.getNode(B.Opcode, DL, MVT::v4f32, Level[0]);
    InVals.append(CLI.Ins.size(), Row);
    return CLI.Chain;
  }
  case TileASISD::SMEM_TILE: {
    if (is_contained(B.Params, TileAS::BuiltinType::Bf16Quarter)) {
      // A quarter of a wide row: (bytes, column, 4 fragments) into a new
      // tile, or (tile, the tile's bytes, column, 4 fragments) into the
      // tile another quarter made.
      bool Into = TileAS::isRowQuarterInto(B);
      bool MN = B.Name.contains(".mn.");
      SmallVector<SDValue, 8> Ops;
      if (Into)
        Ops = {Args[0][0],
               DAG.getTargetConstant(*TileAS::rowQuarterTileBytes(*CLI.CB), DL,
                                     MVT::i32),
               Args[2][0]};
      else
        Ops = {Args[2][0], Args[1][0]};
      append_range(Ops, Args[Into ? 1 : 0]);
      Ops.push_back(CLI.Chain);
      unsigned Opcode =
          Into ? (MN ? TileAS::STS_ROW_MN_INTO : TileAS::STS_ROW_X2_INTO)
               : (MN ? TileAS::STS_ROW_MN_PART : TileAS::STS_ROW_X2_PART);
      MachineSDNode *N = DAG.getMachineNode(
          Opcode, DL, DAG.getVTList(TileAS::TileVT, MVT::Other), Ops);
      DAG.setNodeMemRefs(
          N, {builtinMemOperand(B, *CLI.CB, DAG.getMachineFunction())});
      InVals.push_back(SDValue(N, 0));
      return SDValue(N, 1);
    }
    if (B.Params.front() != TileAS::BuiltinType::Bf16Row &&
        B.Params.front() != TileAS::BuiltinType::F32Row)
      return SDValue(); // STS: one fragment.
    // smem.row: the eight fragments of the thread's 128-byte row (packed
    // bf16, or f32 for smem.row.f32): the same bytes, the same STS_ROW;
    // smem.row.x2 and smem.row.mn (row halves lo, hi, then bytes): the
    // sixteen of its 128-element row.
    bool WideRow = B.Params.size() == 3;
    SmallVector<SDValue, 18> Ops = {Args[B.Params.size() - 1][0]};
    append_range(Ops, Args[0]);
    if (WideRow)
      append_range(Ops, Args[1]);
    Ops.push_back(CLI.Chain);
    unsigned Opcode = !WideRow                  ? TileAS::STS_ROW
                      : B.Name.ends_with(".mn") ? TileAS::STS_ROW_MN
                                                : TileAS::STS_ROW_X2;
    MachineSDNode *N = DAG.getMachineNode(
        Opcode, DL, DAG.getVTList(TileAS::TileVT, MVT::Other), Ops);
    DAG.setNodeMemRefs(
        N, {builtinMemOperand(B, *CLI.CB, DAG.getMachineFunction())});
    InVals.push_back(SDValue(N, 0));
    return SDValue(N, 1);
  }
  case TileASISD::FADD2:
  case TileASISD::FMUL2:
  case TileASISD::FFMA2: {
    if (Args[0].size() == 1)
      return SDValue();
    // Fragment by fragment.
    for (unsigned F = 0, E = Args[0].size(); F != E; ++F) {
      SmallVector<SDValue, 3> Ops;
      for (const auto &A : Args)
        Ops.push_back(A[F]);
      InVals.push_back(DAG.getNode(B.Opcode, DL, MVT::v4f32, Ops));
    }
    return CLI.Chain;
  }
  default:
    return SDValue();
  }
}
