//===- CoordinationOperandsTest.cpp - Coordination operands by td name ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Builds every coordination instruction of td/TileASCoordination.td the way
// the target builds it (BuildMI, operands by position, in the order of
// Materialize/TileASCoordination.cpp and WarpSpecialize/TileASWarpSpecialize
// .cpp) and reads each operand back by its td name. When td moves, adds or
// renames an operand, this fails: the builders' order must follow it (the
// readers, by name, follow on their own).
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/CoordinationOperands.h"
#include "MIRExecTestUtil.h"
#include "TileASRegisterInfo.h"

#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <vector>

using namespace llvm;
using namespace tileas;
using namespace tileas::test;
using TileAS::OpName;

namespace {

/// One operand as a builder adds it: an immediate, or the iteration
/// register (the loop's induction value, $iter and $first).
struct BuiltOperand {
  OpName Name;
  int64_t Imm = 0;
  bool IsIteration = false;
};

BuiltOperand imm(OpName Name, int64_t Value) { return {Name, Value, false}; }
BuiltOperand iteration(OpName Name) { return {Name, 0, true}; }

/// An instruction as the target builds it: its result register class, if
/// it has one ($d), and its operands in the builder's order. The values
/// are all distinct, so that two swapped operands cannot read back right.
struct Built {
  const char *Opcode;
  unsigned Opc;
  const TargetRegisterClass *Result;
  std::vector<BuiltOperand> Operands;
};

std::vector<Built> coordinationInstructions() {
  return {
      {"PIPE_CREATE",
       TileAS::PIPE_CREATE,
       nullptr,
       {imm(OpName::pipe, 3), imm(OpName::depth, 4), imm(OpName::bytes, 4096),
        imm(OpName::full, 5), imm(OpName::empty, 6), imm(OpName::producer, 8),
        imm(OpName::consumer, 9), iteration(OpName::first),
        imm(OpName::step, 7), imm(OpName::pagent, 10),
        imm(OpName::cagent, 11)}},
      {"PIPE_PRODUCER_ACQUIRE",
       TileAS::PIPE_PRODUCER_ACQUIRE,
       nullptr,
       {imm(OpName::pipe, 21), imm(OpName::bar, 22), iteration(OpName::iter)}},
      {"PIPE_PRODUCER_COMMIT",
       TileAS::PIPE_PRODUCER_COMMIT,
       nullptr,
       {imm(OpName::pipe, 23), imm(OpName::bar, 24), iteration(OpName::iter)}},
      {"PIPE_CONSUMER_WAIT",
       TileAS::PIPE_CONSUMER_WAIT,
       nullptr,
       {imm(OpName::pipe, 25), imm(OpName::bar, 26), iteration(OpName::iter)}},
      {"PIPE_CONSUMER_RELEASE",
       TileAS::PIPE_CONSUMER_RELEASE,
       nullptr,
       {imm(OpName::pipe, 27), imm(OpName::bar, 28), iteration(OpName::iter)}},
      {"MUTEX_LOCK",
       TileAS::MUTEX_LOCK,
       nullptr,
       {imm(OpName::bar, 14), imm(OpName::side, 1)}},
      {"MUTEX_UNLOCK",
       TileAS::MUTEX_UNLOCK,
       nullptr,
       {imm(OpName::bar, 15), imm(OpName::agent, 16)}},
      {"AGENT_SWITCH",
       TileAS::AGENT_SWITCH,
       nullptr,
       {imm(OpName::agent, 2), imm(OpName::warps, 4), imm(OpName::regs, 232),
        imm(OpName::dir, 1), imm(OpName::first, 8)}},
      {"PIPE_TILE",
       TileAS::PIPE_TILE,
       &TileAS::TILERegClass,
       {imm(OpName::pipe, 12), iteration(OpName::iter),
        imm(OpName::member, 13)}},
      {"PIPE_TMEM",
       TileAS::PIPE_TMEM,
       &TileAS::TMEMRegClass,
       {imm(OpName::pipe, 17), iteration(OpName::iter),
        imm(OpName::member, 18)}},
  };
}

class CoordinationOperandsTest : public MIRTest {
protected:
  void SetUp() override {
    MF = parse(oneBlock("%it:gpr32 = MOVri 0"), "f");
    ASSERT_NE(MF, nullptr);
    Iteration = virtualRegister(*MF, "it");
    ASSERT_TRUE(Iteration.isValid());
  }

  /// B built before the block's RET, the way the target's builders do.
  MachineInstr &build(const Built &B) {
    MachineBasicBlock &MBB = *MF->getBlockNumbered(0);
    const TargetInstrInfo &TII = *MF->getSubtarget().getInstrInfo();
    MachineInstrBuilder MIB =
        B.Result
            ? BuildMI(MBB, MBB.getFirstTerminator(), DebugLoc(), TII.get(B.Opc),
                      MF->getRegInfo().createVirtualRegister(B.Result))
            : BuildMI(MBB, MBB.getFirstTerminator(), DebugLoc(),
                      TII.get(B.Opc));
    for (const BuiltOperand &Op : B.Operands)
      Op.IsIteration ? MIB.addReg(Iteration) : MIB.addImm(Op.Imm);
    return *MIB.getInstr();
  }

