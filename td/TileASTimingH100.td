//===- TileASTimingH100.td - H100 / H800 timing --------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// NVIDIA H100 / H800 (sm_90a, about 1.83 GHz) over the instructions the
// Hopper kernels of the corpus use: WGMMA, the TMA load, shared memory and
// SIMT fp32. Sources as in TileASTimingB200.td; instructions not listed keep
// the slot model's numbers. Less is measured here than for B200: read the
// estimates.
//
//===----------------------------------------------------------------------===//

def TimingH100 : TimingDesc<"h100"> {
  // NVIDIA H100 SXM5 datasheet: 1830 MHz boost.
  let ClockMHz = 1830;
  // estimate: no full-load TMA measurement in hand. The datasheet's
  // 3.35 TB/s over 132 SMs at 1.83 GHz is 13.9 B/cycle/SM, i.e. 74 cycles
  // per KiB; B200's measured share is a quarter of its datasheet's, so this
  // is optimistic.
  let FullLoadCyclesPerKiB = 74;
  // CUDA C++ Programming Guide, "Shared Memory" (compute capability 9.0):
  // 32 banks of 4 bytes per clock.
  let SmemBytesPerCycle = 128;
  // estimate: one shared-memory round trip, as for B200 (Luo et al.,
  // arXiv:2501.12084: shared-memory load latency about 30 cycles).
  let MbarrierLatency = 30;
}

// wgmma.mma_async m64n128k16 bf16: 64 cycles. NVIDIA's H100 figures: 989
// dense bf16 TFLOP/s over 132 SMs at 1.83 GHz = 4096 FLOP/cycle/SM, and
// 2 x 64 x 128 x 16 FLOP / 4096 = 64. Latency, estimate: B200's tcgen05
// pipeline beyond its occupancy (200 - 64.6 = 135 cycles at M128 N128)
// added to the occupancy: 199.
def : MmaTiming<TimingH100, "WGMMA", 64, 128, 16, 6400, 199>;
def : MmaTiming<TimingH100, "WGMMA_X64", 64, 128, 16, 6400, 199>;
// m64n64k16 (attention's S = Q K^T halves, 32 f32 per thread) and m64n256k16
// (128 per thread): occupancy from the same 4096 FLOP/cycle/SM, 32 and 128
// cycles. Latency, estimate: the same 135-cycle pipeline beyond the
// occupancy as above (B200 measures 168 at M128 N64 against 64.6 x 1/2 of
// issue, and 264 at N256 against 128.6: about 135 more in each case).
def : MmaTiming<TimingH100, "WGMMA_X32", 64, 64, 16, 3200, 167>;
def : MmaTiming<TimingH100, "WGMMA_X128", 64, 256, 16, 12800, 263>;
// The typed wgmmas m64n128 (WGMMA_T_X64): tf32 K8 and e4m3 / e5m2 / s8 / u8
// K32. estimate (both numbers): H100's dense tf32 rate is half of bf16's and
// its dense fp8 and int8 rates twice, so one K8 tf32 and one K32 8-bit wgmma
// each hold the tensor core as long as the K16 bf16 one; its latency.
def : MmaTiming<TimingH100, "WGMMA_T_X64", 64, 128, 8, 6400, 199>;
def : MmaTiming<TimingH100, "WGMMA_T_X64", 64, 128, 32, 6400, 199>;

// H800 TMA latency: HPMLL/NVIDIA-Hopper-Benchmark (Luo et al.,
// arXiv:2501.12084): about 365 cycles within L2, 600-760 from HBM. estimate:
// the range's ends are taken as the 8 KiB and 16 KiB tiles (the paper's
// figure spans tile sizes; the mapping of sizes to the ends is ours).
def : TmaLatencyPoint<TimingH100, "TMA_LOAD", 8192, 600>;
def : TmaLatencyPoint<TimingH100, "TMA_LOAD", 16384, 760>;

// Shared memory, by bytes at SmemBytesPerCycle (128 B/cycle): Luo et al.,
// arXiv:2501.12084, measured on Hopper: shared-memory load latency 29-33
// cycles for a warp's 4-byte loads (128 bytes, one cycle of transfer). LDS
// and STS (v4.f32: 32 x 16 = 512 bytes, 4 cycles of transfer): 30 + 3 = 33;
// STS_ROW (eight 16-byte stores per thread, 4096 bytes, 32 cycles of
// transfer): 30 + 31 = 61. estimate: a store is visible to a reader after
// the same pipeline as a load.
def : InstrTiming<TimingH100, "LDS", 400, 33>;
def : InstrTiming<TimingH100, "STS", 400, 33>;
def : InstrTiming<TimingH100, "STS_ROW", 3200, 61>;

// SIMT fp32: dependent FADD / FMUL / FFMA latency 4 cycles on Volta and
// Turing (Jia et al., arXiv:1804.06826, arXiv:1903.07486); estimate:
// unchanged on Hopper. Issue: the CUDA C++ Programming Guide's throughput
// table, 128 fp32 results per clock per SM for compute capability 9.0 =
// one warp instruction per clock per SM sub-partition. Hopper has no
// f32x2 instructions (sm_100 and later), so no FADD2 and the like here.
def : InstrTiming<TimingH100, "FADD", 100, 4>;
def : InstrTiming<TimingH100, "FSUB", 100, 4>;
def : InstrTiming<TimingH100, "FMUL", 100, 4>;
def : InstrTiming<TimingH100, "FMAX", 100, 4>;
def : InstrTiming<TimingH100, "FFMA", 100, 4>;
