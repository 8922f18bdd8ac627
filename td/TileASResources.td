//===- TileASResources.td - Resource vectors of TileAS ops --*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// One resource vector per family of operations: (slot, duration) triples,
// counting-pool charges, budget charges, result latency and event pipe. Each
// instruction in TileASInstrInfo.td names exactly one of these.
//
//===----------------------------------------------------------------------===//

defvar CoarseIssue = PoolUse<PoolCoarseIssue>;
// Every piped value pays for the mbarriers of at least one ring slot (its
// full and empty one) in their pool; the coordination solve charges the
// rest of its slots (include/tileas/Pipes/BarrierCost.h).
defvar PipeBarriers = FixedCharge<TileASCoordination.MbarrierPool, "pipe",
                                  !mul(TileASCoordination.MbarrierBytes,
                                       TileASCoordination.MbarriersPerSlot)>;

//===----------------------------------------------------------------------===//
// Asynchronous tile units.
//===----------------------------------------------------------------------===//

// TMA tiled load: the descriptor stays parked on the tma slot while the
// payload flows through the shared-memory write transport; either busy
// rejects the op. The tile costs its bytes per ring slot.
let Async = true in
def RV_TmaLoad : TileASResources<
    [SlotUse<SlotTMA, LatTmaIssue.Cycles>,
     SlotUse<SlotTpSmemWr, LatTmaIssue.Cycles>],
    [CoarseIssue],
    [OperandCharge<BudgetSmemBytes, "stage", "bytes">, PipeBarriers],
    LatFarMemory.Cycles, PipeTMA>;

// TMA tiled store: reads the tile out of shared memory.
let Async = true in
def RV_TmaStore : TileASResources<
    [SlotUse<SlotTMA, LatTmaIssue.Cycles>,
     SlotUse<SlotTpSmemRd, LatTransport.Cycles>],
    [CoarseIssue], [], LatTmaIssue.Cycles, PipeTMA>;

// tcgen05-style MMA into a tensor-memory accumulator: only the 8-cycle issue
// window holds slots; the accumulator is ready after 16. A 128-row MMA
// writes all four TMEM lane quadrants.
let Async = true in
def RV_MmaTmem : TileASResources<
    [SlotUse<SlotTcAndMma, LatTcAndMma.Cycles>,
     SlotUse<SlotTpMma, LatTcAndMma.Cycles>],
    [CoarseIssue, PoolUse<PoolTMemQuadrants, 4>],
    [OperandCharge<BudgetTmemBytes, "stage", "accbytes">],
    LatMmaResult.Cycles, PipeTensorCore>;

// WGMMA-style MMA with a register accumulator.
let Async = true in
def RV_Wgmma : TileASResources<
    [SlotUse<SlotTcAndMma, LatTcAndMma.Cycles>,
     SlotUse<SlotTpMma, LatTcAndMma.Cycles>],
    [CoarseIssue, PoolUse<PoolBankPairing>],
    [], LatMmaResult.Cycles, PipeTensorCore>;

// cp.async: global to shared through the LSU, completion tracked by a group.
let Async = true in
def RV_AsyncCopy : TileASResources<
    [SlotUse<SlotLSU, LatIssue.Cycles>,
     SlotUse<SlotTpGnicRd, LatTransport.Cycles>,
     SlotUse<SlotTpSmemWr, LatTransport.Cycles>],
    [CoarseIssue],
    [OperandCharge<BudgetSmemBytes, "stage", "bytes">, PipeBarriers],
    LatFarMemory.Cycles, PipeLSU>;

//===----------------------------------------------------------------------===//
// Memory transports.
//===----------------------------------------------------------------------===//

def RV_SmemRead : TileASResources<
    [SlotUse<SlotTpSmemRd, LatTransport.Cycles>],
    [CoarseIssue], [], LatSmemLoad.Cycles, PipeSMem>;

