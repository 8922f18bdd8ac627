//===- TileASCoordinationInput.cpp - A loop's coordination problem --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASCoordinationInput.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "TileASOptions.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace llvm;
using namespace tileas;

std::pair<unsigned, bool> llvm::coordinationUnitOf(const MachineInstr &MI) {
  const model::Machine &M = tileasMachine(*MI.getMF());
  if (const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode())) {
    const model::ResourceVectorRecord &RV = M.resourceVector(*Rec);
    return {RV.Pipe, RV.Async};
  }
  return {unsigned(M.pipeNames().size()), false};
}

unsigned llvm::homeAgentOf(const MachineInstr &MI) {
  const model::Machine &M = tileasMachine(*MI.getMF());
  const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode());
  if (!Rec)
    return M.defaultAgent();
  // An asynchronous op that accumulates into the issuing threads' register
  // fragments (a WGMMA) is issued by the warps that hold them: a fragment
  // never leaves its warps, as in Hopper kernels, whose consumer warpgroups
  // issue their own WGMMAs behind a producer warp's TMA.
  const MachineRegisterInfo &MRI = MI.getMF()->getRegInfo();
  if (any_of(MI.all_defs(), [&](const MachineOperand &Def) {
        return Def.getReg().isVirtual() && TileAS::FRAGRegClass.hasSubClassEq(
                                               MRI.getRegClass(Def.getReg()));
      }))
    return M.defaultAgent();
  return M.agentOf(M.resourceVector(*Rec));
}

static unsigned latencyOf(const MachineInstr &MI) {
  const model::Machine &M = tileasMachine(*MI.getMF());
  if (const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode()))
    return M.resourceVector(*Rec).Latency;
  return 0;
}

bool llvm::isBufferedRegister(const MachineRegisterInfo &MRI, Register R) {
  if (!R.isVirtual())
    return false;
  const TargetRegisterClass *RC = MRI.getRegClass(R);
  if (TileAS::TILERegClass.hasSubClassEq(RC))
    return true;
  if (!TileAS::TMEMRegClass.hasSubClassEq(RC))
    return false;
  // A column of an accumulator (TMEM_COL: an add on its address) is the
  // accumulator's buffer, not one of its own: the handle passes in a
  // register, as any scalar does, to the load that reads through it.
  const MachineInstr *Def = MRI.getUniqueVRegDef(R);
  return !Def || Def->getOpcode() != TileAS::TMEM_COL;
}

/// Barrier ids and budget capacities: the same numbers the scheduler's
/// resource model has.
static void describeBudgets(const model::Machine &M, pipes::SolveInput &In,
                            int ReservedBarriers) {
  ResourceModel RM = M.buildResourceModel(ReservedBarriers);
  for (const BudgetDesc &B : RM.budgets()) {
    In.BudgetCapacity.push_back(B.Capacity);
    In.BudgetNames.push_back(B.Name);
  }
  std::optional<unsigned> Barriers = M.namedBarrierBudget();
  const model::CoordinationRecord &Coord = M.coordination();
  unsigned Reserved = ReservedBarriers < 0 ? Coord.ReservedBarriers
                                           : unsigned(ReservedBarriers);
  // Barrier 0 is the CTA-wide one (bar.sync 0): never a pipe's or a mutex's,
  // whatever is reserved, so that 0 can mean "no barrier" (PIPE_CREATE's
  // empty barrier of a pipe without one). The model's barrier pool already
  // leaves it out.
  In.FirstBarrier = std::max(Reserved, 1u);
  In.BarrierLimit =
      In.FirstBarrier + (Barriers ? RM.budgets()[*Barriers].Capacity : 0);
  In.BarrierBudget = Barriers ? int(*Barriers) : -1;
  In.Cost = tileasBarrierCost(M);
}

pipes::BarrierCostModel llvm::tileasBarrierCost(const model::Machine &M) {
  const model::CoordinationRecord &Coord = M.coordination();
  pipes::BarrierCostModel Cost;
  Cost.MbarrierBytes = Coord.MbarrierBytes;
  Cost.MbarriersPerSlot = Coord.MbarriersPerSlot;
  Cost.MbarriersPerMutex = Coord.MbarriersPerMutex;
  Cost.BarriersPerMutex = Coord.BarriersPerMutex;
  std::optional<unsigned> Mbarriers = M.mbarrierBudget();
  Cost.MbarrierBudget = Mbarriers ? int(*Mbarriers) : -1;
  return Cost;
}

/// Shared memory the loop's tiles from before the loop hold while it runs: a
/// tile the loop reads but no instruction of the loop produced (the Q tile
/// of attention, loaded once) keeps its buffer, and the PTX arena places it
/// at TMA's 1024-byte alignment with its own mbarrier, beside the rings.
static uint64_t liveInTileBytes(const MachineBasicBlock &MBB,
                                ArrayRef<MachineInstr *> Instrs,
                                const MachineRegisterInfo &MRI) {
  const model::CoordinationRecord &Coord =
      tileasMachine(*MBB.getParent()).coordination();
  SmallSet<Register, 4> Seen;
  uint64_t Bytes = 0;
  for (const MachineInstr *MI : Instrs)
    for (const MachineOperand &MO : MI->uses()) {
      if (!MO.isReg() || !MO.getReg().isVirtual() ||
          !TileAS::TILERegClass.hasSubClassEq(MRI.getRegClass(MO.getReg())))
        continue;
      const MachineInstr *Def = MRI.getUniqueVRegDef(MO.getReg());
      if (!Def || Def->getParent() == &MBB || !Seen.insert(MO.getReg()).second)
        continue;
      std::optional<uint64_t> Size = TileAS::producedTileBytes(*Def);
      if (!Size || !*Size)
        continue;
      Bytes += alignTo(*Size, 1024) + Coord.MbarrierBytes;
    }
  return Bytes;
}

