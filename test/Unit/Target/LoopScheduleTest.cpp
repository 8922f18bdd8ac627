//===- LoopScheduleTest.cpp - The schedule handed to materialization ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The value tileas-generate-schedule hands to tileas-materialize-schedule
// (TileASLoopSchedule): what generation puts in it for a loop written in
// MIR, that the MIR annotation loader builds the same value from the
// annotation generation writes, and that the coordination solve it carries
// is the one materialization would make.
//
//===----------------------------------------------------------------------===//

#include "AgentPartitionTestUtil.h"
#include "Materialize/TileASCoordination.h"
#include "Pipeliner/TileASAnnotatedSchedule.h"
#include "Pipeliner/TileASGenerateSchedule.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "TileASOptions.h"

#include "tileas/Sched/Scheduler.h"

#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetOpcodes.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include "gtest/gtest.h"

using namespace llvm;
using namespace tileas;
using namespace tileas::test;

namespace {

constexpr const char *Entry = R"(
  successors: %bb.1
  %desc_a:gpr64 = MOV64ri 0
  %desc_b:gpr64 = MOV64ri 4096
  %out:gpr64 = MOV64ri 12288
  %ktiles:gpr32 = MOVri 8
  %zero:gpr32 = MOVri 0
  %acc0:tmem = TMEM_ALLOC 128
)";

// A GEMM step: two TMA tiles into an MMA accumulating in tensor memory.
constexpr const char *Gemm = R"(
  successors: %bb.1, %bb.2
  %k:gpr32 = PHI %zero, %bb.0, %k_next, %bb.1
  %acc:tmem = PHI %acc0, %bb.0, %acc1, %bb.1
  %kx:gpr32 = SHLri %k, 6
  %a:tile = TMA_LOAD %desc_a, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %b:tile = TMA_LOAD %desc_b, %kx, %zero, 16384 :: (load (s128), addrspace 1)
  %acc1:tmem = MMA_TMEM %acc, %a, %b, 0, 65536
  %k_next:gpr32 = ADDri %k, 1
  %more:pred = SETPrr %k_next, %ktiles, 2
  BR_P %more, %bb.1
  BRA %bb.2
)";

constexpr const char *Exit = R"(
  %r:frag = TMEM_LD %acc1
  STG_F %r, %out, 0 :: (store (s128), addrspace 1)
)";

class LoopScheduleTest : public AgentPartitionTest {
protected:
  /// The options the fixture's command line gives (warp-specialized), with
  /// Strategy instead.
  static TileASPipelinerOptions options(TileASPipelineStrategy Strategy) {
    TileASPipelinerOptions Opts = TileASPipelinerOptions::fromCommandLine();
    Opts.Strategy = Strategy;
    return Opts;
  }

  /// What generation hands over for bb.1 of MF: scheduled, its strategy
  /// chosen, its coordination solved.
  std::optional<TileASLoopSchedule>
  generate(MachineFunction &MF, const TileASPipelinerOptions &Opts) {
    MachineBasicBlock &Loop = *MF.getBlockNumbered(1);
    Expected<TileASLoopProblem> LP = TileASLoopProblem::build(Loop, Opts);
    if (!LP) {
      ADD_FAILURE() << toString(LP.takeError());
      return std::nullopt;
    }
    std::optional<TileASCountedLoop> Counted = TileASCountedLoop::analyze(Loop);
    if (!Counted) {
      ADD_FAILURE() << "not a counted loop";
      return std::nullopt;
    }
    SchedulerOptions SchedOpts;
    TileASStrategyChoice Choice = chooseStrategy(
        LP->Problem, scheduleLoop(LP->Problem, SchedOpts), SchedOpts);
    if (!Choice.Result.Success) {
      ADD_FAILURE() << "the loop was not scheduled";
      return std::nullopt;
    }
    TileASLoopSchedule S =
        makeLoopSchedule(std::move(*LP), *Counted, std::move(Choice), Opts);
    solveHandoffCoordination(S, Opts);
    return S;
  }
};

