//===- ComputeSplitTest.cpp - Compute warpgroups per loop -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// computeComponents on small loops, scheduled, solved and partitioned as
// tileas-materialize-schedule does (which of the compute agent's
// instructions run apart), and planComputeWarpgroups on the machine models
// (how many compute warpgroups, which component each runs, and why one).
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASComputeSplit.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"

#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr const char *Entry = R"(
  successors: %bb.1
  %desc_c:gpr64 = MOV64ri 8192
  %desc_d:gpr64 = MOV64ri 16384
  %out:gpr64 = MOV64ri 12288
  %ktiles:gpr32 = MOVri 8
  %zero:gpr32 = MOVri 0
  %s0:frag = FZERO
  %t0:frag = FZERO
)";

// Two reductions of two loaded tiles, each into its own fragment (the
// ping-pong attention's two query tiles in small). %kx, from the induction
// value, addresses both reads: every agent recomputes it, it joins nothing.
// %JOIN% is replaced by nothing, or by an instruction that joins them.
constexpr const char *TwoReductions = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %s:frag = PHI %s0, %bb.0, %s1, %bb.1
  %t:frag = PHI %t0, %bb.0, %t1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %c:tile = TMA_LOAD %desc_c, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %d:tile = TMA_LOAD %desc_d, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %v:frag = LDS %c, %kx
  %s1:frag = FADD %s, %v
  %JOIN%
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *Apart = "%w:frag = LDS %d, %kx\n"
                              "%t1:frag = FADD %t, %w";
// The second reduction adds the first one's value too.
constexpr const char *Together = "%w:frag = LDS %d, %kx\n"
                                 "%tw:frag = FADD %t, %w\n"
                                 "%t1:frag = FADD %tw, %v";
// The second reduction reads the first one's tile too: one ring, read by
// both.
constexpr const char *BothReadC = "%w:frag = LDS %d, %kx\n"
                                  "%wc:frag = LDS %c, %kx\n"
                                  "%tw:frag = FADD %t, %w\n"
                                  "%t1:frag = FADD %tw, %wc";

constexpr const char *StoresApart = R"(
  STG_F %s1, %out, 0 :: (store (s128), addrspace 1)
  STG_F %t1, %out, 16 :: (store (s128), addrspace 1)
)";

// Both stores address their rows from one scalar computed after the loop.
constexpr const char *StoresFromOneRow = R"(
  %row:gpr64 = ADD64ri %out, 64
  %row1:gpr64 = ADD64ri %row, 32768
  STG_F %s1, %row, 0 :: (store (s128), addrspace 1)
  STG_F %t1, %row1, 0 :: (store (s128), addrspace 1)
)";

// Both stores to the same bytes: their order after the loop matters.
constexpr const char *StoresOverlap = R"(
  STG_F %s1, %out, 0 :: (store (s128), addrspace 1)
  STG_F %t1, %out, 8 :: (store (s128), addrspace 1)
)";

constexpr const char *StoreOfSum = R"(
  %u:frag = FADD %s1, %t1
  STG_F %u, %out, 0 :: (store (s128), addrspace 1)
)";

std::string withJoin(StringRef Join) {
  std::string Text = TwoReductions;
  size_t At = Text.find("%JOIN%");
  Text.replace(At, 6, Join.str());
  return Text;
}

class ComputeSplitTest : public AgentPartitionTest {
protected:
  /// Parses, partitions and divides a loop into components (in C).
  void run(StringRef Join, StringRef Exit) {
    MF = parseLoop(Entry, withJoin(Join), Exit);
    ASSERT_NE(MF, nullptr);
    ASSERT_TRUE(partition(*MF, L));
    ASSERT_EQ(L.Partition->why(), "");
    C = computeComponents(L.S, *L.Partition, L.Sol, L.Deps);
  }
  int componentOf(StringRef Name) { return C.Of[opDefining(L, Name)]; }
  /// The plan for C at the td's budgets, made concrete (Why on failure).
  std::optional<TileASWarpgroupSplit> split(std::string &Why) {
    const model::Machine &M = model::machine("blackwell");
    SmallVector<unsigned, 4> Budgets(M.agents().size() + 1, 0);
    for (unsigned A = 1; A <= M.agents().size(); ++A)
      Budgets[A] = M.agents()[A - 1].Registers;
    TileASComputeSplitPlan Plan = planComputeWarpgroups(
        M, warpLayout(L.S, *L.Partition), Budgets, C.Size);
    EXPECT_EQ(Plan.Warpgroups, 2u) << Plan.WhyOne;
    return splitComputeWarpgroups(L.S, C, Plan, *L.Counted->Exit, Why);
  }

