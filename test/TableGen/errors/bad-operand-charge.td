// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
def Bytes : BudgetPool<"bytes", 1024, "bytes">;
def RV_Buf : TileASResources<[SlotUse<SlotOne, 1>], [],
                             [OperandCharge<Bytes, "stage", "size">], 1, PipeA>;
def RV_Scale : TileASResources<[SlotUse<SlotOne, 1>], [],
                               [FixedCharge<Bytes, "everything", 4>], 1, PipeA>;
def MiniRegs : RegisterClass<"Mini", [i32], 32, (add)>;
def MiniInstrInfo : InstrInfo;
def Mini : Target { let InstructionSet = MiniInstrInfo; }
let Namespace = "Mini" in {
// CHECK-DAG: bad-operand-charge.td:[[@LINE+1]]:{{[0-9]+}}: error: instruction NOSIZE: its resource vector RV_Buf charges bytes from operand $size, which it does not have
def NOSIZE : TileASInst<(outs), (ins i32imm:$other), "n", RV_Buf>;
// CHECK-DAG: bad-operand-charge.td:[[@LINE+1]]:{{[0-9]+}}: error: instruction REGSIZE: its resource vector RV_Buf charges bytes from operand $size, which is not an immediate
def REGSIZE : TileASInst<(outs), (ins MiniRegs:$size), "r", RV_Buf>;
}
// CHECK-DAG: bad-operand-charge.td:7:{{[0-9]+}}: error: RV_Scale charge to Bytes has scaling 'everything'; expected stage or pipe

// An instruction that may touch memory must say which memory.
def RV_Plain : TileASResources<[SlotUse<SlotOne, 1>], [], [], 1, PipeA>;
let Namespace = "Mini" in {
// CHECK-DAG: bad-operand-charge.td:[[@LINE+1]]:5: error: instruction LOADS may access memory but names no MemorySpace (global, local or value)
def LOADS : TileASInst<(outs), (ins), "l", RV_Plain> { let mayLoad = true; }
// CHECK-DAG: bad-operand-charge.td:[[@LINE+1]]:5: error: instruction ODDSPACE has MemorySpace 'texture'; expected none, global, local or value
def ODDSPACE : TileASInst<(outs), (ins), "o", RV_Plain> { let MemorySpace = "texture"; }
}
