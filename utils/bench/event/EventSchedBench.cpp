//===- EventSchedBench.cpp - Speed of the event-pressure scheduler --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Blocks shaped like an unrolled GEMM mainloop with epilogues: per k-step two
// TMA loads (A and B tiles into a ring of H shared-memory buffer pairs), one
// MMA accumulating into one of four accumulators, and every fourth step an
// epilogue (tensor-memory load, ALU, XU, ALU, shared-memory store, LSU
// store). A software-prefetching front end hoists the loads of H steps to the
// front of each group of H steps, so 2H tma->mma events are live at once; the
// loads of a group overwrite the buffers the previous group's MMAs read (WAR,
// mma->tma events). Pipes and budgets are the td's (8 per pipe pair).
//
//  * Hoisted:    H = 8, 16 live loads against a budget of 8; reordering is
//                needed and a feasible order exists. The seed's greedy
//                dead-ends here (its first-consumer priority issues the next
//                group's A loads early, each waiting for its B), and bounded
//                backtracking repairs it.
//  * Streaming:  the same with a fresh buffer per step (no WAR edges): the
//                strict greedy succeeds on its own.
//  * Feasible:   H = 2, already within budget (rule 1: profile only).
//  * Infeasible: tma->mma budget 1 while every MMA needs two loads: the
//                lower bound (an MMA's two loads are live just before it)
//                proves it at once, so strict greedy and backtracking are
//                skipped; relaxed greedy x3, then the strict strategies under
//                the budget raised to the bound, which they reach.
//  * Exact:      20-op blocks that need reordering (the exact search).
//
// Pass level, on one realistic block (a prefetching GEMM-with-epilogue mix
// of TMA loads, MMAs, shared- and tensor-memory loads and stores, global
// loads, ALU and XU ops; the td budgets, 8 per pair, which the hoisted loads
// exceed):
//
//  * PassMIR:    the generated block as TileAS MIR, parsed (untimed), then
//                tileas-event-schedule run on it through a pass manager, as
//                `llc -run-pass=tileas-event-schedule` does: effects of each
//                instruction, the DAG, the search, the profiles, the splice.
//  * CoreMix:    the core alone on the DAG of the same block (built from the
//                same operand lists, as the pass would).
//  * ...Stores:  the same with the epilogue's stores to global memory: with
//                no alias information they pin the hoisted loads, no order
//                is within budget, and the lower bound proves the best
//                effort least.
//
// Run with --benchmark_counters_tabular=true; the BigO rows at the end of
// each family report how time grows with the op count.
//
//===----------------------------------------------------------------------===//

#include "TileAS.h"
#include "tileas/EventSched/DAGBuilder.h"
#include "tileas/EventSched/EventScheduler.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Model/ModelIds.h"

#include "llvm/CodeGen/MIRParser/MIRParser.h"
#include "llvm/CodeGen/MachineModuleInfo.h"
#include "llvm/CodeGen/TargetPassConfig.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/InitializePasses.h"
#include "llvm/PassInfo.h"
#include "llvm/PassRegistry.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"

#include "benchmark/benchmark.h"

#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

using namespace tileas;

