//===- LifetimeCompaction.cpp - Shorter live ranges at the same II --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "LifetimeCompaction.h"
#include "LifetimeCompactionTable.h"
#include "ScheduleBuilder.h"

#include "tileas/Sched/RegisterPressure.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cstdint>
#include <vector>

using namespace llvm;

namespace tileas {

using compaction::carriesValue;
using compaction::EdgeLists;
using compaction::Table;

namespace {

class Compactor {
public:
  Compactor(const Problem &P, const Schedule &S)
      : P(P), II(S.II), Starts(S.Ops.size()), Tab(P, S), Edges(P) {
    for (unsigned I = 0; I < P.size(); ++I)
      Starts[I] = S.Ops[I].Start;
  }

  /// Moves ops while some move saves register-cycles (a few sweeps).
  bool run() {
    bool Moved = false;
    std::vector<unsigned> Ops(P.size());
    for (unsigned I = 0; I < P.size(); ++I)
      Ops[I] = I;
    for (unsigned Sweep = 0; Sweep < 4; ++Sweep) {
      // Latest first: readers settle before their producers follow them.
      llvm::stable_sort(
          Ops, [&](unsigned A, unsigned B) { return Starts[A] > Starts[B]; });
      bool Any = false;
      for (unsigned Op : Ops)
        Any |= improve(Op);
      Moved |= Any;
      if (!Any)
        break;
    }
    return Moved;
  }

  ArrayRef<int64_t> starts() const { return Starts; }

private:
  /// The register-cycles of V's results.
  int64_t cost(unsigned V) const {
    const Operation &O = P.operations()[V];
    if (!O.Registers)
      return 0;
    SmallVector<int64_t, 16> End(O.numResults(), Starts[V] + 1);
    SmallVector<bool, 16> Carried(O.numResults(), false);
    for (unsigned E : Edges.Out[V]) {
      const Dependence &D = P.dependences()[E];
      if (!carriesValue(D) || D.Result >= End.size())
        continue;
      End[D.Result] =
          std::max(End[D.Result], Starts[D.To] + int64_t(II) * D.Distance);
      Carried[D.Result] = Carried[D.Result] || D.Distance > 0;
    }
    // As RegisterPressure.cpp's ranges.
    if (O.LiveOut)
      for (unsigned R = 0; R < End.size(); ++R)
        if (!Carried[R])
          End[R] = std::max(End[R], liveOutEnd(Starts[V], II));
    int64_t C = 0;
    for (unsigned R = 0; R < End.size(); ++R)
      C += int64_t(O.resultRegisters(R)) * (End[R] - Starts[V]);
    return C;
  }

  /// The register-cycles of Op's results and of the values it reads.
  int64_t localCost(unsigned Op, ArrayRef<unsigned> Inputs) const {
    int64_t C = cost(Op);
    for (unsigned V : Inputs)
      C += cost(V);
    return C;
  }

  bool improve(unsigned Op) {
    if (P.LoopBranch && *P.LoopBranch == Op)
      return false;
    const int64_t Old = Starts[Op];
    const int64_t StageStart = Old / II * II, StageEnd = StageStart + II - 1;
    int64_t Lo = StageStart, Hi = StageEnd;
    for (unsigned E : Edges.In[Op]) {
      const Dependence &D = P.dependences()[E];
      if (D.From != Op)
        Lo =
            std::max(Lo, Starts[D.From] + D.Latency - int64_t(II) * D.Distance);
    }
    for (unsigned E : Edges.Out[Op]) {
      const Dependence &D = P.dependences()[E];
      if (D.To != Op)
        Hi = std::min(Hi, Starts[D.To] + int64_t(II) * D.Distance - D.Latency);
    }
    if (Lo >= Hi)
      return false;
    // The values whose ranges the move changes: Op's, and the ones it reads
    // (each once).
    SmallVector<unsigned, 8> Inputs;
    for (unsigned E : Edges.In[Op]) {
      const Dependence &D = P.dependences()[E];
      if (carriesValue(D) && D.From != Op && P.operations()[D.From].Registers &&
          !is_contained(Inputs, D.From))
        Inputs.push_back(D.From);
    }
    if (!P.operations()[Op].Registers && Inputs.empty())
      return false;
    const int64_t Before = localCost(Op, Inputs);
    int64_t Best = Old, BestCost = Before;
    Tab.remove(Op, Old);
    for (int64_t T = Lo; T <= Hi; ++T) {
      if (T == Old || !Tab.fits(Op, T))
        continue;
      Starts[Op] = T;
      int64_t C = localCost(Op, Inputs);
      // Strictly fewer; on ties the nearer move.
      if (C < BestCost || (C == BestCost && Best != Old &&
                           std::abs(T - Old) < std::abs(Best - Old))) {
        Best = T;
        BestCost = C;
      }
    }
    Starts[Op] = Best;
    Tab.place(Op, Best);
    return Best != Old;
  }

  const Problem &P;
  const unsigned II;
  std::vector<int64_t> Starts;
  Table Tab;
  EdgeLists Edges;
};

} // namespace

Schedule compactLifetimes(const Problem &P, const Schedule &S) {
  if (!S.II || S.Ops.size() != P.size())
    return S;
  Compactor C(P, S);
  if (!C.run())
    return S;
  Schedule R = buildSchedule(S.II, C.starts());
  // Stages are unchanged, and with them everything that depends on them.
  R.Bounds = S.Bounds;
  R.Refined = S.Refined;
  R.Flags = S.Flags;
  R.BudgetUsage = S.BudgetUsage;
  R.ConstraintIterations = S.ConstraintIterations;
  R.Registers = S.Registers;
  return R;
}

} // namespace tileas
