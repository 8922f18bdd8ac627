//===- ExactTestUtil.cpp - Small problems for the exact solver tests ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ExactTestUtil.h"

#include "tileas/Sched/Verifier.h"

namespace tileas {
namespace exacttest {

ResourceModel smallModel() {
  ResourceModel M;
  for (unsigned Id = 1; Id <= 4; ++Id)
    M.addSlot(Id, "slot" + std::to_string(Id), SlotKind::Fine);
  M.addPool("issue", 2);
  M.addBudget("smem", 150);
  return M;
}

Operation opHolding(llvm::ArrayRef<std::pair<unsigned, unsigned>> Holds) {
  Operation Op;
  for (auto [Slot, Duration] : Holds)
    Op.Slots.push_back({Slot, Duration, 1});
  return Op;
}

void depend(Problem &P, unsigned From, unsigned To, int Latency,
            unsigned Distance, DepKind Kind) {
  P.addDependence({From, To, Latency, Distance, Kind});
}

std::string violations(const Problem &P, const Schedule &S) {
  std::string Out;
  for (const Violation &V : verifySchedule(P, S))
    Out += V.Message + "\n";
  return Out;
}

const char *statusName(ExactResult::StatusTy S) {
  switch (S) {
  case ExactResult::Optimal:
    return "Optimal";
  case ExactResult::Feasible:
    return "Feasible";
  case ExactResult::Infeasible:
    return "Infeasible";
  case ExactResult::Unknown:
    return "Unknown";
  }
  return "?";
}

} // namespace exacttest
} // namespace tileas
