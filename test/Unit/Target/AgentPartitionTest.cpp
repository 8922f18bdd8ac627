//===- AgentPartitionTest.cpp - The partition of a loop among agents ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// TileASAgentPartition::analyze on small loops, scheduled and solved as
// tileas-materialize-schedule does: which agent keeps which instruction,
// which scalars each agent recomputes, how buffers cross agents, and why a
// loop that cannot be split is not.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "Materialize/TileASCoordination.h"
#include "TileASRegisterInfo.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

/// Whether Text holds Part; says which when not.
::testing::AssertionResult contains(StringRef Text, const Twine &Part) {
  std::string Want = Part.str();
  if (Text.contains(Want))
    return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "'" << Want << "' is not in '" << Text.str() << "'";
}

constexpr const char *Entry = R"(
  successors: %bb.1
  %desc_a:gpr64 = MOV64ri 0
  %desc_b:gpr64 = MOV64ri 4096
  %desc_c:gpr64 = MOV64ri 8192
  %out:gpr64 = MOV64ri 12288
  %work0:gpr64 = MOV64ri 16384
  %ktiles:gpr32 = MOVri 8
  %zero:gpr32 = MOVri 0
  %acc0:tmem = TMEM_ALLOC 128
  %s0:frag = FZERO
)";

// A GEMM step (two TMA tiles into an MMA accumulating in tensor memory) and
// a reduction of a third tile in the compute warps.
constexpr const char *GemmAndReduce = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %acc:tmem = PHI %acc0, %bb.0, %acc1, %bb.1
  %s:frag = PHI %s0, %bb.0, %s1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %b:tile = TMA_LOAD %desc_b, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %acc1:tmem = MMA_TMEM %acc, %a, %b, 0, 65536
  %c:tile = TMA_LOAD %desc_c, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %v:frag = LDS %c, %kx
  %s1:frag = FADD %s, %v
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *GemmAndReduceExit = R"(
  %r:frag = TMEM_LD %acc1
  %t:frag = FADD %r, %s1
  STG_F %t, %out, 0 :: (store (s128), addrspace 1)
)";

// The k-tile index comes from a work list in global memory. %STORE% is
// replaced by a global store, or by nothing.
constexpr const char *WorkList = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %work:gpr64 = PHI %work0, %bb.0, %work_next, %bb.1
  %acc:tmem = PHI %acc0, %bb.0, %acc1, %bb.1
  %ktile:gpr32 = LDG %work, 0 :: (load (s32), addrspace 1)
  %kx:gpr32 = SHLri %ktile, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %acc1:tmem = MMA_TMEM %acc, %a, %a, 0, 65536
  %STORE%
  %work_next:gpr64 = ADD64ri %work, 4
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *GemmExit = R"(
  %r:frag = TMEM_LD %acc1
  STG_F %r, %out, 0 :: (store (s128), addrspace 1)
)";

std::string withStore(StringRef Store) {
  std::string Text = WorkList;
  size_t At = Text.find("%STORE%");
  Text.replace(At, 7, Store.str());
  return Text;
}

class PartitionTest : public AgentPartitionTest {
protected:
  void SetUp() override {
    Load = agentNamed("load");
    Mma = agentNamed("mma");
    Compute = agentNamed("compute");
  }
  /// Parses and partitions a loop; the partition is in L.Partition.
  void run(StringRef Loop, StringRef Exit) {
    MF = parseLoop(Entry, Loop, Exit);
    ASSERT_NE(MF, nullptr);
    ASSERT_TRUE(partition(*MF, L));
  }
  const MachineInstr *def(StringRef Name) { return defOf(*MF, Name); }
  bool keeps(unsigned Agent, StringRef Name) {
    return L.Partition->keeps(Agent, def(Name));
  }
  Register reg(StringRef Name) { return virtualRegister(*MF, Name); }
  /// The pipe of the solve with id Id.
  const pipes::Pipe *pipe(int Id) {
    for (const pipes::Pipe &P : L.Sol.Pipes)
      if (int(P.Id) == Id)
        return &P;
    return nullptr;
  }

  MachineFunction *MF = nullptr;
  PartitionedLoop L;
  unsigned Load = 0, Mma = 0, Compute = 0;
};

