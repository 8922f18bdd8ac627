//===- TileASGenerateSchedule.cpp - Modulo-schedule TileAS loops ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-generate-schedule: for every single-block loop, builds the
// scheduling problem (TileASLoopProblem), runs the scheduling core
// (constraint refinement around the modulo or serial generator; with
// -tileas-verify-schedule it runs the independent verifier on the schedule
// it returns), and records the schedule, with the problem and the counted
// loop, in TileASScheduleAnalysis (TileASLoopSchedule). It changes no
// instruction: the only output is the analysis (and, under
// -tileas-annotate-schedule, its copy in the MIR). Every loop gets a remark:
// the II and its bounds, or why it was left as it was.
//
//===----------------------------------------------------------------------===//

#include "Pipeliner/TileASGenerateSchedule.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordination.h"
#include "Pipeliner/TileASAnnotatedSchedule.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopProblem.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "Pipeliner/TileASSchedulePrinter.h"
#include "Pipeliner/TileASStrategyChoice.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASOptions.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASComputeSplit.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/RegisterPressure.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <limits>

using namespace llvm;
using namespace tileas;

#define DEBUG_TYPE "tileas-generate-schedule"

static cl::opt<unsigned>
    MaxII("tileas-max-ii",
          cl::desc("Highest initiation interval tried (0: derived from the "
                   "loop, at least its non-overlapped length)"),
          cl::init(0));
static cl::opt<unsigned>
    MaxStages("tileas-max-stages",
              cl::desc("Largest stage count a schedule may have (0: bounded "
                       "only by the budgets)"),
              cl::init(0));
static cl::opt<unsigned> MaxConstraintIterations(
    "tileas-max-constraint-iterations",
    cl::desc("Bound on constraint-refinement rounds per loop"), cl::init(16));
static cl::opt<unsigned> SearchEffort(
    "tileas-search-effort",
    cl::desc("Effort the II search may spend per op and dependence of a loop "
             "(compile time against II quality; see SchedulerOptions)"),
    cl::init(SchedulerOptions().SearchEffortFactor));
static cl::opt<bool>
    PrintSchedule("tileas-print-schedule",
                  cl::desc("Print each loop's schedule (kernel reservation "
                           "table, per-instruction stage/order, and the "
                           "memory and ordering dependences)"),
                  cl::init(false));
static cl::opt<bool> AnnotateSchedule(
    "tileas-annotate-schedule",
    cl::desc("Write each schedule into the MIR (machineFunctionInfo) so that "
             "materialization can be run from it"),
    cl::init(false));
static cl::opt<bool>
    ForceModulo("tileas-force-modulo",
                cl::desc("Use the modulo generator even where the selection "
                         "rule picks the serial one"),
                cl::init(false));

static cl::opt<bool> RegisterAware(
    "tileas-register-aware",
    cl::desc("Weigh register pressure: a schedule whose registers exceed the "
             "per-thread limit (each agent's budget when warp-specialized) is "
             "replaced by one with fewer stages that fits (remark "
             "RegisterBound); false keeps the resources' schedule"),
    cl::init(true));
static cl::opt<bool> RemarkRegisters(
    "tileas-remark-registers", cl::Hidden,
    cl::desc("Emit the RegisterBound remark for every scheduled loop, also "
             "where the registers fit (for comparing the estimate with an "
             "allocation)"),
    cl::init(false));
static cl::opt<unsigned> RegisterLimit(
    "tileas-register-limit",
    cl::desc("Per-thread register limit of an unspecialized loop for "
             "-tileas-register-aware (0: the machine's, 255 on sm_100a)"),
    cl::init(0));

SchedulerOptions TileASGenerateScheduleOptions::schedulerOptions() const {
  SchedulerOptions Opts;
  Opts.MaxII = MaxII;
  Opts.MaxStages = MaxStages;
  Opts.MaxConstraintIterations = MaxConstraintIterations;
  Opts.SearchEffortFactor = SearchEffort;
  Opts.ForceModulo = ForceModulo;
  Opts.Verify = Target.VerifySchedules;
  return Opts;
}

TileASGenerateScheduleOptions
TileASGenerateScheduleOptions::fromSchedulerOptions(
    const SchedulerOptions &Core, TileASPipelinerOptions Target) {
  TileASGenerateScheduleOptions O;
  O.Target = Target;
  O.Target.VerifySchedules = Core.Verify;
  O.MaxII = Core.MaxII;
  O.MaxStages = Core.MaxStages;
  O.MaxConstraintIterations = Core.MaxConstraintIterations;
  O.SearchEffort = Core.SearchEffortFactor;
  O.ForceModulo = Core.ForceModulo;
  return O;
}

