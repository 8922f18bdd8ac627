// Mistakes in an agent's warpgroup count (td Agent.Warpgroups), each named at
// its record: more than one warpgroup of an agent that is not made of whole
// warpgroups, and a count the register file cannot hold.
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DTOO_MANY %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=FILE
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DRANGE %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RANGE
include "MiniTarget.td"

def Regs : AgentModel<65536, 24, 256, 8>;
def Loader : Agent<"loader", 1, 40, [PipeA]>;
#ifdef TOO_MANY
// Three warpgroups of 232: 1 x 32 x 40 + 3 x 128 x 232 = 90368 registers.
// FILE: agent-warpgroups.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Main at its 3 warpgroups makes the agents need 90368 registers (warps x 32 x registers), more than the 65536 of the register file
def Main : Agent<"main", 4, 232, []> { let Default = true; let Warpgroups = 3; }
#else
#ifdef RANGE
// RANGE: agent-warpgroups.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Main has Warpgroups 0, outside 1..4
def Main : Agent<"main", 4, 120, []> { let Default = true; let Warpgroups = 0; }
#else
// CHECK: agent-warpgroups.td:[[@LINE+1]]:{{[0-9]+}}: error: agent Main has Warpgroups 2 but 2 warps: only an agent of whole warpgroups (a multiple of 4 warps) runs more than one
def Main : Agent<"main", 2, 232, []> { let Default = true; let Warpgroups = 2; }
#endif
#endif
