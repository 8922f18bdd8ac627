//===- TileNestTest.cpp - The plan for a persistent kernel's agents -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A persistent GEMM in MIR (a k-loop inside a loop over tiles): the tile
// nest's shape (TileASLoopNest::tileNestOf) and the shapes it refuses, which
// agent's copy of the tile loop keeps each of its own instructions
// (TileASTileWork), and whether the tile's accumulators are double-buffered
// in tensor memory (TileASAccumulatorBuffers).
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASLoopNest.h"
#include "WarpSpecialize/TileASAccumulatorBuffers.h"
#include "WarpSpecialize/TileASTileWork.h"

#include "tileas/Model/MachineModel.h"

#include "llvm/CodeGen/MachineDominators.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"

#include <string>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

/// The persistent GEMM of test/CodeGen/TileAS/nested/Inputs/persistent-gemm.ll
/// as instruction selection leaves it; Preamble goes at the end of bb.0 and
/// TileHead at the top of the tile loop's header, after its PHIs.
std::string persistentGemm(StringRef Preamble = "", StringRef TileHead = "",
                           StringRef KTiles = "%ktiles") {
  std::string Text = R"(---
name: f
tracksRegLiveness: true
body: |
  bb.0:
    %desc_a:gpr64 = MOV64ri 0
    %desc_b:gpr64 = MOV64ri 4096
    %out:gpr64 = MOV64ri 8192
    %tiles:gpr32 = MOVri 8
    %ktiles:gpr32 = MOVri 16
    %acc0:tmem = TMEM_ALLOC 128
    %zero:gpr32 = MOVri 0
    %acc1:tmem = TMEM_ALLOC 128
    %true:pred = SETPri %zero, 0, 0
)";
  Text += Preamble.str();
  Text += R"(
  bb.1:
    %t:gpr32 = PHI %zero, %bb.0, %t_next, %bb.3
    %outp:gpr64 = PHI %out, %bb.0, %outp_next, %bb.3
    %acc_even_t:tmem = PHI %acc0, %bb.0, %acc_even2, %bb.3
    %acc_odd_t:tmem = PHI %acc1, %bb.0, %acc_odd2, %bb.3
)";
  Text += TileHead.str();
  Text += R"(
    %rowx:gpr32 = SHLri %t, 5
    %m:gpr32 = ANDri %rowx, -128
    %col:gpr32 = ANDri %t, 3
    %n:gpr32 = SHLri %col, 7

  bb.2:
    %k:gpr32 = PHI %zero, %bb.1, %k_next, %bb.2
    %acc_even:tmem = PHI %acc_even_t, %bb.1, %acc_even2, %bb.2
    %acc_odd:tmem = PHI %acc_odd_t, %bb.1, %acc_odd2, %bb.2
    %kx:gpr32 = SHLri %k, 6
    %a:tile = TMA_LOAD %desc_a, %kx, %m, 16384 :: (load (s128), addrspace 1)
    %b:tile = TMA_LOAD %desc_b, %n, %kx, 16384 :: (load (s128), addrspace 1)
    %accumulate:pred = SETPri %k, 0, 1
    %acc_even1:tmem = MMA_TMEM_F16 %acc_even, %a, %b, 0, 65536, 136316048, %accumulate
    %acc_odd1:tmem = MMA_TMEM_F16 %acc_odd, %a, %b, 1, 65536, 136316048, %accumulate
    %acc_even2:tmem = MMA_TMEM_F16 %acc_even1, %a, %b, 2, 65536, 136316048, %true
    %acc_odd2:tmem = MMA_TMEM_F16 %acc_odd1, %a, %b, 3, 65536, 136316048, %true
    %k_next:gpr32 = ADDri %k, 1
    %more:pred = SETPrr %k_next, )";
  Text += KTiles.str();
  Text += R"(, 2
    BR_P %more, %bb.2
    BRA %bb.3

  bb.3:
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

