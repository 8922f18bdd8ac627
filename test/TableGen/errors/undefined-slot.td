// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
// CHECK: undefined-slot.td:[[@LINE+1]]:{{[0-9]+}}: error: RV_Bad triple 0 uses an undefined slot
def RV_Bad : TileASResources<[SlotUse<?, 4>], [], [], 1, PipeA>;
