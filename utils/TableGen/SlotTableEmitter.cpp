//===- SlotTableEmitter.cpp - Emit the TileAS slot tables -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Writes TileASSlotTables.inc: enums of slots, pools, budget pools, pipes and
// resource vectors; the tables of slots, pools, budgets, event budgets and
// coordination costs; every resource vector's triples, pool charges,
// precomputed footprint rows (one 64-bit row per occupied cycle), latency and
// pipe; and one record per opcode with its budget charges resolved to
// operand indices; the opcodes the machine lacks. Every machine's tables
// are in a namespace of its name (gen::blackwell, gen::hopper), and
// GET_TILEAS_MACHINES lists the machines (gen::MachineList) and which one
// each processor of -mcpu gets (gen::MachineCPUs). Sections are selected
// with GET_TILEAS_* macros in the usual TableGen style. The record types are
// in include/tileas/Model/SlotTableTypes.h.
//
//===----------------------------------------------------------------------===//

#include "SlotModelReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TableGen/Record.h"
#include "llvm/TableGen/TableGenBackend.h"

using namespace llvm;
using namespace tileas::tblgen;

namespace {

/// Emits the tables of one machine.
class SlotTableEmitter {
public:
  explicit SlotTableEmitter(const SlotModel &Model) : Model(Model) {}

