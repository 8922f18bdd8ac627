//===- TileASAgentPartition.h - Which agent issues what ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Warp specialization gives every agent of the machine model (td Agent: a
// load warp, an MMA warp, compute warpgroups) its own copy of a coordinated
// loop, holding only what that agent issues. This decides, without changing
// anything, what each copy holds:
//
//  * every scheduled instruction has a home agent, from its resource vector
//    (model::agentOf: the agent of its asynchronous unit, else the default
//    agent); pure scalar instructions (integer arithmetic and compares on
//    GPR and predicate registers, without memory or side effects) have none:
//    they are recomputed in every agent that needs them (the induction
//    variable, coordinates, addresses);
//  * an agent's loop holds its own instructions, the loop control, the
//    coordination anchored to its instructions, and the scalar instructions
//    those need; the default agent also makes the values read after the
//    loop;
//  * a tile or tensor-memory value that an agent reads but another agent
//    defines crosses through the coordination: a buffer rewritten in place
//    (an accumulator) is the buffer allocated before the loop, read when the
//    pipe or mutex that orders the two sides lets it; a fresh value is the
//    slot of the ring that carries it, for the consumer's iteration;
//  * any other value crossing agents (a fragment, a scalar read from
//    memory) cannot be: the loop is not specialized, and why() names the
//    value and the two agents;
//  * neither can an order between memory accesses or side effects of two
//    agents (a global store in a compute warp and the next iteration's TMA
//    load of what may be the same tensor): agents meet only at pipes and
//    mutexes, which order buffers, not memory, so nothing would keep it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASAGENTPARTITION_H
#define TILEAS_TILEASAGENTPARTITION_H

#include "WarpSpecialize/TileASComputeSplit.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/CodeGen/Register.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {

class MachineBasicBlock;
class MachineInstr;
class MachineRegisterInfo;
struct PlacedCoordination;
struct TileASCountedLoop;
struct TileASLoopSchedule;

/// R is a virtual register of a scalar class (32- or 64-bit integer, or a
/// predicate): a value any agent may hold or recompute.
bool isScalarRegister(const MachineRegisterInfo &MRI, Register R);

/// Integer arithmetic or a compare on scalar registers, without memory,
/// side effects or an asynchronous unit: what every agent may recompute.
bool isPureScalarInstr(const MachineInstr &MI, const MachineRegisterInfo &MRI);

/// Does MI touch memory that no buffer of the coordination stands for
/// (global or local memory), or have effects nothing models? Tiles and
/// tensor-memory values are ordered by the pipes and mutexes that carry
/// them, including the reads of a buffer before its in-place rewrite.
bool touchesUnbufferedMemory(const MachineInstr &MI);

/// Whether MI, an instruction of an agent's copy of Loop (whose induction
/// PHI is IVPhi), is loop control only: the PHI, a terminator or a pure
/// scalar, none of whose values is read outside Loop. An agent whose copy
/// holds nothing else skips the loop.
bool isIdleLoopInstr(const MachineInstr &MI, const MachineInstr *IVPhi,
                     const MachineBasicBlock &Loop,
                     const MachineRegisterInfo &MRI);

/// The home agent of each of a loop's scheduled instructions Instrs, as
/// the partition assigns them (0 for a scalar every agent recomputes).
std::vector<unsigned> homeAgentsOf(ArrayRef<MachineInstr *> Instrs,
                                   const MachineRegisterInfo &MRI);

/// How an agent gets a buffered value that another agent defines.
struct TileASCrossing {
  /// The buffer allocated before the loop, for a value rewritten in place.
  Register Outer;
  /// Otherwise the ring (pipe id) whose slot holds it, and which of the
  /// ring's fused tiles it is.
  int Pipe = -1;
  unsigned Member = 0;
  /// The agent that defines it.
  unsigned From = 0;
};

class TileASAgentPartition {
public:
  /// Partitions the loop of S (Counted its control) under the coordination
  /// Solution. Check why() before anything else.
  /// Deps are the loop's dependences, ops indexed like S.Instrs (those of
  /// ops beyond, such as the loop branch, are ignored).
  /// With Split, the default agent's components run on its compute
  /// warpgroups: an extra warpgroup's instructions, and the values it reads
  /// after the loop, are that warpgroup's agent's (Sol solved with them).
  static TileASAgentPartition
  analyze(const TileASLoopSchedule &S, const TileASCountedLoop &Counted,
          const tileas::pipes::SolveResult &Sol,
          ArrayRef<tileas::Dependence> Deps,
          std::optional<TileASWarpgroupSplit> Split = std::nullopt);

  /// Empty when the loop can be specialized, else the reason it cannot.
  const std::string &why() const { return Why; }

  /// Agents are numbered 1 .. numAgents(), as in td, then the extra
  /// compute warpgroups of a split.
  unsigned numAgents() const { return Keep.size(); }
  /// The compute warpgroups the loop is split into, or null for one.
  const TileASWarpgroupSplit *split() const {
    return Split ? &*Split : nullptr;
  }
  /// The agent that issues each scheduled instruction (its home agent; the
  /// default agent for scalar ones), indexed like S.Instrs.
  std::vector<unsigned> issuingAgents() const;
  /// The home agent of scheduled instruction Op (indexed like S.Instrs), or
  /// 0 for a scalar one that every agent recomputes.
  unsigned homeAgent(unsigned Op) const { return Home[Op]; }

  /// Adds the coordination that was placed in the loop: each instruction
  /// goes to the agent of its anchor, with the scalar values it reads.
  void addCoordination(ArrayRef<PlacedCoordination> Placed);

  /// Does Agent's copy of the loop hold MI (an instruction of the loop
  /// block, PHIs and terminators included)?
  bool keeps(unsigned Agent, const MachineInstr *MI) const {
    return Keep[Agent - 1].count(MI);
  }
  /// The values Agent reads that other agents define, in the order found.
  const MapVector<Register, TileASCrossing> &crossings(unsigned Agent) const {
    return Crossings[Agent - 1];
  }

private:
  TileASAgentPartition(const TileASLoopSchedule &S,
                       const tileas::pipes::SolveResult &Sol);
  unsigned homeOf(const MachineInstr &MI) const;
  /// The machine the loop is scheduled for.
  const tileas::model::Machine &machine() const;
  void add(unsigned Agent, MachineInstr *MI);
  /// Makes R available to Agent, which reads it in User (null: after the
  /// loop); records Why on failure.
  void need(unsigned Agent, Register R, const MachineInstr *User);
  void close(unsigned Agent);
  /// The slot of the ring that scheduled op Op produces, as a crossing from
  /// agent From.
  std::optional<TileASCrossing> ringSlot(unsigned Op, unsigned From) const;
  bool checkSides();
  /// Fails on a memory, token or order dependence between two agents.
  bool checkMemoryOrder(ArrayRef<tileas::Dependence> Deps);
  std::string agentName(unsigned Agent) const;
  std::string describe(const MachineInstr &MI) const;
  std::string describe(Register R) const;

  const TileASLoopSchedule &S;
  const tileas::pipes::SolveResult &Sol;
  DenseMap<const MachineInstr *, unsigned> SchedIndex;
  /// Home agent per scheduled instruction; 0 for scalar ones.
  std::vector<unsigned> Home;
  std::vector<DenseSet<const MachineInstr *>> Keep;
  std::vector<std::vector<MachineInstr *>> Worklist;
  std::vector<MapVector<Register, TileASCrossing>> Crossings;
  std::optional<TileASWarpgroupSplit> Split;
  std::string Why;
};

} // namespace llvm

#endif // TILEAS_TILEASAGENTPARTITION_H
