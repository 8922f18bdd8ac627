//===- TripCountSetup.cpp - Run a function's loop T iterations ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TripCountSetup.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASCountedLoop.h"
#include "TripCountPlan.h"
#include "tileas/Protocol/LoopControl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using tileas::protocol::ContinueIf;
using tileas::protocol::LoopControl;

namespace tileas {
namespace {

/// Iterations walked to find the trip count of a loop whose start and bound
/// are both constants.
constexpr int64_t FixedTripLimit = int64_t(1) << 24;

Error setupError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

std::string regName(const MachineRegisterInfo &MRI, Register R) {
  return formatv("{0}", printReg(R, MRI.getTargetRegisterInfo(), 0, &MRI))
      .str();
}

/// The value of an immediate, or of a register a MOVri sets.
std::optional<int64_t> constantValue(const MachineRegisterInfo &MRI,
                                     const MachineOperand &MO) {
  if (MO.isImm())
    return MO.getImm();
  if (!MO.isReg() || !MO.getReg().isVirtual())
    return std::nullopt;
  const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
  if (Def && Def->getOpcode() == TileAS::MOVri && Def->getOperand(1).isImm())
    return Def->getOperand(1).getImm();
  return std::nullopt;
}

/// The control of a counted loop, if its exit test can end it.
std::optional<LoopControl> controlOf(const TileASCountedLoop &L) {
  static constexpr ContinueIf ByCondCode[] = {ContinueIf::NE, ContinueIf::NE,
                                              ContinueIf::LT, ContinueIf::LE,
                                              ContinueIf::GT, ContinueIf::GE};
  TileAS::CondCode CC =
      L.ContinueOnFalse ? TileAS::inverseCondCode(L.CC) : L.CC;
  // EQ keeps a loop going only while it sits on its bound: not a count.
  if (CC == TileAS::EQ || CC >= TileAS::NumCondCodes)
    return std::nullopt;
  LoopControl C{L.Step, L.Offset, ByCondCode[CC], L.Adjust};
  if (!C.movesTowardsBound())
    return std::nullopt;
  return C;
}

/// Sets the bound (or the start) of loop L, which runs as written from its
/// PHI's start, so that it runs Trips iterations; adds it to Setup.
Error planLoop(const MachineRegisterInfo &MRI, const TileASCountedLoop &L,
               const LoopControl &Control, int64_t Trips,
               TripCountSetup &Setup) {
  unsigned Block = L.Loop->getNumber();
  MachineOperand Start = MachineOperand::CreateReg(L.Init, false);
  std::optional<int64_t> StartValue = constantValue(MRI, Start);
  std::optional<int64_t> BoundValue = constantValue(MRI, L.bound());
  RegisterOverride O;
  std::optional<int64_t> Value;
  if (!BoundValue) {
    O.Reg = L.bound().getReg();
    if (!StartValue)
      O.Base = L.Init;
    Value = Control.boundFor(StartValue.value_or(0), Trips);
  } else if (!StartValue) {
    O.Reg = L.Init;
    Value = Control.startFor(*BoundValue, Trips);
  } else {
    std::optional<int64_t> Fixed =
        Control.tripCount(*StartValue, *BoundValue, FixedTripLimit);
    if (Fixed == Trips)
      return Error::success();
    return setupError(formatv(
        "loop bb.{0} runs {1} whatever the live-ins "
        "(its start {2} and bound {3} are constants), "
        "not {4}",
        Block, Fixed ? formatv("{0} iterations", *Fixed).str() : "forever",
        *StartValue, *BoundValue, Trips));
  }
  if (!Value)
    return setupError(formatv("loop bb.{0}: the {1} for a trip count of {2} "
                              "overflows",
                              Block, BoundValue ? "start" : "bound", Trips));
  O.Value = *Value;
  for (const RegisterOverride &Known : Setup.Overrides)
    if (Known.Reg == O.Reg && (Known.Base != O.Base || Known.Value != O.Value))
      return setupError(formatv("its loops need different values of {0} for "
                                "a trip count of {1}",
                                regName(MRI, O.Reg), Trips));
  Setup.Overrides.push_back(O);
  return Error::success();
}

std::string describe(const MachineRegisterInfo &MRI,
                     const RegisterOverride &O) {
  std::string Text = regName(MRI, O.Reg) + " = ";
  if (!O.Base)
    return Text + std::to_string(O.Value);
  return Text + regName(MRI, O.Base) +
         (O.Value < 0 ? " - " + std::to_string(-uint64_t(O.Value))
                      : " + " + std::to_string(O.Value));
}

} // namespace

Expected<TripCountSetup> planOwnTripCount(MachineFunction &MF, int64_t Trips) {
  std::vector<std::pair<MachineBasicBlock *, TileASCountedLoop>> Loops;
  for (MachineBasicBlock &MBB : MF)
    if (std::optional<TileASCountedLoop> L = TileASCountedLoop::analyze(MBB))
      Loops.push_back({&MBB, *L});
  if (Loops.empty())
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

  const MachineRegisterInfo &MRI = MF.getRegInfo();
  TripCountSetup Setup;
  std::string Computed;
  for (auto &[MBB, L] : Loops) {
    const MachineInstr *StartDef = MRI.getUniqueVRegDef(L.Init);
    if (StartDef && StartDef->getParent() != &MF.front()) {
      if (Computed.empty())
        Computed = formatv("loop bb.{0} starts from {1}, which bb.{2} "
                           "computes (a prologue's value?)",
                           MBB->getNumber(), regName(MRI, L.Init),
                           StartDef->getParent()->getNumber())
                       .str();
      continue;
    }
    if (std::optional<LoopControl> C = controlOf(L))
      if (Error E = planLoop(MRI, L, *C, Trips, Setup))
        return E;
  }
  if (Setup.Overrides.empty() && !Computed.empty())
    return setupError(Computed +
                      ": the iterations its prologue ran are not known "
                      "here; give --reference=<the function as written>");
  for (const RegisterOverride &O : Setup.Overrides)
    Setup.Description +=
        (Setup.Description.empty() ? "" : ", ") + describe(MRI, O);
  return Setup;
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
      MachineOperand Base = MachineOperand::CreateReg(O.Base, false);
      std::optional<int64_t> BaseValue = constantValue(MRI, Base);
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
