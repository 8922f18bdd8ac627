//===- TileASTimingH100.td - H100 / H800 timing --------------*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// NVIDIA H100 / H800 (sm_90a, about 1.83 GHz) over the instructions a Hopper
// kernel uses today: WGMMA and the TMA load. Sources as in
// TileASTimingB200.td; instructions not listed keep the slot model's
// numbers. Less is measured here than for B200: read the estimates.
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

// H800 TMA latency: HPMLL/NVIDIA-Hopper-Benchmark (Luo et al.,
// arXiv:2501.12084): about 365 cycles within L2, 600-760 from HBM. estimate:
// the range's ends are taken as the 8 KiB and 16 KiB tiles (the paper's
// figure spans tile sizes; the mapping of sizes to the ends is ours).
def : TmaLatencyPoint<TimingH100, "TMA_LOAD", 8192, 600>;
def : TmaLatencyPoint<TimingH100, "TMA_LOAD", 16384, 760>;
