//===- TileASIRCheck.cpp - Refuse IR the target cannot select -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Runs just before instruction selection and checks each IR function against
// what the patterns and the tile builtins select: parameter and value types,
// operations, calls (tile builtins with their signatures and constant
// operands, and the few LLVM intrinsics with patterns). Each problem is an
// error naming the function and the IR instruction; llc then exits non-zero.
// A function with an error has its body replaced by `unreachable`, so that
// selection never meets what it cannot select (no crash, no assertion).
// Functions that came from MIR are already selected and are left alone.
//
//===----------------------------------------------------------------------===//

#include "TileAS.h"
#include "TileASBuiltins.h"
#include "TileASISelLowering.h"

#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Pass.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

#define DEBUG_TYPE "tileas-ir-check"

namespace {

/// `<N x float>` or `<N x i32>` of a fragment width (N = 4 .. 128).
bool isVectorOf(const Type *Ty, bool Float) {
  return TileAS::fragmentLanes(Ty, Float) != 0;
}
bool isFrag(const Type *Ty) { return isVectorOf(Ty, true); }
bool isGlobalPtr(const Type *Ty) {
  return Ty->isPointerTy() &&
         (Ty->getPointerAddressSpace() == TileAS::GenericAS ||
          Ty->getPointerAddressSpace() == TileAS::GlobalAS);
}

/// A type some register file holds.
bool isSupportedType(const Type *Ty) {
  if (Ty->isVoidTy() || Ty->isLabelTy() || Ty->isIntegerTy(1) ||
      Ty->isIntegerTy(32) || Ty->isIntegerTy(64) || Ty->isFloatTy() ||
      Ty->isDoubleTy() || isFrag(Ty) || isVectorOf(Ty, false) ||
      TileAS::bf16Lanes(Ty))
    return true;
  if (!Ty->isPointerTy())
    return false;
  unsigned AS = Ty->getPointerAddressSpace();
  return AS == TileAS::GenericAS || AS == TileAS::GlobalAS ||
         AS == TileAS::SharedAS || AS == TileAS::TensorMemoryAS;
}

/// A kernel parameter type: what the calling convention assigns a register.
bool isParameterType(const Type *Ty) {
  return isGlobalPtr(Ty) || Ty->isIntegerTy(32) || Ty->isIntegerTy(64) ||
         Ty->isFloatTy() || Ty->isDoubleTy();
}

bool isConstantAtMost(const Value *V, uint64_t Max) {
  const auto *C = dyn_cast<ConstantInt>(V);
  return C && C->getZExtValue() <= Max;
}

class TileASIRCheck : public FunctionPass {
public:
  static char ID;
  TileASIRCheck() : FunctionPass(ID) {}
  StringRef getPassName() const override { return "TileAS IR input check"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addUsedIfAvailable<MachineModuleInfoWrapperPass>();
  }
  bool runOnFunction(Function &F) override;

private:
  /// Why \p I cannot be selected, or an empty string.
  std::string problemWith(const Instruction &I) const;
  std::string problemWithCall(const CallBase &Call) const;
};

} // namespace

char TileASIRCheck::ID = 0;
INITIALIZE_PASS(TileASIRCheck, DEBUG_TYPE, "TileAS IR input check", false,
                false)

