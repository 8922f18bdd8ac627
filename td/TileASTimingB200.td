//===- TileASTimingB200.td - Measured B200 timing ------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// NVIDIA B200 (sm_100a, about 1.965 GHz) from published microbenchmarks
// (issue 29's table; docs/timing-sources.md lists every source). Every
// number names its source; `estimate:` marks a number no source gives, with
// the reasoning. Instructions not listed here (TMEM_ST, transcendentals,
// integer and scalar work, CP_ASYNC, TMA_STORE, ...) keep the slot model's
// numbers (TileASMachine.td, TileASResources.td).
//
// SA = github.com/SemiAnalysisAI/microbench-blackwell.
//
//===----------------------------------------------------------------------===//

def TimingB200 : TimingDesc<"b200"> {
  // SA cuda_device_info: boost clock 1965 MHz.
  let ClockMHz = 1965;
  // SA tma2d_throughput (every SM loading): about 1000 cycles + 165 per KiB
  // beyond 8 KiB, i.e. 1024 / 165 = 6.2 B/cycle/SM. (HBM3e's 8 TB/s would be
  // 27.5 B/cycle/SM over 148 SMs; the measured share is what a TMA stream of
  // one CTA per SM gets.)
  let FullLoadCyclesPerKiB = 165;
  // CUDA C++ Programming Guide, "Shared Memory" (compute capability 10.0):
  // 32 banks of 4 bytes per clock = 128 B/cycle/SM.
  let SmemBytesPerCycle = 128;
  // estimate: no source measures tcgen05-era mbarrier arrive-to-wait; an
  // arrive is a shared-memory atomic and try_wait a shared-memory load, so
  // one shared-memory round trip: about 30 cycles (shared-memory load
  // latency on Hopper, Luo et al., arXiv:2501.12084, is 29-33 cycles).
  let MbarrierLatency = 30;
}

//===----------------------------------------------------------------------===//
// tcgen05.mma kind::f16 (bf16 x bf16 -> f32), cta_group::1, A and B from
// shared memory. Occupancy: SA umma_throughput/full.csv (many MMAs in
// flight); latency: SA umma_latency/results.csv (issue to accumulator ready).
// (A from tensor memory, M128 N128: latency 168; TileAS has no such form.)
//===----------------------------------------------------------------------===//

// MMA_TMEM is the abstract M128 N128 K16 bf16 MMA (docs/ptx.md).
def : MmaTiming<TimingB200, "MMA_TMEM", 128, 128, 16, 6460, 200>;

def : MmaTiming<TimingB200, "MMA_TMEM_F16", 128, 128, 16, 6460, 200>;
// estimate (occupancy): SA measures N128 (64.6) and N256 (128.6) at about
// 0.5 cycles per column; half of N128 for N64. Latency: SA umma_latency.
def : MmaTiming<TimingB200, "MMA_TMEM_F16", 128, 64, 16, 3230, 168>;
def : MmaTiming<TimingB200, "MMA_TMEM_F16", 128, 256, 16, 12860, 264>;
def : MmaTiming<TimingB200, "MMA_TMEM_F16", 64, 128, 16, 6450, 184>;

//===----------------------------------------------------------------------===//
// tcgen05.mma kind::f8f6f4 (K = 32). estimate (both numbers): no source in
// hand measures it. NVIDIA's B200 figures give dense fp8 twice the rate of
// dense bf16 (4.5 against 2.25 PFLOP/s), and one K32 MMA does twice the work
// of a K16 one, so it occupies the tensor core as long as the kind::f16 MMA
// of the same M and N; its latency is taken to be that MMA's.
//===----------------------------------------------------------------------===//

def : MmaTiming<TimingB200, "MMA_TMEM_F8F6F4", 128, 128, 32, 6460, 200>;
def : MmaTiming<TimingB200, "MMA_TMEM_F8F6F4", 128, 256, 32, 12860, 264>;

//===----------------------------------------------------------------------===//
// tcgen05.mma kind::tf32 (K = 8) and kind::i8 (K = 32). estimate (both
// numbers): no source in hand measures them. NVIDIA's B200 figures give
// dense tf32 half the rate of dense bf16 and dense int8 the rate of dense
// fp8 (twice bf16's); one K8 tf32 MMA does half the work of a K16 bf16 one
// and one K32 int8 MMA twice, so each occupies the tensor core as long as
// the kind::f16 MMA of the same M and N, with its latency.
//===----------------------------------------------------------------------===//

def : MmaTiming<TimingB200, "MMA_TMEM_TF32", 128, 128, 8, 6460, 200>;
def : MmaTiming<TimingB200, "MMA_TMEM_I8", 128, 128, 32, 6460, 200>;

