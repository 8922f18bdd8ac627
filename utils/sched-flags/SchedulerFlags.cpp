//===- SchedulerFlags.cpp - The scheduler's limits as tool flags ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SchedulerFlags.h"

#include "llvm/Support/ErrorHandling.h"

using namespace llvm;
using namespace tileas;

SchedulerFlags::SchedulerFlags(cl::OptionCategory &Category)
    : MaxII("max-ii", cl::desc("Highest II tried (0 = derived)"),
            cl::init(SchedulerOptions().MaxII), cl::cat(Category)),
      MaxStages("max-stages",
                cl::desc("Upper bound on the stage count (0 = unlimited)"),
                cl::init(SchedulerOptions().MaxStages), cl::cat(Category)),
      MaxConstraintIterations(
          "max-constraint-iterations",
          cl::desc("Bound on the constraint-refinement loop"),
          cl::init(SchedulerOptions().MaxConstraintIterations),
          cl::cat(Category)),
      SearchEffort("search-effort",
                   cl::desc("Effort the II search may spend per op and "
                            "dependence of a loop"),
                   cl::init(SchedulerOptions().SearchEffortFactor),
                   cl::cat(Category)) {}

SchedulerOptions SchedulerFlags::options(SchedulerOptions Base) const {
  Base.MaxII = MaxII;
  Base.MaxStages = MaxStages;
  Base.MaxConstraintIterations = MaxConstraintIterations;
  Base.SearchEffortFactor = SearchEffort;
  return Base;
}

bool SchedulerFlags::given(StringRef Name) const {
  for (const cl::opt<unsigned> *Flag :
       {&MaxII, &MaxStages, &MaxConstraintIterations, &SearchEffort})
    if (Flag->ArgStr == Name)
      return Flag->getNumOccurrences() != 0;
  llvm_unreachable("not a scheduler flag");
}