std::string TileASIRCheck::problemWithCall(const CallBase &Call) const {
  if (Call.isInlineAsm())
    return "inline assembly is not supported";
  const Function *Callee = Call.getCalledFunction();
  if (!Callee) {
    if (const auto *F =
            dyn_cast<Function>(Call.getCalledOperand()->stripPointerCasts()))
      return formatv("call of @{0} with a type other than its declaration's",
                     F->getName())
          .str();
    return "indirect call (only the tile builtins can be called)";
  }
  if (const auto *II = dyn_cast<IntrinsicInst>(&Call)) {
    if (II->isAssumeLikeIntrinsic() || isa<DbgInfoIntrinsic>(II))
      return "";
    switch (II->getIntrinsicID()) {
    case Intrinsic::smax:
    case Intrinsic::smin:
    case Intrinsic::umax:
    case Intrinsic::umin:
      // A compare and a select (opt -O2 computes a runtime-unrolled loop's
      // iteration count with these).
      return II->getType()->isIntegerTy(32) ? ""
                                            : "only i32 has this operation";
    case Intrinsic::fma:
    case Intrinsic::fmuladd:
    case Intrinsic::maxnum:
    case Intrinsic::fabs:
      return isFrag(II->getType())
                 ? ""
                 : "only fragments (<N x float>) have this operation";
    case Intrinsic::exp2:
    case Intrinsic::log2:
    case Intrinsic::sqrt:
      if (!isFrag(II->getType()))
        return "only fragments (<N x float>) have this operation";
      return II->hasApproxFunc() ? ""
                                 : "the XU approximations need the afn flag";
    default:
      return formatv("intrinsic @{0} has no TileAS instruction",
                     Callee->getName())
          .str();
    }
  }
  const TileAS::BuiltinInfo *B = TileAS::lookupBuiltin(Callee->getName());
  if (!B && !Callee->isDeclaration())
    return formatv("call to @{0}, a function of this module: every function "
                   "is a kernel (a PTX .entry) and kernels make no calls; "
                   "inline it (alwaysinline)",
                   Callee->getName())
        .str();
  if (!B)
    return formatv("call to unknown function @{0}", Callee->getName()).str();
  return TileAS::checkBuiltinCall(*B, Call).value_or("");
}

/// Why the constant C cannot be an operand, or an empty string: selection
/// has no address for a global and no instruction for a constant expression
/// or for a vector constant with different lanes.
static std::string problemWithConstant(const Constant *C) {
  if (const auto *GV = dyn_cast<GlobalValue>(C))
    return formatv("it refers to the global @{0}; a kernel reaches memory "
                   "only through its parameters",
                   GV->getName())
        .str();
  if (isa<ConstantExpr>(C) || isa<BlockAddress>(C) ||
      isa<DSOLocalEquivalent>(C) || isa<NoCFIValue>(C) ||
      isa<ConstantPtrAuth>(C))
    return "a constant expression as an operand is not supported";
  if (C->getType()->isVectorTy() && !isa<UndefValue>(C) && !C->getSplatValue())
    return "a vector constant must have four equal lanes";
  // Packed bf16 comes only from a conversion of registers.
  if (TileAS::bf16Lanes(C->getType()) && !isa<UndefValue>(C))
    return "a bf16 constant has no register form (packed bf16 is what "
           "fptrunc of a fragment register writes)";
  for (const Use &U : C->operands())
    if (const auto *Inner = dyn_cast<Constant>(U.get())) {
      std::string Problem = problemWithConstant(Inner);
      if (!Problem.empty())
        return Problem;
    }
  return "";
}

/// A shuffle that broadcasts lane 0 to every lane.
static bool isZeroSplat(const User *U) {
  const auto *Shuffle = dyn_cast<ShuffleVectorInst>(U);
  return Shuffle && Shuffle->isZeroEltSplat();
}

/// A scalar float operation whose value only ever reaches broadcasts (opt
/// turns an operation on two splats into a splat of a scalar operation):
/// selection broadcasts its operands instead, and does it on fragments.
static bool isOnlyBroadcast(const Instruction &I, unsigned Depth = 0) {
  if (Depth == 8 || I.use_empty())
    return false;
  return all_of(I.users(), [&](const User *U) {
    if (isa<InsertElementInst>(U))
      return true; // Checked to be half of a splat on its own.
    const auto *Op = dyn_cast<Instruction>(U);
    return Op && Op->getType()->isFloatTy() &&
           (isa<BinaryOperator>(Op) || isa<UnaryOperator>(Op)) &&
           (Op->getOpcode() == Instruction::FAdd ||
            Op->getOpcode() == Instruction::FSub ||
            Op->getOpcode() == Instruction::FMul ||
            Op->getOpcode() == Instruction::FNeg) &&
           isOnlyBroadcast(*Op, Depth + 1);
  });
}

