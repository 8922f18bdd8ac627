//===- TileWorkPlacementTest.cpp - Tile work where the warp idles ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// placeTileWorkChain (TileASTileWorkPlacement.h): the steps of a later
// tile's scalar work (a grouped GEMM's next count: index, address, load)
// copied into a block of the tile where the in-order warp would wait anyway,
// the longest way first, and what finds no such cycle before the block's
// terminators. bb.1 is the block (a load warp's first k-tile: its TMA waits
// for the coordinate before it, the second TMA for the copy engine's slot);
// bb.2 holds the chain's steps, which stay there.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "WarpSpecialize/TileASTileWorkPlacement.h"

#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <string>
#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

class TileWorkPlacementTest : public AgentPartitionTest {
protected:
  /// A function whose bb.1 is the k-tile below (bb.0 defines what it
  /// reads) and bb.2 holds Chain (one instruction a line).
  MachineFunction *parseWithChain(StringRef Chain) {
    std::string Text = R"(---
name: f
tracksRegLiveness: true
body: |
  bb.0:
    %desc_a:gpr64 = MOV64ri 0
    %desc_b:gpr64 = MOV64ri 4096
    %i:gpr32 = MOVri 3
    %n:gpr32 = MOVri 8
    %k:gpr32 = MOVri 1

  bb.1:
    %kx:gpr32 = SHLri %k, 6
    %a:tile = TMA_LOAD %desc_a, %kx, %k, 16384 :: (load (s128), addrspace 1)
    %b:tile = TMA_LOAD %desc_b, %k, %kx, 16384 :: (load (s128), addrspace 1)
    RET

  bb.2:
)";
    SmallVector<StringRef, 8> Lines;
    Chain.split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : Lines)
      Text += "    " + Line.trim().str() + "\n";
    Text += "    RET\n...\n";
    return parse(Text, "f");
  }

  /// The chain: bb.2's instructions before its RET.
  static std::vector<MachineInstr *> chainOf(MachineFunction &MF) {
    std::vector<MachineInstr *> Chain;
    for (MachineInstr &MI : *MF.getBlockNumbered(2))
      if (!MI.isTerminator())
        Chain.push_back(&MI);
    return Chain;
  }

  /// bb.1's instructions: opcodes by name, the copies of the chain's
  /// results by the result's name.
  static std::vector<std::string>
  placed(MachineFunction &MF, const DenseMap<Register, Register> &Copies) {
    DenseMap<Register, StringRef> NameOfCopy;
    const MachineRegisterInfo &MRI = MF.getRegInfo();
    for (auto [Orig, Copy] : Copies)
      NameOfCopy[Copy] = MRI.getVRegName(Orig);
    std::vector<std::string> Order;
    const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
    for (MachineInstr &MI : *MF.getBlockNumbered(1)) {
      StringRef Name = MI.getNumDefs()
                           ? NameOfCopy.lookup(MI.getOperand(0).getReg())
                           : StringRef();
      Order.push_back(Name.empty() ? TII.getName(MI.getOpcode()).str()
                                   : ("copy of %" + Name).str());
    }
    return Order;
  }
};

// One step ready at once: it issues while the first TMA waits for its
// coordinate, and the block takes no longer.
TEST_F(TileWorkPlacementTest, AStepFillsAnOperandWait) {
  MachineFunction *MF = parseWithChain("%next:gpr32 = ADDri %i, 1");
  ASSERT_NE(MF, nullptr);
  unsigned Before = estimateIssueCycles(*MF->getBlockNumbered(1));
  std::vector<MachineInstr *> Chain = chainOf(*MF);
  DenseMap<Register, Register> Copies =
      placeTileWorkChain(Chain, *MF->getBlockNumbered(1));
  std::vector<std::string> Want = {"SHLri", "copy of %next", "TMA_LOAD",
                                   "TMA_LOAD", "RET"};
  EXPECT_EQ(placed(*MF, Copies), Want);
  EXPECT_EQ(estimateIssueCycles(*MF->getBlockNumbered(1)), Before);
  // The chain itself stays where it was.
  EXPECT_EQ(MF->getBlockNumbered(2)->size(), 2u);
}

// Steps that each read the one before: the first fills the wait for the
// coordinate, the next two the wait for the copy engine between the TMAs
// (each operand ready by then), the fourth would delay the second TMA: it
// goes before the terminator. Each copy reads the copy before it.
TEST_F(TileWorkPlacementTest, DependentStepsGoWhereTheirOperandsAreReady) {
  MachineFunction *MF = parseWithChain(R"(
    %n1:gpr32 = ADDri %i, 1
    %n2:gpr32 = ADDri %n1, 1
    %n3:gpr32 = ADDri %n2, 1
    %n4:gpr32 = ADDri %n3, 1
  )");
  ASSERT_NE(MF, nullptr);
  std::vector<MachineInstr *> Chain = chainOf(*MF);
  DenseMap<Register, Register> Copies =
      placeTileWorkChain(Chain, *MF->getBlockNumbered(1));
  std::vector<std::string> Want = {"SHLri",       "copy of %n1", "TMA_LOAD",
                                   "copy of %n2", "copy of %n3", "TMA_LOAD",
                                   "copy of %n4", "RET"};
  EXPECT_EQ(placed(*MF, Copies), Want);
  const MachineRegisterInfo &MRI = MF->getRegInfo();
  for (auto [Step, Reads] :
       {std::pair(2, 1), std::pair(3, 2), std::pair(4, 3)}) {
    MachineInstr *Copy =
        MRI.getVRegDef(Copies.lookup(Chain[Step - 1]->getOperand(0).getReg()));
    EXPECT_EQ(Copy->getOperand(1).getReg(),
              Copies.lookup(Chain[Reads - 1]->getOperand(0).getReg()));
  }
}

// Two independent parts, one free cycle before the first TMA: the step
// with the longer way to its end (a far load's address) takes it, the
// short one (a compare) waits for the next gap.
TEST_F(TileWorkPlacementTest, TheLongestWayGoesFirst) {
  MachineFunction *MF = parseWithChain(R"(
    %cmp:pred = SETPrr %i, %n, 2
    %x:gpr32 = XORri %i, -2147483648
    %w:gpr64 = CVT64_32 %x
    %count:gpr32 = LDG %w, 0 :: (load (s32), addrspace 1)
  )");
  ASSERT_NE(MF, nullptr);
  std::vector<MachineInstr *> Chain = chainOf(*MF);
  DenseMap<Register, Register> Copies =
      placeTileWorkChain(Chain, *MF->getBlockNumbered(1));
  std::vector<std::string> Got = placed(*MF, Copies);
  ASSERT_GE(Got.size(), 3u);
  EXPECT_EQ(Got[0], "SHLri");
  EXPECT_EQ(Got[1], "copy of %x");
  // Every step is copied once, the load after the steps it reads.
  for (const char *Name : {"%cmp", "%x", "%w", "%count"})
    EXPECT_EQ(count(Got, std::string("copy of ") + Name), 1) << Name;
  auto At = [&](const char *Name) {
    return find(Got, std::string("copy of ") + Name) - Got.begin();
  };
  EXPECT_LT(At("%x"), At("%w"));
  EXPECT_LT(At("%w"), At("%count"));
}

} // namespace
