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
// PIPE_ and MUTEX_ coordination of materialized loops, calls, inline assembly,
// labels, volatile or atomic memory accesses — is a full barrier; calls and
// inline assembly also keep their relative order. PHIs stay at the top and
// terminators at the bottom; the kernels of pipelined loops keep the order
// their modulo schedule gave them. A block already within budget is left
// exactly as it was.
//
// The pre-RA machine scheduler runs later and reorders for latency and
// register pressure; left alone it would undo this pass (it hoists every load
// of a block to the top). createTileASEventBudgetMutation gives it artificial
// edges that keep every pair within max(budget, the peak it finds): the
// events of a pair are given event ids along the current order, and an id is
// handed on only after the first consumer of its previous event (see
// EventBudgetMutation below).
//
//===----------------------------------------------------------------------===//

#include "EventSchedule/TileASBlockRegisterPeak.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileAS.h"
#include "TileASMachineFunctionInfo.h"
#include "TileASSubtarget.h"
#include "tileas/EventSched/DAGBuilder.h"
#include "tileas/EventSched/EventBudget.h"
#include "tileas/EventSched/EventScheduler.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/CodeGen/MachineFunctionPass.h"
#include "llvm/CodeGen/MachineOptimizationRemarkEmitter.h"
#include "llvm/CodeGen/ScheduleDAGInstrs.h"
#include "llvm/CodeGen/ScheduleDAGMutation.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/InitializePasses.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <deque>
#include <numeric>

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
static cl::opt<bool> EventMischedGuard(
    "tileas-event-misched-guard",
    cl::desc("Keep the machine scheduler from taking a pipe pair above "
             "max(its event budget, its peak before scheduling)"),
    cl::init(true));

namespace {

/// How the event scheduler sees the instructions of a function: the pipes of
/// the td model, the budgets (td, then the options), and what each
/// instruction reads and writes. Shared by the pass and the machine
/// scheduler mutation, so that both count the same events.
class EventView {
public:
  explicit EventView(const model::Machine &M) : M(&M) {
    for (const char *Name : M.pipeNames())
      Pipes.add(Name);
    IssuerPipe = M.issuerPipe();
  }

  const PipeTable &pipes() const { return Pipes; }

  /// The td budgets with the command-line options applied.
  Expected<EventBudget> budget() const {
    unsigned N = Pipes.size();
    EventBudget Budget(N, M->eventBudget(0, 1));
    for (unsigned S = 0; S < N; ++S)
      for (unsigned D = 0; D < N; ++D)
        if (S != D)
          Budget.set(S, D, M->eventBudget(S, D));
    if (EventBudgetAll >= 0)
      Budget.setAll(EventBudgetAll);
    if (!EventBudgetOverrides.empty())
      if (Error E = Budget.applyOverrides(EventBudgetOverrides, Pipes))
        return E;
    return Budget;
  }

  /// The instructions the scheduler orders: not PHIs (they stay on top),
  /// terminators (they stay at the bottom) or debug instructions (they follow
  /// the instruction before them).
  static bool isScheduled(const MachineInstr &MI) {
    return !MI.isPHI() && !MI.isTerminator() && !MI.isDebugInstr();
  }

  /// Forgets the location ids of the previous block.
  void startBlock() {
    RegLocation.clear();
    SlotLocation.clear();
    NextLocation = 0;
    GlobalMemory = NextLocation++;
  }

  OpEffects effectsOf(const MachineInstr &MI);

  const model::Machine &machine() const { return *M; }

private:
  const model::Machine *M;
  PipeTable Pipes;
  unsigned IssuerPipe = 0;
  /// Location ids: registers, global memory, spill slots.
  DenseMap<Register, unsigned> RegLocation;
  DenseMap<int, unsigned> SlotLocation;
  unsigned NextLocation = 0;
  unsigned GlobalMemory = 0;
};

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
  /// Whether NewOrder of MBB's ops keeps more registers live than both the
  /// current order and an agent's largest budget (and says so in a remark).
  bool keepsTooManyRegisters(MachineBasicBlock &MBB,
                             ArrayRef<SmallVector<MachineInstr *, 2>> Ops,
                             ArrayRef<unsigned> NewOrder);
  /// The kernel of a pipelined loop keeps its modulo order; it only gets its
  /// remarks.
  void reportKernel(MachineBasicBlock &MBB, const EventBudget &Budget);
  /// The peaks of every block with events; a warning when over budget.
  void emitRemarks(MachineBasicBlock &MBB, const EventScheduleResult &R,
                   bool Kernel);

