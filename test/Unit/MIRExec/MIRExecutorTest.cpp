//===- MIRExecutorTest.cpp - The one walker of materialized MIR -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/MIRExecutor.h"
#include "MIRExecTestUtil.h"

#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

/// A materialized loop of $r0 iterations: a two-slot pipe whose producer
/// acquires slot k, fills it with the instruction after the acquire and
/// commits it through the TMA unit (performer 1), and whose consumer waits
/// for it and releases it.
const char *PipedLoop = R"(---
name: piped
tracksRegLiveness: true
liveins:
  - { reg: '$r0' }
body: |
  bb.0:
    successors: %bb.1
    liveins: $r0
    %n:gpr32 = COPY $r0
    %f:gpr32 = MOVri 0
    %acc:tmem = TMEM_ALLOC 128
    PIPE_CREATE 0, 2, 16384, 1, 2, 1, 0, %f, 1, 0, 0
  bb.1:
    successors: %bb.1, %bb.2
    %i:gpr32 = PHI %f, %bb.0, %next, %bb.1
    PIPE_PRODUCER_ACQUIRE 0, 2, %i
    %x:frag = TMEM_LD %acc
    PIPE_PRODUCER_COMMIT 0, 1, %i
    PIPE_CONSUMER_WAIT 0, 1, %i
    PIPE_CONSUMER_RELEASE 0, 2, %i
    %next:gpr32 = ADDri %i, 1
    %c:pred = SETPrr %next, %n, 2
    BR_P %c, %bb.1
    BRA %bb.2
  bb.2:
    RET
...
)";

/// Writes down everything the executor reports, one line each.
class Recorder : public MIRVisitor {
public:
  explicit Recorder(const MachineFunction &MF)
      : TII(*MF.getSubtarget().getInstrInfo()) {}

  Error enterBlock(const MachineBasicBlock &MBB, const MachineBasicBlock *Pred,
                   ArrayRef<PhiMove> Phis) override {
    Log.push_back(formatv("enter bb.{0} from {1}, {2} phi(s)", MBB.getNumber(),
                          Pred ? formatv("bb.{0}", Pred->getNumber()).str()
                               : std::string("nowhere"),
                          Phis.size()));
    return Error::success();
  }

  Error coordination(const MachineInstr &MI,
                     const CoordinationEvent &E) override {
    static const char *Names[] = {"create",  "acquire", "commit", "wait",
                                  "release", "lock",    "unlock", "slot"};
    std::string Line = Names[unsigned(E.Kind)];
    if (E.Kind == CoordinationKind::Create)
      Line += formatv(" pipe {0} depth {1} first {2} step {3}", E.Pipe->Id,
                      E.Pipe->Depth, E.Pipe->First, E.Pipe->Step);
    else if (E.Pipe)
      Line += formatv(" pipe {0} iteration {1} slot {2} phase {3} by {4}",
                      E.Pipe->Id, E.Iteration, E.Slot, E.Phase, E.Performer);
    Log.push_back(Line);
    return Error::success();
  }

  Error instruction(const MachineInstr &MI, const InstrEvent &E) override {
    std::string Line = TII.getName(MI.getOpcode()).str();
    if (E.Kind == InstrKind::Branch)
      Line += E.Taken ? " taken" : " not taken";
    if (E.Fills)
      Line += formatv(" fills pipe {0} iteration {1}", E.Fills->Pipe,
                      E.Fills->Iteration);
    Log.push_back(Line);
    return Error::success();
  }

  const TargetInstrInfo &TII;
  std::vector<std::string> Log;
};

class MIRExecutorTest : public MIRTest {};

std::vector<std::string> iteration(int K, bool Last) {
  unsigned Slot = K % 2, Phase = (K / 2) & 1;
  std::string At = formatv("iteration {0} slot {1} phase {2}", K, Slot, Phase);
  std::vector<std::string> Lines = {
      K == 0 ? "enter bb.1 from bb.0, 1 phi(s)"
             : "enter bb.1 from bb.1, 1 phi(s)",
      "acquire pipe 0 " + At + " by 0",
      formatv("TMEM_LD fills pipe 0 iteration {0}", K).str(),
      "commit pipe 0 " + At + " by 1",
      "wait pipe 0 " + At + " by 0",
      "release pipe 0 " + At + " by 0",
      "ADDri",
      "SETPrr",
      Last ? "BR_P not taken" : "BR_P taken"};
  if (Last)
    Lines.push_back("BRA taken");
  return Lines;
}