//===----------------------------------------------------------------------===//
// TMA 2D tiled load from HBM with one load in flight: SA tma2d_latency,
// one CTA per SM, median. Between and beyond the points the latency is
// linear in the bytes (27 cycles per KiB between these two; estimate: the
// same slope below 8 KiB and beyond 16 KiB, e.g. 64 KiB: 2474 cycles).
// Loads in flight share FullLoadCyclesPerKiB above.
//===----------------------------------------------------------------------===//

def : TmaLatencyPoint<TimingB200, "TMA_LOAD", 8192, 962>;
def : TmaLatencyPoint<TimingB200, "TMA_LOAD", 16384, 1178>;

//===----------------------------------------------------------------------===//
// Instructions on no timed unit: their latency replaces the slot model's;
// their occupancy (cycles of issue a warp's instruction takes at the unit's
// rate) is informational, the slot model's slots still pace their issue.
//===----------------------------------------------------------------------===//

// tcgen05.ld.sync.aligned.32x32b.x<N>: a warp reads its 32 TMEM lanes, N
// 32-bit columns each (128 N bytes). estimate (no source in hand measures
// tcgen05.ld): a fixed part of 16 cycles (TMEM sits beside the tensor core,
// not behind the LSU's crossbar, so below the 30 of a shared-memory load)
// plus the transfer at 16 bytes per lane per cycle (one register-file
// write port's width: four columns a cycle), i.e. N / 4 cycles.
// TMEM_LD is the four columns (x4) the MIR corpus writes.
def : InstrTiming<TimingB200, "TMEM_LD", 100, 17>;
def : InstrTiming<TimingB200, "TMEM_LD_X4", 100, 17>;
def : InstrTiming<TimingB200, "TMEM_LD_X8", 200, 18>;
def : InstrTiming<TimingB200, "TMEM_LD_X16", 400, 20>;
def : InstrTiming<TimingB200, "TMEM_LD_X32", 800, 24>;
def : InstrTiming<TimingB200, "TMEM_LD_X64", 1600, 32>;
def : InstrTiming<TimingB200, "TMEM_LD_X128", 3200, 48>;

// Shared memory, by bytes at SmemBytesPerCycle (128 B/cycle). The fixed
// part: Luo et al., arXiv:2501.12084, shared-memory load latency on Hopper
// 29-33 cycles for a warp's 4-byte loads (128 bytes, one cycle of
// transfer); estimate: the same on B200 (same 32 x 4 B banks). LDS
// (ld.shared.v4.f32) moves 32 x 16 = 512 bytes: 4 cycles of transfer,
// 30 + 3 = 33. STS (st.shared.v4.f32), the same bytes; estimate: a store is
// visible to a reader after the same pipeline. STS_ROW: eight 16-byte
// stores per thread, 32 x 128 = 4096 bytes, 32 cycles of transfer:
// 30 + 31 = 61.
def : InstrTiming<TimingB200, "LDS", 400, 33>;
def : InstrTiming<TimingB200, "STS", 400, 33>;
def : InstrTiming<TimingB200, "STS_ROW", 3200, 61>;
// STS_ROW_X2 and STS_ROW_MN: sixteen 16-byte stores per thread, 8192
// bytes, 64 cycles of transfer: 30 + 63 = 93.
def : InstrTiming<TimingB200, "STS_ROW_X2", 6400, 93>;
def : InstrTiming<TimingB200, "STS_ROW_MN", 6400, 93>;

// SIMT fp32: Jia et al., "Dissecting the NVIDIA Volta GPU Architecture via
// Microbenchmarking" (arXiv:1804.06826) and the Turing sequel
// (arXiv:1903.07486): dependent FADD / FMUL / FFMA latency 4 cycles;
// estimate: unchanged on B200. Issue: the CUDA C++ Programming Guide's
// throughput table, 128 fp32 results per clock per SM (compute capability
// 10.0) = one warp instruction per clock per SM sub-partition.
def : InstrTiming<TimingB200, "FADD", 100, 4>;
def : InstrTiming<TimingB200, "FSUB", 100, 4>;
def : InstrTiming<TimingB200, "FMUL", 100, 4>;
def : InstrTiming<TimingB200, "FMAX", 100, 4>;
def : InstrTiming<TimingB200, "FFMA", 100, 4>;
// add/sub/mul/fma.rn.f32x2: two fp32 results per lane. estimate: the same
// fp32 pipeline (latency 4), two results per lane at 128 per clock per SM,
// so a warp's instruction occupies its sub-partition two clocks.
def : InstrTiming<TimingB200, "FADD2", 200, 4>;
def : InstrTiming<TimingB200, "FSUB2", 200, 4>;
def : InstrTiming<TimingB200, "FMUL2", 200, 4>;
def : InstrTiming<TimingB200, "FFMA2", 200, 4>;
