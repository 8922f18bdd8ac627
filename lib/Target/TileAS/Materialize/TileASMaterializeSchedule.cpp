//===- TileASMaterializeSchedule.cpp - Expand and coordinate schedules ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-materialize-schedule: turns each schedule of TileASScheduleAnalysis
// into code. It reads only the analysis (or the schedule annotated in the
// MIR), never searches an II and never probes a reservation table:
//
//  1. checks that the schedule still matches its block and keeps every
//     dependence (a hand-edited or stale schedule is an error naming the
//     instructions, and the loop is left unchanged);
//  2. solves the coordination (pipes, mutexes, barriers; TileASCoordination)
//     before it changes anything, so that a refusal (a budget the schedule
//     exceeds, a pattern TileAS cannot coordinate) leaves the function as it
//     was; pipe ids are unique in the function, barrier ids start again for
//     every loop (a loop's pipes are done by its exit, see the producer's
//     tail in TileASCoordination.h);
//  3. writes the coordination next to the instructions it guards and
//     expands the loop into prologue, kernel and epilogue
//     (TileASLoopExpander), behind a trip-count test that sends loops with
//     fewer iterations than stages to the original loop;
//  4. checks its own output (TileASMaterializeCheck): barriers, stage and
//     order, and the protocol in issue order on every path.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASLoopExpander.h"
#include "Materialize/TileASMaterializeCheck.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASOptions.h"
#include "WarpSpecialize/TileASAgentIssue.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASStreamAgent.h"
#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "tileas/Model/MachineModel.h"

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

/// Testing only: seeds a mistake into each materialized loop after it is
/// built and before the self-check runs, to show that the check catches it.
static cl::opt<std::string> InjectFault(
    "tileas-materialize-inject-fault", cl::Hidden,
    cl::desc("Testing only: break the materialized loop before its self-check "
             "(drop-wait, drop-release, shallow-ring, wrong-iteration, "
             "mutex-side, barrier-budget, kernel-order)"));

namespace {

class TileASMaterializeSchedule : public MachineFunctionPass {
public:
  static char ID;
  TileASMaterializeSchedule() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override {
    return "TileAS materialize schedule";
  }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.addRequired<TileASScheduleAnalysis>();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  bool materialize(const TileASLoopSchedule &S);
  /// Checks S against its block; on success, Deps holds the loop's
  /// dependences (ops indexed like S.Instrs, the loop branch's last).
  bool checkSchedule(const TileASLoopSchedule &S,
                     std::vector<tileas::Dependence> &Deps);
  void injectFault(TileASExpandedLoop &Expanded, pipes::SolveResult &Solved,
                   const TileASMaterializedLoop &Check);
  void error(const TileASLoopSchedule &S, const Twine &Msg);
  /// The remark for a loop the coordination leaves unchanged (a limitation
  /// of ours, or too few named barriers left by the user's reservation).
  void remarkLeftUnchanged(MachineBasicBlock &Loop,
                           const LoopLeftUnchanged &Left);
  /// The function being materialized (an annotation may name no block).
  MachineFunction *CurMF = nullptr;
  std::string describe(const MachineInstr &MI) const;

  bool specialize(const TileASLoopSchedule &S, const TileASCountedLoop &Loop,
                  MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
                  TileASCoordinationBuilder &Coord,
                  const pipes::SolveResult &Solution,
                  TileASAgentPartition &Partition,
                  ArrayRef<MachineInstr *> Ordered,
                  const DenseMap<MachineInstr *, int> &Stage);

  MachineLoopInfo *MLI = nullptr;
  MachineOptimizationRemarkEmitter *ORE = nullptr;
  /// A loop of this function was warp-specialized: its other loops are not
  /// (the agents' code after their loop is the default agent's alone).
  bool Specialized = false;
};

} // namespace

char TileASMaterializeSchedule::ID = 0;

