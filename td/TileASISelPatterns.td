//===- TileASISelPatterns.td - Instruction selection --------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// SelectionDAG patterns from LLVM IR to TileAS instructions. The instructions
// themselves (TileASInstrInfo.td) carry no patterns: every pattern is here,
// and docs/ir-input.md lists which IR construct selects each instruction.
//
//===----------------------------------------------------------------------===//

//===----------------------------------------------------------------------===//
// TileAS SelectionDAG nodes.
//===----------------------------------------------------------------------===//

def tileas_ret : SDNode<"TileASISD::RET", SDTNone,
                        [SDNPHasChain, SDNPOptInGlue, SDNPVariadic]>;

//===----------------------------------------------------------------------===//
// Control flow.
//===----------------------------------------------------------------------===//

def : Pat<(tileas_ret), (RET)>;
def : Pat<(br bb:$dst), (BRA bb:$dst)>;
def : Pat<(brcond PRED:$p, bb:$dst), (BR_P PRED:$p, bb:$dst)>;

//===----------------------------------------------------------------------===//
// Immediates.
//===----------------------------------------------------------------------===//

/// An i64 immediate that fits the 32-bit offset of a memory access.
def imm32 : ImmLeaf<i64, [{ return isInt<32>(Imm); }]>;
def trunc_imm : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(N->getSExtValue(), SDLoc(N), MVT::i32);
}]>;
/// The bits of a floating-point constant, as the integer immediate mov takes.
def fpimm_bits : SDNodeXForm<fpimm, [{
  APInt Bits = N->getValueAPF().bitcastToAPInt();
  return CurDAG->getTargetConstant(Bits.getSExtValue(), SDLoc(N),
                                   Bits.getBitWidth() == 64 ? MVT::i64
                                                            : MVT::i32);
}]>;
def fpimm_one : PatLeaf<(fpimm), [{ return N->isExactlyValue(1.0); }]>;
/// A negative immediate other than INT32_MIN, and its magnitude.
def neg_imm : ImmLeaf<i32, [{ return Imm < 0 && Imm != INT32_MIN; }]>;
def negate_imm : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(-N->getSExtValue(), SDLoc(N), MVT::i32);
}]>;
/// A logical shift amount (1 to 31) and the mask that clears the bits an
/// arithmetic shift by it copies from the sign.
def shift_amount : ImmLeaf<i32, [{ return Imm > 0 && Imm < 32; }]>;
def lshr_mask : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(
      int32_t(0xffffffffu >> N->getZExtValue()), SDLoc(N), MVT::i32);
}]>;
def not_imm : SDNodeXForm<imm, [{
  return CurDAG->getTargetConstant(~N->getSExtValue(), SDLoc(N), MVT::i32);
}]>;

def : Pat<(i32 imm:$v), (MOVri imm:$v)>;
def : Pat<(i64 imm:$v), (MOV64ri imm:$v)>;
def : Pat<(f32 fpimm:$v), (MOVri (fpimm_bits fpimm:$v))>;
def : Pat<(f64 fpimm:$v), (MOV64ri (fpimm_bits fpimm:$v))>;

//===----------------------------------------------------------------------===//
// Scalar integer arithmetic.
//===----------------------------------------------------------------------===//

multiclass ScalarBinaryPat<SDPatternOperator node, Instruction rr,
                           Instruction ri> {
  def : Pat<(node GPR32:$a, GPR32:$b), (rr GPR32:$a, GPR32:$b)>;
  def : Pat<(node GPR32:$a, (i32 imm:$b)), (ri GPR32:$a, imm:$b)>;
}
// A negative increment is a subtraction of its magnitude (sub.s32 x, 1
// rather than add.s32 x, -1), which is how IR spells x - C after
// canonicalization.
def : Pat<(add GPR32:$a, neg_imm:$b), (SUBri GPR32:$a, (negate_imm imm:$b))>;
defm : ScalarBinaryPat<add, ADDrr, ADDri>;
defm : ScalarBinaryPat<sub, SUBrr, SUBri>;
defm : ScalarBinaryPat<mul, MULrr, MULri>;
defm : ScalarBinaryPat<and, ANDrr, ANDri>;
defm : ScalarBinaryPat<xor, XORrr, XORri>;
defm : ScalarBinaryPat<shl, SHLrr, SHLri>;
// shr.s32 shifts in the sign: it is an arithmetic shift.
defm : ScalarBinaryPat<sra, SHRrr, SHRri>;
// A logical shift by a constant: the arithmetic shift with the copied sign
// bits cleared.
def : Pat<(srl GPR32:$a, shift_amount:$c),
          (ANDri (SHRri GPR32:$a, imm:$c), (lshr_mask imm:$c))>;