TEST_F(PartitionTest, HomeAgentsOfAGemmAndReduce) {
  run(GemmAndReduce, GemmAndReduceExit);
  const TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  EXPECT_EQ(P.numAgents(), 3u);
  for (StringRef Name : {"a", "b", "c"})
    EXPECT_EQ(P.homeAgent(opDefining(L, Name)), Load) << "%" << Name.str();
  EXPECT_EQ(P.homeAgent(opDefining(L, "acc1")), Mma);
  EXPECT_EQ(P.homeAgent(opDefining(L, "v")), Compute);
  EXPECT_EQ(P.homeAgent(opDefining(L, "s1")), Compute);
  // Scalars have no home; the default agent issues them in the count.
  for (StringRef Name : {"kx", "k_next", "more"}) {
    unsigned Op = opDefining(L, Name);
    EXPECT_EQ(P.homeAgent(Op), 0u) << "%" << Name.str();
    EXPECT_EQ(P.issuingAgents()[Op], Compute) << "%" << Name.str();
  }
}

TEST_F(PartitionTest, EachAgentKeepsItsOwnInstructions) {
  run(GemmAndReduce, GemmAndReduceExit);
  const TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  for (StringRef Name : {"a", "b", "c"}) {
    EXPECT_TRUE(keeps(Load, Name)) << "%" << Name.str();
    EXPECT_FALSE(keeps(Mma, Name)) << "%" << Name.str();
    EXPECT_FALSE(keeps(Compute, Name)) << "%" << Name.str();
  }
  EXPECT_TRUE(keeps(Mma, "acc1"));
  EXPECT_FALSE(keeps(Load, "acc1"));
  EXPECT_FALSE(keeps(Compute, "acc1"));
  for (StringRef Name : {"v", "s1", "s"}) {
    EXPECT_TRUE(keeps(Compute, Name)) << "%" << Name.str();
    EXPECT_FALSE(keeps(Load, Name)) << "%" << Name.str();
    EXPECT_FALSE(keeps(Mma, Name)) << "%" << Name.str();
  }
  // The accumulator's PHI goes with the MMA that rewrites it.
  EXPECT_TRUE(keeps(Mma, "acc"));
  EXPECT_FALSE(keeps(Compute, "acc"));
}

TEST_F(PartitionTest, EveryAgentRunsTheLoopControl) {
  run(GemmAndReduce, GemmAndReduceExit);
  const TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  for (unsigned A = 1; A <= P.numAgents(); ++A) {
    EXPECT_TRUE(P.keeps(A, L.Counted->IVPhi)) << "agent " << A;
    EXPECT_TRUE(P.keeps(A, L.Counted->Increment)) << "agent " << A;
    EXPECT_TRUE(P.keeps(A, L.Counted->Compare)) << "agent " << A;
    for (const MachineInstr &T : L.S.Loop->terminators())
      EXPECT_TRUE(P.keeps(A, &T)) << "agent " << A;
  }
}

// %kx addresses the TMA loads (load agent) and the shared-memory read
// (compute agent): both recompute it; the MMA agent reads no scalar and
// keeps none beyond the loop control.
TEST_F(PartitionTest, ScalarsAreRecomputedWhereNeeded) {
  run(GemmAndReduce, GemmAndReduceExit);
  ASSERT_EQ(L.Partition->why(), "");
  EXPECT_TRUE(keeps(Load, "kx"));
  EXPECT_TRUE(keeps(Compute, "kx"));
  EXPECT_FALSE(keeps(Mma, "kx"));
}

// Fresh tiles cross from the load agent through the slot of the ring their
// TMA fills; the accumulator, rewritten in place, through the buffer
// allocated before the loop.
TEST_F(PartitionTest, CrossingsThroughRingSlotsAndInPlaceBuffers) {
  run(GemmAndReduce, GemmAndReduceExit);
  const TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  EXPECT_TRUE(P.crossings(Load).empty());

  auto CheckSlot = [&](unsigned Agent, StringRef Name) {
    SCOPED_TRACE("%" + Name.str() + " in agent " + std::to_string(Agent));
    const MapVector<Register, TileASCrossing> &X = P.crossings(Agent);
    auto It = X.find(reg(Name));
    ASSERT_NE(It, X.end());
    const TileASCrossing &C = It->second;
    EXPECT_FALSE(C.Outer.isValid());
    EXPECT_EQ(C.From, Load);
    const pipes::Pipe *Ring = pipe(C.Pipe);
    ASSERT_NE(Ring, nullptr);
    EXPECT_EQ(Ring->Kind, pipes::PipeKind::Ring);
    EXPECT_TRUE(is_contained(Ring->Producers, opDefining(L, Name)));
  };
  ASSERT_EQ(P.crossings(Mma).size(), 2u);
  CheckSlot(Mma, "a");
  CheckSlot(Mma, "b");

  const MapVector<Register, TileASCrossing> &X = P.crossings(Compute);
  ASSERT_EQ(X.size(), 2u);
  CheckSlot(Compute, "c");
  auto Acc = X.find(reg("acc1"));
  ASSERT_NE(Acc, X.end());
  EXPECT_EQ(Acc->second.Outer, reg("acc0"));
  EXPECT_EQ(Acc->second.Pipe, -1);
  EXPECT_EQ(Acc->second.From, Mma);
}

