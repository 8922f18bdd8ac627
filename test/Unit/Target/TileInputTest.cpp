//===- TileInputTest.cpp - A tile the tile loop loads for another agent ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A persistent kernel whose tile loop loads a tile that another agent's
// inner loop reads (the persistent attention's Q, here a persistent S =
// Q K^T: test/CodeGen/TileAS/nested/Inputs/persistent-q-tile.ll): the
// per-tile agent assignment hands it over as a tile input
// (TileASTileWork::tileInputs), the inner loop's consumer-only pipe that
// waits for it is the one the rewrite makes per tile (tileInputPipesOf),
// and the pipe gets two slots when shared memory holds them
// (planTileInputDepth).
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "Materialize/TileASLoopNest.h"
#include "WarpSpecialize/TileASTileWork.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"

#include "tileas/Model/MachineModel.h"

#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"

#include <string>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

/// The persistent S = Q K^T as instruction selection leaves it; Epilogue
/// goes at the top of the tile loop's latch block (bb.3).
std::string persistentQTile(StringRef Epilogue = "") {
  std::string Text = R"(---
name: f
tracksRegLiveness: true
body: |
  bb.0:
    %desc_q:gpr64 = MOV64ri 0
    %desc_k:gpr64 = MOV64ri 4096
    %out:gpr64 = MOV64ri 8192
    %tiles:gpr32 = MOVri 8
    %kvtiles:gpr32 = MOVri 16
    %acc0:tmem = TMEM_ALLOC 128
    %zero:gpr32 = MOVri 0
    %acc1:tmem = TMEM_ALLOC 128
    %true:pred = SETPri %zero, 0, 0

  bb.1:
    %t:gpr32 = PHI %zero, %bb.0, %t_next, %bb.3
    %outp:gpr64 = PHI %out, %bb.0, %outp_next, %bb.3
    %acc_even_t:tmem = PHI %acc0, %bb.0, %acc_even2, %bb.3
    %acc_odd_t:tmem = PHI %acc1, %bb.0, %acc_odd2, %bb.3
    %qy:gpr32 = SHLri %t, 7
    %q:tile = TMA_LOAD %desc_q, %zero, %qy, 16384 :: (load (s128), addrspace 1)

  bb.2:
    %j:gpr32 = PHI %zero, %bb.1, %j_next, %bb.2
    %acc_even:tmem = PHI %acc_even_t, %bb.1, %acc_even2, %bb.2
    %acc_odd:tmem = PHI %acc_odd_t, %bb.1, %acc_odd2, %bb.2
    %ky:gpr32 = SHLri %j, 7
    %kt:tile = TMA_LOAD %desc_k, %zero, %ky, 16384 :: (load (s128), addrspace 1)
    %accumulate:pred = SETPri %j, 0, 1
    %acc_even1:tmem = MMA_TMEM_F16 %acc_even, %q, %kt, 0, 16384, 136316048, %accumulate
    %acc_odd1:tmem = MMA_TMEM_F16 %acc_odd, %q, %kt, 1, 16384, 136316048, %accumulate
    %acc_even2:tmem = MMA_TMEM_F16 %acc_even1, %q, %kt, 2, 16384, 136316048, %true
    %acc_odd2:tmem = MMA_TMEM_F16 %acc_odd1, %q, %kt, 3, 16384, 136316048, %true
    %j_next:gpr32 = ADDri %j, 1
    %more:pred = SETPrr %j_next, %kvtiles, 2
    BR_P %more, %bb.2
    BRA %bb.3

  bb.3:
)";
  Text += Epilogue.str();
  Text += R"(
    %c_even:frag = TMEM_LD %acc_even2 :: (load (s128), addrspace 6)
    %c_odd:frag = TMEM_LD %acc_odd2 :: (load (s128), addrspace 6)
    %c:frag = FADD %c_even, %c_odd
    STG_F %c, %outp, 0 :: (store (s128), addrspace 1)
    %outp_next:gpr64 = ADD64ri %outp, 16
    %t_next:gpr32 = ADDri %t, 1
    %more_tiles:pred = SETPrr %t_next, %tiles, 2
    BR_P %more_tiles, %bb.1
    BRA %bb.4

  bb.4:
    RET
...
)";
  return Text;
}

class TileInputTest : public AgentPartitionTest {
protected:
  /// The nest around bb.2, its inner loop partitioned, its tile work.
  void plan(StringRef Text) {
    MF = parse(Text, "f");
    ASSERT_NE(MF, nullptr);
    MDT = std::make_unique<MachineDominatorTree>(*MF);
    MLI = std::make_unique<MachineLoopInfo>(*MDT);
    std::string Why;
    Nest = TileASLoopNest::tileNestOf(*MLI, *MF->getBlockNumbered(2), Why);
    ASSERT_TRUE(Nest.has_value()) << Why;
    ASSERT_TRUE(partition(*MF, L, /*SpecializedSolve=*/true, /*LoopBlock=*/2));
    ASSERT_EQ(L.Partition->why(), "");
    Work.emplace(
        TileASTileWork::analyze(*Nest, L.Partition->numAgents(),
                                [&](unsigned A, const MachineInstr &MI) {
                                  return L.Partition->keeps(A, &MI);
                                }));
  }

