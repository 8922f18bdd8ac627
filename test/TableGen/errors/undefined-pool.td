// RUN: not %tileas-tblgen -I %llvm_include -I %td_dir -I %S/../Inputs %s -o /dev/null 2>&1 | FileCheck %s
include "MiniTarget.td"
// CHECK: undefined-pool.td:[[@LINE+2]]:{{[0-9]+}}: error: RV_Bad charges an undefined pool
def RV_Bad : TileASResources<[SlotUse<SlotOne, 1>],
                             [PoolUse<?, 1>], [], 1, PipeA>;
// CHECK: undefined-pool.td:[[@LINE+2]]:{{[0-9]+}}: error: RV_Bad2 charges an undefined budget pool
def RV_Bad2 : TileASResources<[SlotUse<SlotOne, 1>], [],
                              [FixedCharge<?, "stage", 8>], 1, PipeA>;
// CHECK: undefined-pool.td:[[@LINE+2]]:{{[0-9]+}}: error: RV_Bad3 charge to PoolWide has Units 3, outside 1..2
def RV_Bad3 : TileASResources<[SlotUse<SlotOne, 1>],
                             [PoolUse<PoolWide, 3>], [], 1, PipeA>;
