//===- RegisterBudget.h - setmaxnreg budgets per warpgroup ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// With setmaxnreg, a CTA launches every thread at one register count and
// whole warpgroups then take registers (setmaxnreg.inc) or give them back
// (.dec): a warpgroup's budget must hold what its code uses, or it reads
// registers it no longer owns. ptxas does not enforce a warpgroup's budget
// on the code after its setmaxnreg (a region using 120 registers under
// `setmaxnreg.dec 40` assembles with no spill and no warning), so the budget
// has to be big enough by construction.
//
// fitWarpgroupBudgets starts from the machine model's budget of each
// warpgroup, raises each to what its code needs, and, when the sum then
// exceeds what the register file gives the CTA, lowers the budgets with the
// most room above their need, 8 registers at a time: every budget ends
// within [need, 256], a multiple of 8, and the launch count fits the file.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PTX_REGISTERBUDGET_H
#define TILEAS_PTX_REGISTERBUDGET_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <vector>

namespace tileas {
namespace ptx {

/// setmaxnreg's range and step.
constexpr unsigned MinSetmaxnreg = 24;
constexpr unsigned MaxSetmaxnreg = 256;
constexpr unsigned SetmaxnregStep = 8;
/// 32-bit registers of an SM's register file.
constexpr unsigned RegisterFileSize = 65536;

struct WarpgroupBudgets {
  /// The setmaxnreg value of each warpgroup.
  std::vector<unsigned> Budgets;
  /// The count every thread launches with (.maxnreg): the budgets' average,
  /// rounded up to the step.
  unsigned Launch = 0;
};

/// Budgets for warpgroups whose model budgets are Model and whose code
/// needs Need registers (0: nothing known), each a warpgroup of 128
/// threads. An error names the warpgroups and counts when they cannot fit.
llvm::Expected<WarpgroupBudgets>
fitWarpgroupBudgets(llvm::ArrayRef<unsigned> Model,
                    llvm::ArrayRef<unsigned> Need);

} // namespace ptx
} // namespace tileas

#endif // TILEAS_PTX_REGISTERBUDGET_H