TEST_F(LoopScheduleTest, GenerationHandsOverWhatMaterializationNeeds) {
  MachineFunction *MF = parseLoop(Entry, Gemm, Exit);
  ASSERT_NE(MF, nullptr);
  MachineBasicBlock &Loop = *MF->getBlockNumbered(1);
  std::optional<TileASLoopSchedule> S =
      generate(*MF, options(TileASPipelineStrategy::WarpSpecialized));
  ASSERT_TRUE(S);

  EXPECT_EQ(S->Loop, &Loop);
  EXPECT_TRUE(S->matchesBlock());
  EXPECT_EQ(S->Form, TileASLoopForm::WarpSpecialized);
  EXPECT_TRUE(S->FormReason.empty());
  EXPECT_FALSE(S->Annotated);

  // The problem handed over is the loop's: its dependences are those a
  // fresh build finds.
  ASSERT_TRUE(S->Problem);
  Expected<TileASLoopProblem> Fresh = TileASLoopProblem::build(Loop, -1);
  ASSERT_TRUE(bool(Fresh)) << toString(Fresh.takeError());
  ASSERT_EQ(S->Problem->Problem.dependences().size(),
            Fresh->Problem.dependences().size());
  EXPECT_EQ(S->Problem->Instrs, Fresh->Instrs);

  // The counted loop control.
  ASSERT_TRUE(S->Counted);
  EXPECT_EQ(S->Counted->Loop, &Loop);
  EXPECT_EQ(S->Counted->Exit, MF->getBlockNumbered(2));
  EXPECT_EQ(S->Counted->Step, 1);

  // Both solves a warp-specialized loop may need, pipes numbered from 0.
  ASSERT_TRUE(S->Coordination);
  ASSERT_TRUE(S->Coordination->Result);
  EXPECT_TRUE(S->Coordination->In.WarpSpecialized);
  EXPECT_EQ(S->Coordination->In.FirstPipeId, 0u);
  ASSERT_TRUE(S->UnspecializedCoordination);
  ASSERT_TRUE(S->UnspecializedCoordination->Result);
  EXPECT_FALSE(S->UnspecializedCoordination->In.WarpSpecialized);
  EXPECT_EQ(S->UnspecializedCoordination->In.RingSlack, 0u);
}

TEST_F(LoopScheduleTest, UnspecializedLoopCarriesOneSolve) {
  MachineFunction *MF = parseLoop(Entry, Gemm, Exit);
  ASSERT_NE(MF, nullptr);
  std::optional<TileASLoopSchedule> S =
      generate(*MF, options(TileASPipelineStrategy::Unspecialized));
  ASSERT_TRUE(S);
  EXPECT_EQ(S->Form, TileASLoopForm::Unspecialized);
  ASSERT_TRUE(S->Coordination);
  EXPECT_FALSE(S->Coordination->In.WarpSpecialized);
  EXPECT_FALSE(S->UnspecializedCoordination);
}

