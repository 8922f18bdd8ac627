//===- TileASEventSchedule.cpp - Keep cross-pipe events within budget -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// tileas-event-schedule: reorders the instructions of each basic block so that
// the live cross-pipe synchronization events of every ordered pipe pair stay
// within the machine's budget (td/: EventModel, EventBudget), using the
// IR-independent event scheduler (lib/EventSched).
//
// Each instruction runs on the event pipe of its resource vector. Registers,
// global memory and each local-memory spill slot are the locations whose
// reads and writes order instructions (values in shared or tensor memory are
// SSA registers here). Anything with unmodelled side effects — barriers, the
// PIPE_ and MUTEX_ coordination of materialized loops — is a full barrier;
// calls and inline assembly also keep their relative order. PHIs stay at the
// top and terminators at the bottom; the kernels of pipelined loops keep the
// order their modulo schedule gave them. A block already within budget is
// left exactly as it was.
//
//===----------------------------------------------------------------------===//

#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "tileas/EventSched/DAGBuilder.h"
#include "tileas/EventSched/EventBudget.h"
#include "tileas/EventSched/EventScheduler.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tileas;

#define DEBUG_TYPE "tileas-event-schedule"

static cl::opt<int> EventBudgetAll(
    "tileas-event-budget",
    cl::desc("Live cross-pipe events allowed for every ordered pipe pair "
             "(default: the machine description's)"),
    cl::init(-1));
static cl::opt<std::string> EventBudgetOverrides(
    "tileas-event-budget-overrides",
    cl::desc("Per-pair budgets, as \"SRC->DST=N,...\" with pipe names from "
             "td/ (\"*\" for every pipe)"),
    cl::init(""));
static cl::opt<bool> EventPrint(
    "tileas-event-print",
    cl::desc("Print each block's event schedule (peaks before and after, the "
             "strategy, the order)"),
    cl::init(false));
static cl::opt<unsigned> EventExactMaxOps(
    "tileas-event-exact-max-ops",
    cl::desc("Blocks of at most this many instructions get the exact search"),
    cl::init(20));

namespace {

class TileASEventSchedule : public MachineFunctionPass {
public:
  static char ID;
  TileASEventSchedule() : MachineFunctionPass(ID) {}

  StringRef getPassName() const override { return "TileAS event schedule"; }
  void getAnalysisUsage(AnalysisUsage &AU) const override {
    AU.addRequired<MachineOptimizationRemarkEmitterPass>();
    AU.setPreservesCFG();
    MachineFunctionPass::getAnalysisUsage(AU);
  }
  bool runOnMachineFunction(MachineFunction &MF) override;

private:
  bool scheduleBlock(MachineBasicBlock &MBB, const EventBudget &Budget);
  OpEffects effectsOf(const MachineInstr &MI);

  MachineOptimizationRemarkEmitter *ORE = nullptr;
  PipeTable Pipes;
  unsigned IssuerPipe = 0;
  /// Location ids: registers, global memory, spill slots.
  DenseMap<Register, unsigned> RegLocation;
  DenseMap<int, unsigned> SlotLocation;
  unsigned NextLocation = 0;
  unsigned GlobalMemory = 0;
};

} // namespace

char TileASEventSchedule::ID = 0;

INITIALIZE_PASS_BEGIN(TileASEventSchedule, DEBUG_TYPE, "TileAS event schedule",
                      false, false)
INITIALIZE_PASS_DEPENDENCY(MachineOptimizationRemarkEmitterPass)
INITIALIZE_PASS_END(TileASEventSchedule, DEBUG_TYPE, "TileAS event schedule",
                    false, false)

FunctionPass *llvm::createTileASEventSchedulePass() {
  return new TileASEventSchedule();
}

OpEffects TileASEventSchedule::effectsOf(const MachineInstr &MI) {
  OpEffects E;
  E.Pipe = IssuerPipe;
  const model::OpcodeRecord *Rec = model::lookupOpcode(MI.getOpcode());
  if (Rec)
    E.Pipe = model::resourceVector(*Rec).Pipe;
  E.Name = MI.getMF()->getSubtarget().getInstrInfo()->getName(MI.getOpcode());

  auto Location = [&](Register R) {
    auto [It, New] = RegLocation.try_emplace(R, NextLocation);
    if (New)
      ++NextLocation;
    return It->second;
  };
  for (const MachineOperand &MO : MI.operands()) {
    if (MO.isReg() && MO.getReg()) {
      if (MO.readsReg())
        E.Reads.push_back(Location(MO.getReg()));
      if (MO.isDef())
        E.Writes.push_back(Location(MO.getReg()));
    } else if (MO.isFI()) {
      auto [It, New] = SlotLocation.try_emplace(MO.getIndex(), NextLocation);
      if (New)
        ++NextLocation;
      (MI.mayStore() ? E.Writes : E.Reads).push_back(It->second);
    }
  }
  model::MemorySpace Space = Rec ? Rec->Space : model::MemorySpace::Global;
  if (Space == model::MemorySpace::Global ||
      (Space == model::MemorySpace::Local &&
       !llvm::any_of(MI.operands(),
                     [](const MachineOperand &MO) { return MO.isFI(); }))) {
    if (MI.mayLoad())
      E.Reads.push_back(GlobalMemory);
    if (MI.mayStore())
      E.Writes.push_back(GlobalMemory);
  }
  E.UnknownSideEffects =
      MI.hasUnmodeledSideEffects() || MI.isCall() || MI.isInlineAsm();
  E.BlackBox = MI.isCall() || MI.isInlineAsm();
  return E;
}