// There is no or: disjoint bits add; otherwise a | b = (a ^ b) ^ (a & b),
// and a | C = (a & ~C) ^ C.
def : Pat<(or_disjoint GPR32:$a, GPR32:$b), (ADDrr GPR32:$a, GPR32:$b)>;
def : Pat<(or_disjoint GPR32:$a, (i32 imm:$b)), (ADDri GPR32:$a, imm:$b)>;
def : Pat<(or GPR32:$a, GPR32:$b),
          (XORrr (XORrr GPR32:$a, GPR32:$b), (ANDrr GPR32:$a, GPR32:$b))>;
def : Pat<(or GPR32:$a, (i32 imm:$b)),
          (XORri (ANDri GPR32:$a, (not_imm imm:$b)), imm:$b)>;

// 64-bit addresses: add, zero extension, and sign extension as
// zext(a ^ 2^31) - 2^31.
def : Pat<(add GPR64:$a, GPR64:$b), (ADD64rr GPR64:$a, GPR64:$b)>;
def : Pat<(add GPR64:$a, imm32:$b), (ADD64ri GPR64:$a, imm:$b)>;
def : Pat<(i64 (zext GPR32:$a)), (CVT64_32 GPR32:$a)>;
def : Pat<(i64 (anyext GPR32:$a)), (CVT64_32 GPR32:$a)>;
def : Pat<(i64 (sext GPR32:$a)),
          (ADD64ri (CVT64_32 (XORri GPR32:$a, -2147483648)), -2147483648)>;

//===----------------------------------------------------------------------===//
// Compares and selects. Condition codes are the CondCode operand's encoding
// (TileAS::CondCode): EQ 0, NE 1, LT 2, LE 3, GT 4, GE 5; setp compares
// signed, so an unsigned compare flips both sign bits first.
//===----------------------------------------------------------------------===//

multiclass SetPPat<CondCode cond, int cc> {
  def : Pat<(setcc (i32 GPR32:$a), (i32 GPR32:$b), cond),
            (SETPrr GPR32:$a, GPR32:$b, cc)>;
  def : Pat<(setcc (i32 GPR32:$a), (i32 imm:$b), cond),
            (SETPri GPR32:$a, imm:$b, cc)>;
}
defm : SetPPat<SETEQ, 0>;
defm : SetPPat<SETNE, 1>;
defm : SetPPat<SETLT, 2>;
defm : SetPPat<SETLE, 3>;
defm : SetPPat<SETGT, 4>;
defm : SetPPat<SETGE, 5>;

multiclass SetPUnsignedPat<CondCode cond, int cc> {
  def : Pat<(setcc (i32 GPR32:$a), (i32 GPR32:$b), cond),
            (SETPrr (XORri GPR32:$a, -2147483648),
                    (XORri GPR32:$b, -2147483648), cc)>;
}
// samesign (both operands of one sign, as opt marks a counted loop's exit
// test): the unsigned order is the signed one, and the loop stays counted.
def setcc_samesign : PatFrag<(ops node:$a, node:$b, node:$cc),
                             (setcc node:$a, node:$b, node:$cc), [{
  return N->getFlags().hasSameSign();
}]>;
multiclass SetPSameSignPat<CondCode cond, int cc> {
  let AddedComplexity = 10 in {
  def : Pat<(setcc_samesign (i32 GPR32:$a), (i32 GPR32:$b), cond),
            (SETPrr GPR32:$a, GPR32:$b, cc)>;
  def : Pat<(setcc_samesign (i32 GPR32:$a), (i32 imm:$b), cond),
            (SETPri GPR32:$a, imm:$b, cc)>;
  }
}
defm : SetPSameSignPat<SETULT, 2>;
defm : SetPSameSignPat<SETULE, 3>;
defm : SetPSameSignPat<SETUGT, 4>;
defm : SetPSameSignPat<SETUGE, 5>;
defm : SetPUnsignedPat<SETULT, 2>;
defm : SetPUnsignedPat<SETULE, 3>;
defm : SetPUnsignedPat<SETUGT, 4>;
defm : SetPUnsignedPat<SETUGE, 5>;

