//===- ExactTestUtil.h - Small problems for the exact solver tests --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_EXACT_EXACTTESTUTIL_H
#define TILEAS_TEST_UNIT_EXACT_EXACTTESTUTIL_H

#include "tileas/Exact/ExactSolver.h"
#include "tileas/Sched/Problem.h"

#include "llvm/ADT/ArrayRef.h"

#include <string>

namespace tileas {
namespace exacttest {

/// A model with singleton slots 1..4, one counting pool "issue" of capacity
/// 2 (index 0) and one budget pool "smem" of capacity 150 (index 0).
ResourceModel smallModel();

/// An op holding the given (slot, duration) holds.
Operation opHolding(llvm::ArrayRef<std::pair<unsigned, unsigned>> Holds);

void depend(Problem &P, unsigned From, unsigned To, int Latency,
            unsigned Distance = 0, DepKind Kind = DepKind::Data);

/// The verifier's violations, one per line; empty when the schedule is legal.
std::string violations(const Problem &P, const Schedule &S);

const char *statusName(ExactResult::StatusTy S);

} // namespace exacttest
} // namespace tileas

#endif // TILEAS_TEST_UNIT_EXACT_EXACTTESTUTIL_H