/// A variable index is scaled by its stride with doublings and adds (there
/// is no 64-bit multiply), so the stride has a limit.
static std::string problemWithStrides(const GetElementPtrInst &GEP) {
  const DataLayout &DL = GEP.getDataLayout();
  for (gep_type_iterator T = gep_type_begin(GEP), E = gep_type_end(GEP); T != E;
       ++T) {
    if (isa<ConstantInt>(T.getOperand()) || T.isStruct())
      continue;
    TypeSize Stride = T.getSequentialElementStride(DL);
    if (Stride.isScalable() || Stride.getFixedValue() >= TileAS::MulLimit64)
      return formatv("a variable index scaled by a stride of {0} bytes (at "
                     "most {1}: 64-bit multiplies are doublings and adds)",
                     Stride.getKnownMinValue(), TileAS::MulLimit64 - 1)
          .str();
  }
  return "";
}

/// Why the value I defines, or one of its constant operands, has no
/// register or instruction to hold it, or an empty string.
static std::string problemWithValues(const Instruction &I) {
  if (!isSupportedType(I.getType()))
    return "no register holds its type";
  // The callee of a direct call is a function, not an operand.
  const Value *Callee =
      isa<CallBase>(I) ? cast<CallBase>(I).getCalledOperand() : nullptr;
  for (const Use &U : I.operands())
    if (const auto *C = dyn_cast<Constant>(U.get()); C && U.get() != Callee) {
      std::string Problem = problemWithConstant(C);
      if (!Problem.empty())
        return formatv("operand {0}: {1}", U.getOperandNo(), Problem).str();
    }
  return "";
}

static const char *const OnlyI32 = "only i32 has this operation";

/// Integer arithmetic, logic and shifts: i32 throughout, some on i64, i1 or
/// <N x i32>, and 64-bit multiplies and shifts by small constants only.
static std::string problemWithIntegerArithmetic(const Instruction &I) {
  const Type *Ty = I.getType();
  bool I32 = Ty->isIntegerTy(32), Pred = Ty->isIntegerTy(1);
  bool Lanes = isVectorOf(Ty, false);
  switch (I.getOpcode()) {
  case Instruction::Add:
    return I32 || Lanes || Ty->isIntegerTy(64) ? "" : OnlyI32;
  case Instruction::And:
    return I32 || Lanes || Pred ? "" : OnlyI32;
  case Instruction::Or:
  case Instruction::Xor:
    return I32 || Pred ? "" : OnlyI32;
  case Instruction::Mul:
    if (Ty->isIntegerTy(64))
      return isConstantAtMost(I.getOperand(0), TileAS::MulLimit64 - 1) ||
                     isConstantAtMost(I.getOperand(1), TileAS::MulLimit64 - 1)
                 ? ""
                 : formatv("a 64-bit multiply must be by a constant below {0}",
                           TileAS::MulLimit64)
                       .str();
    return I32 ? "" : OnlyI32;
  case Instruction::Sub:
  case Instruction::AShr:
    return I32 ? "" : OnlyI32;
  case Instruction::Shl:
    if (Ty->isIntegerTy(64))
      return isConstantAtMost(I.getOperand(1), TileAS::MaxShift64)
                 ? ""
                 : formatv("a 64-bit shift must be by a constant of at most "
                           "{0}",
                           TileAS::MaxShift64)
                       .str();
    return I32 ? "" : OnlyI32;
  case Instruction::LShr:
    return I32 && isa<ConstantInt>(I.getOperand(1))
               ? ""
               : "a logical shift must be of an i32 by a constant";
  default:
    llvm_unreachable("not integer arithmetic");
  }
}

/// Division and remainder: selection turns an unsigned one by a power of two
/// into a shift or a mask; nothing divides otherwise.
static std::string problemWithDivision(const Instruction &I) {
  const auto *D = dyn_cast<ConstantInt>(I.getOperand(1));
  bool Unsigned =
      I.getOpcode() == Instruction::UDiv || I.getOpcode() == Instruction::URem;
  if (I.getType()->isIntegerTy(32) && Unsigned && D &&
      D->getValue().isPowerOf2())
    return "";
  return "there is no integer division: only an unsigned i32 division or "
         "remainder by a constant power of two (a shift or a mask); an "
         "unroll count that is not a power of two needs one for its "
         "remainder loop";
}

