// Mistakes in the coordination model's prices, each named at its record.
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DWIDE_SLOT %s -o /dev/null 2>&1 | FileCheck %s
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DSAME_POOL %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DNO_MBARRIER_POOL %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOPOOL
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DRESERVED %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=RESERVED
// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs -DUNSET %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=UNSET
include "MiniTarget.td"
def Smem : BudgetPool<"smem", 4096, "bytes">;
def Ids : BudgetPool<"ids", 16, "barriers">;

#ifdef SAME_POOL
// SAME: coordination.td:[[@LINE+1]]:{{[0-9]+}}: error: coordination model Bad pays for mbarriers from its named-barrier pool ids: mbarriers are memory
def Bad : CoordinationModel<Ids, Ids> {
#else
#ifdef NO_MBARRIER_POOL
// NOPOOL: coordination.td:[[@LINE+1]]:{{[0-9]+}}: error: coordination model Bad names no budget pool to pay for mbarriers
def Bad : CoordinationModel<?, Ids> {
#else
// CHECK: coordination.td:[[@LINE+3]]:{{[0-9]+}}: error: coordination model has MbarriersPerSlot 3, outside 1..2
// UNSET: coordination.td:[[@LINE+2]]:{{[0-9]+}}: error: coordination model has no MbarrierBytes
// RESERVED: coordination.td:[[@LINE+1]]:{{[0-9]+}}: error: coordination model reserves 17 named barriers of the 16 that ids has
def Bad : CoordinationModel<Smem, Ids> {
#endif
#endif
#ifndef UNSET
  let MbarrierBytes = 8;
#endif
#ifdef WIDE_SLOT
  let MbarriersPerSlot = 3;
#else
  let MbarriersPerSlot = 2;
#endif
  let MbarriersPerMutex = 1;
  let BarriersPerMutex = 1;
#ifdef RESERVED
  let ReservedBarriers = 17;
#else
  let ReservedBarriers = 1;
#endif
  let DefaultPipeDepth = 2;
}