TileASGenerateScheduleOptions TileASGenerateScheduleOptions::fromCommandLine() {
  TileASGenerateScheduleOptions O;
  O.Target = TileASPipelinerOptions::fromCommandLine();
  O.MaxII = ::MaxII;
  O.MaxStages = ::MaxStages;
  O.MaxConstraintIterations = ::MaxConstraintIterations;
  O.SearchEffort = ::SearchEffort;
  O.PrintSchedule = ::PrintSchedule;
  O.AnnotateSchedule = ::AnnotateSchedule;
  O.ForceModulo = ::ForceModulo;
  O.RegisterAware = ::RegisterAware;
  O.RegisterLimit = ::RegisterLimit;
  return O;
}

SmallVector<unsigned, 4>
llvm::registerLimits(const MachineFunction &MF,
                     const TileASGenerateScheduleOptions &Opts) {
  SmallVector<unsigned, 4> Limits;
  if (!Opts.RegisterAware)
    return Limits;
  const model::Machine &M = tileasMachine(MF);
  if (Opts.Target.warpSpecialized() && !M.agents().empty()) {
    // As materialization's check (TileASAgentRegisters.h): the compute
    // (default) agent may take the largest budget the register file leaves
    // it with the others at theirs (in td order here; the check lays the
    // agents out); a producer keeps its td budget.
    SmallVector<unsigned, 4> Layout, Budgets{0};
    for (unsigned A = 1; A <= M.agents().size(); ++A) {
      Layout.push_back(A);
      Budgets.push_back(M.agents()[A - 1].Registers);
    }
    for (unsigned A = 1; A <= M.agents().size(); ++A)
      Limits.push_back(
          A == M.defaultAgent()
              ? std::max(Budgets[A], largestAgentBudget(M, Layout, Budgets, A))
              : Budgets[A]);
    return Limits;
  }
  unsigned Largest = M.agentRegisterRule().MaxRegisters;
  Limits.push_back(Opts.RegisterLimit ? Opts.RegisterLimit
                   : Largest          ? std::min(Largest, 256u) - 1
                                      : 255);
  return Limits;
}

SmallVector<bool, 4> llvm::fragmentGroups(const TileASLoopProblem &LP) {
  const MachineRegisterInfo &MRI = LP.Loop->getParent()->getRegInfo();
  SmallVector<bool, 4> Groups;
  for (unsigned I = 0, E = LP.Instrs.size(); I != E; ++I) {
    unsigned G = LP.Problem.operations()[I].RegisterGroup;
    if (Groups.size() <= G)
      Groups.resize(G + 1, false);
    for (const MachineOperand &MO : LP.Instrs[I]->defs())
      if (MO.isReg() && MO.getReg().isVirtual() &&
          MRI.getRegClass(MO.getReg())->getID() == TileAS::FRAGRegClassID)
        Groups[G] = true;
  }
  return Groups;
}

void llvm::reserveSequenceRegisters(SmallVectorImpl<unsigned> &Limits,
                                    const TileASLoopProblem &LP) {
  SmallVector<bool, 4> Frag = fragmentGroups(LP);
  auto Reserve = [](unsigned &Limit) {
    Limit = Limit > tileas::FragmentSequenceRegisters
                ? Limit - tileas::FragmentSequenceRegisters
                : 1;
  };
  // One limit: the whole loop in one register file.
  if (Limits.size() == 1) {
    if (is_contained(Frag, true))
      Reserve(Limits[0]);
    return;
  }
  for (unsigned G = 0; G < Limits.size() && G < Frag.size(); ++G)
    if (Frag[G] && Limits[G])
      Reserve(Limits[G]);
}

namespace {

class TileASGenerateSchedule : public MachineFunctionPass {
public:
  static char ID;
  TileASGenerateSchedule() : MachineFunctionPass(ID) {}
  explicit TileASGenerateSchedule(const TileASGenerateScheduleOptions &Opts)
      : MachineFunctionPass(ID), Given(Opts) {}