  MachineFunction *MF = nullptr;
  PartitionedLoop L;
  TileASComputeComponents C;
};

TEST_F(ComputeSplitTest, TwoIndependentReductionsAreTwoComponents) {
  run(Apart, StoresApart);
  ASSERT_EQ(C.count(), 2u);
  EXPECT_EQ(componentOf("v"), 0);
  EXPECT_EQ(componentOf("s1"), 0);
  EXPECT_EQ(componentOf("w"), 1);
  EXPECT_EQ(componentOf("t1"), 1);
  EXPECT_EQ(C.Size[0], 2u);
  EXPECT_EQ(C.Size[1], 2u);
  // Another agent's instructions and the recomputed scalars have none.
  for (StringRef Name : {"c", "d", "kx", "k_next", "more"})
    EXPECT_EQ(componentOf(Name), -1) << "%" << Name.str();
  EXPECT_EQ(C.Joined, "");
  // Each reduction reads its own ring: no pipe serves both.
  EXPECT_EQ(C.Shared, "");
}

// Each warpgroup's loop keeps its own reduction's fragments only: less than
// the one warpgroup that keeps both.
TEST_F(ComputeSplitTest, EachWarpgroupKeepsItsOwnRegisters) {
  run(Apart, StoresApart);
  ASSERT_EQ(C.count(), 2u);
  unsigned One = warpgroupRegisterNeeds(L.S, *L.Partition, C, {}, 1).front();
  SmallVector<unsigned, 4> Split =
      warpgroupRegisterNeeds(L.S, *L.Partition, C, {0, 1}, 2);
  ASSERT_EQ(Split.size(), 2u);
  EXPECT_GT(Split[0], 0u);
  EXPECT_LT(Split[0], One);
  EXPECT_LT(Split[1], One);
  // Both components in the first of two warpgroups: the one warpgroup's
  // need there.
  EXPECT_EQ(warpgroupRegisterNeeds(L.S, *L.Partition, C, {0, 0}, 2).front(),
            One);
}

TEST_F(ComputeSplitTest, AValueFlowingBetweenThemMakesOneComponent) {
  run(Together, StoresApart);
  EXPECT_EQ(C.count(), 1u);
  EXPECT_EQ(componentOf("s1"), componentOf("t1"));
}

TEST_F(ComputeSplitTest, ARingBothReadIsShared) {
  run(BothReadC, StoresApart);
  ASSERT_EQ(C.count(), 2u);
  EXPECT_EQ(componentOf("t1"), componentOf("wc"));
  EXPECT_EQ(C.Joined, "");
  EXPECT_NE(C.Shared.find("is used by components 0 and 1"), std::string::npos)
      << C.Shared;
}

TEST_F(ComputeSplitTest, CodeAfterTheLoopThatCombinesThemIsNamed) {
  run(Apart, StoreOfSum);
  ASSERT_EQ(C.count(), 2u);
  EXPECT_NE(C.Joined.find("FADD"), std::string::npos) << C.Joined;
  EXPECT_NE(C.Joined.find("components 0 and 1"), std::string::npos) << C.Joined;
}