def : Pat<(i32 (select PRED:$p, GPR32:$a, GPR32:$b)),
          (SELP GPR32:$a, GPR32:$b, PRED:$p)>;
def : Pat<(f32 (select PRED:$p, GPR32:$a, GPR32:$b)),
          (SELP GPR32:$a, GPR32:$b, PRED:$p)>;

// Predicate constants: 0 == 0 and 0 != 0.
def : Pat<(i1 -1), (SETPri (MOVri 0), 0, 0)>;
def : Pat<(i1 0), (SETPri (MOVri 0), 0, 1)>;

// The low bit of an integer as a predicate (the DAG combiner makes
// `icmp eq (and %k, 1), 0` a truncation to i1): (k & 1) != 0.
def : Pat<(i1 (trunc GPR32:$a)), (SETPri (ANDri GPR32:$a, 1), 0, 1)>;

// Predicates as integers and back: logic on predicates goes through 0/1.
def : Pat<(i32 (zext PRED:$p)), (SELP (MOVri 1), (MOVri 0), PRED:$p)>;
def : Pat<(i32 (anyext PRED:$p)), (SELP (MOVri 1), (MOVri 0), PRED:$p)>;
def : Pat<(i32 (sext PRED:$p)), (SELP (MOVri -1), (MOVri 0), PRED:$p)>;
class PredLogicPat<SDPatternOperator node, Instruction rr>
    : Pat<(node PRED:$a, PRED:$b),
          (SETPri (rr (SELP (MOVri 1), (MOVri 0), PRED:$a),
                      (SELP (MOVri 1), (MOVri 0), PRED:$b)), 0, 1)>;
def : PredLogicPat<and, ANDrr>;
def : PredLogicPat<xor, XORrr>;
multiclass PredComparePat<CondCode cond, int cc> {
  def : Pat<(i1 (setcc PRED:$a, PRED:$b, cond)),
            (SETPrr (SELP (MOVri 1), (MOVri 0), PRED:$a),
                    (SELP (MOVri 1), (MOVri 0), PRED:$b), cc)>;
}
defm : PredComparePat<SETEQ, 0>;
defm : PredComparePat<SETNE, 1>;
def : Pat<(or PRED:$a, PRED:$b),
          (SETPri (ADDrr (SELP (MOVri 1), (MOVri 0), PRED:$a),
                         (SELP (MOVri 1), (MOVri 0), PRED:$b)), 0, 1)>;

//===----------------------------------------------------------------------===//
// Control flow.
//===----------------------------------------------------------------------===//

def : Pat<(tileas_ret), (RET)>;
def : Pat<(br bb:$dst), (BRA bb:$dst)>;
def : Pat<(brcond PRED:$p, bb:$dst), (BR_P PRED:$p, bb:$dst)>;
// A negated predicate (xor with true, or a compare of a predicate with a
// constant, which is how the legalizer spells it).
def : Pat<(brcond (xor PRED:$p, -1), bb:$dst), (BR_NP PRED:$p, bb:$dst)>;
def : Pat<(brcond (i1 (setcc PRED:$p, -1, SETNE)), bb:$dst),
          (BR_NP PRED:$p, bb:$dst)>;
def : Pat<(brcond (i1 (setcc PRED:$p, 0, SETEQ)), bb:$dst),
          (BR_NP PRED:$p, bb:$dst)>;
def : Pat<(brcond (i1 (setcc PRED:$p, -1, SETEQ)), bb:$dst),
          (BR_P PRED:$p, bb:$dst)>;
def : Pat<(brcond (i1 (setcc PRED:$p, 0, SETNE)), bb:$dst),
          (BR_P PRED:$p, bb:$dst)>;