  MachineInstr &build(unsigned Opc) {
    for (const Built &B : coordinationInstructions())
      if (B.Opc == Opc)
        return build(B);
    llvm_unreachable("not a coordination instruction of the table");
  }

  MachineFunction *MF = nullptr;
  Register Iteration;
};

TEST_F(CoordinationOperandsTest, EveryOperandReadsBackByItsName) {
  for (const Built &B : coordinationInstructions()) {
    SCOPED_TRACE(B.Opcode);
    MachineInstr &MI = build(B);
    // As many operands as td gives it: a new one needs its builder too.
    unsigned Defs = B.Result ? 1 : 0;
    ASSERT_EQ(MI.getNumExplicitOperands(), Defs + B.Operands.size());
    for (unsigned I = 0; I != B.Operands.size(); ++I) {
      const BuiltOperand &Op = B.Operands[I];
      SCOPED_TRACE("operand " + std::to_string(I));
      EXPECT_EQ(namedOperandIndex(MI, Op.Name), Defs + I);
      const MachineOperand &MO = namedOperand(MI, Op.Name);
      if (Op.IsIteration) {
        ASSERT_TRUE(MO.isReg());
        EXPECT_EQ(MO.getReg(), Iteration);
        EXPECT_EQ(namedImmIfAny(MI, Op.Name), std::nullopt);
        continue;
      }
      ASSERT_TRUE(MO.isImm());
      EXPECT_EQ(MO.getImm(), Op.Imm);
      EXPECT_EQ(namedImmIfAny(MI, Op.Name), Op.Imm);
      Expected<int64_t> Imm = namedImm(MI, Op.Name);
      ASSERT_TRUE(bool(Imm)) << toString(Imm.takeError());
      EXPECT_EQ(*Imm, Op.Imm);
    }
  }
}

// The tools read a slot read's result as its operand 0 (LLVM puts explicit
// definitions first); td names it $d.
TEST_F(CoordinationOperandsTest, SlotReadsDefineTheirResultFirst) {
  for (unsigned Opc :
       {unsigned(TileAS::PIPE_TILE), unsigned(TileAS::PIPE_TMEM)}) {
    MachineInstr &MI = build(Opc);
    EXPECT_EQ(namedOperandIndex(MI, OpName::d), 0u);
    EXPECT_TRUE(namedOperand(MI, OpName::d).isReg());
    EXPECT_TRUE(namedOperand(MI, OpName::d).isDef());
  }
}

TEST_F(CoordinationOperandsTest, RegisterOperandIsNoImmediate) {
  MachineInstr &Create = build(TileAS::PIPE_CREATE);
  Expected<int64_t> First = namedImm(Create, OpName::first);
  ASSERT_FALSE(bool(First));
  EXPECT_NE(toString(First.takeError()).find("not an immediate"),
            std::string::npos);
}

TEST_F(CoordinationOperandsTest, MissingOperandIsNone) {
  MachineInstr &Switch = build(TileAS::AGENT_SWITCH);
  EXPECT_EQ(namedImmIfAny(Switch, OpName::pipe), std::nullopt);
  MachineInstr &Lock = build(TileAS::MUTEX_LOCK);
  EXPECT_EQ(namedImmIfAny(Lock, OpName::agent), std::nullopt);
}

// The self-check's fault injection rewrites operands through the same names.
TEST_F(CoordinationOperandsTest, RewritesTheNamedOperand) {
  MachineInstr &Lock = build(TileAS::MUTEX_LOCK);
  namedOperand(Lock, OpName::side).setImm(0);
  EXPECT_EQ(namedImmIfAny(Lock, OpName::side), 0);
  EXPECT_EQ(namedImmIfAny(Lock, OpName::bar), 14);
}

TEST_F(CoordinationOperandsTest, DecodesPipeCreate) {
  MachineInstr &Create = build(TileAS::PIPE_CREATE);
  Expected<PipeDecl> D = decodePipeCreate(Create, /*First=*/40);
  ASSERT_TRUE(bool(D)) << toString(D.takeError());
  EXPECT_EQ(D->Id, 3u);
  EXPECT_EQ(D->Depth, 4u);
  EXPECT_EQ(D->Bytes, 4096);
  EXPECT_EQ(D->Full, 5);
  EXPECT_EQ(D->Empty, 6);
  EXPECT_EQ(D->Producer, 8u);
  EXPECT_EQ(D->Consumer, 9u);
  EXPECT_EQ(D->First, 40);
  EXPECT_EQ(D->Step, 7);
  EXPECT_EQ(D->ProducerIssuer, 10u);
  EXPECT_EQ(D->ConsumerIssuer, 11u);
  EXPECT_EQ(D->Block, MF->getBlockNumbered(0));
}

} // namespace
