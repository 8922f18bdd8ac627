//===- SplitMix64Test.cpp - The project's seeded random stream ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every seeded output of the project (random problems, tileas-loopgen's
// loops, the simulator's jitter, the priority tie-breaks) depends on these
// exact values: a change here changes them all.
//
//===----------------------------------------------------------------------===//

#include "tileas/Support/SplitMix64.h"

#include "gtest/gtest.h"

using namespace tileas;

namespace {

// The reference stream of Vigna's splitmix64.c for the seed 1234567.
TEST(SplitMix64Test, ReferenceStream) {
  SplitMix64 S(1234567);
  EXPECT_EQ(S.next(), 6457827717110365317ULL);
  EXPECT_EQ(S.next(), 3203168211198807973ULL);
  EXPECT_EQ(S.next(), 9817491932198370423ULL);
  EXPECT_EQ(S.next(), 4593380528125082431ULL);
  EXPECT_EQ(S.next(), 16408922859458223821ULL);
}

TEST(SplitMix64Test, FirstIsTheStreamsFirstValue) {
  for (uint64_t Seed : {0ULL, 1ULL, 7ULL, 0xffffffffffffffffULL}) {
    SplitMix64 S(Seed);
    EXPECT_EQ(SplitMix64::first(Seed), S.next());
  }
  EXPECT_EQ(SplitMix64::first(0), 0xe220a8397b1dcdafULL);
}

TEST(SplitMix64Test, MixIsTheStepWithoutTheWeylIncrement) {
  EXPECT_EQ(SplitMix64::mix(SplitMix64::Gamma), SplitMix64::first(0));
  EXPECT_EQ(SplitMix64::mix(0), 0u);
}

// Usable at compile time (constexpr), e.g. for fixed hash keys.
static_assert(SplitMix64::first(0) == 0xe220a8397b1dcdafULL,
              "SplitMix64 is constexpr");

} // namespace
