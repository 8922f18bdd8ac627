//===- PipelinedLoopTest.cpp - Canonical pipelined loops ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The canonical builder's shape, correct loops over a sweep of trip counts,
// depths, stage distances, pipes and units (all OK, every action run), and
// the GEMM mainloop at T = 16.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include "gtest/gtest.h"

#include <chrono>

using namespace tileas::protocol;
using namespace tileas::protocol::test;

namespace {

LoopSpec onePipe(unsigned Depth, unsigned ProducerStage, unsigned ConsumerStage,
                 unsigned TripCount) {
  LoopSpec L;
  PipeSpec S;
  S.Id = 0;
  S.Name = "A";
  S.Depth = Depth;
  S.ProducerStage = ProducerStage;
  S.ConsumerStage = ConsumerStage;
  L.Pipes.push_back(S);
  L.NumStages = ConsumerStage + 1;
  L.TripCount = TripCount;
  return L;
}

std::vector<std::string> render(const Program &P) {
  std::vector<std::string> Out;
  for (const Step &S : P.Trace)
    Out.push_back(std::to_string(S.Agent) + " " + describe(S.A) + " | " +
                  S.Where);
  return Out;
}

TEST(ProtocolPipelinedLoop, Shape) {
  Program P = buildPipelinedLoop(onePipe(1, 0, 1, 2));
  ASSERT_EQ(P.Pipes.size(), 1u);
  EXPECT_EQ(P.Pipes[0].Depth, 1u);
  EXPECT_EQ(P.NumUnits, 2u);
  std::vector<std::string> Expected = {
      "0 ProducerAcquire(pipe 0, k=0) | prologue j=0 s=0 k=0: acquire A",
      "1 Write(pipe 0, k=0) | prologue j=0 s=0 k=0: write A",
      "1 ProducerCommit(pipe 0, k=0) | prologue j=0 s=0 k=0: commit A",
      "0 ConsumerWait(pipe 0, k=0) | kernel j=1 s=1 k=0: wait A",
      "2 Read(pipe 0, k=0) | kernel j=1 s=1 k=0: read A",
      "2 ConsumerRelease(pipe 0, k=0) | kernel j=1 s=1 k=0: release A",
      "0 ProducerAcquire(pipe 0, k=1) | kernel j=1 s=0 k=1: acquire A",
      "1 Write(pipe 0, k=1) | kernel j=1 s=0 k=1: write A",
      "1 ProducerCommit(pipe 0, k=1) | kernel j=1 s=0 k=1: commit A",
      "0 ConsumerWait(pipe 0, k=1) | epilogue j=2 s=1 k=1: wait A",
      "2 Read(pipe 0, k=1) | epilogue j=2 s=1 k=1: read A",
      "2 ConsumerRelease(pipe 0, k=1) | epilogue j=2 s=1 k=1: release A",
  };
  EXPECT_EQ(render(P), Expected);
}

TEST(ProtocolPipelinedLoop, ShapeWithComputeAndExplicitOrder) {
  LoopSpec L = onePipe(2, 0, 1, 1);
  L.StageOrder = {0, 1};
  L.ComputePerStage = 1;
  L.Pipes[0].ConsumerUnit = 0; // The issuer reads itself.
  std::vector<std::string> Expected = {
      "0 ProducerAcquire(pipe 0, k=0) | prologue j=0 s=0 k=0: acquire A",
      "1 Write(pipe 0, k=0) | prologue j=0 s=0 k=0: write A",
      "1 ProducerCommit(pipe 0, k=0) | prologue j=0 s=0 k=0: commit A",
      "0 Compute | prologue j=0 s=0 k=0: compute 0",
      "0 Compute | epilogue j=1 s=1 k=0: compute 0",
      "0 ConsumerWait(pipe 0, k=0) | epilogue j=1 s=1 k=0: wait A",
      "0 Read(pipe 0, k=0) | epilogue j=1 s=1 k=0: read A",
      "0 ConsumerRelease(pipe 0, k=0) | epilogue j=1 s=1 k=0: release A",
  };
  EXPECT_EQ(render(buildPipelinedLoop(L)), Expected);
}

TEST(ProtocolPipelinedLoop, MinimumDepth) {
  EXPECT_EQ(minimumDepth(onePipe(1, 0, 1, 4), 0), 1u);
  EXPECT_EQ(minimumDepth(onePipe(1, 0, 3, 4), 0), 3u);
  EXPECT_EQ(minimumDepth(onePipe(1, 1, 3, 4), 0), 2u);
  EXPECT_EQ(minimumDepth(onePipe(1, 2, 2, 4), 0), 1u);
  EXPECT_EQ(minimumDepth(onePipe(1, 2, 1, 4), 0), 0u);
  LoopSpec Early = onePipe(1, 0, 3, 4);
  Early.StageOrder = {0, 1, 2, 3};
  EXPECT_EQ(minimumDepth(Early, 0), 4u);
}

struct SweepCase {
  unsigned Pipes, Units, Depth, Distance, TripCount;
  bool EarlierFirst;
};

std::string name(const SweepCase &C) {
  return std::to_string(C.Pipes) + " pipes, " + std::to_string(C.Units) +
         " units, depth " + std::to_string(C.Depth) + ", distance " +
         std::to_string(C.Distance) + ", T " + std::to_string(C.TripCount) +
         (C.EarlierFirst ? ", earlier stages first" : "");
}

LoopSpec sweepSpec(const SweepCase &C) {
  LoopSpec L = gemmSpec(C.TripCount, C.Depth, C.Distance);
  L.Pipes.resize(C.Pipes);
  L.NumUnits = C.Units;
  L.UnitNames.resize(C.Units);
  for (PipeSpec &S : L.Pipes)
    S.ConsumerUnit = C.Units; // One unit: it produces and consumes.
  if (C.EarlierFirst)
    for (unsigned S = 0; S != L.NumStages; ++S)
      L.StageOrder.push_back(S);
  return L;
}

// Every correct loop is OK, and every action ran (the longest path is a
// complete run). Depths 2..5, each at the tightest stage distance it allows
// and at distance 1, trip counts 1, 2, fewer than the stages, and 16+.
TEST(ProtocolPipelinedLoop, CorrectLoopsAreOk) {
  std::vector<SweepCase> Cases;
  for (unsigned Pipes = 1; Pipes <= 2; ++Pipes)
    for (unsigned Units = 1; Units <= 2; ++Units)
      for (unsigned Depth = 2; Depth <= 5; ++Depth)
        for (bool Early : {false, true}) {
          unsigned Tight = Early ? Depth - 1 : Depth;
          for (unsigned Distance : {1u, Tight}) {
            unsigned Stages = Distance + 1;
            for (unsigned T : {1u, 2u, Stages - 1, 16u, 17u})
              Cases.push_back(
                  SweepCase{Pipes, Units, Depth, Distance, T, Early});
          }
        }
  unsigned Checked = 0;
  for (const SweepCase &C : Cases) {
    LoopSpec L = sweepSpec(C);
    for (unsigned I = 0; I != L.Pipes.size(); ++I)
      ASSERT_LE(minimumDepth(L, I), C.Depth) << name(C);
    Program P = buildPipelinedLoop(L);
    CheckResult R = checkProtocol(P);
    EXPECT_EQ(R.S, CheckResult::OK) << name(C) << "\n" << R.Message;
    EXPECT_EQ(R.MaxDepth, totalActions(P)) << name(C);
    ++Checked;
  }
  EXPECT_EQ(Checked, 2u * 2 * 4 * 2 * 2 * 5);
}

// A correct loop at exactly the minimum depth is OK; one less deadlocks
// (see MistakeTest for why).
TEST(ProtocolPipelinedLoop, MinimumDepthIsTight) {
  for (unsigned Distance = 1; Distance <= 4; ++Distance)
    for (bool Early : {false, true}) {
      LoopSpec L = onePipe(1, 0, Distance, 12);
      if (Early)
        for (unsigned S = 0; S != L.NumStages; ++S)
          L.StageOrder.push_back(S);
      unsigned Min = minimumDepth(L, 0);
      L.Pipes[0].Depth = Min;
      EXPECT_EQ(checkProtocol(buildPipelinedLoop(L)).S, CheckResult::OK)
          << Distance << " " << Early;
      if (Min < 2)
        continue;
      L.Pipes[0].Depth = Min - 1;
      EXPECT_EQ(checkProtocol(buildPipelinedLoop(L)).S, CheckResult::Deadlock)
          << Distance << " " << Early;
    }
}

// The issuer producing and consuming itself (no units) has one interleaving.
TEST(ProtocolPipelinedLoop, IssuerOnly) {
  LoopSpec L = onePipe(2, 0, 2, 6);
  L.NumUnits = 0;
  L.Pipes[0].ProducerUnit = L.Pipes[0].ConsumerUnit = 0;
  Program P = buildPipelinedLoop(L);
  CheckResult R = checkProtocol(P);
  EXPECT_EQ(R.S, CheckResult::OK) << R.Message;
  EXPECT_EQ(R.States, P.Trace.size() + 1);
}

// The GEMM mainloop of the performance target: two pipes of depth 4, three
// stages, 16 iterations, two units, 21 issuer steps per iteration (8 of them
// enqueue to the units).
TEST(ProtocolPipelinedLoop, GemmAtSixteenIterations) {
  Program P = buildPipelinedLoop(gemmSpec(16, 4, 2, 3));
  ASSERT_EQ(P.Trace.size(), 16u * 21);
  auto Start = std::chrono::steady_clock::now();
  CheckResult R = checkProtocol(P);
  double Seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - Start)
          .count();
  EXPECT_EQ(R.S, CheckResult::OK) << R.Message;
  EXPECT_EQ(R.MaxDepth, totalActions(P));
  EXPECT_LT(R.States, 1000000u);
  std::printf("GEMM T=16: %llu states, %llu transitions, max depth %llu, "
              "%.3f s\n",
              (unsigned long long)R.States, (unsigned long long)R.Transitions,
              (unsigned long long)R.MaxDepth, Seconds);
}

} // namespace
