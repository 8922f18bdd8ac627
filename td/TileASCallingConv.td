//===- TileASCallingConv.td - Kernel parameters -------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A kernel receives its parameters in the live-in registers the MIR kernels
// name: 64-bit values (pointers, tensor descriptors, i64, double) in rd0,
// rd1, ... and 32-bit values (i32, float) in r0, r1, ..., in the order they
// appear; each register file counts on its own. Kernels return nothing.
//
//===----------------------------------------------------------------------===//

defvar ParamRegs64 = !foreach(I, !range(32), !cast<Register>("RD" # I));
defvar ParamRegs32 = !foreach(I, !range(64), !cast<Register>("R" # I));

def CC_TileAS : CallingConv<[
  CCIfType<[i64, f64], CCAssignToReg<ParamRegs64>>,
  CCIfType<[i32, f32], CCAssignToReg<ParamRegs32>>
]>;
