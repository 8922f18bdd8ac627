//===- TimingTest.cpp - The measured timing descriptions' API -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas/Timing/Timing.h over the td's descriptions, against the numbers of
// td/TileASTimingB200.td worked through by hand.
//
//===----------------------------------------------------------------------===//

#include "tileas/Timing/Timing.h"

#include "llvm/Support/Error.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::timing;

namespace {

TEST(Timing, LookupByName) {
  EXPECT_TRUE(lookup("b200"));
  EXPECT_TRUE(lookup("h100"));
  EXPECT_FALSE(lookup("model"));
  EXPECT_FALSE(lookup("b300"));
  EXPECT_FALSE(llvm::errorToBool(checkName("model")));
  EXPECT_TRUE(llvm::errorToBool(checkName("b300")));
}

TEST(Timing, MmaByShape) {
  std::optional<Timing> T = lookup("b200");
  ASSERT_TRUE(T);
  EXPECT_TRUE(T->timesMma("MMA_TMEM_F16"));
  EXPECT_FALSE(T->timesMma("TMEM_LD"));
  std::optional<InstrTiming> M = T->mma("MMA_TMEM_F16", {128, 256, 16});
  ASSERT_TRUE(M);
  EXPECT_EQ(M->OnUnit, Unit::TensorCore);
  EXPECT_EQ(M->OccupancyX100, 12860u);
  EXPECT_EQ(M->Latency, 264u);
  EXPECT_FALSE(T->mma("MMA_TMEM_F16", {128, 96, 16}));
  // tcgen05.ld is timed off the tensor core: x4, 16 + 4 / 4 cycles.
  std::optional<InstrTiming> L = T->instr("TMEM_LD");
  ASSERT_TRUE(L);
  EXPECT_EQ(L->OnUnit, Unit::None);
  EXPECT_EQ(L->Latency, 17u);
  // Not listed: the slot model's numbers stay.
  EXPECT_FALSE(T->instr("TMEM_ST"));
}

// 8 KiB: 962, 16 KiB: 1178 (27 cycles per KiB between them, and along the
// nearest segment beyond): 12 KiB 1070, 4 KiB 854, 64 KiB 2474. A load
// occupies the share 165 cycles per KiB; 16 KiB queued ahead add 2640.
TEST(Timing, LoadLatencyByBytes) {
  std::optional<Timing> T = lookup("b200");
  ASSERT_TRUE(T);
  EXPECT_EQ(T->loadLatency("TMA_LOAD", 8192), 962u);
  EXPECT_EQ(T->loadLatency("TMA_LOAD", 16384), 1178u);
  EXPECT_EQ(T->loadLatency("TMA_LOAD", 12288), 1070u);
  EXPECT_EQ(T->loadLatency("TMA_LOAD", 4096), 854u);
  EXPECT_EQ(T->loadLatency("TMA_LOAD", 65536), 2474u);
  EXPECT_EQ(T->loadLatency("TMA_LOAD", 16384, 16384), 1178u + 2640u);
  EXPECT_EQ(T->transferOccupancyX100(16384), 264000u);
  EXPECT_FALSE(T->loadLatency("CP_ASYNC", 8192));
  std::optional<InstrTiming> L = T->load("TMA_LOAD", 8192);
  ASSERT_TRUE(L);
  EXPECT_EQ(L->OnUnit, Unit::FarMemory);
  EXPECT_EQ(L->Bytes, 8192u);
  EXPECT_NEAR(T->farMemoryBytesPerCycle(), 6.206, 0.001);
  EXPECT_EQ(T->smemBytesPerCycle(), 128u);
}

} // namespace