INITIALIZE_PASS_BEGIN(TileASMaterializeSchedule, DEBUG_TYPE,
                      "TileAS materialize schedule", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_DEPENDENCY(TileASScheduleAnalysis)
INITIALIZE_PASS_END(TileASMaterializeSchedule, DEBUG_TYPE,
                    "TileAS materialize schedule", false, false)

FunctionPass *llvm::createTileASMaterializeSchedulePass() {
  return new TileASMaterializeSchedule();
}

std::string TileASMaterializeSchedule::describe(const MachineInstr &MI) const {
  std::string Text;
  raw_string_ostream OS(Text);
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return "'" + Text + "'";
}

void TileASMaterializeSchedule::error(const TileASLoopSchedule &S,
                                      const Twine &Msg) {
  // A schedule whose annotation names a block the function lacks has no
  // loop; its message names the block.
  std::string Where =
      S.Loop ? formatv(" bb.{0}", S.Loop->getNumber()).str() : "";
  CurMF->getFunction().getContext().emitError(
      formatv("{0}{1}: cannot materialize the schedule: {2}; the loop is "
              "left unchanged",
              CurMF->getName(), Where, Msg.str()));
}

void TileASMaterializeSchedule::remarkLeftUnchanged(
    MachineBasicBlock &Loop, const LoopLeftUnchanged &Left) {
  StringRef Name = Left.isA(BarrierShortage::classID())
                       ? "NotEnoughBarriers"
                       : "UnsupportedCoordination";
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(
               DEBUG_TYPE, Name, Loop.findDebugLoc(Loop.begin()), &Loop)
           << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
           << ore::NV("Function", CurMF->getName())
           << " not pipelined: " << ore::NV("Reason", Left.why())
           << "; the loop is left unchanged";
  });
}

static bool isSingleBlockLoop(const MachineLoopInfo &MLI,
                              const MachineBasicBlock &MBB) {
  const MachineLoop *L = MLI.getLoopFor(&MBB);
  return L && L->getNumBlocks() == 1 && MBB.isSuccessor(&MBB);
}

bool TileASMaterializeSchedule::runOnMachineFunction(MachineFunction &MF) {
  auto &Analysis = getAnalysis<TileASScheduleAnalysis>();
  CurMF = &MF;
  MLI = &getAnalysis<MachineLoopInfoWrapperPass>().getLI();
  ORE = &getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();

  if (Analysis.schedules().empty()) {
    if (!Analysis.generated())
      for (MachineBasicBlock &MBB : MF)
        if (isSingleBlockLoop(*MLI, MBB)) {
          MF.getFunction().getContext().emitError(
              formatv("{0} bb.{1}: no schedule to materialize: run "
                      "tileas-generate-schedule first, or give the MIR a "
                      "schedule (-tileas-annotate-schedule writes one)",
                      MF.getName(), MBB.getNumber()));
          break;
        }
    return false;
  }

  if (tileasPipelineStrategy() == TileASPipelineStrategy::None) {
    for (const TileASLoopSchedule &S : Analysis.schedules()) {
      if (!S.Loop) {
        error(S, S.Stale);
        continue;
      }
      ORE->emit([&] {
        return MachineOptimizationRemarkMissed(
                   DEBUG_TYPE, "StrategyNone",
                   S.Loop->findDebugLoc(S.Loop->begin()), S.Loop)
               << "not pipelined: -tileas-pipeline-strategy=none";
      });
    }
    return false;
  }
  Specialized = false;
  // Expanding a loop creates and deletes blocks: take the list first.
  std::vector<TileASLoopSchedule> Work(Analysis.schedules().begin(),
                                       Analysis.schedules().end());
  bool Changed = false;
  for (const TileASLoopSchedule &S : Work) {
    // Expansion deletes the loop block: forget its schedule either way.
    Analysis.consume(S.Loop);
    Changed |= materialize(S);
  }
  return Changed;
}