  bool keeps(StringRef Agent, StringRef Reg) {
    return Work->keeps(agentNamed(Agent), defOf(*MF, Reg));
  }

  MachineFunction *MF = nullptr;
  std::unique_ptr<MachineDominatorTree> MDT;
  std::unique_ptr<MachineLoopInfo> MLI;
  std::optional<TileASTileNest> Nest;
  PartitionedLoop L;
  std::optional<TileASTileWork> Work;
};

// Q is the load warp's (its TMA and the coordinate it reads), handed to the
// MMA warp's inner loop as a tile input; the MMA warp's copy of the tile
// loop does not load it, and the nest is not refused.
TEST_F(TileInputTest, QIsATileInputFromTheLoadWarpToTheMmaWarp) {
  plan(persistentQTile());
  ASSERT_TRUE(Work.has_value());
  EXPECT_EQ(Work->why(), "");
  EXPECT_TRUE(keeps("load", "q"));
  EXPECT_TRUE(keeps("load", "qy"));
  EXPECT_FALSE(keeps("mma", "q"));
  EXPECT_FALSE(keeps("mma", "qy"));
  EXPECT_FALSE(keeps("compute", "q"));
  ASSERT_EQ(Work->tileInputs().size(), 1u);
  const auto &[Reg, X] = *Work->tileInputs().begin();
  EXPECT_EQ(Reg, virtualRegister(*MF, "q"));
  EXPECT_EQ(X.From, agentNamed("load"));
  EXPECT_EQ(X.To, agentNamed("mma"));
  // The accumulators still go to the epilogue.
  EXPECT_EQ(Work->crossings().size(), 2u);
}

// The inner loop's coordination waits for Q through a consumer-only pipe:
// that pipe is Q's per-tile pipe, 16 KiB a slot, from the load warp to the
// MMA warp.
TEST_F(TileInputTest, TheConsumerOnlyPipeIsQs) {
  plan(persistentQTile());
  ASSERT_TRUE(Work.has_value());
  std::string Why;
  std::vector<TileASTileInputPipe> Inputs =
      tileInputPipesOf(L.Sol, L.S.Instrs, *Work,
                       model::machine("blackwell").defaultAgent(), Why);
  EXPECT_EQ(Why, "");
  ASSERT_EQ(Inputs.size(), 1u);
  EXPECT_EQ(Inputs[0].Tile, virtualRegister(*MF, "q"));
  EXPECT_EQ(Inputs[0].Load, defOf(*MF, "q"));
  EXPECT_EQ(Inputs[0].From, agentNamed("load"));
  EXPECT_EQ(Inputs[0].To, agentNamed("mma"));
  EXPECT_EQ(Inputs[0].Bytes, 16384u);
  unsigned ConsumerOnly = 0;
  for (const pipes::Pipe &P : L.Sol.Pipes)
    if (P.Kind == pipes::PipeKind::ConsumerOnly) {
      ++ConsumerOnly;
      EXPECT_EQ(P.Id, Inputs[0].Pipe);
    }
  EXPECT_EQ(ConsumerOnly, 1u);
}

// The epilogue (the compute warps) reading Q in the tile loop is not a tile
// input of an inner loop: the nest is refused, naming both agents.
TEST_F(TileInputTest, QReadByTheEpilogueIsNotDivided) {
  plan(persistentQTile("    %qr:frag = LDS %q, %zero :: (load (s128), "
                       "addrspace 3)\n"
                       "    %qsum:frag = FADD %qr, %qr\n"
                       "    STG_F %qsum, %outp, 64 :: (store (s128), "
                       "addrspace 1)\n"));
  ASSERT_TRUE(Work.has_value());
  EXPECT_NE(Work->why().find("agent 1 (compute) would read %q, made by agent "
                             "2 (load) in the tile loop"),
            std::string::npos)
      << Work->why();
}

// Two slots when the inner loop's rings and two of each tile input fit
// shared memory; one, saying why, when they do not.
TEST(TileInputDepthTest, DecisionAgainstSharedMemory) {
  pipes::SolveResult Sol;
  pipes::Pipe K;
  K.Kind = pipes::PipeKind::Ring;
  K.Depth = 7;
  K.Bytes = 16384;
  Sol.Pipes.push_back(K);
  TileASTileInputPipe Q;
  Q.Bytes = 16384;
  std::string Why;
  EXPECT_EQ(planTileInputDepth(Sol, {Q}, 227 * 1024, Why), 2u);
  EXPECT_EQ(Why, "");
  // 7 x 16 KiB + 2 x 16 KiB = 144 KiB.
  EXPECT_EQ(planTileInputDepth(Sol, {Q}, 144 * 1024, Why), 2u);
  EXPECT_EQ(planTileInputDepth(Sol, {Q}, 144 * 1024 - 1, Why), 1u);
  EXPECT_EQ(Why, "the inner loop's rings (114688 bytes) and two slots of each "
                 "tile input (32768) exceed the 147455 bytes of shared "
                 "memory");
}

} // namespace
