// The tables generated from the real machine description.
// RUN: %tileas-tblgen -I %llvm_include -I %td_dir %td_dir/TileAS.td -o - | FileCheck %s

// CHECK: enum SlotId : unsigned {
// CHECK-NEXT: SlotIssue = 1, // issue (Coarse)
// CHECK:      SlotTMA = 12, // tma (Coarse)
// CHECK:      SlotTpSmemWr = 16, // tp_smem_wr (Fine)
// CHECK:      SlotTestDma = 24, // test_dma (Test)
// CHECK-NEXT: };
// CHECK-NEXT: constexpr unsigned NumSlots = 24;

// CHECK: static constexpr model::PoolRecord PoolTable[] = {
// CHECK-DAG: {"coarse_issue", 5, "PoolCoarseIssue"},
// CHECK-DAG: {"alu_issue", 3, "PoolAluIssue"},
// CHECK-DAG: {"alu_or_fmaheavy_issue", 4, "PoolAluFmaIssue"},
// CHECK-DAG: {"dual_issue", 3, "PoolDualIssue"},
// CHECK-DAG: {"register_bank_pairing", 2, "PoolBankPairing"},
// CHECK: static constexpr model::BudgetRecord BudgetTable[] = {
// CHECK-NEXT: {"named_barriers", 16u, "barriers"},
// CHECK-NEXT: {"smem_bytes", 232448u, "bytes"},
// CHECK-NEXT: {"tmem_bytes", 262144u, "bytes"},
// CHECK: static constexpr unsigned DefaultEventBudget = 8;
// Mbarriers are paid from budget pool 1, smem_bytes (8 bytes each, a full
// and an empty one per ring slot, one per mutex an asynchronous unit
// releases); named barrier ids come from pool 0, named_barriers (one per
// mutex between thread groups, one reserved); rings 2 deep.
// CHECK: static constexpr model::CoordinationRecord Coordination = {1, 8, 2, 1, 0, 1, 1, 2};

// The TMA load's triples: the descriptor on tma (12) and the payload on
// tp_smem_wr (16), both for 8 cycles.
// CHECK:      // RV_TmaLoad
// CHECK-NEXT: {12, 8, 1},
// CHECK-NEXT: {16, 8, 1},
// Its footprint: eight rows with bits 11 and 15 set.
// CHECK:          // RV_TmaLoad
// CHECK-COUNT-8:  0x0000000000008800,
// CHECK-NEXT:     // RV_TmaStore
// A global load is synchronous but comes from far memory.
// CHECK: {"RV_GlobalLoad", {{[0-9]+}}, 2, {{[0-9]+}}, 1, {{[0-9]+}}, 7, 100, PipeLSU, false, true},
// The MMA holds tc_and_mma (11) and tp_mma (19) for its 8-cycle issue window;
// the accumulator is ready after 16.
// CHECK: {"RV_MmaTmem", {{[0-9]+}}, 2, {{[0-9]+}}, 2, {{[0-9]+}}, 8, 16, PipeTensorCore, true, false},
// CHECK: {"RV_TmaLoad", {{[0-9]+}}, 2, {{[0-9]+}}, 1, {{[0-9]+}}, 8, 100, PipeTMA, true, false},

// The warp's sum: five shuffles issued on lsu (8), eight adds on alu (5)
// and alu_or_fmaheavy (6, two fragments' worth); its result after three
// adds and five shuffle round trips (7 + 4 each): 67 cycles.
// CHECK:      // RV_WarpSum
// CHECK-NEXT: {8, 5, 1},
// CHECK-NEXT: {5, 8, 1},
// CHECK-NEXT: {6, 8, 1},
// CHECK: {"RV_WarpSum", {{[0-9]+}}, 3, {{[0-9]+}}, 2, {{[0-9]+}}, 8, 67, PipeALU, false, false},

// Budget charges resolved per opcode: TMA_LOAD pays its tile bytes (operand
// 4: t, desc, x, y, bytes) per ring slot, and the full and empty mbarriers
// of one slot (2 x 8 bytes of shared memory) per pipe; no named barrier.
// CHECK:      // TMA_LOAD
// CHECK-NEXT: {BudgetSmemBytes, BudgetScaling::PerStage, 0u, 4},
// CHECK-NEXT: {BudgetSmemBytes, BudgetScaling::PerPipe, 16u, -1},
// CHECK-NOT:  BudgetNamedBarriers
// CHECK:      // 
// CHECK: {TileAS::LDS, "LDS", RV_SmemRead, {{[0-9]+}}, 0, model::MemorySpace::Value},
// CHECK: {TileAS::STL_R32, "STL_R32", RV_GlobalStore, {{[0-9]+}}, 0, model::MemorySpace::Local},
// CHECK: {TileAS::TMA_LOAD, "TMA_LOAD", RV_TmaLoad, {{[0-9]+}}, 2, model::MemorySpace::Global},
// CHECK: {TileAS::WARP_SUM, "WARP_SUM", RV_WarpSum, {{[0-9]+}}, 0, model::MemorySpace::None},