//===----------------------------------------------------------------------===//
// Global memory: ld.global / st.global address [base + 32-bit offset].
// Generic pointers (addrspace 0) are global.
//===----------------------------------------------------------------------===//

def global_load : PatFrag<(ops node:$ptr), (load node:$ptr)> {
  let IsLoad = true;
  let AddressSpaces = [0, 1];
}
def global_store : PatFrag<(ops node:$val, node:$ptr),
                           (store node:$val, node:$ptr)> {
  let IsStore = true;
  let AddressSpaces = [0, 1];
}

multiclass GlobalLoadPat<ValueType vt, Instruction inst> {
  def : Pat<(vt (global_load (add GPR64:$a, imm32:$off))),
            (inst GPR64:$a, (trunc_imm imm:$off))>;
  def : Pat<(vt (global_load GPR64:$a)), (inst GPR64:$a, 0)>;
}
defm : GlobalLoadPat<i32, LDG>;
defm : GlobalLoadPat<f32, LDG>;
defm : GlobalLoadPat<v4f32, LDG_F>;
defm : GlobalLoadPat<v4i32, LDG_F>;

multiclass GlobalStorePat<ValueType vt, RegisterClass rc, Instruction inst> {
  def : Pat<(global_store (vt rc:$v), (add GPR64:$a, imm32:$off)),
            (inst rc:$v, GPR64:$a, (trunc_imm imm:$off))>;
  def : Pat<(global_store (vt rc:$v), GPR64:$a), (inst rc:$v, GPR64:$a, 0)>;
}
defm : GlobalStorePat<i32, GPR32, STG>;
defm : GlobalStorePat<f32, GPR32, STG>;
defm : GlobalStorePat<v4f32, FRAG, STG_F>;
defm : GlobalStorePat<v4i32, FRAG, STG_F>;
defm : GlobalStorePat<v8bf16, FRAG, STG_F>;

//===----------------------------------------------------------------------===//
// Fragment arithmetic: <4 x float> (and <4 x i32> for bit operations). The
// patterns name v4f32: FRAG also holds <8 x bfloat>, which has no
// arithmetic.
//===----------------------------------------------------------------------===//

/// Approximations (the XU's ex2/lg2/rcp/rsqrt) need the afn flag.
class ApproxFrag<dag ops, dag frag> : PatFrag<ops, frag, [{
  return N->getFlags().hasApproximateFuncs();
}]>;
def fexp2_afn : ApproxFrag<(ops node:$a), (fexp2 node:$a)>;
def flog2_afn : ApproxFrag<(ops node:$a), (flog2 node:$a)>;
def fdiv_afn : ApproxFrag<(ops node:$a, node:$b), (fdiv node:$a, node:$b)>;
def fsqrt_afn : ApproxFrag<(ops node:$a), (fsqrt node:$a)>;
def splat_one : PatFrag<(ops), (v4f32 (build_vector (f32 fpimm_one),
                                 (f32 fpimm_one), (f32 fpimm_one),
                                 (f32 fpimm_one)))>;

// Where the machine pairs fp32 lanes (sm_100a), fragment arithmetic is the
// f32x2 instructions, two per fragment: the scheduler charges what the
// hardware issues.
let Predicates = [HasF32x2], AddedComplexity = 10 in {
def : Pat<(v4f32 (fadd FRAG:$a, FRAG:$b)), (FADD2 FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fsub FRAG:$a, FRAG:$b)), (FSUB2 FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fmul FRAG:$a, FRAG:$b)), (FMUL2 FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fma FRAG:$a, FRAG:$b, FRAG:$c)),
          (FFMA2 FRAG:$a, FRAG:$b, FRAG:$c)>;
}
// The same for the multiply of a division and the subtraction of a
// negation below (one more than their four-lane forms; less than the
// reciprocals' splat-of-one patterns).
let Predicates = [HasF32x2], AddedComplexity = 1 in {
def : Pat<(v4f32 (fdiv_afn FRAG:$a, FRAG:$b)), (FMUL2 FRAG:$a, (RCP FRAG:$b))>;
def : Pat<(v4f32 (fneg FRAG:$a)),
          (FSUB2 (FBCAST (MOVri -2147483648)), FRAG:$a)>;
}
def : Pat<(v4f32 (fadd FRAG:$a, FRAG:$b)), (FADD FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fsub FRAG:$a, FRAG:$b)), (FSUB FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fmul FRAG:$a, FRAG:$b)), (FMUL FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fmaxnum FRAG:$a, FRAG:$b)), (FMAX FRAG:$a, FRAG:$b)>;
def : Pat<(v4f32 (fma FRAG:$a, FRAG:$b, FRAG:$c)),
          (FFMA FRAG:$a, FRAG:$b, FRAG:$c)>;