bool TileASMaterializeSchedule::checkSchedule(
    const TileASLoopSchedule &S, std::vector<tileas::Dependence> &Deps) {
  if (!S.Stale.empty()) {
    error(S, S.Stale);
    return false;
  }
  if (!S.Loop || !S.matchesBlock()) {
    // Name the first instruction that differs. The scheduled instructions
    // may have been deleted: only compare them, never look into them.
    std::string Where;
    if (S.Loop) {
      unsigned I = 0, Index = 0;
      for (MachineInstr &MI : *S.Loop) {
        if (MI.isDebugInstr())
          continue;
        unsigned Pos = Index++;
        if (MI.isPHI() || MI.isTerminator())
          continue;
        if (I == S.Instrs.size() || S.Instrs[I] != &MI) {
          Where = formatv(": instruction {0}, {1}, is not the one that was "
                          "scheduled there",
                          Pos, describe(MI));
          break;
        }
        ++I;
      }
      if (Where.empty() && I < S.Instrs.size())
        Where = ": the block ends before its last scheduled instruction";
    }
    error(S, "the schedule no longer matches its block" + Where +
                 " (instructions were added, removed or moved since the "
                 "schedule was made)");
    return false;
  }
  if (!S.II || !isSingleBlockLoop(*MLI, *S.Loop)) {
    error(S, "the scheduled block is not a single-block loop with an II");
    return false;
  }
  Expected<TileASLoopProblem> LP = TileASLoopProblem::build(*S.Loop, -1);
  if (!LP) {
    error(S, toString(LP.takeError()));
    return false;
  }
  if (!LP->Unsupported.empty()) {
    error(S, LP->Unsupported);
    return false;
  }
  // The schedule must keep every dependence; report the first broken one by
  // its instructions. The loop branch's (an op without an instruction, last)
  // is a matter of speed, not of correctness: an annotated schedule may
  // leave the exit test late.
  for (const Dependence &D : LP->Problem.dependences()) {
    if (D.From >= S.Instrs.size() || D.To >= S.Instrs.size())
      continue;
    const OpPlacement &From = S.Placement[D.From], &To = S.Placement[D.To];
    if (To.Start + int64_t(S.II) * D.Distance < From.Start + D.Latency) {
      error(S, formatv("{0} at cycle {1} does not wait for {2} at cycle {3}: "
                       "the dependence needs {4} cycles at distance {5} "
                       "(II {6})",
                       describe(*S.Instrs[D.To]), To.Start,
                       describe(*S.Instrs[D.From]), From.Start, D.Latency,
                       D.Distance, S.II));
      return false;
    }
  }
  unsigned MaxStage = 0;
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    const OpPlacement &P = S.Placement[I];
    if (P.Start < 0 || P.Stage != uint64_t(P.Start) / S.II) {
      error(S, formatv("{0} has cycle {1} and stage {2}, which disagree at "
                       "II {3}",
                       describe(*S.Instrs[I]), P.Start, P.Stage, S.II));
      return false;
    }
    MaxStage = std::max(MaxStage, P.Stage);
  }
  if (S.StageCount != MaxStage + 1) {
    error(S, formatv("the stage count is {0} but the last stage is {1}",
                     S.StageCount, MaxStage));
    return false;
  }
  // Expansion makes a copy of every instruction per stage; a generated
  // schedule can be as deep as an annotated one.
  uint64_t Copies = uint64_t(S.StageCount) * S.Instrs.size();
  if (S.StageCount > MaxScheduleStages || Copies > MaxExpandedCopies) {
    error(S, formatv("expanding {0} stages of {1} instructions would make "
                     "{2} copies; the limits are {3} stages "
                     "(MaxScheduleStages) and {4} copies (MaxExpandedCopies)",
                     S.StageCount, S.Instrs.size(), Copies, MaxScheduleStages,
                     MaxExpandedCopies));
    return false;
  }
  Deps.assign(LP->Problem.dependences().begin(),
              LP->Problem.dependences().end());
  return true;
}

