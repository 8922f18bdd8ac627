//===- TileASHopper.td - The Hopper (sm_90a) machine --------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Hopper as TileAS schedules it (-mcpu=sm_90a): no tensor memory (no TMEM
// budget, lane-quadrant pool, tcgen05 or TMEM instructions), no paired fp32
// pipe, wgmma issued by a warpgroup into register accumulators, TMA and
// mbarriers as on Blackwell, and CUTLASS's Hopper warp-specialized agents (a
// producer warpgroup and a consumer warpgroup). Its records are its own:
// editing a number here does not move Blackwell's (TileASMachine.td), and
// the reverse. The resource vectors of TileASResources.td serve it through
// slot ids and pool names (TileASMachineModel); its own wgmma vectors are
// below.
//
//===----------------------------------------------------------------------===//

def TileASHopperModel : SchedMachineModel {
  let IssueWidth = 5;         // The coarse_issue pool below.
  let MicroOpBufferSize = 0;  // In-order issue.
  let LoadLatency = 100;      // Far memory, as HopperLatFarMemory.
  let MispredictPenalty = 0;
  // Tensor-memory and f32x2 instructions have no footprint here.
  let CompleteModel = 0;
  let PostRAScheduler = 0;
}

//===----------------------------------------------------------------------===//
// Slots: Blackwell's ids and names (the ids are reservation-row bits),
// without the tensor-memory ones (tmem 9, tp_tmem_rd 17, tp_tmem_wr 18) and
// the paired fp32 pipe (fp32x2_fp16ultra 4): sm_90 has neither.
//===----------------------------------------------------------------------===//

let SchedModel = TileASHopperModel in {
def HopperSlotIssue         : TileASSlot<1,  "issue",           "coarse">;
def HopperSlotXU            : TileASSlot<2,  "xu",              "coarse">;
def HopperSlotXU64          : TileASSlot<3,  "xu64",            "coarse">;
def HopperSlotALU           : TileASSlot<5,  "alu",             "coarse">;
def HopperSlotAluOrFmaHeavy : TileASSlot<6,  "alu_or_fmaheavy", "fine">;
def HopperSlotDualALU       : TileASSlot<7,  "dual_alu",        "fine">;
def HopperSlotLSU           : TileASSlot<8,  "lsu",             "coarse">;
def HopperSlotMMA           : TileASSlot<10, "mma",             "coarse">;
def HopperSlotTcAndMma      : TileASSlot<11, "tc_and_mma",      "fine">;
def HopperSlotTMA           : TileASSlot<12, "tma",             "coarse">;
def HopperSlotTpGnicRd      : TileASSlot<13, "tp_gnic_rd",      "fine">;
def HopperSlotTpGnicWr      : TileASSlot<14, "tp_gnic_wr",      "fine">;
def HopperSlotTpSmemRd      : TileASSlot<15, "tp_smem_rd",      "fine">;
def HopperSlotTpSmemWr      : TileASSlot<16, "tp_smem_wr",      "fine">;
def HopperSlotTpMma         : TileASSlot<19, "tp_mma",          "fine">;
def HopperSlotUnknown       : TileASSlot<20, "unknown",         "fine">;
def HopperSlotOmittedSimt   : TileASSlot<21, "omitted_simt",    "fine">;
def HopperSlotTestSimt      : TileASSlot<22, "test_simt",       "fine">;
def HopperSlotTestMma       : TileASSlot<23, "test_mma",        "fine">;
def HopperSlotTestDma       : TileASSlot<24, "test_dma",        "test">;

// Per-cycle counting pools. Estimate: an sm_90 SM has the same four
// sub-partitions, one dispatch per cycle each, as sm_100, so Blackwell's
// issue widths and bank pairing; no tensor memory, so no lane quadrants.
def HopperPoolCoarseIssue : CountingPool<"coarse_issue", 5>;
def HopperPoolAluIssue    : CountingPool<"alu_issue", 3>;
def HopperPoolAluFmaIssue : CountingPool<"alu_or_fmaheavy_issue", 4>;
def HopperPoolDualIssue   : CountingPool<"dual_issue", 3>;
def HopperPoolBankPairing : CountingPool<"register_bank_pairing", 2>;
}

