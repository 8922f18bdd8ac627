//===- Simulator.h - Cycle timing of issuing agents and units ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Times one run of a program on the machine model: every issuing agent in
// program order, the asynchronous unit streams, the barriers that
// coordinate them, and the slots and pools of the machine (shared by all
// agents). Independent of any IR (AgentProgram.h is the interface).
//
// The issue model, per agent, for the instruction at the head of its stream:
//
//  * in order: it issues no earlier than the instruction before it, in the
//    same cycle if nothing else stops it (several instructions may issue in
//    one cycle), and a cycle after a taken branch at the earliest;
//  * its register operands must be ready (issue + latency of the producer,
//    or the completion of the asynchronous op that made them);
//  * a load waits until the agent's earlier stores to its memory space have
//    completed (issue + latency): the memory order the scheduler keeps;
//  * its slots and pools must be free for their whole hold (ResourceCalendar);
//  * a Wait passes only while its barrier shows the other parity; an Arrive
//    by the agent lands at once, one by a unit stream when the stream has
//    completed everything issued to it before (Barriers.h);
//  * renames, waits that pass, arrivals, markers and branches take no slot.
//
// An asynchronous op completes Latency cycles after issue, but never before
// the op issued to its stream before it (streams complete in order).
// Far-memory latencies are drawn by Jitter when it is enabled.
//
// The clock advances to the next cycle in which some agent could go on (an
// operand becomes ready, a resource frees, an arrival lands); in each cycle
// the agents are tried in order, repeatedly, until none can go on, so an
// arrival made in a cycle is seen by every agent in that cycle. If no agent
// can ever go on and some has not returned, the run is a deadlock: an error
// that names each blocked agent's instruction. Same programs, same options:
// the same result, cycle for cycle.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_SIMULATOR_H
#define TILEAS_SIM_SIMULATOR_H

#include "tileas/Sched/ResourceModel.h"
#include "tileas/Sim/AgentProgram.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace sim {

/// The names of what a front end numbers across all agents of a run.
struct Catalog {
  /// Pipes and mutexes, for stall reports (DynamicOp::Group).
  std::vector<std::string> Groups;
  /// Asynchronous unit streams (DynamicOp::Stream).
  std::vector<std::string> Streams;
  /// Loops (DynamicOp::Loop).
  std::vector<std::string> Loops;
  /// Occupied units (OpClass::Unit).
  std::vector<std::string> Units;
  /// Barriers are 0 .. NumBarriers - 1.
  unsigned NumBarriers = 0;

  /// The index of Name in Names, added if new.
  static unsigned intern(std::vector<std::string> &Names, llvm::StringRef Name);
};

struct SimOptions {
  /// Far-memory latency jitter, +-percent (0: none).
  unsigned JitterPercent = 0;
  uint64_t Seed = 1;
  /// The heavy tail: TailPercent of the far-memory ops (drawn after the
  /// +-JitterPercent draw) take TailFactor times their latency (0: none).
  unsigned TailPercent = 0;
  unsigned TailFactor = 1;
  /// Cycles from an arrival until a waiter sees its phase (a timing
  /// description's mbarrier latency; 0: at once).
  unsigned ArriveLatency = 0;
  /// A run still going at this cycle is stopped with an error.
  Cycle MaxCycles = Cycle(1) << 40;
  /// Branches as the modulo scheduler sees them: they neither wait for
  /// their predicate nor end the issue cycle (a loop that closes for free).
  /// Off: a branch waits for its predicate, and a taken one ends the cycle.
  bool FreeBranches = false;
  /// If set, one line per instruction as it issues: its cycle, agent and
  /// description, and when it completes (or when its arrival lands).
  llvm::raw_ostream *Trace = nullptr;
};

/// Cycles an agent could not issue its next instruction, by cause.
struct StallCounts {
  Cycle Operand = 0;  ///< A register operand was not ready.
  Cycle Memory = 0;   ///< An earlier store to the space had not completed.
  Cycle Resource = 0; ///< A slot or pool was held.
  Cycle Barrier = 0;  ///< A pipe wait or acquire, or a mutex lock.
  Cycle total() const { return Operand + Memory + Resource + Barrier; }
};

struct AgentResult {
  std::string Name;
  /// Instructions issued (Issue ops).
  uint64_t Issued = 0;
  uint64_t TakenBranches = 0;
  /// The cycle its Return issued.
  Cycle Returned = 0;
  StallCounts Stalls;
};

struct GroupResult {
  std::string Name;
  /// Cycles agents were blocked waiting for data (consumer waits, mutex
  /// locks) and for free slots (producer acquires).
  Cycle WaitStall = 0;
  Cycle AcquireStall = 0;
};

struct StreamResult {
  std::string Name;
  uint64_t Ops = 0;
  /// The completion of its last op (0 if none).
  Cycle LastCompletion = 0;
};

/// One op's stay on an occupied unit, in hundredths of a cycle.
struct UnitSpan {
  uint64_t StartX100 = 0;
  uint64_t EndX100 = 0;
  /// The cycle it issued, and the agent that issued it.
  Cycle Issued = 0;
  uint64_t TransferBytes = 0;
  unsigned Agent = 0;
};

struct OccupiedUnitResult {
  std::string Name;
  /// In issue order (which is the unit's order).
  std::vector<UnitSpan> Spans;
  /// The sum of the spans' lengths, in hundredths of a cycle.
  uint64_t BusyX100 = 0;
};

struct LoopResult {
  unsigned Agent = 0;
  unsigned Loop = 0;
  std::string Name;
  /// The cycle of every entry into the loop block, in order.
  std::vector<Cycle> Entries;

  /// Cycles per iteration in the steady state: the mean distance between
  /// consecutive entries over the later half of the run (the warm-up after
  /// the prologue excluded), or nullopt with fewer than two entries.
  std::optional<double> steadyCyclesPerIteration() const;
};

struct SimResult {
  /// The cycle at which every agent has returned and every issued operation
  /// (and every arrival) has completed.
  Cycle Cycles = 0;
  std::vector<AgentResult> Agents;
  std::vector<LoopResult> Loops;
  std::vector<GroupResult> Groups;
  std::vector<StreamResult> Streams;
  /// One per Catalog::Units entry.
  std::vector<OccupiedUnitResult> Units;

  /// The loop that ran the most iterations (the kernel of a pipelined
  /// loop); on a tie (the agents of a warp-specialized loop) the one with
  /// the most cycles per iteration in the steady state, then the first;
  /// null if no loop ran.
  const LoopResult *mainLoop() const;
};

/// Runs Agents (agent i is Agents[i]) to completion. Errors: a deadlock or a
/// run past MaxCycles (naming each agent's blocked instruction), an op that
/// names a value, stream, barrier or loop out of range, or an error of an
/// agent's program.
llvm::Expected<SimResult> simulate(const ResourceModel &Model,
                                   const Catalog &Names,
                                   llvm::ArrayRef<AgentProgram *> Agents,
                                   const SimOptions &Opts = {});

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_SIMULATOR_H