  void emitEnums(raw_ostream &OS) const;
  void emitModelTables(raw_ostream &OS) const;
  void emitVectorTables(raw_ostream &OS) const;
  void emitOpcodeTable(raw_ostream &OS) const;
  void emitMachineRecord(raw_ostream &OS) const;

private:
  const SlotModel &Model;
};

void open(raw_ostream &OS, StringRef Macro) {
  OS << "#ifdef " << Macro << "\n#undef " << Macro << "\n\n"
     << "namespace tileas {\nnamespace gen {\n\n";
}
void close(raw_ostream &OS, StringRef Macro) {
  OS << "} // namespace gen\n} // namespace tileas\n\n#endif // " << Macro
     << "\n\n";
}

/// One section: each machine's part of it in the machine's namespace.
void emitSection(raw_ostream &OS, StringRef Macro,
                 const std::vector<SlotModel> &Models,
                 void (SlotTableEmitter::*Part)(raw_ostream &) const) {
  open(OS, Macro);
  for (const SlotModel &M : Models) {
    if (!M.Name.empty())
      OS << "namespace " << M.Name << " {\n\n";
    (SlotTableEmitter(M).*Part)(OS);
    if (!M.Name.empty())
      OS << "} // namespace " << M.Name << "\n\n";
  }
  close(OS, Macro);
}

void SlotTableEmitter::emitEnums(raw_ostream &OS) const {
  OS << "/// Slot ids; the reservation-row bit of slot N is 1 << (N - 1).\n"
     << "enum SlotId : unsigned {\n";
  for (const Slot &S : Model.Slots)
    OS << "  " << S.Def->getName() << " = " << S.Id << ", // " << S.Name << " ("
       << S.Kind << ")\n";
  OS << "};\nconstexpr unsigned NumSlots = " << Model.Slots.size() << ";\n\n";

  OS << "enum PoolId : unsigned {\n";
  for (unsigned I = 0, E = Model.Pools.size(); I != E; ++I)
    OS << "  " << Model.Pools[I].Def->getName() << " = " << I << ",\n";
  OS << "  NumPools = " << Model.Pools.size() << "\n};\n\n";

  OS << "enum BudgetId : unsigned {\n";
  for (unsigned I = 0, E = Model.Budgets.size(); I != E; ++I)
    OS << "  " << Model.Budgets[I].Def->getName() << " = " << I << ",\n";
  OS << "  NumBudgets = " << Model.Budgets.size() << "\n};\n\n";

  OS << "enum PipeId : unsigned {\n";
  for (unsigned I = 0, E = Model.Pipes.size(); I != E; ++I)
    OS << "  " << Model.PipeDefs[I]->getName() << " = " << I << ",\n";
  OS << "  NumPipes = " << Model.Pipes.size() << "\n};\n\n";

  OS << "enum ResourceVectorId : unsigned {\n";
  for (unsigned I = 0, E = Model.Vectors.size(); I != E; ++I)
    OS << "  " << Model.Vectors[I].Def->getName() << " = " << I << ",\n";
  OS << "  NumResourceVectors = " << Model.Vectors.size() << "\n};\n\n";
}

void SlotTableEmitter::emitModelTables(raw_ostream &OS) const {
  OS << "static constexpr model::SlotRecord SlotTable[] = {\n";
  for (const Slot &S : Model.Slots)
    OS << "  {" << S.Id << ", \"" << S.Name << "\", SlotKind::" << S.Kind
       << ", \"" << S.Def->getName() << "\"},\n";
  OS << "};\n\n";

  OS << "static constexpr model::PoolRecord PoolTable[] = {\n";
  for (const Pool &P : Model.Pools)
    OS << "  {\"" << P.Name << "\", " << P.Capacity << ", \""
       << P.Def->getName() << "\"},\n";
  if (Model.Pools.empty())
    OS << "  {\"\", 0, \"\"}, // No counting pools.\n";
  OS << "};\n\n";

  OS << "static constexpr model::BudgetRecord BudgetTable[] = {\n";
  for (const Budget &B : Model.Budgets)
    OS << "  {\"" << B.Name << "\", " << B.Capacity << "u, \"" << B.Unit
       << "\"},\n";
  if (Model.Budgets.empty())
    OS << "  {\"\", 0, \"\"}, // No budget pools.\n";
  OS << "};\n\n";

  OS << "static constexpr const char *PipeNames[] = {\n";
  for (const std::string &P : Model.Pipes)
    OS << "  \"" << P << "\",\n";
  if (Model.Pipes.empty())
    OS << "  \"\", // No pipes.\n";
  OS << "};\n\n";

  OS << "/// Per pipe: its unit is a copy engine (each ring it serves "
        "completes\n"
     << "/// in order, rings in any order among themselves).\n"
     << "static constexpr bool PipeIsCopyEngine[] = {\n";
  for (unsigned I = 0, E = Model.Pipes.size(); I != E; ++I)
    OS << "  " << (Model.CopyEngine[I] ? "true" : "false") << ", // "
       << Model.PipeDefs[I]->getName() << "\n";
  if (Model.Pipes.empty())
    OS << "  false, // No pipes.\n";
  OS << "};\n\n";
  OS << "/// The issuing thread's pipe: instructions without a resource "
        "vector\n"
     << "/// run on it.\n"
     << "static constexpr unsigned IssuerPipe = " << Model.IssuerPipe
     << ";\n\n";

  OS << "/// Live cross-pipe events allowed per ordered pipe pair, unless an\n"
     << "/// entry of EventBudgetTable says otherwise (0: no event model).\n"
     << "static constexpr unsigned DefaultEventBudget = "
     << Model.DefaultEventBudget << ";\n"
     << "static constexpr unsigned NumEventBudgets = "
     << Model.EventBudgets.size() << ";\n"
     << "static constexpr model::EventBudgetRecord EventBudgetTable[] = {\n";
  for (const EventBudget &B : Model.EventBudgets)
    OS << "  {" << Model.PipeDefs[B.Src]->getName() << ", "
       << Model.PipeDefs[B.Dst]->getName() << ", " << B.Events << "},\n";
  if (Model.EventBudgets.empty())
    OS << "  {0, 0, 0}, // No overrides.\n";
  OS << "};\n\n";

  OS << "static constexpr bool HasCoordinationModel = "
     << (Model.HasCoordination ? "true" : "false") << ";\n"
     << "static constexpr model::CoordinationRecord Coordination = {"
     << Model.MbarrierBudget << ", " << Model.MbarrierBytes << ", "
     << Model.MbarriersPerSlot << ", " << Model.MbarriersPerMutex << ", "
     << Model.BarrierBudget << ", " << Model.BarriersPerMutex << ", "
     << Model.ReservedBarriers << ", " << Model.DefaultPipeDepth << "};\n\n";

  OS << "/// Warp-specialized agents (numbered from 1 in MIR; 0 is the one\n"
     << "/// instruction stream of the unspecialized form).\n"
     << "static constexpr unsigned NumAgents = " << Model.Agents.size() << ";\n"
     << "static constexpr model::AgentRecord AgentTable[] = {\n";
  for (const AgentDesc &A : Model.Agents)
    OS << "  {\"" << A.Name << "\", " << A.Warps << ", " << A.Registers
       << ", \"" << A.Def->getName() << "\", " << A.Warpgroups << "},\n";
  if (Model.Agents.empty())
    OS << "  {\"\", 0, 0, \"\", 0}, // No agents.\n";
  OS << "};\n"
     << "static constexpr int DefaultAgent = " << Model.DefaultAgent << ";\n"
     << "/// Per pipe: the agent that issues its asynchronous instructions, "
        "or\n"
     << "/// -1 for the default agent.\n"
     << "static constexpr int AgentOfAsyncPipe[] = {\n";
  for (unsigned I = 0, E = Model.Pipes.size(); I != E; ++I)
    OS << "  " << Model.AgentOfAsyncPipe[I] << ", // "
       << Model.PipeDefs[I]->getName() << "\n";
  if (Model.Pipes.empty())
    OS << "  -1, // No pipes.\n";
  OS << "};\n"
     << "static constexpr unsigned RegisterFile = " << Model.RegisterFile
     << ", MinAgentRegisters = " << Model.MinRegisters
     << ", MaxAgentRegisters = " << Model.MaxRegisters
     << ", AgentRegisterGranule = " << Model.RegisterGranule << ";\n\n";
}

void SlotTableEmitter::emitVectorTables(raw_ostream &OS) const {
  OS << "static constexpr model::SlotTripleRecord SlotTriples[] = {\n";
  unsigned Triples = 0;
  for (const ResourceVector &V : Model.Vectors) {
    OS << "  // " << V.Def->getName() << "\n";
    for (const Triple &T : V.Triples)
      OS << "  {" << T.SlotId << ", " << T.Duration << ", " << T.Occupancy
         << "},\n";
    Triples += V.Triples.size();
  }
  if (!Triples)
    OS << "  {0, 0, 0}, // No triples.\n";
  OS << "};\n\n";

  OS << "static constexpr model::PoolChargeRecord PoolCharges[] = {\n";
  unsigned Charges = 0;
  for (const ResourceVector &V : Model.Vectors) {
    if (V.Pools.empty())
      continue;
    OS << "  // " << V.Def->getName() << "\n";
    for (const PoolCharge &C : V.Pools)
      OS << "  {" << Model.Pools[C.Pool].Def->getName() << ", " << C.Units
         << ", " << C.Cycles << "},\n";
    Charges += V.Pools.size();
  }
  if (!Charges)
    OS << "  {0, 0, 0}, // No pool charges.\n";
  OS << "};\n\n";

  OS << "/// Footprints: row K of an op is the OR of the slots it holds in its "
        "K-th cycle.\n"
     << "static constexpr uint64_t FootprintRows[] = {\n";
  unsigned Rows = 0;
  for (const ResourceVector &V : Model.Vectors) {
    OS << "  // " << V.Def->getName() << "\n";
    for (uint64_t Row : V.Footprint)
      OS << "  " << format_hex(Row, 18) << ",\n";
    Rows += V.Footprint.size();
  }
  if (!Rows)
    OS << "  0, // No rows.\n";
  OS << "};\n\n";

  OS << "static constexpr model::ResourceVectorRecord ResourceVectors[] = {\n"
     << "  // Name, triples, pool charges, footprint rows, latency, pipe, "
        "async, far memory\n";
  unsigned T = 0, C = 0, R = 0;
  for (const ResourceVector &V : Model.Vectors) {
    OS << "  {\"" << V.Def->getName() << "\", " << T << ", " << V.Triples.size()
       << ", " << C << ", " << V.Pools.size() << ", " << R << ", "
       << V.Footprint.size() << ", " << V.Latency << ", "
       << Model.PipeDefs[V.Pipe]->getName() << ", "
       << (V.Async ? "true" : "false") << ", "
       << (V.FarMemory ? "true" : "false") << "},\n";
    T += V.Triples.size();
    C += V.Pools.size();
    R += V.Footprint.size();
  }
  if (Model.Vectors.empty())
    OS << "  {\"\", 0, 0, 0, 0, 0, 0, 0, 0, false}, // No vectors.\n";
  OS << "};\n\n";
}

void SlotTableEmitter::emitOpcodeTable(raw_ostream &OS) const {
  OS << "static constexpr model::BudgetChargeRecord BudgetCharges[] = {\n";
  unsigned NumCharges = 0;
  for (const Opcode &Op : Model.Opcodes) {
    if (Op.Charges.empty())
      continue;
    OS << "  // " << Op.Def->getName() << "\n";
    for (const ResolvedCharge &C : Op.Charges)
      OS << "  {" << Model.Budgets[C.Budget].Def->getName()
         << ", BudgetScaling::" << (C.PerStage ? "PerStage" : "PerPipe") << ", "
         << C.Amount << "u, " << C.OperandIndex << "},\n";
    NumCharges += Op.Charges.size();
  }
  if (!NumCharges)
    OS << "  {0, BudgetScaling::PerStage, 0, -1}, // No charges.\n";
  OS << "};\n\n";

  OS << "/// One record per opcode, sorted by name.\n"
     << "static constexpr unsigned NumOpcodeRecords = " << Model.Opcodes.size()
     << ";\n"
     << "static constexpr model::OpcodeRecord OpcodeTable[] = {\n";
  unsigned First = 0;
  for (const Opcode &Op : Model.Opcodes) {
    OS << "  {" << Op.Namespace << "::" << Op.Def->getName() << ", \""
       << Op.Def->getName() << "\", "
       << Model.Vectors[Op.ResourceVector].Def->getName() << ", " << First
       << ", " << Op.Charges.size()
       << ", model::MemorySpace::" << Op.MemorySpace << "},\n";
    First += Op.Charges.size();
  }
  OS << "};\n\n";

  OS << "/// The opcodes the machine lacks (TileASMachineModel.Unsupported).\n"
     << "static constexpr unsigned NumUnsupported = "
     << Model.Unsupported.size() << ";\n"
     << "static constexpr model::UnsupportedRecord UnsupportedTable[] = {\n";
  for (const Opcode &Op : Model.Unsupported)
    OS << "  {" << Op.Namespace << "::" << Op.Def->getName() << ", \""
       << Op.Def->getName() << "\"},\n";
  if (Model.Unsupported.empty())
    OS << "  {0, \"\"}, // Every opcode is supported.\n";
  OS << "};\n\n";
}

void SlotTableEmitter::emitMachineRecord(raw_ostream &OS) const {
  OS << "static constexpr model::MachineTables Tables = {\n"
     << "  \"" << Model.Name << "\",\n"
     << "  SlotTable, NumSlots, PoolTable, NumPools, BudgetTable, NumBudgets,\n"
     << "  PipeNames, PipeIsCopyEngine, NumPipes, IssuerPipe,\n"
     << "  DefaultEventBudget, EventBudgetTable, NumEventBudgets,\n"
     << "  HasCoordinationModel, Coordination,\n"
     << "  AgentTable, NumAgents, DefaultAgent, AgentOfAsyncPipe,\n"
     << "  RegisterFile, MinAgentRegisters, MaxAgentRegisters,\n"
     << "  AgentRegisterGranule,\n"
     << "  SlotTriples, PoolCharges, FootprintRows, ResourceVectors,\n"
     << "  NumResourceVectors,\n"
     << "  BudgetCharges, OpcodeTable, NumOpcodeRecords,\n"
     << "  UnsupportedTable, NumUnsupported};\n\n";
}

/// The machines, and the machine of each processor.
void emitMachineList(raw_ostream &OS, const std::vector<SlotModel> &Models) {
  OS << "static constexpr unsigned NumMachines = " << Models.size() << ";\n"
     << "static constexpr const model::MachineTables *MachineList[] = {\n";
  for (const SlotModel &M : Models)
    OS << "  &" << (M.Name.empty() ? "" : M.Name + "::") << "Tables,\n";
  OS << "};\n\n";
  std::vector<std::pair<std::string, unsigned>> CPUs;
  for (unsigned I = 0, E = Models.size(); I != E; ++I)
    for (const std::string &CPU : Models[I].CPUs)
      CPUs.push_back({CPU, I});
  llvm::sort(CPUs);
  OS << "/// -mcpu names, sorted, and their machines (indices into "
        "MachineList).\n"
     << "static constexpr unsigned NumMachineCPUs = " << CPUs.size() << ";\n"
     << "static constexpr model::MachineCPURecord MachineCPUs[] = {\n";
  for (const auto &[CPU, Index] : CPUs)
    OS << "  {\"" << CPU << "\", " << Index << "}, // " << Models[Index].Name
       << "\n";
  if (CPUs.empty())
    OS << "  {\"\", 0}, // No processors.\n";
  OS << "};\n\n";
}

void emitSlotTables(const RecordKeeper &Records, raw_ostream &OS) {
  std::vector<SlotModel> Models;
  if (!readSlotModels(Records, Models))
    return; // Errors were printed; TableGenMain fails the run.
  emitSourceFileHeader("TileAS slot tables", OS, Records);
  emitSection(OS, "GET_TILEAS_SLOT_ENUM", Models, &SlotTableEmitter::emitEnums);
  emitSection(OS, "GET_TILEAS_MODEL_TABLES", Models,
              &SlotTableEmitter::emitModelTables);
  emitSection(OS, "GET_TILEAS_RESOURCE_VECTORS", Models,
              &SlotTableEmitter::emitVectorTables);
  emitSection(OS, "GET_TILEAS_OPCODE_TABLE", Models,
              &SlotTableEmitter::emitOpcodeTable);
  // After the other three sections, whose tables it points to.
  open(OS, "GET_TILEAS_MACHINES");
  for (const SlotModel &M : Models) {
    if (!M.Name.empty())
      OS << "namespace " << M.Name << " {\n\n";
    SlotTableEmitter(M).emitMachineRecord(OS);
    if (!M.Name.empty())
      OS << "} // namespace " << M.Name << "\n\n";
  }
  emitMachineList(OS, Models);
  close(OS, "GET_TILEAS_MACHINES");
}

TableGen::Emitter::Opt X("gen-tileas-slot-tables", emitSlotTables,
                         "Generate the TileAS slot tables", /*ByDefault=*/true);

} // namespace
