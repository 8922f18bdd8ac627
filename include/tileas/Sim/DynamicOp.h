//===- DynamicOp.h - What an agent hands the timing simulator ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The vocabulary between a program front end (materialized MIR is one, a
// test's list of ops another) and the timing simulator: the dynamic
// instructions of one issuing agent, in program order, with what the
// machine needs to time them. Independent of any IR.
//
// An agent's stream holds:
//
//   Issue    an instruction that issues: it holds the slots and pools of its
//            OpClass from its issue cycle, reads register values (it waits
//            until they are ready) and defines values ready Latency cycles
//            after issue; on an asynchronous unit stream, when the stream
//            completes it (streams complete in order);
//   Rename   register moves that cost nothing (PHIs at a block's entry, in
//            parallel; COPY): each destination becomes ready when its source
//            is;
//   Branch   a branch: holds nothing, waits for its operands (the
//            predicate); a taken one ends the agent's issue cycle (the next
//            instruction issues a cycle later at the earliest);
//   Wait     blocks the agent until a barrier's phase parity differs from
//            Parity (mbarrier try_wait.parity; a pipe wait, acquire or mutex
//            lock);
//   Arrive   completes a phase of a barrier: at once if the agent performs
//            it, or when an asynchronous unit stream has completed every
//            operation issued to it so far (a commit or release by the TMA
//            or the tensor core);
//   Init     initializes barriers (phase counts 0, pending arrivals dropped);
//   Marker   the agent enters a loop block: its cycle is recorded to measure
//            cycles per iteration;
//   Return   the agent is done.
//
// Register values are small integers an agent chooses (a front end numbers
// its registers); each agent has its own. Barriers, barrier groups (the pipe
// or mutex a barrier belongs to, for stall reports) and unit streams are
// numbered by the front end across all agents of a run (Catalog in
// Simulator.h), which may name new ones as the run goes on.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_DYNAMICOP_H
#define TILEAS_SIM_DYNAMICOP_H

#include "tileas/Sched/Problem.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <utility>

namespace tileas {
namespace sim {

/// Cycles since the start of the run.
using Cycle = uint64_t;

/// No occupied unit: an op's latency counts from its issue.
constexpr int NoUnit = -1;

/// The static timing facts of an instruction kind (an opcode), shared by all
/// its dynamic instances.
struct OpClass {
  /// Slots held from the issue cycle (Duration cycles each).
  llvm::SmallVector<SlotUse, 2> Slots;
  /// Pool units held from the issue cycle.
  llvm::SmallVector<PoolUse, 2> Pools;
  /// Cycles from issue until its results are ready (or its unit completes).
  unsigned Latency = 0;
  /// A far-memory access (its latency varies: jitter applies).
  bool FarMemory = false;
  /// Memory ordering: a load waits until every earlier store of the same
  /// agent to the same space that may touch its object (DynamicOp::Object)
  /// has completed. Space 0 is "no memory".
  unsigned LoadSpace = 0;
  unsigned StoreSpace = 0;
  /// A thread's store into a buffer (shared or tensor memory) that pipes
  /// and mutexes hand between agents: the agent's later arrivals on a
  /// barrier are performed once it has completed (release semantics).
  bool BufferStore = false;
  /// A unit the op occupies (the tensor core, the SM's far-memory share;
  /// Catalog::Units), set by a timing description: the op starts on it once
  /// the ops issued to it before have left it (each OccupancyX100 / 100
  /// cycles after its start), and its Latency counts from that start.
  /// NoUnit: from its issue, and nothing queues.
  int Unit = NoUnit;
  uint64_t OccupancyX100 = 0;
  /// A later op on the same unit that reads its result need not wait for
  /// it: the unit takes it in order (the tensor core accumulates in place),
  /// so the reader may issue at once and queues behind it.
  bool ForwardsOnUnit = false;
  /// Far-memory bytes it moves (a TMA load), for the transfer bound.
  uint64_t TransferBytes = 0;
};

enum class OpKind : uint8_t {
  Issue,
  Rename,
  Branch,
  Wait,
  Arrive,
  Init,
  Marker,
  Return,
};

/// No unit stream: the agent itself completes the op or performs the
/// arrival.
constexpr int NoStream = -1;

struct DynamicOp {
  OpKind Kind = OpKind::Issue;
  /// The front end's name for the instruction (for reports and errors).
  unsigned Site = 0;

  /// Issue: the timing class (never null for Issue).
  const OpClass *Class = nullptr;
  /// Issue: register values read and defined; Branch: its predicate.
  llvm::SmallVector<unsigned, 4> Uses;
  llvm::SmallVector<unsigned, 2> Defs;
  /// Issue: the memory object it accesses when the front end can name one
  /// no other object overlaps (a noalias kernel parameter, a global), so
  /// that accesses of two such objects are not ordered, as the scheduler's
  /// dependences do not order them; 0: it may access anything in its space.
  unsigned Object = 0;
  /// Issue: the asynchronous unit stream it runs on; Arrive: the stream
  /// that performs the arrival; NoStream: the agent.
  int Stream = NoStream;

  /// Rename: (destination, source) pairs, read together then written.
  llvm::SmallVector<std::pair<unsigned, unsigned>, 4> Moves;

  /// Branch: whether it is taken.
  bool Taken = false;

  /// Wait, Arrive: the barrier; Init: the first of Count barriers.
  unsigned Barrier = 0;
  unsigned Count = 0;
  /// Wait: the parity the barrier must not show.
  unsigned Parity = 0;
  /// Wait: the pipe or mutex the barrier belongs to, for stall reports.
  unsigned Group = 0;
  /// Wait: an acquire (waits for an empty slot) rather than a wait for data.
  bool Acquire = false;

  /// Marker: the loop entered.
  unsigned Loop = 0;
};

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_DYNAMICOP_H
