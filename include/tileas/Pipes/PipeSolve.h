//===- PipeSolve.h - Group producers and consumers into pipes ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The solve step of materialization (Schedule::solve in the seeds), free of
// any IR. Given a scheduled loop — each op's (stage, order), unit and whether
// it is asynchronous — and its buffered values (tiles in shared memory,
// accumulators in tensor memory) with who defines, rewrites in place, and
// reads them, it decides the coordination the schedule requires:
//
//  1. Values rewritten in place share a buffer: union-find joins them into
//     groups; a group's producers are the ops that define or rewrite it.
//  2. A group's owner is its earliest producer by (stage, order) (a stable
//     sort, so ties resolve the same way on every run).
//  3. A group whose producer and readers are on different units, in
//     different stages, or whose producer is asynchronous, needs a pipe:
//     a ring of depth 1 + the largest stage distance from the owner to a
//     read (a read d iterations later adds d), i.e. slack depth - 1; deeper
//     where an asynchronous reader releases its slot (when its unit
//     completes, its latency after it issues) later than the owner's refill
//     depth iterations on would need it: depth >= ceil((Start(reader) +
//     latency - Start(owner)) / II).
//     A value produced before the loop by an asynchronous unit and read in
//     it gets a consumer-only pipe (wait once, before the loop).
//  4. A group that is rewritten in place across iterations (an accumulator,
//     or a buffer allocated before the loop and reused by every iteration)
//     cannot have a ring; if it is read inside the loop by another unit,
//     producer and readers must never overlap: a mutex (zero slack, one
//     barrier).
//     Read only after the loop, it gets a drain: the exit waits for the last
//     iteration's producers.
//  5. Barriers are priced by BarrierCost.h: pipes are mbarriers (shared
//     memory, per slot), a mutex is a named barrier between thread groups
//     or an mbarrier where an asynchronous unit releases it. Buffer and
//     mbarrier bytes are summed per budget pool, named barriers counted
//     against the ids left after the reserved ones. Only when that does not
//     fit, drains reuse the mbarriers of consumer-only pipes (one is over
//     before the loop starts, the other starts after it ends), then rings
//     are fused where that saves bytes (BarrierPlan.cpp): two rings whose
//     producers run on one unit, and whose every consumer issues after
//     every producer's result is ready in the schedule, share one slot and
//     one pair of barriers, as a GEMM's A and B tiles share a CUTLASS
//     pipeline stage. Fusing never delays an op past its scheduled cycle.
//  6. Warp-specialized (SolveInput::WarpSpecialized): a mutex whose two
//     sides are in two agents, one of them ended by an asynchronous unit,
//     is a two-barrier handoff (Pipe::Handoff), planned as a ring; when the
//     barriers still do not fit after fusing, a handoff shares the full or
//     the empty barrier of a one-slot ring whose phase already implies its
//     own (Pipe::FullFrom, Pipe::EmptyFrom: attention's O handed to PV
//     behind the P tile PV reads), when shared memory forces it; and once
//     everything fits, the rings an
//     asynchronous unit fills for another agent get up to RingSlack more
//     slots while their pool has room (Pipe::Slack, added to the depth of
//     step 3).
//
// This is the one definition of what a schedule's coordination costs: the
// scheduler charges a loop's budgets by it (a schedule whose coordination
// does not fit is not accepted), and materialization inserts exactly what
// it decides.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PIPES_PIPESOLVE_H
#define TILEAS_PIPES_PIPESOLVE_H

#include "tileas/Pipes/BarrierCost.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace pipes {

struct LoopOp {
  unsigned Stage = 0;
  unsigned Order = 0;
  unsigned Unit = 0; ///< Event pipe of the op's resource vector.
  bool Async = false;
  /// Issue cycle in the flat schedule, and when its result is ready after
  /// that: rings are fused only where no op would wait longer than the
  /// schedule says.
  int64_t Start = 0;
  unsigned Latency = 0;
  /// The agent (td Agent, 1-based) that issues the op when the loop is
  /// warp-specialized; read only if SolveInput::WarpSpecialized.
  unsigned Agent = 0;
};

struct BufferedValue {
  /// The op of the loop that defines it, or -1 for a value defined before
  /// the loop.
  int Producer = -1;
  /// For Producer == -1: defined by an asynchronous unit.
  bool ProducedAsync = false;
  /// Bytes per buffer and the budget pool they are paid from (-1: none).
  uint64_t Bytes = 0;
  int Budget = -1;
  /// Read after the loop.
  bool LiveOut = false;
};

/// Op reads Value, produced Distance iterations earlier. An in-place read is
/// the read half of a read-modify-write: Op rewrites Value's buffer (its
/// result is another value of the same buffer, or the same value one
/// iteration later).
struct Read {
  unsigned Op = 0;
  unsigned Value = 0;
  unsigned Distance = 0;
  bool InPlace = false;
  /// For an in-place read: the value Op defines in that buffer.
  int Result = -1;
};

/// The first mbarrier number of a loop (0 means "no barrier").
constexpr unsigned FirstMbarrier = 1;

