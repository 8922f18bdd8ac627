//===- MachineModel.cpp - The TileAS machine model from td/ ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

// The llvm::TileAS:: opcode enum, which the opcode table refers to.
#define GET_INSTRINFO_ENUM
#include "TileASGenInstrInfo.inc"

using namespace llvm;

#include "tileas/Model/ModelIds.h"

#define GET_TILEAS_MODEL_TABLES
#define GET_TILEAS_RESOURCE_VECTORS
#define GET_TILEAS_OPCODE_TABLE
#include "TileASSlotTables.inc"

namespace tileas {
namespace model {

StringRef slotRecordName(unsigned SlotId) {
  for (const SlotRecord &S : gen::SlotTable)
    if (S.Id == SlotId)
      return S.Record;
  return "";
}

StringRef poolRecordName(unsigned Pool) {
  return Pool < gen::NumPools ? StringRef(gen::PoolTable[Pool].Record) : "";
}

std::optional<unsigned> namedBarrierBudget() {
  if (gen::Coordination.BarrierBudget < 0)
    return std::nullopt;
  return unsigned(gen::Coordination.BarrierBudget);
}

std::optional<unsigned> namedBarrierCount() {
  std::optional<unsigned> Budget = namedBarrierBudget();
  if (!Budget)
    return std::nullopt;
  return unsigned(gen::BudgetTable[*Budget].Capacity);
}

std::optional<unsigned> mbarrierBudget() {
  if (gen::Coordination.MbarrierBudget < 0)
    return std::nullopt;
  return unsigned(gen::Coordination.MbarrierBudget);
}

ResourceModel buildResourceModel(int ReservedBarriers) {
  ResourceModel M;
  for (const SlotRecord &S : gen::SlotTable)
    M.addSlot(S.Id, S.Name, S.Kind);
  for (unsigned I = 0; I != gen::NumPools; ++I)
    M.addPool(gen::PoolTable[I].Name, gen::PoolTable[I].Capacity);
  unsigned Reserved = ReservedBarriers < 0 ? gen::Coordination.ReservedBarriers
                                           : unsigned(ReservedBarriers);
  std::optional<unsigned> Barriers = namedBarrierBudget();
  for (unsigned I = 0; I != gen::NumBudgets; ++I) {
    uint64_t Cap = gen::BudgetTable[I].Capacity;
    // Barrier 0 is the CTA-wide one and never a pipe's or a mutex's,
    // whatever is reserved.
    if (Barriers && I == *Barriers)
      Cap = Cap > std::max(Reserved, 1u) ? Cap - std::max(Reserved, 1u) : 0;
    M.addBudget(gen::BudgetTable[I].Name, Cap);
  }
  return M;
}

const OpcodeRecord *lookupOpcode(unsigned Opcode) {
  // Opcode -> record index, built once.
  static const std::vector<int> Index = [] {
    std::vector<int> Map(llvm::TileAS::INSTRUCTION_LIST_END, -1);
    for (unsigned I = 0; I != gen::NumOpcodeRecords; ++I)
      Map[gen::OpcodeTable[I].Opcode] = I;
    return Map;
  }();
  if (Opcode >= Index.size() || Index[Opcode] < 0)
    return nullptr;
  return &gen::OpcodeTable[Index[Opcode]];
}

const OpcodeRecord *lookupOpcode(StringRef Name) {
  // The table is sorted by name.
  const OpcodeRecord *Begin = gen::OpcodeTable,
                     *End = gen::OpcodeTable + gen::NumOpcodeRecords;
  const OpcodeRecord *It = std::lower_bound(
      Begin, End, Name,
      [](const OpcodeRecord &R, StringRef N) { return StringRef(R.Name) < N; });
  return It != End && Name == It->Name ? It : nullptr;
}

const ResourceVectorRecord &resourceVector(const OpcodeRecord &Op) {
  return resourceVector(Op.ResourceVector);
}

const ResourceVectorRecord &resourceVector(unsigned Vector) {
  assert(Vector < gen::NumResourceVectors && "no such resource vector");
  return gen::ResourceVectors[Vector];
}

ArrayRef<SlotTripleRecord> triples(const ResourceVectorRecord &RV) {
  return ArrayRef(gen::SlotTriples).slice(RV.FirstTriple, RV.NumTriples);
}

ArrayRef<PoolChargeRecord> poolCharges(const ResourceVectorRecord &RV) {
  return ArrayRef(gen::PoolCharges)
      .slice(RV.FirstPoolCharge, RV.NumPoolCharges);
}

ArrayRef<uint64_t> footprint(const ResourceVectorRecord &RV) {
  return ArrayRef(gen::FootprintRows)
      .slice(RV.FirstFootprintRow, RV.NumFootprintRows);
}

ArrayRef<BudgetChargeRecord> budgetCharges(const OpcodeRecord &Op) {
  return ArrayRef(gen::BudgetCharges)
      .slice(Op.FirstBudgetCharge, Op.NumBudgetCharges);
}

void fillResources(const ResourceVectorRecord &RV, Operation &Op) {
  for (const SlotTripleRecord &T : triples(RV))
    Op.Slots.push_back({T.Slot, T.Duration, T.Occupancy});
  for (const PoolChargeRecord &C : poolCharges(RV))
    Op.Pools.push_back({C.Pool, C.Units, C.Cycles});
  ArrayRef<uint64_t> Rows = footprint(RV);
  Op.FootprintRows.assign(Rows.begin(), Rows.end());
  Op.Latency = RV.Latency;
  Op.Async = RV.Async;
  Op.FarMemory = RV.FarMemory;
}

ArrayRef<const char *> pipeNames() {
  return ArrayRef(gen::PipeNames, gen::NumPipes);
}

unsigned issuerPipe() { return gen::IssuerPipe; }

bool isCopyEngine(unsigned Pipe) {
  return Pipe < gen::NumPipes && gen::PipeIsCopyEngine[Pipe];
}

unsigned eventBudget(unsigned SrcPipe, unsigned DstPipe) {
  for (unsigned I = 0; I != gen::NumEventBudgets; ++I)
    if (gen::EventBudgetTable[I].SrcPipe == SrcPipe &&
        gen::EventBudgetTable[I].DstPipe == DstPipe)
      return gen::EventBudgetTable[I].Events;
  return gen::DefaultEventBudget;
}

const CoordinationRecord &coordination() { return gen::Coordination; }

ArrayRef<AgentRecord> agents() {
  return ArrayRef<AgentRecord>(gen::AgentTable, gen::NumAgents);
}

unsigned agentOf(const ResourceVectorRecord &RV) {
  if (!gen::NumAgents)
    return 0;
  int Agent =
      RV.Async && RV.Pipe < gen::NumPipes ? gen::AgentOfAsyncPipe[RV.Pipe] : -1;
  return 1 + unsigned(Agent >= 0 ? Agent : gen::DefaultAgent);
}

unsigned defaultAgent() { return gen::NumAgents ? 1 + gen::DefaultAgent : 0; }

AgentRegisterRule agentRegisterRule() {
  return {gen::RegisterFile, gen::MinAgentRegisters, gen::MaxAgentRegisters,
          gen::AgentRegisterGranule};
}

} // namespace model
} // namespace tileas
