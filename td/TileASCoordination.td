//===- TileASCoordination.td - PIPE_ and MUTEX_ instructions -*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The coordination that tileas-materialize-schedule inserts. A pipe is a ring
// of `depth` buffers of `bytes` bytes with a full and an empty mbarrier per
// slot (CUTLASS PipelineTmaAsync in spirit): the producer acquires slot k
// (waits until it is empty in the current phase), fills it and commits; the
// consumer waits until slot k is full, reads it and releases it. The phase
// bit flips each time the ring wraps. A mutex serializes two regions with one
// named barrier over its live range (zero slack).
//
//===----------------------------------------------------------------------===//

let hasSideEffects = true in {
def PIPE_CREATE : TileASInst<(outs),
    (ins i32imm:$pipe, i32imm:$depth, bytesimm:$bytes, i32imm:$full,
         i32imm:$empty),
    "mbarrier.init.pipe $pipe, depth $depth, bytes $bytes, full $full, empty $empty;",
    RV_Coordination>;
def PIPE_PRODUCER_ACQUIRE : TileASInst<(outs),
    (ins i32imm:$pipe, GPR32:$slot, GPR32:$phase),
    "mbarrier.try_wait.parity.shared.b64 [pipe$pipe.empty + $slot], $phase;",
    RV_Coordination>;
def PIPE_PRODUCER_COMMIT : TileASInst<(outs), (ins i32imm:$pipe, GPR32:$slot),
    "mbarrier.arrive.expect_tx.shared.b64 [pipe$pipe.full + $slot];",
    RV_Coordination>;
def PIPE_CONSUMER_WAIT : TileASInst<(outs),
    (ins i32imm:$pipe, GPR32:$slot, GPR32:$phase),
    "mbarrier.try_wait.parity.shared.b64 [pipe$pipe.full + $slot], $phase;",
    RV_Coordination>;
def PIPE_CONSUMER_RELEASE : TileASInst<(outs), (ins i32imm:$pipe, GPR32:$slot),
    "mbarrier.arrive.shared.b64 [pipe$pipe.empty + $slot];",
    RV_Coordination>;
def MUTEX_LOCK : TileASInst<(outs), (ins i32imm:$bar),
    "bar.sync $bar; // mutex lock", RV_Coordination>;
def MUTEX_UNLOCK : TileASInst<(outs), (ins i32imm:$bar),
    "bar.arrive $bar; // mutex unlock", RV_Coordination>;
}