struct SolveInput {
  std::vector<LoopOp> Ops;
  std::vector<BufferedValue> Values;
  std::vector<Read> Reads;
  /// Named barriers: ids below FirstBarrier are reserved; ids up to
  /// BarrierLimit - 1 may be used. Mbarriers are numbered from
  /// FirstMbarrier (Pipe::FullBarrier) and limited only by their bytes.
  unsigned FirstBarrier = 1;
  unsigned BarrierLimit = 16;
  /// What barriers cost (td CoordinationModel).
  BarrierCostModel Cost;
  /// Pipes are numbered from here (pipe ids are unique in a function, so
  /// that the pipes of two loops are never confused).
  unsigned FirstPipeId = 0;
  /// Capacity of each budget pool that values are paid from.
  std::vector<uint64_t> BudgetCapacity;
  std::vector<std::string> BudgetNames;
  /// The pool that pays for named barriers, or -1: its usage is
  /// BarriersUsed. Mbarrier bytes go to Cost.MbarrierBudget.
  int BarrierBudget = -1;
  /// The schedule's II; 0 (unknown) disables fusing rings.
  unsigned II = 0;
  /// The loop will be warp-specialized: each op is issued by its Agent, and
  /// a mutex that alternates two agents and that an asynchronous unit
  /// releases becomes a two-barrier handoff (Pipe::Handoff).
  bool WarpSpecialized = false;
  /// Warp-specialized: at most this many slots beyond what the schedule
  /// needs for each ring an asynchronous unit fills across agents, where
  /// the budgets allow (Pipe::Slack).
  unsigned RingSlack = 0;
};

/// An ordering the schedule could add (an Order dependence): Before issues
/// at least Latency cycles before After, Distance iterations later. The
/// scheduler adds such orderings where the coordination needs them.
struct Ordering {
  unsigned Before = 0;
  unsigned After = 0;
  unsigned Latency = 0;
  unsigned Distance = 0;
};

enum class PipeKind : uint8_t {
  Ring,         ///< Producer and consumers in the loop.
  ConsumerOnly, ///< Produced before the loop, read in it.
  Drain,        ///< Produced in the loop, read only after it.
};

struct Pipe {
  unsigned Id = 0;
  PipeKind Kind = PipeKind::Ring;
  unsigned Group = 0;
  int Owner = -1; ///< Earliest producer by (stage, order); -1 if none.
  llvm::SmallVector<unsigned, 2> Producers; ///< Sorted by (stage, order).
  /// Reads of the group by other ops, sorted by (stage + distance, order).
  llvm::SmallVector<Read, 4> Consumers;
  unsigned Depth = 1;
  uint64_t Bytes = 0;
  int Budget = -1;
  /// Mbarrier numbers: each names Depth mbarriers, one per slot.
  unsigned FullBarrier = 0;
  unsigned EmptyBarrier = 0; ///< Unused by consumer-only and drain pipes.
  /// Buffers allocated before the loop that iterations take turns with:
  /// never fused (their depth is the number of buffers).
  bool Turns = false;
  /// Rings fused into this one (1: none); Bytes is their sum.
  unsigned Members = 1;
  /// A drain whose barrier was a consumer-only pipe's: it is created at
  /// the loop's exit, once that pipe is over.
  bool CreateAtExit = false;
  /// A mutex's two sides in two agents, handed over through a depth-1 ring
  /// over the buffer allocated before the loop (Turns, no bytes): the side
  /// that comes first in an iteration produces (acquire before its first
  /// op, commit after its last), the other consumes (wait, release). The
  /// full barrier says "first side done", the empty one "second side done";
  /// each names its iteration by its phase, which one mutex barrier cannot
  /// when an asynchronous unit releases a side and its agent runs ahead
  /// (FlashAttention 4's S-full / P-ready barrier pair).
  bool Handoff = false;
  /// A handoff whose barriers are another ring's (-1: its own), by pipe
  /// id. The full barrier is shared with a ring whose commit, made by the
  /// same committer after this handoff's last first-side op, implies "first
  /// side done", and whose wait the second side's agent makes no later
  /// than its last reader; this handoff then makes no commit of its own and
  /// its wait names the lender's barrier. The empty barrier is shared with a
  /// ring that the same releaser releases after this handoff's last
  /// second-side op (so its phase implies "second side done"), and that the
  /// first side's agent fills only after this handoff's acquire; this
  /// handoff then makes no release of its own. Lender and handoff have one
  /// slot each, so an iteration names the same slot and phase in both
  /// (BarrierPlan.cpp argues why no wait can mistake a phase).
  int FullFrom = -1;
  int EmptyFrom = -1;
  /// Slots beyond the schedule's need (Depth includes them): warp
  /// specialized, a producer warp runs ahead of its consumers by as many
  /// iterations as its ring has free slots, so only a ring deeper than 1 +
  /// its stage distance absorbs the variance of a far-memory latency.
  unsigned Slack = 0;
  /// Set when an asynchronous reader's release, not the stage distance,
  /// sets Depth: the ordering that makes 1 + the stage distance enough (the
  /// reader's completion no later than the refill that many iterations on).
  std::optional<Ordering> Release;
};

