// Mistakes in the warp-specialized agent model, each named at its record.
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DNO_MODEL %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMODEL
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DNO_DEFAULT %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NODEFAULT
include "MiniTarget.td"
def PipeB : EventPipe<"b">;

#ifdef NO_MODEL
// NOMODEL: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Lonely needs an AgentModel (the register file)
def Lonely : Agent<"lonely", 1, 32, []> { let Default = true; }
#else
// CHECK-DAG: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: the agents need 69760 registers (warps x 32 x registers), more than the 65536 of the register file
def Regs : AgentModel<65536, 24, 256, 8>;
#ifdef NO_DEFAULT
// NODEFAULT: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: no agent is the default one
def Only : Agent<"only", 1, 32, [PipeA]>;
#else
// CHECK-DAG: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Big has Registers 300, outside 24..256
def Big : Agent<"big", 1, 300, []>;
// CHECK-DAG: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Odd has Registers 36, not a multiple of the granule 8
def Odd : Agent<"odd", 1, 36, []>;
def Loader : Agent<"loader", 1, 32, [PipeA]>;
// CHECK-DAG: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Mover claims pipe PipeA, which Loader issues already
def Mover : Agent<"mover", 1, 32, [PipeA, PipeB]>;
// CHECK-DAG: agents.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Second is a second default agent (Main is one)
def Second : Agent<"second", 1, 32, []> { let Default = true; }
def Main : Agent<"main", 8, 256, []> { let Default = true; }
#endif
#endif
