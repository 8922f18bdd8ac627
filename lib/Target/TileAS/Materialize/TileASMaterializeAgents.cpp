//===- TileASMaterializeAgents.cpp - Warp specialization of a loop --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The part of tileas-materialize-schedule that decides whether a loop (or a
// tile nest) is warp-specialized, and if so splits it into agent loops
// (WarpSpecialize/) and reports them.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASLoopNest.h"
#include "Materialize/TileASMaterializeCheck.h"
#include "Materialize/TileASMaterializeFault.h"
#include "Materialize/TileASMaterializePass.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASOptions.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAccumulatorBuffers.h"
#include "WarpSpecialize/TileASAgentIssue.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASComputeSplit.h"
#include "WarpSpecialize/TileASStreamAgent.h"
#include "WarpSpecialize/TileASTileWork.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/PTX/SharedArena.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include <tuple>

using namespace llvm;
using namespace tileas;

#define DEBUG_TYPE "tileas-materialize-schedule"

/// Warp-specialize a tile nest as a whole, one tile loop per agent (issue
/// 28; docs/persistent.md). Off: a nest is materialized unspecialized, with
/// its plan and a NotWarpSpecialized remark.
static cl::opt<bool> WarpSpecializeTileNests(
    "tileas-ws-tile-nests", cl::Hidden, cl::init(true),
    cl::desc("Warp-specialize a tile nest as a whole, one tile loop per "
             "agent (off: its inner loop is materialized unspecialized)"));

/// Testing and measuring: the copies of a tile nest's accumulators
/// (-tileas-ws-tile-nests), 1 or 2; 0 takes planAccumulatorBuffers' choice.
static cl::opt<unsigned> TileNestAccumulatorCopies(
    "tileas-ws-tile-nest-accumulator-copies", cl::Hidden, cl::init(0),
    cl::desc("Copies of a warp-specialized tile nest's accumulators (1 or "
             "2; 0: two when they fit tensor memory)"));

/// Testing and measuring: the slots of a tile nest's per-tile pipes of the
/// tiles its tile loop loads for another agent (Q); 0 takes
/// planTileInputDepth's choice.
static cl::opt<unsigned> TileNestTileInputDepth(
    "tileas-ws-tile-input-depth", cl::Hidden, cl::init(0),
    cl::desc("Slots of a warp-specialized tile nest's per-tile pipe of a "
             "tile its tile loop loads (0: two when they fit shared memory, "
             "else one)"));

/// Measuring only: a tile nest warp-specialized whatever its agents'
/// register estimates (their issue is still checked), to time on tileas-sim
/// what a nest refused for registers alone would run at. The output is not
/// meant to reach register allocation.
static cl::opt<bool> TileNestIgnoreRegisters(
    "tileas-ws-tile-nest-ignore-registers", cl::Hidden, cl::init(false),
    cl::desc("Measuring only: warp-specialize a tile nest even where its "
             "agents' registers exceed their budgets"));

std::string
TileASMaterializeSchedule::whyNotSpecialized(const TileASLoopSchedule &S,
                                             LoopInProgress &L) {
  if (S.Form == TileASLoopForm::Unspecialized)
    return S.FormReason;
  if (Specialized)
    return "an earlier loop of the function is warp-specialized";
  if (const MachineBasicBlock *Outer =
          TileASLoopNest::outerHeader(*MLI, *S.Loop))
    return whyNestNotSpecialized(S, L, *Outer);
  L.Partition.emplace(TileASAgentPartition::analyze(
      S, L.Counted, *L.Solution, S.Problem->Problem.dependences()));
  if (!L.Partition->why().empty())
    return L.Partition->why();
  // Before the registers' verdict: a second compute warpgroup is what a
  // loop refused for them may need.
  if (std::optional<TileASWarpgroupSplit> Split =
          remarkComputeSplit(S, L, *L.Partition))
    if (splitComputeWork(S, L, std::move(*Split)))
      return "";
  // A solve that failed again, going back to one warpgroup, was reported.
  if (!L.Partition)
    return "its coordination for one compute warpgroup could not be solved "
           "again";
  return whyAgentsDoNotFit(S, L.Counted, *L.Partition);
}

