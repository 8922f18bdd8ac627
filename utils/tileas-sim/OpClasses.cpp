//===- OpClasses.cpp - Timing classes of TileAS opcodes -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "OpClasses.h"
#include "Pipeliner/TileASInstrTiming.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Model/ModelIds.h"

#include "llvm/CodeGen/MachineInstr.h"

using namespace llvm;

namespace tileas {

/// Memory spaces the simulator orders (DynamicOp.h: 0 is "none").
static unsigned orderedSpace(model::MemorySpace S) {
  switch (S) {
  case model::MemorySpace::Global:
    return 1;
  case model::MemorySpace::Local:
    return 2;
  case model::MemorySpace::None:
  case model::MemorySpace::Value:
    return 0;
  }
  llvm_unreachable("unknown memory space");
}

static std::optional<OpTiming> timingOf(const MachineInstr &MI) {
  const model::Machine &M = machineOf(*MI.getMF());
  const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode());
  if (!Rec)
    return std::nullopt;
  const model::ResourceVectorRecord &RV = M.resourceVector(*Rec);
  OpTiming T;
  for (const model::SlotTripleRecord &U : M.triples(RV))
    T.Class.Slots.push_back({U.Slot, U.Duration, U.Occupancy});
  for (const model::PoolChargeRecord &P : M.poolCharges(RV))
    T.Class.Pools.push_back({P.Pool, P.Units, P.Cycles});
  T.Class.Latency = RV.Latency;
  unsigned Space = orderedSpace(Rec->Space);
  if (MI.mayLoad())
    T.Class.LoadSpace = Space;
  if (MI.mayStore())
    T.Class.StoreSpace = Space;
  T.Class.FarMemory =
      RV.FarMemory ||
      (RV.Async && MI.mayLoad() && Rec->Space == model::MemorySpace::Global);
  if (RV.Async)
    T.AsyncPipe = RV.Pipe;
  // Shared and tensor memory (STS, TMEM_ST): not ordered against loads
  // here, their reads are the coordination's business.
  T.Class.BufferStore = MI.mayStore() && !RV.Async && !Space;
  return T;
}

std::vector<std::string> OpClasses::unitNames() {
  // The td name of the tensor core's pipe ("tensor_core" on every machine).
  return {model::defaultMachine().pipeNames()[gen::blackwell::PipeTensorCore],
          "far_memory"};
}

Expected<const OpTiming *> OpClasses::lookup(const MachineInstr &MI) {
  if (Timing) {
    Expected<std::optional<timing::InstrTiming>> IT = instrTiming(*Timing, MI);
    if (!IT)
      return IT.takeError();
    if (*IT) {
      const timing::InstrTiming &M = **IT;
      // One class per opcode and what its timing depends on.
      Key K{MI.getOpcode(), 0, 0, 0, M.Bytes};
      if (M.OnUnit == timing::Unit::TensorCore)
        K = Key{MI.getOpcode(), unsigned(M.OccupancyX100), M.Latency, 0, 0};
      auto [It, New] = ByShape.try_emplace(K);
      if (New) {
        It->second = timingOf(MI);
        if (It->second) {
          sim::OpClass &C = It->second->Class;
          C.Latency = M.Latency;
          C.OccupancyX100 = M.OccupancyX100;
          C.TransferBytes = M.Bytes;
          if (M.OnUnit == timing::Unit::TensorCore) {
            C.Unit = TensorCoreUnit;
            C.ForwardsOnUnit = true;
          } else if (M.OnUnit == timing::Unit::FarMemory) {
            C.Unit = FarMemoryUnit;
          }
        }
      }
      return It->second ? &*It->second : nullptr;
    }
  }
  auto [It, New] = ByOpcode.try_emplace(MI.getOpcode());
  if (New)
    It->second = timingOf(MI);
  return It->second ? &*It->second : nullptr;
}

} // namespace tileas
