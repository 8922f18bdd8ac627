//===- WarpLayoutTest.cpp - Which agent gets the first warps --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The rules of TileASWarpLayout.h on a partitioned loop whose schedule's II
// and first cycles per agent are set by the test: a saturating agent first
// (rule 1), unless a non-compute starter goes ahead of it (rule 0), then a
// busy compute agent (rule 2), then by first cycle, idle agents last, ties
// in td order (rule 3).
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"

#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/CodeGen/MachineInstr.h"

#include <algorithm>
#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

namespace {

constexpr const char *Entry = R"(
  successors: %bb.1
  %desc_a:gpr64 = MOV64ri 0
  %desc_c:gpr64 = MOV64ri 8192
  %out:gpr64 = MOV64ri 12288
  %ktiles:gpr32 = MOVri 8
  %zero:gpr32 = MOVri 0
  %acc0:tmem = TMEM_ALLOC 128
  %s0:frag = FZERO
)";

// Eight MMAs on one TMA tile: the MMA agent is the one that can saturate.
// %COMPUTE% is replaced by the compute warps' reduction of a second tile,
// or by nothing.
constexpr const char *MmaHeavy = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %acc:tmem = PHI %acc0, %bb.0, %acc8, %bb.1
  %s:frag = PHI %s0, %bb.0, %s1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %acc1:tmem = MMA_TMEM %acc, %a, %a, 0, 65536
  %acc2:tmem = MMA_TMEM %acc1, %a, %a, 1, 65536
  %acc3:tmem = MMA_TMEM %acc2, %a, %a, 2, 65536
  %acc4:tmem = MMA_TMEM %acc3, %a, %a, 3, 65536
  %acc5:tmem = MMA_TMEM %acc4, %a, %a, 0, 65536
  %acc6:tmem = MMA_TMEM %acc5, %a, %a, 1, 65536
  %acc7:tmem = MMA_TMEM %acc6, %a, %a, 2, 65536
  %acc8:tmem = MMA_TMEM %acc7, %a, %a, 3, 65536
  %COMPUTE%
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *Reduce = R"(
  %c:tile = TMA_LOAD %desc_c, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %v:frag = LDS %c, %kx
  %s1:frag = FADD %s, %v
)";

// One MMA, and a chain of exponentials in the compute warps: the compute
// agent is the one that can saturate.
constexpr const char *ComputeHeavy = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %acc:tmem = PHI %acc0, %bb.0, %acc8, %bb.1
  %s:frag = PHI %s0, %bb.0, %s1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %acc8:tmem = MMA_TMEM %acc, %a, %a, 0, 65536
  %c:tile = TMA_LOAD %desc_c, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %v:frag = LDS %c, %kx
  %e1:frag = EX2 %v
  %e2:frag = EX2 %e1
  %e3:frag = EX2 %e2
  %e4:frag = EX2 %e3
  %e5:frag = EX2 %e4
  %e6:frag = EX2 %e5
  %e7:frag = EX2 %e6
  %e8:frag = EX2 %e7
  %s1:frag = FADD %s, %e8
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *Exit = R"(
  %r:frag = TMEM_LD %acc8
  STG_F %r, %out, 0 :: (store (s128), addrspace 1)
)";

class WarpLayoutTest : public AgentPartitionTest {
protected:
  void SetUp() override {
    Load = agentNamed("load");
    Mma = agentNamed("mma");
    Compute = agentNamed("compute");
  }
  void run(StringRef Loop) {
    MF = parseLoop(Entry, Loop, Exit);
    ASSERT_NE(MF, nullptr);
    ASSERT_TRUE(partition(*MF, L));
    ASSERT_EQ(L.Partition->why(), "");
  }
  void run(bool WithCompute) {
    std::string Loop = MmaHeavy;
    Loop.replace(Loop.find("%COMPUTE%"), 9, WithCompute ? Reduce : "");
    // Without the reduction there is no sum to carry.
    if (!WithCompute) {
      size_t Phi = Loop.find("  %s:frag = PHI");
      Loop.erase(Phi, Loop.find('\n', Phi) + 1 - Phi);
    }
    run(StringRef(Loop));
  }
  /// The layout at II, each agent's instructions starting at the cycle
  /// First gives it (indexed by agent; scalars have none).
  SmallVector<unsigned, 4> layout(unsigned II, std::vector<int64_t> First) {
    TileASLoopSchedule S = L.S;
    S.II = II;
    for (unsigned I = 0; I < S.Instrs.size(); ++I)
      if (unsigned A = L.Partition->homeAgent(I))
        S.Placement[I].Start = First[A] + I;
    return warpLayout(S, *L.Partition);
  }
  /// The most any one resource of Agent's own instructions holds per
  /// iteration: it saturates at that II.
  unsigned ownBound(unsigned Agent) {
    Problem P(blackwellModel().buildResourceModel(/*ReservedBarriers=*/-1));
    for (unsigned I = 0; I < L.S.Instrs.size(); ++I)
      if (L.Partition->homeAgent(I) == Agent) {
        Operation Op;
        blackwellModel().fillResources(
            blackwellModel().resourceVector(
                *blackwellModel().lookupOpcode(L.S.Instrs[I]->getOpcode())),
            Op);
        P.addOperation(std::move(Op));
      }
    MIIBounds B = computeBounds(P, SchedulerOptions());
    return std::max(B.Resource, B.FineDensity);
  }
  /// Cycles indexed by agent.
  std::vector<int64_t> firsts(int64_t LoadAt, int64_t MmaAt,
                              int64_t ComputeAt) {
    std::vector<int64_t> F(4, 0);
    F[Load] = LoadAt;
    F[Mma] = MmaAt;
    F[Compute] = ComputeAt;
    return F;
  }
  using Layout = SmallVector<unsigned, 4>;

