//===- StampPass.h - Time one pass inside a legacy pipeline -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Two machine-function passes that bracket the pass being measured. The
// opening stamp requires every analysis the measured pass requires and
// preserves all of them, so the pass manager computes those analyses before
// the clock starts and the measured pass finds them ready: the time is that
// of the pass's own runOnMachineFunction (for MachinePipeliner: DAG building,
// MII, node order, the II search; for tileas-generate-schedule: building the
// problem, the bounds and the II search), summed over the functions of the
// module.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_STAMPPASS_H
#define TILEAS_BENCH_STAMPPASS_H

#include "llvm/CodeGen/MachineFunctionPass.h"

namespace tileas {
namespace bench {

/// Which analyses the measured pass needs (they are computed before the
/// opening stamp).
enum class MeasuredPass { MachinePipeliner, TileASGenerateSchedule };

struct PassTimer {
  double OpenedAt = 0;
  double TotalMs = 0;
  unsigned Functions = 0;
};

/// The stamp before the measured pass.
llvm::MachineFunctionPass *createOpeningStamp(PassTimer &T, MeasuredPass P);
/// The stamp right after it.
llvm::MachineFunctionPass *createClosingStamp(PassTimer &T);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_STAMPPASS_H
