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
// mma->tma events). Budgets are the seed's 8 per pipe pair.
//
//  * Hoisted:    H = 8, 16 live loads against a budget of 8; reordering is
//                needed and a feasible order exists. The seed's greedy
//                dead-ends here (its first-consumer priority issues the next
//                group's A loads early, each waiting for its B), and bounded
//                backtracking repairs it.
//  * Streaming:  the same with a fresh buffer per step (no WAR edges): the
//                strict greedy succeeds on its own.
//  * Feasible:   H = 2, already within budget (rule 1: profile only).
//  * Infeasible: tma->mma budget 1 while every MMA needs two loads: strict
//                greedy x3, bounded backtracking, relaxed greedy x3, then
//                the same strict strategies under a raised budget (the
//                driver's longest path).
//  * Exact:      20-op blocks that need reordering (the exact search).
//
// Run with --benchmark_counters_tabular=true; the BigO rows at the end of
// each family report how time grows with the op count.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/DAGBuilder.h"
#include "tileas/EventSched/EventScheduler.h"

#include "benchmark/benchmark.h"

#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace tileas;

namespace {

enum Pipe : unsigned { TMA, MMA, TMEM, SMEM, ALU, XU, LSU, NumPipes };

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
  llvm::Expected<EventDAG> G = Builder.build();
  if (!G) {
    llvm::consumeError(G.takeError());
    std::abort();
  }
  return std::move(*G);
}

void runFamily(benchmark::State &State, unsigned H, unsigned Ring,
               unsigned TmaMmaBudget) {
  unsigned N = State.range(0);
  EventDAG G = makeBlock(N, H, Ring);
  EventBudget Budget(NumPipes, 8);
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

void BM_Hoisted(benchmark::State &State) { runFamily(State, 8, 8, 8); }
void BM_Streaming(benchmark::State &State) { runFamily(State, 8, 0, 8); }
void BM_Feasible(benchmark::State &State) { runFamily(State, 2, 2, 8); }
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
  llvm::Expected<EventDAG> G = Builder.build();
  if (!G) {
    llvm::consumeError(G.takeError());
    std::abort();
  }
  EventBudget Budget(NumPipes, 1);
  EventScheduleResult R;
  for (auto _ : State) {
    R = scheduleEvents(*G, Budget);
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

} // namespace

BENCHMARK(BM_Hoisted)->Apply(sizes);
BENCHMARK(BM_Streaming)->Apply(sizes);
BENCHMARK(BM_Feasible)->Apply(sizes);
BENCHMARK(BM_Infeasible)->Apply(sizes);
BENCHMARK(BM_Exact20)->Unit(benchmark::kMicrosecond);

BENCHMARK_MAIN();
