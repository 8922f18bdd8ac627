//===- SharedArenaTest.cpp - Placing the kernel's shared objects ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/SharedArena.h"
#include "PTXTestUtil.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <random>

using namespace llvm;
using namespace tileas::ptx;
using namespace tileas::ptx::test;

namespace {

/// gemm_sm100.ptx's arena: a 4-slot ring of A + B (32 KiB), an accumulator
/// barrier and the TMEM word.
ArenaRequest gemmRequest() {
  ArenaRequest R;
  R.Rings.push_back({"ab", 32768, 4});
  R.Buffers.push_back({"accbar", 8, 8});
  R.TmemAddressWord = true;
  return R;
}

/// Checks what every layout must satisfy: each object at its alignment,
/// ring slots and mbarriers at theirs, no two objects overlapping, the
/// total covering all.
void checkWellFormed(const ArenaLayout &L) {
  std::vector<std::pair<uint64_t, uint64_t>> Extents;
  for (const ArenaObject &O : L.objects()) {
    EXPECT_EQ(O.Offset % O.Align, 0u) << O.Name;
    for (unsigned I = 0; I < O.Count; ++I) {
      uint64_t At = O.elementOffset(I);
      if (O.Kind == ArenaObjectKind::RingSlots) {
        EXPECT_EQ(At % 1024, 0u) << O.Name << " slot " << I;
      }
      if (O.Kind == ArenaObjectKind::FullBarriers ||
          O.Kind == ArenaObjectKind::EmptyBarriers) {
        EXPECT_EQ(At % 8, 0u) << O.Name << " barrier " << I;
      }
      Extents.push_back({At, At + O.ElementBytes});
    }
    EXPECT_LE(O.end(), L.totalBytes()) << O.Name;
  }
  std::sort(Extents.begin(), Extents.end());
  for (size_t I = 1; I < Extents.size(); ++I)
    EXPECT_LE(Extents[I - 1].second, Extents[I].first)
        << "overlap at " << Extents[I].first;
  EXPECT_LE(L.totalBytes(), L.capacity());
}

TEST(SharedArena, GemmLayout) {
  ArenaLayout L = valueOf(layoutSharedArena(gemmRequest()));
  checkWellFormed(L);
  // The ring's slots, then the 8-byte objects: buffers before mbarriers.
  for (unsigned S = 0; S < 4; ++S) {
    EXPECT_EQ(L.slotOffset(0, S), 32768u * S);
    EXPECT_EQ(L.fullBarrierOffset(0, S), 131072u + 8 + 8 * S);
    EXPECT_EQ(L.emptyBarrierOffset(0, S), 131072u + 40 + 8 * S);
  }
  EXPECT_EQ(L.bufferOffset(0), 131072u);
  EXPECT_EQ(L.tmemAddressOffset(), 131072u + 72);
  EXPECT_EQ(L.totalBytes(), 131072u + 76);
  EXPECT_EQ(L.listing(),
            "shared arena: 131148 of 232448 bytes, .align 1024\n"
            "  0x00000  ring ab: 4 slots x 32768 B, stride 32768 (131072 B)\n"
            "  0x20000  buffer accbar: 8 B, align 8\n"
            "  0x20008  mbarriers ab.full: 4 x 8 B\n"
            "  0x20028  mbarriers ab.empty: 4 x 8 B\n"
            "  0x20048  tmem_addr: 4 B (tcgen05.alloc's destination)\n");
}

TEST(SharedArena, SlotsRoundUpToTheSwizzleRepeat) {
  ArenaRequest R;
  R.Rings.push_back({"odd", 1000, 3});
  R.Rings.push_back({"big", 17000, 2});
  R.Buffers.push_back({"scratch", 4096, 128});
  R.Buffers.push_back({"staging", 2048, 1024});
  ArenaLayout L = valueOf(layoutSharedArena(R));
  checkWellFormed(L);
  // Every ring slot, then the 1024-aligned buffer, then the 128-aligned
  // one, then the barriers.
  EXPECT_EQ(L.slotOffset(0, 0), 0u);
  EXPECT_EQ(L.slotOffset(0, 2), 2048u);
  EXPECT_EQ(L.slotOffset(1, 0), 3072u);
  EXPECT_EQ(L.slotOffset(1, 1), 3072u + 17408);
  EXPECT_EQ(L.bufferOffset(1), 3072u + 17408 + 17408);
  EXPECT_EQ(L.bufferOffset(0), L.bufferOffset(1) + 2048);
  EXPECT_EQ(L.fullBarrierOffset(0, 0), L.bufferOffset(0) + 4096);
  EXPECT_EQ(L.emptyBarrierOffset(1, 1), L.fullBarrierOffset(0, 0) + 9 * 8);
}

// The same request always gives the same layout, and the layout does not
// depend on anything but the request (no addresses, no hashing).
TEST(SharedArena, Deterministic) {
  std::mt19937 Rng(26);
  for (unsigned Trial = 0; Trial < 200; ++Trial) {
    ArenaRequest R;
    R.Capacity = uint64_t(1) << 30;
    unsigned Rings = Rng() % 5;
    for (unsigned I = 0; I < Rings; ++I)
      R.Rings.push_back({"r" + std::to_string(I), uint64_t(16 + Rng() % 40000),
                         unsigned(1 + Rng() % 8)});
    unsigned Buffers = Rng() % 4;
    for (unsigned I = 0; I < Buffers; ++I)
      R.Buffers.push_back({"b" + std::to_string(I), uint64_t(1 + Rng() % 5000),
                           uint64_t(1) << (Rng() % 11)});
    R.TmemAddressWord = Rng() % 2;
    ArenaLayout A = valueOf(layoutSharedArena(R));
    ArenaLayout B = valueOf(layoutSharedArena(R));
    checkWellFormed(A);
    EXPECT_EQ(A.listing(), B.listing());
    EXPECT_EQ(A.totalBytes(), B.totalBytes());
  }
}

TEST(SharedArena, CapacityRefusalNamesTheLargest) {
  ArenaRequest R;
  R.Rings.push_back({"q", 16384, 6});
  R.Rings.push_back({"kv", 32768, 5});
  R.Buffers.push_back({"out", 16384, 1024});
  R.TmemAddressWord = true;
  EXPECT_EQ(errorOf(layoutSharedArena(R)),
            "shared arena needs 278708 bytes, over the capacity of 232448; "
            "largest: ring kv (163840 B), ring q (98304 B), buffer out "
            "(16384 B)");
  // The same at exactly the capacity fits.
  R.Capacity = 278708;
  checkWellFormed(valueOf(layoutSharedArena(R)));
  R.Capacity = 278707;
  EXPECT_FALSE(errorOf(layoutSharedArena(R)).empty());
}

// A drain or a consumer-only pipe holds no tiles: its ring is barriers.
TEST(SharedArena, RingOfNoBytesIsItsBarriers) {
  ArenaRequest R;
  R.Rings.push_back({"drain", 0, 2});
  ArenaLayout L = valueOf(layoutSharedArena(R));
  checkWellFormed(L);
  EXPECT_EQ(L.totalBytes(), 4 * MBarrierBytes);
  EXPECT_EQ(L.emptyBarrierOffset(0, 1) - L.emptyBarrierOffset(0, 0),
            MBarrierBytes);
  for (const ArenaObject &O : L.objects())
    EXPECT_NE(O.Kind, ArenaObjectKind::RingSlots) << O.Name;
}

TEST(SharedArena, FieldRefusals) {
  auto Refusal = [](ArenaRequest R) { return errorOf(layoutSharedArena(R)); };
  ArenaRequest R = gemmRequest();
  R.Rings[0].Depth = 0;
  EXPECT_EQ(Refusal(R), "shared arena: ring 'ab' has depth 0");
  R = gemmRequest();
  R.Rings[0].SlotBytes = uint64_t(1) << 40;
  EXPECT_EQ(Refusal(R), "shared arena: ring 'ab' of 4 slots x 1099511627776 "
                        "bytes is beyond any shared memory");
  R = gemmRequest();
  R.Rings[0].Name = "";
  EXPECT_EQ(Refusal(R), "shared arena: ring 0 has no name");
  R = gemmRequest();
  R.Buffers[0].Name = "ab";
  EXPECT_EQ(Refusal(R), "shared arena: buffer 0 reuses the name 'ab'");
  R = gemmRequest();
  R.Buffers[0].Align = 24;
  EXPECT_EQ(Refusal(R), "shared arena: buffer 'accbar' has alignment 24 (a "
                        "power of two up to 1024)");
  R.Buffers[0].Align = 2048;
  EXPECT_EQ(Refusal(R), "shared arena: buffer 'accbar' has alignment 2048 (a "
                        "power of two up to 1024)");
  R = gemmRequest();
  R.Buffers[0].Bytes = 0;
  EXPECT_EQ(Refusal(R), "shared arena: buffer 'accbar' has bytes 0");
  R = gemmRequest();
  R.Capacity = 0;
  EXPECT_EQ(Refusal(R), "shared arena: capacity 0");
}

TEST(SharedArena, EmptyRequest) {
  ArenaLayout L = valueOf(layoutSharedArena(ArenaRequest()));
  EXPECT_EQ(L.totalBytes(), 0u);
  EXPECT_TRUE(L.objects().empty());
  EXPECT_EQ(L.listing(), "shared arena: 0 of 232448 bytes, .align 1024\n");
}

} // namespace
