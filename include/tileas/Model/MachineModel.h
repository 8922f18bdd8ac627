//===- MachineModel.h - The TileAS machine model from td/ -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Access to the tables tileas-tblgen generated from td/: the resource model
// (slots, counting pools, budget pools), each opcode's resource vector
// (triples, pool charges, precomputed footprint rows, latency, pipe, async)
// and budget charges, the event pipes and their budgets, and what pipes and
// mutexes cost. IR-independent: opcodes are plain numbers here (the TileAS::
// opcode enum), so tools and tests can use the model without CodeGen.
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

namespace tileas {
namespace model {

/// The model's resources. The named-barrier budget pool is reduced by
/// ReservedBarriers (defaults to the td's CoordinationModel value when
/// negative).
ResourceModel buildResourceModel(int ReservedBarriers = -1);

/// The td record names of a slot (by id) and of a counting pool (by index);
/// they are also the names of LLVM's ProcResources. Empty if unknown.
llvm::StringRef slotRecordName(unsigned SlotId);
llvm::StringRef poolRecordName(unsigned Pool);

/// The index of the budget pool that mutexes between thread groups take
/// named barrier ids from (the td CoordinationModel's BarrierPool), if the
/// model has one.
std::optional<unsigned> namedBarrierBudget();
/// The number of named barriers the machine has (that pool's capacity in the
/// td, before any is reserved), if the model has such a pool.
std::optional<unsigned> namedBarrierCount();
/// The index of the budget pool that pays for mbarriers (the td
/// CoordinationModel's MbarrierPool: shared memory), if the model has one.
std::optional<unsigned> mbarrierBudget();

/// The record of an opcode, or null for opcodes the model does not cover
/// (target-independent ones such as COPY and PHI).
const OpcodeRecord *lookupOpcode(unsigned Opcode);
/// Looks an opcode record up by instruction name ("TMA_LOAD").
const OpcodeRecord *lookupOpcode(llvm::StringRef Name);

const ResourceVectorRecord &resourceVector(const OpcodeRecord &Op);
/// A resource vector by its generated id (gen::ResourceVectorId).
const ResourceVectorRecord &resourceVector(unsigned Vector);
llvm::ArrayRef<SlotTripleRecord> triples(const ResourceVectorRecord &RV);
llvm::ArrayRef<PoolChargeRecord> poolCharges(const ResourceVectorRecord &RV);
llvm::ArrayRef<uint64_t> footprint(const ResourceVectorRecord &RV);
llvm::ArrayRef<BudgetChargeRecord> budgetCharges(const OpcodeRecord &Op);

/// Fills the resource vector of a scheduling-core operation: slot triples,
/// pool uses, the precomputed footprint rows, latency and the async flag.
/// Budget charges depend on operand values and are left to the caller.
void fillResources(const ResourceVectorRecord &RV, Operation &Op);

llvm::ArrayRef<const char *> pipeNames();
/// The pipe of the issuing thread (the td EventModel's Issuer), where
/// instructions without a resource vector run.
unsigned issuerPipe();
/// The unit of Pipe is a copy engine (td EventPipe.CopyEngine): each ring it
/// serves completes in order, different rings in any order.
bool isCopyEngine(unsigned Pipe);
/// Live cross-pipe events allowed for the ordered pipe pair (Src, Dst).
unsigned eventBudget(unsigned SrcPipe, unsigned DstPipe);

const CoordinationRecord &coordination();

/// The warp-specialized agents (td class Agent), agent k + 1 in MIR.
llvm::ArrayRef<AgentRecord> agents();
/// The agent (1-based) that issues an instruction with this resource
/// vector; 0 when the model has no agents.
unsigned agentOf(const ResourceVectorRecord &RV);
/// The agent (1-based) of instructions without a resource vector.
unsigned defaultAgent();
struct AgentRegisterRule {
  unsigned RegisterFile;
  unsigned MinRegisters, MaxRegisters, Granule;
};
AgentRegisterRule agentRegisterRule();

} // namespace model
} // namespace tileas

#endif // TILEAS_MODEL_MACHINEMODEL_H
