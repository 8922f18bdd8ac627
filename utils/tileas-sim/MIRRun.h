//===- MIRRun.h - What the agents of one MIR run share ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The state the agents of one simulated function share: the catalog of
// pipes, barriers, unit streams and loops (Simulator.h), the timing classes,
// the pipes as their PIPE_CREATE set them up, and the instructions behind
// each site number. It turns a coordination instruction into the barrier
// operation the simulator runs, as the protocol checker reads it
// (ProtocolChecker.h, TileASCoordination.td):
//
//   PIPE_CREATE p, d, ...      initializes pipe p's 2d barriers: FULL[s] and
//                              EMPTY[s] for each slot s;
//   PIPE_PRODUCER_ACQUIRE p, iv  waits on EMPTY[k mod d], parity q ^ 1;
//   PIPE_PRODUCER_COMMIT p, iv   arrives on FULL[k mod d];
//   PIPE_CONSUMER_WAIT p, iv     waits on FULL[k mod d], parity q;
//   PIPE_CONSUMER_RELEASE p, iv  arrives on EMPTY[k mod d];
//   MUTEX_LOCK b, side           waits on the mutex's barrier, parity 1 - side;
//   MUTEX_UNLOCK b, agent        arrives on it;
//
// with k = (iv - first) / step the iteration and q = (k / d) & 1 its phase.
// An arrival is performed by the agent PIPE_CREATE (or MUTEX_UNLOCK) names:
// 0 for the issuing agent itself, 1 + an event pipe for that asynchronous
// unit, whose stream then completes it. Copy engines (td EventPipe
// CopyEngine: TMA, async copy) complete each pipe they fill as a stream of
// its own; other units complete in issue order, one stream each.
//
// With several agents (warp specialization), every agent runs the common
// preamble, up to its AGENT_SWITCH; what the preamble does to the machine
// happens once, in the first agent (warp order): it issues the
// asynchronous instructions, performs the arrivals and acquires, and
// initializes each PIPE_CREATE's barriers, then arrives on the pipe's
// "created" barrier (mbarrier.init, its fence and the CTA barrier after
// it); another agent's PIPE_CREATE waits on that barrier, and its other
// preamble instructions but waits are free renames. PIPE_CREATE's last two
// operands name the agents issuing the producer and the consumer side, 0
// for the preamble: an acquire or commit issued by another than the
// producer's, a release, wait or slot handle by another than the
// consumer's, is an error (but for the preamble's waits, PipeSides.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_SIM_MIRRUN_H
#define TILEAS_UTILS_SIM_MIRRUN_H

#include "Agents.h"
#include "MemoryObjects.h"
#include "OpClasses.h"

#include "tileas/MIRExec/MIRExecutor.h"
#include "tileas/Sim/Simulator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/Error.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class MachineInstr;
class MachineOperand;
} // namespace llvm

namespace tileas {

namespace model {
class Machine;
} // namespace model

class MIRRun {
public:
  /// A run on machine M (the MIR's subtarget's, machineOf), timed on T
  /// (none: the slot model).
  MIRRun(const model::Machine &M, llvm::ArrayRef<AgentEntry> Agents,
         std::optional<timing::Timing> T = std::nullopt);

  const model::Machine &machine() const { return M; }

  sim::Catalog &names() { return Names; }
  OpClasses &classes() { return Classes; }
  MemoryObjects &objects() { return Objects; }

  /// The site number of MI, and back.
  unsigned site(const llvm::MachineInstr &MI);
  std::string describe(unsigned Site) const;

  /// The stream an operation of agent Agent on event pipe EventPipe issues
  /// to, for pipe Pipe when it is a copy engine's.
  unsigned issueStream(unsigned Agent, unsigned EventPipe,
                       std::optional<unsigned> Pipe);