TileASCoordinationInput
TileASCoordinationInput::build(MachineBasicBlock &MBB,
                               ArrayRef<MachineInstr *> Instrs,
                               const TileASPipelinerOptions &Opts) {
  TileASCoordinationInput CI;
  pipes::SolveInput &In = CI.In;
  const MachineRegisterInfo &MRI = MBB.getParent()->getRegInfo();
  const model::Machine &M = tileasMachine(*MBB.getParent());
  describeBudgets(M, In, Opts.ReservedBarriers);
  if (std::optional<unsigned> Smem = M.mbarrierBudget()) {
    uint64_t &Capacity = In.BudgetCapacity[*Smem];
    Capacity -= std::min(Capacity, liveInTileBytes(MBB, Instrs, MRI));
  }
  In.WarpSpecialized = Opts.warpSpecialized();
  In.RingSlack = In.WarpSpecialized ? Opts.RingSlack : 0;

  DenseMap<const MachineInstr *, unsigned> OpIndex;
  for (unsigned I = 0; I < Instrs.size(); ++I) {
    OpIndex[Instrs[I]] = I;
    auto [Unit, Async] = coordinationUnitOf(*Instrs[I]);
    pipes::LoopOp Op;
    Op.Unit = Unit;
    Op.Async = Async;
    Op.Latency = latencyOf(*Instrs[I]);
    Op.Agent = homeAgentOf(*Instrs[I]);
    In.Ops.push_back(Op);
  }

  DenseMap<Register, unsigned> ValueIndex;
  auto ValueFor = [&](Register R) {
    auto [It, New] = ValueIndex.try_emplace(R, In.Values.size());
    if (!New)
      return It->second;
    pipes::BufferedValue V;
    MachineInstr *Def = MRI.getUniqueVRegDef(R);
    auto Op = Def ? OpIndex.find(Def) : OpIndex.end();
    CI.OutsideDefs.push_back(nullptr);
    if (Op != OpIndex.end()) {
      V.Producer = Op->second;
      // The buffer's size: the op's per-stage budget charge.
      if (const model::OpcodeRecord *Rec = M.lookupOpcode(Def->getOpcode()))
        for (const model::BudgetChargeRecord &C : M.budgetCharges(*Rec))
          if (C.Scaling == BudgetScaling::PerStage && V.Budget < 0) {
            V.Budget = C.Budget;
            const MachineOperand *MO = C.OperandIndex >= 0
                                           ? &Def->getOperand(C.OperandIndex)
                                           : nullptr;
            V.Bytes = !MO ? C.Amount : MO->isImm() ? uint64_t(MO->getImm()) : 0;
          }
    } else {
      V.ProducedAsync = Def && coordinationUnitOf(*Def).second;
      CI.OutsideDefs.back() = Def;
    }
    for (const MachineInstr &U : MRI.use_nodbg_instructions(R))
      if (U.getParent() != &MBB)
        V.LiveOut = true;
    In.Values.push_back(V);
    return It->second;
  };

  for (unsigned I = 0; I < Instrs.size(); ++I) {
    const MachineInstr &MI = *Instrs[I];
    for (unsigned OpNo = 0, E = MI.getNumOperands(); OpNo != E; ++OpNo) {
      const MachineOperand &MO = MI.getOperand(OpNo);
      if (!MO.isReg() || !MO.isUse() || !isBufferedRegister(MRI, MO.getReg()))
        continue;
      unsigned DefIdx = 0;
      bool InPlace = MI.isRegTiedToDefOperand(OpNo, &DefIdx);
      int Result = -1;
      if (InPlace && isBufferedRegister(MRI, MI.getOperand(DefIdx).getReg()))
        Result = ValueFor(MI.getOperand(DefIdx).getReg());
      // Through the loop's PHIs to the producing iteration.
      Register R = MO.getReg();
      unsigned Distance = 0;
      const MachineInstr *Def = MRI.getUniqueVRegDef(R);
      while (Def && Def->isPHI() && Def->getParent() == &MBB &&
             Distance <= Instrs.size()) {
        Register Carried, Init;
        for (unsigned P = 1; P + 1 < Def->getNumOperands(); P += 2)
          (Def->getOperand(P + 1).getMBB() == &MBB ? Carried : Init) =
              Def->getOperand(P).getReg();
        // The first iterations read the value from before the loop.
        if (Init && isBufferedRegister(MRI, Init))
          In.Reads.push_back({I, ValueFor(Init), 0, InPlace, Result});
        R = Carried;
        ++Distance;
        Def = MRI.getUniqueVRegDef(R);
      }
      In.Reads.push_back({I, ValueFor(R), Distance, InPlace, Result});
    }
    // Values defined here but never read still have a producer and may be
    // live out.
    for (const MachineOperand &MO : MI.defs())
      if (isBufferedRegister(MRI, MO.getReg()))
        ValueFor(MO.getReg());
  }
  return CI;
}
