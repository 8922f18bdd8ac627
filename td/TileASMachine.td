//===- TileASMachine.td - The Blackwell (sm_100) slot model -*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The numbers of the machine: 24 slots, counting pools, budget pools, latency
// families, event pipes. Editing a number here and rebuilding is all it takes
// to retarget the scheduler; see ../shared/design/slot-model.md for sources.
//
//===----------------------------------------------------------------------===//

def TileASModel : SchedMachineModel {
  let IssueWidth = 5;         // Coarse issue width (the coarse_issue pool).
  let MicroOpBufferSize = 0;  // In-order issue.
  let LoadLatency = 100;      // Far memory: a dependence latency, not a hold.
  let MispredictPenalty = 0;
  let CompleteModel = 1;
  let PostRAScheduler = 0;
}

//===----------------------------------------------------------------------===//
// Singleton slots: one-based ids, bit (id - 1) of a 64-bit reservation row.
// The 15 primary fine slots are 4, 6, 7, 11 and 13-23; 20-24 exist for
// completeness and tests.
//===----------------------------------------------------------------------===//

let SchedModel = TileASModel in {
def SlotIssue          : TileASSlot<1,  "issue",            "coarse">;
def SlotXU             : TileASSlot<2,  "xu",               "coarse">;
def SlotXU64           : TileASSlot<3,  "xu64",             "coarse">;
def SlotFp32x2         : TileASSlot<4,  "fp32x2_fp16ultra", "fine">;
def SlotALU            : TileASSlot<5,  "alu",              "coarse">;
def SlotAluOrFmaHeavy  : TileASSlot<6,  "alu_or_fmaheavy",  "fine">;
def SlotDualALU        : TileASSlot<7,  "dual_alu",         "fine">;
def SlotLSU            : TileASSlot<8,  "lsu",              "coarse">;
def SlotTMem           : TileASSlot<9,  "tmem",             "coarse">;
def SlotMMA            : TileASSlot<10, "mma",              "coarse">;
def SlotTcAndMma       : TileASSlot<11, "tc_and_mma",       "fine">;
def SlotTMA            : TileASSlot<12, "tma",              "coarse">;
def SlotTpGnicRd       : TileASSlot<13, "tp_gnic_rd",       "fine">;
def SlotTpGnicWr       : TileASSlot<14, "tp_gnic_wr",       "fine">;
def SlotTpSmemRd       : TileASSlot<15, "tp_smem_rd",       "fine">;
def SlotTpSmemWr       : TileASSlot<16, "tp_smem_wr",       "fine">;
def SlotTpTmemRd       : TileASSlot<17, "tp_tmem_rd",       "fine">;
def SlotTpTmemWr       : TileASSlot<18, "tp_tmem_wr",       "fine">;
def SlotTpMma          : TileASSlot<19, "tp_mma",           "fine">;
def SlotUnknown        : TileASSlot<20, "unknown",          "fine">;
def SlotOmittedSimt    : TileASSlot<21, "omitted_simt",     "fine">;
def SlotTestSimt       : TileASSlot<22, "test_simt",        "fine">;
def SlotTestMma        : TileASSlot<23, "test_mma",         "fine">;
def SlotTestDma        : TileASSlot<24, "test_dma",         "test">;

//===----------------------------------------------------------------------===//
// Per-cycle counting pools. They feed the fine-density bound
// ceil(demand / capacity).
//===----------------------------------------------------------------------===//

def PoolCoarseIssue   : CountingPool<"coarse_issue", 5>;
def PoolAluIssue      : CountingPool<"alu_issue", 3>;
def PoolAluFmaIssue   : CountingPool<"alu_or_fmaheavy_issue", 4>;
def PoolDualIssue     : CountingPool<"dual_issue", 3>;
def PoolBankPairing   : CountingPool<"register_bank_pairing", 2>;
// Tensor memory is split into four 32-lane quadrants, one per warp of a
// warpgroup: a 128-row MMA writes all four, a warp's tcgen05.ld reads one.
def PoolTMemQuadrants : CountingPool<"tmem_lane_quadrants", 4>;
}

//===----------------------------------------------------------------------===//
// Budget pools: capacity over the live ranges of the pipelined loop.
//===----------------------------------------------------------------------===//