  /// Whether a PIPE_CREATE has set up pipe Id.
  bool hasPipe(unsigned Id) const { return Pipes.count(Id); }
  /// An error unless Agent (0: the preamble) may issue MI, an operation on
  /// pipe Id or a slot handle of it, on the side MI belongs to
  /// (mayIssuePipeSide, PipeSides.h).
  llvm::Error checkSide(const llvm::MachineInstr &MI, unsigned Id,
                        unsigned Agent) const;

  /// Whether Agent is the one that acts for the preamble: the first agent.
  bool actsForPreamble(unsigned Agent) const {
    return Agent == Agents.front().Id;
  }
  /// The agent an instruction of Agent counts as issued by: 0 (the
  /// unspecialized stream, or the preamble) or Agent itself.
  unsigned issuer(unsigned Agent, bool InPreamble) const {
    return InPreamble ? 0 : Agent;
  }

  /// The simulator's checks of coordination instruction MI's operands,
  /// Issuer being the agent it counts as issued by (0 in the preamble).
  llvm::Error checkOperands(const llvm::MachineInstr &MI,
                            unsigned Issuer) const;
  /// The barrier operations of coordination event E of MI (the executor's,
  /// MIRExecutor.h) run by Agent, in the preamble or its own region.
  llvm::Expected<llvm::SmallVector<sim::DynamicOp, 2>>
  coordinate(const llvm::MachineInstr &MI, const CoordinationEvent &E,
             unsigned Agent, bool InPreamble);

private:
  const model::Machine &M;
  struct Pipe {
    /// As its PIPE_CREATE sets it up.
    PipeDecl Decl;
    /// FULL[s] is Base + s, EMPTY[s] is Base + Depth + s, and Base + 2 Depth
    /// tells agents that the barriers are initialized.
    unsigned Base = 0;
    /// FULL[s] is FullBase + s and EMPTY[s] EmptyBase + s: Base and Base +
    /// Depth, or for a one-slot ring that names a barrier id of a one-slot
    /// ring created before it in the same block, that ring's (a handoff
    /// sharing its lender's barrier, docs/warp-specialization.md).
    unsigned FullBase = 0, EmptyBase = 0;
    bool Shares = false;
    unsigned Group = 0;
  };

  std::string streamName(unsigned Agent, unsigned EventPipe,
                         std::optional<unsigned> Pipe) const;
  std::string agentName(unsigned Agent) const;
  /// The stream that performs an arrival declared as Declared (0: the agent
  /// itself, 1 + event pipe: that unit). A copy engine's commit waits for
  /// what was issued for its pipe or, if nothing was (a load before the
  /// loop, without an acquire), for the engine's other operations: never
  /// earlier than the load it publishes.
  int performer(unsigned Declared, unsigned Agent,
                std::optional<unsigned> Pipe);
  llvm::SmallVector<sim::DynamicOp, 2> createPipe(const llvm::MachineInstr &MI,
                                                  const PipeDecl &Decl,
                                                  unsigned Agent,
                                                  bool InPreamble);
  sim::DynamicOp mutexOp(const CoordinationEvent &E, unsigned Agent);
  llvm::Expected<sim::DynamicOp> pipeOp(const llvm::MachineInstr &MI,
                                        const CoordinationEvent &E,
                                        unsigned Agent);

  /// The agents of the run, in warp order (the first holds warp 0).
  std::vector<AgentEntry> Agents;
  sim::Catalog Names;
  OpClasses Classes;
  MemoryObjects Objects;
  std::vector<const llvm::MachineInstr *> Sites;
  /// The streams some operation has been issued to.
  std::set<std::string> Issued;
  llvm::DenseMap<const llvm::MachineInstr *, unsigned> SiteOf;
  /// Pipe id -> the pipe its latest PIPE_CREATE set up.
  std::map<unsigned, Pipe> Pipes;
  /// The barriers of each PIPE_CREATE (by site) and of each mutex.
  std::map<unsigned, unsigned> CreateBarriers;
  std::map<int64_t, unsigned> MutexBarriers;
};

} // namespace tileas

#endif // TILEAS_UTILS_SIM_MIRRUN_H
