//===- SimulatorTest.cpp - The issue model, cycle by cycle ----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Each test runs a few ops on the three-slot test machine (SimTestUtil.h)
// and checks the cycles worked out by hand. A marker after an op records the
// cycle the op issued (markers are free and issue in order), so
// probes(R) lists the issue cycles of the ops the test marked.
//
//===----------------------------------------------------------------------===//

#include "SimTestUtil.h"

#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace tileas;
using namespace tileas::sim;
using namespace tileas::sim::test;

namespace {

std::vector<Cycle> probes(const SimResult &R, unsigned Agent = 0) {
  for (const LoopResult &L : R.Loops)
    if (L.Agent == Agent)
      return L.Entries;
  return {};
}

const OpClass Alu = opClass(SlotALU, 1, 4);
const OpClass Tma = opClass(SlotTMA, 8, 100);
const OpClass Mma = opClass(SlotMMA, 8, 16);

// Ops on different slots issue in the same cycle, up to the issue pool's
// capacity of two; the third waits a cycle. The run ends when the last
// result is ready: the TMA issued at 0 completes at 100.
TEST(Simulator, SeveralOpsIssueInOneCycleWithinThePool) {
  SimResult R = run(testCatalog(), {{issue(Alu), marker(0), issue(Tma),
                                     marker(0), issue(Mma), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{0, 0, 1}));
  EXPECT_EQ(R.Cycles, 100u);
  EXPECT_EQ(R.Agents[0].Issued, 3u);
  EXPECT_EQ(R.Agents[0].Stalls.Resource, 1u);
}

// A slot is held for its duration: the second TMA issues at 8.
TEST(Simulator, SlotHeldForItsDuration) {
  SimResult R =
      run(testCatalog(), {{issue(Tma), issue(Tma), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{8}));
  EXPECT_EQ(R.Agents[0].Stalls.Resource, 8u);
}

// An op waits for its operands; the op behind it waits too (in order),
// although it needs nothing.
TEST(Simulator, InOrderBehindAnOperandWait) {
  SimResult R = run(testCatalog(), {{issue(Alu, {1}), issue(Alu, {2}, {1}),
                                     marker(0), issue(Mma), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{4, 4}));
  EXPECT_EQ(R.Agents[0].Stalls.Operand, 4u);
}

// A taken branch ends the issue cycle; an untaken one does not. With free
// branches neither does.
TEST(Simulator, TakenBranchEndsTheCycle) {
  SimResult Taken =
      run(testCatalog(),
          {{issue(Alu), branch(true), issue(Tma), marker(0), ret()}});
  EXPECT_EQ(probes(Taken), (std::vector<Cycle>{1}));
  EXPECT_EQ(Taken.Agents[0].TakenBranches, 1u);
  SimResult Untaken =
      run(testCatalog(),
          {{issue(Alu), branch(false), issue(Tma), marker(0), ret()}});
  EXPECT_EQ(probes(Untaken), (std::vector<Cycle>{0}));
  SimOptions Free;
  Free.FreeBranches = true;
  SimResult FreeRun =
      run(testCatalog(),
          {{issue(Alu), branch(true), issue(Tma), marker(0), ret()}}, Free);
  EXPECT_EQ(probes(FreeRun), (std::vector<Cycle>{0}));
}

// A branch waits for its predicate (ready at 4), then the taken branch ends
// cycle 4: what follows it issues at 5. Free branches wait for nothing.
TEST(Simulator, BranchWaitsForItsPredicate) {
  SimResult R = run(testCatalog(), {{issue(Alu, {1}), branch(true, {1}),
                                     marker(0), issue(Tma), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{5, 5}));
  SimOptions Free;
  Free.FreeBranches = true;
  SimResult FreeRun = run(testCatalog(),
                          {{issue(Alu, {1}), branch(true, {1}), marker(0),
                            issue(Tma), marker(0), ret()}},
                          Free);
  EXPECT_EQ(probes(FreeRun), (std::vector<Cycle>{0, 0}));
}

// PHIs rename in parallel: swapping two values swaps their ready cycles.
TEST(Simulator, RenamesReadTogether) {
  DynamicOp Swap;
  Swap.Kind = OpKind::Rename;
  Swap.Moves = {{1, 2}, {2, 1}};
  SimResult R =
      run(testCatalog(), {{issue(Tma, {1}), Swap, issue(Alu, {3}, {2}),
                           marker(0), issue(Alu, {4}, {1}), marker(0), ret()}});
  // Value 2 now holds the TMA's result (ready at 100); value 1 was never
  // written (ready at 0), but the op reading it issues in order after.
  EXPECT_EQ(probes(R), (std::vector<Cycle>{100, 101}));
}

// A unit stream completes in order: a short op behind a long one on the
// same stream completes when the long one does.
TEST(Simulator, StreamsCompleteInOrder) {
  OpClass Short = opClass(SlotMMA, 1, 2);
  SimResult R =
      run(testCatalog(), {{issue(Tma, {1}, {}, 0), issue(Short, {2}, {}, 0),
                           issue(Alu, {3}, {2}), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{100}));
  EXPECT_EQ(R.Streams[0].Ops, 2u);
  EXPECT_EQ(R.Streams[0].LastCompletion, 100u);
}

// A commit by a unit lands when the unit has completed what was issued to
// it; the consumer wait passes then, and its cycles count as a stall on the
// pipe. A wait for parity 1 on a barrier that completed no phase passes at
// once (a producer's first acquire).
TEST(Simulator, UnitCommitLandsAtCompletion) {
  SimResult R = run(testCatalog(),
                    {{wait(1, 1, 0, /*Acquire=*/true), issue(Tma, {1}, {}, 0),
                      arrive(0, 0), wait(0, 0), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{100}));
  EXPECT_EQ(R.Groups[0].WaitStall, 100u);
  EXPECT_EQ(R.Groups[0].AcquireStall, 0u);
  EXPECT_EQ(R.Agents[0].Stalls.Barrier, 100u);
}

// Barrier phases alternate: a wait with parity 0 passes after one arrival
// (an odd count), a wait with parity 1 after two.
TEST(Simulator, ParityFollowsThePhaseCount) {
  // The second arrival is the agent's own, after the op at 4.
  SimResult Done =
      run(testCatalog(),
          {{arrive(0), wait(0, 0), marker(0), issue(Alu, {1}),
            issue(Alu, {2}, {1}), arrive(0), wait(0, 1), marker(0), ret()}});
  EXPECT_EQ(probes(Done), (std::vector<Cycle>{0, 4}));
  // A further wait with parity 0 (at an even count) never passes.
  std::string Err =
      runError(testCatalog(), {{arrive(0), arrive(0), wait(0, 0), ret()}});
  EXPECT_NE(Err.find("deadlock at cycle 0:\n  agent agent0 is blocked at op 2"),
            std::string::npos)
      << Err;
}

// Two agents: the consumer waits until the producer's arrival, which lands
// in cycle 4, and sees it in that very cycle whichever agent runs first.
TEST(Simulator, AgentsMeetAtBarriers) {
  std::vector<DynamicOp> Producer = {issue(Alu, {1}), issue(Alu, {2}, {1}),
                                     arrive(0), ret()};
  std::vector<DynamicOp> Consumer = {wait(0, 0), marker(0), ret()};
  SimResult R = run(testCatalog(), {Consumer, Producer});
  EXPECT_EQ(probes(R, 0), (std::vector<Cycle>{4}));
  SimResult Swapped = run(testCatalog(), {Producer, Consumer});
  EXPECT_EQ(probes(Swapped, 1), (std::vector<Cycle>{4}));
  // The machine is shared: both agents' ALU ops compete for one slot.
  SimResult Shared = run(testCatalog(), {{issue(Alu), marker(0), ret()},
                                         {issue(Alu), marker(0), ret()}});
  EXPECT_EQ(probes(Shared, 0), (std::vector<Cycle>{0}));
  EXPECT_EQ(probes(Shared, 1), (std::vector<Cycle>{1}));
}

// A load waits until the agent's earlier stores to its space completed.
TEST(Simulator, LoadsWaitForEarlierStores) {
  OpClass Store = opClass(SlotALU, 1, 7);
  Store.StoreSpace = 1;
  OpClass Load = opClass(SlotTMA, 1, 100);
  Load.LoadSpace = 1;
  OpClass OtherLoad = Load;
  OtherLoad.LoadSpace = 2;
  SimResult R = run(testCatalog(), {{issue(Store), issue(OtherLoad), marker(0),
                                     issue(Load), marker(0), ret()}});
  EXPECT_EQ(probes(R), (std::vector<Cycle>{0, 7}));
  EXPECT_EQ(R.Agents[0].Stalls.Memory, 7u);
}

// Stores and loads of two named objects (distinct noalias parameters) are
// not ordered; a load still waits for a store to its own object, and for a
// store to no named object (which may touch any); a load of no named object
// waits for every store of its space.
TEST(Simulator, LoadsOfOtherObjectsDoNotWait) {
  OpClass Store = opClass(SlotALU, 1, 7);
  Store.StoreSpace = 1;
  OpClass Load = opClass(SlotTMA, 1, 100);
  Load.LoadSpace = 1;
  auto Of = [](DynamicOp Op, unsigned Object) {
    Op.Object = Object;
    return Op;
  };
  // Store to object 1, load of object 2: no wait; of object 1: until 7.
  SimResult Named =
      run(testCatalog(), {{Of(issue(Store), 1), marker(0), Of(issue(Load), 2),
                           marker(0), Of(issue(Load), 1), marker(0), ret()}});
  EXPECT_EQ(probes(Named), (std::vector<Cycle>{0, 0, 7}));
  // A store to no named object orders a load of object 2.
  SimResult Unnamed =
      run(testCatalog(),
          {{issue(Store), marker(0), Of(issue(Load), 2), marker(0), ret()}});
  EXPECT_EQ(probes(Unnamed), (std::vector<Cycle>{0, 7}));
  // A load of no named object waits for a store to object 1.
  SimResult Anything =
      run(testCatalog(),
          {{Of(issue(Store), 1), marker(0), issue(Load), marker(0), ret()}});
  EXPECT_EQ(probes(Anything), (std::vector<Cycle>{0, 7}));
}

// A wait that nothing will complete is a deadlock, reported with the agent,
// its instruction and the pipe.
TEST(Simulator, DeadlockNamesTheBlockedAgent) {
  std::string Err = runError(testCatalog(), {{issue(Alu), wait(0, 0), ret()}});
  EXPECT_NE(Err.find("deadlock at cycle 0"), std::string::npos) << Err;
  EXPECT_NE(Err.find("agent agent0 is blocked at op 1 (waiting on pipe0, "
                     "which nothing will complete)"),
            std::string::npos)
      << Err;
}

TEST(Simulator, RunPastMaxCyclesIsAnError) {
  SimOptions Opts;
  Opts.MaxCycles = 50;
  std::string Err = runError(
      testCatalog(), {{issue(Tma, {1}), issue(Alu, {2}, {1}), ret()}}, Opts);
  EXPECT_NE(Err.find("still running at cycle 0, the limit is 50"),
            std::string::npos)
      << Err;
}

TEST(Simulator, MalformedOpsAreErrors) {
  EXPECT_NE(runError(testCatalog(), {{issue(Alu, {16}), ret()}})
                .find("op 0: a register value out of range"),
            std::string::npos);
  EXPECT_NE(runError(testCatalog(), {{issue(Alu, {}, {}, 3), ret()}})
                .find("unit stream 3 out of range"),
            std::string::npos);
  EXPECT_NE(runError(testCatalog(2), {{wait(2, 0), ret()}})
                .find("barrier 2 out of range"),
            std::string::npos);
  EXPECT_NE(
      runError(testCatalog(), {{marker(1), ret()}}).find("loop 1 out of range"),
      std::string::npos);
  EXPECT_NE(runError(testCatalog(), {{issue(Alu)}}).find("without a return"),
            std::string::npos);
}

// A loop's steady state is the mean distance between entries over the
// later half of its intervals: the warm-up (here 10) does not count.
TEST(Simulator, SteadyStateSkipsTheWarmUp) {
  LoopResult L;
  L.Entries = {0, 10, 30, 50, 70};
  EXPECT_EQ(L.steadyCyclesPerIteration(), 20.0);
  L.Entries = {0, 10};
  EXPECT_EQ(L.steadyCyclesPerIteration(), 10.0);
  L.Entries = {5};
  EXPECT_EQ(L.steadyCyclesPerIteration(), std::nullopt);
  // Odd interval counts take the larger half: 5 intervals, the last 3.
  L.Entries = {0, 1, 2, 12, 22, 32};
  EXPECT_EQ(L.steadyCyclesPerIteration(), 10.0);
}

// The main loop is the one entered most often; on a tie the slowest in the
// steady state (warp-specialized agents: the one that sets the pace, not an
// agent with only loop control), then the first.
TEST(Simulator, MainLoopRanMostIterations) {
  SimResult R;
  R.Loops.resize(4);
  R.Loops[0].Entries = {0, 1};
  R.Loops[1].Entries = {0, 1, 2};
  R.Loops[2].Entries = {5, 6, 7};
  R.Loops[3].Entries = {0, 33, 66};
  EXPECT_EQ(R.mainLoop(), &R.Loops[3]);
  R.Loops.pop_back();
  EXPECT_EQ(R.mainLoop(), &R.Loops[1]);
  EXPECT_EQ(SimResult().mainLoop(), nullptr);
}

// A loop of a TMA load and a dependent MMA, three times round: each
// iteration is a marker, and the trace names every issue.
TEST(Simulator, TraceAndDeterminism) {
  std::vector<DynamicOp> Ops;
  for (unsigned I = 0; I != 3; ++I) {
    Ops.push_back(marker(0));
    Ops.push_back(issue(Tma, {1}, {}, 0));
    Ops.push_back(issue(Mma, {2}, {1, 2}));
    Ops.push_back(branch(I != 2));
  }
  Ops.push_back(ret());
  std::string Trace;
  llvm::raw_string_ostream OS(Trace);
  SimOptions Opts;
  Opts.Trace = &OS;
  SimResult R = run(testCatalog(), {Ops}, Opts);
  // Iteration starts: 0; the MMA at 100, the branch with it, next at 101;
  // the TMA slot is long free, the MMA waits for its TMA at 201.
  EXPECT_EQ(probes(R), (std::vector<Cycle>{0, 101, 202}));
  EXPECT_EQ(R.Cycles, 318u);
  EXPECT_NE(Trace.find("0 agent0: op 1 -> ready at 100 (tma)"),
            std::string::npos)
      << Trace;
  EXPECT_NE(Trace.find("101 agent0: enters loop bb.1"), std::string::npos);
  SimResult Again = run(testCatalog(), {Ops});
  EXPECT_EQ(Again.Cycles, R.Cycles);
  EXPECT_EQ(probes(Again), probes(R));
}

} // namespace
