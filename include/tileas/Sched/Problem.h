//===- Problem.h - A modulo scheduling problem, independent of IR ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A loop body as the scheduling core sees it: operations with resource
// vectors, dependences with latency and iteration distance, constraint groups
// and budget charges. A MIR loop is one way to build a Problem; a HatScheT
// graph or a tileas-sched text file is another.
//
// Semantics the whole core agrees on (the verifier checks exactly these):
//
//  * An operation issued at cycle S holds, for every SlotUse U, slot U.Slot in
//    cycles S .. S + U.Duration - 1, and, for every PoolUse P, P.Units units of
//    pool P.Pool in cycles S .. S + P.Duration - 1. Modulo II, no slot has two
//    holders in one row and no pool more than its capacity in one row.
//  * A dependence From -> To with latency L and distance D requires
//      S(To) + II * D >= S(From) + L.
//  * Stage(op) = S(op) / II (all starts are >= 0); the stage count is
//    max stage + 1.
//  * Budget pools: every op that carries a BudgetUse "pipes" its value if it
//    is Async or if some Data consumer lies in a later stage. Its ring depth
//    (copies of the value alive at once) is
//      max(1, 1 + max over Data out-edges e = (op -> v) of
//                 (Stage(v) + Distance(e) - Stage(op))).
//    Accumulate edges (in-place read-modify-write of a loop-carried value,
//    such as an MMA accumulator) never deepen the ring. A PerStage use costs
//    Amount * depth; a PerPipe use costs Amount once if the op pipes.
//    The sum over all ops of a pool must not exceed its capacity.
//  * Coordination: a problem that carries a coordination description (a
//    TileAS MIR loop) must also fit the budgets by what the coordination
//    solve (tileas/Pipes) decides for the schedule: the pipes, mutexes and
//    barriers that materialization will insert (Coordination.h). Its ops'
//    budget charges above still hold, and guide the search; the solve
//    decides whether the schedule can be materialized at all.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_PROBLEM_H
#define TILEAS_SCHED_PROBLEM_H

#include "tileas/Pipes/PipeSolve.h"
#include "tileas/Sched/ResourceModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileas {

/// A (slot, duration, occupancy) triple of a resource vector. Singleton slots
/// only admit occupancy 1; the field is kept so that diagnostics can name the
/// triple exactly as the machine description wrote it.
struct SlotUse {
  unsigned Slot = 0; ///< One-based slot id.
  unsigned Duration = 1;
  unsigned Occupancy = 1;
};

/// A charge to a per-cycle counting pool.
struct PoolUse {
  unsigned Pool = 0; ///< Index into ResourceModel::pools().
  unsigned Units = 1;
  unsigned Duration = 1;
};

enum class BudgetScaling : uint8_t {
  PerStage, ///< Amount times the ring depth of the op's value (buffer bytes).
  PerPipe,  ///< Amount once if the op's value is piped (barrier ids).
};

/// A charge to a budget pool.
struct BudgetUse {
  unsigned Budget = 0; ///< Index into ResourceModel::budgets().
  uint64_t Amount = 0;
  BudgetScaling Scaling = BudgetScaling::PerStage;
};

struct Operation {
  std::string Name;
  llvm::SmallVector<SlotUse, 2> Slots;
  llvm::SmallVector<PoolUse, 2> Pools;
  llvm::SmallVector<BudgetUse, 1> Budgets;
  /// Precomputed footprint: one 64-bit row per occupied cycle (the OR of the
  /// triples). Optional; when empty the core derives it from Slots. When
  /// given it must equal what Slots describe (Problem::validate checks).
  llvm::SmallVector<uint64_t, 8> FootprintRows;
  /// Latency of the op's result (informational; dependences carry their own).
  unsigned Latency = 0;
  /// Issues to an asynchronous unit (TMA, tensor core, async copy).
  bool Async = false;
  /// Its result comes back from far memory without an asynchronous unit (a
  /// global load under the scoreboard): pipelining can prefetch it.
  bool FarMemory = false;
  /// Constraint group id, or -1. Ops of one group (after leader merging) are
  /// kept in one stage.
  int Group = -1;
  /// 0 = unlimited; otherwise Stage(op) < MaxDepth (1 pins to stage 0).
  unsigned MaxDepth = 0;
  /// The register model (RegisterPressure.h): the 32-bit registers the op's
  /// results take per thread (0: none modelled), the register file they
  /// count against (an index into SchedulerOptions::RegisterLimits, such as
  /// a warp-specialized agent), and whether a result is read after the loop.
  unsigned Registers = 0;
  unsigned RegisterGroup = 0;
  bool LiveOut = false;
  /// The registers of each result when the op has several, each live to its
  /// own last reader (Dependence::Result); they sum to Registers. Empty: one
  /// result of Registers.
  llvm::SmallVector<unsigned, 1> ResultRegisters;
  unsigned numResults() const {
    return ResultRegisters.empty() ? 1 : ResultRegisters.size();
  }
  unsigned resultRegisters(unsigned R) const {
    return ResultRegisters.empty() ? Registers : ResultRegisters[R];
  }
};

