//===- AgentHomeTest.cpp - Which agent an instruction belongs to ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The home agent of each kind of instruction (td Agent records, through
// homeAgentOf), which instructions are pure scalars every agent recomputes,
// and which instructions leave an agent's copy of a loop idle.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "Materialize/TileASCoordinationInput.h"

#include "tileas/Model/MachineModel.h"

#include "llvm/CodeGen/MachineRegisterInfo.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

namespace {

// One instruction of every kind the rules tell apart; the numbers are the
// instructions' indices in bb.0.
constexpr const char *Kinds = R"(
  %z:gpr32 = MOVri 0
  %d:gpr64 = MOV64ri 0
  %t:tile = TMA_LOAD %d, %z, %z, 16384 :: (load (s128), addrspace 1)
  %u:tile = CP_ASYNC %d, 16384 :: (load (s128), addrspace 1)
  %m0:tmem = TMEM_ALLOC 128
  %m1:tmem = MMA_TMEM %m0, %t, %u, 0, 65536
  %f0:frag = FZERO
  %w:frag = WGMMA %f0, %t, %u, 0
  %l:frag = LDS %t, %z
  %r:frag = TMEM_LD %m1
  %m2:tmem = TMEM_ST %m1, %r
  %s:tile = STS %r, 16384
  %e:frag = EX2 %r
  %g:gpr32 = LDG %d, 0 :: (load (s32), addrspace 1)
  STG %g, %d, 0 :: (store (s32), addrspace 1)
  %fa:frag = FADD %l, %e
  %i:gpr32 = ADDri %z, 1
  %p:pred = SETPrr %i, %z, 2
  %sel:gpr32 = SELP %i, %z, %p
  %wide:gpr64 = CVT64_32 %i
  %addr:gpr64 = ADD64ri %d, 4
  %fb:frag = FBCAST %i
  BAR_SYNC 0, 128
)";

class AgentHomeTest : public AgentPartitionTest {
protected:
  void SetUp() override {
    MF = parse(oneBlock(Kinds), "f");
    ASSERT_NE(MF, nullptr);
    Load = agentNamed("load");
    Mma = agentNamed("mma");
    Compute = agentNamed("compute");
  }
  const MachineInstr &def(StringRef Name) { return *defOf(*MF, Name); }
  bool pure(const MachineInstr &MI) {
    return isPureScalarInstr(MI, MF->getRegInfo());
  }

  MachineFunction *MF = nullptr;
  unsigned Load = 0, Mma = 0, Compute = 0;
};

// The td names three agents; the compute warpgroup is the default, the one
// that issues whatever no asynchronous unit of another agent runs.
TEST_F(AgentHomeTest, TdAgentsAndDefault) {
  ASSERT_EQ(blackwellModel().agents().size(), 3u);
  EXPECT_EQ(blackwellModel().defaultAgent(), Compute);
  EXPECT_NE(Load, Mma);
  EXPECT_NE(Load, Compute);
  EXPECT_NE(Mma, Compute);
}

TEST_F(AgentHomeTest, CopyEnginesAreTheLoadAgents) {
  EXPECT_EQ(homeAgentOf(def("t")), Load) << "TMA_LOAD";
  EXPECT_EQ(homeAgentOf(def("u")), Load) << "CP_ASYNC";
}

TEST_F(AgentHomeTest, TensorCoreIsTheMmaAgents) {
  EXPECT_EQ(homeAgentOf(def("m1")), Mma) << "MMA_TMEM";
}

// A WGMMA accumulates into register fragments: it stays with the warps that
// read them. It is Hopper's (Blackwell lacks it: no record there, and the
// default agent if one is met), where the tensor core is no agent's and the
// consumer warpgroup, the default agent, issues it.
TEST_F(AgentHomeTest, FragmentAccumulatingWgmmaStaysWithItsReaders) {
  const MachineInstr &Wgmma = def("w");
  EXPECT_EQ(blackwellModel().lookupOpcode(Wgmma.getOpcode()), nullptr);
  EXPECT_TRUE(blackwellModel().isUnsupported(Wgmma.getOpcode()));
  EXPECT_EQ(homeAgentOf(Wgmma), Compute);
  const model::Machine &Hopper = model::machine("hopper");
  const model::OpcodeRecord *Rec = Hopper.lookupOpcode(Wgmma.getOpcode());
  ASSERT_NE(Rec, nullptr);
  EXPECT_EQ(Hopper.agentOf(Hopper.resourceVector(*Rec)), Hopper.defaultAgent())
      << "Hopper's consumer warpgroup issues its own wgmma";
}