  StringRef getPassName() const override { return "TileAS generate schedule"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineLoopInfoWrapperPass>();
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.addRequired<TileASScheduleAnalysis>();
    AU.setPreservesAll();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;
  /// Errors for constraint annotations that name no single-block loop.
  void checkConstraintBlocks(MachineFunction &MF, const MachineLoopInfo &MLI);

private:
  void scheduleBlock(MachineBasicBlock &MBB);
  /// The problem of the loop MBB if it is one TileAS can pipeline; else
  /// reports why not and returns nothing.
  std::optional<TileASLoopProblem>
  pipelinableProblem(MachineBasicBlock &MBB,
                     std::optional<TileASCountedLoop> &Counted);
  void remarkNotPipelined(MachineBasicBlock &MBB, StringRef Reason);
  void remarkMultiBlockLoop(const MachineLoop &L);
  void remarkScheduled(const TileASLoopSchedule &S);
  /// Where registers decided the schedule: RegisterBound.
  void remarkRegisterBound(const TileASLoopSchedule &S);
  void remarkFailure(const TileASLoopProblem &LP, const ScheduleResult &R);
  void annotate(const TileASLoopSchedule &S);

  /// Options given when the pass was made; else read at each run.
  std::optional<TileASGenerateScheduleOptions> Given;
  TileASGenerateScheduleOptions Opts;
  MachineOptimizationRemarkEmitter *ORE = nullptr;
  TileASScheduleAnalysis *Analysis = nullptr;
  bool Changed = false;
};

} // namespace

char TileASGenerateSchedule::ID = 0;

INITIALIZE_PASS_BEGIN(TileASGenerateSchedule, DEBUG_TYPE,
                      "TileAS generate schedule", false, false)
INITIALIZE_PASS_DEPENDENCY(MachineLoopInfoWrapperPass)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_DEPENDENCY(TileASScheduleAnalysis)
INITIALIZE_PASS_END(TileASGenerateSchedule, DEBUG_TYPE,
                    "TileAS generate schedule", false, false)

FunctionPass *llvm::createTileASGenerateSchedulePass() {
  return new TileASGenerateSchedule();
}

FunctionPass *llvm::createTileASGenerateSchedulePass(
    const TileASGenerateScheduleOptions &Opts) {
  return new TileASGenerateSchedule(Opts);
}

bool TileASGenerateSchedule::runOnMachineFunction(MachineFunction &MF) {
  Opts = Given ? *Given : TileASGenerateScheduleOptions::fromCommandLine();
  ORE = &getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  Analysis = &getAnalysis<TileASScheduleAnalysis>();
  const MachineLoopInfo &MLI =
      getAnalysis<MachineLoopInfoWrapperPass>().getLI();
  Changed = false;
  Analysis->markGenerated();
  checkConstraintBlocks(MF, MLI);
  // Block order, not loop-tree order: remarks and output are deterministic.
  for (MachineBasicBlock &MBB : MF) {
    const MachineLoop *L = MLI.getLoopFor(&MBB);
    if (!L || L->getHeader() != &MBB)
      continue;
    if (L->getNumBlocks() == 1 && MBB.isSuccessor(&MBB))
      scheduleBlock(MBB);
    else if (L->isInnermost())
      remarkMultiBlockLoop(*L);
  }
  return Changed;
}

void TileASGenerateSchedule::checkConstraintBlocks(MachineFunction &MF,
                                                   const MachineLoopInfo &MLI) {
  // Each loop reads the constraints of its own block: one that names any
  // other block would be dropped without a word.
  auto Check = [&](unsigned Block, StringRef What) {
    const MachineBasicBlock *MBB =
        Block < MF.getNumBlockIDs() ? MF.getBlockNumbered(Block) : nullptr;
    const MachineLoop *L = MBB ? MLI.getLoopFor(MBB) : nullptr;
    if (L && L->getHeader() == MBB && L->getNumBlocks() == 1 &&
        MBB->isSuccessor(MBB))
      return;
    MF.getFunction().getContext().emitError(
        formatv("{0}: {1} names bb.{2}, which {3}", MF.getName(), What, Block,
                MBB ? "is not a single-block loop (only those are scheduled)"
                    : "does not exist"));
  };
  const auto *MFI = MF.getInfo<TileASMachineFunctionInfo>();
  for (const tileas_mfi::InstrConstraint &C : MFI->Constraints)
    Check(C.Block, formatv("the scheduling constraint on instruction {0} ({1})",
                           C.Instr, C.Opcode)
                       .str());
  for (unsigned Block : MFI->ForceSerialBlocks)
    Check(Block, "forceSerialBlocks");
}

static DebugLoc loopLoc(const MachineBasicBlock &MBB) {
  for (const MachineInstr &MI : MBB)
    if (MI.getDebugLoc())
      return MI.getDebugLoc();
  return DebugLoc();
}

void TileASGenerateSchedule::remarkMultiBlockLoop(const MachineLoop &L) {
  const MachineBasicBlock &Header = *L.getHeader();
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "NotPipelined",
                                           loopLoc(Header), &Header)
           << "loop bb." << ore::NV("Block", Header.getNumber()) << " in "
           << ore::NV("Function", Header.getParent()->getName())
           << " not pipelined: its body is "
           << ore::NV("Blocks", L.getNumBlocks())
           << " blocks (a branch inside, or an unrolled loop that kept an "
              "exit test per copy); only a single-block loop is scheduled";
  });
}

