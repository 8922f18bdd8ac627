//===- ScalarSemanticsTest.cpp - Integer results of scalar TileAS ops -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/ScalarSemantics.h"
#include "MIRExecTestUtil.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineInstr.h"

#include <climits>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

class ScalarSemanticsTest : public MIRTest {
protected:
  /// Runs the block of oneBlock(Body) in order, evaluating each instruction
  /// with the values computed before it; returns the value each register
  /// got (nullopt for an instruction without a scalar result). Fails the test
  /// on an error.
  DenseMap<Register, std::optional<int64_t>> run(StringRef Body) {
    DenseMap<Register, std::optional<int64_t>> Got;
    MachineFunction *MF = parse(oneBlock(Body), "f");
    if (!MF)
      return Got;
    DenseMap<Register, int64_t> Ints;
    for (MachineInstr &MI : MF->front()) {
      if (MI.isReturn())
        break;
      Expected<std::optional<int64_t>> R = evaluateScalar(
          MI, [&](const MachineOperand &MO) -> Expected<int64_t> {
            if (MO.isImm())
              return MO.getImm();
            return Ints.lookup(MO.getReg());
          });
      if (!R) {
        ADD_FAILURE() << toString(R.takeError());
        return Got;
      }
      if (MI.getNumOperands() && MI.getOperand(0).isReg()) {
        Got[MI.getOperand(0).getReg()] = *R;
        if (*R)
          Ints[MI.getOperand(0).getReg()] = **R;
      }
    }
    return Got;
  }

  /// The value the named virtual register got in the last run.
  std::optional<int64_t> valueOf(StringRef Name) {
    Register R = virtualRegister(*Files.back().functions().front(), Name);
    EXPECT_TRUE(R.isValid()) << Name.str();
    return Last.lookup(R);
  }

  void runAndKeep(StringRef Body) { Last = run(Body); }

  DenseMap<Register, std::optional<int64_t>> Last;
};

TEST_F(ScalarSemanticsTest, MovesAndConversions) {
  runAndKeep(R"(
    %a:gpr32 = MOVri -7
    %b:gpr64 = MOV64ri 81985529216486895
    %c:gpr32 = MOV_R32 %a
    %d:gpr64 = MOV_R64 %b
    %e:gpr64 = CVT64_32 %a
    %p:pred = SETPri %a, 0, 2
    %q:pred = MOV_PR %p
  )");
  EXPECT_EQ(valueOf("a"), -7);
  EXPECT_EQ(valueOf("b"), 81985529216486895);
  EXPECT_EQ(valueOf("c"), -7);
  EXPECT_EQ(valueOf("d"), 81985529216486895);
  EXPECT_EQ(valueOf("e"), -7);
  EXPECT_EQ(valueOf("q"), 1);
}

TEST_F(ScalarSemanticsTest, ArithmeticRegisterAndImmediateForms) {
  runAndKeep(R"(
    %a:gpr32 = MOVri 12
    %b:gpr32 = MOVri 5
    %add:gpr32 = ADDrr %a, %b
    %addi:gpr32 = ADDri %a, -20
    %sub:gpr32 = SUBrr %a, %b
    %subi:gpr32 = SUBri %a, 13
    %mul:gpr32 = MULrr %a, %b
    %muli:gpr32 = MULri %a, -3
    %and:gpr32 = ANDrr %a, %b
    %andi:gpr32 = ANDri %a, 8
    %xor:gpr32 = XORrr %a, %b
    %xori:gpr32 = XORri %a, 15
    %shl:gpr32 = SHLrr %a, %b
    %shli:gpr32 = SHLri %a, 2
    %shr:gpr32 = SHRrr %a, %b
    %shri:gpr32 = SHRri %a, 2
    %w:gpr64 = MOV64ri 4096
    %add64:gpr64 = ADD64rr %w, %w
    %add64i:gpr64 = ADD64ri %w, -1
  )");
  EXPECT_EQ(valueOf("add"), 17);
  EXPECT_EQ(valueOf("addi"), -8);
  EXPECT_EQ(valueOf("sub"), 7);
  EXPECT_EQ(valueOf("subi"), -1);
  EXPECT_EQ(valueOf("mul"), 60);
  EXPECT_EQ(valueOf("muli"), -36);
  EXPECT_EQ(valueOf("and"), 4);
  EXPECT_EQ(valueOf("andi"), 8);
  EXPECT_EQ(valueOf("xor"), 9);
  EXPECT_EQ(valueOf("xori"), 3);
  EXPECT_EQ(valueOf("shl"), 384);
  EXPECT_EQ(valueOf("shli"), 48);
  EXPECT_EQ(valueOf("shr"), 0);
  EXPECT_EQ(valueOf("shri"), 3);
  EXPECT_EQ(valueOf("add64"), 8192);
  EXPECT_EQ(valueOf("add64i"), 4095);
}