enum class DepKind : uint8_t {
  Data,       ///< A value flows From -> To.
  Accumulate, ///< In-place read-modify-write of a loop-carried value.
  Memory,     ///< Memory RAW / WAR / WAW.
  Token,      ///< Asynchronous completion token (wait on an async unit).
  Order,      ///< Pure ordering (side-effect barriers, calls).
};

/// The largest dependence distance a problem may have: the scheduler keeps
/// distances (and latencies) in 32 bits.
constexpr unsigned MaxDependenceDistance = 1u << 30;

struct Dependence {
  unsigned From = 0;
  unsigned To = 0;
  int Latency = 0;
  unsigned Distance = 0;
  DepKind Kind = DepKind::Data;
  /// For Data and Accumulate edges: which result of From the value is
  /// (Operation::ResultRegisters); the register model alone reads it.
  unsigned Result = 0;
};

/// A constraint group. A group with a Leader is merged with its leader's
/// group (transitively); a Leader that names no group is an error, never a
/// silent merge into some default group.
struct GroupDesc {
  int Id = 0;
  int Leader = -1;
  unsigned MaxDepth = 0; ///< As Operation::MaxDepth, for every member.
};

class Problem {
public:
  Problem() = default;
  explicit Problem(ResourceModel Model) : Model(std::move(Model)) {}

  unsigned addOperation(Operation Op) {
    Ops.push_back(std::move(Op));
    return Ops.size() - 1;
  }
  void addDependence(const Dependence &D) { Deps.push_back(D); }
  void addGroup(const GroupDesc &G) { Groups.push_back(G); }

  const ResourceModel &model() const { return Model; }
  ResourceModel &model() { return Model; }
  llvm::ArrayRef<Operation> operations() const { return Ops; }
  llvm::MutableArrayRef<Operation> operations() { return Ops; }
  llvm::ArrayRef<Dependence> dependences() const { return Deps; }
  llvm::ArrayRef<GroupDesc> groups() const { return Groups; }
  unsigned size() const { return Ops.size(); }

  /// The block asked for serial execution (tileas.force_serial).
  bool ForceSerial = false;
  /// What materialization will need to coordinate, without a schedule
  /// (ops in the problem's order); see Coordination.h.
  std::optional<pipes::SolveInput> Coordination;
  /// The op standing for the loop-closing branch, if the problem has one
  /// (see the file comment).
  std::optional<unsigned> LoopBranch;
  /// A name for diagnostics (function and block, or file).
  std::string Name;
  /// 32-bit registers per thread that values from before the loop, read in
  /// it, keep live throughout, per register group (Operation::RegisterGroup;
  /// missing groups hold none).
  llvm::SmallVector<unsigned, 4> InvariantRegisters;

  /// Checks internal consistency: slot ids defined in the model, pool and
  /// budget indices in range, nonzero durations, occupancy 1 on slots,
  /// dependence endpoints in range, group leaders that exist, footprint rows
  /// that match the triples, a loop branch that holds nothing and is pinned
  /// to stage 0; and the size caps of ProblemSize.h. The message names the
  /// op or edge.
  llvm::Error validate() const;

private:
  ResourceModel Model;
  std::vector<Operation> Ops;
  std::vector<Dependence> Deps;
  llvm::SmallVector<GroupDesc, 4> Groups;
};

/// Builds the footprint rows of a resource vector: row K is the OR of the bits
/// of all triples whose duration exceeds K; the footprint lasts as long as the
/// longest triple.
llvm::SmallVector<uint64_t, 8> buildFootprint(llvm::ArrayRef<SlotUse> Slots);

} // namespace tileas

#endif // TILEAS_SCHED_PROBLEM_H