void TileASGenerateSchedule::remarkNotPipelined(MachineBasicBlock &MBB,
                                                StringRef Reason) {
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "NotPipelined",
                                           loopLoc(MBB), &MBB)
           << "loop bb." << ore::NV("Block", MBB.getNumber()) << " in "
           << ore::NV("Function", MBB.getParent()->getName())
           << " not pipelined: " << ore::NV("Reason", Reason);
  });
}

std::optional<TileASLoopProblem> TileASGenerateSchedule::pipelinableProblem(
    MachineBasicBlock &MBB, std::optional<TileASCountedLoop> &Counted) {
  MachineFunction &MF = *MBB.getParent();
  Expected<TileASLoopProblem> LP = TileASLoopProblem::build(MBB, Opts.Target);
  if (!LP) {
    MF.getFunction().getContext().emitError(
        formatv("{0}: {1}", MF.getName(), toString(LP.takeError())));
    return std::nullopt;
  }
  // Materialization expands only counted loops: a schedule of any other
  // loop could not be used (an unrolled loop from opt -O2 whose exit test
  // compares a remainder count, for one), so it is not made.
  std::string NotCounted;
  if (LP->Unsupported.empty()) {
    Counted = TileASCountedLoop::analyze(MBB, &NotCounted);
    if (!Counted)
      LP->Unsupported = formatv("its loop control is not a counted loop, which "
                                "materialization cannot expand: {0}",
                                NotCounted);
  }
  if (!LP->Unsupported.empty()) {
    remarkNotPipelined(MBB, LP->Unsupported);
    return std::nullopt;
  }
  return std::move(*LP);
}

TileASLoopSchedule llvm::makeLoopSchedule(TileASLoopProblem LP,
                                          TileASCountedLoop Counted,
                                          TileASStrategyChoice Choice,
                                          const TileASPipelinerOptions &Opts) {
  const ScheduleResult &R = Choice.Result;
  TileASLoopSchedule S;
  S.Loop = LP.Loop;
  S.Instrs = LP.Instrs;
  S.Placement = instructionPlacements(LP, R.Sched);
  S.II = R.Sched.II;
  S.StageCount = R.Sched.StageCount;
  S.Bounds = R.Sched.Bounds;
  S.Refined = R.Sched.Refined;
  S.Flags = R.Sched.Flags;
  S.Registers = R.Sched.Registers;
  S.Form = Opts.warpSpecialized() && Choice.Unspecialized.empty()
               ? TileASLoopForm::WarpSpecialized
               : TileASLoopForm::Unspecialized;
  S.FormReason = std::move(Choice.Unspecialized);
  // Hand over the problem the schedule solves.
  if (Choice.UnspecializedProblem)
    LP.Problem = std::move(*Choice.UnspecializedProblem);
  S.Problem = std::make_shared<const TileASLoopProblem>(std::move(LP));
  S.Counted = std::move(Counted);
  return S;
}