/// Compares, selects and extensions.
static std::string problemWithCompareOrExtend(const Instruction &I) {
  const Type *Ty = I.getType();
  switch (I.getOpcode()) {
  case Instruction::ICmp: {
    const Type *OpTy = I.getOperand(0)->getType();
    if (OpTy->isIntegerTy(32))
      return "";
    if (OpTy->isIntegerTy(1) && cast<ICmpInst>(I).isEquality())
      return "";
    return "only i32 compares (and i1 equality)";
  }
  case Instruction::Select:
    return Ty->isIntegerTy(32) || Ty->isFloatTy() ? ""
                                                  : "only i32 and float select";
  case Instruction::ZExt:
  case Instruction::SExt: {
    const Type *From = I.getOperand(0)->getType();
    return (From->isIntegerTy(32) && Ty->isIntegerTy(64)) ||
                   (From->isIntegerTy(1) && Ty->isIntegerTy(32))
               ? ""
               : "only i32 to i64 and i1 to i32 extend";
  }
  default:
    llvm_unreachable("not a compare, select or extension");
  }
}

/// Floating-point arithmetic: on fragments (<N x float>), and on a scalar
/// float only where its value is broadcast or it is a reciprocal.
static std::string problemWithFloatArithmetic(const Instruction &I) {
  const Type *Ty = I.getType();
  switch (I.getOpcode()) {
  case Instruction::FNeg:
    return isFrag(Ty) || Ty->isFloatTy()
               ? ""
               : "only fragments (<N x float>) and float have this operation";
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
    if (Ty->isFloatTy())
      return isOnlyBroadcast(I) ? ""
                                : "only fragments (<N x float>) have this "
                                  "operation (a float one only where its "
                                  "result is broadcast)";
    return isFrag(Ty) ? "" : "only fragments (<N x float>) have this operation";
  case Instruction::FDiv:
    if (isFrag(Ty))
      return I.hasApproxFunc() ? "" : "a fragment division needs afn";
    if (const auto *C = dyn_cast<ConstantFP>(I.getOperand(0));
        Ty->isDoubleTy() && C && C->isExactlyValue(1.0))
      return "";
    return "only 1.0 / x divides a double";
  default:
    llvm_unreachable("not floating-point arithmetic");
  }
}

/// A conversion: f32 to bf16, rounded to nearest and packed in pairs.
static std::string problemWithConversion(const Instruction &I) {
  unsigned To = TileAS::bf16Lanes(I.getType());
  unsigned From = TileAS::fragmentLanes(I.getOperand(0)->getType());
  if (To && From == To && isa<Constant>(I.getOperand(0)) &&
      !isa<UndefValue>(I.getOperand(0)))
    return "fptrunc of a constant: the conversion is of fragment registers "
           "(selection would fold it into a bf16 constant, which has no "
           "register form)";
  if (To && From == To)
    return "";
  return formatv("no conversion of this width: cvt.rn.bf16x2.f32 packs f32 "
                 "pairs, so fptrunc converts <N x float> to <N x bfloat>, N "
                 "a power of two from {0} to {1} (a fragment of packed bf16 "
                 "holds {0})",
                 TileAS::MinBf16Lanes, TileAS::MaxFragmentLanes)
      .str();
}