// 227 KiB of shared memory per CTA (CUTLASS sm100_smem_capacity_bytes).
def BudgetSmemBytes     : BudgetPool<"smem_bytes", 232448, "bytes">;
// 128 lanes x 512 columns x 4 bytes of tensor memory.
def BudgetTmemBytes     : BudgetPool<"tmem_bytes", 262144, "bytes">;
// Named barriers per CTA (PTX bar.sync ids 0..15).
def BudgetNamedBarriers : BudgetPool<"named_barriers", 16, "barriers">;

//===----------------------------------------------------------------------===//
// Latency families: cycles a slot is held, and result latencies.
//===----------------------------------------------------------------------===//

def LatIssue      : LatencyFamily<1>;
def LatDualALU    : LatencyFamily<2>;
def LatALU        : LatencyFamily<4>;
def LatFmaHeavy   : LatencyFamily<4>;
def LatFp32x2     : LatencyFamily<4>;
def LatTransport  : LatencyFamily<7>;  // Every tp_* transport.
def LatTcAndMma   : LatencyFamily<8>;  // MMA issue window.
def LatTmaIssue   : LatencyFamily<8>;  // TMA descriptor + payload window.
def LatXU         : LatencyFamily<8>;  // Transcendentals: 1/8 of FMA rate.
def LatXU64       : LatencyFamily<16>;
// Result latencies that are not slot holds.
def LatMmaResult  : LatencyFamily<16>; // Accumulator ready.
def LatFarMemory  : LatencyFamily<100>; // Global-memory round trip.
def LatSmemLoad   : LatencyFamily<23>;
def LatTmemLoad   : LatencyFamily<12>;
def LatXUResult   : LatencyFamily<18>;

//===----------------------------------------------------------------------===//
// Event pipes and their cross-pipe event budgets. The TMA unit and the LSU's
// async copies are copy engines (each ring they fill completes in order).
//===----------------------------------------------------------------------===//

def PipeTMA        : EventPipe<"tma"> { let CopyEngine = true; }
def PipeTensorCore : EventPipe<"tensor_core">;
def PipeTMem       : EventPipe<"tmem">;
def PipeSMem       : EventPipe<"smem">;
def PipeALU        : EventPipe<"alu">;
def PipeXU         : EventPipe<"xu">;
def PipeLSU        : EventPipe<"lsu"> { let CopyEngine = true; }
def PipeSync       : EventPipe<"sync">;

// Live mbarrier events per ordered pipe pair; the issuing thread is the ALU
// pipe.
def TileASEventModel : EventModel<8> {
  let Issuer = PipeALU;
}

// Pipe rings are mbarriers in shared memory (8 bytes each, a full and an
// empty one per slot; no count limit); a mutex between thread groups takes a
// named barrier (bar.sync / bar.arrive), one id of which is reserved for
// __syncthreads (bar 0); a mutex that an asynchronous unit releases is an
// mbarrier. Rings default to double buffering.
def TileASCoordination
    : CoordinationModel<BudgetSmemBytes, BudgetNamedBarriers> {
  let MbarrierBytes = 8;
  let MbarriersPerSlot = 2;
  let MbarriersPerMutex = 1;
  let BarriersPerMutex = 1;
  let ReservedBarriers = 1;
  let DefaultPipeDepth = 2;
}

//===----------------------------------------------------------------------===//
// Warp-specialized agents (tileas-materialize-schedule
// -tileas-pipeline-strategy=warp-specialized): a TMA producer warp, an MMA
// warp and a compute warpgroup, as CUTLASS sm100 kernels and
// FlashAttention-4 partition their mainloops. Producer warps give registers
// back (setmaxnreg.dec), the compute warpgroup takes them.
//===----------------------------------------------------------------------===//

// 64K 32-bit registers per SM; setmaxnreg takes 24..256 in steps of 8.
def TileASAgents : AgentModel<65536, 24, 256, 8>;
def AgentLoad    : Agent<"load", 1, 40, [PipeTMA, PipeLSU]>;
def AgentMma     : Agent<"mma", 1, 40, [PipeTensorCore]>;
// Two compute warpgroups at most (a loop whose compute work falls into two
// independent parts, TileASComputeSplit.h): 2 x 1 x 40 + 2 x 4 x 232
// registers per lane fit the file, as in FlashAttention 4.
def AgentCompute : Agent<"compute", 4, 232, []> {
  let Default = true;
  let Warpgroups = 2;
}