void TileASMaterializeSchedule::injectFault(TileASExpandedLoop &E,
                                            pipes::SolveResult &Solved,
                                            const TileASMaterializedLoop &C) {
  if (InjectFault.empty())
    return;
  MachineBasicBlock *Body = E.Kernel ? E.Kernel : E.Fallback;
  auto First = [&](unsigned Opc) -> MachineInstr * {
    for (MachineInstr &MI : *Body)
      if (MI.getOpcode() == Opc)
        return &MI;
    return nullptr;
  };
  auto Erase = [&](MachineInstr *MI) {
    if (MI) {
      E.Copies.erase(MI);
      MI->eraseFromParent();
    }
  };
  if (InjectFault == "drop-wait") {
    Erase(First(TileAS::PIPE_CONSUMER_WAIT));
  } else if (InjectFault == "drop-release") {
    Erase(First(TileAS::PIPE_CONSUMER_RELEASE));
  } else if (InjectFault == "wrong-iteration") {
    MachineInstr *Wait = First(TileAS::PIPE_CONSUMER_WAIT);
    MachineInstr *Acquire = First(TileAS::PIPE_PRODUCER_ACQUIRE);
    if (Wait && Acquire)
      Wait->getOperand(2).setReg(Acquire->getOperand(2).getReg());
  } else if (InjectFault == "shallow-ring") {
    for (pipes::Pipe &P : Solved.Pipes)
      if (P.Kind == pipes::PipeKind::Ring && P.Depth > 1) {
        --P.Depth;
        for (MachineInstr &MI : *C.Preheader)
          if (MI.getOpcode() == TileAS::PIPE_CREATE &&
              MI.getOperand(0).getImm() == P.Id)
            MI.getOperand(1).setImm(P.Depth);
        // Its tail after the loop is one acquire shorter too.
        MachineInstr *LastTail = nullptr;
        for (MachineInstr &MI : *C.Exit)
          if (MI.getOpcode() == TileAS::PIPE_PRODUCER_ACQUIRE &&
              MI.getOperand(0).getImm() == P.Id)
            LastTail = &MI;
        if (LastTail)
          LastTail->eraseFromParent();
        break;
      }
  } else if (InjectFault == "mutex-side") {
    if (MachineInstr *Lock = First(TileAS::MUTEX_LOCK))
      Lock->getOperand(1).setImm(1 - Lock->getOperand(1).getImm());
  } else if (InjectFault == "barrier-budget") {
    if (!Solved.Pipes.empty())
      Solved.Pipes.front().FullBarrier = C.BarrierLimit;
  } else if (InjectFault == "kernel-order") {
    // Swap two neighbours that the schedule orders and that do not depend
    // on each other.
    auto Key = [&](const MachineInstr &MI) {
      const OpPlacement &P =
          C.Placement[C.SchedIndex[E.Copies.lookup(&MI).OrderIndex]];
      return std::make_tuple(P.Start % C.II, -int64_t(P.Stage), P.Order);
    };
    for (MachineInstr &A : *Body) {
      MachineInstr *B = A.getNextNode();
      if (!B || !E.Copies.count(&A) || !E.Copies.count(B) ||
          TileAS::isCoordination(A.getDesc()) ||
          TileAS::isCoordination(B->getDesc()) || Key(A) == Key(*B))
        continue;
      bool Depends = false;
      for (const MachineOperand &Def : A.all_defs())
        Depends |= B->readsRegister(Def.getReg(), /*TRI=*/nullptr);
      if (Depends)
        continue;
      Body->splice(A.getIterator(), Body, B->getIterator());
      break;
    }
  } else {
    report_fatal_error("unknown -tileas-materialize-inject-fault '" +
                       Twine(InjectFault) + "'");
  }
}

/// The order of the kernel: by cycle modulo II; within a cycle the older
/// iteration (higher stage) first, so that a loop-carried dependence of
/// latency 0 is kept; then by order.
static std::tuple<int64_t, int64_t, unsigned> kernelKey(const OpPlacement &P,
                                                        unsigned II) {
  return {P.Start % II, -int64_t(P.Stage), P.Order};
}

/// Why the plain partition (no prefetch) does not fit some agent's register
/// budget, naming the agent, its estimated need and its budget; empty when
/// every agent fits (TileASAgentRegisters.h).
static std::string agentOverBudget(const TileASLoopSchedule &S,
                                   const TileASAgentPartition &Partition) {
  const MachineRegisterInfo &MRI = S.Loop->getParent()->getRegInfo();
  std::vector<unsigned> ByKey(S.Instrs.size());
  for (unsigned I = 0; I < ByKey.size(); ++I)
    ByKey[I] = I;
  llvm::stable_sort(ByKey, [&](unsigned A, unsigned B) {
    return kernelKey(S.Placement[A], S.II) < kernelKey(S.Placement[B], S.II);
  });
  for (unsigned A = 1; A <= Partition.numAgents(); ++A) {
    std::vector<MachineInstr *> Order;
    DenseMap<MachineInstr *, int> Stage;
    for (unsigned I : ByKey) {
      MachineInstr *MI = S.Instrs[I];
      if (MI->isPHI() || MI->isTerminator() || !Partition.keeps(A, MI))
        continue;
      Order.push_back(MI);
      Stage[MI] = S.Placement[I].Stage;
    }
    unsigned Need = estimateLoopRegisters(Order, Stage, MRI);
    const model::AgentRecord &Rec = model::agents()[A - 1];
    if (Need > Rec.Registers)
      return formatv("agent {0} would keep {1} 32-bit registers live in its "
                     "loop, over its setmaxnreg budget of {2}",
                     Rec.Name, Need, Rec.Registers);
  }
  return "";
}

