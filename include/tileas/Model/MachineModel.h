//===- MachineModel.h - The TileAS machine models from td/ ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Access to the tables tileas-tblgen generated from td/, one machine at a
// time (td TileASMachineModel: Blackwell, Hopper): the resource model
// (slots, counting pools, budget pools), each opcode's resource vector
// (triples, pool charges, precomputed footprint rows, latency, pipe, async)
// and budget charges, the event pipes and their budgets, what pipes and
// mutexes cost, and the warp-specialized agents. IR-independent: opcodes are
// plain numbers here (the TileAS:: opcode enum), so tools and tests can use
// a machine without CodeGen. Passes get theirs from the subtarget
// (TileASSubtarget::machine(), chosen by -mcpu), tools from their --mcpu
// option (machineForCPU).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MODEL_MACHINEMODEL_H
#define TILEAS_MODEL_MACHINEMODEL_H

#include "tileas/Model/SlotTableTypes.h"
#include "tileas/Sched/Problem.h"
#include "tileas/Sched/ResourceModel.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace model {

struct AgentRegisterRule {
  unsigned RegisterFile;
  unsigned MinRegisters, MaxRegisters, Granule;
};

/// One machine's generated tables.
class Machine {
public:
  explicit Machine(const MachineTables &Tables);

  /// The td machine's name ("blackwell", "hopper").
  llvm::StringRef name() const { return T->Name; }

  /// The machine's resources. The named-barrier budget pool is reduced by
  /// ReservedBarriers (defaults to the td's CoordinationModel value when
  /// negative).
  ResourceModel buildResourceModel(int ReservedBarriers = -1) const;

  /// The td record names of a slot (by id) and of a counting pool (by
  /// index); they are also the names of LLVM's ProcResources. Empty if
  /// unknown.
  llvm::StringRef slotRecordName(unsigned SlotId) const;
  llvm::StringRef poolRecordName(unsigned Pool) const;

  /// The index of the budget pool named Name ("smem_bytes"), if any.
  std::optional<unsigned> budgetNamed(llvm::StringRef Name) const;
  /// The index of the budget pool that mutexes between thread groups take
  /// named barrier ids from (the td CoordinationModel's BarrierPool), if
  /// the machine has one.
  std::optional<unsigned> namedBarrierBudget() const;
  /// The number of named barriers the machine has (that pool's capacity in
  /// the td, before any is reserved), if it has such a pool.
  std::optional<unsigned> namedBarrierCount() const;
  /// The index of the budget pool that pays for mbarriers (the td
  /// CoordinationModel's MbarrierPool: shared memory), if it has one.
  std::optional<unsigned> mbarrierBudget() const;

  /// The record of an opcode, or null for opcodes the machine does not
  /// cover (target-independent ones such as COPY and PHI, and the ones it
  /// lacks: isUnsupported).
  const OpcodeRecord *lookupOpcode(unsigned Opcode) const;
  /// Looks an opcode record up by instruction name ("TMA_LOAD").
  const OpcodeRecord *lookupOpcode(llvm::StringRef Name) const;
  /// The instruction exists in td/ but not on this machine
  /// (TileASMachineModel.Unsupported).
  bool isUnsupported(unsigned Opcode) const;
  llvm::ArrayRef<UnsupportedRecord> unsupported() const {
    return {T->Unsupported, T->NumUnsupported};
  }
  llvm::ArrayRef<OpcodeRecord> opcodes() const {
    return {T->Opcodes, T->NumOpcodes};
  }

  const ResourceVectorRecord &resourceVector(const OpcodeRecord &Op) const;
  /// A resource vector by its generated id (gen::<machine>::ResourceVectorId).
  const ResourceVectorRecord &resourceVector(unsigned Vector) const;
  unsigned numResourceVectors() const { return T->NumResourceVectors; }
  llvm::ArrayRef<SlotTripleRecord>
  triples(const ResourceVectorRecord &RV) const;
  llvm::ArrayRef<PoolChargeRecord>
  poolCharges(const ResourceVectorRecord &RV) const;
  llvm::ArrayRef<uint64_t> footprint(const ResourceVectorRecord &RV) const;
  llvm::ArrayRef<BudgetChargeRecord>
  budgetCharges(const OpcodeRecord &Op) const;

  /// Fills the resource vector of a scheduling-core operation: slot
  /// triples, pool uses, the precomputed footprint rows, latency and the
  /// async flag. Budget charges depend on operand values and are left to the
  /// caller.
  void fillResources(const ResourceVectorRecord &RV, Operation &Op) const;

  llvm::ArrayRef<const char *> pipeNames() const;
  /// The pipe of the issuing thread (the td EventModel's Issuer), where
  /// instructions without a resource vector run.
  unsigned issuerPipe() const { return T->IssuerPipe; }
  /// The unit of Pipe is a copy engine (td EventPipe.CopyEngine): each ring
  /// it serves completes in order, different rings in any order.
  bool isCopyEngine(unsigned Pipe) const;
  /// Live cross-pipe events allowed for the ordered pipe pair (Src, Dst).
  unsigned eventBudget(unsigned SrcPipe, unsigned DstPipe) const;

  const CoordinationRecord &coordination() const { return T->Coordination; }

  /// The warp-specialized agents (td class Agent), agent k + 1 in MIR.
  llvm::ArrayRef<AgentRecord> agents() const {
    return {T->Agents, T->NumAgents};
  }
  /// The agent (1-based) that issues an instruction with this resource
  /// vector; 0 when the machine has no agents.
  unsigned agentOf(const ResourceVectorRecord &RV) const;
  /// The agent (1-based) of instructions without a resource vector.
  unsigned defaultAgent() const;
  AgentRegisterRule agentRegisterRule() const;

private:
  const MachineTables *T;
  /// Opcode -> index into T->Opcodes, or -1.
  std::vector<int> OpcodeIndex;
};

/// The machines of td/, in the order of their record names.
llvm::ArrayRef<const Machine *> machines();
/// The machine named Name, or null.
const Machine *lookupMachine(llvm::StringRef Name);
/// The machine named Name; Name must be one (machines()).
const Machine &machine(llvm::StringRef Name);
/// The machine a processor (-mcpu) selects through its SchedMachineModel,
/// or null for a name td/ has no processor of.
const Machine *lookupMachineForCPU(llvm::StringRef CPU);
/// The processors td/ defines (sorted by name) and their machines.
llvm::ArrayRef<MachineCPURecord> machineCPUs();
/// "generic, sm_100, ..., sm_90a": for tools' messages.
std::string machineCPUList();
/// The machine of CPU; an empty or unknown CPU gets the default machine.
const Machine &machineForCPU(llvm::StringRef CPU);
/// The machine of the default processor (generic: Blackwell).
const Machine &defaultMachine();
/// The machine named Name, or else the machine of the processor Name
/// (tools' --machine / --mcpu); null if neither exists.
const Machine *lookupMachineOrCPU(llvm::StringRef Name);

} // namespace model
} // namespace tileas

#endif // TILEAS_MODEL_MACHINEMODEL_H
