// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
let SchedModel = MiniModel in
// CHECK: slot-id-range.td:[[@LINE+1]]:{{[0-9]+}}: error: slot SlotBig has SlotId 65, outside 1..64
def SlotBig : TileASSlot<65, "big", "fine">;
// CHECK: slot-id-range.td:[[@LINE+2]]:{{[0-9]+}}: error: slot SlotZero has SlotId 0, outside 1..64
let SchedModel = MiniModel in
def SlotZero : TileASSlot<0, "zero", "fine">;
