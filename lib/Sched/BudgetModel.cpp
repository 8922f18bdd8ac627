//===- BudgetModel.cpp - Budget-pool usage of a schedule ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "BudgetModel.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

BudgetModel::BudgetModel(const Problem &P, const Schedule &S) : P(P) {
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  Usage.assign(Budgets.size(), 0);
  unsigned N = P.size();
  Depth.assign(N, 1);
  // The farthest stage each value is read in (as a span past its own stage)
  // and whether any reader is in a later stage, over the Data dependences.
  std::vector<int64_t> Span(N, 0);
  std::vector<uint8_t> LaterConsumer(N, 0);
  for (const Dependence &D : P.dependences()) {
    if (D.Kind != DepKind::Data || P.operations()[D.From].Budgets.empty())
      continue;
    int64_t Stage = S.Ops[D.From].Stage, ConsumerStage = S.Ops[D.To].Stage;
    Span[D.From] =
        std::max(Span[D.From], ConsumerStage + int64_t(D.Distance) - Stage);
    LaterConsumer[D.From] |= ConsumerStage > Stage;
  }
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    if (O.Budgets.empty())
      continue;
    Depth[Op] = unsigned(1 + Span[Op]);
    bool Pipes = O.Async || LaterConsumer[Op];
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
