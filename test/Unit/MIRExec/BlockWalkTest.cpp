//===- BlockWalkTest.cpp - How a run of MIR moves between blocks ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/BlockWalk.h"
#include "MIRExecTestUtil.h"

#include "llvm/CodeGen/MachineInstr.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

// bb.0 falls through to the loop bb.1, which branches back on %p and falls
// through to bb.2 when it does not; bb.2 branches around bb.3 (only reached
// from elsewhere) to bb.4; bb.3 ends in a conditional branch to bb.1 with
// bb.4 as its layout successor.
const char *Walk = R"(---
name: walk
tracksRegLiveness: true
body: |
  bb.0:
    successors: %bb.1
    %zero:gpr32 = MOVri 0
  bb.1:
    successors: %bb.1, %bb.2
    %i:gpr32 = PHI %zero, %bb.0, %next, %bb.1, %zero, %bb.3
    %next:gpr32 = ADDri %i, 1
    %p:pred = SETPri %next, 4, 2
    BR_P %p, %bb.1
  bb.2:
    successors: %bb.4
    BRA %bb.4
  bb.3:
    successors: %bb.1, %bb.4
    BR_NP %p, %bb.1
  bb.4:
    RET
...
)";

class BlockWalkTest : public MIRTest {};

TEST_F(BlockWalkTest, BranchesTakenAndWhere) {
  MachineFunction *MF = parse(Walk, "walk");
  ASSERT_NE(MF, nullptr);
  const MachineInstr &BrP = instr(*MF, 1, 3);
  const MachineInstr &Bra = instr(*MF, 2, 0);
  const MachineInstr &BrNP = instr(*MF, 3, 0);
  EXPECT_TRUE(isBranchTaken(BrP, 1));
  EXPECT_TRUE(isBranchTaken(BrP, -5));
  EXPECT_FALSE(isBranchTaken(BrP, 0));
  EXPECT_FALSE(isBranchTaken(BrNP, 1));
  EXPECT_TRUE(isBranchTaken(BrNP, 0));
  EXPECT_TRUE(isBranchTaken(Bra, 0));
  EXPECT_EQ(branchDestination(BrP), MF->getBlockNumbered(1));
  EXPECT_EQ(branchDestination(Bra), MF->getBlockNumbered(4));
  EXPECT_EQ(branchDestination(BrNP), MF->getBlockNumbered(1));
}

TEST_F(BlockWalkTest, FallThrough) {
  MachineFunction *MF = parse(Walk, "walk");
  ASSERT_NE(MF, nullptr);
  // The only successor.
  EXPECT_EQ(fallThroughSuccessor(*MF->getBlockNumbered(0)),
            MF->getBlockNumbered(1));
  EXPECT_EQ(fallThroughSuccessor(*MF->getBlockNumbered(2)),
            MF->getBlockNumbered(4));
  // The layout successor after an untaken conditional branch.
  EXPECT_EQ(fallThroughSuccessor(*MF->getBlockNumbered(1)),
            MF->getBlockNumbered(2));
  EXPECT_EQ(fallThroughSuccessor(*MF->getBlockNumbered(3)),
            MF->getBlockNumbered(4));
  // No successor.
  EXPECT_EQ(fallThroughSuccessor(*MF->getBlockNumbered(4)), nullptr);
}

TEST_F(BlockWalkTest, PhiReadsTheEdgeItCameBy) {
  MachineFunction *MF = parse(Walk, "walk");
  ASSERT_NE(MF, nullptr);
  const MachineInstr &Phi = instr(*MF, 1, 0);
  ASSERT_TRUE(Phi.isPHI());
  Register Zero = virtualRegister(*MF, "zero");
  Register Next = virtualRegister(*MF, "next");
  EXPECT_EQ(phiIncoming(Phi, MF->getBlockNumbered(0)), Zero);
  EXPECT_EQ(phiIncoming(Phi, MF->getBlockNumbered(1)), Next);
  EXPECT_EQ(phiIncoming(Phi, MF->getBlockNumbered(3)), Zero);
  EXPECT_FALSE(phiIncoming(Phi, MF->getBlockNumbered(2)).isValid());
  EXPECT_FALSE(phiIncoming(Phi, nullptr).isValid());
}

TEST_F(BlockWalkTest, StepBudget) {
  MachineFunction *MF = parse(Walk, "walk");
  ASSERT_NE(MF, nullptr);
  const MachineInstr &Add = instr(*MF, 1, 1);
  uint64_t Steps = 0;
  for (unsigned I = 0; I != 3; ++I)
    EXPECT_FALSE(bool(countStep(Add, Steps, 3)));
  EXPECT_EQ(Steps, 3u);
  Error E = countStep(Add, Steps, 3);
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "bb.1: %next:gpr32 = ADDri %i:gpr32, 1: still running after 3 "
            "instructions");
}

} // namespace
