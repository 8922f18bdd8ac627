//===- TileASInstrFormats.td - TileAS instruction classes ---*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

/// Condition codes of setp, printed as a suffix (".lt", ...).
def CondCode : Operand<i32> {
  let PrintMethod = "printCondCode";
  let OperandType = "OPERAND_IMMEDIATE";
}

def brtarget : Operand<OtherVT>;

/// A barrier id that may be absent: 0 (barrier 0 is the CTA-wide one that
/// pipes never take) prints as "none", others as "bar<id>". A pipe without
/// an empty barrier (consumer-only, drain) has one.
def optbarimm : Operand<i32> {
  let PrintMethod = "printOptionalBarrier";
  let OperandType = "OPERAND_IMMEDIATE";
}

/// setmaxnreg's direction: 1 prints "inc" (the agent takes registers), 0
/// prints "dec" (it gives them back).
def regdirimm : Operand<i32> {
  let PrintMethod = "printRegisterDirection";
  let OperandType = "OPERAND_IMMEDIATE";
}

/// Immediate operands that give sizes in bytes (budget charges read them).
def bytesimm : Operand<i32> {
  let OperandType = "OPERAND_IMMEDIATE";
}
