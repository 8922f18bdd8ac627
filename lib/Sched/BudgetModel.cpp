//===- BudgetModel.cpp - Budget-pool usage of a schedule ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "BudgetModel.h"
#include "DepGraph.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

BudgetModel::BudgetModel(const Problem &P, const DepGraph &G, const Schedule &S)
    : P(P) {
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  Usage.assign(Budgets.size(), 0);
  unsigned N = P.size();
  Depth.assign(N, 1);
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    if (O.Budgets.empty())
      continue;
    int64_t Stage = S.Ops[Op].Stage;
    int64_t Span = 0;
    bool LaterConsumer = false;
    for (const GraphEdge &E : G.succs(Op)) {
      if (E.Kind != DepKind::Data)
        continue;
      int64_t ConsumerStage = S.Ops[E.Other].Stage;
      Span = std::max(Span, ConsumerStage + E.Distance - Stage);
      LaterConsumer |= ConsumerStage > Stage;
    }
    Depth[Op] = unsigned(1 + Span);
    bool Pipes = O.Async || LaterConsumer;
    for (const BudgetUse &U : O.Budgets) {
      BudgetCharge C;
      C.Op = Op;
      C.Budget = U.Budget;
      C.Depth = Depth[Op];
      C.Pipes = Pipes;
      if (U.Scaling == BudgetScaling::PerStage) {
        C.PerCopy = U.Amount;
        C.Amount = U.Amount * Depth[Op];
      } else {
        C.Amount = Pipes ? U.Amount : 0;
      }
      Usage[U.Budget] += C.Amount;
      Charges.push_back(C);
    }
  }
}

int BudgetModel::firstExceeded() const {
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  for (unsigned B = 0, E = Budgets.size(); B != E; ++B)
    if (Usage[B] > Budgets[B].Capacity)
      return int(B);
  return -1;
}

} // namespace tileas