// -x is -0.0 - x (exact, signed zeros included).
def : Pat<(v4f32 (fneg FRAG:$a)),
          (FSUB (FBCAST (MOVri -2147483648)), FRAG:$a)>;
// |x| clears the sign bits (the DAG combiner turns such an and into fabs).
def : Pat<(v4f32 (fabs FRAG:$a)),
          (LOPF FRAG:$a, (FBCAST (MOVri 2147483647)))>;
def : Pat<(add (v4i32 FRAG:$a), (v4i32 FRAG:$b)), (IADDF FRAG:$a, FRAG:$b)>;
def : Pat<(and (v4i32 FRAG:$a), (v4i32 FRAG:$b)), (LOPF FRAG:$a, FRAG:$b)>;

def : Pat<(v4f32 (fexp2_afn FRAG:$a)), (EX2 FRAG:$a)>;
def : Pat<(v4f32 (flog2_afn FRAG:$a)), (LG2 FRAG:$a)>;
def : Pat<(v4f32 (fdiv_afn splat_one, (fsqrt_afn FRAG:$a))), (RSQ FRAG:$a)>;
// A square root that is not a divisor of 1 (c / sqrt(x) for c != 1, or
// sqrt(x) itself): 1 / rsqrt(x), which is 0 at 0 where x * rsqrt(x) is
// NaN. It could not be selected before ("Cannot select: fsqrt").
def : Pat<(v4f32 (fsqrt_afn FRAG:$a)), (RCP (RSQ FRAG:$a))>;
def : Pat<(v4f32 (fdiv_afn splat_one, FRAG:$a)), (RCP FRAG:$a)>;
// a / b with afn: a times the reciprocal of b.
def : Pat<(v4f32 (fdiv_afn FRAG:$a, FRAG:$b)), (FMUL FRAG:$a, (RCP FRAG:$b))>;
// 1 / x in double precision: rcp.rn is correctly rounded, no afn needed.
def : Pat<(fdiv (f64 fpimm_one), GPR64:$a), (RCP64 GPR64:$a)>;

// Splats: zero, a 32-bit register broadcast to every lane.
def : Pat<(v4f32 immAllZerosV), (FZERO)>;
def : Pat<(v4i32 immAllZerosV), (FZERO)>;
def : Pat<(v4f32 (build_vector (f32 GPR32:$s), GPR32:$s, GPR32:$s, GPR32:$s)),
          (FBCAST GPR32:$s)>;
def : Pat<(v4i32 (build_vector (i32 GPR32:$s), GPR32:$s, GPR32:$s, GPR32:$s)),
          (FBCAST GPR32:$s)>;

// Reinterpretations cost nothing: each pair shares a register file.
def : Pat<(v4i32 (bitconvert (v4f32 FRAG:$a))), (v4i32 FRAG:$a)>;
def : Pat<(v4f32 (bitconvert (v4i32 FRAG:$a))), (v4f32 FRAG:$a)>;
def : Pat<(i32 (bitconvert (f32 GPR32:$a))), (i32 GPR32:$a)>;
def : Pat<(f32 (bitconvert (i32 GPR32:$a))), (f32 GPR32:$a)>;
def : Pat<(i64 (bitconvert (f64 GPR64:$a))), (i64 GPR64:$a)>;
def : Pat<(f64 (bitconvert (i64 GPR64:$a))), (f64 GPR64:$a)>;

// A scalar float lives in a 32-bit register: -x flips its sign bit (exact,
// NaNs and signed zeros included), as a kernel negates a scale before
// broadcasting it.
def : Pat<(f32 (fneg GPR32:$a)), (XORri GPR32:$a, -2147483648)>;
