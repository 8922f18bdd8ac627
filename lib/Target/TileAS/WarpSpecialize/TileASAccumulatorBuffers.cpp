//===- TileASAccumulatorBuffers.cpp - One or two accumulator copies -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASAccumulatorBuffers.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASTileWork.h"

#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

unsigned llvm::tensorMemoryColumns(const model::Machine &M) {
  // The budget a tensor-core MMA's accumulator is charged to (td/: the
  // model's tensor memory), so that td stays its only description.
  const model::OpcodeRecord *Mma = M.lookupOpcode(TileAS::MMA_TMEM);
  if (!Mma || M.isUnsupported(TileAS::MMA_TMEM))
    return 0;
  ResourceModel RM = M.buildResourceModel();
  for (const model::BudgetChargeRecord &C : M.budgetCharges(*Mma))
    if (C.Budget < RM.budgets().size())
      return unsigned(RM.budgets()[C.Budget].Capacity / TmemColumnBytes);
  return 0;
}

TileASAccumulatorPlan llvm::planAccumulatorBuffers(unsigned Columns,
                                                   unsigned Others,
                                                   unsigned Capacity) {
  TileASAccumulatorPlan Plan;
  Plan.Columns = Columns;
  Plan.Others = Others;
  Plan.Capacity = Capacity;
  if (!Capacity && !Columns) {
    // Hopper: an MMA's accumulator is registers of the warpgroup that
    // issues it, which cannot hand it to another agent; that agent stores
    // it itself, so no accumulator pipe crosses between agents.
    Plan.WhySingle = "the machine has no tensor memory: the accumulators "
                     "are registers of the agent that issues the MMAs, "
                     "which stores them itself";
    return Plan;
  }
  if (!Columns) {
    Plan.WhySingle = "no accumulator goes from the inner loop to the epilogue";
    return Plan;
  }
  uint64_t Double = 2 * uint64_t(Columns) + Others;
  if (Double <= Capacity) {
    Plan.Buffers = 2;
    return Plan;
  }
  Plan.WhySingle =
      formatv("two copies of the accumulators ({0} columns each) and the "
              "other allocations ({1} columns) would take {2} of the {3} "
              "columns of tensor memory",
              Columns, Others, Double, Capacity)
          .str();
  return Plan;
}

/// The TMEM_ALLOCs R comes from, through PHIs and in-place rewrites (a use
/// tied to R's definition).
static void collectAllocations(const MachineRegisterInfo &MRI, Register R,
                               SmallPtrSetImpl<const MachineInstr *> &Seen,
                               SmallPtrSetImpl<const MachineInstr *> &Allocs) {
  SmallVector<Register, 8> Work{R};
  while (!Work.empty()) {
    Register Reg = Work.pop_back_val();
    const MachineInstr *Def = Reg.isVirtual() ? MRI.getVRegDef(Reg) : nullptr;
    if (!Def || !Seen.insert(Def).second)
      continue;
    if (Def->getOpcode() == TileAS::TMEM_ALLOC) {
      Allocs.insert(Def);
      continue;
    }
    if (Def->isPHI()) {
      for (unsigned I = 1, E = Def->getNumOperands(); I < E; I += 2)
        Work.push_back(Def->getOperand(I).getReg());
      continue;
    }
    for (unsigned I = 0, E = Def->getNumOperands(); I < E; ++I) {
      const MachineOperand &MO = Def->getOperand(I);
      if (MO.isReg() && MO.isDef() && MO.isTied())
        Work.push_back(Def->getOperand(Def->findTiedOperandIdx(I)).getReg());
    }
  }
}

TileASAccumulatorPlan llvm::planAccumulatorBuffers(const TileASTileNest &Nest,
                                                   const TileASTileWork &Work) {
  const MachineFunction &MF = *Nest.Inner->getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  SmallPtrSet<const MachineInstr *, 16> Seen;
  SmallPtrSet<const MachineInstr *, 4> Accumulators;
  for (const auto &Crossing : Work.crossings())
    collectAllocations(MRI, Crossing.first, Seen, Accumulators);
  unsigned Columns = 0, Others = 0;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::TMEM_ALLOC)
        (Accumulators.count(&MI) ? Columns : Others) +=
            unsigned(MI.getOperand(1).getImm());
  return planAccumulatorBuffers(Columns, Others,
                                tensorMemoryColumns(tileasMachine(MF)));
}