  MachineFunction *MF = nullptr;
  PartitionedLoop L;
  unsigned Load = 0, Mma = 0, Compute = 0;
  /// An II no agent's instructions fill.
  static constexpr unsigned Roomy = 1u << 20;
};

// Rule 3: by first instruction; the compute agent, idle in the loop, last.
TEST_F(WarpLayoutTest, ByFirstInstructionIdleAgentLast) {
  run(/*WithCompute=*/false);
  EXPECT_EQ(layout(Roomy, firsts(0, 100, 0)), (Layout{Load, Mma, Compute}));
  EXPECT_EQ(layout(Roomy, firsts(100, 0, 0)), (Layout{Mma, Load, Compute}));
}

TEST_F(WarpLayoutTest, TiesInTdOrder) {
  run(/*WithCompute=*/false);
  // Each agent's instructions start at First + their index: give the two
  // agents the same first cycle.
  unsigned FirstLoad = 0, FirstMma = 0;
  for (unsigned I = 0; I < L.S.Instrs.size(); ++I) {
    if (L.Partition->homeAgent(I) == Load && !FirstLoad)
      FirstLoad = I;
    if (L.Partition->homeAgent(I) == Mma && !FirstMma)
      FirstMma = I;
  }
  Layout Got =
      layout(Roomy, firsts(-int64_t(FirstLoad), -int64_t(FirstMma), 0));
  EXPECT_EQ(Got, (Layout{std::min(Load, Mma), std::max(Load, Mma), Compute}));
}

// Rule 2: a compute agent with work in the loop before the producers, even
// when it starts last.
TEST_F(WarpLayoutTest, BusyComputeAgentBeforeProducers) {
  run(/*WithCompute=*/true);
  EXPECT_EQ(layout(Roomy, firsts(0, 100, 200)), (Layout{Compute, Load, Mma}));
  EXPECT_EQ(layout(Roomy, firsts(100, 0, 200)), (Layout{Compute, Mma, Load}));
}

// Rule 1: the MMA agent fills the tensor core at its own bound: it goes
// first, ahead of the busy compute agent and the earlier load agent.
TEST_F(WarpLayoutTest, SaturatingAgentFirst) {
  run(/*WithCompute=*/true);
  unsigned II = ownBound(Mma);
  ASSERT_GT(II, ownBound(Load));
  ASSERT_GT(II, ownBound(Compute));
  // The compute agent starts the schedule: no starter goes ahead (rule 0
  // takes only a producer).
  EXPECT_EQ(layout(II, firsts(100, 200, 0)), (Layout{Mma, Compute, Load}));
  // One cycle more and nothing saturates.
  EXPECT_EQ(layout(II + 1, firsts(100, 200, 0)), (Layout{Compute, Load, Mma}));
}

// Rule 0: the load agent, starting the schedule, goes ahead of the
// saturating MMA agent.
TEST_F(WarpLayoutTest, StarterAheadOfSaturatingAgent) {
  run(/*WithCompute=*/true);
  unsigned II = ownBound(Mma);
  ASSERT_GT(II, ownBound(Load));
  ASSERT_GT(II, ownBound(Compute));
  EXPECT_EQ(layout(II, firsts(0, 200, 100)), (Layout{Load, Mma, Compute}));
  // Not when the saturating agent itself starts the schedule.
  EXPECT_EQ(layout(II, firsts(200, 0, 100)), (Layout{Mma, Compute, Load}));
}

// Rule 0 takes only a producer ahead of a saturating agent other than the
// compute agent: a saturating compute agent keeps its place ahead of the
// load agent that starts the schedule.
TEST_F(WarpLayoutTest, SaturatingComputeAgentKeepsItsPlace) {
  run(StringRef(ComputeHeavy));
  unsigned II = ownBound(Compute);
  ASSERT_GT(II, ownBound(Load));
  ASSERT_GT(II, ownBound(Mma));
  EXPECT_EQ(layout(II, firsts(0, 100, 200)), (Layout{Compute, Load, Mma}));
}