/// A load or a store: of global memory, of a type a register holds, at its
/// natural alignment, not atomic.
static std::string problemWithMemoryAccess(const Instruction &I) {
  const auto *L = dyn_cast<LoadInst>(&I);
  const Value *Ptr =
      L ? L->getPointerOperand() : cast<StoreInst>(I).getPointerOperand();
  const Type *ValTy =
      L ? I.getType() : cast<StoreInst>(I).getValueOperand()->getType();
  if (!isGlobalPtr(Ptr->getType()))
    return "only global memory is loaded and stored (a shared-memory tile "
           "is read by @tileas.smem.load)";
  // Packed bf16 (<N x bfloat>, a conversion's result) is stored 16 bytes
  // at a time like any fragment; nothing converts it back, so it is not
  // loaded.
  bool PackedStore = !L && TileAS::bf16Lanes(ValTy);
  if (!ValTy->isIntegerTy(32) && !ValTy->isFloatTy() && !isFrag(ValTy) &&
      !isVectorOf(ValTy, false) && !PackedStore)
    return "only i32, float and fragments (<N x float>, N a power of two from "
           "4 to 128) are loaded and stored, and packed bf16 (<N x bfloat>, "
           "N from 8) stored";
  // An access below its type's alignment would be split into narrower
  // ones, and there are no 8- or 16-bit loads and stores.
  Align Alignment = L ? L->getAlign() : cast<StoreInst>(I).getAlign();
  // A fragment vector is moved 16 bytes at a time (ld.global.v4.b32).
  Align Natural = I.getDataLayout().getABITypeAlign(const_cast<Type *>(ValTy));
  if (ValTy->isVectorTy())
    Natural = std::min(Natural, Align(16));
  if (Alignment < Natural) {
    std::string TypeName;
    raw_string_ostream(TypeName) << *ValTy;
    return formatv("{0} is loaded and stored with align {1} or more, not "
                   "align {2}",
                   TypeName, Natural.value(), Alignment.value())
        .str();
  }
  // A volatile access (a flag another CTA writes) is selected like any
  // other; its memory operand keeps it in place and in order.
  bool Atomic = L ? L->isAtomic() : cast<StoreInst>(I).isAtomic();
  return Atomic ? "atomic accesses are not supported" : "";
}

/// A fragment repeated across a row: `shufflevector <4 x float> %v, poison,
/// <N x i32> <0, 1, 2, 3, 0, 1, 2, 3, ...>`, N a fragment width. Selection
/// concatenates %v N / 4 times, which is N / 4 uses of one register: how a
/// row's maximum or sum, held in every lane of a fragment (tileas.row.max),
/// meets the row's columns.
static bool isFragmentRepeat(const Instruction &I) {
  const auto *Shuffle = dyn_cast<ShuffleVectorInst>(&I);
  if (!Shuffle ||
      TileAS::fragmentLanes(Shuffle->getOperand(0)->getType()) != 4 ||
      !TileAS::fragmentLanes(Shuffle->getType()))
    return false;
  for (auto [Lane, From] : enumerate(Shuffle->getShuffleMask()))
    if (From != int(Lane % 4))
      return false;
  return true;
}

/// The two halves of a splat, and a fragment repeated, the only vector
/// element operations.
static std::string problemWithSplat(const Instruction &I) {
  if (isFragmentRepeat(I))
    return "";
  if (I.getOpcode() == Instruction::InsertElement) {
    // Only the first half of a splat: a scalar into lane 0 of an undefined
    // vector, which shuffles then broadcast.
    const auto *Lane = dyn_cast<ConstantInt>(I.getOperand(2));
    if (!isa<UndefValue>(I.getOperand(0)) || !Lane || !Lane->isZero() ||
        !all_of(I.users(), isZeroSplat))
      return "only a splat inserts an element (a scalar into lane 0 of "
             "poison, broadcast by a shufflevector)";
    return "";
  }
  return isZeroSplat(&I) && (isa<InsertElementInst>(I.getOperand(0)) ||
                             isa<Constant>(I.getOperand(0)))
             ? ""
             : "only splats of a scalar and repeats of a fragment "
               "(<0, 1, 2, 3, 0, 1, 2, 3, ...>) shuffle";
}