TEST_F(ScalarSemanticsTest, ArithmeticWrapsAndShiftsMaskTheirCount) {
  runAndKeep(R"(
    %max:gpr64 = MOV64ri 9223372036854775807
    %wrap:gpr64 = ADD64ri %max, 1
    %neg:gpr32 = MOVri -64
    %sar:gpr32 = SHRri %neg, 3
    %one:gpr32 = MOVri 1
    %shl:gpr32 = SHLri %one, 65
    %big:gpr32 = SUBri %neg, 9223372036854775807
  )");
  EXPECT_EQ(valueOf("wrap"), INT64_MIN);
  // SHR is arithmetic: the sign stays.
  EXPECT_EQ(valueOf("sar"), -8);
  // The count is taken modulo 64.
  EXPECT_EQ(valueOf("shl"), 2);
  EXPECT_EQ(valueOf("big"), int64_t(uint64_t(-64) - uint64_t(INT64_MAX)));
}

TEST_F(ScalarSemanticsTest, ComparesOnEveryConditionCode) {
  // Condition codes: 0 EQ, 1 NE, 2 LT, 3 LE, 4 GT, 5 GE.
  runAndKeep(R"(
    %a:gpr32 = MOVri 3
    %b:gpr32 = MOVri 5
    %eq:pred = SETPrr %a, %b, 0
    %ne:pred = SETPrr %a, %b, 1
    %lt:pred = SETPrr %a, %b, 2
    %le:pred = SETPrr %a, %b, 3
    %gt:pred = SETPrr %a, %b, 4
    %ge:pred = SETPrr %a, %b, 5
    %eqi:pred = SETPri %a, 3, 0
    %nei:pred = SETPri %a, 3, 1
    %lti:pred = SETPri %a, 3, 2
    %lei:pred = SETPri %a, 3, 3
    %gti:pred = SETPri %a, -3, 4
    %gei:pred = SETPri %a, 4, 5
  )");
  EXPECT_EQ(valueOf("eq"), 0);
  EXPECT_EQ(valueOf("ne"), 1);
  EXPECT_EQ(valueOf("lt"), 1);
  EXPECT_EQ(valueOf("le"), 1);
  EXPECT_EQ(valueOf("gt"), 0);
  EXPECT_EQ(valueOf("ge"), 0);
  EXPECT_EQ(valueOf("eqi"), 1);
  EXPECT_EQ(valueOf("nei"), 0);
  EXPECT_EQ(valueOf("lti"), 0);
  EXPECT_EQ(valueOf("lei"), 1);
  EXPECT_EQ(valueOf("gti"), 1);
  EXPECT_EQ(valueOf("gei"), 0);
}

TEST_F(ScalarSemanticsTest, SelectFollowsItsPredicate) {
  runAndKeep(R"(
    %a:gpr32 = MOVri 10
    %b:gpr32 = MOVri 20
    %t:pred = SETPri %a, 10, 0
    %f:pred = SETPri %a, 10, 1
    %x:gpr32 = SELP %a, %b, %t
    %y:gpr32 = SELP %a, %b, %f
  )");
  EXPECT_EQ(valueOf("x"), 10);
  EXPECT_EQ(valueOf("y"), 20);
}

TEST_F(ScalarSemanticsTest, OtherInstructionsHaveNoScalarResult) {
  runAndKeep(R"(
    %a:gpr32 = MOVri 10
    %c:gpr32 = COPY %a
    %u:gpr32 = IMPLICIT_DEF
  )");
  EXPECT_EQ(valueOf("a"), 10);
  EXPECT_EQ(valueOf("c"), std::nullopt);
  EXPECT_EQ(valueOf("u"), std::nullopt);
}

TEST_F(ScalarSemanticsTest, UnknownConditionCodeIsAnError) {
  MachineFunction *MF = parse(oneBlock(R"(
    %a:gpr32 = MOVri 3
    %p:pred = SETPri %a, 3, 9
  )"),
                              "f");
  ASSERT_NE(MF, nullptr);
  Expected<std::optional<int64_t>> R =
      evaluateScalar(instr(*MF, 0, 1), [](const MachineOperand &MO) {
        return Expected<int64_t>(MO.isImm() ? MO.getImm() : 0);
      });
  ASSERT_FALSE(bool(R));
  EXPECT_EQ(toString(R.takeError()), "condition code 9 is not one TileAS has");
}

TEST_F(ScalarSemanticsTest, OperandErrorsPassThrough) {
  MachineFunction *MF = parse(oneBlock(R"(
    %a:gpr32 = MOVri 3
    %b:gpr32 = ADDri %a, 1
    %p:pred = SETPri %a, 3, 0
    %c:gpr32 = SELP %a, %b, %p
  )"),
                              "f");
  ASSERT_NE(MF, nullptr);
  auto NoRegisters = [](const MachineOperand &MO) -> Expected<int64_t> {
    if (MO.isImm())
      return MO.getImm();
    return createStringError(inconvertibleErrorCode(), "no value");
  };
  for (unsigned I : {1u, 2u, 3u}) {
    Expected<std::optional<int64_t>> R =
        evaluateScalar(instr(*MF, 0, I), NoRegisters);
    ASSERT_FALSE(bool(R)) << I;
    EXPECT_EQ(toString(R.takeError()), "no value");
  }
  // A move of an immediate reads no register.
  Expected<std::optional<int64_t>> R =
      evaluateScalar(instr(*MF, 0, 0), NoRegisters);
  ASSERT_TRUE(bool(R));
  EXPECT_EQ(*R, 3);
}

} // namespace
