// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
// CHECK: duration-zero.td:[[@LINE+1]]:{{[0-9]+}}: error: RV_Bad triple 0 (slot SlotOne) has Duration 0, outside 1..4096
def RV_Bad : TileASResources<[SlotUse<SlotOne, 0>], [], [], 1, PipeA>;
