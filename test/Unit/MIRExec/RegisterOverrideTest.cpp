//===- RegisterOverrideTest.cpp - Registers a run sets itself -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/RegisterOverride.h"
#include "MIRExecTestUtil.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineInstr.h"

#include <climits>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

class RegisterOverrideTest : public MIRTest {
protected:
  void SetUp() override {
    MF = parse(oneBlock(R"(
      %s:gpr32 = MOVri 5
      %n:gpr32 = MOVri 100
      %m:gpr32 = ADDri %n, 1
    )"),
               "f");
    ASSERT_NE(MF, nullptr);
    S = virtualRegister(*MF, "s");
    N = virtualRegister(*MF, "n");
    M = virtualRegister(*MF, "m");
  }

  /// Applies Overrides at instruction Index with the values in Known.
  Error apply(unsigned Index, ArrayRef<RegisterOverride> Overrides) {
    return applyOverrides(
        instr(*MF, 0, Index), Overrides,
        [&](Register R) -> std::optional<int64_t> {
          auto It = Known.find(R);
          if (It == Known.end())
            return std::nullopt;
          return It->second;
        },
        [&](Register R, int64_t V) {
          Set.push_back({R, V});
        });
  }

  MachineFunction *MF = nullptr;
  Register S, N, M;
  DenseMap<Register, int64_t> Known;
  std::vector<std::pair<Register, int64_t>> Set;
};

TEST_F(RegisterOverrideTest, SetsOnlyWhereTheRegisterIsDefined) {
  RegisterOverride O{N, Register(), 16};
  ASSERT_FALSE(bool(apply(0, O)));
  EXPECT_TRUE(Set.empty());
  ASSERT_FALSE(bool(apply(1, O)));
  ASSERT_EQ(Set.size(), 1u);
  EXPECT_EQ(Set[0], std::make_pair(N, int64_t(16)));
}

TEST_F(RegisterOverrideTest, RelativeToItsBase) {
  Known[S] = 5;
  RegisterOverride O{N, S, -3};
  ASSERT_FALSE(bool(apply(1, O)));
  ASSERT_EQ(Set.size(), 1u);
  EXPECT_EQ(Set[0].second, 2);
  // The sum wraps around.
  Known[S] = INT64_MAX;
  Set.clear();
  ASSERT_FALSE(bool(apply(1, RegisterOverride{N, S, 1})));
  ASSERT_EQ(Set.size(), 1u);
  EXPECT_EQ(Set[0].second, INT64_MIN);
}

TEST_F(RegisterOverrideTest, EveryOverrideOfTheDefinition) {
  std::vector<RegisterOverride> Os = {
      {M, Register(), 7}, {N, Register(), 9}, {M, Register(), 8}};
  ASSERT_FALSE(bool(apply(2, Os)));
  ASSERT_EQ(Set.size(), 2u);
  EXPECT_EQ(Set[0], std::make_pair(M, int64_t(7)));
  EXPECT_EQ(Set[1], std::make_pair(M, int64_t(8)));
}

TEST_F(RegisterOverrideTest, ASeriesTakesItsNextValueEachTime) {
  RegisterOverride O{N, Register(), 3};
  O.Series = {3, 5};
  O.Loop = "kloop";
  std::vector<RegisterOverride> Os = {O};
  unsigned Uses[1] = {0};
  auto Apply = [&] {
    return applyOverrides(
        instr(*MF, 0, 1), Os, [](Register) { return std::optional<int64_t>(); },
        [&](Register R, int64_t V) {
          Set.push_back({R, V});
        },
        Uses);
  };
  ASSERT_FALSE(bool(Apply()));
  ASSERT_FALSE(bool(Apply()));
  ASSERT_EQ(Set.size(), 2u);
  EXPECT_EQ(Set[0], std::make_pair(N, int64_t(3)));
  EXPECT_EQ(Set[1], std::make_pair(N, int64_t(5)));
  Error E = Apply();
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "bb.0: %n:gpr32 = MOVri 100: loop 'kloop' is entered more often "
            "than its --trip-count list has trip counts (2): %n is set here "
            "for entry 3");
}

TEST_F(RegisterOverrideTest, BaseNotComputedYetNamesInstructionAndBase) {
  Error E = apply(1, RegisterOverride{N, S, 4});
  ASSERT_TRUE(bool(E));
  EXPECT_EQ(toString(std::move(E)),
            "bb.0: %n:gpr32 = MOVri 100: the trip count is set here from the "
            "loop's start %s, which is not computed yet");
  EXPECT_TRUE(Set.empty());
}

TEST_F(RegisterOverrideTest, AfterItsBaseWhenAtIsSet) {
  // %n is defined at 1; set after 2 instead, where %s is known.
  RegisterOverride O{N, S, 4, &instr(*MF, 0, 2)};
  ASSERT_FALSE(bool(apply(1, O)));
  EXPECT_TRUE(Set.empty());
  Known[S] = 10;
  ASSERT_FALSE(bool(apply(2, O)));
  ASSERT_EQ(Set.size(), 1u);
  EXPECT_EQ(Set[0], std::make_pair(N, int64_t(14)));
}

} // namespace