std::string TileASIRCheck::problemWith(const Instruction &I) const {
  // Before the type check: a conversion of another width says which widths
  // convert, not only that no register holds the result.
  if (I.getOpcode() == Instruction::FPTrunc)
    if (std::string Problem = problemWithConversion(I); !Problem.empty())
      return Problem;
  if (std::string Problem = problemWithValues(I); !Problem.empty())
    return Problem;
  const Type *Ty = I.getType();
  switch (I.getOpcode()) {
  case Instruction::PHI:
  case Instruction::Br:
  case Instruction::Unreachable:
  case Instruction::BitCast:
    return "";
  case Instruction::Freeze:
    // Selection makes it a copy: a register holds some value, never poison.
    return Ty->isIntegerTy(32) || Ty->isIntegerTy(1) || Ty->isIntegerTy(64) ||
                   Ty->isPointerTy()
               ? ""
               : "only i32, i64, i1 and pointers are frozen";
  case Instruction::Ret:
    return I.getNumOperands() ? "kernels return void" : "";
  case Instruction::Call:
    return problemWithCall(cast<CallBase>(I));
  case Instruction::Add:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::Mul:
  case Instruction::Sub:
  case Instruction::AShr:
  case Instruction::Shl:
  case Instruction::LShr:
    return problemWithIntegerArithmetic(I);
  case Instruction::UDiv:
  case Instruction::URem:
  case Instruction::SDiv:
  case Instruction::SRem:
    return problemWithDivision(I);
  case Instruction::ICmp:
  case Instruction::Select:
  case Instruction::ZExt:
  case Instruction::SExt:
    return problemWithCompareOrExtend(I);
  case Instruction::FNeg:
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
    return problemWithFloatArithmetic(I);
  case Instruction::FPTrunc:
    return problemWithConversion(I);
  case Instruction::GetElementPtr:
    if (!isGlobalPtr(Ty))
      return "only global pointers take a getelementptr";
    return problemWithStrides(cast<GetElementPtrInst>(I));
  case Instruction::Load:
  case Instruction::Store:
    return problemWithMemoryAccess(I);
  case Instruction::InsertElement:
  case Instruction::ShuffleVector:
    return problemWithSplat(I);
  default:
    return "no TileAS instruction selects this operation";
  }
}

bool TileASIRCheck::runOnFunction(Function &F) {
  if (auto *MMIWP = getAnalysisIfAvailable<MachineModuleInfoWrapperPass>())
    if (MMIWP->getMMI().getMachineFunction(F))
      return false; // From MIR: already selected.
  LLVMContext &Ctx = F.getContext();
  bool Failed = false;
  auto Report = [&](const Twine &Msg, const Instruction *I) {
    Failed = true;
    std::string Text;
    raw_string_ostream OS(Text);
    OS << Msg;
    if (I) {
      std::string Inst;
      raw_string_ostream(Inst) << *I;
      OS << ": " << StringRef(Inst).ltrim();
    }
    Ctx.diagnose(
        DiagnosticInfoUnsupported(F, Text, I ? I->getDebugLoc() : DebugLoc()));
  };
  if (!F.getReturnType()->isVoidTy())
    Report("a kernel returns void", nullptr);
  if (F.hasLocalLinkage())
    Report(formatv("@{0} has {1} linkage: every function is compiled as a "
                   "kernel, a PTX .entry the host launches by name; a helper "
                   "is inlined into its kernels (alwaysinline)",
                   F.getName(), F.hasPrivateLinkage() ? "private" : "internal"),
           nullptr);
  if (F.isVarArg())
    Report("a kernel takes no variable arguments", nullptr);
  for (const Argument &A : F.args())
    if (!isParameterType(A.getType()))
      Report(formatv("parameter %{0}: no kernel register holds its type",
                     A.getName()),
             nullptr);
  unsigned Wide = count_if(F.args(), [](const Argument &A) {
    return A.getType()->isPointerTy() || A.getType()->isIntegerTy(64) ||
           A.getType()->isDoubleTy();
  });
  if (Wide > TileAS::MaxParams64 || F.arg_size() - Wide > TileAS::MaxParams32)
    Report(formatv("more parameters than registers: {0} 64-bit (rd0-rd{1}), "
                   "{2} 32-bit (r0-r{3})",
                   Wide, TileAS::MaxParams64 - 1, F.arg_size() - Wide,
                   TileAS::MaxParams32 - 1),
           nullptr);
  for (const Instruction &I : instructions(F)) {
    std::string Problem = problemWith(I);
    if (!Problem.empty())
      Report(Problem, &I);
  }
  if (!Failed)
    return false;
  // Leave selection nothing it cannot select.
  F.deleteBody();
  F.setLinkage(GlobalValue::ExternalLinkage);
  new UnreachableInst(Ctx, BasicBlock::Create(Ctx, "refused", &F));
  return true;
}

FunctionPass *llvm::createTileASIRCheckPass() { return new TileASIRCheck(); }
