//===- SlotModelReader.cpp - Read and check a TileAS slot model -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SlotModelReader.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/TableGen/Error.h"
#include "llvm/TableGen/Record.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace tblgen {

namespace {

/// Largest slot id a 64-bit reservation row can hold.
constexpr int64_t MaxSlotId = 64;
/// A sanity bound on how long one triple may hold a slot.
constexpr int64_t MaxDuration = 4096;

/// Sorts records by name, the order getAllDerivedDefinitions gives, so that
/// a machine's tables list its records as a machine-less description did.
std::vector<const Record *> byName(std::vector<const Record *> Defs) {
  llvm::stable_sort(Defs, [](const Record *A, const Record *B) {
    return A->getName() < B->getName();
  });
  return Defs;
}

class Reader {
public:
  /// Reads the machine Machine, or with a null Machine every record of the
  /// description as one unnamed machine.
  Reader(const RecordKeeper &Records, SlotModel &Model, const Record *Machine)
      : Records(Records), Model(Model), Machine(Machine) {
    if (Machine)
      Prefix =
          ("machine " + Machine->getValueAsString("MachineName") + ": ").str();
  }

  bool run() {
    if (Machine)
      readMachine();
    readSlots();
    readPools();
    readBudgets();
    readPipes();
    readCoordination();
    readAgents();
    readVectors();
    readOpcodes();
    return !Failed;
  }

private:
  void error(const Record *R, const Twine &Msg) {
    PrintError(R, Prefix + Msg);
    Failed = true;
  }

  /// The machine's list Field, by record name; every record of Class
  /// without a machine.
  std::vector<const Record *> listOf(StringRef Field, StringRef Class) const {
    if (Machine)
      return byName(Machine->getValueAsListOfDefs(Field));
    ArrayRef<const Record *> All = Records.getAllDerivedDefinitions(Class);
    return {All.begin(), All.end()};
  }
  /// The machine's record Field (none if unset); every record of Class
  /// without a machine (more than one is an error of the caller's).
  std::vector<const Record *> oneOf(StringRef Field, StringRef Class) const {
    if (!Machine) {
      ArrayRef<const Record *> All = Records.getAllDerivedDefinitions(Class);
      return {All.begin(), All.end()};
    }
    if (const Record *R = Machine->getValueAsOptionalDef(Field))
      return {R};
    return {};
  }
  /// The machine's counting pool or budget pool that stands for Def: Def
  /// itself, or on a machine its pool of the same name.
  int resolve(const DenseMap<const Record *, unsigned> &Index,
              const Record *Def) const {
    if (!Def)
      return -1;
    auto It = Index.find(Def);
    if (It != Index.end())
      return int(It->second);
    if (!Machine || Def->isValueUnset("PoolName"))
      return -1;
    StringRef Name = Def->getValueAsString("PoolName");
    for (const auto &[R, I] : Index)
      if (R->getValueAsString("PoolName") == Name)
        return int(I);
    return -1;
  }

  /// Reads an int field that must lie in [Lo, Hi].
  bool readInt(const Record *Where, const Record *R, StringRef Field,
               int64_t Lo, int64_t Hi, int64_t &Out, const Twine &What) {
    if (R->isValueUnset(Field)) {
      error(Where, What + " has no " + Field);
      return false;
    }
    Out = R->getValueAsInt(Field);
    if (Out < Lo || Out > Hi) {
      error(Where, What + " has " + Field + " " + Twine(Out) + ", outside " +
                       Twine(Lo) + ".." + Twine(Hi));
      return false;
    }
    return true;
  }

  void readMachine();
  void readSlots();
  void readPools();
  void readBudgets();
  void readPipes();
  void readCoordination();
  void readAgents();
  void readVectors();
  bool readVector(const Record *RV, ResourceVector &V);
  void readOpcodes();
  int findOperandIndex(const Record *Inst, StringRef Name, bool &IsImm);