// Writing registers into a new shared-memory tile: the tile is a buffer that
// its consumers may read stages later.
def RV_SmemWrite : TileASResources<
    [SlotUse<SlotTpSmemWr, LatTransport.Cycles>],
    [CoarseIssue],
    [OperandCharge<BudgetSmemBytes, "stage", "bytes">, PipeBarriers],
    LatTransport.Cycles, PipeSMem>;

// A thread's 128-byte row into a new tile: eight 16-byte shared stores per
// thread where STS makes one, so the write transport is held eight times as
// long.
def RV_SmemWriteRow : TileASResources<
    [SlotUse<SlotTpSmemWr, !mul(8, LatTransport.Cycles)>],
    [CoarseIssue],
    [OperandCharge<BudgetSmemBytes, "stage", "bytes">, PipeBarriers],
    LatTransport.Cycles, PipeSMem>;

// A thread's 256-byte row into a new tile of two atoms (K-major or
// MN-major): sixteen 16-byte shared stores per thread.
def RV_SmemWriteRowX2 : TileASResources<
    [SlotUse<SlotTpSmemWr, !mul(16, LatTransport.Cycles)>],
    [CoarseIssue],
    [OperandCharge<BudgetSmemBytes, "stage", "bytes">, PipeBarriers],
    LatTransport.Cycles, PipeSMem>;

// A quarter of such a row (four 16-byte stores per thread): into a new tile
// (the tile's first quarter, which pays for it), or into the tile another
// quarter made (in place: nothing to pay).
def RV_SmemWriteRowPart : TileASResources<
    [SlotUse<SlotTpSmemWr, !mul(4, LatTransport.Cycles)>],
    [CoarseIssue],
    [OperandCharge<BudgetSmemBytes, "stage", "bytes">, PipeBarriers],
    LatTransport.Cycles, PipeSMem>;
def RV_SmemWriteRowInto : TileASResources<
    [SlotUse<SlotTpSmemWr, !mul(4, LatTransport.Cycles)>],
    [CoarseIssue], [], LatTransport.Cycles, PipeSMem>;

def RV_TmemLoad : TileASResources<
    [SlotUse<SlotTMem, LatIssue.Cycles>,
     SlotUse<SlotTpTmemRd, LatTransport.Cycles>],
    [CoarseIssue, PoolUse<PoolTMemQuadrants>],
    [], LatTmemLoad.Cycles, PipeTMem>;

def RV_TmemStore : TileASResources<
    [SlotUse<SlotTMem, LatIssue.Cycles>,
     SlotUse<SlotTpTmemWr, LatTransport.Cycles>],
    [CoarseIssue, PoolUse<PoolTMemQuadrants>],
    [], LatTransport.Cycles, PipeTMem>;

let FarMemory = true in
def RV_GlobalLoad : TileASResources<
    [SlotUse<SlotLSU, LatIssue.Cycles>,
     SlotUse<SlotTpGnicRd, LatTransport.Cycles>],
    [CoarseIssue], [], LatFarMemory.Cycles, PipeLSU>;

def RV_GlobalStore : TileASResources<
    [SlotUse<SlotLSU, LatIssue.Cycles>,
     SlotUse<SlotTpGnicWr, LatTransport.Cycles>],
    [CoarseIssue], [], LatTransport.Cycles, PipeLSU>;

//===----------------------------------------------------------------------===//
// SIMT arithmetic.
//===----------------------------------------------------------------------===//

def RV_Alu : TileASResources<
    [SlotUse<SlotALU, LatIssue.Cycles>,
     SlotUse<SlotAluOrFmaHeavy, LatALU.Cycles>],
    [CoarseIssue, PoolUse<PoolAluIssue>], [], LatALU.Cycles, PipeALU>;