class TileNestTest : public AgentPartitionTest {
protected:
  /// Parses Text, computes its loops and the tile nest around bb.Inner.
  std::optional<TileASTileNest> nestOf(StringRef Text, unsigned Inner,
                                       std::string &Why) {
    MF = parse(Text, "f");
    if (!MF)
      return std::nullopt;
    MDT = std::make_unique<MachineDominatorTree>(*MF);
    MLI = std::make_unique<MachineLoopInfo>(*MDT);
    return TileASLoopNest::tileNestOf(*MLI, *MF->getBlockNumbered(Inner), Why);
  }

  /// The persistent GEMM's nest, its inner loop partitioned, its tile work.
  void plan(StringRef Text) {
    std::string Why;
    Nest = nestOf(Text, 2, Why);
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

TEST_F(TileNestTest, PersistentGemmIsATileNest) {
  std::string Why;
  std::optional<TileASTileNest> N = nestOf(persistentGemm(), 2, Why);
  ASSERT_TRUE(N.has_value()) << Why;
  EXPECT_EQ(N->Outer->getHeader(), MF->getBlockNumbered(1));
  EXPECT_EQ(N->Inner, MF->getBlockNumbered(2));
  ASSERT_EQ(N->Before.size(), 1u);
  EXPECT_EQ(N->Before[0], MF->getBlockNumbered(1));
  ASSERT_EQ(N->After.size(), 1u);
  EXPECT_EQ(N->After[0], MF->getBlockNumbered(3));
}

// A loop that is not nested, a tile loop that branches around its k-loop
// (a guard for k = 0), and a tile loop inside a loop over batches are not
// tile nests (yet), and say so.
TEST_F(TileNestTest, OtherShapesSayWhy) {
  std::string Why;
  EXPECT_FALSE(nestOf(persistentGemm(), 1, Why).has_value());
  EXPECT_EQ(Why, "bb.1 is not a single-block loop inside another");

  constexpr const char *Guarded = R"(---
name: f
tracksRegLiveness: true
body: |
  bb.0:
    %n:gpr32 = MOVri 4
    %zero:gpr32 = MOVri 0
  bb.1:
    %t:gpr32 = PHI %zero, %bb.0, %t_next, %bb.3
    %skip:pred = SETPri %n, 0, 0
    BR_P %skip, %bb.3
    BRA %bb.2
  bb.2:
    %k:gpr32 = PHI %zero, %bb.1, %k_next, %bb.2
    %k_next:gpr32 = ADDri %k, 1
    %more:pred = SETPrr %k_next, %n, 2
    BR_P %more, %bb.2
    BRA %bb.3
  bb.3:
    %t_next:gpr32 = ADDri %t, 1
    %again:pred = SETPrr %t_next, %n, 2
    BR_P %again, %bb.1
    BRA %bb.4
  bb.4:
    RET
...
)";
  EXPECT_FALSE(nestOf(Guarded, 2, Why).has_value());
  EXPECT_EQ(Why, "the loop of bb.1 around it branches elsewhere than into and "
                 "out of bb.2 (only straight-line blocks before and after the "
                 "inner loop are handled)");

  constexpr const char *Triple = R"(---
name: f
tracksRegLiveness: true
body: |
  bb.0:
    %n:gpr32 = MOVri 4
    %zero:gpr32 = MOVri 0
  bb.1:
    %b:gpr32 = PHI %zero, %bb.0, %b_next, %bb.5
  bb.2:
    %t:gpr32 = PHI %zero, %bb.1, %t_next, %bb.4
  bb.3:
    %k:gpr32 = PHI %zero, %bb.2, %k_next, %bb.3
    %k_next:gpr32 = ADDri %k, 1
    %more:pred = SETPrr %k_next, %n, 2
    BR_P %more, %bb.3
    BRA %bb.4
  bb.4:
    %t_next:gpr32 = ADDri %t, 1
    %again_t:pred = SETPrr %t_next, %n, 2
    BR_P %again_t, %bb.2
    BRA %bb.5
  bb.5:
    %b_next:gpr32 = ADDri %b, 1
    %again_b:pred = SETPrr %b_next, %n, 2
    BR_P %again_b, %bb.1
    BRA %bb.6
  bb.6:
    RET
...
)";
  EXPECT_FALSE(nestOf(Triple, 3, Why).has_value());
  EXPECT_EQ(Why, "the loop of bb.2 around it is itself inside the loop of "
                 "bb.1");
}

