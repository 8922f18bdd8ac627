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

/// Immediate operands that give sizes in bytes (budget charges read them).
def bytesimm : Operand<i32> {
  let OperandType = "OPERAND_IMMEDIATE";
}
