//===- PipelinedLoop.cpp - Canonical programs of pipelined loops ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/PipelinedLoop.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {
namespace protocol {

namespace {

std::vector<unsigned> stageOrder(const LoopSpec &L) {
  if (!L.StageOrder.empty())
    return L.StageOrder;
  std::vector<unsigned> Order;
  for (unsigned S = L.NumStages; S-- > 0;)
    Order.push_back(S);
  return Order;
}

/// Position of stage S in Order (Order.size() if absent).
size_t rank(ArrayRef<unsigned> Order, unsigned S) {
  return size_t(llvm::find(Order, S) - Order.begin());
}

bool hasMistake(const LoopSpec &L, MistakeKind K, unsigned Pipe, int64_t Iter) {
  return llvm::any_of(L.Mistakes, [&](const Mistake &M) {
    return M.Kind == K && M.Pipe == Pipe &&
           (K == MistakeKind::DepthTooSmall || M.Iter == Iter);
  });
}

class LoopBuilder {
public:
  LoopBuilder(const LoopSpec &L) : L(L) {
    P.NumUnits = L.NumUnits;
    P.UnitNames = L.UnitNames;
    for (unsigned I = 0, E = L.Pipes.size(); I != E; ++I) {
      const PipeSpec &S = L.Pipes[I];
      unsigned Depth = S.Depth;
      if (hasMistake(L, MistakeKind::DepthTooSmall, I, 0)) {
        unsigned Min = minimumDepth(L, I);
        Depth = Min ? Min - 1 : 0;
      }
      P.Pipes.push_back(PipeConfig{S.Id, Depth, S.Name});
    }
  }

  Program build() {
    std::vector<unsigned> Order = stageOrder(L);
    if (L.TripCount == 0 || L.NumStages == 0)
      return P;
    for (int64_t J = 0, E = int64_t(L.TripCount) + L.NumStages - 1; J != E;
         ++J) {
      const char *Region = J < int64_t(L.NumStages) - 1 ? "prologue"
                           : J >= int64_t(L.TripCount)  ? "epilogue"
                                                        : "kernel";
      for (unsigned S : Order) {
        int64_t K = J - int64_t(S);
        if (K < 0 || K >= int64_t(L.TripCount))
          continue;
        Tag = formatv("{0} j={1} s={2} k={3}", Region, J, S, K).str();
        stage(S, K);
      }
    }
    return P;
  }

private:
  const LoopSpec &L;
  Program P;
  std::string Tag;

  void add(unsigned Agent, const Action &A, const Twine &What) {
    std::string Where = (Tag + ": " + What).str();
    if (Agent == 0)
      P.issue(A, Where);
    else
      P.enqueue(Agent, A, Where);
  }

  /// The flipped parity of a barrier action of iteration K on pipe I.
  Action flipped(const Action &A, unsigned I, bool IsAcquire) const {
    uint64_t D = std::max(1u, P.Pipes[I].Depth);
    unsigned Phase = unsigned((uint64_t(A.Iter) / D) & 1);
    unsigned Right = IsAcquire ? Phase ^ 1 : Phase;
    return A.withOverride(unsigned(uint64_t(A.Iter) % D), Right ^ 1);
  }

  void stage(unsigned S, int64_t K) {
    for (unsigned I = 0, E = L.Pipes.size(); I != E; ++I) {
      const PipeSpec &PS = L.Pipes[I];
      if (PS.ProducerStage != S)
        continue;
      if (!hasMistake(L, MistakeKind::MissingAcquire, I, K)) {
        Action A = Action::producerAcquire(PS.Id, K);
        if (hasMistake(L, MistakeKind::WrongAcquirePhase, I, K))
          A = flipped(A, I, /*IsAcquire=*/true);
        add(0, A, "acquire " + PS.Name);
      }
      add(PS.ProducerUnit, Action::write(PS.Id, K), "write " + PS.Name);
      add(PS.ProducerUnit, Action::producerCommit(PS.Id, K),
          "commit " + PS.Name);
    }
    for (unsigned C = 0; C != L.ComputePerStage; ++C)
      add(0, Action::compute(), "compute " + Twine(C));
    std::vector<unsigned> Consumed;
    for (unsigned I = 0, E = L.Pipes.size(); I != E; ++I)
      if (L.Pipes[I].ConsumerStage == S)
        Consumed.push_back(I);
    for (unsigned I : Consumed) {
      const PipeSpec &PS = L.Pipes[I];
      if (hasMistake(L, MistakeKind::MissingWait, I, K))
        continue;
      Action A = Action::consumerWait(PS.Id, K);
      if (hasMistake(L, MistakeKind::WrongWaitPhase, I, K))
        A = flipped(A, I, /*IsAcquire=*/false);
      add(0, A, "wait " + PS.Name);
    }
    for (unsigned I : Consumed)
      add(L.Pipes[I].ConsumerUnit, Action::read(L.Pipes[I].Id, K),
          "read " + L.Pipes[I].Name);
    for (unsigned I : Consumed)
      if (!hasMistake(L, MistakeKind::MissingRelease, I, K))
        add(L.Pipes[I].ConsumerUnit, Action::consumerRelease(L.Pipes[I].Id, K),
            "release " + L.Pipes[I].Name);
  }
};

} // namespace

unsigned minimumDepth(const LoopSpec &L, unsigned PipeIndex) {
  const PipeSpec &S = L.Pipes[PipeIndex];
  if (S.ConsumerStage < S.ProducerStage)
    return 0;
  if (S.ConsumerStage == S.ProducerStage)
    return 1;
  std::vector<unsigned> Order = stageOrder(L);
  bool ConsumerFirst =
      rank(Order, S.ConsumerStage) < rank(Order, S.ProducerStage);
  return S.ConsumerStage - S.ProducerStage + (ConsumerFirst ? 0 : 1);
}

Program buildPipelinedLoop(const LoopSpec &L) { return LoopBuilder(L).build(); }

} // namespace protocol
} // namespace tileas