void TileASGenerateSchedule::scheduleBlock(MachineBasicBlock &MBB) {
  std::optional<TileASCountedLoop> Counted;
  std::optional<TileASLoopProblem> LP = pipelinableProblem(MBB, Counted);
  if (!LP)
    return;

  // The core verifies its result when asked to (-tileas-verify-schedule),
  // on the problem that result solves: the one handed over.
  SchedulerOptions SchedOpts = Opts.schedulerOptions();
  SchedOpts.RegisterLimits = registerLimits(*MBB.getParent(), Opts);
  // Each compute warpgroup fitted to its own limit (TileASComputeSplit.h).
  if (Opts.Target.warpSpecialized())
    splitComputeRegisterGroups(*LP, SchedOpts.RegisterLimits);
  reserveSequenceRegisters(SchedOpts.RegisterLimits, *LP);
  TileASStrategyChoice Choice;
  Choice.Result = tileas::scheduleLoop(LP->Problem, SchedOpts);
  if (!Opts.Target.WSKeepSlowerII)
    Choice = chooseStrategy(LP->Problem, std::move(Choice.Result), SchedOpts);
  if (!Choice.Result.Success) {
    remarkFailure(*LP, Choice.Result);
    return;
  }

  TileASLoopSchedule S = makeLoopSchedule(std::move(*LP), std::move(*Counted),
                                          std::move(Choice), Opts.Target);
  solveHandoffCoordination(S, Opts.Target);
  remarkScheduled(S);
  remarkRegisterBound(S);
  if (Opts.PrintSchedule) {
    printLoopSchedule(errs(), S);
    printOrderingDependences(errs(), S.Problem->Problem);
  }
  if (Opts.AnnotateSchedule)
    annotate(S);
  Analysis->record(std::move(S));
}

void TileASGenerateSchedule::remarkScheduled(const TileASLoopSchedule &S) {
  MachineBasicBlock &MBB = *S.Loop;
  const MIIBounds &B = S.Bounds;
  ORE->emit([&] {
    MachineOptimizationRemarkAnalysis R(DEBUG_TYPE, "Scheduled", loopLoc(MBB),
                                        &MBB);
    // The machine first: -mcpu picks it, and the II is its.
    R << ore::NV("Machine", tileasMachine(*MBB.getParent()).name())
      << ": loop bb." << ore::NV("Block", MBB.getNumber()) << " in "
      << ore::NV("Function", MBB.getParent()->getName())
      << ": II=" << ore::NV("II", S.II) << " MII=" << ore::NV("MII", B.mii())
      << " (res " << ore::NV("ResMII", B.Resource) << ", rec "
      << ore::NV("RecMII", B.Recurrence) << ", fine "
      << ore::NV("FineMII", B.FineDensity) << ", dep "
      << ore::NV("DepMII", B.Dependency);
    // Shown where a recurrence's own resources prove more than its ratio.
    if (B.RecurrenceResource > B.Recurrence)
      R << ", rec+res " << ore::NV("RecResMII", B.RecurrenceResource);
    if (B.Budget)
      R << ", budget " << ore::NV("BudgetMII", B.Budget);
    R << "), stages " << ore::NV("Stages", S.StageCount);
    if (S.II == B.mii())
      R << ", optimal (the " << ore::NV("Bound", B.bindingName()) << " bound)";
    else if (const RefinedProblem &RP = S.Refined; RP.refined())
      R << ", the MII of the problem refined for its coordination ("
        << ore::NV("RefinedOrderings", RP.Orderings) << " orderings, "
        << ore::NV("RefinedCaps", RP.CappedRings) << " ring caps) is "
        << ore::NV("RefinedMII", RP.MII);
    if (S.Flags & SF_Serial)
      R << " (serial generator)";
    return R;
  });
}

void TileASGenerateSchedule::remarkRegisterBound(const TileASLoopSchedule &S) {
  const RegisterFit &Fit = S.Registers;
  if (!Fit.Limit || (!Fit.Rescheduled && Fit.fits() && !RemarkRegisters))
    return;
  MachineBasicBlock &MBB = *S.Loop;
  const model::Machine &M = tileasMachine(*MBB.getParent());
  // Warp-specialized, the limit is an agent's budget: name the agent.
  bool Warp = Opts.Target.warpSpecialized() && Fit.Group < M.agents().size();
  std::string Whose =
      Warp ? formatv("agent {0}'s {1}", M.agents()[Fit.Group].Name,
                     Fit.Group + 1 == M.defaultAgent() ? "limit"
                                                       : "setmaxnreg budget")
                 .str()
           : std::string("the per-thread limit");
  // Registers the fragments' PTX sequences take (reserveSequenceRegisters).
  SmallVector<bool, 4> Frag = fragmentGroups(*S.Problem);
  std::string Reserved;
  if (Warp ? Fit.Group < Frag.size() && Frag[Fit.Group]
           : is_contained(Frag, true))
    Reserved = formatv(" ({0} less the {1} its PTX sequences need)",
                       Fit.Limit + tileas::FragmentSequenceRegisters,
                       tileas::FragmentSequenceRegisters)
                   .str();
  ORE->emit([&] {
    MachineOptimizationRemarkAnalysis R(DEBUG_TYPE, "RegisterBound",
                                        loopLoc(MBB), &MBB);
    R << "loop bb." << ore::NV("Block", MBB.getNumber()) << " in "
      << ore::NV("Function", MBB.getParent()->getName()) << ": ";
    // Not "in F: II=", which is how the Scheduled remark starts.
    if (Fit.Rescheduled)
      R << "scheduled for registers at II=" << ore::NV("II", S.II) << " with "
        << ore::NV("Stages", S.StageCount)
        << (S.StageCount == 1 ? " stage: " : " stages: ");
    R << ore::NV("Registers", Fit.Estimate) << " 32-bit registers estimated "
      << (Fit.fits() ? "within " : "over ") << Whose << " of "
      << ore::NV("Limit", Fit.Limit) << Reserved
      << "; the resources alone allowed II="
      << ore::NV("ResourceII", Fit.ResourceII) << " with "
      << ore::NV("ResourceStages", Fit.ResourceStages) << " stages and "
      << ore::NV("ResourceRegisters", Fit.ResourceEstimate) << " registers";
    if (!Fit.fits())
      R << " (no schedule with fewer stages fits; this one needs the fewest)";
    return R;
  });
}

