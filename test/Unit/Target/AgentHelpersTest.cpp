//===- AgentHelpersTest.cpp - Warp-specialization's smaller rules ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The late release of copy-filled slots (TileASAgentRelease.h), the agent
// whose warps alone run a block (TileASStreamAgent.h) and the 32-bit
// registers each register class counts against setmaxnreg
// (TileASRegisterUnits.h).
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "TileASRegisterInfo.h"
#include "TileASRegisterUnits.h"
#include "WarpSpecialize/TileASAgentRelease.h"
#include "WarpSpecialize/TileASStreamAgent.h"

#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

class AgentHelpersTest : public AgentPartitionTest {};

// An agent's loop body in kernel order: it releases a TMA-filled slot
// (pipe 0) and another ring's (pipe 5) before its wait for a stored tile
// (pipe 7), whose slot it reads into an MMA; after that it releases pipe 0
// again.
constexpr const char *Releases = R"(
  %it:gpr32 = MOVri 0
  %m0:tmem = TMEM_ALLOC 128
  PIPE_CONSUMER_RELEASE 0, 2, %it
  PIPE_CONSUMER_RELEASE 5, 6, %it
  PIPE_CONSUMER_WAIT 7, 13, %it
  %p:tile = PIPE_TILE 7, %it, 0
  %m1:tmem = MMA_TMEM %m0, %p, %p, 0, 65536
  PIPE_CONSUMER_RELEASE 0, 8, %it
  %x:gpr32 = ADDri %it, 1
)";

class DeferReleaseTest : public AgentHelpersTest {
protected:
  void SetUp() override {
    MF = parse(oneBlock(Releases), "f");
    ASSERT_NE(MF, nullptr);
    for (unsigned I = 2; I <= 8; ++I)
      Order.push_back(&instr(*MF, 0, I));
    Before = Order;
  }
  MachineInstr *at(unsigned Index) { return &instr(*MF, 0, Index); }

  MachineFunction *MF = nullptr;
  std::vector<MachineInstr *> Order, Before;
};

TEST_F(DeferReleaseTest, TmaReleaseFollowsTheStoredTilesWaitAndItsUse) {
  EXPECT_EQ(deferCopySlotReleases(Order, {0}, {7}), 1u);
  // The release of pipe 0 moves after the wait, the slot read and the MMA
  // the wait guards; pipe 5's (not TMA-filled) stays, and so does the
  // release already after the wait.
  std::vector<MachineInstr *> Want = {at(3), at(4), at(5), at(6),
                                      at(2), at(7), at(8)};
  EXPECT_EQ(Order, Want);
}

TEST_F(DeferReleaseTest, NothingMovesWithoutAStoredTilesWait) {
  EXPECT_EQ(deferCopySlotReleases(Order, {0}, {9}), 0u);
  EXPECT_EQ(Order, Before);
  EXPECT_EQ(deferCopySlotReleases(Order, {0}, {}), 0u);
  EXPECT_EQ(Order, Before);
  EXPECT_EQ(deferCopySlotReleases(Order, {}, {7}), 0u);
  EXPECT_EQ(Order, Before);
}

TEST_F(DeferReleaseTest, OnlyTmaFilledRingsAreDeferred) {
  EXPECT_EQ(deferCopySlotReleases(Order, {0, 5}, {7}), 2u);
  std::vector<MachineInstr *> Want = {at(4), at(5), at(6), at(2),
                                      at(3), at(7), at(8)};
  EXPECT_EQ(Order, Want);
}

// bb.0 dispatches to two agents' regions (bb.1: agent 2, bb.3: agent 1);
// bb.2 follows agent 2's region only and loops on itself; bb.5 joins both
// regions; bb.6 is reached from a region and straight from the entry.
constexpr const char *Dispatch = R"(
---
name: g
tracksRegLiveness: true
body: |
  bb.0:
    successors: %bb.1, %bb.3, %bb.6
    %z:gpr32 = MOVri 0
    %p:pred = SETPri %z, 0, 2
    %q:pred = SETPri %z, 1, 2
    BR_P %p, %bb.3
    BR_P %q, %bb.6
    BRA %bb.1
  bb.1:
    successors: %bb.2
    AGENT_SWITCH 2, 1, 40, 0, 4
    BRA %bb.2
  bb.2:
    successors: %bb.2, %bb.5
    BR_P %p, %bb.2
    BRA %bb.5
  bb.3:
    successors: %bb.4
    AGENT_SWITCH 1, 4, 232, 1, 0
    BRA %bb.4
  bb.4:
    successors: %bb.5, %bb.6
    BR_P %p, %bb.6
    BRA %bb.5
  bb.5:
    RET
  bb.6:
    RET
...
)";

TEST_F(AgentHelpersTest, StreamAgentOfEachBlock) {
  MachineFunction *MF = parse(Dispatch, "g");
  ASSERT_NE(MF, nullptr);
  auto Of = [&](unsigned Block) {
    return streamAgentOf(*MF->getBlockNumbered(Block));
  };
  EXPECT_EQ(Of(0), 0u) << "the entry: every warp";
  EXPECT_EQ(Of(1), 2u) << "the block that switches to agent 2";
  EXPECT_EQ(Of(2), 2u) << "after agent 2's switch only, through a cycle";
  EXPECT_EQ(Of(3), 1u);
  EXPECT_EQ(Of(4), 1u);
  EXPECT_EQ(Of(5), 0u) << "two regions meet";
  EXPECT_EQ(Of(6), 0u) << "a region and the entry's own path meet";
}

TEST_F(AgentHelpersTest, RegisterUnitsPerClass) {
  MachineFunction *MF = parse(oneBlock(""), "f");
  ASSERT_NE(MF, nullptr);
  const TargetRegisterInfo &TRI = *MF->getSubtarget().getRegisterInfo();
  EXPECT_EQ(registerUnits(TileAS::GPR32RegClass, TRI), 1u);
  EXPECT_EQ(registerUnits(TileAS::GPR64RegClass, TRI), 2u);
  EXPECT_EQ(registerUnits(TileAS::FRAGRegClass, TRI), 4u);
  // Shared- and tensor-memory handles are 32-bit addresses.
  EXPECT_EQ(registerUnits(TileAS::TILERegClass, TRI), 1u);
  EXPECT_EQ(registerUnits(TileAS::TMEMRegClass, TRI), 1u);
  // setmaxnreg does not budget the predicate file.
  EXPECT_EQ(registerUnits(TileAS::PREDRegClass, TRI), 0u);
}

} // namespace
