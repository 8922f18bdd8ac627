//===- TripCountSetup.cpp - Run a function's loop T iterations ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/TripCountSetup.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "tileas/MIRExec/TripCountPlan.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

static Error setupError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

static std::string regName(const MachineRegisterInfo &MRI, Register R) {
  return formatv("{0}", printReg(R, MRI.getTargetRegisterInfo(), 0, &MRI))
      .str();
}

Expected<TripCountSetup> planOwnTripCount(MachineFunction &MF, int64_t Trips) {
  if (none_of(MF, [](MachineBasicBlock &MBB) {
        return TileASCountedLoop::analyze(MBB).has_value();
      }))
    return setupError("no counted loop to run " + Twine(Trips) + " times");
  Expected<TripCountPlan> Coordinated = planTripCount(MF, Trips);
  if (!Coordinated)
    return Coordinated.takeError();
  // A function with pipes is TripCountPlan's: its loops count iterations
  // from their PIPE_CREATE (and may need nothing set).
  bool HasPipes = any_of(MF, [](const MachineBasicBlock &MBB) {
    return any_of(MBB, [](const MachineInstr &MI) {
      return MI.getOpcode() == TileAS::PIPE_CREATE;
    });
  });
  if (HasPipes)
    return TripCountSetup{Coordinated->Overrides, {}, Coordinated->Description};
  Expected<TripCountPlan> AsWritten = planAsWrittenTripCount(MF, Trips);
  if (!AsWritten)
    return AsWritten.takeError();
  return TripCountSetup{AsWritten->Overrides, {}, AsWritten->Description};
}

Expected<TripCountSetup> planOwnTripCount(MachineFunction &MF,
                                          const LoopTripCounts &Counts) {
  if (Counts.All)
    return planOwnTripCount(MF, *Counts.All);
  Expected<TripCountPlan> Plan = planTripCount(MF, Counts);
  if (!Plan)
    return Plan.takeError();
  return TripCountSetup{Plan->Overrides, {}, Plan->Description};
}

Expected<TripCountSetup>
planReferenceTripCount(MachineFunction &Reference, int64_t Trips,
                       ArrayRef<std::pair<MCRegister, int64_t>> LiveIns) {
  Expected<TripCountSetup> Own = planOwnTripCount(Reference, Trips);
  if (!Own)
    return Own.takeError();
  const MachineRegisterInfo &MRI = Reference.getRegInfo();
  const TargetRegisterInfo &TRI = *Reference.getSubtarget().getRegisterInfo();
  // The live-in a register of the entry block is copied from, if any.
  auto LiveInOf = [&](Register R) -> std::optional<MCRegister> {
    const MachineInstr *Def = MRI.getUniqueVRegDef(R);
    if (!Def || !Def->isCopy() || Def->getParent() != &Reference.front() ||
        !Def->getOperand(1).getReg().isPhysical())
      return std::nullopt;
    return Def->getOperand(1).getReg().asMCReg();
  };
  TripCountSetup Setup;
  for (const RegisterOverride &O : Own->Overrides) {
    std::optional<MCRegister> Phys = LiveInOf(O.Reg);
    if (!Phys)
      return setupError(formatv("in the reference, the trip count sets {0}, "
                                "which is not a copy of a live-in register; "
                                "other forms of the function cannot be "
                                "given its value",
                                regName(MRI, O.Reg)));
    int64_t Value = O.Value;
    if (O.Base) {
      std::optional<int64_t> BaseValue =
          constantOf(MRI, MachineOperand::CreateReg(O.Base, false));
      if (!BaseValue)
        if (std::optional<MCRegister> BasePhys = LiveInOf(O.Base)) {
          BaseValue = 0;
          for (auto [Reg, V] : LiveIns)
            if (Reg == *BasePhys)
              BaseValue = V;
        }
      if (!BaseValue)
        return setupError(formatv("in the reference, the trip count is "
                                  "relative to {0}, whose value is not "
                                  "known before the run",
                                  regName(MRI, O.Base)));
      Value = int64_t(uint64_t(Value) + uint64_t(*BaseValue));
    }
    Setup.LiveIns.push_back({*Phys, Value});
    Setup.Description +=
        formatv("{0}${1} = {2}", Setup.Description.empty() ? "" : ", ",
                StringRef(TRI.getName(*Phys)).lower(), Value)
            .str();
  }
  return Setup;
}

} // namespace tileas