bool TileASMaterializeSchedule::splitComputeWork(const TileASLoopSchedule &S,
                                                 LoopInProgress &L,
                                                 TileASWarpgroupSplit Split) {
  std::vector<unsigned> OpAgent = Split.OpAgent;
  std::string Why;
  Expected<pipes::SolveResult> Solved =
      L.Coord.solve(L.FirstPipeId, /*Specialized=*/true, OpAgent);
  if (!Solved) {
    Why = "its coordination could not be solved with them: " +
          toString(Solved.takeError());
  } else {
    L.Solution = std::move(*Solved);
    // Each drain is read after the loop by one warpgroup, which waits for it.
    for (const pipes::Pipe &P : L.Solution->Pipes) {
      if (P.Kind != pipes::PipeKind::Drain || P.Producers.empty())
        continue;
      SmallVector<unsigned, 2> Readers;
      for (const MachineOperand &Def : S.Instrs[P.Producers.back()]->all_defs())
        for (unsigned A : Split.LiveOutReaders.lookup(Def.getReg()))
          if (!is_contained(Readers, A))
            Readers.push_back(A);
      if (Readers.size() > 1 && Why.empty())
        Why = formatv("drain pipe {0} is read after the loop by two "
                      "warpgroups",
                      P.Id);
    }
    TileASAgentPartition Partition = TileASAgentPartition::analyze(
        S, L.Counted, *L.Solution, S.Problem->Problem.dependences(),
        std::move(Split));
    if (Why.empty())
      Why = Partition.why();
    if (Why.empty())
      Why = whyAgentsDoNotFit(S, L.Counted, Partition);
    if (Why.empty()) {
      for (const pipes::Pipe &P : L.Solution->Pipes) {
        if (P.Kind != pipes::PipeKind::Drain || P.Producers.empty())
          continue;
        for (const MachineOperand &Def :
             S.Instrs[P.Producers.back()]->all_defs())
          for (unsigned A :
               Partition.split()->LiveOutReaders.lookup(Def.getReg()))
            L.Coord.setDrainReader(P.Id, A);
      }
      L.Partition.emplace(std::move(Partition));
      return true;
    }
  }
  MachineBasicBlock &Loop = *S.Loop;
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(
               DEBUG_TYPE, "ComputeWarpgroupsNotMaterialized",
               Loop.findDebugLoc(Loop.begin()), &Loop)
           << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
           << ore::NV("Function", CurMF->getName())
           << ": one compute warpgroup: " << ore::NV("Reason", Why);
  });
  // Back to one compute warpgroup, as solved and partitioned before.
  L.Partition.reset();
  if (!solveCoordination(S, L, /*Specialized=*/true))
    return false;
  L.Partition.emplace(TileASAgentPartition::analyze(
      S, L.Counted, *L.Solution, S.Problem->Problem.dependences()));
  return false;
}

std::string TileASMaterializeSchedule::whyAgentsDoNotFit(
    const TileASLoopSchedule &S, const TileASCountedLoop &Counted,
    const TileASAgentPartition &Partition, bool Registers) {
  TileASAgentIssue Issue = agentIssue(Partition, *S.Loop, Counted);
  if (Issue.Bound > S.II)
    return formatv(
        "its {0} agents would issue {1} instructions more than the "
        "unspecialized loop (scalars each recomputes, its own loop "
        "control), which needs II {2} on the machine's slots where the "
        "schedule has {3}",
        Issue.Looping, Issue.Extra, Issue.Bound, S.II);
  return Registers ? partitionOverBudget(S, Partition) : std::string();
}