void TileASGenerateSchedule::remarkFailure(const TileASLoopProblem &LP,
                                           const ScheduleResult &R) {
  const ScheduleFailure &F = R.Failure;
  const MachineBasicBlock &MBB = *LP.Loop;
  const ResourceModel &RM = LP.Problem.model();
  std::string Detail;
  raw_string_ostream OS(Detail);
  OS << F.Reason;
  if (F.CandidateII)
    OS << "; candidate II " << F.CandidateII;
  if (F.Op >= 0 && unsigned(F.Op) < LP.Instrs.size()) {
    const Operation &Op = LP.Problem.operations()[F.Op];
    OS << "; op " << Op.Name;
    if (F.SlotTriple >= 0 && unsigned(F.SlotTriple) < Op.Slots.size()) {
      const SlotUse &T = Op.Slots[F.SlotTriple];
      const SlotDesc *D = RM.findSlot(T.Slot);
      OS << formatv(", triple (slot {0} {1}, {2} cycles)", T.Slot,
                    D ? D->Name : "?", T.Duration);
    }
    for (auto [Row, Bits] : F.ConflictRows)
      OS << formatv(", row {0} holds {1:x}", Row, Bits);
    OS << formatv(", dependence window [{0}, {1}]", F.EarliestStart,
                  F.LatestStart);
    if (F.Pool >= 0 && unsigned(F.Pool) < RM.pools().size())
      OS << ", pool " << RM.pools()[F.Pool].Name << " refused";
    if (F.Budget >= 0 && unsigned(F.Budget) < RM.budgets().size())
      OS << ", budget " << RM.budgets()[F.Budget].Name << " refused";
    OS << formatv(", group {0}, stage {1}", F.Group, F.Stage);
  }
  ORE->emit([&] {
    const MIIBounds &B = R.Bounds;
    // A bound that no II meets (a budget pool too small at every II) is
    // the largest unsigned: say so rather than print 4294967295.
    bool NoII = B.mii() == std::numeric_limits<unsigned>::max();
    MachineOptimizationRemarkMissed Remark(DEBUG_TYPE, "NotPipelined",
                                           loopLoc(MBB), &MBB);
    Remark << "loop bb." << ore::NV("Block", MBB.getNumber()) << " in "
           << ore::NV("Function", MBB.getParent()->getName())
           << " not pipelined (MII=";
    if (NoII)
      Remark << ore::NV("MII", "none");
    else
      Remark << ore::NV("MII", B.mii());
    return Remark << "): " << ore::NV("Reason", Detail);
  });
}

void TileASGenerateSchedule::annotate(const TileASLoopSchedule &S) {
  tileas_mfi::LoopSchedule A = annotationOf(S);
  auto &All =
      S.Loop->getParent()->getInfo<TileASMachineFunctionInfo>()->Schedules;
  llvm::erase_if(All, [&](const tileas_mfi::LoopSchedule &X) {
    return X.Block == A.Block;
  });
  All.push_back(std::move(A));
  llvm::stable_sort(
      All, [](const tileas_mfi::LoopSchedule &X,
              const tileas_mfi::LoopSchedule &Y) { return X.Block < Y.Block; });
  Changed = true;
}
