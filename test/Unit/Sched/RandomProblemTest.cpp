//===- RandomProblemTest.cpp - Random problems live on the td machine -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The problems that unit tests and the scheduling benchmarks run on describe
// the machine of td/ and nothing else: the generated model's slots, pools
// and budgets, and per op the resource vector td gives its instruction.
//
//===----------------------------------------------------------------------===//

#include "RandomProblem.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

using namespace tileas;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

namespace {

std::vector<Problem> sampleProblems() {
  std::vector<Problem> Problems;
  for (bool MemoryOrder : {false, true})
    for (uint64_t Seed = 1; Seed <= 3; ++Seed) {
      RandomProblemOptions RO;
      RO.NumOps = 160;
      RO.Seed = Seed;
      RO.MemoryOrder = MemoryOrder;
      Problems.push_back(makeRandomProblem(RO));
    }
  return Problems;
}

TEST(RandomProblemTest, TheModelIsTheGeneratedOne) {
  ResourceModel Want = blackwellModel().buildResourceModel();
  for (const Problem &P : sampleProblems()) {
    const ResourceModel &Got = P.model();
    ASSERT_EQ(Got.slots().size(), Want.slots().size()) << P.Name;
    for (unsigned I = 0; I != Want.slots().size(); ++I) {
      EXPECT_EQ(Got.slots()[I].Id, Want.slots()[I].Id);
      EXPECT_EQ(Got.slots()[I].Name, Want.slots()[I].Name);
      EXPECT_EQ(Got.slots()[I].Kind, Want.slots()[I].Kind);
    }
    ASSERT_EQ(Got.pools().size(), Want.pools().size()) << P.Name;
    for (unsigned I = 0; I != Want.pools().size(); ++I) {
      EXPECT_EQ(Got.pools()[I].Name, Want.pools()[I].Name);
      EXPECT_EQ(Got.pools()[I].Capacity, Want.pools()[I].Capacity);
    }
    ASSERT_EQ(Got.budgets().size(), Want.budgets().size()) << P.Name;
    for (unsigned I = 0; I != Want.budgets().size(); ++I) {
      EXPECT_EQ(Got.budgets()[I].Name, Want.budgets()[I].Name);
      EXPECT_EQ(Got.budgets()[I].Capacity, Want.budgets()[I].Capacity);
    }
  }
}

TEST(RandomProblemTest, EveryOpIsAnInstructionOfTheModel) {
  std::vector<bool> Charged(
      blackwellModel().buildResourceModel().budgets().size());
  for (const Problem &P : sampleProblems()) {
    ASSERT_FALSE(bool(P.validate())) << P.Name;
    for (const Operation &Op : P.operations()) {
      // Ops are named <instruction>_<index>.
      llvm::StringRef Instr = llvm::StringRef(Op.Name).rsplit('_').first;
      const model::OpcodeRecord *Rec = blackwellModel().lookupOpcode(Instr);
      ASSERT_TRUE(Rec) << Op.Name;
      Operation Want;
      blackwellModel().fillResources(blackwellModel().resourceVector(*Rec),
                                     Want);
      ASSERT_EQ(Op.Slots.size(), Want.Slots.size()) << Op.Name;
      for (unsigned I = 0; I != Want.Slots.size(); ++I) {
        EXPECT_EQ(Op.Slots[I].Slot, Want.Slots[I].Slot) << Op.Name;
        EXPECT_EQ(Op.Slots[I].Duration, Want.Slots[I].Duration) << Op.Name;
      }
      ASSERT_EQ(Op.Pools.size(), Want.Pools.size()) << Op.Name;
      for (unsigned I = 0; I != Want.Pools.size(); ++I) {
        EXPECT_EQ(Op.Pools[I].Pool, Want.Pools[I].Pool) << Op.Name;
        EXPECT_EQ(Op.Pools[I].Units, Want.Pools[I].Units) << Op.Name;
        EXPECT_EQ(Op.Pools[I].Duration, Want.Pools[I].Duration) << Op.Name;
      }
      EXPECT_EQ(Op.FootprintRows, Want.FootprintRows) << Op.Name;
      EXPECT_EQ(Op.Latency, Want.Latency) << Op.Name;
      EXPECT_EQ(Op.Async, Want.Async) << Op.Name;
      EXPECT_EQ(Op.FarMemory, Want.FarMemory) << Op.Name;
      // Budget charges are the instruction's own (amounts vary).
      for (const BudgetUse &U : Op.Budgets) {
        EXPECT_TRUE(llvm::any_of(blackwellModel().budgetCharges(*Rec),
                                 [&](const model::BudgetChargeRecord &C) {
                                   return C.Budget == U.Budget &&
                                          C.Scaling == U.Scaling;
                                 }))
            << Op.Name << " charges budget " << U.Budget;
        Charged[U.Budget] = true;
      }
    }
  }
  // The sample exercises every budget pool an instruction of the model
  // charges (the named barriers only mutexes take, in the coordination).
  std::vector<bool> Chargeable(Charged.size());
  for (unsigned Opcode = 0; Opcode != 1u << 16; ++Opcode)
    if (const model::OpcodeRecord *Rec = blackwellModel().lookupOpcode(Opcode))
      for (const model::BudgetChargeRecord &C :
           blackwellModel().budgetCharges(*Rec))
        Chargeable[C.Budget] = true;
  for (unsigned B = 0; B != Charged.size(); ++B)
    EXPECT_EQ(Charged[B], bool(Chargeable[B])) << "budget " << B;
  EXPECT_FALSE(Chargeable[*blackwellModel().namedBarrierBudget()]);
}

} // namespace