  MachineOptimizationRemarkEmitter *ORE = nullptr;
  /// The view of the function being scheduled (its subtarget's machine).
  std::optional<EventView> View;
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

/// A volatile or atomic access (with its memory operands known: an access
/// without them is an ordinary one of the TileAS MIR tests and examples).
static bool hasOrderedAccess(const MachineInstr &MI) {
  return llvm::any_of(MI.memoperands(), [](const MachineMemOperand *MMO) {
    return !MMO->isUnordered();
  });
}

OpEffects EventView::effectsOf(const MachineInstr &MI) {
  OpEffects E;
  E.Pipe = IssuerPipe;
  const model::OpcodeRecord *Rec = M->lookupOpcode(MI.getOpcode());
  if (Rec)
    E.Pipe = M->resourceVector(*Rec).Pipe;
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
  // What LLVM's own schedulers treat as barriers (isDependenceBarrier,
  // isSchedulingBoundary), and labels and CFI, which mark a position.
  E.UnknownSideEffects = MI.hasUnmodeledSideEffects() || MI.isCall() ||
                         MI.isInlineAsm() || MI.isPosition() ||
                         hasOrderedAccess(MI);
  E.BlackBox = MI.isCall() || MI.isInlineAsm();
  return E;
}

bool TileASEventSchedule::runOnMachineFunction(MachineFunction &MF) {
  ORE = &getAnalysis<MachineOptimizationRemarkEmitterPass>().getORE();
  View.emplace(tileasMachine(MF));
  Expected<EventBudget> Budget = View->budget();
  if (!Budget) {
    MF.getFunction().getContext().emitError("-tileas-event-budget-overrides: " +
                                            toString(Budget.takeError()));
    return false;
  }

  const auto *MFI = MF.getInfo<TileASMachineFunctionInfo>();
  bool Changed = false;
  for (MachineBasicBlock &MBB : MF) {
    View->startBlock();
    if (llvm::is_contained(MFI->PipelinedKernels, MBB.getNumber()))
      reportKernel(MBB, *Budget);
    else
      Changed |= scheduleBlock(MBB, *Budget);
  }
  return Changed;
}

/// "tma->tensor_core 3 -> 2/8" for every pair with events.
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
  const PipeTable &Pipes = View->pipes();
  // The ops, each with the debug instructions that follow it.
  SmallVector<SmallVector<MachineInstr *, 2>, 32> Ops;
  EventDAGBuilder Builder(Pipes.size());
  Ops.reserve(MBB.size());
  Builder.reserve(MBB.size());
  for (MachineInstr &MI : MBB) {
    if (MI.isPHI() || MI.isTerminator())
      continue;
    if (MI.isDebugInstr()) {
      if (!Ops.empty())
        Ops.back().push_back(&MI);
      continue;
    }
    Ops.push_back({&MI});
    Builder.addOp(View->effectsOf(MI));
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
  emitRemarks(MBB, R, /*Kernel=*/false);
  if (!R.Changed)
    return false;
  if (keepsTooManyRegisters(MBB, Ops, R.Order))
    return false;

  MachineBasicBlock::iterator InsertAt = MBB.getFirstTerminator();
  for (unsigned Index : R.Order)
    for (MachineInstr *MI : Ops[Index])
      MBB.splice(InsertAt, &MBB, MI->getIterator());
  return true;
}

bool TileASEventSchedule::keepsTooManyRegisters(
    MachineBasicBlock &MBB, ArrayRef<SmallVector<MachineInstr *, 2>> Ops,
    ArrayRef<unsigned> NewOrder) {
  SmallVector<const MachineInstr *, 32> Before, After;
  for (const auto &Op : Ops)
    Before.push_back(Op.front());
  for (unsigned Index : NewOrder)
    After.push_back(Ops[Index].front());
  unsigned Old = peakLiveRegisterUnits(MBB, Before);
  unsigned New = peakLiveRegisterUnits(MBB, After);
  // What the largest agent may hold: beyond it, the order is worse than
  // the events it saves (an epilogue that loads every chunk first).
  unsigned Limit = 0;
  for (const model::AgentRecord &A : View->machine().agents())
    Limit = std::max(Limit, unsigned(A.Registers));
  if (New <= Old || New <= Limit)
    return false;
  ORE->emit([&] {
    return MachineOptimizationRemarkMissed(DEBUG_TYPE, "KeptForRegisters",
                                           DebugLoc(), &MBB)
           << "bb." << ore::NV("Block", MBB.getNumber()) << " in "
           << ore::NV("Function", MBB.getParent()->getName())
           << " keeps its order: the order within its event budgets keeps "
           << ore::NV("After", New) << " 32-bit registers live (now "
           << ore::NV("Before", Old) << "), more than an agent holds ("
           << ore::NV("Limit", Limit) << ")";
  });
  return true;
}

void TileASEventSchedule::reportKernel(MachineBasicBlock &MBB,
                                       const EventBudget &Budget) {
  EventDAGBuilder Builder(View->pipes().size());
  for (MachineInstr &MI : MBB)
    if (EventView::isScheduled(MI))
      Builder.addOp(View->effectsOf(MI));
  Expected<EventDAG> G = Builder.build();
  if (!G) {
    consumeError(G.takeError());
    return;
  }
  EventScheduleResult R;
  R.Order.resize(G->size());
  std::iota(R.Order.begin(), R.Order.end(), 0u);
  R.Before = R.After = computeEventProfile(*G, Budget, R.Order);
  R.Feasible = R.After.withinBudget();
  R.ProvenBest = false;
  emitRemarks(MBB, R, /*Kernel=*/true);
}

void TileASEventSchedule::emitRemarks(MachineBasicBlock &MBB,
                                      const EventScheduleResult &R,
                                      bool Kernel) {
  if (R.After.Pairs.empty())
    return; // No cross-pipe events at all.
  const PipeTable &Pipes = View->pipes();
  ORE->emit([&] {
    MachineOptimizationRemarkAnalysis Rem(DEBUG_TYPE, "EventPeaks", DebugLoc(),
                                          &MBB);
    Rem << "bb." << ore::NV("Block", MBB.getNumber()) << " in "
        << ore::NV("Function", MBB.getParent()->getName())
        << ": live events per pipe pair (before -> after/budget): "
        << ore::NV("Peaks", describePeaks(R, Pipes)) << "; "
        << ore::NV("Strategy", Kernel ? StringRef("kept: kernel of a "
                                                  "pipelined loop")
                                      : toString(R.Strategy));
    return Rem;
  });
  if (R.Feasible)
    return;
  const PairPeak *W = R.worst();
  ORE->emit([&] {
    MachineOptimizationRemarkMissed Rem(DEBUG_TYPE, "OverBudget", DebugLoc(),
                                        &MBB);
    Rem << "bb." << ore::NV("Block", MBB.getNumber()) << " in "
        << ore::NV("Function", MBB.getParent()->getName()) << ": ";
    if (Kernel)
      Rem << "the kernel of a pipelined loop keeps its modulo order, with ";
    else
      Rem << "no order keeps ";
    Rem << ore::NV("Src", Pipes.name(W->Src)) << "->"
        << ore::NV("Dst", Pipes.name(W->Dst));
    if (Kernel)
      Rem << " over its budget of " << ore::NV("Budget", W->Budget)
          << " events: peak " << ore::NV("Peak", W->Peak);
    else
      Rem << " within " << ore::NV("Budget", W->Budget) << " events; best peak "
          << ore::NV("Peak", W->Peak)
          << (R.ProvenBest ? " (proven least)" : " (best found)");
    return Rem;
  });
}

//===----------------------------------------------------------------------===//
// The machine scheduler guard.
//===----------------------------------------------------------------------===//
//
// Along the order the machine scheduler starts from (this pass's order), the
// events of each pair are given ids, as an allocator of event ids would:
// budget many ids at first, a new one only when all are taken (so the ids of
// a pair number max(budget, peak)), and a freed id goes to the back of a
// queue, so that the id reused is the one freed longest ago. When an id
// passes from event e to event f, an artificial edge from the first consumer
// of e to the producer of f makes every order the machine scheduler may pick
// free e before it allocates f. Events of one id then never overlap, so no
// pair ever holds more live events than it has ids. The edges point forward
// in the current order, so they cannot make a cycle, and events of distinct
// ids stay free to move past each other.
//
// The ids are computed once per block, over the whole block, before its
// first region is scheduled; each region takes the edges with both ends in
// it (an edge that leaves a region is kept by the region boundary). Which
// events are live where two regions meet depends only on which instructions
// lie on either side, never on the order inside a region, so the argument
// holds region by region.

namespace {

class EventBudgetMutation : public ScheduleDAGMutation {
public:
  void apply(ScheduleDAGInstrs *DAG) override;

private:
  using EdgeMap = DenseMap<MachineInstr *, SmallVector<MachineInstr *, 2>>;
  /// Edges into each instruction, from the earlier ones it must follow.
  EdgeMap computeEdges(MachineBasicBlock &MBB, const EventBudget &Budget);

