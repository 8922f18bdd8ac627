// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
def RV_Ok : TileASResources<[SlotUse<SlotOne, 1>], [], [], 1, PipeA>;
def MiniInstrInfo : InstrInfo;
def Mini : Target { let InstructionSet = MiniInstrInfo; }
// CHECK-DAG: no-resource-vector.td:[[@LINE+1]]:{{[0-9]+}}: error: instruction PLAIN has no resource vector (derive it from TileASInst)
def PLAIN : Instruction {
  let Namespace = "Mini";
  let OutOperandList = (outs);
  let InOperandList = (ins);
}
// CHECK-DAG: no-resource-vector.td:[[@LINE+1]]:{{[0-9]+}}: error: instruction UNSET has no resource vector
def UNSET : TileASInst<(outs), (ins), "unset", ?> { let Namespace = "Mini"; }
// CHECK-DAG: no-resource-vector.td:[[@LINE+1]]:{{[0-9]+}}: error: instruction OVERRIDDEN must use its resource vector RV_Ok as its only SchedRW
def OVERRIDDEN : TileASInst<(outs), (ins), "o", RV_Ok> {
  let Namespace = "Mini";
  let SchedRW = [];
}
