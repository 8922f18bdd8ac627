//===- SchedModelConsistencyTest.cpp - LLVM's model equals TileAS's -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The SchedMachineModel that stock MachinePipeliner reads is derived in td/
// from the same resource vectors as the TileAS slot tables. This checks the
// derivation opcode by opcode: the same resources (slots by ProcResource
// name, pools too), the same cycles (slot duration; pool units x cycles) and
// the same latency.
//
//===----------------------------------------------------------------------===//

#include "TileAS.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/MC/MCInstrInfo.h"
#include "llvm/MC/MCSchedule.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#include "gtest/gtest.h"

#include <map>
#include <memory>

using namespace llvm;
using namespace tileas;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

namespace {

class SchedModelConsistency : public ::testing::Test {
protected:
  void SetUp() override {
    initializeTileASTarget();
    std::string Error;
    T = TargetRegistry::lookupTarget("tileas", TT, Error);
    ASSERT_NE(T, nullptr) << Error;
    STI.reset(T->createMCSubtargetInfo(TT, "sm_100", ""));
    MII.reset(T->createMCInstrInfo());
    ASSERT_TRUE(STI && MII);
  }

  Triple TT{"tileas"};
  const Target *T = nullptr;
  std::unique_ptr<MCSubtargetInfo> STI;
  std::unique_ptr<MCInstrInfo> MII;
};

TEST_F(SchedModelConsistency, ModelHasInstructionSchedulingInfo) {
  const MCSchedModel &SM = STI->getSchedModel();
  EXPECT_TRUE(SM.hasInstrSchedModel());
  EXPECT_TRUE(SM.isComplete());
  EXPECT_EQ(SM.IssueWidth, 5u);
}

/// Opcode by opcode, the LLVM model of CPU against machine M's tables.
void checkEveryOpcode(const Target &T, const Triple &TT, StringRef CPU,
                      const model::Machine &M, const MCInstrInfo &MII) {
  std::unique_ptr<MCSubtargetInfo> STI(T.createMCSubtargetInfo(TT, CPU, ""));
  ASSERT_TRUE(STI);
  const MCSchedModel &SM = STI->getSchedModel();
  ResourceModel RM = M.buildResourceModel();
  unsigned Checked = 0;
  for (unsigned Opc = 0, E = MII.getNumOpcodes(); Opc != E; ++Opc) {
    const model::OpcodeRecord *Op = M.lookupOpcode(Opc);
    if (!Op)
      continue;
    const model::ResourceVectorRecord &RV = M.resourceVector(*Op);

    // Expected: resource record name -> cycles.
    std::map<std::string, unsigned> Expected;
    for (const model::SlotTripleRecord &Tr : M.triples(RV)) {
      const SlotDesc *S = RM.findSlot(Tr.Slot);
      ASSERT_NE(S, nullptr);
      Expected[S->Name] += Tr.Duration;
    }
    for (const model::PoolChargeRecord &C : M.poolCharges(RV))
      Expected[RM.pools()[C.Pool].Name] += C.Units * C.Cycles;

    // Actual, from LLVM's scheduling model, mapped back to TileAS names.
    const MCSchedClassDesc *SC =
        SM.getSchedClassDesc(MII.get(Opc).getSchedClass());
    ASSERT_TRUE(SC && SC->isValid()) << Op->Name;
    std::map<std::string, unsigned> Actual;
    for (const MCWriteProcResEntry &W : make_range(
             STI->getWriteProcResBegin(SC), STI->getWriteProcResEnd(SC))) {
      StringRef Record = SM.getProcResource(W.ProcResourceIdx)->Name;
      std::string Name;
      for (const SlotDesc &S : RM.slots())
        if (Record == M.slotRecordName(S.Id))
          Name = S.Name;
      for (unsigned P = 0; P < RM.pools().size(); ++P)
        if (Record == M.poolRecordName(P))
          Name = RM.pools()[P].Name;
      ASSERT_FALSE(Name.empty())
          << Op->Name << " uses ProcResource " << Record.str()
          << " that is neither a TileAS slot nor a pool";
      Actual[Name] += W.ReleaseAtCycle;
    }
    EXPECT_EQ(Actual, Expected) << Op->Name;
    EXPECT_EQ(MCSchedModel::computeInstrLatency(*STI, *SC), int(RV.Latency))
        << Op->Name << " on " << CPU.str();
    ++Checked;
  }
  EXPECT_GT(Checked, 80u) << CPU.str();
}

TEST_F(SchedModelConsistency, EveryOpcodeSeesTheSameMachine) {
  checkEveryOpcode(*T, TT, "sm_100", blackwellModel(), *MII);
}

/// sm_90a's LLVM model is Hopper's: its own ProcResources, its wgmma
/// footprints (InstRW), and nothing for what Hopper lacks.
TEST_F(SchedModelConsistency, HopperSeesItsOwnMachine) {
  checkEveryOpcode(*T, TT, "sm_90a", model::machine("hopper"), *MII);
  std::unique_ptr<MCSubtargetInfo> Hopper(
      T->createMCSubtargetInfo(TT, "sm_90a", ""));
  EXPECT_NE(&Hopper->getSchedModel(), &STI->getSchedModel());
  EXPECT_TRUE(Hopper->getSchedModel().hasInstrSchedModel());
}

} // namespace
