//===- MachineModel.cpp - The TileAS machine models from td/ --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <vector>

// The llvm::TileAS:: opcode enum, which the opcode tables refer to.
#define GET_INSTRINFO_ENUM
#include "TileASGenInstrInfo.inc"

using namespace llvm;

#include "tileas/Model/ModelIds.h"

#define GET_TILEAS_MODEL_TABLES
#define GET_TILEAS_RESOURCE_VECTORS
#define GET_TILEAS_OPCODE_TABLE
#define GET_TILEAS_MACHINES
#include "TileASSlotTables.inc"

namespace tileas {
namespace model {

Machine::Machine(const MachineTables &Tables)
    : T(&Tables), OpcodeIndex(llvm::TileAS::INSTRUCTION_LIST_END, -1) {
  for (unsigned I = 0; I != T->NumOpcodes; ++I)
    OpcodeIndex[T->Opcodes[I].Opcode] = I;
}

StringRef Machine::slotRecordName(unsigned SlotId) const {
  for (const SlotRecord &S : ArrayRef(T->Slots, T->NumSlots))
    if (S.Id == SlotId)
      return S.Record;
  return "";
}

StringRef Machine::poolRecordName(unsigned Pool) const {
  return Pool < T->NumPools ? StringRef(T->Pools[Pool].Record) : "";
}

std::optional<unsigned> Machine::budgetNamed(StringRef Name) const {
  for (unsigned I = 0; I != T->NumBudgets; ++I)
    if (Name == T->Budgets[I].Name)
      return I;
  return std::nullopt;
}

std::optional<unsigned> Machine::namedBarrierBudget() const {
  if (T->Coordination.BarrierBudget < 0)
    return std::nullopt;
  return unsigned(T->Coordination.BarrierBudget);
}

std::optional<unsigned> Machine::namedBarrierCount() const {
  std::optional<unsigned> Budget = namedBarrierBudget();
  if (!Budget)
    return std::nullopt;
  return unsigned(T->Budgets[*Budget].Capacity);
}

std::optional<unsigned> Machine::mbarrierBudget() const {
  if (T->Coordination.MbarrierBudget < 0)
    return std::nullopt;
  return unsigned(T->Coordination.MbarrierBudget);
}

ResourceModel Machine::buildResourceModel(int ReservedBarriers) const {
  ResourceModel M;
  for (const SlotRecord &S : ArrayRef(T->Slots, T->NumSlots))
    M.addSlot(S.Id, S.Name, S.Kind);
  for (unsigned I = 0; I != T->NumPools; ++I)
    M.addPool(T->Pools[I].Name, T->Pools[I].Capacity);
  unsigned Reserved = ReservedBarriers < 0 ? T->Coordination.ReservedBarriers
                                           : unsigned(ReservedBarriers);
  std::optional<unsigned> Barriers = namedBarrierBudget();
  for (unsigned I = 0; I != T->NumBudgets; ++I) {
    uint64_t Cap = T->Budgets[I].Capacity;
    // Barrier 0 is the CTA-wide one and never a pipe's or a mutex's,
    // whatever is reserved.
    if (Barriers && I == *Barriers)
      Cap = Cap > std::max(Reserved, 1u) ? Cap - std::max(Reserved, 1u) : 0;
    M.addBudget(T->Budgets[I].Name, Cap);
  }
  return M;
}

const OpcodeRecord *Machine::lookupOpcode(unsigned Opcode) const {
  if (Opcode >= OpcodeIndex.size() || OpcodeIndex[Opcode] < 0)
    return nullptr;
  return &T->Opcodes[OpcodeIndex[Opcode]];
}

const OpcodeRecord *Machine::lookupOpcode(StringRef Name) const {
  // A scan: the table is in TableGen's record order, which sorts the
  // digits in names as numbers (WGMMA_X8 before WGMMA_X16).
  for (const OpcodeRecord &R : opcodes())
    if (Name == R.Name)
      return &R;
  return nullptr;
}

bool Machine::isUnsupported(unsigned Opcode) const {
  return any_of(unsupported(),
                [&](const UnsupportedRecord &U) { return U.Opcode == Opcode; });
}

const ResourceVectorRecord &
Machine::resourceVector(const OpcodeRecord &Op) const {
  return resourceVector(Op.ResourceVector);
}

const ResourceVectorRecord &Machine::resourceVector(unsigned Vector) const {
  assert(Vector < T->NumResourceVectors && "no such resource vector");
  return T->ResourceVectors[Vector];
}

ArrayRef<SlotTripleRecord>
Machine::triples(const ResourceVectorRecord &RV) const {
  return ArrayRef(T->SlotTriples + RV.FirstTriple, RV.NumTriples);
}

ArrayRef<PoolChargeRecord>
Machine::poolCharges(const ResourceVectorRecord &RV) const {
  return ArrayRef(T->PoolCharges + RV.FirstPoolCharge, RV.NumPoolCharges);
}

ArrayRef<uint64_t> Machine::footprint(const ResourceVectorRecord &RV) const {
  return ArrayRef(T->FootprintRows + RV.FirstFootprintRow, RV.NumFootprintRows);
}

ArrayRef<BudgetChargeRecord>
Machine::budgetCharges(const OpcodeRecord &Op) const {
  return ArrayRef(T->BudgetCharges + Op.FirstBudgetCharge, Op.NumBudgetCharges);
}

void Machine::fillResources(const ResourceVectorRecord &RV,
                            Operation &Op) const {
  for (const SlotTripleRecord &S : triples(RV))
    Op.Slots.push_back({S.Slot, S.Duration, S.Occupancy});
  for (const PoolChargeRecord &C : poolCharges(RV))
    Op.Pools.push_back({C.Pool, C.Units, C.Cycles});
  ArrayRef<uint64_t> Rows = footprint(RV);
  Op.FootprintRows.assign(Rows.begin(), Rows.end());
  Op.Latency = RV.Latency;
  Op.Async = RV.Async;
  Op.FarMemory = RV.FarMemory;
}

ArrayRef<const char *> Machine::pipeNames() const {
  return ArrayRef(T->PipeNames, T->NumPipes);
}

bool Machine::isCopyEngine(unsigned Pipe) const {
  return Pipe < T->NumPipes && T->PipeIsCopyEngine[Pipe];
}

unsigned Machine::eventBudget(unsigned SrcPipe, unsigned DstPipe) const {
  for (unsigned I = 0; I != T->NumEventBudgets; ++I)
    if (T->EventBudgets[I].SrcPipe == SrcPipe &&
        T->EventBudgets[I].DstPipe == DstPipe)
      return T->EventBudgets[I].Events;
  return T->DefaultEventBudget;
}

unsigned Machine::agentOf(const ResourceVectorRecord &RV) const {
  if (!T->NumAgents)
    return 0;
  int Agent =
      RV.Async && RV.Pipe < T->NumPipes ? T->AgentOfAsyncPipe[RV.Pipe] : -1;
  return 1 + unsigned(Agent >= 0 ? Agent : T->DefaultAgent);
}

unsigned Machine::defaultAgent() const {
  return T->NumAgents ? 1 + T->DefaultAgent : 0;
}

AgentRegisterRule Machine::agentRegisterRule() const {
  return {T->RegisterFile, T->MinAgentRegisters, T->MaxAgentRegisters,
          T->AgentRegisterGranule};
}

//===----------------------------------------------------------------------===//
// The machines.
//===----------------------------------------------------------------------===//

ArrayRef<const Machine *> machines() {
  // Built once; the tables are constant, so the machines are too.
  static const std::vector<Machine> Storage = [] {
    std::vector<Machine> List;
    for (const MachineTables *Tables : gen::MachineList)
      List.emplace_back(*Tables);
    return List;
  }();
  static const std::vector<const Machine *> All = [] {
    std::vector<const Machine *> List;
    for (const Machine &M : Storage)
      List.push_back(&M);
    return List;
  }();
  return All;
}

const Machine *lookupMachine(StringRef Name) {
  for (const Machine *M : machines())
    if (M->name() == Name)
      return M;
  return nullptr;
}

const Machine &machine(StringRef Name) {
  const Machine *M = lookupMachine(Name);
  assert(M && "no machine of that name in td/");
  return *M;
}

const Machine *lookupMachineForCPU(StringRef CPU) {
  for (const MachineCPURecord &R : machineCPUs())
    if (CPU == R.CPU)
      return machines()[R.Machine];
  return nullptr;
}

ArrayRef<MachineCPURecord> machineCPUs() {
  return ArrayRef(gen::MachineCPUs, gen::NumMachineCPUs);
}

std::string machineCPUList() {
  std::string List;
  for (const MachineCPURecord &R : machineCPUs())
    List += (List.empty() ? "" : ", ") + std::string(R.CPU);
  return List;
}

const Machine &defaultMachine() {
  const Machine *M = lookupMachineForCPU("generic");
  return M ? *M : *machines().front();
}

const Machine &machineForCPU(StringRef CPU) {
  const Machine *M = lookupMachineForCPU(CPU);
  return M ? *M : defaultMachine();
}

const Machine *lookupMachineOrCPU(StringRef Name) {
  if (const Machine *M = lookupMachine(Name))
    return M;
  return lookupMachineForCPU(Name);
}

} // namespace model
} // namespace tileas
