//===- SlotModelReader.h - Read and check a TileAS slot model -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Turns the TileAS slot-model records of a RecordKeeper into plain data, one
// SlotModel per machine (TileASMachineModel record), checking them on the
// way. Every problem is reported with PrintError at the offending record
// (file:line), prefixed with the machine's name, and reading continues so
// that one run shows every error; the caller emits nothing when any error
// was printed. A description without machine records (the tests' small
// ones) is one unnamed machine made of every record.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_TABLEGEN_SLOTMODELREADER_H
#define TILEAS_UTILS_TABLEGEN_SLOTMODELREADER_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Record;
class RecordKeeper;
} // namespace llvm

namespace tileas {
namespace tblgen {

struct Slot {
  const llvm::Record *Def;
  unsigned Id;
  std::string Name;
  std::string Kind; // "Coarse", "Fine" or "Test".
};

struct Pool {
  const llvm::Record *Def;
  std::string Name;
  unsigned Capacity;
};

struct Budget {
  const llvm::Record *Def;
  std::string Name;
  uint64_t Capacity;
  std::string Unit;
};

struct Triple {
  unsigned SlotId;
  unsigned Duration;
  unsigned Occupancy;
};

struct PoolCharge {
  unsigned Pool; // Index into SlotModel::Pools.
  unsigned Units;
  unsigned Cycles;
};

struct BudgetCharge {
  unsigned Budget; // Index into SlotModel::Budgets.
  bool PerStage;
  uint64_t Amount;
  std::string Operand; // Empty for a fixed amount.
};

struct ResourceVector {
  const llvm::Record *Def;
  std::vector<Triple> Triples;
  std::vector<PoolCharge> Pools;
  std::vector<BudgetCharge> Budgets;
  std::vector<uint64_t> Footprint; // One row per occupied cycle.
  unsigned Latency;
  unsigned Pipe; // Index into SlotModel::Pipes.
  bool Async;
  bool FarMemory;
};

struct ResolvedCharge {
  unsigned Budget;
  bool PerStage;
  uint64_t Amount;
  int OperandIndex; // -1 for a fixed amount.
};

struct Opcode {
  const llvm::Record *Def;
  std::string Namespace;
  unsigned ResourceVector; // Index into SlotModel::Vectors.
  std::vector<ResolvedCharge> Charges;
  std::string MemorySpace; // "None", "Global", "Local" or "Value".
};

struct EventBudget {
  unsigned Src, Dst; // Indices into SlotModel::Pipes.
  unsigned Events;
};

struct AgentDesc {
  const llvm::Record *Def;
  std::string Name;
  unsigned Warps;
  unsigned Registers;
  bool Default;
  /// The most warpgroups one loop may run of this agent (td Warpgroups).
  unsigned Warpgroups = 1;
};

struct SlotModel {
  /// The TileASMachineModel record and its name; null and empty for the
  /// unnamed machine of a description without machine records.
  const llvm::Record *Def = nullptr;
  std::string Name;
  /// The LLVM SchedMachineModel the machine's processors name, and those
  /// processors (by name, sorted).
  std::string SchedModel;
  std::vector<std::string> CPUs;
  std::vector<Slot> Slots; // Sorted by id.
  std::vector<Pool> Pools;
  std::vector<Budget> Budgets;
  std::vector<std::string> Pipes;
  std::vector<const llvm::Record *> PipeDefs;
  std::vector<bool> CopyEngine; // Per pipe.
  /// The issuing thread's pipe (EventModel.Issuer; the first pipe if unset).
  unsigned IssuerPipe = 0;
  std::vector<EventBudget> EventBudgets;
  unsigned DefaultEventBudget = 0;
  bool HasCoordination = false;
  unsigned MbarrierBytes = 0, MbarriersPerSlot = 0, MbarriersPerMutex = 0,
           BarriersPerMutex = 0, ReservedBarriers = 0, DefaultPipeDepth = 0;
  /// The budget pools named barrier ids come from
  /// (CoordinationModel.BarrierPool) and mbarrier bytes are paid from
  /// (MbarrierPool), indices into Budgets; -1 without a coordination model.
  int BarrierBudget = -1;
  int MbarrierBudget = -1;
  /// Warp-specialized agents in record order, the one every instruction
  /// not claimed by an agent's async pipes goes to, and per pipe the agent
  /// that issues its asynchronous instructions (-1: the default agent).
  std::vector<AgentDesc> Agents;
  int DefaultAgent = -1;
  std::vector<int> AgentOfAsyncPipe;
  unsigned RegisterFile = 0, MinRegisters = 0, MaxRegisters = 0,
           RegisterGranule = 1;
  std::vector<ResourceVector> Vectors; // Sorted by record name.
  std::vector<Opcode> Opcodes;         // Sorted by record name.
  /// Instructions the machine lacks (TileASMachineModel.Unsupported), by
  /// record name.
  std::vector<Opcode> Unsupported;
};

/// Reads every machine, in the order of their record names. Returns false if
/// any error was reported.
bool readSlotModels(const llvm::RecordKeeper &Records,
                    std::vector<SlotModel> &Models);

} // namespace tblgen
} // namespace tileas

#endif // TILEAS_UTILS_TABLEGEN_SLOTMODELREADER_H