// Each agent's copy of the tile loop holds its own work and the scalars it
// reads: the load warp the tile's coordinates (for its TMA loads), the MMA
// warp the accumulators' PHIs (for its chain), the compute warps the
// epilogue (tensor-memory loads, the sum, the store and its address);
// every agent the tile loop's control.
TEST_F(TileNestTest, PerTileAgentAssignment) {
  plan(persistentGemm());
  ASSERT_TRUE(Work.has_value());
  EXPECT_EQ(Work->why(), "");
  // Load warp: the coordinates, not the epilogue or the accumulators.
  EXPECT_TRUE(keeps("load", "m"));
  EXPECT_TRUE(keeps("load", "rowx"));
  EXPECT_TRUE(keeps("load", "n"));
  EXPECT_TRUE(keeps("load", "col"));
  EXPECT_TRUE(keeps("load", "t"));
  EXPECT_FALSE(keeps("load", "acc_even_t"));
  EXPECT_FALSE(keeps("load", "c"));
  EXPECT_FALSE(keeps("load", "outp"));
  // MMA warp: the accumulators' PHIs, nothing of the epilogue, no
  // coordinates.
  EXPECT_TRUE(keeps("mma", "acc_even_t"));
  EXPECT_TRUE(keeps("mma", "acc_odd_t"));
  EXPECT_FALSE(keeps("mma", "m"));
  EXPECT_FALSE(keeps("mma", "c_even"));
  EXPECT_FALSE(keeps("mma", "outp_next"));
  // Compute warps: the epilogue.
  EXPECT_TRUE(keeps("compute", "c_even"));
  EXPECT_TRUE(keeps("compute", "c_odd"));
  EXPECT_TRUE(keeps("compute", "c"));
  EXPECT_TRUE(keeps("compute", "outp"));
  EXPECT_TRUE(keeps("compute", "outp_next"));
  EXPECT_FALSE(keeps("compute", "m"));
  // The tile loop's control: every agent.
  for (StringRef A : {"load", "mma", "compute"}) {
    EXPECT_TRUE(keeps(A, "t_next")) << A.str();
    EXPECT_TRUE(keeps(A, "more_tiles")) << A.str();
  }
  const MachineInstr &Latch = MF->getBlockNumbered(3)->back();
  for (unsigned A = 1; A <= 3; ++A)
    EXPECT_TRUE(Work->keeps(A, &Latch));
  // The accumulators go from the MMA warp's k-loop to the epilogue.
  ASSERT_EQ(Work->crossings().size(), 2u);
  for (const auto &[Reg, X] : Work->crossings()) {
    EXPECT_EQ(X.From, agentNamed("mma"));
    EXPECT_EQ(X.To, agentNamed("compute"));
  }
  EXPECT_TRUE(Work->crossings().count(virtualRegister(*MF, "acc_even2")));
  EXPECT_TRUE(Work->crossings().count(virtualRegister(*MF, "acc_odd2")));
}

// A value the tile loop loads (a grouped GEMM's k-tiles per tile) that
// every agent's k-loop control reads cannot be loaded by each agent when
// the tile loop's stores may write it (here nothing says what either
// reads or writes): the nest stays unspecialized, saying which.
TEST_F(TileNestTest, LoadedTripCountIsNotDivided) {
  plan(persistentGemm("",
                      "    %kt:gpr32 = LDG %out, 0 :: (load (s32), "
                      "addrspace 1)\n",
                      "%kt"));
  ASSERT_TRUE(Work.has_value());
  EXPECT_NE(Work->why().find("made by agent 1 (compute) in the tile loop "
                             "('%kt:gpr32 = LDG"),
            std::string::npos)
      << Work->why();
}