std::string TileASMaterializeSchedule::whyNestNotSpecialized(
    const TileASLoopSchedule &S, LoopInProgress &L,
    const MachineBasicBlock &Outer) {
  unsigned OuterBB = Outer.getNumber();
  std::string Shape;
  std::optional<TileASTileNest> TN =
      TileASLoopNest::tileNestOf(*MLI, *S.Loop, Shape);
  if (!TN)
    return formatv("it is nested in the loop of bb.{0}, which is not one "
                   "loop over tiles around it: {1}",
                   OuterBB, Shape);
  // The plan for the agents' loops over the tiles: the inner loop's
  // partition, the tile loop's own work per agent, the accumulators.
  TileASAgentPartition Partition = TileASAgentPartition::analyze(
      S, L.Counted, *L.Solution, S.Problem->Problem.dependences());
  std::string NotImplemented =
      formatv("it is nested in the loop of bb.{0}: agent loops that run "
              "across the outer loop's iterations are not implemented yet "
              "(issue 28)",
              OuterBB);
  // The inner loop alone would not be specialized either: no plan.
  if (!Partition.why().empty())
    return NotImplemented;
  TileASTileWork Work = TileASTileWork::analyze(
      *TN, Partition.numAgents(), [&](unsigned A, const MachineInstr &MI) {
        return Partition.keeps(A, &MI);
      });
  if (!Work.why().empty())
    return formatv("it is nested in the loop of bb.{0}, whose own work the "
                   "agents cannot divide: {1}",
                   OuterBB, Work.why());
  TileASAccumulatorPlan Acc = planAccumulatorBuffers(*TN, Work);
  // Whether the agents' tile loops can be built (-tileas-ws-tile-nests).
  std::string NotRewritten =
      WarpSpecializeTileNests
          ? whyTileNestNotRewritten(*TN, L.Counted, *L.Solution, S.Instrs, Work,
                                    tileasMachine(*CurMF).defaultAgent())
          : std::string("off");
  // The tiles the tile loop loads for another agent: their per-tile pipes'
  // slots.
  std::string WhyNotInput, WhyOneSlot;
  std::vector<TileASTileInputPipe> Inputs =
      tileInputPipesOf(*L.Solution, S.Instrs, Work,
                       tileasMachine(*CurMF).defaultAgent(), WhyNotInput);
  unsigned InputDepth = planTileInputDepth(
      *L.Solution, Inputs, ptx::Sm100SharedCapacity, WhyOneSlot);
  unsigned Own = 0;
  for (const auto *Blocks : {&TN->Before, &TN->After})
    for (const MachineBasicBlock *MBB : *Blocks)
      Own += count_if(
          *MBB, [](const MachineInstr &MI) { return !MI.isDebugInstr(); });
  MachineBasicBlock &Loop = *S.Loop;
  ORE->emit([&] {
    MachineOptimizationRemarkAnalysis R(DEBUG_TYPE, "TileNestPlan",
                                        Loop.findDebugLoc(Loop.begin()), &Loop);
    R << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
      << ore::NV("Function", CurMF->getName()) << ", in the tile loop of bb."
      << ore::NV("Outer", OuterBB) << " (" << ore::NV("TileInstrs", Own)
      << " instructions of its own): the agents' tile loops would keep";
    for (unsigned A = 1; A <= Partition.numAgents(); ++A)
      R << (A > 1 ? "," : "") << " "
        << tileasMachine(*CurMF).agents()[A - 1].Name << " "
        << ore::NV("Kept", Work.numKept(A));
    R << "; " << ore::NV("Crossings", unsigned(Work.crossings().size()))
      << " accumulator(s) of " << ore::NV("Columns", Acc.Columns)
      << " columns to the epilogue, ";
    if (Acc.Buffers == 2)
      R << "double-buffered (" << ore::NV("Used", 2 * Acc.Columns + Acc.Others)
        << " of " << ore::NV("Capacity", Acc.Capacity) << " columns)";
    else
      R << "single: " << ore::NV("WhySingle", Acc.WhySingle);
    if (!Inputs.empty()) {
      R << "; " << ore::NV("TileInputs", unsigned(Inputs.size()))
        << " tile(s) loaded in the tile loop for another agent, each over a "
           "per-tile pipe of "
        << ore::NV("TileInputDepth", InputDepth) << " slot(s)";
      if (InputDepth == 1)
        R << ": " << ore::NV("WhyOneSlot", WhyOneSlot);
    }
    return R;
  });
  if (!WarpSpecializeTileNests)
    return NotImplemented;
  if (!NotRewritten.empty())
    return formatv("it is nested in the loop of bb.{0}, a tile nest that "
                   "the agents' tile loops do not handle: {1}",
                   OuterBB, NotRewritten);
  // The agents' inner loops as for a loop of its own.
  std::string Fit =
      whyAgentsDoNotFit(S, L.Counted, Partition, !TileNestIgnoreRegisters);
  if (!Fit.empty())
    return Fit;
  L.Partition.emplace(std::move(Partition));
  L.TileNest = *TN;
  L.TileWork.emplace(std::move(Work));
  L.AccumulatorCopies = TileNestAccumulatorCopies == 1   ? 1
                        : TileNestAccumulatorCopies == 2 ? 2
                                                         : Acc.Buffers;
  L.TileInputDepth =
      TileNestTileInputDepth ? unsigned(TileNestTileInputDepth) : InputDepth;
  return "";
}