// The split made concrete: the second reduction's instructions and its
// store after the loop are the extra warpgroup's agent's (4 on Blackwell,
// after load, MMA and compute), and it reads %t1 after the loop.
TEST_F(ComputeSplitTest, TheSecondComponentIsAnAgentOfItsOwn) {
  run(Apart, StoresApart);
  ASSERT_EQ(C.count(), 2u);
  std::string Why;
  std::optional<TileASWarpgroupSplit> Split = split(Why);
  ASSERT_TRUE(Split) << Why;
  const model::Machine &M = model::machine("blackwell");
  unsigned Second = computeWarpgroupAgent(M, 1);
  EXPECT_EQ(Second, M.agents().size() + 1);
  EXPECT_EQ(Split->OpAgent[opDefining(L, "w")], Second);
  EXPECT_EQ(Split->OpAgent[opDefining(L, "t1")], Second);
  EXPECT_EQ(Split->OpAgent[opDefining(L, "s1")], 0u);
  EXPECT_EQ(Split->OpAgent[opDefining(L, "kx")], 0u);
  ASSERT_EQ(Split->Epilogue.size(), 1u);
  EXPECT_EQ(Split->Epilogue.front().Agent, Second);
  EXPECT_FALSE(Split->Epilogue.front().Copy);
  EXPECT_EQ(Split->Epilogue.front().MI->getOperand(0).getReg(),
            L.S.Instrs[opDefining(L, "t1")]->getOperand(0).getReg());
  Register T1 = L.S.Instrs[opDefining(L, "t1")]->getOperand(0).getReg();
  Register S1 = L.S.Instrs[opDefining(L, "s1")]->getOperand(0).getReg();
  EXPECT_EQ(Split->LiveOutReaders.lookup(T1),
            (SmallVector<unsigned, 2>{Second}));
  EXPECT_EQ(Split->LiveOutReaders.lookup(S1),
            (SmallVector<unsigned, 2>{M.defaultAgent()}));

  // Partitioned with it: four agents; each warpgroup keeps its own
  // reduction, and both the scalar that addresses their reads.
  TileASAgentPartition P = TileASAgentPartition::analyze(
      L.S, *L.Counted, L.Sol, L.Deps, std::move(Split));
  ASSERT_EQ(P.why(), "");
  EXPECT_EQ(P.numAgents(), Second);
  ASSERT_NE(P.split(), nullptr);
  MachineInstr *W = L.S.Instrs[opDefining(L, "t1")];
  MachineInstr *V = L.S.Instrs[opDefining(L, "s1")];
  MachineInstr *Kx = L.S.Instrs[opDefining(L, "kx")];
  EXPECT_TRUE(P.keeps(Second, W));
  EXPECT_FALSE(P.keeps(M.defaultAgent(), W));
  EXPECT_TRUE(P.keeps(M.defaultAgent(), V));
  EXPECT_FALSE(P.keeps(Second, V));
  EXPECT_TRUE(P.keeps(Second, Kx));
  EXPECT_TRUE(P.keeps(M.defaultAgent(), Kx));
  EXPECT_EQ(P.issuingAgents()[opDefining(L, "t1")], Second);
}

// A scalar after the loop that both warpgroups' stores read (a row's
// address) joins nothing: the second warpgroup gets copies of it and of
// what it is computed from, and moves its own store.
TEST_F(ComputeSplitTest, ScalarsAfterTheLoopAreCopied) {
  run(Apart, StoresFromOneRow);
  ASSERT_EQ(C.count(), 2u);
  std::string Why;
  std::optional<TileASWarpgroupSplit> Split = split(Why);
  ASSERT_TRUE(Split) << Why;
  unsigned Second = computeWarpgroupAgent(model::machine("blackwell"), 1);
  ASSERT_EQ(Split->Epilogue.size(), 3u);
  // In block order: %row and %row1 copied, the second store moved.
  EXPECT_TRUE(Split->Epilogue[0].Copy);
  EXPECT_TRUE(Split->Epilogue[1].Copy);
  EXPECT_FALSE(Split->Epilogue[2].Copy);
  EXPECT_TRUE(Split->Epilogue[2].MI->mayStore());
  for (const TileASWarpgroupSplit::EpilogueInstr &E : Split->Epilogue)
    EXPECT_EQ(E.Agent, Second);
  EXPECT_EQ(Split->epilogueAgent(Split->Epilogue[0].MI), 0u);
  EXPECT_TRUE(Split->copiedTo(Split->Epilogue[0].MI, Second));
}

// Stores after the loop that two warpgroups would make in either order
// must not overlap: 16 bytes at offsets 0 and 8 keep one warpgroup.
TEST_F(ComputeSplitTest, OverlappingStoresAfterTheLoopKeepOne) {
  run(Apart, StoresOverlap);
  ASSERT_EQ(C.count(), 2u);
  std::string Why;
  EXPECT_FALSE(split(Why));
  EXPECT_NE(Why.find("may overlap"), std::string::npos) << Why;
}

