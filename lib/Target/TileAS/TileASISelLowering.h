//===- TileASISelLowering.h - TileAS DAG lowering ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How LLVM IR becomes a TileAS SelectionDAG: which value type lives in which
// register file, how kernel parameters arrive (td/TileASCallingConv.td), and
// which operations the patterns of td/TileASISelPatterns.td cannot take as
// they are.
//
// Register files are told apart by value type. A pointer to a shared-memory
// tile (addrspace 3) and a tensor-memory accumulator (addrspace 6) are
// handles in files of their own (TILE, TMEM), so they get value types that
// no other IR value has: v2i32 and v4i16 stand for the two kinds of handle.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASISELLOWERING_H
#define TILEAS_TILEASISELLOWERING_H

#include "llvm/CodeGen/TargetLowering.h"

namespace llvm {

class TileASSubtarget;

namespace TileAS {
struct BuiltinInfo;

/// Address spaces of the TileAS IR convention (NVPTX's numbering).
enum AddressSpace : unsigned {
  GenericAS = 0,
  GlobalAS = 1,
  SharedAS = 3,
  TensorMemoryAS = 6,
};
/// The value types of tile and tensor-memory handles.
inline constexpr MVT::SimpleValueType TileVT = MVT::v2i32;
inline constexpr MVT::SimpleValueType TmemVT = MVT::v4i16;
/// Kernel parameters the calling convention has registers for: rd0-rd31
/// (64-bit) and r0-r63 (32-bit), td/TileASCallingConv.td.
inline constexpr unsigned MaxParams64 = 32;
inline constexpr unsigned MaxParams32 = 64;
/// The largest constant a 64-bit value may be shifted left by: a shift is
/// lowered to as many doublings (there is no 64-bit shift or multiply),
/// enough to scale an index by a 64 KiB row.
inline constexpr unsigned MaxShift64 = 16;
/// 64-bit multiplies are by constants below this (a getelementptr scaling a
/// variable index by its stride): doublings, and an add per set bit.
inline constexpr uint64_t MulLimit64 = uint64_t(1) << MaxShift64;
} // namespace TileAS

class TileASTargetLowering : public TargetLowering {
public:
  TileASTargetLowering(const TargetMachine &TM, const TileASSubtarget &STI);

  MVT getPointerTy(const DataLayout &DL, uint32_t AS = 0) const override;
  SDValue LowerOperation(SDValue Op, SelectionDAG &DAG) const override;
  /// A broadcast of a scalar float operation (what opt makes of an
  /// operation on two splats) becomes the operation on broadcasts.
  SDValue PerformDAGCombine(SDNode *N, DAGCombinerInfo &DCI) const override;
  MVT getPointerMemTy(const DataLayout &DL, uint32_t AS = 0) const override {
    return getPointerTy(DL, AS);
  }
  /// llvm.fmuladd and contractable fmul + fadd on fragments become one fma.
  bool isFMAFasterThanFMulAndFAdd(const MachineFunction &MF,
                                  EVT VT) const override;
  /// Shift amounts are 32-bit registers or immediates.
  MVT getScalarShiftAmountTy(const DataLayout &DL, EVT VT) const override {
    return MVT::i32;
  }
  /// Global memory is read in 32-bit words (and 128-bit fragments): a load
  /// whose bits are masked or shifted out is never narrowed to 8 or 16 bits.
  bool
  shouldReduceLoadWidth(SDNode *Load, ISD::LoadExtType ExtTy, EVT NewVT,
                        std::optional<unsigned> ByteOffset) const override {
    return false;
  }
  EVT getSetCCResultType(const DataLayout &DL, LLVMContext &Context,
                         EVT VT) const override;

  SDValue LowerFormalArguments(SDValue Chain, CallingConv::ID CallConv,
                               bool IsVarArg,
                               const SmallVectorImpl<ISD::InputArg> &Ins,
                               const SDLoc &DL, SelectionDAG &DAG,
                               SmallVectorImpl<SDValue> &InVals) const override;
  SDValue LowerReturn(SDValue Chain, CallingConv::ID CallConv, bool IsVarArg,
                      const SmallVectorImpl<ISD::OutputArg> &Outs,
                      const SmallVectorImpl<SDValue> &OutVals, const SDLoc &DL,
                      SelectionDAG &DAG) const override;
  /// Calls are to the tile builtins only (TileASIRCheck refused any other
  /// call): each becomes its node, with a memory operand that keeps the IR
  /// pointer it accesses.
  SDValue LowerCall(CallLoweringInfo &CLI,
                    SmallVectorImpl<SDValue> &InVals) const override;

private:
  SDValue lowerShift64(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerMul64(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerSplatShuffle(SDValue Op, SelectionDAG &DAG) const;
  SDValue lowerBf16Conversion(SDValue Op, SelectionDAG &DAG) const;
  /// A builtin on `<N x float>` wider than one fragment (or a tensor-memory
  /// move with a column): the nodes that do it, its results in InVals and
  /// the chain; an empty value when the table's one node does.
  SDValue lowerFragmentBuiltin(const TileAS::BuiltinInfo &B,
                               ArrayRef<SmallVector<SDValue, 1>> Args,
                               CallLoweringInfo &CLI,
                               SmallVectorImpl<SDValue> &InVals) const;
};

} // namespace llvm

#endif // TILEAS_TILEASISELLOWERING_H
