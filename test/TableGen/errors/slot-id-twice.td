// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
let SchedModel = MiniModel in
// CHECK: slot-id-twice.td:[[@LINE+2]]:{{[0-9]+}}: error: slot id 1 is used twice: by SlotTwin and by SlotOne
// CHECK: MiniTarget.td:{{[0-9]+}}:5: note: first use of slot id 1
def SlotTwin : TileASSlot<1, "twin", "fine">;