bool TileASMaterializeSchedule::materialize(const TileASLoopSchedule &S) {
  std::vector<Dependence> Deps;
  if (!checkSchedule(S, Deps))
    return false;
  MachineBasicBlock &Loop = *S.Loop;
  MachineFunction &MF = *Loop.getParent();
  std::string NotCounted;
  std::optional<TileASCountedLoop> Counted =
      TileASCountedLoop::analyze(Loop, &NotCounted);
  if (!Counted) {
    error(S, "its loop control is not a counted loop: " + NotCounted);
    return false;
  }
  MachineBasicBlock *Preheader = nullptr;
  for (MachineBasicBlock *P : Loop.predecessors())
    if (P != &Loop)
      Preheader = Preheader ? nullptr : P;
  if (!Preheader || Loop.pred_size() != 2) {
    error(S, "the loop has more than one entry");
    return false;
  }
  if (Error E = checkExpandable(*Counted)) {
    error(S, toString(std::move(E)));
    return false;
  }
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    if (S.Instrs[I] == Counted->Compare && S.Placement[I].Stage != 0) {
      error(S, formatv("the loop's exit test {0} is in stage {1}; it must be "
                       "in stage 0, where each kernel iteration decides "
                       "whether the next one starts",
                       describe(*Counted->Compare), S.Placement[I].Stage));
      return false;
    }

  // Pipe ids are unique in the function: after those of loops materialized
  // before this one.
  unsigned FirstPipeId = 0;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::PIPE_CREATE)
        FirstPipeId =
            std::max<unsigned>(FirstPipeId, MI.getOperand(0).getImm() + 1);
  // Solve before changing anything, so that a refusal leaves the function
  // exactly as it was.
  TileASCoordinationBuilder Coord(S);
  Expected<pipes::SolveResult> Solution =
      Coord.solve(FirstPipeId, /*Specialized=*/S.Unspecialized.empty());
  if (!Solution) {
    // A limitation of ours is not the user's error: the loop stays as it
    // was, with a remark; anything else is bad input or an internal error.
    handleAllErrors(
        Solution.takeError(),
        [&](const LoopLeftUnchanged &L) { remarkLeftUnchanged(Loop, L); },
        [&](const ErrorInfoBase &E) { error(S, E.message()); });
    return false;
  }

  // Warp specialization needs every value that crosses agents to be a
  // buffer the coordination hands over; decide before changing anything.
  std::optional<TileASAgentPartition> Partition;
  if (tileasPipelineStrategy() == TileASPipelineStrategy::WarpSpecialized) {
    StringRef Why;
    std::string IssueWhy;
    if (!S.Unspecialized.empty())
      Why = S.Unspecialized;
    else if (Specialized)
      Why = "an earlier loop of the function is warp-specialized";
    else {
      Partition.emplace(
          TileASAgentPartition::analyze(S, *Counted, *Solution, Deps));
      Why = Partition->why();
      if (Why.empty()) {
        TileASAgentIssue Issue = agentIssue(*Partition, Loop, *Counted);
        if (Issue.Bound > S.II)
          IssueWhy = formatv(
              "its {0} agents would issue {1} instructions more than the "
              "unspecialized loop (scalars each recomputes, its own loop "
              "control), which needs II {2} on the machine's slots where the "
              "schedule has {3}",
              Issue.Looping, Issue.Extra, Issue.Bound, S.II);
        Why = IssueWhy;
      }
      if (Why.empty()) {
        IssueWhy = agentOverBudget(S, *Partition);
        Why = IssueWhy;
      }
    }
    if (!Why.empty()) {
      ORE->emit([&] {
        return MachineOptimizationRemarkMissed(DEBUG_TYPE, "NotWarpSpecialized",
                                               Loop.findDebugLoc(Loop.begin()),
                                               &Loop)
               << "loop bb." << ore::NV("Block", Loop.getNumber()) << " in "
               << ore::NV("Function", MF.getName())
               << " not warp-specialized: " << ore::NV("Reason", Why)
               << "; it is materialized unspecialized";
      });
      Partition.reset();
      // The unspecialized form needs neither the handoffs nor the slack.
      Solution = Coord.solve(FirstPipeId, /*Specialized=*/false);
      if (!Solution) {
        handleAllErrors(
            Solution.takeError(),
            [&](const LoopLeftUnchanged &L) { remarkLeftUnchanged(Loop, L); },
            [&](const ErrorInfoBase &E) { error(S, E.message()); });
        return false;
      }
    }
  }

  // A dedicated preheader and exit keep the expansion and the coordination
  // placed before and after the loop on the loop's own paths.
  if (Preheader->succ_size() != 1)
    if (MachineBasicBlock *Split = Preheader->SplitCriticalEdge(&Loop, *this))
      Preheader = Split;
  MachineBasicBlock *Exit = Counted->Exit;
  if (Exit->pred_size() != 1)
    if (MachineBasicBlock *Split = Loop.SplitCriticalEdge(Exit, *this))
      Exit = Split;
  Counted = TileASCountedLoop::analyze(Loop);
  if (Preheader->succ_size() != 1 || Exit->pred_size() != 1 || !Counted) {
    MF.getFunction().getContext().emitError(formatv(
        "{0} bb.{1}: internal error: the loop's preheader or exit could not "
        "be made its own; the loop is not pipelined",
        MF.getName(), Loop.getNumber()));
    return true;
  }
  if (Partition)
    Coord.setIssuingAgents(Partition->issuingAgents());
  else
    Coord.setStreamAgent(streamAgentOf(*Preheader));
  Coord.emit(*Solution, *Counted, *Preheader, *Exit);
  if (Partition)
    Partition->addCoordination(Coord.placed());

  // The kernel order: scheduled ops by their key, new coordination next to
  // the op it is anchored to (before or after it, as placed in the block).
  DenseMap<MachineInstr *, int> Stage;
  DenseMap<const MachineInstr *, std::tuple<int64_t, int64_t, unsigned>> Key;
  DenseMap<const MachineInstr *, unsigned> BlockPos;
  unsigned Pos = 0;
  for (MachineInstr &MI : Loop)
    BlockPos[&MI] = Pos++;
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    Stage[S.Instrs[I]] = S.Placement[I].Stage;
    Key[S.Instrs[I]] = kernelKey(S.Placement[I], S.II);
  }
  for (const PlacedCoordination &PC : Coord.placed()) {
    // Copies first: inserting may move the anchor's entry.
    int AnchorStage = Stage.lookup(PC.Anchor);
    auto AnchorKey = Key.lookup(PC.Anchor);
    Stage[PC.MI] = AnchorStage;
    Key[PC.MI] = AnchorKey;
  }
  std::vector<MachineInstr *> Ordered;
  for (MachineInstr &MI : Loop)
    if (!MI.isPHI() && !MI.isTerminator() && !MI.isDebugInstr())
      Ordered.push_back(&MI);
  llvm::stable_sort(Ordered, [&](const MachineInstr *A, const MachineInstr *B) {
    auto KA = Key.lookup(A), KB = Key.lookup(B);
    if (KA != KB)
      return KA < KB;
    return BlockPos.lookup(A) < BlockPos.lookup(B);
  });

  // The original loop remains as the path for short trip counts, where it
  // runs one iteration at a time: put its body in the order the schedule
  // issues an iteration (start cycle, then order), so that the coordination
  // sits around the same neighbours there as in every pipelined copy.
  DenseMap<const MachineInstr *, std::pair<int64_t, unsigned>> Flat;
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    Flat[S.Instrs[I]] = {S.Placement[I].Start, S.Placement[I].Order};
  for (const PlacedCoordination &PC : Coord.placed())
    Flat[PC.MI] = Flat.lookup(PC.Anchor);
  std::vector<MachineInstr *> Sequential(Ordered);
  llvm::stable_sort(Sequential,
                    [&](const MachineInstr *A, const MachineInstr *B) {
                      auto FA = Flat.lookup(A), FB = Flat.lookup(B);
                      if (FA != FB)
                        return FA < FB;
                      return BlockPos.lookup(A) < BlockPos.lookup(B);
                    });
  reorderBlock(Loop, Sequential);
  if (Partition)
    return specialize(S, *Counted, *Preheader, *Exit, Coord, *Solution,
                      *Partition, Ordered, Stage);

  // What the self-check needs to know about the loop before the expansion
  // (which may delete it).
  TileASMaterializedLoop Check;
  Check.Placement = S.Placement;
  Check.II = S.II;
  Check.StageCount = S.StageCount;
  Check.FirstBarrier = Coord.firstBarrier();
  Check.BarrierLimit = Coord.barrierLimit();
  Check.ConstantTripCount = Counted->constantTripCount();
  {
    DenseMap<const MachineInstr *, unsigned> SchedIdx;
    for (unsigned I = 0; I < S.Instrs.size(); ++I)
      SchedIdx[S.Instrs[I]] = I;
    DenseMap<const MachineInstr *, const MachineInstr *> AnchorOf;
    for (const PlacedCoordination &PC : Coord.placed())
      AnchorOf[PC.MI] = PC.Anchor;
    for (unsigned I = 0; I < Ordered.size(); ++I) {
      const MachineInstr *MI = Ordered[I];
      bool IsCoord = AnchorOf.count(MI);
      Check.SchedIndex.push_back(SchedIdx.lookup(IsCoord ? AnchorOf[MI] : MI));
      Check.LoopIndex[MI] = I;
    }
  }

  TileASExpandedLoop Expanded =
      expandPipelinedLoop(*Counted, *Preheader, Ordered, Stage, S.StageCount);
  MachineBasicBlock *Kernel = Expanded.Kernel;
  if (Kernel)
    MF.getInfo<TileASMachineFunctionInfo>()->PipelinedKernels.push_back(
        Kernel->getNumber());

  // Check the result before anything else relies on it.
  pipes::SolveResult Solved = *Solution;
  bool LoopRemains = !Kernel || Kernel == &Loop || Expanded.Fallback;
  Check.Solution = &Solved;
  Check.Expanded = &Expanded;
  Check.Loop = LoopRemains ? &Loop : nullptr;
  if (!LoopRemains)
    Check.LoopIndex.clear();
  Check.Preheader = Preheader;
  Check.Exit = Exit;
  injectFault(Expanded, Solved, Check);
  std::string Problem = checkMaterializedLoop(Check);
  if (!Problem.empty()) {
    MF.getFunction().getContext().emitError(
        formatv("{0}: internal error: the materialized loop fails its "
                "self-check: {1}",
                MF.getName(), Problem));
    return true;
  }

  if (!Kernel) {
    ORE->emit([&] {
      return MachineOptimizationRemarkMissed(
                 DEBUG_TYPE, "TripCountBelowStages",
                 Expanded.Fallback->findDebugLoc(Expanded.Fallback->begin()),
                 Expanded.Fallback)
             << "not pipelined: its trip count "
             << ore::NV("TripCount", *Counted->constantTripCount())
             << " is below the " << ore::NV("Stages", S.StageCount)
             << " stages of its schedule; it runs one iteration at a time, "
                "with its coordination";
    });
    return true;
  }
  ORE->emit([&] {
    unsigned Rings = 0;
    for (const pipes::Pipe &P : Solution->Pipes)
      Rings += P.Kind == pipes::PipeKind::Ring;
    return MachineOptimizationRemark(DEBUG_TYPE, "Materialized",
                                     Kernel->findDebugLoc(Kernel->begin()),
                                     Kernel)
           << "materialized II=" << ore::NV("II", S.II) << " with "
           << ore::NV("Stages", S.StageCount)
           << " stages: " << ore::NV("Pipes", Rings) << " ring pipe(s), "
           << ore::NV("OtherPipes", unsigned(Solution->Pipes.size() - Rings))
           << " other pipe(s), "
           << ore::NV("Mutexes", unsigned(Solution->Mutexes.size()))
           << " mutex(es), " << ore::NV("Barriers", Solution->BarriersUsed)
           << " barrier(s)";
  });
  return true;
}

