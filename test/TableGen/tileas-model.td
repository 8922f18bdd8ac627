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
// Barrier ids come from budget pool 0, named_barriers.
// CHECK: static constexpr model::CoordinationRecord Coordination = {2, 1, 1, 2, 0};

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

// Budget charges resolved per opcode: TMA_LOAD pays its tile bytes (operand
// 4: t, desc, x, y, bytes) per ring slot and two barriers per pipe.
// CHECK:      // TMA_LOAD
// CHECK-NEXT: {BudgetSmemBytes, BudgetScaling::PerStage, 0u, 4},
// CHECK-NEXT: {BudgetNamedBarriers, BudgetScaling::PerPipe, 2u, -1},
// CHECK: {TileAS::LDS, "LDS", RV_SmemRead, {{[0-9]+}}, 0, model::MemorySpace::Value},
// CHECK: {TileAS::STL_R32, "STL_R32", RV_GlobalStore, {{[0-9]+}}, 0, model::MemorySpace::Local},
// CHECK: {TileAS::TMA_LOAD, "TMA_LOAD", RV_TmaLoad, {{[0-9]+}}, 2, model::MemorySpace::Global},