bool TileASEventSchedule::runOnMachineFunction(MachineFunction &MF) {
  ORE = &getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  Pipes = PipeTable();
  for (const char *Name : model::pipeNames())
    Pipes.add(Name);
  IssuerPipe = Pipes.lookup("alu").value_or(0);

  unsigned N = Pipes.size();
  EventBudget Budget(N, model::eventBudget(0, 1));
  for (unsigned S = 0; S < N; ++S)
    for (unsigned D = 0; D < N; ++D)
      if (S != D)
        Budget.set(S, D, model::eventBudget(S, D));
  if (EventBudgetAll >= 0)
    Budget.setAll(EventBudgetAll);
  if (!EventBudgetOverrides.empty())
    if (Error E = Budget.applyOverrides(EventBudgetOverrides, Pipes)) {
      MF.getFunction().getContext().emitError(
          "-tileas-event-budget-overrides: " + toString(std::move(E)));
      return false;
    }

  const auto *MFI = MF.getInfo<TileASMachineFunctionInfo>();
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    if (llvm::is_contained(MFI->PipelinedKernels, MBB.getNumber()))
      continue;
    RegLocation.clear();
    SlotLocation.clear();
    NextLocation = 0;
    GlobalMemory = NextLocation++;
    Changed |= scheduleBlock(MBB, Budget);
  }
  return Changed;
}

/// "tma->tensor_core 3 -> 2" for every pair with events.
static std::string describePeaks(const EventScheduleResult &R,
                                 const PipeTable &Pipes) {
  std::string Text;
  raw_string_ostream OS(Text);
  bool First = true;
  for (const PairPeak &P : R.After.Pairs) {
    const PairPeak *Before = R.Before.find(P.Src, P.Dst);
    OS << (First ? "" : ", ") << Pipes.name(P.Src) << "->" << Pipes.name(P.Dst)
       << ' ' << (Before ? Before->Peak : 0) << " -> " << P.Peak << '/'
       << P.Budget;
    First = false;
  }
  return Text;
}

bool TileASEventSchedule::scheduleBlock(MachineBasicBlock &MBB,
                                        const EventBudget &Budget) {
  // The ops, each with the debug instructions that follow it.
  SmallVector<SmallVector<MachineInstr *, 2>, 32> Ops;
  EventDAGBuilder Builder(Pipes.size());
  for (MachineInstr &MI : MBB) {
    if (MI.isPHI() || MI.isTerminator())
      continue;
    if (MI.isDebugInstr()) {
      if (!Ops.empty())
        Ops.back().push_back(&MI);
      continue;
    }
    Ops.push_back({&MI});
    Builder.addOp(effectsOf(MI));
  }
  if (Ops.size() < 2)
    return false;
  Expected<EventDAG> G = Builder.build();
  if (!G) {
    MBB.getParent()->getFunction().getContext().emitError(
        formatv("{0} bb.{1}: {2}", MBB.getParent()->getName(), MBB.getNumber(),
                toString(G.takeError())));
    return false;
  }
  EventScheduleOptions Opts;
  Opts.ExactMaxOps = EventExactMaxOps;
  EventScheduleResult R = scheduleEvents(*G, Budget, Opts);
  if (EventPrint) {
    errs() << "tileas event schedule of " << MBB.getParent()->getName()
           << " bb." << MBB.getNumber() << ":\n";
    printEventSchedule(errs(), *G, R, &Pipes);
  }
  if (R.After.Pairs.empty())
    return false; // No cross-pipe events at all.

  ORE->emit([&] {
    MachineOptimizationRemarkAnalysis Rem(DEBUG_TYPE, "EventPeaks", DebugLoc(),
                                          &MBB);
    Rem << "bb." << ore::NV("Block", MBB.getNumber()) << " in "
        << ore::NV("Function", MBB.getParent()->getName())
        << ": live events per pipe pair (before -> after/budget): "
        << ore::NV("Peaks", describePeaks(R, Pipes)) << "; "
        << ore::NV("Strategy", toString(R.Strategy));
    return Rem;
  });
  if (!R.Feasible) {
    const PairPeak *W = R.worst();
    ORE->emit([&] {
      return MachineOptimizationRemarkMissed(DEBUG_TYPE, "OverBudget",
                                             DebugLoc(), &MBB)
             << "bb." << ore::NV("Block", MBB.getNumber()) << " in "
             << ore::NV("Function", MBB.getParent()->getName())
             << ": no order keeps " << ore::NV("Src", Pipes.name(W->Src))
             << "->" << ore::NV("Dst", Pipes.name(W->Dst)) << " within "
             << ore::NV("Budget", W->Budget) << " events; best peak "
             << ore::NV("Peak", W->Peak)
             << (R.ProvenBest ? " (proven least)" : " (best found)");
    });
  }
  if (!R.Changed)
    return false;

  MachineBasicBlock::iterator InsertAt = MBB.getFirstTerminator();
  for (unsigned Index : R.Order)
    for (MachineInstr *MI : Ops[Index])
      MBB.splice(InsertAt, &MBB, MI->getIterator());
  return true;
}