namespace {

/// The td's pipes: the benchmark's kernels are Blackwell's.
enum Pipe : unsigned {
  TMA = gen::blackwell::PipeTMA,
  MMA = gen::blackwell::PipeTensorCore,
  TMEM = gen::blackwell::PipeTMem,
  SMEM = gen::blackwell::PipeSMem,
  ALU = gen::blackwell::PipeALU,
  XU = gen::blackwell::PipeXU,
  LSU = gen::blackwell::PipeLSU,
  NumPipes = gen::blackwell::NumPipes,
};

/// The td's event budgets.
EventBudget tdBudget() {
  EventBudget B(NumPipes, 0);
  for (unsigned S = 0; S != NumPipes; ++S)
    for (unsigned D = 0; D != NumPipes; ++D)
      B.set(S, D, model::machine("blackwell").eventBudget(S, D));
  return B;
}

/// Location ids: buffers, accumulators and epilogue temporaries get disjoint
/// ranges.
constexpr unsigned BufferBase = 0, AccBase = 100000, TempBase = 200000;

OpEffects makeOp(Pipe P, std::initializer_list<unsigned> Reads,
                 std::initializer_list<unsigned> Writes) {
  OpEffects Op;
  Op.Pipe = P;
  Op.Reads.assign(Reads.begin(), Reads.end());
  Op.Writes.assign(Writes.begin(), Writes.end());
  return Op;
}

/// The ops of one k-step, loads first.
void emitStep(unsigned Step, unsigned Ring, std::vector<OpEffects> &Loads,
              std::vector<OpEffects> &Rest) {
  unsigned BufA = BufferBase + 2 * (Ring ? Step % Ring : Step);
  unsigned BufB = BufA + 1;
  unsigned Acc = AccBase + Step % 4;
  Loads.push_back(makeOp(TMA, {}, {BufA}));
  Loads.push_back(makeOp(TMA, {}, {BufB}));
  Rest.push_back(makeOp(MMA, {BufA, BufB, Acc}, {Acc}));
  if (Step % 4 == 3) {
    unsigned T = TempBase + 8 * Step;
    Rest.push_back(makeOp(TMEM, {Acc}, {T}));
    Rest.push_back(makeOp(ALU, {T}, {T + 1}));
    Rest.push_back(makeOp(XU, {T + 1}, {T + 2}));
    Rest.push_back(makeOp(ALU, {T + 1, T + 2}, {T + 3}));
    Rest.push_back(makeOp(SMEM, {T + 3}, {T + 4}));
    Rest.push_back(makeOp(LSU, {T + 4}, {}));
  }
}

/// Ring = 0: a fresh buffer pair per step.
/// The benchmarks build only well-formed DAGs: a builder error is a bug in
/// the benchmark itself.
EventDAG buildOrAbort(EventDAGBuilder &Builder) {
  llvm::Expected<EventDAG> G = Builder.build();
  if (!G) {
    llvm::consumeError(G.takeError());
    std::abort();
  }
  return std::move(*G);
}

EventDAG makeBlock(unsigned N, unsigned H, unsigned Ring) {
  EventDAGBuilder Builder(NumPipes);
  for (unsigned Group = 0; Builder.size() < N; ++Group) {
    std::vector<OpEffects> Loads, Rest;
    for (unsigned Step = Group * H; Step != (Group + 1) * H; ++Step)
      emitStep(Step, Ring, Loads, Rest);
    for (std::vector<OpEffects> *List : {&Loads, &Rest})
      for (OpEffects &Op : *List)
        if (Builder.size() < N)
          Builder.addOp(std::move(Op));
  }
  return buildOrAbort(Builder);
}

void runFamily(benchmark::State &State, unsigned H, unsigned Ring,
               unsigned TmaMmaBudget) {
  unsigned N = State.range(0);
  EventDAG G = makeBlock(N, H, Ring);
  EventBudget Budget = tdBudget();
  if (TmaMmaBudget)
    Budget.set(TMA, MMA, TmaMmaBudget);
  EventScheduleResult R;
  for (auto _ : State) {
    R = scheduleEvents(G, Budget);
    benchmark::DoNotOptimize(R.Order.data());
  }
  State.SetComplexityN(N);
  State.counters["edges"] = G.edges().size();
  State.counters["feasible"] = R.Feasible;
  State.counters["peak_before"] = R.Before.worst() ? R.Before.worst()->Peak : 0;
  State.counters["peak_after"] = R.worst() ? R.worst()->Peak : 0;
  State.counters["strategy"] = unsigned(R.Strategy);
  State.counters["bt_states"] = R.Stats.BacktrackStates;
  State.counters["rounds"] = R.Stats.BestEffortRounds;
}

/// TmaMmaBudget 0: the td's.
void BM_Hoisted(benchmark::State &State) { runFamily(State, 8, 8, 0); }
void BM_Streaming(benchmark::State &State) { runFamily(State, 8, 0, 0); }
void BM_Feasible(benchmark::State &State) { runFamily(State, 2, 2, 0); }
void BM_Infeasible(benchmark::State &State) { runFamily(State, 8, 8, 1); }

// Exact search on 20 ops: six loads and fourteen of their pairwise
// combinations, tma->alu budget 1 (infeasible: every combination needs two
// live loads), so the search proves threshold 0 empty before it finds the
// lexicographically first order of peak 2.
void BM_Exact20(benchmark::State &State) {
  EventDAGBuilder Builder(NumPipes);
  for (unsigned I = 0; I != 6; ++I)
    Builder.addOp(makeOp(TMA, {}, {I}));
  for (unsigned I = 0, Count = 0; I != 6; ++I)
    for (unsigned J = I + 1; J != 6 && Count != 14; ++J, ++Count)
      Builder.addOp(makeOp(ALU, {I, J}, {}));
  EventDAG G = buildOrAbort(Builder);
  EventBudget Budget(NumPipes, 1);
  EventScheduleResult R;
  for (auto _ : State) {
    R = scheduleEvents(G, Budget);
    benchmark::DoNotOptimize(R.Order.data());
  }
  State.counters["exact_states"] = R.Stats.ExactStates;
  State.counters["peak_after"] = R.worst() ? R.worst()->Peak : 0;
  State.counters["feasible"] = R.Feasible;
  State.counters["strategy"] = unsigned(R.Strategy);
}

void sizes(benchmark::internal::Benchmark *B) {
  for (int N : {100, 250, 500, 1000, 2000, 5000, 10000, 20000})
    B->Arg(N);
  B->Unit(benchmark::kMillisecond)->Complexity(benchmark::oAuto);
}

//===----------------------------------------------------------------------===//
// Pass level.
//===----------------------------------------------------------------------===//

/// One instruction of the realistic block: its MIR text and what the pass
/// sees of it.
struct MixInstr {
  std::string Text;
  std::string Def;
  std::vector<std::string> Uses;
  bool LoadsGlobal = false, StoresGlobal = false, SideEffects = false;
};

/// A GEMM mainloop with a fused elementwise epilogue, unrolled, with the
/// loads of each group of eight k-steps hoisted to the group's front (a
/// software prefetcher's output). Per k-step: TMA loads of the A and B tiles,
/// the MMA into the accumulator, a global load, a shared-memory read of the
/// A tile, FADD, EX2, FMUL; every fourth step also a tensor-memory load of
/// the accumulator, an FADD and a store: to shared memory, or (GlobalStores)
/// to global memory. Without alias information every global load before a
/// global store must stay before it, and each of those is a cross-pipe
/// (WAR) event: 16 hoisted TMA loads then pin 16 live tma->lsu events, over
/// the budget of 8 in every order.
std::vector<MixInstr> makeMix(unsigned N, bool GlobalStores) {
  std::vector<MixInstr> Mix;
  auto Add = [&](std::string Text, std::string Def,
                 std::vector<std::string> Uses) -> MixInstr & {
    Mix.push_back({std::move(Text), std::move(Def), std::move(Uses)});
    return Mix.back();
  };
  Add("%da:gpr64 = COPY $rd0", "%da", {});
  Add("%db:gpr64 = COPY $rd1", "%db", {});
  Add("%p:gpr64 = COPY $rd2", "%p", {});
  Add("%z:gpr32 = MOVri 0", "%z", {});
  Add("%c0:tmem = TMEM_ALLOC 128", "%c0", {}).SideEffects = true;
  constexpr unsigned Hoist = 8;
  for (unsigned Group = 0; Mix.size() < N; ++Group) {
    std::vector<MixInstr> Loads, Rest;
    for (unsigned K = Group * Hoist; K != (Group + 1) * Hoist; ++K) {
      std::string I = std::to_string(K), Next = std::to_string(K + 1);
      std::string Off = std::to_string(16 * K);
      auto &A = Loads.emplace_back();
      A = {"%a" + I + ":tile = TMA_LOAD %da, %z, %z, 16384",
           "%a" + I,
           {"%da", "%z"}};
      A.LoadsGlobal = true;
      auto &B = Loads.emplace_back();
      B = {"%b" + I + ":tile = TMA_LOAD %db, %z, %z, 16384",
           "%b" + I,
           {"%db", "%z"}};
      B.LoadsGlobal = true;
      auto &G = Loads.emplace_back();
      G = {"%g" + I + ":frag = LDG_F %p, " + Off, "%g" + I, {"%p"}};
      G.LoadsGlobal = true;
      Rest.push_back({"%c" + Next + ":tmem = MMA_TMEM %c" + I + ", %a" + I +
                          ", %b" + I + ", 0, 65536",
                      "%c" + Next,
                      {"%c" + I, "%a" + I, "%b" + I}});
      Rest.push_back({"%h" + I + ":frag = LDS %a" + I + ", %z",
                      "%h" + I,
                      {"%a" + I, "%z"}});
      Rest.push_back({"%x" + I + ":frag = FADD %g" + I + ", %h" + I,
                      "%x" + I,
                      {"%g" + I, "%h" + I}});
      Rest.push_back({"%e" + I + ":frag = EX2 %x" + I, "%e" + I, {"%x" + I}});
      Rest.push_back({"%y" + I + ":frag = FMUL %e" + I + ", %g" + I,
                      "%y" + I,
                      {"%e" + I, "%g" + I}});
      if (K % 4 == 3) {
        Rest.push_back(
            {"%t" + I + ":frag = TMEM_LD %c" + Next, "%t" + I, {"%c" + Next}});
        Rest.push_back({"%s" + I + ":frag = FADD %t" + I + ", %y" + I,
                        "%s" + I,
                        {"%t" + I, "%y" + I}});
        if (GlobalStores) {
          auto &St = Rest.emplace_back();
          St = {"STG_F %s" + I + ", %p, " + Off, "", {"%s" + I, "%p"}};
          St.StoresGlobal = true;
        } else {
          Rest.push_back({"%o" + I + ":tile = STS %s" + I + ", 4096",
                          "%o" + I,
                          {"%s" + I}});
        }
      }
    }
    for (std::vector<MixInstr> *List : {&Loads, &Rest})
      for (MixInstr &I : *List)
        if (Mix.size() < N)
          Mix.push_back(std::move(I));
  }
  return Mix;
}

std::string mixToMIR(const std::vector<MixInstr> &Mix) {
  std::string Text = "---\nname: event_block\ntracksRegLiveness: true\n"
                     "liveins:\n  - { reg: '$rd0' }\n  - { reg: '$rd1' }\n"
                     "  - { reg: '$rd2' }\nbody: |\n  bb.0:\n"
                     "    liveins: $rd0, $rd1, $rd2\n";
  for (const MixInstr &I : Mix)
    Text += "    " + I.Text + "\n";
  Text += "    RET\n...\n";
  return Text;
}

/// The pipe the td gives the instruction of a MIR line (its opcode follows
/// "= ", or starts the line); instructions without a resource vector run
/// on the issuing thread's pipe, as in the pass.
unsigned pipeOf(llvm::StringRef Text) {
  llvm::StringRef Opcode =
      Text.contains(" = ") ? Text.split(" = ").second : Text;
  Opcode = Opcode.take_until([](char C) { return C == ' '; });
  const model::Machine &M = model::machine("blackwell");
  if (const model::OpcodeRecord *Rec = M.lookupOpcode(Opcode))
    return M.resourceVector(*Rec).Pipe;
  return M.issuerPipe();
}

/// The DAG the pass builds for the block: registers and global memory are
/// its locations.
EventDAG mixToDAG(const std::vector<MixInstr> &Mix) {
  EventDAGBuilder Builder(NumPipes);
  std::map<std::string, unsigned> Loc;
  auto Id = [&](const std::string &V) {
    return Loc.try_emplace(V, Loc.size() + 1).first->second;
  };
  for (const MixInstr &I : Mix) {
    OpEffects Op;
    Op.Pipe = pipeOf(I.Text);
    for (const std::string &U : I.Uses)
      Op.Reads.push_back(Id(U));
    if (!I.Def.empty())
      Op.Writes.push_back(Id(I.Def));
    if (I.LoadsGlobal)
      Op.Reads.push_back(0);
    if (I.StoresGlobal)
      Op.Writes.push_back(0);
    Op.UnknownSideEffects = I.SideEffects;
    Builder.addOp(std::move(Op));
  }
  return buildOrAbort(Builder);
}

void runCoreMix(benchmark::State &State, bool GlobalStores) {
  std::vector<MixInstr> Mix = makeMix(State.range(0), GlobalStores);
  EventDAG G = mixToDAG(Mix);
  EventBudget Budget = tdBudget();
  EventScheduleResult R;
  for (auto _ : State) {
    R = scheduleEvents(G, Budget);
    benchmark::DoNotOptimize(R.Order.data());
  }
  State.SetComplexityN(Mix.size());
  State.counters["edges"] = G.edges().size();
  State.counters["feasible"] = R.Feasible;
  State.counters["peak_before"] = R.Before.worst() ? R.Before.worst()->Peak : 0;
  State.counters["peak_after"] = R.worst() ? R.worst()->Peak : 0;
  State.counters["strategy"] = unsigned(R.Strategy);
  State.counters["proven"] = R.ProvenBest;
  State.counters["bt_states"] = R.Stats.BacktrackStates;
}

void BM_CoreMix(benchmark::State &State) { runCoreMix(State, false); }
void BM_CoreMixStores(benchmark::State &State) { runCoreMix(State, true); }

llvm::TargetMachine *tileasTM() {
  static std::unique_ptr<llvm::TargetMachine> TM = [] {
    llvm::Expected<std::unique_ptr<llvm::TargetMachine>> Made =
        tileas::createTileASTargetMachine();
    if (!Made) {
      llvm::errs() << "tileas-event-bench: " << llvm::toString(Made.takeError())
                   << "\n";
      std::abort();
    }
    return std::move(*Made);
  }();
  return TM.get();
}

/// Counts the pass's remarks: "EventPeaks" and "OverBudget".
struct RemarkCounter : llvm::DiagnosticHandler {
  unsigned Peaks = 0, OverBudget = 0;
  std::string FirstPeaks;
  bool isAnyRemarkEnabled() const override { return true; }
  bool isAnalysisRemarkEnabled(llvm::StringRef) const override { return true; }
  bool isMissedOptRemarkEnabled(llvm::StringRef) const override { return true; }
  bool handleDiagnostics(const llvm::DiagnosticInfo &DI) override {
    auto *R = llvm::dyn_cast<llvm::DiagnosticInfoOptimizationBase>(&DI);
    if (!R)
      return false;
    if (R->getRemarkName() == "EventPeaks" && Peaks++ == 0)
      FirstPeaks = R->getMsg();
    OverBudget += R->getRemarkName() == "OverBudget";
    return true;
  }
};

/// A parsed MIR module with a pass manager that runs tileas-event-schedule
/// on it (what `llc -run-pass=tileas-event-schedule` builds).
class PassSession {
public:
  PassSession(const std::string &MIR, RemarkCounter *Remarks) {
    llvm::TargetMachine &TM = *tileasTM();
    if (Remarks)
      Ctx.setDiagnosticHandler(
          std::unique_ptr<llvm::DiagnosticHandler>(Remarks));
    llvm::SMDiagnostic Diag;
    std::unique_ptr<llvm::MIRParser> Parser = llvm::createMIRParser(
        llvm::MemoryBuffer::getMemBuffer(MIR, "event_block.mir"), Ctx);
    PM = std::make_unique<llvm::legacy::PassManager>();
    auto *MMIWP = new llvm::MachineModuleInfoWrapperPass(&TM);
    TPC = TM.createPassConfig(*PM);
    PM->add(TPC);
    PM->add(MMIWP);
    llvm::Expected<std::unique_ptr<llvm::Module>> Parsed =
        tileas::parseMIRModule(
            *Parser, TM, MMIWP->getMMI(), [](tileas::MIRReadStep Step) {
              fail(Step == tileas::MIRReadStep::IRModule
                       ? "cannot parse the IR part"
                       : "cannot parse the machine function");
              return llvm::Error::success();
            });
    M = std::move(*Parsed);
    const llvm::PassInfo *PI =
        llvm::PassRegistry::getPassRegistry()->getPassInfo(
            llvm::StringRef("tileas-event-schedule"));
    if (!PI)
      fail("tileas-event-schedule is not registered");
    PM->add(PI->getNormalCtor()());
  }
  ~PassSession() {
    PM.reset(); // It owns the machine functions: before the module.
    M.reset();
  }