bool TileASMaterializeSchedule::chooseWarpSpecialization(
    const TileASLoopSchedule &S, LoopInProgress &L) {
  std::string Why = whyNotSpecialized(S, L);
  if (Why.empty())
    return true;
  MachineBasicBlock &Loop = *S.Loop;
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "NotWarpSpecialized",
                                           Loop.findDebugLoc(Loop.begin()),
                                           &Loop)
           << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
           << ore::NV("Function", CurMF->getName())
           << " not warp-specialized: " << ore::NV("Reason", Why)
           << "; it is materialized unspecialized";
  });
  L.Partition.reset();
  // The unspecialized form needs neither the handoffs nor the slack.
  return solveCoordination(S, L, /*Specialized=*/false);
}

bool TileASMaterializeSchedule::specialize(const TileASLoopSchedule &S,
                                           LoopInProgress &L) {
  MachineFunction &MF = *S.Loop->getParent();
  MachineBasicBlock &Loop = *S.Loop;
  TileASAgentPartition &Partition = *L.Partition;
  unsigned LoopNumber = Loop.getNumber();
  // How many instructions of the loop each agent issues (its own, the
  // scalars it recomputes, its coordination), before the expansion.
  SmallVector<unsigned, 4> Issued;
  for (unsigned A = 1; A <= Partition.numAgents(); ++A) {
    unsigned Count = 0;
    for (MachineInstr &MI : Loop)
      Count += !MI.isPHI() && !MI.isTerminator() && Partition.keeps(A, &MI);
    Issued.push_back(Count);
  }
  std::vector<TileASAgentFit> Fits;
  TileASTileNestRewrite NestRewrite;
  if (L.TileNest) {
    NestRewrite.Nest = &*L.TileNest;
    NestRewrite.Work = &*L.TileWork;
    NestRewrite.AccumulatorCopies = L.AccumulatorCopies;
    NestRewrite.TileInputDepth = L.TileInputDepth;
  }
  std::vector<TileASExpandedLoop> Loops = warpSpecializeLoop(
      S, L.Counted, *L.Preheader, *L.Exit, L.Coord, *L.Solution, Partition,
      L.Ordered, L.Stage, Fits, L.TileNest ? &NestRewrite : nullptr);
  Specialized = true;
  MachineBasicBlock *First = nullptr;
  for (const TileASAgentFit &Fit : Fits)
    if (Fit.ShortKernel)
      MF.getInfo<TileASMachineFunctionInfo>()->addPipelinedKernel(
          *Fit.ShortKernel);
  for (const TileASExpandedLoop &E : Loops)
    if (E.Kernel) {
      MF.getInfo<TileASMachineFunctionInfo>()->addPipelinedKernel(*E.Kernel);
      First = First ? First : E.Kernel;
    }
  remarkAgentLoops(S, Loops, Fits);
  MachineBasicBlock *At = First ? First : L.Preheader;
  ORE->emit([&] {
    MachineOptimizationRemark R(DEBUG_TYPE, "WarpSpecialized",
                                At->findDebugLoc(At->begin()), At);
    R << "loop bb." << ore::NV("Block", LoopNumber) << " in "
      << ore::NV("Function", MF.getName())
      << " warp-specialized at II=" << ore::NV("II", S.II) << " with "
      << ore::NV("Stages", S.StageCount) << " stages into "
      << ore::NV("Agents", unsigned(Loops.size())) << " agents:";
    for (unsigned A = 1; A <= Loops.size(); ++A) {
      const model::AgentRecord &Rec = agentRecordOf(tileasMachine(MF), A);
      R << (A > 1 ? "," : "") << " " << agentNameOf(tileasMachine(MF), A)
        << " (" << ore::NV("Warps", Rec.Warps) << " warp(s), "
        << ore::NV("Registers", agentBudget(MF, A)) << " registers";
      // A budget raised for the agent's estimate (partitionOverBudget).
      if (agentBudget(MF, A) != Rec.Registers)
        R << " (the model's " << ore::NV("ModelRegisters", Rec.Registers)
          << ", under its estimate of "
          << ore::NV("EstimatedRegisters", Fits[A - 1].Need) << ")";
      R << ", " << ore::NV("Instructions", Issued[A - 1]) << " instructions)";
    }
    return R;
  });
  return true;
}