// 227 KiB of shared memory per CTA (CUTLASS sm90_smem_capacity_bytes,
// cutlass/arch/arch.h; CUDA's Hopper tuning guide: 227 KB per block).
def HopperSmemBytes     : BudgetPool<"smem_bytes", 232448, "bytes">;
// Named barriers per CTA (PTX bar.sync ids 0..15, as on every sm_70+).
def HopperNamedBarriers : BudgetPool<"named_barriers", 16, "barriers">;

//===----------------------------------------------------------------------===//
// Latency families. wgmma m64nNk16 bf16 keeps the tensor core busy N / 2
// cycles at full rate: 4096 FLOP/cycle/SM from H100's 989 TFLOP/s dense
// bf16 over 132 SMs at 1.83 GHz, and m64n128k16 is 2 x 64 x 128 x 16 FLOP,
// so 64 cycles (issue 29's table). An accumulator of N / 2 f32 per thread
// (WGMMA_X<L>, L = N / 2) is therefore held L cycles.
//===----------------------------------------------------------------------===//

def HopperLatWgmmaPerF32 : LatencyFamily<1>;
// Estimate: the result comes back a pipeline drain after the last cycle of
// the MMA. B200's tcgen05 M64 N128 takes 184 cycles alone and 64.5 per MMA
// in a stream (issue 29), a gap of about 120; wgmma writes registers rather
// than tensor memory, so half of that until it is measured.
def HopperLatWgmmaDrain  : LatencyFamily<64>;

//===----------------------------------------------------------------------===//
// Warpgroup MMA: each accumulator width its own footprint.
//===----------------------------------------------------------------------===//

// RV_HopperWgmmaX<L>: WGMMA_X<L>, an accumulator of L f32 per thread. Its
// issue window and transport hold the tensor core for the whole MMA (L
// cycles, above); the register accumulator pairs banks as RV_Wgmma does.
// L = 4 is the abstract machine's one-fragment WGMMA (refused when
// printing PTX for sm_90a, but scheduled like the others).
foreach L = [4, 8, 16, 32, 64, 128] in
let Async = true in
def RV_HopperWgmmaX # L : TileASResources<
    [SlotUse<HopperSlotTcAndMma, !mul(L, HopperLatWgmmaPerF32.Cycles)>,
     SlotUse<HopperSlotTpMma, !mul(L, HopperLatWgmmaPerF32.Cycles)>],
    [PoolUse<HopperPoolCoarseIssue>, PoolUse<HopperPoolBankPairing>],
    [], !add(!mul(L, HopperLatWgmmaPerF32.Cycles), HopperLatWgmmaDrain.Cycles),
    PipeTensorCore>;

//===----------------------------------------------------------------------===//
// Event model, coordination and agents.
//===----------------------------------------------------------------------===//

// As Blackwell's: live mbarrier events per ordered pipe pair (estimate: the
// same mbarrier hardware, sm_90 introduced it), issued from the ALU pipe.
def HopperEventModel : EventModel<8> {
  let Issuer = PipeALU;
}

// Rings are mbarriers (8 bytes each: PTX ISA, "Size and alignment of
// mbarrier object"), a full and an empty one per slot; a mutex between
// thread groups is a named barrier, bar 0 reserved; double buffering by
// default. TMA and mbarriers are the same on sm_90 and sm_100.
def HopperCoordination
    : CoordinationModel<HopperSmemBytes, HopperNamedBarriers> {
  let MbarrierBytes = 8;
  let MbarriersPerSlot = 2;
  let MbarriersPerMutex = 1;
  let BarriersPerMutex = 1;
  let ReservedBarriers = 1;
  let DefaultPipeDepth = 2;
}

