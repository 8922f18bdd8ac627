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
// Scalar integer constants and arithmetic.
//===----------------------------------------------------------------------===//

def : Pat<(i32 imm:$v), (MOVri imm:$v)>;
def : Pat<(i64 imm:$v), (MOV64ri imm:$v)>;

multiclass ScalarBinaryPat<SDNode node, Instruction rr, Instruction ri> {
  def : Pat<(node GPR32:$a, GPR32:$b), (rr GPR32:$a, GPR32:$b)>;
  def : Pat<(node GPR32:$a, (i32 imm:$b)), (ri GPR32:$a, imm:$b)>;
}
defm : ScalarBinaryPat<add, ADDrr, ADDri>;

//===----------------------------------------------------------------------===//
// Compares. Condition codes are the CondCode operand's encoding (TileAS::
// CondCode): EQ 0, NE 1, LT 2, LE 3, GT 4, GE 5; setp compares signed.
//===----------------------------------------------------------------------===//

multiclass SetPPat<CondCode cond, int cc> {
  def : Pat<(setcc GPR32:$a, GPR32:$b, cond), (SETPrr GPR32:$a, GPR32:$b, cc)>;
  def : Pat<(setcc GPR32:$a, (i32 imm:$b), cond),
            (SETPri GPR32:$a, imm:$b, cc)>;
}
defm : SetPPat<SETEQ, 0>;
defm : SetPPat<SETNE, 1>;
defm : SetPPat<SETLT, 2>;
defm : SetPPat<SETLE, 3>;
defm : SetPPat<SETGT, 4>;
defm : SetPPat<SETGE, 5>;