std::optional<TileASWarpgroupSplit>
TileASMaterializeSchedule::remarkComputeSplit(
    const TileASLoopSchedule &S, const LoopInProgress &L,
    const TileASAgentPartition &Partition) {
  if (!S.Problem)
    return std::nullopt;
  TileASComputeComponents C = computeComponents(
      S, Partition, *L.Solution, S.Problem->Problem.dependences());
  // One component is every loop's usual case: nothing to say.
  if (C.count() < 2)
    return std::nullopt;
  MachineFunction &MF = *S.Loop->getParent();
  const model::Machine &M = tileasMachine(MF);
  // Each compute warpgroup at the td's budget: a budget raised for the
  // estimate was raised for every component's work in one warpgroup.
  SmallVector<unsigned, 4> Budgets(M.agents().size() + 1, 0);
  for (unsigned A = 1; A <= M.agents().size(); ++A)
    Budgets[A] = A == M.defaultAgent() ? M.agents()[A - 1].Registers
                                       : agentBudget(MF, A);
  TileASComputeSplitPlan Plan =
      planComputeWarpgroups(M, warpLayout(S, Partition), Budgets, C.Size);
  // The split made concrete: each part of the code after the loop to its
  // warpgroup.
  std::optional<TileASWarpgroupSplit> Materialized;
  std::string WhyNotSplit;
  if (computeWarpgroupsRequested() && C.Joined.empty() && C.Shared.empty() &&
      Plan.Warpgroups > 1)
    Materialized =
        splitComputeWarpgroups(S, C, Plan, *L.Counted.Exit, WhyNotSplit);
  MachineBasicBlock &Loop = *S.Loop;
  ORE->emit([&] {
    MachineOptimizationRemarkAnalysis R(DEBUG_TYPE, "ComputeWarpgroups",
                                        Loop.findDebugLoc(Loop.begin()), &Loop);
    R << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
      << ore::NV("Function", MF.getName()) << ": agent "
      << M.agents()[M.defaultAgent() - 1].Name << "'s work falls into "
      << ore::NV("Components", C.count()) << " independent components (";
    for (unsigned I = 0; I < C.count(); ++I)
      R << (I ? ", " : "") << ore::NV("Size", C.Size[I]);
    R << " instructions); ";
    if (!C.Joined.empty())
      R << "one warpgroup: the code after the loop combines them: "
        << ore::NV("Joined", C.Joined);
    else if (!C.Shared.empty())
      R << "one warpgroup: " << ore::NV("Shared", C.Shared)
        << ", whose barriers would need both warpgroups' arrivals";
    else if (Plan.Warpgroups < 2)
      R << "one warpgroup: " << ore::NV("WhyOne", Plan.WhyOne);
    else {
      SmallVector<unsigned, 4> Split = warpgroupRegisterNeeds(
          S, Partition, C, Plan.GroupOf, Plan.Warpgroups);
      unsigned One = warpgroupRegisterNeeds(S, Partition, C, {}, 1).front();
      unsigned Budget = Budgets[M.defaultAgent()];
      R << "planned " << ore::NV("Warpgroups", Plan.Warpgroups)
        << " warpgroups (" << ore::NV("RegisterFileUse", Plan.RegisterFileUse)
        << " of " << ore::NV("RegisterFile", M.agentRegisterRule().RegisterFile)
        << " registers; " << ore::NV("Warps", Plan.Placement.Warps)
        << " warps, the compute warpgroups from warps "
        << ore::NV("ComputeWarp", Plan.Placement.FirstWarp[M.defaultAgent()]);
      for (unsigned G = 0; G < Plan.Placement.ExtraFirstWarp.size(); ++G)
        R << (G + 1 == Plan.Placement.ExtraFirstWarp.size() ? " and " : ", ")
          << ore::NV("ComputeWarp", Plan.Placement.ExtraFirstWarp[G]);
      R << ", every warp launched at "
        << ore::NV("LaunchRegisters", Plan.Placement.LaunchRegisters)
        << " registers); they would keep about";
      for (unsigned G = 0; G < Split.size(); ++G)
        R << (G ? (G + 1 == Split.size() ? " and " : ", ") : " ")
          << ore::NV("WarpgroupNeed", Split[G]);
      R << " registers live (one warpgroup: "
        << ore::NV("OneWarpgroupNeed", One) << "), "
        << (*std::max_element(Split.begin(), Split.end()) > Budget ? "over"
                                                                   : "within")
        << " the budget of " << ore::NV("Budget", Budget);
      if (Materialized)
        R << "; each its own agent (";
      else if (!WhyNotSplit.empty())
        R << "; one warpgroup issues them all: "
          << ore::NV("WhyNotSplit", WhyNotSplit);
      else
        R << "; not materialized yet: one warpgroup issues them all";
      for (unsigned G = 1; Materialized && G < Plan.Warpgroups; ++G)
        R << (G > 1 ? ", " : "")
          << ore::NV("Agent", agentNameOf(M, computeWarpgroupAgent(M, G)))
          << " " << ore::NV("AgentId", computeWarpgroupAgent(M, G));
      if (Materialized)
        R << ")";
    }
    return R;
  });
  return Materialized;
}