TEST_F(LoopScheduleTest, AnnotationLoadsTheValueGenerationMade) {
  MachineFunction *MF = parseLoop(Entry, Gemm, Exit);
  ASSERT_NE(MF, nullptr);
  TileASPipelinerOptions Opts =
      options(TileASPipelineStrategy::WarpSpecialized);
  std::optional<TileASLoopSchedule> G = generate(*MF, Opts);
  ASSERT_TRUE(G);
  TileASLoopSchedule A = loadAnnotatedSchedule(*MF, annotationOf(*G), Opts);

  EXPECT_TRUE(A.Stale.empty()) << A.Stale;
  EXPECT_TRUE(A.ProblemError.empty()) << A.ProblemError;
  EXPECT_TRUE(A.NotCounted.empty()) << A.NotCounted;
  EXPECT_TRUE(A.Annotated);
  EXPECT_EQ(A.Loop, G->Loop);
  EXPECT_EQ(A.Instrs, G->Instrs);
  EXPECT_EQ(A.II, G->II);
  EXPECT_EQ(A.StageCount, G->StageCount);
  EXPECT_EQ(A.Form, G->Form);
  ASSERT_EQ(A.Placement.size(), G->Placement.size());
  for (unsigned I = 0; I < A.Placement.size(); ++I) {
    EXPECT_EQ(A.Placement[I].Start, G->Placement[I].Start) << "op " << I;
    EXPECT_EQ(A.Placement[I].Stage, G->Placement[I].Stage) << "op " << I;
    EXPECT_EQ(A.Placement[I].Order, G->Placement[I].Order) << "op " << I;
  }

  ASSERT_TRUE(A.Problem);
  EXPECT_EQ(A.Problem->Instrs, G->Problem->Instrs);
  ArrayRef<Dependence> AD = A.Problem->Problem.dependences();
  ArrayRef<Dependence> GD = G->Problem->Problem.dependences();
  ASSERT_EQ(AD.size(), GD.size());
  for (unsigned I = 0; I < AD.size(); ++I) {
    EXPECT_EQ(AD[I].From, GD[I].From) << "dependence " << I;
    EXPECT_EQ(AD[I].To, GD[I].To) << "dependence " << I;
    EXPECT_EQ(AD[I].Latency, GD[I].Latency) << "dependence " << I;
    EXPECT_EQ(AD[I].Distance, GD[I].Distance) << "dependence " << I;
    EXPECT_EQ(AD[I].Kind, GD[I].Kind) << "dependence " << I;
  }

  ASSERT_TRUE(A.Counted);
  const TileASCountedLoop &AC = *A.Counted, &GC = *G->Counted;
  EXPECT_EQ(AC.Loop, GC.Loop);
  EXPECT_EQ(AC.Exit, GC.Exit);
  EXPECT_EQ(AC.IVPhi, GC.IVPhi);
  EXPECT_EQ(AC.Increment, GC.Increment);
  EXPECT_EQ(AC.Compare, GC.Compare);
  EXPECT_EQ(AC.Branch, GC.Branch);
  EXPECT_EQ(AC.Init, GC.Init);
  EXPECT_EQ(AC.Step, GC.Step);
  EXPECT_EQ(AC.Offset, GC.Offset);
  EXPECT_EQ(AC.Adjust, GC.Adjust);
  EXPECT_EQ(AC.CC, GC.CC);
  EXPECT_EQ(AC.BoundIdx, GC.BoundIdx);
  EXPECT_EQ(AC.ContinueOnFalse, GC.ContinueOnFalse);

  // Materialization solves a loaded schedule itself, once it checked it.
  EXPECT_FALSE(A.Coordination);
}

