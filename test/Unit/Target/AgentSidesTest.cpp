//===- AgentSidesTest.cpp - Coordination sides one agent each ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// TileASAgentPartition refuses a partition whose coordination cannot be
// issued one side per agent. The solve for a warp-specialized loop turns a
// mutex between two agents with an asynchronous release into a handoff, so
// the refusal for a missing handoff is reached here by partitioning a loop
// whose coordination was solved as for the plain pipelined loop. A mutex
// whose two agents' ops interleave, and a ring read by two agents, are
// refused under the specialized solve.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"

#include <string>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr const char *Entry = R"(
  successors: %bb.1
  %desc_a:gpr64 = MOV64ri 0
  %out:gpr64 = MOV64ri 12288
  %ktiles:gpr32 = MOVri 8
  %zero:gpr32 = MOVri 0
  %score0:tmem = TMEM_ALLOC 128
  %s0:frag = FZERO
)";

// Attention's score buffer: the MMA warp rewrites a tensor-memory buffer
// every iteration and the compute warps read it back within the iteration.
constexpr const char *ScoreBuffer = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %score:tmem = PHI %score0, %bb.0, %score1, %bb.1
  %s:frag = PHI %s0, %bb.0, %s1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %score1:tmem = MMA_TMEM %score, %a, %a, 0, 65536
  %v:frag = TMEM_LD %score1
  %s1:frag = FADD %s, %v
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *ScoreExit = R"(
  STG_F %s1, %out, 0 :: (store (s128), addrspace 1)
)";

// One tensor-memory buffer written by the compute warps, accumulated into by
// the MMA warp, read back, accumulated into again and read again: the two
// agents' ops interleave within an iteration.
constexpr const char *Interleaved = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %score:tmem = PHI %score0, %bb.0, %t3, %bb.1
  %s:frag = PHI %s0, %bb.0, %s2, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %t1:tmem = TMEM_ST %score, %s
  %t2:tmem = MMA_TMEM %t1, %a, %a, 0, 65536
  %v:frag = TMEM_LD %t2
  %s1:frag = FADD %s, %v
  %t3:tmem = MMA_TMEM %t2, %a, %a, 0, 65536
  %w:frag = TMEM_LD %t3
  %s2:frag = FADD %s1, %w
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *InterleavedExit = R"(
  STG_F %s2, %out, 0 :: (store (s128), addrspace 1)
)";

// The compute warps write a shared-memory tile each iteration that both the
// MMA warp and the load warp (a TMA store) read: the tile's ring would need
// a release from two agents per slot.
constexpr const char *TwoReaders = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %acc:tmem = PHI %score0, %bb.0, %acc1, %bb.1
  %s:frag = PHI %s0, %bb.0, %s1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %s1:frag = FADD %s, %s
  %p:tile = STS %s1, 16384
  %acc1:tmem = MMA_TMEM %acc, %p, %p, 0, 65536
  TMA_STORE %p, %desc_a, %kx, %zero :: (store (s128), addrspace 1)
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *TwoReadersExit = R"(
  %r:frag = TMEM_LD %acc1
  STG_F %r, %out, 0 :: (store (s128), addrspace 1)
)";

class AgentSidesTest : public AgentPartitionTest {};

TEST_F(AgentSidesTest, HandoffSolvedForTheSpecializedLoop) {
  MachineFunction *MF = parseLoop(Entry, ScoreBuffer, ScoreExit);
  ASSERT_NE(MF, nullptr);
  PartitionedLoop L;
  ASSERT_TRUE(partition(*MF, L));
  EXPECT_EQ(L.Partition->why(), "");
  EXPECT_TRUE(L.Sol.Mutexes.empty());
  EXPECT_TRUE(llvm::any_of(L.Sol.Pipes,
                           [](const pipes::Pipe &P) { return P.Handoff; }));
}

TEST_F(AgentSidesTest, MutexWithoutHandoffIsRefused) {
  MachineFunction *MF = parseLoop(Entry, ScoreBuffer, ScoreExit);
  ASSERT_NE(MF, nullptr);
  PartitionedLoop L;
  ASSERT_TRUE(partition(*MF, L, /*SpecializedSolve=*/false));
  ASSERT_EQ(L.Sol.Mutexes.size(), 1u);
  std::string Why = L.Partition->why();
  std::string Want = "mutex " + std::to_string(L.Sol.Mutexes[0].Id) +
                     " alternates agents " + agentLabel(agentNamed("mma")) +
                     " and " + agentLabel(agentNamed("compute"));
  EXPECT_NE(Why.find(Want), std::string::npos) << Why;
  EXPECT_NE(Why.find("solved without a handoff"), std::string::npos) << Why;
}

// The mutex over that buffer has no one region per agent: refused under the
// solve materialization uses.
TEST_F(AgentSidesTest, InterleavedMutexIsRefused) {
  MachineFunction *MF = parseLoop(Entry, Interleaved, InterleavedExit);
  ASSERT_NE(MF, nullptr);
  PartitionedLoop L;
  ASSERT_TRUE(partition(*MF, L));
  ASSERT_EQ(L.Sol.Mutexes.size(), 1u);
  std::string Why = L.Partition->why();
  std::string Want = "the ops of mutex " + std::to_string(L.Sol.Mutexes[0].Id) +
                     " cannot be split into one region per agent";
  EXPECT_NE(Why.find(Want), std::string::npos) << Why;
}

TEST_F(AgentSidesTest, RingReadByTwoAgentsIsRefused) {
  MachineFunction *MF = parseLoop(Entry, TwoReaders, TwoReadersExit);
  ASSERT_NE(MF, nullptr);
  PartitionedLoop L;
  ASSERT_TRUE(partition(*MF, L));
  std::string Why = L.Partition->why();
  // The tile's ring: STS fills it, the MMA and the TMA store read it.
  const pipes::Pipe *Ring = nullptr;
  for (const pipes::Pipe &P : L.Sol.Pipes)
    if (P.Kind == pipes::PipeKind::Ring && P.Consumers.size() >= 2)
      Ring = &P;
  ASSERT_NE(Ring, nullptr);
  std::string Want = "the consumer side of pipe " + std::to_string(Ring->Id) +
                     " is issued by agents " + agentLabel(agentNamed("mma")) +
                     " and " + agentLabel(agentNamed("load"));
  EXPECT_NE(Why.find(Want), std::string::npos) << Why;
}

} // namespace