void TileASMaterializeSchedule::remarkAgentLoops(
    const TileASLoopSchedule &S, ArrayRef<TileASExpandedLoop> Loops,
    ArrayRef<TileASAgentFit> Fits) {
  for (unsigned A = 1; A <= Loops.size(); ++A) {
    const TileASExpandedLoop &E = Loops[A - 1];
    const TileASAgentFit &Fit = Fits[A - 1];
    if (!E.Kernel)
      continue;
    ORE->emit([&] {
      return MachineOptimizationRemarkAnalysis(
                 DEBUG_TYPE, "AgentRegisterNeed",
                 E.Kernel->findDebugLoc(E.Kernel->begin()), E.Kernel)
             << "agent " << agentNameOf(tileasMachine(*S.Loop->getParent()), A)
             << " keeps about " << ore::NV("Need", Fit.Need)
             << " 32-bit registers live in its loop, of its budget "
             << ore::NV("Budget", Fit.Budget);
    });
    if (Fit.Distance < Fit.Requested)
      ORE->emit([&] {
        return MachineOptimizationRemarkMissed(
                   DEBUG_TYPE, "PrefetchShortened",
                   E.Kernel->findDebugLoc(E.Kernel->begin()), E.Kernel)
               << "agent "
               << agentNameOf(tileasMachine(*S.Loop->getParent()), A)
               << " prefetches its far-memory loads "
               << ore::NV("Distance", Fit.Distance)
               << " iteration(s) ahead instead of "
               << ore::NV("Requested", Fit.Requested) << ": that would keep "
               << ore::NV("RequestedNeed", Fit.RequestedNeed)
               << " 32-bit registers live"
               << (Fit.Sequences ? " and the " + std::to_string(Fit.Sequences) +
                                       " its PTX sequences need"
                                 : std::string())
               << ", over its budget of "
               << ore::NV("Budget", Fit.PrefetchBudget);
      });
    if (E.NumStages <= S.StageCount)
      continue;
    ORE->emit([&] {
      return MachineOptimizationRemarkAnalysis(
                 DEBUG_TYPE, "FarMemoryPrefetch",
                 E.Kernel->findDebugLoc(E.Kernel->begin()), E.Kernel)
             << "agent " << agentNameOf(tileasMachine(*S.Loop->getParent()), A)
             << " issues the far-memory loads it reads itself "
             << ore::NV("Distance", Fit.Distance)
             << " iteration(s) further ahead of their readers: "
             << ore::NV("AgentStages", E.NumStages) << " stages instead of "
             << ore::NV("Stages", S.StageCount);
    });
  }
}