TEST_F(AgentHomeTest, EverythingElseIsTheDefaultAgents) {
  for (StringRef Name : {"l", "r", "m2", "s", "e", "g", "fa", "m0", "fb"})
    EXPECT_EQ(homeAgentOf(def(Name)), Compute) << "%" << Name.str();
  EXPECT_EQ(homeAgentOf(instr(*MF, 0, 14)), Compute) << "STG";
  EXPECT_EQ(homeAgentOf(instr(*MF, 0, 22)), Compute) << "BAR_SYNC";
}

TEST_F(AgentHomeTest, IntegerArithmeticAndComparesArePureScalars) {
  for (StringRef Name : {"z", "d", "i", "p", "sel", "wide", "addr"})
    EXPECT_TRUE(pure(def(Name))) << "%" << Name.str();
}

TEST_F(AgentHomeTest, MemorySideEffectsAndFragmentsAreNotPureScalars) {
  // Memory: a scalar load (without knowing the loop stores nothing) and a
  // store.
  EXPECT_FALSE(pure(def("g"))) << "LDG";
  EXPECT_FALSE(pure(instr(*MF, 0, 14))) << "STG";
  // Side effects.
  EXPECT_FALSE(pure(def("m0"))) << "TMEM_ALLOC";
  EXPECT_FALSE(pure(instr(*MF, 0, 22))) << "BAR_SYNC";
  // Asynchronous units and buffers.
  for (StringRef Name : {"t", "u", "m1", "w", "s"})
    EXPECT_FALSE(pure(def(Name))) << "%" << Name.str();
  // Register fragments, even from a scalar.
  for (StringRef Name : {"f0", "l", "r", "e", "fa", "fb"})
    EXPECT_FALSE(pure(def(Name))) << "%" << Name.str();
  // The terminator.
  EXPECT_FALSE(pure(MF->getBlockNumbered(0)->back())) << "RET";
}

// A loop whose only work is scalars: those read after the loop are work
// (the default agent makes them), the others and the loop control are not.
TEST_F(AgentHomeTest, IdleLoopInstructions) {
  MachineFunction *Loop = parseLoop(R"(
      successors: %bb.1
      %zero:gpr32 = MOVri 0
      %n:gpr32 = MOVri 8
      %out:gpr64 = MOV64ri 0
    )",
                                    R"(
      successors: %bb.1, %bb.2
      %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
      %kx:gpr32 = SHLri %k, 6
      %last:gpr32 = ADDri %kx, 7
      %x:gpr32 = LDG %out, 0 :: (load (s32), addrspace 1)
      %k_next:gpr32 = ADDri %k, 1
      %more:pred = SETPrr %k_next, %n, 2
      BR_P %more, %bb.1
      BRA %bb.2
    )",
                                    R"(
      STG %last, %out, 0 :: (store (s32), addrspace 1)
    )");
  ASSERT_NE(Loop, nullptr);
  const MachineBasicBlock &Body = *Loop->getBlockNumbered(1);
  const MachineRegisterInfo &MRI = Loop->getRegInfo();
  const MachineInstr *IV = defOf(*Loop, "k");
  auto Idle = [&](const MachineInstr &MI) {
    return isIdleLoopInstr(MI, IV, Body, MRI);
  };
  EXPECT_TRUE(Idle(*IV));
  EXPECT_TRUE(Idle(*defOf(*Loop, "kx")));
  EXPECT_TRUE(Idle(*defOf(*Loop, "k_next")));
  EXPECT_TRUE(Idle(*defOf(*Loop, "more")));
  for (const MachineInstr &T : Body.terminators())
    EXPECT_TRUE(Idle(T));
  EXPECT_FALSE(Idle(*defOf(*Loop, "last"))) << "read after the loop";
  EXPECT_FALSE(Idle(*defOf(*Loop, "x"))) << "a load is work";
  // The PHI is loop control only as the induction PHI.
  EXPECT_FALSE(isIdleLoopInstr(*IV, nullptr, Body, MRI));
}

} // namespace