  void run() {
    TPC->setInitialized();
    PM->run(*M);
  }

private:
  [[noreturn]] static void fail(const char *Why) {
    llvm::errs() << "tileas-event-bench: " << Why << "\n";
    std::abort();
  }

  llvm::LLVMContext Ctx;
  std::unique_ptr<llvm::Module> M;
  std::unique_ptr<llvm::legacy::PassManager> PM;
  llvm::TargetPassConfig *TPC = nullptr;
};

void runPassMIR(benchmark::State &State, bool GlobalStores) {
  std::vector<MixInstr> Mix = makeMix(State.range(0), GlobalStores);
  std::string MIR = mixToMIR(Mix);
  for (auto _ : State) {
    State.PauseTiming();
    auto S = std::make_unique<PassSession>(MIR, nullptr);
    State.ResumeTiming();
    S->run();
    State.PauseTiming();
    S.reset();
    State.ResumeTiming();
  }
  State.SetComplexityN(Mix.size());
  // Once more with remarks, untimed, for the counters.
  auto *Remarks = new RemarkCounter(); // The context owns it.
  {
    PassSession S(MIR, Remarks);
    S.run();
    State.counters["remarks"] = Remarks->Peaks;
    State.counters["over_budget"] = Remarks->OverBudget;
    llvm::StringRef Msg(Remarks->FirstPeaks);
    State.SetLabel(Msg.substr(Msg.rfind("; ") + 2).str());
  }
}

void BM_PassMIR(benchmark::State &State) { runPassMIR(State, false); }
void BM_PassMIRStores(benchmark::State &State) { runPassMIR(State, true); }

} // namespace

BENCHMARK(BM_Hoisted)->Apply(sizes);
BENCHMARK(BM_Streaming)->Apply(sizes);
BENCHMARK(BM_Feasible)->Apply(sizes);
BENCHMARK(BM_Infeasible)->Apply(sizes);
BENCHMARK(BM_Exact20)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_CoreMix)->Apply(sizes);
BENCHMARK(BM_CoreMixStores)->Apply(sizes);
BENCHMARK(BM_PassMIR)->Apply(sizes);
BENCHMARK(BM_PassMIRStores)->Apply(sizes);

int main(int argc, char **argv) {
  llvm::PassRegistry &R = *llvm::PassRegistry::getPassRegistry();
  llvm::initializeCore(R);
  llvm::initializeAnalysis(R);
  llvm::initializeCodeGen(R);
  llvm::initializeTarget(R);
  llvm::initializeTileASTarget();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv))
    return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