struct Mutex {
  unsigned Id = 0;
  unsigned Group = 0;
  /// A named barrier id, or an mbarrier number when Mbarrier (numbered after
  /// the pipes' and the named ids, so no two mutexes share a number).
  unsigned Barrier = 0;
  /// Released by an asynchronous unit (releasedByUnit): an mbarrier.
  bool Mbarrier = false;
  llvm::SmallVector<unsigned, 2> Producers;
  llvm::SmallVector<unsigned, 4> Consumers;
};

/// The two sides of mutex M in the order an iteration issues them (by
/// Ops[].Order): the side whose region comes first is First. Unspecialized
/// (UseAgents false), or with every op in one agent, the sides are the
/// readers and the writers. Warp-specialized with ops in two agents, each
/// agent's ops are a side. Returns false when they cannot be two one-agent
/// regions (three agents, or runs that interleave).
bool mutexSides(const Mutex &M, llvm::ArrayRef<LoopOp> Ops, bool UseAgents,
                llvm::SmallVectorImpl<unsigned> &First,
                llvm::SmallVectorImpl<unsigned> &Second);

/// Whether mutex M, warp-specialized, must be a two-barrier handoff: its
/// sides are in two agents and an asynchronous unit ends one of them (its
/// release lands after its agent may already want the side again).
bool needsHandoff(const Mutex &M, llvm::ArrayRef<LoopOp> Ops);

/// A read TileAS cannot coordinate as scheduled (a limitation; unless the
/// schedule can be fixed, the loop must be left as it was): a ring's value
/// read Distance > 0 iterations after its producer wrote it, or a buffer
/// rewritten in place read between two of its rewrites (neither one ring
/// slot nor one mutex region can hold both sides), or a mutex whose regions
/// of two iterations would interleave.
struct UncoordinatedRead {
  enum KindTy {
    Carried,
    BetweenRewrites,
    /// A mutex over buffers that iterations take turns with, whose next
    /// iteration would enter before this one left: the schedule can fix it
    /// (Fix), at some cost in II.
    OverlapsNextIteration,
  } Kind = Carried;
  Read R;
  /// The producer the read comes before (BetweenRewrites) or after.
  unsigned Producer = 0;
  std::optional<Ordering> Fix;
};

/// A budget the coordination needs more of than there is. Budget -1 is the
/// named barriers when no budget pool pays for them.
struct Overrun {
  int Budget = -1;
  uint64_t Need = 0;
  uint64_t Capacity = 0;
};

struct SolveResult {
  std::vector<Pipe> Pipes;
  std::vector<Mutex> Mutexes;
  /// Group of every value.
  std::vector<unsigned> GroupOf;
  /// Per budget pool: ring bytes plus mbarrier bytes in the mbarrier pool,
  /// the named barriers (BarriersUsed) in the named-barrier pool.
  std::vector<uint64_t> BudgetUsage;
  /// Named barriers used (Barriers.NamedBarriers).
  unsigned BarriersUsed = 0;
  /// Both kinds of barriers as planned (barrierUse).
  BarrierUse Barriers;
  /// What the plain plan (own barriers for every pipe and mutex) needs.
  BarrierUse Unshared;
  std::optional<UncoordinatedRead> Unsupported;
  std::optional<Overrun> Exceeded;
};

/// Decides the coordination of one loop and what it costs. The only errors
/// are malformed input; a coordination that TileAS cannot express or that
/// exceeds a budget is described in the result (Unsupported, Exceeded).
llvm::Expected<SolveResult> solvePipes(const SolveInput &In);

/// What a result that exceeds a budget needs and what is available, as a
/// sentence ("the loop needs 3 named barriers ..., but none is available
/// (ids 0..15 are reserved)"); empty when nothing is exceeded.
std::string describeOverrun(const SolveInput &In, const SolveResult &R);

/// Whether R exceeds the named-barrier budget (rather than another pool).
bool exceedsBarriers(const SolveInput &In, const SolveResult &R);

/// The internal error for a result that exceeds a budget, with the numbers
/// (success when nothing is exceeded).
llvm::Error budgetError(const SolveInput &In, const SolveResult &R);

/// Two rings of a solve result that could share one slot and one pair of
/// barriers (BarrierPlan.cpp) once the schedule keeps Orderings (each
/// producer of one ready before each consumer of the other).
struct FusionProposal {
  unsigned PipeA = 0, PipeB = 0;
  /// The cycles the orderings would move ops by at most (how late the
  /// latest consumer is now).
  int64_t Lateness = 0;
  llvm::SmallVector<Ordering, 4> Orderings;
  /// Bytes by which the fused ring would exceed the pair's budget pool as
  /// the rings are now: other rings must first get shallower.
  uint64_t Excess = 0;
};

/// Pairs of rings that could be fused if the schedule ordered their
/// producers before their consumers, or if the budget had room: those that
/// need orderings only first, least late first (ties by pipe).
std::vector<FusionProposal> proposeFusions(const SolveInput &In,
                                           const SolveResult &R);

} // namespace pipes
} // namespace tileas

#endif // TILEAS_PIPES_PIPESOLVE_H