// With A and B tiles that fill the shared memory but for the 16 bytes of
// one ring slot's full and empty mbarriers, the A and B rings share one
// slot (BarrierPlan's fusion, which saves a pair of mbarriers): each tile
// is the member of its producer's place in the ring.
TEST_F(PartitionTest, FusedRingMembers) {
  std::string Body = GemmAndReduce;
  for (int Tile = 0; Tile < 2; ++Tile)
    Body.replace(Body.find("%zero, 16384"), 12, "%zero, 108008");
  run(Body.c_str(), GemmAndReduceExit);
  const TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  const TileASCrossing &A = P.crossings(Mma).find(reg("a"))->second;
  const TileASCrossing &B = P.crossings(Mma).find(reg("b"))->second;
  ASSERT_EQ(A.Pipe, B.Pipe) << "the rings were not fused";
  const pipes::Pipe *Ring = pipe(A.Pipe);
  ASSERT_NE(Ring, nullptr);
  ASSERT_EQ(Ring->Producers.size(), 2u);
  EXPECT_EQ(A.Member, find(Ring->Producers, opDefining(L, "a")) -
                          Ring->Producers.begin());
  EXPECT_EQ(B.Member, find(Ring->Producers, opDefining(L, "b")) -
                          Ring->Producers.begin());
  EXPECT_NE(A.Member, B.Member);
}

// The coordination placed in the loop goes to the agent of its anchor: the
// producer side of a tile's ring to the load agent that fills it, the
// consumer side to the agent that reads it, each with the scalar iteration
// it names.
TEST_F(PartitionTest, CoordinationGoesToItsAnchorsAgent) {
  run(GemmAndReduce, GemmAndReduceExit);
  TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  TileASCoordinationBuilder Coord(L.S,
                                  TileASPipelinerOptions::fromCommandLine());
  Expected<pipes::SolveResult> Sol = Coord.solve(0, /*Specialized=*/true);
  ASSERT_TRUE(bool(Sol)) << toString(Sol.takeError());
  Coord.setIssuingAgents(P.issuingAgents());
  Coord.emit(*Sol, *L.Counted, *MF->getBlockNumbered(0),
             *MF->getBlockNumbered(2));
  P.addCoordination(Coord.placed());

  int APipe = P.crossings(Mma).find(reg("a"))->second.Pipe;
  int CPipe = P.crossings(Compute).find(reg("c"))->second.Pipe;
  const MachineRegisterInfo &MRI = MF->getRegInfo();
  unsigned Checked = 0;
  for (const PlacedCoordination &PC : Coord.placed()) {
    const MachineInstr &MI = *PC.MI;
    if (MI.getParent() != L.S.Loop)
      continue;
    unsigned Opc = MI.getOpcode();
    bool Producer = Opc == TileAS::PIPE_PRODUCER_ACQUIRE ||
                    Opc == TileAS::PIPE_PRODUCER_COMMIT;
    bool Consumer = Opc == TileAS::PIPE_CONSUMER_WAIT ||
                    Opc == TileAS::PIPE_CONSUMER_RELEASE;
    if (!Producer && !Consumer)
      continue;
    int Pipe = MI.getOperand(0).getImm();
    unsigned Want = 0;
    if (Pipe == APipe)
      Want = Producer ? Load : Mma;
    else if (Pipe == CPipe)
      Want = Producer ? Load : Compute;
    else
      continue;
    std::string Text;
    raw_string_ostream(Text) << MI;
    SCOPED_TRACE(Text);
    ++Checked;
    for (unsigned A = 1; A <= P.numAgents(); ++A)
      EXPECT_EQ(P.keeps(A, &MI), A == Want) << "agent " << A;
    const MachineInstr *Iter = MRI.getVRegDef(MI.getOperand(2).getReg());
    ASSERT_NE(Iter, nullptr);
    if (Iter->getParent() == L.S.Loop) {
      EXPECT_TRUE(P.keeps(Want, Iter)) << "the iteration it names";
    }
  }
  // Both sides of both rings, in the loop.
  EXPECT_GE(Checked, 4u);
}