// Hopper's agents (td/TileASHopper.td): a producer warpgroup (load, 40
// registers, which issues the TMAs) and a consumer warpgroup (compute, 232,
// the default agent: it issues its own wgmmas, since a wgmma is
// warpgroup-collective). Each is four warps, so whichever goes first, the
// other starts the next warpgroup and each warpgroup has one setmaxnreg
// value; together they fit the register file, and the launch count is the
// warps' average.
TEST(HopperAgentsTest, WarpgroupsOfOneBudgetEach) {
  const model::Machine &M = model::machine("hopper");
  ArrayRef<model::AgentRecord> Agents = M.agents();
  unsigned Load = 0, Compute = 0;
  for (unsigned A = 1; A <= Agents.size(); ++A) {
    StringRef Name = Agents[A - 1].Name;
    if (Name == "load")
      Load = A;
    else if (Name == "compute")
      Compute = A;
  }
  ASSERT_EQ(Agents.size(), 2u);
  ASSERT_TRUE(Load && Compute);
  EXPECT_EQ(M.defaultAgent(), Compute);
  EXPECT_EQ(Agents[Load - 1].Warps, 4u);
  EXPECT_EQ(Agents[Load - 1].Registers, 40u);
  EXPECT_EQ(Agents[Compute - 1].Warps, 4u);
  EXPECT_EQ(Agents[Compute - 1].Registers, 232u);

  uint64_t Registers = 0;
  for (const model::AgentRecord &A : Agents)
    Registers += uint64_t(A.Warps) * 32 * A.Registers;
  EXPECT_LE(Registers, M.agentRegisterRule().RegisterFile);
  EXPECT_EQ(agentLaunchRegisters(M), (40u + 232u) / 2);

  // Indexed by td id, 0 unused.
  SmallVector<unsigned, 4> ComputeFirst(3, 0), LoadFirst(3, 0);
  ComputeFirst[Load] = 4;
  LoadFirst[Compute] = 4;
  EXPECT_EQ(placeAgentWarps(M, {Compute, Load}), ComputeFirst);
  EXPECT_EQ(placeAgentWarps(M, {Load, Compute}), LoadFirst);
}

} // namespace

// The register file the agents' warpgroups take, and the largest budget an
// agent can be raised to (partitionOverBudget). Blackwell's agents
// (td/TileASMachine.td): load and MMA one warp each at 40, compute four
// warps at 232. Load and MMA share a warpgroup; compute starts the next.
TEST(AgentBudgetTest, RegisterFileOfBlackwellAgents) {
  const model::Machine &M = model::machine("blackwell");
  ArrayRef<model::AgentRecord> Agents = M.agents();
  unsigned Load = 0, Mma = 0, Compute = 0;
  for (unsigned A = 1; A <= Agents.size(); ++A) {
    StringRef Name = Agents[A - 1].Name;
    (Name == "load" ? Load : Name == "mma" ? Mma : Compute) = A;
  }
  ASSERT_TRUE(Load && Mma && Compute);
  ASSERT_EQ(M.agentRegisterRule().RegisterFile, 65536u);
  // Indexed by td id, 0 unused.
  SmallVector<unsigned, 4> Budgets(Agents.size() + 1, 0);
  for (unsigned A = 1; A <= Agents.size(); ++A)
    Budgets[A] = Agents[A - 1].Registers;
  SmallVector<unsigned, 4> Layout{Load, Mma, Compute};
  EXPECT_EQ(agentRegisterFileUse(M, Layout, Budgets), 128u * (40 + 232));
  // Compute alone in its warpgroup, the producers' at 40: the most a
  // setmaxnreg budget can be.
  EXPECT_EQ(largestAgentBudget(M, Layout, Budgets, Compute), 256u);

  // Compute between the producers, load at 200 and MMA at 192: compute
  // at 200 shares load's warpgroup and MMA starts a third (200 + 200 + 192
  // is over the file); below 200 compute takes a warpgroup of its own,
  // 65536 / 128 - 200 - 192 = 120 at most.
  Budgets[Load] = 200;
  Budgets[Mma] = 192;
  Layout = {Load, Compute, Mma};
  EXPECT_EQ(agentRegisterFileUse(M, Layout, Budgets), 128u * (200 + 232 + 192));
  EXPECT_EQ(largestAgentBudget(M, Layout, Budgets, Compute), 120u);
  // With load and MMA at 200 compute joins them: two warpgroups at 200.
  Budgets[Mma] = 200;
  EXPECT_EQ(largestAgentBudget(M, Layout, Budgets, Compute), 200u);
  // Load at 256 and MMA at 248 leave at most 8, under setmaxnreg's least
  // (24): none.
  Budgets[Load] = 256;
  Budgets[Mma] = 248;
  EXPECT_EQ(largestAgentBudget(M, Layout, Budgets, Compute), 0u);
}