/// The persistent GEMM with its IR: its k-tile count loaded per tile from
/// the object Counts names, its epilogue storing into the one Out names
/// (arguments of the IR function: noalias %counts and %out).
std::string groupedGemm(StringRef Counts, StringRef Out) {
  std::string Text =
      persistentGemm("",
                     ("    %kt:gpr32 = LDG %out, 0 :: (load (s32) from %ir." +
                      Counts + ", addrspace 1)\n")
                         .str(),
                     "%kt");
  std::string Store = "STG_F %c, %outp, 0 :: (store (s128), addrspace 1)";
  size_t At = Text.find(Store);
  Text.replace(
      At, Store.size(),
      ("STG_F %c, %outp, 0 :: (store (s128) into %ir." + Out + ", addrspace 1)")
          .str());
  return R"(--- |
  define void @f(ptr addrspace(1) noalias %counts,
                 ptr addrspace(1) noalias %out) {
    ret void
  }
...
)" + Text;
}

// Loaded from an object no store of the nest writes: every agent whose
// k-loop control reads the count loads it itself.
TEST_F(TileNestTest, LoadedTripCountIsLoadedByEachAgent) {
  plan(groupedGemm("counts", "out"));
  ASSERT_TRUE(Work.has_value());
  EXPECT_EQ(Work->why(), "");
  EXPECT_TRUE(keeps("load", "kt"));
  EXPECT_TRUE(keeps("mma", "kt"));
  // Its copies in the agents' tile loops (which share its memory operands)
  // may be loaded a tile ahead; the epilogue's store is no such load.
  const MachineInstr &Count = *defOf(*MF, "kt");
  EXPECT_TRUE(Work->loadsUnwritten(Count));
  MachineInstr *Copy = MF->CloneMachineInstr(&Count);
  EXPECT_TRUE(Work->loadsUnwritten(*Copy));
  MF->deleteMachineInstr(Copy);
  for (const MachineBasicBlock &MBB : *MF)
    for (const MachineInstr &MI : MBB)
      if (MI.mayStore())
        EXPECT_FALSE(Work->loadsUnwritten(MI));
}

// Loaded from the object the epilogue stores into: not divided.
TEST_F(TileNestTest, LoadedTripCountTheNestWritesIsNotDivided) {
  plan(groupedGemm("out", "out"));
  ASSERT_TRUE(Work.has_value());
  EXPECT_FALSE(Work->loadsUnwritten(*defOf(*MF, "kt")));
  EXPECT_NE(Work->why().find("made by agent 1 (compute) in the tile loop "
                             "('%kt:gpr32 = LDG"),
            std::string::npos)
      << Work->why();
}

TEST(AccumulatorBuffersTest, DecisionAgainstTheBudget) {
  EXPECT_EQ(tensorMemoryColumns(tileas::model::machine("blackwell")), 512u);
  EXPECT_EQ(tensorMemoryColumns(tileas::model::machine("hopper")), 0u);
  // Two accumulators of 128 columns: two copies take all 512.
  TileASAccumulatorPlan P = planAccumulatorBuffers(256, 0, 512);
  EXPECT_EQ(P.Buffers, 2u);
  EXPECT_EQ(P.WhySingle, "");
  // One column more anywhere and the second copy does not fit.
  P = planAccumulatorBuffers(256, 32, 512);
  EXPECT_EQ(P.Buffers, 1u);
  EXPECT_EQ(P.WhySingle,
            "two copies of the accumulators (256 columns each) and the other "
            "allocations (32 columns) would take 544 of the 512 columns of "
            "tensor memory");
  P = planAccumulatorBuffers(128, 256, 512);
  EXPECT_EQ(P.Buffers, 2u);
  P = planAccumulatorBuffers(0, 0, 512);
  EXPECT_EQ(P.Buffers, 1u);
  EXPECT_EQ(P.WhySingle,
            "no accumulator goes from the inner loop to the epilogue");
}

