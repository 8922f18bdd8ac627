//===- TileASCoordination.td - PIPE_ and MUTEX_ instructions -*- tablegen -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The coordination that tileas-materialize-schedule inserts. A pipe is a ring
// of `depth` buffers of `bytes` bytes with a full and an empty barrier per
// slot (CUTLASS PipelineTmaAsync in spirit). Pipe operations name the
// iteration they belong to by the loop's induction value: iteration
// k = (iv - first) / step, ring slot k mod depth, phase bit (k / depth) & 1.
// So every copy of an operation in the prologue, kernel and epilogue carries
// its own iteration without extra arithmetic, and the phase flips each time
// the ring wraps:
//
//   producer acquire  waits until slot k is empty (parity phase ^ 1),
//   producer commit   marks it full (after an asynchronous producer: when
//                     the data has landed),
//   consumer wait     waits until slot k is full (parity phase),
//   consumer release  marks it empty (after an asynchronous consumer: when
//                     it has finished reading).
//
// A mutex serializes two regions with one named barrier over its live range
// (zero slack). Coordination holds no slot: the scheduler accounts for pipes
// through their budgets, and materialization must not change the kernel's
// resource usage.
//
//===----------------------------------------------------------------------===//

// Their operands are read by name (TileAS::getNamedOperandIdx), never by
// position.
let hasSideEffects = true, IsCoordination = true,
    UseNamedOperandTable = true in {
// $producer and $consumer name who performs commits and releases: 0 for the
// issuing instruction stream, 1 + an event pipe for an asynchronous unit,
// which arrives when its preceding operation completes. $pagent and $cagent
// name the agents that issue the producer and the consumer side: 0 for the
// one instruction stream of the unspecialized form (every warp, before any
// dispatch), k >= 1 for the td's k-th agent of a warp-specialized loop, or
// of an unspecialized loop only agent k's warps reach (after an earlier
// loop's dispatch).
def PIPE_CREATE : TileASInst<(outs),
    (ins i32imm:$pipe, i32imm:$depth, bytesimm:$bytes, i32imm:$full,
         optbarimm:$empty, i32imm:$producer, i32imm:$consumer, GPR32:$first,
         i32imm:$step, i32imm:$pagent, i32imm:$cagent),
    "mbarrier.init.shared.b64 pipe$pipe, depth $depth, bytes $bytes, full bar$full, empty $empty, agents $producer/$consumer, first $first, step $step, issued by $pagent/$cagent;",
    RV_Coordination>;
def PIPE_PRODUCER_ACQUIRE : TileASInst<(outs),
    (ins i32imm:$pipe, i32imm:$bar, GPR32:$iter),
    "mbarrier.try_wait.parity.shared.b64 bar$bar, pipe$pipe.empty[$iter];",
    RV_Coordination>;
def PIPE_PRODUCER_COMMIT : TileASInst<(outs),
    (ins i32imm:$pipe, i32imm:$bar, GPR32:$iter),
    "mbarrier.arrive.expect_tx.shared.b64 bar$bar, pipe$pipe.full[$iter];",
    RV_Coordination>;
def PIPE_CONSUMER_WAIT : TileASInst<(outs),
    (ins i32imm:$pipe, i32imm:$bar, GPR32:$iter),
    "mbarrier.try_wait.parity.shared.b64 bar$bar, pipe$pipe.full[$iter];",
    RV_Coordination>;
def PIPE_CONSUMER_RELEASE : TileASInst<(outs),
    (ins i32imm:$pipe, i32imm:$bar, GPR32:$iter),
    "mbarrier.arrive.shared.b64 bar$bar, pipe$pipe.empty[$iter];",
    RV_Coordination>;
// A mutex alternates between its producer side (0) and its consumer side
// (1) on one barrier: a side may enter when the barrier has completed an
// even (producer) or odd (consumer) number of phases, and leaving completes
// one. Zero slack, one barrier.
def MUTEX_LOCK : TileASInst<(outs), (ins i32imm:$bar, i32imm:$side),
    "bar.sync $bar; // mutex lock, side $side", RV_Coordination>;
// $agent as for pipes: who releases the mutex (after an asynchronous
// operation, its unit does, on completion).
def MUTEX_UNLOCK : TileASInst<(outs), (ins i32imm:$bar, i32imm:$agent),
    "bar.arrive $bar; // mutex unlock by agent $agent", RV_Coordination>;
}

// Warp specialization (tileas-materialize-schedule
// -tileas-pipeline-strategy=warp-specialized). WARP_IDX gives the dispatch
// the warp's index in the CTA; AGENT_SWITCH opens an agent's region: its
// warps ($warps of them from warp $first, the layout the materialization
// chose) set their register budget and run the agent's own loop.
let hasSideEffects = true, IsCoordination = true,
    UseNamedOperandTable = true in
def AGENT_SWITCH : TileASInst<(outs),
    (ins i32imm:$agent, i32imm:$warps, i32imm:$regs, regdirimm:$dir,
         i32imm:$first),
    "setmaxnreg.$dir.sync.aligned.u32 $regs; // agent $agent, $warps warp(s) from warp $first",
    RV_Coordination>;
let hasSideEffects = true in
def WARP_IDX : TileASInst<(outs GPR32:$d), (ins),
    "shr.u32 $d, %tid.x, 5; // warp index", RV_Scalar>;

// The buffer of ring $pipe's slot for the iteration of $iter, in an agent
// that consumes the ring but does not produce it (its producer's register
// lives in another agent). Tags the value with the pipe and iteration;
// $member picks the tile of a ring that holds several (fused rings, whose
// slot is one buffer per fused producer, in their order).
let hasSideEffects = true, IsCoordination = true,
    UseNamedOperandTable = true in {
def PIPE_TILE : TileASInst<(outs TILE:$d),
    (ins i32imm:$pipe, GPR32:$iter, i32imm:$member),
    "mov.u64 $d, pipe$pipe.slot[$iter].tile$member;", RV_Coordination>;
def PIPE_TMEM : TileASInst<(outs TMEM:$d),
    (ins i32imm:$pipe, GPR32:$iter, i32imm:$member),
    "mov.u64 $d, pipe$pipe.slot[$iter].tile$member;", RV_Coordination>;
}
