//===- MachinesTest.cpp - Blackwell and Hopper, selected by CPU --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The machines of td/ through model::Machine: which processor selects which
// machine, and what Hopper has and lacks next to Blackwell.
//
//===----------------------------------------------------------------------===//

#include "tileas/Model/MachineModel.h"
#include "tileas/Model/ModelIds.h"

#include "gtest/gtest.h"

#include <iterator>
#include <string>
#include <utility>

using namespace tileas;

namespace {

const model::Machine &blackwell() { return model::machine("blackwell"); }
const model::Machine &hopper() { return model::machine("hopper"); }

TEST(Machines, TheProcessorSelectsTheMachine) {
  ASSERT_EQ(model::machines().size(), 2u);
  for (const char *CPU : {"sm_100", "sm_100a", "sm_100f", "sm_103a", "generic"})
    EXPECT_EQ(model::machineForCPU(CPU).name(), "blackwell") << CPU;
  EXPECT_EQ(model::machineForCPU("sm_90a").name(), "hopper");
  EXPECT_EQ(model::lookupMachineForCPU("sm_80"), nullptr);
  EXPECT_EQ(&model::machineForCPU(""), &blackwell());
  EXPECT_EQ(&model::defaultMachine(), &blackwell());
  EXPECT_EQ(model::lookupMachineOrCPU("hopper"), &hopper());
  EXPECT_EQ(model::lookupMachineOrCPU("sm_90a"), &hopper());
  EXPECT_EQ(model::lookupMachineOrCPU("volta"), nullptr);
  EXPECT_EQ(model::machineCPUList(),
            "generic, sm_100, sm_100a, sm_100f, sm_103a, sm_90a");
}

TEST(Machines, HopperHasNoTensorMemory) {
  ResourceModel B = blackwell().buildResourceModel();
  ResourceModel H = hopper().buildResourceModel();
  EXPECT_TRUE(B.findBudget("tmem_bytes"));
  EXPECT_FALSE(H.findBudget("tmem_bytes"));
  EXPECT_TRUE(B.findPool("tmem_lane_quadrants"));
  EXPECT_FALSE(H.findPool("tmem_lane_quadrants"));
  EXPECT_FALSE(H.findSlot(gen::blackwell::SlotTMem));
  EXPECT_FALSE(H.findSlot(gen::blackwell::SlotFp32x2));
  // 227 KiB of shared memory on both (CUTLASS's capacities).
  EXPECT_EQ(H.budgets()[*H.findBudget("smem_bytes")].Capacity, 232448u);
  for (const char *Name : {"MMA_TMEM", "TMEM_LD", "TMEM_ALLOC", "PIPE_TMEM",
                           "FFMA2", "TMEM_ST_X32"}) {
    EXPECT_TRUE(blackwell().lookupOpcode(Name)) << Name;
    EXPECT_FALSE(hopper().lookupOpcode(Name)) << Name;
  }
  const model::OpcodeRecord *Mma = blackwell().lookupOpcode("MMA_TMEM");
  ASSERT_TRUE(Mma);
  EXPECT_TRUE(hopper().isUnsupported(Mma->Opcode));
  EXPECT_FALSE(blackwell().isUnsupported(Mma->Opcode));
  for (const char *Pipe : hopper().pipeNames())
    EXPECT_STRNE(Pipe, "tmem");
}

TEST(Machines, HopperWgmmaTakesItsOwnFootprints) {
  // Each accumulator width its own vector (td/TileASHopper.td): m64nNk16,
  // L = N / 2 f32 per thread, holds the tensor core L cycles and returns its
  // result a 64-cycle drain later; a typed wgmma (WGMMA_T_X<L>) takes the
  // vector of its width. Blackwell has no wgmma at all.
  const std::pair<const char *, unsigned> Widths[] = {
      {"WGMMA", 4},        {"WGMMA_X8", 8},      {"WGMMA_X16", 16},
      {"WGMMA_X32", 32},   {"WGMMA_X64", 64},    {"WGMMA_X128", 128},
      {"WGMMA_T_X8", 8},   {"WGMMA_T_X16", 16},  {"WGMMA_T_X32", 32},
      {"WGMMA_T_X64", 64}, {"WGMMA_T_X128", 128}};
  ResourceModel HM = hopper().buildResourceModel();
  for (auto [Name, L] : Widths) {
    const model::OpcodeRecord *H = hopper().lookupOpcode(Name);
    ASSERT_TRUE(H) << Name;
    EXPECT_FALSE(hopper().isUnsupported(H->Opcode)) << Name;
    EXPECT_FALSE(blackwell().lookupOpcode(Name)) << Name;
    EXPECT_TRUE(blackwell().isUnsupported(H->Opcode)) << Name;
    const model::ResourceVectorRecord &HV = hopper().resourceVector(*H);
    EXPECT_EQ(std::string(HV.Name), "RV_HopperWgmmaX" + std::to_string(L));
    EXPECT_TRUE(HV.Async);
    EXPECT_EQ(HV.Latency, L + 64) << Name;
    EXPECT_EQ(hopper().footprint(HV).vec().size(), size_t(L)) << Name;
    // The issue and bank-pairing pools, named as on Blackwell.
    ASSERT_EQ(hopper().poolCharges(HV).size(), 2u);
    EXPECT_EQ(HM.pools()[hopper().poolCharges(HV)[0].Pool].Name,
              "coarse_issue");
    EXPECT_EQ(HM.pools()[hopper().poolCharges(HV)[1].Pool].Name,
              "register_bank_pairing");
  }
  // Blackwell lacks exactly the eleven wgmma instructions.
  EXPECT_EQ(blackwell().unsupported().size(), std::size(Widths));
}

TEST(Machines, HopperAgentsAreWarpgroups) {
  llvm::ArrayRef<model::AgentRecord> A = hopper().agents();
  ASSERT_EQ(A.size(), 2u);
  EXPECT_STREQ(A[0].Name, "compute");
  EXPECT_EQ(A[0].Warps, 4u);
  EXPECT_EQ(A[0].Registers, 232u);
  EXPECT_STREQ(A[1].Name, "load");
  EXPECT_EQ(A[1].Warps, 4u);
  EXPECT_EQ(A[1].Registers, 40u);
  EXPECT_EQ(hopper().defaultAgent(), 1u);
  // TMA is the producer's; wgmma (the tensor core) the consumer's.
  const model::OpcodeRecord *Tma = hopper().lookupOpcode("TMA_LOAD");
  const model::OpcodeRecord *Mma = hopper().lookupOpcode("WGMMA_X64");
  ASSERT_TRUE(Tma && Mma);
  EXPECT_EQ(hopper().agentOf(hopper().resourceVector(*Tma)), 2u);
  EXPECT_EQ(hopper().agentOf(hopper().resourceVector(*Mma)), 1u);
  model::AgentRegisterRule Rule = hopper().agentRegisterRule();
  EXPECT_EQ(Rule.RegisterFile, 65536u);
  EXPECT_EQ(Rule.MinRegisters, 24u);
  EXPECT_EQ(Rule.MaxRegisters, 256u);
  EXPECT_EQ(Rule.Granule, 8u);
}

TEST(Machines, OpcodeRecordsAreEachMachines) {
  // The same opcode may have a different record, vector and index on each.
  const model::OpcodeRecord *B = blackwell().lookupOpcode("TMA_LOAD");
  const model::OpcodeRecord *H = hopper().lookupOpcode("TMA_LOAD");
  ASSERT_TRUE(B && H);
  EXPECT_EQ(B->Opcode, H->Opcode);
  EXPECT_NE(B, H);
  EXPECT_EQ(blackwell().lookupOpcode(B->Opcode), B);
  EXPECT_EQ(hopper().lookupOpcode(H->Opcode), H);
  // Its smem charge is paid from each machine's own smem_bytes pool.
  ResourceModel HM = hopper().buildResourceModel();
  ASSERT_FALSE(hopper().budgetCharges(*H).empty());
  EXPECT_EQ(HM.budgets()[hopper().budgetCharges(*H)[0].Budget].Name,
            "smem_bytes");
  EXPECT_EQ(hopper().budgetNamed("smem_bytes"),
            unsigned(gen::hopper::HopperSmemBytes));
  EXPECT_FALSE(hopper().budgetNamed("tmem_bytes"));
}

} // namespace