// A split needs the code after the loop divided: an instruction that
// combines the warpgroups' values keeps one warpgroup.
TEST_F(ComputeSplitTest, CodeAfterTheLoopThatCombinesThemKeepsOne) {
  run(Apart, StoreOfSum);
  ASSERT_EQ(C.count(), 2u);
  std::string Why;
  EXPECT_FALSE(split(Why));
  EXPECT_NE(Why.find("combines the values of warpgroups 0 and 1"),
            std::string::npos)
      << Why;
}

// Agent ids after the td's: compute warpgroup g > 0 is agent N + g, with
// the compute agent's record and its own name.
TEST(ComputeSplitModel, ExtraWarpgroupsAreAgentsAfterTheTds) {
  for (StringRef Name : {"blackwell", "hopper"}) {
    const model::Machine &M = model::machine(Name);
    unsigned N = M.agents().size();
    EXPECT_EQ(maxAgentId(M), N + 1) << Name.str();
    EXPECT_EQ(computeWarpgroupAgent(M, 0), M.defaultAgent());
    EXPECT_EQ(computeWarpgroupAgent(M, 1), N + 1);
    EXPECT_TRUE(isExtraWarpgroupAgent(M, N + 1));
    EXPECT_FALSE(isExtraWarpgroupAgent(M, N));
    EXPECT_FALSE(isExtraWarpgroupAgent(M, N + 2));
    EXPECT_EQ(agentNameOf(M, N + 1),
              std::string(M.agents()[M.defaultAgent() - 1].Name) + ".1");
    EXPECT_EQ(agentNameOf(M, 1), M.agents()[0].Name);
    EXPECT_EQ(agentRecordOf(M, N + 1).Warps,
              M.agents()[M.defaultAgent() - 1].Warps);
    EXPECT_EQ(agentRecordOf(M, N + 1).Registers,
              M.agents()[M.defaultAgent() - 1].Registers);
  }
}

// The td's count: two compute warpgroups at most on both machines, one of
// every other agent.
TEST(ComputeSplitModel, TheComputeAgentMayRunTwoWarpgroups) {
  for (StringRef Name : {"blackwell", "hopper"}) {
    const model::Machine &M = model::machine(Name);
    for (unsigned A = 1; A <= M.agents().size(); ++A)
      EXPECT_EQ(M.agents()[A - 1].Warpgroups, A == M.defaultAgent() ? 2u : 1u)
          << Name.str() << " agent " << M.agents()[A - 1].Name;
  }
}

/// A machine's agents at their td budgets, laid out as the ping-pong loop's
/// (the load and MMA warps first, then the compute warpgroup).
struct Agents {
  explicit Agents(StringRef Name) : M(model::machine(Name)) {
    Budgets.assign(M.agents().size() + 1, 0);
    for (unsigned A = 1; A <= M.agents().size(); ++A) {
      Budgets[A] = M.agents()[A - 1].Registers;
      if (A != M.defaultAgent())
        Layout.push_back(A);
    }
    Layout.push_back(M.defaultAgent());
  }
  const model::Machine &M;
  SmallVector<unsigned, 4> Layout;
  SmallVector<unsigned, 4> Budgets;
};

struct BlackwellAgents : Agents {
  BlackwellAgents() : Agents("blackwell") {}
};

TEST(ComputeSplitPlan, BalancedComponentsGetAWarpgroupEach) {
  BlackwellAgents B;
  TileASComputeSplitPlan P =
      planComputeWarpgroups(B.M, B.Layout, B.Budgets, {60, 58});
  EXPECT_EQ(P.Warpgroups, 2u);
  EXPECT_EQ(P.WhyOne, "");
  EXPECT_EQ(P.GroupOf, (SmallVector<unsigned, 4>{0, 1}));
  EXPECT_EQ(P.GroupSize, (SmallVector<unsigned, 4>{60, 58}));
  // The load and MMA warps share a warpgroup at 40 registers, then two
  // compute warpgroups at 232: 128 x (40 + 232 + 232).
  EXPECT_EQ(P.RegisterFileUse, 128u * (40 + 232 + 232));
  EXPECT_EQ(agentRegisterFileUse(B.M, B.Layout, B.Budgets), 128u * (40 + 232));
  // Warps 0 and 1 load and MMA (2 and 3 idle), 4-7 the first compute
  // warpgroup, 8-11 the second: 384 threads, which the register file gives
  // 170 each, 168 in granules (the busy warps' average would be 192).
  EXPECT_EQ(P.Placement.Warps, 12u);
  EXPECT_EQ(P.Placement.ExtraFirstWarp, (SmallVector<unsigned, 2>{8}));
  EXPECT_EQ(P.Placement.FirstWarp[B.M.defaultAgent()], 4u);
  EXPECT_EQ(P.Placement.LaunchRegisters, 168u);
}