// Hopper has no tensor memory: the wgmma accumulators stay in the registers
// of the agent that issues the MMAs and stores them (no accumulator pipe).
TEST(AccumulatorBuffersTest, NoTensorMemoryKeepsTheAccumulatorsInRegisters) {
  unsigned Capacity = tensorMemoryColumns(tileas::model::machine("hopper"));
  TileASAccumulatorPlan P = planAccumulatorBuffers(0, 0, Capacity);
  EXPECT_EQ(P.Buffers, 1u);
  EXPECT_EQ(P.Capacity, 0u);
  EXPECT_EQ(P.WhySingle, "the machine has no tensor memory: the accumulators "
                         "are registers of the agent that issues the MMAs, "
                         "which stores them itself");
  // With tensor memory and nothing to hand over, the reason stays the
  // tile nest's.
  P = planAccumulatorBuffers(0, 0, 512);
  EXPECT_EQ(P.WhySingle,
            "no accumulator goes from the inner loop to the epilogue");
}

// Hopper's loop-carried release reads `ADDri k, -1` (the iteration before
// its own): a tile nest that counts its rings across tiles finds it to count
// it on the ring iteration instead. Another addition, one of another value,
// or one outside the loop is not it.
TEST_F(TileNestTest, LoopCarriedReleaseIteration) {
  MF = parse(R"(---
name: f
tracksRegLiveness: true
body: |
  bb.0:
    %zero:gpr32 = MOVri 0
    %n:gpr32 = MOVri 4
  bb.1:
    %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
    %prev:gpr32 = ADDri %k, -1
    %ahead:gpr32 = ADDri %k, 1
    %other:gpr32 = ADDri %n, -1
    %k_next:gpr32 = ADDri %k, 1
    %more:pred = SETPrr %k_next, %n, 2
    BR_P %more, %bb.1
    BRA %bb.2
  bb.2:
    %after:gpr32 = ADDri %k, -1
    RET
...
)",
             "f");
  ASSERT_NE(MF, nullptr);
  MachineBasicBlock &Loop = *MF->getBlockNumbered(1);
  Register K = defOf(*MF, "k")->getOperand(0).getReg();
  auto Found = [&](StringRef Name) {
    const MachineInstr *Def = defOf(*MF, Name);
    return loopCarriedReleaseIteration(Def->getOperand(0).getReg(), K, Loop) ==
           Def;
  };
  EXPECT_TRUE(Found("prev"));
  EXPECT_FALSE(Found("ahead"));
  EXPECT_FALSE(Found("other"));
  EXPECT_FALSE(Found("after"));
  EXPECT_EQ(loopCarriedReleaseIteration(K, K, Loop), nullptr);
}

// On the persistent GEMM: its two accumulators (found through the tile
// loop's PHIs and the MMAs' in-place rewrites) double-buffer; with another
// allocation of 128 columns beside them they stay single.
TEST_F(TileNestTest, AccumulatorsOfTheNest) {
  plan(persistentGemm());
  ASSERT_TRUE(Work.has_value());
  TileASAccumulatorPlan P = planAccumulatorBuffers(*Nest, *Work);
  EXPECT_EQ(P.Columns, 256u);
  EXPECT_EQ(P.Others, 0u);
  EXPECT_EQ(P.Buffers, 2u);
}

TEST_F(TileNestTest, AccumulatorsBesideAnotherAllocation) {
  plan(persistentGemm("    %scratch:tmem = TMEM_ALLOC 128\n"));
  ASSERT_TRUE(Work.has_value());
  TileASAccumulatorPlan P = planAccumulatorBuffers(*Nest, *Work);
  EXPECT_EQ(P.Columns, 256u);
  EXPECT_EQ(P.Others, 128u);
  EXPECT_EQ(P.Buffers, 1u);
}

} // namespace