bool TileASMaterializeSchedule::specialize(
    const TileASLoopSchedule &S, const TileASCountedLoop &Counted,
    MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
    TileASCoordinationBuilder &Coord, const pipes::SolveResult &Solution,
    TileASAgentPartition &Partition, ArrayRef<MachineInstr *> Ordered,
    const DenseMap<MachineInstr *, int> &Stage) {
  MachineFunction &MF = *S.Loop->getParent();
  MachineBasicBlock &Loop = *S.Loop;
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
  std::vector<TileASExpandedLoop> Loops =
      warpSpecializeLoop(S, Counted, Preheader, Exit, Coord, Solution,
                         Partition, Ordered, Stage, Fits);
  Specialized = true;
  MachineBasicBlock *First = nullptr;
  for (const TileASAgentFit &Fit : Fits)
    if (Fit.ShortKernel)
      MF.getInfo<TileASMachineFunctionInfo>()->PipelinedKernels.push_back(
          Fit.ShortKernel->getNumber());
  for (const TileASExpandedLoop &E : Loops)
    if (E.Kernel) {
      MF.getInfo<TileASMachineFunctionInfo>()->PipelinedKernels.push_back(
          E.Kernel->getNumber());
      First = First ? First : E.Kernel;
    }
  MachineBasicBlock *At = First ? First : &Preheader;
  for (unsigned A = 1; A <= Loops.size(); ++A) {
    const TileASExpandedLoop &E = Loops[A - 1];
    const TileASAgentFit &Fit = Fits[A - 1];
    if (!E.Kernel)
      continue;
    ORE->emit([&] {
      return MachineOptimizationRemarkAnalysis(
                 DEBUG_TYPE, "AgentRegisterNeed",
                 E.Kernel->findDebugLoc(E.Kernel->begin()), E.Kernel)
             << "agent " << model::agents()[A - 1].Name << " keeps about "
             << ore::NV("Need", Fit.Need)
             << " 32-bit registers live in its loop, of its budget "
             << ore::NV("Budget", Fit.Budget);
    });
    if (Fit.Distance < Fit.Requested)
      ORE->emit([&] {
        return MachineOptimizationRemarkMissed(
                   DEBUG_TYPE, "PrefetchShortened",
                   E.Kernel->findDebugLoc(E.Kernel->begin()), E.Kernel)
               << "agent " << model::agents()[A - 1].Name
               << " prefetches its far-memory loads "
               << ore::NV("Distance", Fit.Distance)
               << " iteration(s) ahead instead of "
               << ore::NV("Requested", Fit.Requested) << ": that would keep "
               << ore::NV("RequestedNeed", Fit.RequestedNeed)
               << " 32-bit registers live, over its budget of "
               << ore::NV("Budget", Fit.Budget);
      });
    if (E.NumStages <= S.StageCount)
      continue;
    ORE->emit([&] {
      return MachineOptimizationRemarkAnalysis(
                 DEBUG_TYPE, "FarMemoryPrefetch",
                 E.Kernel->findDebugLoc(E.Kernel->begin()), E.Kernel)
             << "agent " << model::agents()[A - 1].Name
             << " issues the far-memory loads it reads itself "
             << ore::NV("Distance", Fit.Distance)
             << " iteration(s) further ahead of their readers: "
             << ore::NV("AgentStages", E.NumStages) << " stages instead of "
             << ore::NV("Stages", S.StageCount);
    });
  }
  ORE->emit([&] {
    MachineOptimizationRemark R(DEBUG_TYPE, "WarpSpecialized",
                                At->findDebugLoc(At->begin()), At);
    R << "loop bb." << ore::NV("Block", LoopNumber) << " in "
      << ore::NV("Function", MF.getName())
      << " warp-specialized at II=" << ore::NV("II", S.II) << " with "
      << ore::NV("Stages", S.StageCount) << " stages into "
      << ore::NV("Agents", unsigned(Loops.size())) << " agents:";
    for (unsigned A = 1; A <= Loops.size(); ++A) {
      const model::AgentRecord &Rec = model::agents()[A - 1];
      R << (A > 1 ? "," : "") << " " << Rec.Name << " ("
        << ore::NV("Warps", Rec.Warps) << " warp(s), "
        << ore::NV("Registers", Rec.Registers) << " registers, "
        << ore::NV("Instructions", Issued[A - 1]) << " instructions)";
    }
    return R;
  });
  return true;
}