// One compute warpgroup: placeAgentWarps' placement and today's launch
// count (agentLaunchRegisters: the warps' average).
TEST(ComputeSplitPlan, OneWarpgroupKeepsTodaysPlacement) {
  BlackwellAgents B;
  TileASWarpgroupPlacement P =
      placeComputeWarpgroups(B.M, B.Layout, B.Budgets, 1);
  EXPECT_EQ(P.FirstWarp, placeAgentWarps(B.M, B.Layout));
  EXPECT_TRUE(P.ExtraFirstWarp.empty());
  EXPECT_EQ(P.Warps, 8u);
  EXPECT_EQ(P.LaunchRegisters, agentLaunchRegisters(B.M));
}

TEST(ComputeSplitPlan, MoreComponentsThanWarpgroupsShareTheLightest) {
  BlackwellAgents B;
  TileASComputeSplitPlan P =
      planComputeWarpgroups(B.M, B.Layout, B.Budgets, {4, 3, 2});
  EXPECT_EQ(P.Warpgroups, 2u);
  // Largest first: 4 to the first, 3 to the second, 2 to the lighter one.
  EXPECT_EQ(P.GroupOf, (SmallVector<unsigned, 4>{0, 1, 1}));
  EXPECT_EQ(P.GroupSize, (SmallVector<unsigned, 4>{4, 5}));
}

TEST(ComputeSplitPlan, OneComponentIsOneWarpgroup) {
  BlackwellAgents B;
  TileASComputeSplitPlan P =
      planComputeWarpgroups(B.M, B.Layout, B.Budgets, {40});
  EXPECT_EQ(P.Warpgroups, 1u);
  EXPECT_EQ(P.WhyOne, "its work is one component");
  EXPECT_EQ(P.RegisterFileUse, 128u * (40 + 232));
}

TEST(ComputeSplitPlan, UnbalancedComponentsStayTogether) {
  BlackwellAgents B;
  TileASComputeSplitPlan P =
      planComputeWarpgroups(B.M, B.Layout, B.Budgets, {30, 14});
  EXPECT_EQ(P.Warpgroups, 1u);
  EXPECT_EQ(P.WhyOne,
            "2 warpgroups would not be balanced (14 against 30 instructions)");
}

TEST(ComputeSplitPlan, TheRegisterFileMustHoldTheSecondWarpgroup) {
  BlackwellAgents B;
  // A compute budget raised to 256: 128 x (40 + 2 x 256) = 70656.
  B.Budgets[B.M.defaultAgent()] = 256;
  TileASComputeSplitPlan P =
      planComputeWarpgroups(B.M, B.Layout, B.Budgets, {20, 20});
  EXPECT_EQ(P.Warpgroups, 1u);
  EXPECT_EQ(P.WhyOne, "2 warpgroups at 256 registers would take 70656 of the "
                      "register file's 65536");
}

// Hopper: a producer warpgroup at 40 and two consumer warpgroups at 232, as
// CUTLASS's sm90 ping-pong kernels.
TEST(ComputeSplitPlan, HopperRunsTwoConsumerWarpgroups) {
  Agents H("hopper");
  TileASComputeSplitPlan P =
      planComputeWarpgroups(H.M, H.Layout, H.Budgets, {9, 9});
  EXPECT_EQ(P.Warpgroups, 2u);
  EXPECT_EQ(P.RegisterFileUse, 128u * (40 + 232 + 232));
  // Producer warps 0-3, consumers 4-7 and 8-11, launched at 168 (170 in
  // the file for each of 384 threads; the average, 168, is below).
  EXPECT_EQ(P.Placement.Warps, 12u);
  EXPECT_EQ(P.Placement.ExtraFirstWarp, (SmallVector<unsigned, 2>{8}));
  EXPECT_EQ(P.Placement.LaunchRegisters, 168u);
}

} // namespace