TEST_F(MIRExecutorTest, EventsOfAPipedLoopInOrder) {
  MachineFunction *MF = parse(PipedLoop, "piped");
  ASSERT_NE(MF, nullptr);
  std::pair<MCRegister, int64_t> LiveIns[] = {
      {*findRegister(*MF->getSubtarget().getRegisterInfo(), "r0"), 3}};
  MIRExecOptions Opts;
  Opts.LiveIns = LiveIns;
  MIRExecutor X(*MF, Opts);
  Recorder R(*MF);
  X.setVisitor(R);
  Expected<MIRExecutor::Status> S = X.run();
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EXPECT_EQ(*S, MIRExecutor::Status::Returned);

  std::vector<std::string> Want = {"enter bb.0 from nowhere, 0 phi(s)", "COPY",
                                   "MOVri", "TMEM_ALLOC",
                                   "create pipe 0 depth 2 first 0 step 1"};
  for (int K = 0; K != 3; ++K)
    for (std::string &Line : iteration(K, K == 2))
      Want.push_back(Line);
  Want.push_back("enter bb.2 from bb.1, 0 phi(s)");
  Want.push_back("RET");
  EXPECT_EQ(R.Log, Want);
  // 4 instructions before the loop, 8 in each iteration, BRA and RET.
  EXPECT_EQ(X.steps(), 4u + 3 * 8 + 2);
}

TEST_F(MIRExecutorTest, InductionValueOutsideThePipe) {
  // The pipe counts from 5 in steps of 2: 0 names no iteration of it.
  MachineFunction *MF = parse(oneBlock(R"(%zero:gpr32 = MOVri 0
    %five:gpr32 = MOVri 5
    PIPE_CREATE 0, 1, 0, 1, 2, 0, 0, %five, 2, 0, 0
    PIPE_PRODUCER_COMMIT 0, 1, %zero)"),
                              "f");
  ASSERT_NE(MF, nullptr);
  MIRExecOptions Opts;
  MIRExecutor X(*MF, Opts);
  Recorder R(*MF);
  X.setVisitor(R);
  Expected<MIRExecutor::Status> S = X.run();
  ASSERT_FALSE(bool(S));
  EXPECT_EQ(toString(S.takeError()),
            "bb.0: PIPE_PRODUCER_COMMIT 0, 1, %zero:gpr32: induction value 0 "
            "is not an iteration of pipe 0 (first 5, step 2)");
}

TEST_F(MIRExecutorTest, PausesBeforeTheFirstReaderAndCopiesResume) {
  // The run pauses before the ADDri that reads the warp index; each copy
  // of the paused run goes on with its own value.
  MachineFunction *MF = parse(oneBlock(R"(%w:gpr32 = WARP_IDX
    %zero:gpr32 = MOVri 0
    %v:gpr32 = ADDri %w, 1)"),
                              "f");
  ASSERT_NE(MF, nullptr);
  MIRExecOptions Opts;
  MIRExecutor X(*MF, Opts);
  Recorder R(*MF);
  X.setVisitor(R);
  Register W = virtualRegister(*MF, "w"), V = virtualRegister(*MF, "v");
  X.pauseBeforeReader(W);
  Expected<MIRExecutor::Status> S = X.run();
  ASSERT_TRUE(bool(S)) << toString(S.takeError());
  EXPECT_EQ(*S, MIRExecutor::Status::Paused);
  EXPECT_EQ(X.steps(), 2u);
  for (int64_t Warp : {0, 4}) {
    MIRExecutor Agent = X;
    Agent.setInt(W, Warp);
    S = Agent.run();
    ASSERT_TRUE(bool(S)) << toString(S.takeError());
    EXPECT_EQ(*S, MIRExecutor::Status::Returned);
    EXPECT_EQ(Agent.value(V).Int, Warp + 1);
  }
}

} // namespace

namespace {

TEST_F(MIRExecutorTest, PathWalkTakesTheEdgeItIsGiven) {
  // Walked bb.0, bb.1, bb.1, bb.2 (a path, whatever the branches say): each
  // entry into bb.1 reads the PHI's value for the edge it came by, and the
  // coordination is reported undecoded, as an instruction.
  MachineFunction *MF = parse(PipedLoop, "piped");
  ASSERT_NE(MF, nullptr);
  MIRExecOptions Opts;
  MIRExecutor X(*MF, Opts);
  Recorder R(*MF);
  X.setVisitor(R);
  Register I = virtualRegister(*MF, "i");
  std::vector<int64_t> Seen;
  for (unsigned B : {0u, 1u, 1u, 2u}) {
    ASSERT_FALSE(bool(X.runPathBlock(*MF->getBlockNumbered(B))));
    Seen.push_back(X.value(I).Int);
  }
  EXPECT_EQ(Seen, (std::vector<int64_t>{0, 0, 1, 1}));
  std::vector<std::string> Want = {"COPY", "MOVri", "TMEM_ALLOC",
                                   "PIPE_CREATE"};
  for (int K = 0; K != 2; ++K)
    for (const char *Name :
         {"PIPE_PRODUCER_ACQUIRE", "TMEM_LD", "PIPE_PRODUCER_COMMIT",
          "PIPE_CONSUMER_WAIT", "PIPE_CONSUMER_RELEASE", "ADDri", "SETPrr"})
      Want.push_back(Name);
  EXPECT_EQ(R.Log, Want);
}

} // namespace