  const RecordKeeper &Records;
  SlotModel &Model;
  const Record *Machine;
  std::string Prefix;
  bool Failed = false;
  DenseMap<const Record *, unsigned> SlotIds, PoolIndex, BudgetIndex, PipeIndex,
      VectorIndex;
  /// Slot ids the machine has.
  DenseMap<int64_t, const Record *> SlotById;
  /// On a machine: the instructions it lacks and the ones it gives a
  /// resource vector of its own.
  DenseMap<const Record *, const Record *> Overrides;
  DenseMap<const Record *, bool> UnsupportedSet;
};

/// The instructions that are TileAS operations (not target-independent ones
/// or the target's specializations of them).
bool isTileASOperation(const Record *I) {
  return I->getValueAsString("Namespace") != "TargetOpcode" &&
         !I->isSubClassOf("TargetSpecializedStandardPseudoInstruction");
}

void Reader::readMachine() {
  Model.Def = Machine;
  Model.Name = Machine->getValueAsString("MachineName").str();
  const Record *Sched = Machine->getValueAsOptionalDef("SchedModel");
  if (!Sched) {
    error(Machine, "no SchedModel");
  } else {
    Model.SchedModel = Sched->getName().str();
    for (const Record *P : Records.getAllDerivedDefinitions("Processor"))
      if (P->getValueAsOptionalDef("SchedModel") == Sched)
        Model.CPUs.push_back(P->getValueAsString("Name").str());
    llvm::sort(Model.CPUs);
  }
  for (const Record *I : Machine->getValueAsListOfDefs("Unsupported"))
    UnsupportedSet[I] = true;
  for (const Record *O :
       byName(Records.getAllDerivedDefinitions("MachineResources"))) {
    if (O->getValueAsOptionalDef("Machine") != Machine)
      continue;
    const Record *RV = O->getValueAsOptionalDef("Resources");
    for (const Record *I : O->getValueAsListOfDefs("Instrs")) {
      if (UnsupportedSet.count(I)) {
        error(O, "gives " + I->getName() +
                     " a resource vector, but the machine lists it as "
                     "unsupported");
        continue;
      }
      auto [It, Inserted] = Overrides.try_emplace(I, RV);
      if (!Inserted)
        error(O, "gives " + I->getName() + " a second resource vector (" +
                     RV->getName() + "; it has " + It->second->getName() + ")");
    }
  }
}

void Reader::readSlots() {
  DenseMap<int64_t, const Record *> &ById = SlotById;
  for (const Record *R : listOf("Slots", "TileASSlot")) {
    int64_t Id;
    if (!readInt(R, R, "SlotId", 1, MaxSlotId, Id, "slot " + R->getName()))
      continue;
    auto [It, Inserted] = ById.try_emplace(Id, R);
    if (!Inserted) {
      error(R, "slot id " + Twine(Id) + " is used twice: by " + R->getName() +
                   " and by " + It->second->getName());
      PrintNote(It->second->getLoc(), "first use of slot id " + Twine(Id));
      continue;
    }
    StringRef Kind = R->getValueAsString("SlotKind");
    std::string KindName;
    if (Kind == "coarse")
      KindName = "Coarse";
    else if (Kind == "fine")
      KindName = "Fine";
    else if (Kind == "test")
      KindName = "Test";
    else {
      error(R, "slot " + R->getName() + " has kind '" + Kind +
                   "'; expected coarse, fine or test");
      continue;
    }
    SlotIds[R] = Id;
    Model.Slots.push_back(
        {R, unsigned(Id), R->getValueAsString("SlotName").str(), KindName});
  }
  llvm::stable_sort(Model.Slots,
                    [](const Slot &A, const Slot &B) { return A.Id < B.Id; });
}

void Reader::readPools() {
  for (const Record *R : listOf("Pools", "CountingPool")) {
    int64_t Cap;
    if (!readInt(R, R, "Capacity", 1, UINT32_MAX, Cap,
                 "counting pool " + R->getName()))
      continue;
    // A machine's vectors name pools by name (resolve): one per name.
    for (const Pool &Old : Model.Pools)
      if (Old.Name == R->getValueAsString("PoolName"))
        error(R, "counting pool " + R->getName() + " has the name of " +
                     Old.Def->getName());
    PoolIndex[R] = Model.Pools.size();
    Model.Pools.push_back(
        {R, R->getValueAsString("PoolName").str(), unsigned(Cap)});
  }
}

void Reader::readBudgets() {
  for (const Record *R : listOf("Budgets", "BudgetPool")) {
    int64_t Cap;
    if (!readInt(R, R, "Capacity", 1, INT64_MAX, Cap,
                 "budget pool " + R->getName()))
      continue;
    for (const Budget &Old : Model.Budgets)
      if (Old.Name == R->getValueAsString("PoolName"))
        error(R, "budget pool " + R->getName() + " has the name of " +
                     Old.Def->getName());
    BudgetIndex[R] = Model.Budgets.size();
    Model.Budgets.push_back({R, R->getValueAsString("PoolName").str(),
                             uint64_t(Cap), R->getValueAsString("Unit").str()});
  }
}

void Reader::readPipes() {
  for (const Record *R : listOf("Pipes", "EventPipe")) {
    PipeIndex[R] = Model.Pipes.size();
    Model.Pipes.push_back(R->getValueAsString("PipeName").str());
    Model.PipeDefs.push_back(R);
    Model.CopyEngine.push_back(R->getValueAsBit("CopyEngine"));
  }
  std::vector<const Record *> Models = oneOf("Events", "EventModel");
  if (Models.size() > 1)
    error(Models[1], "more than one EventModel");
  if (!Models.empty()) {
    int64_t Budget;
    if (readInt(Models[0], Models[0], "DefaultBudget", 1, UINT32_MAX, Budget,
                "event model " + Models[0]->getName()))
      Model.DefaultEventBudget = Budget;
    if (!Models[0]->isValueUnset("Issuer")) {
      const Record *Issuer = Models[0]->getValueAsOptionalDef("Issuer");
      auto It = Issuer ? PipeIndex.find(Issuer) : PipeIndex.end();
      if (It == PipeIndex.end())
        error(Models[0], "event model " + Models[0]->getName() +
                             " names an issuer that is not an event pipe");
      else
        Model.IssuerPipe = It->second;
    }
  }
  for (const Record *R : listOf("EventBudgets", "EventBudget")) {
    const Record *Src = R->getValueAsOptionalDef("Src");
    const Record *Dst = R->getValueAsOptionalDef("Dst");
    int64_t Events;
    if (!Src || !Dst) {
      error(R, "event budget " + R->getName() + " names an undefined pipe");
      continue;
    }
    if (!PipeIndex.count(Src) || !PipeIndex.count(Dst)) {
      error(R, "event budget " + R->getName() + " names pipe " +
                   (PipeIndex.count(Src) ? Dst : Src)->getName() +
                   ", which the machine does not have");
      continue;
    }
    if (!readInt(R, R, "Events", 1, UINT32_MAX, Events,
                 "event budget " + R->getName()))
      continue;
    EventBudget B{PipeIndex.lookup(Src), PipeIndex.lookup(Dst),
                  unsigned(Events)};
    for (const EventBudget &Old : Model.EventBudgets)
      if (Old.Src == B.Src && Old.Dst == B.Dst)
        error(R, "a second event budget for pipes " + Src->getName() + " -> " +
                     Dst->getName());
    Model.EventBudgets.push_back(B);
  }
}

void Reader::readCoordination() {
  std::vector<const Record *> Defs = oneOf("Coordination", "CoordinationModel");
  if (Defs.empty())
    return;
  if (Defs.size() > 1)
    error(Defs[1], "more than one CoordinationModel");
  const Record *R = Defs[0];
  StringRef What = "coordination model";
  auto PoolOf = [&](StringRef Field, StringRef Role) -> int {
    int Index = resolve(BudgetIndex, R->getValueAsOptionalDef(Field));
    if (Index < 0)
      error(R, "coordination model " + R->getName() + " names no budget pool " +
                   Role);
    return Index;
  };
  int Named = PoolOf("BarrierPool", "to take barrier ids from");
  int Mbarriers = PoolOf("MbarrierPool", "to pay for mbarriers");
  if (Named < 0 || Mbarriers < 0)
    return;
  if (Named == Mbarriers) {
    error(R, "coordination model " + R->getName() +
                 " pays for mbarriers "
                 "from its named-barrier pool " +
                 Model.Budgets[Named].Name + ": mbarriers are memory");
    return;
  }
  int64_t Bytes, PerSlot, PerAsyncMutex, PerMutex, Reserved, Depth;
  if (!readInt(R, R, "MbarrierBytes", 1, 1024, Bytes, What) ||
      !readInt(R, R, "MbarriersPerSlot", 1, 2, PerSlot, What) ||
      !readInt(R, R, "MbarriersPerMutex", 1, 16, PerAsyncMutex, What) ||
      !readInt(R, R, "BarriersPerMutex", 1, 16, PerMutex, What) ||
      !readInt(R, R, "ReservedBarriers", 0, 64, Reserved, What) ||
      !readInt(R, R, "DefaultPipeDepth", 1, 64, Depth, What))
    return;
  uint64_t Ids = Model.Budgets[Named].Capacity;
  if (uint64_t(Reserved) > Ids) {
    error(R, What + " reserves " + Twine(Reserved) + " named barriers of the " +
                 Twine(Ids) + " that " + Model.Budgets[Named].Name + " has");
    return;
  }
  Model.HasCoordination = true;
  Model.BarrierBudget = Named;
  Model.MbarrierBudget = Mbarriers;
  Model.MbarrierBytes = Bytes;
  Model.MbarriersPerSlot = PerSlot;
  Model.MbarriersPerMutex = PerAsyncMutex;
  Model.BarriersPerMutex = PerMutex;
  Model.ReservedBarriers = Reserved;
  Model.DefaultPipeDepth = Depth;
}

void Reader::readAgents() {
  Model.AgentOfAsyncPipe.assign(Model.Pipes.size(), -1);
  std::vector<const Record *> Agents = listOf("Agents", "Agent");
  std::vector<const Record *> Models = oneOf("AgentRules", "AgentModel");
  if (Models.size() > 1)
    error(Models[1], "more than one AgentModel");
  if (Agents.empty())
    return;
  if (Models.empty()) {
    error(Agents[0], "agent " + Agents[0]->getName() +
                         " needs an AgentModel (the register file)");
    return;
  }
  const Record *M = Models[0];
  int64_t File, Min, Max, Granule;
  StringRef What = "agent model";
  if (!readInt(M, M, "RegisterFile", 1, INT32_MAX, File, What) ||
      !readInt(M, M, "MinRegisters", 1, 65536, Min, What) ||
      !readInt(M, M, "MaxRegisters", Min, 65536, Max, What) ||
      !readInt(M, M, "RegisterGranule", 1, 65536, Granule, What))
    return;
  Model.RegisterFile = File;
  Model.MinRegisters = Min;
  Model.MaxRegisters = Max;
  Model.RegisterGranule = Granule;

  uint64_t Used = 0;
  // The agent whose extra warpgroups (beyond its first) take the most
  // registers, its count and those registers: one agent at a time runs
  // more than one (a loop's split is of the default agent's work).
  const Record *Widest = nullptr;
  int64_t WidestGroups = 1;
  uint64_t Extra = 0;
  for (const Record *R : Agents) {
    std::string Name = ("agent " + R->getName()).str();
    int64_t Warps, Regs;
    if (!readInt(R, R, "Warps", 1, 32, Warps, Name) ||
        !readInt(R, R, "Registers", Min, Max, Regs, Name))
      continue;
    if (Regs % Granule)
      error(R, Name + " has Registers " + Twine(Regs) +
                   ", not a multiple of the granule " + Twine(Granule));
    unsigned Index = Model.Agents.size();
    bool Default = R->getValueAsBit("Default");
    if (Default) {
      if (Model.DefaultAgent >= 0)
        error(R, Name + " is a second default agent (" +
                     Model.Agents[Model.DefaultAgent].Def->getName() +
                     " is one)");
      else
        Model.DefaultAgent = int(Index);
    }
    for (const Record *Pipe : R->getValueAsListOfDefs("AsyncPipes")) {
      auto It = PipeIndex.find(Pipe);
      if (It == PipeIndex.end()) {
        error(R, Name + " names " + Pipe->getName() +
                     ", which is not an event pipe");
        continue;
      }
      int &Owner = Model.AgentOfAsyncPipe[It->second];
      if (Owner >= 0)
        error(R, Name + " claims pipe " + Pipe->getName() + ", which " +
                     Model.Agents[Owner].Def->getName() + " issues already");
      else
        Owner = int(Index);
    }
    int64_t Groups = 1;
    if (!readInt(R, R, "Warpgroups", 1, 4, Groups, Name))
      Groups = 1;
    else if (Groups > 1 && Warps % 4)
      error(R, Name + " has Warpgroups " + Twine(Groups) + " but " +
                   Twine(Warps) +
                   " warps: only an agent of whole warpgroups (a multiple "
                   "of 4 warps) runs more than one");
    Used += uint64_t(Warps) * 32 * uint64_t(Regs);
    uint64_t More = uint64_t(Groups - 1) * Warps * 32 * Regs;
    if (More > Extra) {
      Widest = R;
      WidestGroups = Groups;
      Extra = More;
    }
    Model.Agents.push_back({R, R->getValueAsString("AgentName").str(),
                            unsigned(Warps), unsigned(Regs), Default,
                            unsigned(Groups)});
  }
  if (Model.DefaultAgent < 0)
    error(Agents[0], "no agent is the default one (Default = true), which "
                     "issues everything the others do not");
  if (Used > uint64_t(File))
    error(M, "the agents need " + Twine(Used) +
                 " registers (warps x 32 x registers), more than the " +
                 Twine(File) + " of the register file");
  else if (Widest && Used + Extra > uint64_t(File))
    error(Widest, "agent " + Widest->getName() + " at its " +
                      Twine(WidestGroups) + " warpgroups makes the agents " +
                      "need " + Twine(Used + Extra) +
                      " registers (warps x 32 x registers), more than the " +
                      Twine(File) + " of the register file");
}

bool Reader::readVector(const Record *RV, ResourceVector &V) {
  bool OK = true;
  V.Def = RV;
  std::vector<const Record *> Uses = RV->getValueAsListOfDefs("Slots");
  for (unsigned I = 0, E = Uses.size(); I != E; ++I) {
    const Record *U = Uses[I];
    std::string What = (RV->getName() + " triple " + Twine(I)).str();
    const Record *SlotDef = U->getValueAsOptionalDef("Slot");
    auto It = SlotDef ? SlotIds.find(SlotDef) : SlotIds.end();
    // On a machine, a slot stands for the machine's slot of the same id.
    if (It == SlotIds.end() && Machine && SlotDef &&
        !SlotDef->isValueUnset("SlotId")) {
      auto Own = SlotById.find(SlotDef->getValueAsInt("SlotId"));
      if (Own != SlotById.end())
        It = SlotIds.find(Own->second);
    }
    if (It == SlotIds.end()) {
      if (Machine && SlotDef)
        error(U, What + " uses slot " + SlotDef->getName() + " (id " +
                     Twine(SlotDef->getValueAsInt("SlotId")) +
                     "), which the machine does not have");
      else
        error(U, What + " uses an undefined slot" +
                     (SlotDef ? " '" + SlotDef->getName() + "'" : Twine("")));
      OK = false;
      continue;
    }
    int64_t Duration, Occupancy;
    if (!readInt(U, U, "Duration", 1, MaxDuration, Duration,
                 What + " (slot " + SlotDef->getName() + ")") ||
        !readInt(U, U, "Occupancy", 1, 1, Occupancy,
                 What + " (singleton slot " + SlotDef->getName() + ")")) {
      OK = false;
      continue;
    }
    for (const Triple &T : V.Triples)
      if (T.SlotId == It->second) {
        error(U, What + " holds slot " + SlotDef->getName() +
                     ", which an earlier triple already holds");
        OK = false;
      }
    V.Triples.push_back({It->second, unsigned(Duration), unsigned(Occupancy)});
  }

  for (const Record *U : RV->getValueAsListOfDefs("Pools")) {
    const Record *PoolDef = U->getValueAsOptionalDef("Pool");
    int Index = resolve(PoolIndex, PoolDef);
    if (Index < 0) {
      error(U, RV->getName() + " charges " +
                   (Machine && PoolDef
                        ? "pool " + PoolDef->getName() +
                              ", which the machine does not have"
                        : "an undefined pool" +
                              (PoolDef ? " '" + PoolDef->getName() + "'"
                                       : Twine(""))));
      OK = false;
      continue;
    }
    int64_t Units, Cycles;
    std::string What =
        (RV->getName() + " charge to " + PoolDef->getName()).str();
    if (!readInt(U, U, "Units", 1, Model.Pools[Index].Capacity, Units, What) ||
        !readInt(U, U, "Cycles", 1, MaxDuration, Cycles, What)) {
      OK = false;
      continue;
    }
    V.Pools.push_back({unsigned(Index), unsigned(Units), unsigned(Cycles)});
  }

  for (const Record *U : RV->getValueAsListOfDefs("Budgets")) {
    const Record *PoolDef = U->getValueAsOptionalDef("Pool");
    int Index = resolve(BudgetIndex, PoolDef);
    if (Index < 0) {
      error(U, RV->getName() + " charges " +
                   (Machine && PoolDef
                        ? "budget pool " + PoolDef->getName() +
                              ", which the machine does not have"
                        : "an undefined budget pool" +
                              (PoolDef ? " '" + PoolDef->getName() + "'"
                                       : Twine(""))));
      OK = false;
      continue;
    }
    StringRef Scaling = U->getValueAsString("Scaling");
    if (Scaling != "stage" && Scaling != "pipe") {
      error(U, RV->getName() + " charge to " + PoolDef->getName() +
                   " has scaling '" + Scaling + "'; expected stage or pipe");
      OK = false;
      continue;
    }
    int64_t Amount = U->getValueAsInt("Amount");
    StringRef Operand = U->getValueAsString("Operand");
    if (Amount < 0 || (Operand.empty() && Amount == 0)) {
      error(U, RV->getName() + " charge to " + PoolDef->getName() +
                   " has no positive amount and reads no operand");
      OK = false;
      continue;
    }
    V.Budgets.push_back(
        {unsigned(Index), Scaling == "stage", uint64_t(Amount), Operand.str()});
  }

  int64_t Latency;
  if (!readInt(RV, RV, "Latency", 0, 1 << 20, Latency,
               "resource vector " + RV->getName()))
    OK = false;
  V.Latency = Latency;
  const Record *PipeDef = RV->getValueAsOptionalDef("Pipe");
  if (!PipeDef || !PipeIndex.count(PipeDef)) {
    error(RV, "resource vector " + RV->getName() +
                  (Machine && PipeDef ? " runs on pipe " + PipeDef->getName() +
                                            ", which the machine does not have"
                                      : Twine(" names no event pipe")));
    OK = false;
  } else {
    V.Pipe = PipeIndex.lookup(PipeDef);
  }
  V.Async = RV->getValueAsBit("Async");
  V.FarMemory = RV->getValueAsBit("FarMemory");

  unsigned Length = 0;
  for (const Triple &T : V.Triples)
    Length = std::max(Length, T.Duration);
  V.Footprint.assign(Length, 0);
  for (const Triple &T : V.Triples)
    for (unsigned K = 0; K < T.Duration; ++K)
      V.Footprint[K] |= uint64_t(1) << (T.SlotId - 1);
  return OK;
}

void Reader::readVectors() {
  std::vector<const Record *> Used;
  if (Machine) {
    // A machine's vectors are those its instructions use.
    DenseMap<const Record *, bool> Seen;
    for (const Record *I : Records.getAllDerivedDefinitions("TileASInst")) {
      if (!isTileASOperation(I) || UnsupportedSet.count(I))
        continue;
      const Record *RV = Overrides.lookup(I);
      if (!RV)
        RV = I->getValueAsOptionalDef("Resources");
      if (RV && Seen.try_emplace(RV, true).second)
        Used.push_back(RV);
    }
    Used = byName(std::move(Used));
  } else {
    ArrayRef<const Record *> All =
        Records.getAllDerivedDefinitions("TileASResources");
    Used.assign(All.begin(), All.end());
  }
  for (const Record *RV : Used) {
    ResourceVector V;
    if (!readVector(RV, V))
      continue;
    VectorIndex[RV] = Model.Vectors.size();
    Model.Vectors.push_back(std::move(V));
  }
}

/// Returns the machine-operand index of the operand named Name, counting
/// sub-operands of complex operands, or -1.
int Reader::findOperandIndex(const Record *Inst, StringRef Name, bool &IsImm) {
  int Index = 0;
  for (StringRef List : {"OutOperandList", "InOperandList"}) {
    const DagInit *Ops = Inst->getValueAsDag(List);
    for (unsigned I = 0, E = Ops->getNumArgs(); I != E; ++I) {
      const auto *Def = dyn_cast<DefInit>(Ops->getArg(I));
      const Record *OpRec = Def ? Def->getDef() : nullptr;
      unsigned Width = 1;
      if (OpRec && OpRec->isSubClassOf("Operand")) {
        const DagInit *Sub = OpRec->getValueAsDag("MIOperandInfo");
        if (Sub->getNumArgs() > 0)
          Width = Sub->getNumArgs();
      }
      if (Ops->getArgNameStr(I) == Name) {
        IsImm = OpRec && OpRec->isSubClassOf("Operand") &&
                OpRec->getValueAsString("OperandType") == "OPERAND_IMMEDIATE";
        return Index;
      }
      Index += Width;
    }
  }
  return -1;
}

void Reader::readOpcodes() {
  for (const Record *I : Records.getAllDerivedDefinitions("Instruction")) {
    StringRef NS = I->getValueAsString("Namespace");
    // Target-independent instructions, and the target's specializations of
    // them (pointer-operand remapping), are not TileAS operations.
    if (!isTileASOperation(I))
      continue;
    if (UnsupportedSet.count(I)) {
      Model.Unsupported.push_back({I, NS.str(), 0, {}, ""});
      continue;
    }
    if (!I->isSubClassOf("TileASInst")) {
      error(I, "instruction " + I->getName() +
                   " has no resource vector (derive it from TileASInst)");
      continue;
    }
    const Record *RV = I->getValueAsOptionalDef("Resources");
    if (!RV) {
      error(I, "instruction " + I->getName() + " has no resource vector");
      continue;
    }
    std::vector<const Record *> RW = I->getValueAsListOfDefs("SchedRW");
    if (RW.size() != 1 || RW[0] != RV) {
      error(I, "instruction " + I->getName() +
                   " must use its resource vector " + RV->getName() +
                   " as its only SchedRW, or LLVM's scheduling model would "
                   "differ from TileAS's");
      continue;
    }
    if (const Record *Own = Overrides.lookup(I))
      RV = Own;
    auto It = VectorIndex.find(RV);
    if (It == VectorIndex.end())
      continue; // The vector's own error was reported.
    Opcode Op{I, NS.str(), It->second, {}, ""};
    bool OK = true;
    StringRef Space = I->getValueAsString("MemorySpace");
    bool Accesses = I->getValueAsBit("mayLoad") || I->getValueAsBit("mayStore");
    if (Space == "none" && Accesses) {
      error(I, "instruction " + I->getName() +
                   " may access memory but names no MemorySpace (global, "
                   "local or value)");
      OK = false;
    } else if (Space == "none" || Space == "global" || Space == "local" ||
               Space == "value") {
      Op.MemorySpace =
          (Twine(llvm::toUpper(Space[0])) + Space.drop_front()).str();
    } else {
      error(I, "instruction " + I->getName() + " has MemorySpace '" + Space +
                   "'; expected none, global, local or value");
      OK = false;
    }
    for (const BudgetCharge &C : Model.Vectors[It->second].Budgets) {
      ResolvedCharge R{C.Budget, C.PerStage, C.Amount, -1};
      if (!C.Operand.empty()) {
        bool IsImm = false;
        R.OperandIndex = findOperandIndex(I, C.Operand, IsImm);
        if (R.OperandIndex < 0 || !IsImm) {
          error(I, "instruction " + I->getName() + ": its resource vector " +
                       RV->getName() + " charges " +
                       Model.Budgets[C.Budget].Name + " from operand $" +
                       C.Operand + ", which " +
                       (R.OperandIndex < 0 ? "it does not have"
                                           : "is not an immediate"));
          OK = false;
          continue;
        }
      }
      Op.Charges.push_back(R);
    }
    if (OK)
      Model.Opcodes.push_back(std::move(Op));
  }
}

} // namespace