def RV_FmaHeavy : TileASResources<
    [SlotUse<SlotALU, LatIssue.Cycles>,
     SlotUse<SlotAluOrFmaHeavy, LatFmaHeavy.Cycles>],
    [CoarseIssue, PoolUse<PoolAluFmaIssue>, PoolUse<PoolBankPairing>],
    [], LatFmaHeavy.Cycles, PipeALU>;

def RV_DualAlu : TileASResources<
    [SlotUse<SlotDualALU, LatDualALU.Cycles>],
    [CoarseIssue, PoolUse<PoolDualIssue>], [], LatDualALU.Cycles, PipeALU>;

def RV_Fp32x2 : TileASResources<
    [SlotUse<SlotFp32x2, LatFp32x2.Cycles>],
    [CoarseIssue, PoolUse<PoolAluFmaIssue>, PoolUse<PoolBankPairing>],
    [], LatFp32x2.Cycles, PipeALU>;

// cvt.rn.bf16x2.f32 (SASS F2FP.BF16.F32.PACK_AB) issues on the ALU pipe.
// An estimate, no published figure for sm_100: conversions at half the fp32
// rate (the CUDA guide's table gives 16 conversions per clock per SM on
// recent parts against 128 fp32 ops; pairs packed per instruction, four per
// CVT_BF16X2), so the ALU-or-FMA-heavy slot is held twice as long as an
// FADD's.
def RV_CvtBf16x2 : TileASResources<
    [SlotUse<SlotALU, LatIssue.Cycles>,
     SlotUse<SlotAluOrFmaHeavy, !mul(2, LatALU.Cycles)>],
    [CoarseIssue, PoolUse<PoolAluIssue>], [], LatALU.Cycles, PipeALU>;

// A warp's sum (tileas.warp.sum): the fragment's four lanes added (three
// adds), then five butterfly shuffles (lane xor 16, 8, 4, 2, 1), each
// followed by an add of the partner's value. The shuffles cross lanes
// through the LSU's crossbar, one issue each; the adds hold the ALU like
// two fragment adds. Each step waits for the one before, so the result
// comes after five shuffle round trips and eight adds.
def RV_WarpSum : TileASResources<
    [SlotUse<SlotLSU, !mul(5, LatIssue.Cycles)>,
     SlotUse<SlotALU, !mul(8, LatIssue.Cycles)>,
     SlotUse<SlotAluOrFmaHeavy, !mul(2, LatALU.Cycles)>],
    [CoarseIssue, PoolUse<PoolAluIssue>], [],
    !add(!mul(3, LatALU.Cycles),
         !mul(5, !add(LatTransport.Cycles, LatALU.Cycles))),
    PipeALU>;

def RV_XU : TileASResources<
    [SlotUse<SlotXU, LatXU.Cycles>],
    [CoarseIssue], [], LatXUResult.Cycles, PipeXU>;

def RV_XU64 : TileASResources<
    [SlotUse<SlotXU64, LatXU64.Cycles>],
    [CoarseIssue], [], !add(LatXU64.Cycles, LatXUResult.Cycles), PipeXU>;

// Scalar integer ops, moves and compares.
def RV_Scalar : TileASResources<
    [SlotUse<SlotALU, LatIssue.Cycles>],
    [CoarseIssue, PoolUse<PoolAluIssue>], [], LatALU.Cycles, PipeALU>;

//===----------------------------------------------------------------------===//
// Control and synchronization.
//===----------------------------------------------------------------------===//

def RV_Branch : TileASResources<
    [SlotUse<SlotIssue, LatIssue.Cycles>],
    [CoarseIssue], [], 0, PipeSync>;

def RV_Barrier : TileASResources<
    [SlotUse<SlotIssue, LatIssue.Cycles>],
    [CoarseIssue], [], LatIssue.Cycles, PipeSync>;

// PIPE_ and MUTEX_ coordination holds nothing: materialization inserts it
// into an already scheduled kernel, and pipes are paid for through budgets.
def RV_Coordination : TileASResources<[], [], [], 0, PipeSync>;