TEST_F(PartitionTest, SameInputSamePartition) {
  run(GemmAndReduce, GemmAndReduceExit);
  PartitionedLoop Again;
  ASSERT_TRUE(partition(*MF, Again));
  EXPECT_EQ(L.Partition->issuingAgents(), Again.Partition->issuingAgents());
  for (unsigned A = 1; A <= L.Partition->numAgents(); ++A) {
    const auto &X = L.Partition->crossings(A),
               &Y = Again.Partition->crossings(A);
    ASSERT_EQ(X.size(), Y.size());
    for (auto [XI, YI] : zip(X, Y)) {
      EXPECT_EQ(XI.first, YI.first);
      EXPECT_EQ(XI.second.Pipe, YI.second.Pipe);
      EXPECT_EQ(XI.second.Member, YI.second.Member);
    }
  }
}

// Without a store in the loop, the work-list load is a scalar the load
// agent reads for itself.
TEST_F(PartitionTest, ScalarLoadIsRecomputedInALoopThatStoresNothing) {
  run(withStore(""), GemmExit);
  const TileASAgentPartition &P = *L.Partition;
  ASSERT_EQ(P.why(), "");
  EXPECT_EQ(P.homeAgent(opDefining(L, "ktile")), 0u);
  EXPECT_TRUE(keeps(Load, "ktile"));
  EXPECT_TRUE(keeps(Load, "work_next"));
  EXPECT_FALSE(keeps(Mma, "ktile"));
}

// With one, the load stays in the default agent, and its value would have
// to cross to the load agent in a register.
TEST_F(PartitionTest, ScalarReadFromMemoryCannotCross) {
  run(withStore("STG %k, %out, 0 :: (store (s32), addrspace 1)"), GemmExit);
  const std::string &Why = L.Partition->why();
  EXPECT_EQ(L.Partition->homeAgent(opDefining(L, "ktile")), Compute);
  EXPECT_TRUE(contains(Why, "%ktile, defined by '%ktile:gpr32 = LDG"));
  EXPECT_TRUE(contains(Why, "in agent " + agentLabel(Compute) +
                                ", is read by '%kx:gpr32 = SHLri %ktile"));
  EXPECT_TRUE(contains(Why, "in agent " + agentLabel(Load) + ";"));
}

// A global store in the compute warps and the TMA loads of the load warp
// may touch the same memory; no pipe or mutex would keep them ordered.
TEST_F(PartitionTest, MemoryOrderBetweenAgentsIsRefused) {
  std::string Loop = GemmAndReduce;
  Loop.insert(Loop.find("  %k_next"),
              "  STG %k, %out, 0 :: (store (s32), addrspace 1)\n");
  run(Loop, GemmAndReduceExit);
  const std::string &Why = L.Partition->why();
  EXPECT_TRUE(contains(Why, "must stay ordered before"));
  EXPECT_TRUE(contains(Why, "STG %k"));
  EXPECT_TRUE(contains(Why, "TMA_LOAD"));
  EXPECT_TRUE(contains(Why, "in agent " + agentLabel(Compute)));
  EXPECT_TRUE(contains(Why, "in agent " + agentLabel(Load)));
  EXPECT_TRUE(contains(Why, "agents meet only at pipes and mutexes"));
}

// A loop only the default agent has work in overlaps nothing.
TEST_F(PartitionTest, OneBusyAgentIsNotSpecialized) {
  run(R"(
      successors: %bb.1, %bb.2
      %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
      %s:frag = PHI %s0, %bb.0, %s1, %bb.1
      %v:frag = FBCAST %k
      %s1:frag = FADD %s, %v
      %k_next:gpr32 = ADDri %k, 1
      %more:pred = SETPrr %k_next, %ktiles, 2
      BR_P %more, %bb.1
      BRA %bb.2
    )",
      R"(
      STG_F %s1, %out, 0 :: (store (s128), addrspace 1)
    )");
  EXPECT_TRUE(contains(L.Partition->why(),
                       "only agent " + agentLabel(Compute) + " issues"));
}

} // namespace
