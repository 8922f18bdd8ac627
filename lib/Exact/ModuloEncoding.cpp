//===- ModuloEncoding.cpp - One candidate II as an SMT problem ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Encoder.h"
#include "StageRules.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace llvm;

namespace tileas {
namespace exact {

bool Encoder::obviouslyInfeasible() const {
  for (const Operation &O : P.operations())
    for (unsigned A = 0, E = O.Slots.size(); A != E; ++A) {
      // A hold longer than II meets itself in some row; two holds of one
      // slot by the same op start together.
      if (O.Slots[A].Duration > II)
        return true;
      for (unsigned B = A + 1; B != E; ++B)
        if (O.Slots[A].Slot == O.Slots[B].Slot)
          return true;
    }
  for (const Dependence &D : P.dependences())
    if (D.From == D.To && int64_t(II) * D.Distance < D.Latency)
      return true;
  return false;
}

uint64_t Encoder::estimateTerms() const {
  uint64_t Terms = 0;
  for (const std::vector<Hold> &H : Slots)
    Terms += uint64_t(H.size()) * H.size() / 2;
  for (const std::vector<Charge> &C : Pools) {
    uint64_t Held = 0;
    for (const Charge &Ch : C)
      Held += Ch.Duration;
    Terms += Held * II;
  }
  return Terms;
}

void Encoder::addVariables() {
  Stage.resize(N);
  Row.resize(N);
  for (unsigned Op = 0; Op != N; ++Op) {
    Stage[Op] = Z.intVar(("k" + Twine(Op)).str());
    Row[Op] = Z.intVar(("r" + Twine(Op)).str());
    Z.require(Z.ge(Stage[Op], Z.num(0)));
    Z.require(Z.ge(Row[Op], Z.num(0)));
    Z.require(Z.le(Row[Op], Z.num(int64_t(II) - 1)));
  }
  RowIs.assign(N, {});
}

void Encoder::addDependences() {
  int64_t L = II;
  for (const Dependence &D : P.dependences()) {
    if (D.From == D.To)
      continue; // Decided in obviouslyInfeasible().
    if (expired())
      return;
    // S_to - S_from >= C with S = II * k + r and C = II * Q + M, 0 <= M < II,
    // is k_to - k_from >= Q + ceil((M - delta) / II) for the row difference
    // delta = r_to - r_from in (-II, II): Q, plus one when delta < M, plus
    // one more when delta < M - II. Stages and rows then only ever meet in
    // difference constraints, which the arithmetic solver handles without
    // branching on the multiples of II.
    int64_t C = int64_t(D.Latency) - L * D.Distance;
    int64_t Q = C >= 0 ? C / L : -((-C + L - 1) / L);
    int64_t M = C - Q * L;
    Z3_ast Gap = Z.sub(Stage[D.To], Stage[D.From]);
    Z3_ast Delta = Z.sub(Row[D.To], Row[D.From]);
    Z.require(Z.ge(Gap, Z.num(Q)));
    Z.require(Z.implies(Z.lt(Delta, Z.num(M)), Z.ge(Gap, Z.num(Q + 1))));
    if (M >= 2) // Otherwise delta < M - II cannot hold.
      Z.require(Z.implies(Z.lt(Delta, Z.num(M - L)), Z.ge(Gap, Z.num(Q + 2))));
  }
}

void Encoder::addBudgets() {
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  if (Budgets.empty())
    return;
  std::vector<SmallVector<Z3_ast, 4>> Usage(Budgets.size());
  std::vector<Z3_ast> Depth(N, nullptr), Pipes(N, nullptr);
  // Only Data edges deepen rings or make a value pipe.
  std::vector<SmallVector<const Dependence *, 4>> DataOut(N);
  for (const Dependence &D : P.dependences())
    if (D.Kind == DepKind::Data)
      DataOut[D.From].push_back(&D);
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    for (const BudgetUse &U : O.Budgets) {
      if (U.Budget >= Budgets.size() || !U.Amount)
        continue;
      int64_t Amount = int64_t(U.Amount);
      if (U.Scaling == BudgetScaling::PerStage) {
        if (!Depth[Op]) {
          // Only an upper estimate of the ring depth is needed: usage is
          // monotone in it, and the solver may pick the exact value.
          Depth[Op] = Z.intVar(("depth" + Twine(Op)).str());
          Z.require(Z.ge(Depth[Op], Z.num(1)));
          for (const Dependence *D : DataOut[Op])
            Z.require(Z.ge(Depth[Op], Z.add(Z.sub(Stage[D->To], Stage[Op]),
                                            Z.num(1 + int64_t(D->Distance)))));
        }
        Usage[U.Budget].push_back(Z.scale(Amount, Depth[Op]));
        continue;
      }
      if (O.Async) {
        Usage[U.Budget].push_back(Z.num(Amount));
        continue;
      }
      if (!Pipes[Op]) {
        Pipes[Op] = Z.boolVar(("pipes" + Twine(Op)).str());
        for (const Dependence *D : DataOut[Op])
          Z.require(Z.implies(Z.gt(Stage[D->To], Stage[Op]), Pipes[Op]));
      }
      Usage[U.Budget].push_back(Z.ite(Pipes[Op], Z.num(Amount), Z.num(0)));
    }
  }
  for (unsigned B = 0, E = Budgets.size(); B != E; ++B)
    if (!Usage[B].empty())
      Z.require(Z.le(Z.sum(Usage[B]),
                     Z.num(int64_t(std::min<uint64_t>(Budgets[B].Capacity,
                                                      uint64_t(INT64_MAX))))));
}

void Encoder::addStageRules() {
  StageRules Rules = computeStageRules(P);
  for (unsigned Op = 0; Op != N; ++Op) {
    int Leader = Rules.GroupLeader[Op];
    if (Leader >= 0 && unsigned(Leader) != Op)
      Z.require(Z.eq(Stage[Op], Stage[Leader]));
    if (unsigned Limit = Rules.DepthLimit[Op])
      Z.require(Z.le(Stage[Op], Z.num(int64_t(Limit) - 1)));
  }
}

IIDecision Encoder::run() {
  IIDecision R;
  if (obviouslyInfeasible()) {
    R.Status = IIDecision::Infeasible;
    return R;
  }
  collectResources();
  if (estimateTerms() > MaxEncodingTerms) {
    R.Note = "the encoding at II " + std::to_string(II) + " is too large";
    return R;
  }
  addVariables();
  addDependences();
  addBudgets();
  addStageRules();
  SlotAdded.assign(Slots.size(), false);
  PoolAdded.assign(Pools.size(), false);
  // Resources are added lazily: solve, add the slot pairs and pools that the
  // model breaks, solve again. Most of them never bind, and leaving them out
  // keeps the search small; an unsatisfiable subset still proves the II
  // infeasible, and the loop ends only with a model that breaks nothing.
  std::vector<int64_t> Rows(N), Stages(N);
  while (true) {
    double Left =
        std::chrono::duration<double>(Deadline - Clock::now()).count();
    if (Expired || Left <= 0)
      return R;
    switch (Z.check(unsigned(std::min(Left * 1000, 4.0e9)))) {
    case Z3Session::Answer::Unsat:
      R.Status = IIDecision::Infeasible;
      return R;
    case Z3Session::Answer::Unknown:
      R.Note = Z.error();
      return R;
    case Z3Session::Answer::Sat:
      break;
    }
    for (unsigned Op = 0; Op != N; ++Op) {
      Rows[Op] = Z.value(Row[Op]);
      Stages[Op] = Z.value(Stage[Op]);
    }
    if (Z.failed()) {
      R.Note = Z.error();
      return R;
    }
    if (!addViolatedResources(Rows))
      break;
  }
  R.Starts.resize(N);
  for (unsigned Op = 0; Op != N; ++Op)
    R.Starts[Op] = int64_t(II) * Stages[Op] + Rows[Op];
  R.Status = IIDecision::Feasible;
  return R;
}

} // namespace exact

IIDecision decideII(const Problem &P, unsigned II, double Seconds) {
  exact::Clock::time_point Deadline =
      exact::Clock::now() + std::chrono::duration_cast<exact::Clock::duration>(
                                std::chrono::duration<double>(Seconds));
  return exact::Encoder(P, II, Deadline).run();
}

} // namespace tileas
