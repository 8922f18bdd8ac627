//===- SlotTableTypes.h - Record types of the generated slot tables -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The plain structs that tileas-tblgen's output (TileASSlotTables.inc) fills.
// They are POD so the tables are constant-initialized; the accessors in
// MachineModel.h turn them into the scheduling core's ResourceModel and
// per-op resource vectors.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MODEL_SLOTTABLETYPES_H
#define TILEAS_MODEL_SLOTTABLETYPES_H

#include "tileas/Sched/Problem.h"

#include <cstdint>

namespace tileas {
namespace model {

struct SlotRecord {
  unsigned Id;
  const char *Name;
  SlotKind Kind;
  const char *Record; ///< The td record (also LLVM's ProcResource name).
};

struct PoolRecord {
  const char *Name;
  unsigned Capacity;
  const char *Record; ///< The td record (also LLVM's ProcResource name).
};

struct BudgetRecord {
  const char *Name;
  uint64_t Capacity;
  const char *Unit;
};

struct EventBudgetRecord {
  unsigned SrcPipe;
  unsigned DstPipe;
  unsigned Events;
};

/// What coordination costs (td CoordinationModel; BarrierCost.h).
struct CoordinationRecord {
  /// Mbarriers: their pool (an index into the budget table, or -1), bytes
  /// each, per ring slot, per mutex an asynchronous unit releases.
  int MbarrierBudget;
  unsigned MbarrierBytes;
  unsigned MbarriersPerSlot;
  unsigned MbarriersPerMutex;
  /// Named barriers: their pool (ids; an index into the budget table, or -1
  /// without a coordination model), per mutex between thread groups, and
  /// the ids reserved for other uses.
  int BarrierBudget;
  unsigned BarriersPerMutex;
  unsigned ReservedBarriers;
  unsigned DefaultPipeDepth;
};

/// A warp-specialized agent (td class Agent).
struct AgentRecord {
  const char *Name;
  unsigned Warps;
  unsigned Registers; ///< Per thread (setmaxnreg).
  const char *Record;
  /// The most warpgroups of this agent one loop may run, one per
  /// independent part of its work (td Agent.Warpgroups).
  unsigned Warpgroups;
};

struct SlotTripleRecord {
  unsigned Slot;
  unsigned Duration;
  unsigned Occupancy;
};

struct PoolChargeRecord {
  unsigned Pool;
  unsigned Units;
  unsigned Cycles;
};

/// A resource vector: ranges into the triple, pool-charge and footprint-row
/// arrays of the generated tables.
struct ResourceVectorRecord {
  const char *Name;
  unsigned FirstTriple, NumTriples;
  unsigned FirstPoolCharge, NumPoolCharges;
  unsigned FirstFootprintRow, NumFootprintRows;
  unsigned Latency;
  unsigned Pipe;
  bool Async;
  bool FarMemory;
};

/// A budget charge of one opcode. OperandIndex is the machine-operand index
/// whose immediate gives the amount, or -1 for a fixed Amount.
struct BudgetChargeRecord {
  unsigned Budget;
  BudgetScaling Scaling;
  uint64_t Amount;
  int OperandIndex;
};

/// Which memory an instruction touches (TileASInst.MemorySpace in td/).
enum class MemorySpace : uint8_t {
  None,   ///< No memory access.
  Global, ///< Global memory: accesses may alias one another.
  Local,  ///< Thread-local memory (spill slots).
  Value,  ///< An SSA tile or tensor-memory value: register dependences only.
};

struct OpcodeRecord {
  unsigned Opcode;
  const char *Name;
  unsigned ResourceVector;
  unsigned FirstBudgetCharge, NumBudgetCharges;
  MemorySpace Space;
};

/// An opcode a machine lacks (TileASMachineModel.Unsupported).
struct UnsupportedRecord {
  unsigned Opcode;
  const char *Name;
};

/// Everything tileas-tblgen generated for one machine (td
/// TileASMachineModel); model::Machine reads it.
struct MachineTables {
  const char *Name;
  const SlotRecord *Slots;
  unsigned NumSlots;
  const PoolRecord *Pools;
  unsigned NumPools;
  const BudgetRecord *Budgets;
  unsigned NumBudgets;
  const char *const *PipeNames;
  const bool *PipeIsCopyEngine;
  unsigned NumPipes;
  unsigned IssuerPipe;
  unsigned DefaultEventBudget;
  const EventBudgetRecord *EventBudgets;
  unsigned NumEventBudgets;
  bool HasCoordinationModel;
  CoordinationRecord Coordination;
  const AgentRecord *Agents;
  unsigned NumAgents;
  int DefaultAgent;
  const int *AgentOfAsyncPipe;
  unsigned RegisterFile, MinAgentRegisters, MaxAgentRegisters,
      AgentRegisterGranule;
  const SlotTripleRecord *SlotTriples;
  const PoolChargeRecord *PoolCharges;
  const uint64_t *FootprintRows;
  const ResourceVectorRecord *ResourceVectors;
  unsigned NumResourceVectors;
  const BudgetChargeRecord *BudgetCharges;
  const OpcodeRecord *Opcodes;
  unsigned NumOpcodes;
  const UnsupportedRecord *Unsupported;
  unsigned NumUnsupported;
};

/// A processor (-mcpu) and its machine, an index into gen::MachineList.
struct MachineCPURecord {
  const char *CPU;
  unsigned Machine;
};

} // namespace model
} // namespace tileas

#endif // TILEAS_MODEL_SLOTTABLETYPES_H
