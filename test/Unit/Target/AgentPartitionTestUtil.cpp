//===- AgentPartitionTestUtil.cpp - Partitioned loops for tests -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "Materialize/TileASCoordination.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "TileASOptions.h"

#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

/// The unit tests use the Blackwell machine explicitly.
static const tileas::model::Machine &blackwellModel() {
  return tileas::model::machine("blackwell");
}

namespace tileas {
namespace test {

void AgentPartitionTest::SetUpTestSuite() {
  const char *Args[] = {"AgentPartitionTests",
                        "-tileas-pipeline-strategy=warp-specialized"};
  cl::ParseCommandLineOptions(2, Args);
}

unsigned AgentPartitionTest::agentNamed(StringRef Name) {
  ArrayRef<model::AgentRecord> Agents = blackwellModel().agents();
  for (unsigned I = 0; I < Agents.size(); ++I)
    if (Name == Agents[I].Name)
      return I + 1;
  ADD_FAILURE() << "the td has no agent " << Name.str();
  return 0;
}

std::string AgentPartitionTest::agentLabel(unsigned Agent) {
  return formatv("{0} ({1})", Agent, blackwellModel().agents()[Agent - 1].Name)
      .str();
}

MachineFunction *AgentPartitionTest::parseLoop(StringRef Entry, StringRef Loop,
                                               StringRef Exit) {
  std::string Text = "---\nname: f\ntracksRegLiveness: true\nbody: |\n";
  auto Block = [&](StringRef Header, StringRef Body) {
    Text += "  " + Header.str() + "\n";
    SmallVector<StringRef, 16> Lines;
    Body.split(Lines, '\n', -1, /*KeepEmpty=*/false);
    for (StringRef Line : Lines)
      Text += "    " + Line.trim().str() + "\n";
  };
  Block("bb.0:", Entry);
  Block("bb.1:", Loop);
  Block("bb.2:", Exit);
  Text += "    RET\n...\n";
  return parse(Text, "f");
}

bool AgentPartitionTest::partition(MachineFunction &MF, PartitionedLoop &L,
                                   bool SpecializedSolve, unsigned LoopBlock) {
  MachineBasicBlock &Loop = *MF.getBlockNumbered(LoopBlock);
  Expected<TileASLoopProblem> LP =
      TileASLoopProblem::build(Loop, tileasReservedBarriers());
  if (!LP) {
    ADD_FAILURE() << toString(LP.takeError());
    return false;
  }
  if (!LP->Unsupported.empty()) {
    ADD_FAILURE() << LP->Unsupported;
    return false;
  }
  ScheduleResult R = scheduleLoop(LP->Problem, SchedulerOptions());
  if (!R.Success) {
    ADD_FAILURE() << "the loop was not scheduled";
    return false;
  }
  L.S.Loop = &Loop;
  L.S.Instrs = LP->Instrs;
  L.S.Placement = instructionPlacements(*LP, R.Sched);
  L.S.II = R.Sched.II;
  L.S.StageCount = R.Sched.StageCount;
  L.S.Bounds = R.Sched.Bounds;
  L.S.Refined = R.Sched.Refined;
  L.S.Flags = R.Sched.Flags;
  L.Deps.assign(LP->Problem.dependences().begin(),
                LP->Problem.dependences().end());
  std::string NotCounted;
  L.Counted = TileASCountedLoop::analyze(Loop, &NotCounted);
  if (!L.Counted) {
    ADD_FAILURE() << "not a counted loop: " << NotCounted;
    return false;
  }
  TileASCoordinationBuilder Coord(L.S,
                                  TileASPipelinerOptions::fromCommandLine());
  Expected<pipes::SolveResult> Sol = Coord.solve(0, SpecializedSolve);
  if (!Sol) {
    ADD_FAILURE() << toString(Sol.takeError());
    return false;
  }
  L.Sol = std::move(*Sol);
  L.Partition.emplace(
      TileASAgentPartition::analyze(L.S, *L.Counted, L.Sol, L.Deps));
  return true;
}

unsigned AgentPartitionTest::opDefining(const PartitionedLoop &L,
                                        StringRef Name) {
  const MachineRegisterInfo &MRI = L.S.Loop->getParent()->getRegInfo();
  for (unsigned I = 0; I < L.S.Instrs.size(); ++I)
    for (const MachineOperand &Def : L.S.Instrs[I]->all_defs())
      if (MRI.getVRegName(Def.getReg()) == Name)
        return I;
  ADD_FAILURE() << "no scheduled instruction defines %" << Name.str();
  return 0;
}

const MachineInstr *AgentPartitionTest::defOf(const MachineFunction &MF,
                                              StringRef Name) {
  Register R = virtualRegister(MF, Name);
  const MachineInstr *MI = R ? MF.getRegInfo().getVRegDef(R) : nullptr;
  EXPECT_NE(MI, nullptr) << "no definition of %" << Name.str();
  return MI;
}

} // namespace test
} // namespace tileas