  const MachineFunction *MF = nullptr;
  unsigned FunctionNumber = 0;
  std::optional<EventView> View;
  std::optional<EventBudget> Budget;
  DenseMap<const MachineBasicBlock *, EdgeMap> Blocks;
};

} // namespace

EventBudgetMutation::EdgeMap
EventBudgetMutation::computeEdges(MachineBasicBlock &MBB,
                                  const EventBudget &Budget) {
  EdgeMap Edges;
  std::vector<MachineInstr *> Ops;
  EventDAGBuilder Builder(View->pipes().size());
  View->startBlock();
  for (MachineInstr &MI : MBB)
    if (EventView::isScheduled(MI)) {
      Ops.push_back(&MI);
      Builder.addOp(View->effectsOf(MI));
    }
  Expected<EventDAG> G = Builder.build();
  if (!G) {
    consumeError(G.takeError()); // The pass reports it.
    return Edges;
  }
  EventTable T(*G, Budget);

  // Per pair: the free ids, least recently freed first; per id, the node
  // that freed it last (-1 while it was never used).
  std::vector<std::deque<unsigned>> FreeIds(T.numPairs());
  std::vector<std::vector<int>> LastRelease(T.numPairs());
  for (unsigned P = 0, E = T.numPairs(); P != E; ++P) {
    unsigned Initial = std::max(T.budget(P), 0);
    LastRelease[P].assign(Initial, -1);
    for (unsigned Id = 0; Id != Initial; ++Id)
      FreeIds[P].push_back(Id);
  }
  std::vector<unsigned> EventId(T.numEvents());
  std::vector<bool> Live(T.numEvents(), false);
  for (unsigned V = 0, N = T.numNodes(); V != N; ++V) {
    for (unsigned E : T.consumed(V)) {
      if (!Live[E])
        continue;
      Live[E] = false;
      unsigned P = T.pairOf(E);
      LastRelease[P][EventId[E]] = V;
      FreeIds[P].push_back(EventId[E]);
    }
    for (unsigned E : T.produced(V)) {
      unsigned P = T.pairOf(E);
      unsigned Id;
      if (FreeIds[P].empty()) {
        Id = LastRelease[P].size();
        LastRelease[P].push_back(-1);
      } else {
        Id = FreeIds[P].front();
        FreeIds[P].pop_front();
      }
      if (LastRelease[P][Id] >= 0)
        Edges[Ops[V]].push_back(Ops[LastRelease[P][Id]]);
      EventId[E] = Id;
      Live[E] = true;
    }
  }
  return Edges;
}

void EventBudgetMutation::apply(ScheduleDAGInstrs *DAG) {
  if (DAG->SUnits.empty())
    return;
  if (MF != &DAG->MF || FunctionNumber != DAG->MF.getFunctionNumber()) {
    MF = &DAG->MF;
    FunctionNumber = MF->getFunctionNumber();
    Blocks.clear();
    // The function's machine: a new function may be another subtarget's.
    View.emplace(tileasMachine(*MF));
    Expected<EventBudget> B = View->budget();
    if (!B) {
      consumeError(B.takeError()); // The pass reports it.
      Budget.reset();
    } else {
      Budget.emplace(std::move(*B));
    }
  }
  if (!Budget)
    return;
  MachineBasicBlock *MBB = DAG->SUnits.front().getInstr()->getParent();
  auto It = Blocks.find(MBB);
  if (It == Blocks.end())
    It = Blocks.try_emplace(MBB, computeEdges(*MBB, *Budget)).first;
  for (SUnit &SU : DAG->SUnits) {
    auto In = It->second.find(SU.getInstr());
    if (In == It->second.end())
      continue;
    for (MachineInstr *From : In->second)
      if (SUnit *Pred = DAG->getSUnit(From))
        DAG->addEdge(&SU, SDep(Pred, SDep::Artificial));
  }
}

std::unique_ptr<ScheduleDAGMutation> llvm::createTileASEventBudgetMutation() {
  if (!EventMischedGuard)
    return nullptr;
  return std::make_unique<EventBudgetMutation>();
}