TEST_F(LoopScheduleTest, AdoptedSolveIsTheOneMaterializationWouldMake) {
  MachineFunction *MF = parseLoop(Entry, Gemm, Exit);
  ASSERT_NE(MF, nullptr);
  TileASPipelinerOptions Opts =
      options(TileASPipelineStrategy::WarpSpecialized);
  std::optional<TileASLoopSchedule> S = generate(*MF, Opts);
  ASSERT_TRUE(S);
  // Pipes after those of three earlier pipes in the function.
  constexpr unsigned FirstPipeId = 3;
  TileASCoordinationBuilder Adopting(*S, Opts), Solving(*S, Opts);
  Expected<pipes::SolveResult> Adopted =
      Adopting.adopt(*S->Coordination, FirstPipeId);
  Expected<pipes::SolveResult> Solved =
      Solving.solve(FirstPipeId, /*Specialized=*/true);
  ASSERT_TRUE(bool(Adopted)) << toString(Adopted.takeError());
  ASSERT_TRUE(bool(Solved)) << toString(Solved.takeError());
  ASSERT_FALSE(Solved->Pipes.empty());
  ASSERT_EQ(Adopted->Pipes.size(), Solved->Pipes.size());
  for (unsigned I = 0; I < Solved->Pipes.size(); ++I) {
    const pipes::Pipe &A = Adopted->Pipes[I], &B = Solved->Pipes[I];
    EXPECT_EQ(A.Id, B.Id) << "pipe " << I;
    EXPECT_GE(A.Id, FirstPipeId) << "pipe " << I;
    EXPECT_EQ(A.Kind, B.Kind) << "pipe " << I;
    EXPECT_EQ(A.Depth, B.Depth) << "pipe " << I;
    EXPECT_EQ(A.FullBarrier, B.FullBarrier) << "pipe " << I;
    EXPECT_EQ(A.EmptyBarrier, B.EmptyBarrier) << "pipe " << I;
    EXPECT_EQ(A.FullFrom, B.FullFrom) << "pipe " << I;
    EXPECT_EQ(A.EmptyFrom, B.EmptyFrom) << "pipe " << I;
  }
  EXPECT_EQ(Adopted->Mutexes.size(), Solved->Mutexes.size());
  EXPECT_EQ(Adopted->BarriersUsed, Solved->BarriersUsed);
  EXPECT_EQ(Adopting.firstBarrier(), Solving.firstBarrier());
  EXPECT_EQ(Adopting.barrierLimit(), Solving.barrierLimit());
}

TEST_F(LoopScheduleTest, SolveIsStaleOnceALoopValueIsReadAfterTheLoop) {
  MachineFunction *MF = parseLoop(Entry, Gemm, Exit);
  ASSERT_NE(MF, nullptr);
  TileASPipelinerOptions Opts =
      options(TileASPipelineStrategy::WarpSpecialized);
  std::optional<TileASLoopSchedule> S = generate(*MF, Opts);
  ASSERT_TRUE(S);
  ASSERT_TRUE(S->Coordination);
  EXPECT_TRUE(isCoordinationCurrent(*S, Opts, *S->Coordination));

  // The A tile, read only in the loop so far, is now read after it too (as
  // an earlier loop's expansion may rewrite what the function reads): the
  // solve made for the loop no longer describes it.
  Register A = virtualRegister(*MF, "a");
  ASSERT_TRUE(A.isValid());
  MachineBasicBlock &ExitBlock = *MF->getBlockNumbered(2);
  MachineRegisterInfo &MRI = MF->getRegInfo();
  const TargetInstrInfo &TII = *MF->getSubtarget().getInstrInfo();
  BuildMI(ExitBlock, ExitBlock.begin(), DebugLoc(), TII.get(TargetOpcode::COPY),
          MRI.createVirtualRegister(MRI.getRegClass(A)))
      .addReg(A);
  EXPECT_FALSE(isCoordinationCurrent(*S, Opts, *S->Coordination));
}

TEST(PipelinerOptionsTest, DefaultsAreTheCommandLineDefaults) {
  // The options of a pass built with a struct mean what the same options
  // given by name mean; the struct's defaults are the command line's.
  TileASPipelinerOptions Defaults;
  EXPECT_EQ(Defaults.ReservedBarriers, -1);
  EXPECT_FALSE(Defaults.VerifySchedules);
  EXPECT_EQ(Defaults.Strategy, TileASPipelineStrategy::Unspecialized);
  EXPECT_EQ(Defaults.RingSlack, 2u);
  EXPECT_EQ(Defaults.PrefetchDistance, 1u);
  EXPECT_TRUE(Defaults.PrefetchShortPath);
  EXPECT_FALSE(Defaults.WSKeepSlowerII);
  TileASGenerateScheduleOptions Generate;
  EXPECT_EQ(Generate.schedulerOptions().SearchEffortFactor,
            SchedulerOptions().SearchEffortFactor);
  EXPECT_EQ(Generate.schedulerOptions().MaxConstraintIterations,
            SchedulerOptions().MaxConstraintIterations);
  EXPECT_FALSE(Generate.schedulerOptions().Verify);
}

} // namespace