// 64K 32-bit registers per SM (H100 whitepaper); setmaxnreg takes 24..256
// in steps of 8 (PTX ISA, setmaxnreg).
def HopperAgents : AgentModel<65536, 24, 256, 8>;
// CUTLASS's sm90 warp-specialized mainloops: a producer warpgroup that
// issues TMA with 40 registers (LoadRegisterRequirement) and consumer
// warpgroups that issue wgmma and the epilogue with 232
// (MmaRegisterRequirement). One consumer warpgroup, or two when the loop's
// compute work falls into two independent parts (below); there is no
// MMA warp: a wgmma is issued by the warpgroup that owns its accumulator.
def HopperAgentLoad    : Agent<"load", 4, 40, [PipeTMA, PipeLSU]>;
// Up to two consumer warpgroups, one per independent part of the loop's
// compute work (CUTLASS's ping-pong kernels): 4 x 40 + 2 x 4 x 232 registers
// per lane, 64512 of the file.
def HopperAgentCompute : Agent<"compute", 4, 232, []> {
  let Default = true;
  let Warpgroups = 2;
}

//===----------------------------------------------------------------------===//
// The machine.
//===----------------------------------------------------------------------===//

def TileASHopper : TileASMachineModel<"hopper", TileASHopperModel> {
  let Slots = [HopperSlotIssue, HopperSlotXU, HopperSlotXU64, HopperSlotALU,
               HopperSlotAluOrFmaHeavy, HopperSlotDualALU, HopperSlotLSU,
               HopperSlotMMA, HopperSlotTcAndMma, HopperSlotTMA,
               HopperSlotTpGnicRd, HopperSlotTpGnicWr, HopperSlotTpSmemRd,
               HopperSlotTpSmemWr, HopperSlotTpMma, HopperSlotUnknown,
               HopperSlotOmittedSimt, HopperSlotTestSimt, HopperSlotTestMma,
               HopperSlotTestDma];
  let Pools = [HopperPoolCoarseIssue, HopperPoolAluIssue,
               HopperPoolAluFmaIssue, HopperPoolDualIssue,
               HopperPoolBankPairing];
  let Budgets = [HopperSmemBytes, HopperNamedBarriers];
  // The SIMT, memory and TMA vectors of TileASResources.td keep
  // Blackwell's latency families on Hopper (estimate: the same SIMT
  // pipelines and the model's 100-cycle far memory; issue 29 lists H800's
  // TMA at 365 cycles within L2, which a timing description, not this
  // model, carries).
  let Latencies = [LatIssue, LatDualALU, LatALU, LatFmaHeavy, LatTransport,
                   LatTmaIssue, LatXU, LatXU64, LatFarMemory, LatSmemLoad,
                   LatXUResult, HopperLatWgmmaPerF32, HopperLatWgmmaDrain];
  let Pipes = [PipeTMA, PipeTensorCore, PipeSMem, PipeALU, PipeXU, PipeLSU,
               PipeSync];
  let Events = HopperEventModel;
  let Coordination = HopperCoordination;
  let AgentRules = HopperAgents;
  let Agents = [HopperAgentLoad, HopperAgentCompute];
  // Tensor memory and everything on it, and paired fp32.
  let Unsupported = !listconcat(
      !filter(I, !instances<TileASInst>(),
              !or(!eq(I.Resources, RV_MmaTmem), !eq(I.Resources, RV_TmemLoad),
                  !eq(I.Resources, RV_TmemStore),
                  !eq(I.Resources, RV_Fp32x2))),
      [TMEM_ALLOC, PIPE_TMEM]);
}

// The wgmma footprints above, given to the WGMMA instructions. A k-loop of
// eight m64n128k16 wgmmas then runs at II 512 in two stages, with an
// accumulator chain across the stage boundary; its accumulators stay in
// their registers through the expansion because every wgmma is put in
// two-address form before allocation (TileASWgmmaInPlace.cpp).
def : MachineResources<TileASHopper, [WGMMA], RV_HopperWgmmaX4>;
foreach L = [8, 16, 32, 64, 128] in
def : MachineResources<TileASHopper, [!cast<TileASInst>("WGMMA_X" # L),
                                      !cast<TileASInst>("WGMMA_T_X" # L)],
                       !cast<TileASResources>("RV_HopperWgmmaX" # L)>;