bool readSlotModels(const RecordKeeper &Records,
                    std::vector<SlotModel> &Models) {
  ArrayRef<const Record *> Machines =
      Records.getAllDerivedDefinitions("TileASMachineModel");
  if (Machines.empty()) {
    Models.emplace_back();
    return Reader(Records, Models.back(), nullptr).run();
  }
  bool OK = true;
  for (const Record *M : Machines) {
    Models.emplace_back();
    OK &= Reader(Records, Models.back(), M).run();
  }
  // -mcpu picks a machine through its processor's SchedMachineModel and
  // the tables are named after the machine: both must be unique.
  for (unsigned I = 0, E = Models.size(); I != E; ++I)
    for (unsigned J = 0; J != I; ++J) {
      if (Models[I].Name == Models[J].Name) {
        PrintError(Models[I].Def, "machine " + Models[I].Name +
                                      ": a second machine of that name");
        OK = false;
      }
      if (!Models[I].SchedModel.empty() &&
          Models[I].SchedModel == Models[J].SchedModel) {
        PrintError(Models[I].Def, "machine " + Models[I].Name + ": machine " +
                                      Models[J].Name + " has its SchedModel " +
                                      Models[I].SchedModel + " already");
        OK = false;
      }
    }
  return OK;
}

} // namespace tblgen
} // namespace tileas
