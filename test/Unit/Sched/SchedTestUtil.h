//===- SchedTestUtil.h - Small problems for the scheduling-core tests -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_SCHED_SCHEDTESTUTIL_H
#define TILEAS_TEST_UNIT_SCHED_SCHEDTESTUTIL_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include <initializer_list>
#include <string>

namespace tileas {
namespace test {

/// Slots 1..4 (named s1..s4), one counting pool "port" of capacity 2 and
/// two budget pools, "smem" (1000) and "barriers" (2).
inline ResourceModel smallModel() {
  ResourceModel M;
  for (unsigned Id = 1; Id <= 4; ++Id)
    M.addSlot(Id, "s" + std::to_string(Id), SlotKind::Fine);
  M.addPool("port", 2);
  M.addBudget("smem", 1000);
  M.addBudget("barriers", 2);
  return M;
}

constexpr unsigned PortPool = 0;
constexpr unsigned SmemBudget = 0;
constexpr unsigned BarrierBudget = 1;

/// Builds problems one op and edge at a time.
class ProblemBuilder {
public:
  ProblemBuilder() : P(smallModel()) {}

  /// An op holding each (slot, duration) pair from its start.
  unsigned op(std::initializer_list<std::pair<unsigned, unsigned>> Slots = {},
              bool Async = false) {
    Operation Op;
    Op.Name = "op" + std::to_string(P.size());
    for (auto [Slot, Duration] : Slots)
      Op.Slots.push_back({Slot, Duration, 1});
    Op.Async = Async;
    return P.addOperation(std::move(Op));
  }
  /// An op charging Units of the port pool for Duration cycles.
  unsigned portOp(unsigned Units = 1, unsigned Duration = 1) {
    unsigned Id = op();
    P.operations()[Id].Pools.push_back({PortPool, Units, Duration});
    return Id;
  }
  void dep(unsigned From, unsigned To, int Latency, unsigned Distance = 0,
           DepKind Kind = DepKind::Data) {
    P.addDependence({From, To, Latency, Distance, Kind});
  }
  Operation &at(unsigned Op) { return P.operations()[Op]; }

  Problem P;
};

/// An accumulator chain of latency 8 around two MMAs on slot 1 (RecMII 16)
/// and eight loads on slot 2 feeding it, enough independent work to fill it:
/// a schedule at the bound exists.
inline ProblemBuilder simpleRecurrenceLoop() {
  ProblemBuilder B;
  unsigned M1 = B.op({{1, 8}}, /*Async=*/true), M2 = B.op({{1, 8}});
  B.dep(M1, M2, 8, 0, DepKind::Accumulate);
  B.dep(M2, M1, 8, 1, DepKind::Accumulate);
  for (int I = 0; I != 8; ++I) {
    unsigned L = B.op({{2, 2}});
    B.dep(L, I % 2 ? M1 : M2, 20);
  }
  return B;
}

/// A loop closed by a branch: op 0 holds slot 1 for 6 cycles; the exit test
/// (op 1, slot 3, its result 4 cycles later) follows it by WorkToTest
/// cycles; the loop branch (op 2) holds nothing; both are pinned to stage 0.
inline ProblemBuilder loopBranchLoop(int WorkToTest) {
  ProblemBuilder B;
  unsigned Work = B.op({{1, 6}}), Test = B.op({{3, 1}}), Branch = B.op();
  B.at(Test).MaxDepth = 1;
  B.at(Branch).MaxDepth = 1;
  B.dep(Work, Test, WorkToTest);
  B.dep(Test, Branch, 4, 0, DepKind::Order);
  B.P.LoopBranch = Branch;
  return B;
}

/// Pads a problem with independent resource-free ops so that the selection
/// rule picks the modulo generator (at least 8 ops, one of them Async).
inline void makeModuloEligible(Problem &P) {
  while (P.size() < 8) {
    Operation Op;
    Op.Name = "pad" + std::to_string(P.size());
    P.addOperation(std::move(Op));
  }
  P.operations()[0].Async = true;
}

/// Two async producers of 300 bytes per ring copy in the 1000-byte pool,
/// each read 10 cycles later. Below II 11 both readers are a stage behind:
/// two copies of each ring, 1200 bytes; at 11 the least usage is 600, which
/// leaves room for one more copy of either ring but not of both.
inline Problem twoRings() {
  ProblemBuilder B;
  unsigned U1 = B.op({{1, 1}}, /*Async=*/true), V1 = B.op({{2, 1}});
  unsigned U2 = B.op({{1, 1}}, /*Async=*/true), V2 = B.op({{2, 1}});
  B.at(U1).Budgets.push_back({SmemBudget, 300, BudgetScaling::PerStage});
  B.at(U2).Budgets.push_back({SmemBudget, 300, BudgetScaling::PerStage});
  B.dep(U1, V1, 10);
  B.dep(U2, V2, 10);
  makeModuloEligible(B.P);
  return B.P;
}

} // namespace test
} // namespace tileas

#endif // TILEAS_TEST_UNIT_SCHED_SCHEDTESTUTIL_H
