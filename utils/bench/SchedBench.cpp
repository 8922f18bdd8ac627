//===- SchedBench.cpp - Speed and quality of the scheduling core ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
//  * BM_TableProbe / BM_TableCommitRelease / BM_TableFirstFit: the
//    reservation table at II 512, filled by attempts to commit the td's
//    resource vectors at random rows to about 70% (probe, commit) or 95%
//    (first fit) of what the table takes; the footprint probed is the TMA
//    load's.
//  * BM_Bounds/N: the four lower bounds of a random loop of N ops.
//  * BM_ScheduleLoop/N: scheduleLoop on seeded random TileAS-like loops of N
//    ops (four seeds in turn) with budgets, groups and depth limits;
//    BM_SchedulePlainLoop/N the same loops without them. Counters: II/MII
//    and the share at MII.
//  * BM_ScheduleMemoryOrderLoop/N: loops like those of tileas-loopgen
//    (RandomProblemOptions::MemoryOrder: conservative memory dependences
//    between every global load and store, 100-cycle global loads, a nearly
//    full FMA slot), whose recurrences through memory bound II. Counters as
//    above, plus the search effort per loop.
//  * BM_MachSuite: all 91 HatScheT MachSuite loops per iteration; counters:
//    loops, verified, share at MII, sum(II)/sum(MII).
//
// Run with --benchmark_counters_tabular=true. The loop families report the
// growth of time with N (BigO) at the end.
//
//===----------------------------------------------------------------------===//

#include "RandomProblem.h"

#include "tileas/Model/MachineModel.h"
#include "tileas/Model/ModelIds.h"
#include "tileas/ProblemIO/ProblemLoader.h"
#include "tileas/Sched/ReservationTable.h"
#include "tileas/Sched/Scheduler.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/Support/Error.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "benchmark/benchmark.h"

#include <algorithm>
#include <cstdlib>
#include <string>
#include <vector>

using namespace tileas;

