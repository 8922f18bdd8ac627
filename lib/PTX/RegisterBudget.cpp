//===- RegisterBudget.cpp - setmaxnreg budgets per warpgroup --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/PTX/RegisterBudget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/InterleavedRange.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace tileas {
namespace ptx {

Expected<WarpgroupBudgets> fitWarpgroupBudgets(ArrayRef<unsigned> Model,
                                               ArrayRef<unsigned> Need) {
  unsigned Groups = Model.size();
  if (Groups == 0 || Need.size() != Groups)
    return createStringError(inconvertibleErrorCode(),
                             "setmaxnreg budgets: %u warpgroups, %u needs",
                             Groups, unsigned(Need.size()));
  // What the register file gives each thread of the CTA at launch.
  unsigned Cap =
      RegisterFileSize / (Groups * 128) / SetmaxnregStep * SetmaxnregStep;
  std::vector<unsigned> Floor(Groups), Budgets(Groups);
  for (unsigned G = 0; G != Groups; ++G) {
    Floor[G] =
        std::max<unsigned>(alignTo(Need[G], SetmaxnregStep), MinSetmaxnreg);
    if (Floor[G] > MaxSetmaxnreg)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("warpgroup {0} needs {1} registers per thread, more than "
                  "setmaxnreg's {2}",
                  G, Need[G], MaxSetmaxnreg));
    unsigned M = std::clamp<unsigned>(alignTo(Model[G], SetmaxnregStep),
                                      MinSetmaxnreg, MaxSetmaxnreg);
    Budgets[G] = std::max(M, Floor[G]);
  }
  auto Sum = [&] {
    return std::accumulate(Budgets.begin(), Budgets.end(), 0u);
  };
  // Give back from the budget with the most room above its need (the first
  // such warpgroup on a tie) until the launch fits.
  while (Sum() > Cap * Groups) {
    unsigned Best = Groups;
    for (unsigned G = 0; G != Groups; ++G)
      if (Budgets[G] > Floor[G] &&
          (Best == Groups ||
           Budgets[G] - Floor[G] > Budgets[Best] - Floor[Best]))
        Best = G;
    if (Best == Groups)
      return createStringError(
          inconvertibleErrorCode(),
          formatv("warpgroups need {0} registers per thread ({1} in all); "
                  "the register file gives {2} warpgroups {3} each ({4})",
                  interleaved(Floor), Sum(), Groups, Cap, Cap * Groups));
    Budgets[Best] -= SetmaxnregStep;
  }
  WarpgroupBudgets R;
  R.Launch = alignTo(divideCeil(Sum(), Groups), SetmaxnregStep);
  R.Budgets = std::move(Budgets);
  return R;
}

} // namespace ptx
} // namespace tileas
