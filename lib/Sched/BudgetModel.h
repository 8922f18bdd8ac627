//===- BudgetModel.h - Budget-pool usage of a schedule ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The generators' own reading of the budget rule of Problem.h (the verifier
// has an independent one): ring depth of each op's value, whether it pipes,
// and what each op charges to each budget pool.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_BUDGETMODEL_H
#define TILEAS_LIB_SCHED_BUDGETMODEL_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <vector>

namespace tileas {

/// One op's charge to one budget pool under a schedule.
struct BudgetCharge {
  unsigned Op = 0;
  unsigned Budget = 0;
  uint64_t Amount = 0;  ///< What the op is charged.
  uint64_t PerCopy = 0; ///< PerStage amount per ring copy (0 for PerPipe).
  unsigned Depth = 1;   ///< Ring depth of the op's value.
  bool Pipes = false;
  /// Charges with the same Ring (>= 0) are the producers of one ring,
  /// whose depth is the deepest span among them: capped together.
  int Ring = -1;
};

class BudgetModel {
public:
  /// Reads the dependences from P's list: the model needs no graph.
  BudgetModel(const Problem &P, const Schedule &S);

  llvm::ArrayRef<uint64_t> usage() const { return Usage; }
  llvm::ArrayRef<BudgetCharge> charges() const { return Charges; }
  /// The first pool over capacity, or -1.
  int firstExceeded() const;
  unsigned ringDepth(unsigned Op) const { return Depth[Op]; }

private:
  const Problem &P;
  llvm::SmallVector<uint64_t, 4> Usage;
  std::vector<BudgetCharge> Charges;
  std::vector<unsigned> Depth;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_BUDGETMODEL_H