namespace {

/// A fixed pseudo-random sequence (LCG), the same on every run.
struct Sequence {
  uint64_t State = 0x9e3779b97f4a7c15ULL;
  unsigned next(unsigned Bound) {
    State = State * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned((State >> 33) % Bound);
  }
};

constexpr unsigned TableII = 512;

/// The machine the benchmarks run on: Blackwell's resource vectors and
/// pools (their ids are gen::blackwell's).
const model::Machine &blackwell() { return model::machine("blackwell"); }

/// The footprint rows of a td resource vector.
std::vector<uint64_t> vectorRows(unsigned Vector) {
  Operation Op;
  blackwell().fillResources(blackwell().resourceVector(Vector), Op);
  return {Op.FootprintRows.begin(), Op.FootprintRows.end()};
}

/// A table after commit attempts of the td's resource vectors, in turn at
/// random rows, Percent of six per row; Rows gets the TMA load's footprint.
ReservationTable filledTable(unsigned Percent, std::vector<uint64_t> &Rows) {
  ReservationTable T(blackwell().buildResourceModel().pools());
  T.reset(TableII);
  Sequence S;
  std::vector<std::vector<uint64_t>> Vectors;
  for (unsigned V = 0; V != gen::blackwell::NumResourceVectors; ++V)
    if (std::vector<uint64_t> R = vectorRows(V); !R.empty())
      Vectors.push_back(std::move(R));
  for (unsigned I = 0, E = TableII * 6 * Percent / 100; I != E; ++I)
    T.tryCommit({Vectors[S.next(Vectors.size())], {}}, S.next(TableII));
  Rows = vectorRows(gen::blackwell::RV_TmaLoad);
  return T;
}

void BM_TableProbe(benchmark::State &State) {
  std::vector<uint64_t> Rows;
  ReservationTable T = filledTable(70, Rows);
  Footprint F{Rows, {}};
  Sequence S;
  unsigned Hits = 0;
  for (auto _ : State) {
    bool Free = T.probe(F, S.next(TableII));
    Hits += Free;
    benchmark::DoNotOptimize(Free);
  }
  State.counters["free"] = double(Hits) / State.iterations();
}
BENCHMARK(BM_TableProbe);

void BM_TableCommitRelease(benchmark::State &State) {
  std::vector<uint64_t> Rows;
  ReservationTable T = filledTable(70, Rows);
  Footprint F{Rows, {}};
  Sequence S;
  for (auto _ : State) {
    int64_t Start = S.next(TableII);
    if (T.tryCommit(F, Start))
      T.release(F, Start);
  }
}
BENCHMARK(BM_TableCommitRelease);

void BM_TableFirstFit(benchmark::State &State) {
  std::vector<uint64_t> Rows;
  ReservationTable T = filledTable(95, Rows);
  Footprint F{Rows, {}};
  Sequence S;
  for (auto _ : State)
    benchmark::DoNotOptimize(T.findFirstFit(F, S.next(TableII), TableII));
}
BENCHMARK(BM_TableFirstFit);

Problem randomLoop(unsigned Ops, uint64_t Seed, bool Constraints = true) {
  RandomProblemOptions RO;
  RO.NumOps = Ops;
  RO.Seed = Seed;
  RO.Budgets = RO.Groups = RO.DepthLimits = Constraints;
  return makeRandomProblem(RO);
}

void BM_Bounds(benchmark::State &State) {
  Problem P = randomLoop(unsigned(State.range(0)), 1);
  SchedulerOptions Opts;
  for (auto _ : State)
    benchmark::DoNotOptimize(computeBounds(P, Opts));
  State.SetComplexityN(State.range(0));
}
BENCHMARK(BM_Bounds)->RangeMultiplier(4)->Range(100, 6400)->Complexity();

/// Schedules the loops in turn, one per iteration.
void scheduleLoops(benchmark::State &State, const std::vector<Problem> &Loops) {
  SchedulerOptions Opts;
  uint64_t Runs = 0, AtMII = 0, Failed = 0, Effort = 0;
  double Ratio = 0;
  for (auto _ : State) {
    const Problem &P = Loops[Runs++ % Loops.size()];
    ScheduleResult R = scheduleLoop(P, Opts);
    Effort += R.SearchEffort;
    if (!R.Success) {
      ++Failed;
      continue;
    }
    AtMII += R.Sched.II == R.Bounds.mii();
    Ratio += double(R.Sched.II) / R.Bounds.mii();
  }
  State.SetComplexityN(State.range(0));
  State.counters["II/MII"] = Ratio / std::max<uint64_t>(1, Runs - Failed);
  State.counters["atMII"] = double(AtMII) / Runs;
  State.counters["failed"] = double(Failed);
  State.counters["effort"] = double(Effort) / std::max<uint64_t>(1, Runs);
}

void scheduleRandomLoops(benchmark::State &State, bool Constraints) {
  constexpr unsigned Seeds = 4;
  std::vector<Problem> Loops;
  for (unsigned Seed = 1; Seed <= Seeds; ++Seed)
    Loops.push_back(randomLoop(unsigned(State.range(0)), Seed, Constraints));
  scheduleLoops(State, Loops);
}

/// The full mix: budgets, groups and depth limits included.
void BM_ScheduleLoop(benchmark::State &State) {
  scheduleRandomLoops(State, /*Constraints=*/true);
}
/// Slots, pools, dependences and recurrences only.
void BM_SchedulePlainLoop(benchmark::State &State) {
  scheduleRandomLoops(State, /*Constraints=*/false);
}
BENCHMARK(BM_SchedulePlainLoop)
    ->Arg(100)
    ->Arg(400)
    ->Arg(800)
    ->Arg(1600)
    ->Arg(6400)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();
BENCHMARK(BM_ScheduleLoop)
    ->Arg(100)
    ->Arg(400)
    ->Arg(800)
    ->Arg(1600)
    ->Arg(6400)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();

/// Loopgen-like loops: recurrences through conservative memory dependences
/// on top of a nearly full FMA slot.
void BM_ScheduleMemoryOrderLoop(benchmark::State &State) {
  constexpr unsigned Seeds = 4;
  std::vector<Problem> Loops;
  for (unsigned Seed = 1; Seed <= Seeds; ++Seed) {
    RandomProblemOptions RO;
    RO.NumOps = unsigned(State.range(0));
    RO.Seed = Seed;
    RO.MemoryOrder = true;
    Loops.push_back(makeRandomProblem(RO));
  }
  scheduleLoops(State, Loops);
}
BENCHMARK(BM_ScheduleMemoryOrderLoop)
    ->Arg(100)
    ->Arg(400)
    ->Arg(1600)
    ->Arg(6400)
    ->Unit(benchmark::kMillisecond)
    ->Complexity();

std::string machSuiteDir() {
  const char *Shared = std::getenv("TILEAS_SHARED_DIR");
  llvm::SmallString<256> Dir(Shared ? Shared : TILEAS_DEFAULT_SHARED_DIR);
  llvm::sys::path::append(Dir, "corpora", "hatschet-machsuite");
  return std::string(Dir);
}

std::vector<Problem> machSuiteLoops() {
  std::vector<std::string> Files;
  std::error_code EC;
  for (llvm::sys::fs::recursive_directory_iterator It(machSuiteDir(), EC), End;
       It != End && !EC; It.increment(EC))
    if (llvm::StringRef(It->path()).ends_with(".graphml"))
      Files.push_back(It->path());
  std::sort(Files.begin(), Files.end());
  std::vector<Problem> Loops;
  for (const std::string &F : Files) {
    llvm::Expected<Problem> P = loadProblemFile(F, LoadOptions());
    if (P)
      Loops.push_back(std::move(*P));
    else
      llvm::consumeError(P.takeError());
  }
  return Loops;
}

void BM_MachSuite(benchmark::State &State) {
  std::vector<Problem> Loops = machSuiteLoops();
  if (Loops.empty()) {
    State.SkipWithError(
        ("no MachSuite problems under " + machSuiteDir()).c_str());
    return;
  }
  // The loops have no asynchronous ops: ask for the modulo generator.
  SchedulerOptions Opts;
  Opts.ForceModulo = true;
  Opts.Verify = true;
  unsigned Verified = 0, AtMII = 0;
  uint64_t SumII = 0, SumMII = 0;
  for (auto _ : State) {
    Verified = AtMII = 0;
    SumII = SumMII = 0;
    for (const Problem &P : Loops) {
      ScheduleResult R = scheduleLoop(P, Opts);
      if (!R.Success)
        continue;
      Verified += (R.Sched.Flags & SF_Verified) != 0;
      AtMII += R.Sched.II == R.Bounds.mii();
      SumII += R.Sched.II;
      SumMII += R.Bounds.mii();
    }
  }
  State.counters["loops"] = double(Loops.size());
  State.counters["verified"] = Verified;
  State.counters["atMII"] = double(AtMII) / Loops.size();
  State.counters["II/MII"] = double(SumII) / std::max<uint64_t>(1, SumMII);
}
BENCHMARK(BM_MachSuite)->Unit(benchmark::kMillisecond);

} // namespace

BENCHMARK_MAIN();
