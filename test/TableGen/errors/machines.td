// Mistakes in machine records, each named with its machine and record.
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"

def PipeB : EventPipe<"b">;
def RV_One : TileASResources<[SlotUse<SlotOne, 1>], [PoolUse<PoolWide>], [], 1,
                             PipeA>;
// The second machine's pool of the same name: RV_One charges it there.
def OtherModel : SchedMachineModel;
let SchedModel = OtherModel in
def OtherWide : CountingPool<"wide", 1>;
def MiniInstrInfo : InstrInfo;
def Mini : Target { let InstructionSet = MiniInstrInfo; }
let Namespace = "Mini" in {
def ONE : TileASInst<(outs), (ins), "one", RV_One>;
def TWO : TileASInst<(outs), (ins), "two", RV_One>;
}

def First : TileASMachineModel<"first", MiniModel> {
  let Slots = [SlotOne];
  let Pools = [PoolWide];
  let Pipes = [PipeA];
  let Unsupported = [TWO];
}
// The pipe it runs on is not the second machine's.
// CHECK-DAG: error: machine second: resource vector RV_One runs on pipe PipeA, which the machine does not have
def Second : TileASMachineModel<"second", OtherModel> {
  let Slots = [SlotOne];
  let Pools = [OtherWide];
  let Pipes = [PipeB];
}
// CHECK-DAG: machines.td:[[@LINE+1]]:{{[0-9]+}}: error: machine first: gives TWO a resource vector, but the machine lists it as unsupported
def : MachineResources<First, [TWO], RV_One>;
// CHECK-DAG: machines.td:[[@LINE+1]]:{{[0-9]+}}: error: machine first: a second machine of that name
def Third : TileASMachineModel<"first", OtherModel> {
  let Slots = [SlotOne];
  let Pools = [OtherWide];
  let Pipes = [PipeA];
}
// CHECK-DAG: error: machine first: machine second has its SchedModel OtherModel already
