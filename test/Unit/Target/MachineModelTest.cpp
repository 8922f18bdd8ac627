//===- MachineModelTest.cpp - The model tables generated from td/ ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Model/MachineModel.h"
#include "Materialize/TileASCoordinationInput.h"
#include "tileas/Model/ModelIds.h"

#include "gtest/gtest.h"

using namespace tileas;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

namespace {

TEST(MachineModel, TwentyFourOneBasedSlots) {
  ResourceModel M = blackwellModel().buildResourceModel();
  ASSERT_EQ(M.slots().size(), 24u);
  for (unsigned I = 0; I < 24; ++I)
    EXPECT_EQ(M.slots()[I].Id, I + 1);
  EXPECT_EQ(M.findSlot(12)->Name, "tma");
  EXPECT_EQ(M.findSlot(16)->Name, "tp_smem_wr");
  EXPECT_EQ(M.findSlot(24)->Kind, SlotKind::Test);
  EXPECT_EQ(M.findSlot(11)->Kind, SlotKind::Fine);
  EXPECT_EQ(M.findSlot(1)->Kind, SlotKind::Coarse);
}

TEST(MachineModel, PoolsAndBudgets) {
  ResourceModel M = blackwellModel().buildResourceModel();
  auto Pool = [&](llvm::StringRef Name) {
    std::optional<unsigned> I = M.findPool(Name);
    return I ? M.pools()[*I].Capacity : 0u;
  };
  EXPECT_EQ(Pool("coarse_issue"), 5u);
  EXPECT_EQ(Pool("alu_issue"), 3u);
  EXPECT_EQ(Pool("alu_or_fmaheavy_issue"), 4u);
  EXPECT_EQ(Pool("dual_issue"), 3u);
  EXPECT_EQ(Pool("register_bank_pairing"), 2u);
  auto Budget = [&](llvm::StringRef Name) {
    std::optional<unsigned> I = M.findBudget(Name);
    return I ? M.budgets()[*I].Capacity : 0u;
  };
  EXPECT_EQ(Budget("smem_bytes"), 232448u);
  EXPECT_EQ(Budget("tmem_bytes"), 262144u);
  // 16 named barriers, one reserved for __syncthreads by default.
  EXPECT_EQ(Budget("named_barriers"), 15u);
  EXPECT_EQ(blackwellModel()
                .buildResourceModel(/*ReservedBarriers=*/4)
                .budgets()[*blackwellModel().namedBarrierBudget()]
                .Capacity,
            12u);
}

TEST(MachineModel, EveryFootprintMatchesItsTriples) {
  // tileas-tblgen precomputes the footprint rows; the scheduling core can
  // derive them from the triples. Both must agree for every opcode.
  unsigned Checked = 0;
  for (unsigned Opc = 0; Opc < 4096; ++Opc) {
    const model::OpcodeRecord *Op = blackwellModel().lookupOpcode(Opc);
    if (!Op)
      continue;
    Operation O;
    blackwellModel().fillResources(blackwellModel().resourceVector(*Op), O);
    EXPECT_EQ(llvm::ArrayRef<uint64_t>(O.FootprintRows),
              llvm::ArrayRef<uint64_t>(buildFootprint(O.Slots)))
        << Op->Name;
    ++Checked;
  }
  EXPECT_GT(Checked, 80u);
}

TEST(MachineModel, LookupByNameAndNumberAgree) {
  const model::OpcodeRecord *ByName = blackwellModel().lookupOpcode("TMA_LOAD");
  ASSERT_NE(ByName, nullptr);
  EXPECT_EQ(blackwellModel().lookupOpcode(ByName->Opcode), ByName);
  EXPECT_EQ(blackwellModel().lookupOpcode("NOT_AN_OPCODE"), nullptr);
  const model::ResourceVectorRecord &RV =
      blackwellModel().resourceVector(*ByName);
  EXPECT_TRUE(RV.Async);
  EXPECT_EQ(RV.Latency, 100u);
  ASSERT_EQ(blackwellModel().triples(RV).size(), 2u);
  EXPECT_EQ(blackwellModel().triples(RV)[0].Slot, 12u);
  EXPECT_EQ(blackwellModel().triples(RV)[0].Duration, 8u);
  EXPECT_EQ(blackwellModel().triples(RV)[1].Slot, 16u);
  // Tile bytes from operand 4 per ring slot; the full and empty mbarriers
  // of one slot (2 x 8 bytes of shared memory) once per pipe.
  llvm::ArrayRef<model::BudgetChargeRecord> Charges =
      blackwellModel().budgetCharges(*ByName);
  ASSERT_EQ(Charges.size(), 2u);
  EXPECT_EQ(Charges[0].OperandIndex, 4);
  EXPECT_EQ(Charges[0].Scaling, BudgetScaling::PerStage);
  EXPECT_EQ(Charges[1].OperandIndex, -1);
  EXPECT_EQ(Charges[1].Budget, unsigned(gen::blackwell::BudgetSmemBytes));
  EXPECT_EQ(Charges[1].Amount, 16u);
  EXPECT_EQ(Charges[1].Scaling, BudgetScaling::PerPipe);
}

TEST(MachineModel, BarrierCostIsTheTds) {
  // What the solve, materialization and the printer price barriers with.
  tileas::pipes::BarrierCostModel C = llvm::tileasBarrierCost(blackwellModel());
  EXPECT_EQ(C.MbarrierBytes, blackwellModel().coordination().MbarrierBytes);
  EXPECT_EQ(C.MbarriersPerSlot,
            blackwellModel().coordination().MbarriersPerSlot);
  EXPECT_EQ(C.MbarriersPerMutex,
            blackwellModel().coordination().MbarriersPerMutex);
  EXPECT_EQ(C.BarriersPerMutex,
            blackwellModel().coordination().BarriersPerMutex);
  EXPECT_EQ(C.MbarrierBudget, int(gen::blackwell::BudgetSmemBytes));
  // A PIPE_CREATE of depth 4 with an empty barrier: 8 mbarriers, 64 bytes.
  EXPECT_EQ(tileas::pipes::pipeMbarriers(4, /*HasEmpty=*/true, C), 8u);
}

TEST(MachineModel, EventPipes) {
  llvm::ArrayRef<const char *> Pipes = blackwellModel().pipeNames();
  EXPECT_EQ(Pipes.size(), 8u);
  for (unsigned S = 0; S < Pipes.size(); ++S)
    for (unsigned D = 0; D < Pipes.size(); ++D)
      EXPECT_EQ(blackwellModel().eventBudget(S, D), 8u);
}

TEST(MachineModel, RolesComeFromTheModel) {
  // The roles td marks, not names: the coordination model's barrier pool,
  // the event model's issuer, the copy-engine pipes.
  EXPECT_EQ(blackwellModel().namedBarrierBudget(),
            unsigned(gen::blackwell::BudgetNamedBarriers));
  EXPECT_EQ(blackwellModel().mbarrierBudget(),
            unsigned(gen::blackwell::BudgetSmemBytes));
  // The coordination model's prices (td CoordinationModel).
  EXPECT_EQ(blackwellModel().coordination().MbarrierBytes, 8u);
  EXPECT_EQ(blackwellModel().coordination().MbarriersPerSlot, 2u);
  EXPECT_EQ(blackwellModel().coordination().MbarriersPerMutex, 1u);
  EXPECT_EQ(blackwellModel().coordination().BarriersPerMutex, 1u);
  EXPECT_EQ(blackwellModel().coordination().ReservedBarriers, 1u);
  EXPECT_EQ(blackwellModel().issuerPipe(), unsigned(gen::blackwell::PipeALU));
  EXPECT_TRUE(blackwellModel().isCopyEngine(gen::blackwell::PipeTMA));
  EXPECT_TRUE(blackwellModel().isCopyEngine(gen::blackwell::PipeLSU));
  EXPECT_FALSE(blackwellModel().isCopyEngine(gen::blackwell::PipeTensorCore));
  EXPECT_FALSE(blackwellModel().isCopyEngine(gen::blackwell::NumPipes));
}

} // namespace
