//===- Clock.h - Wall-clock samples and their medians -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Timing for the benchmark: a monotonic clock in milliseconds, and a repeat
// policy that samples a measurement until either a count or a time budget is
// reached, keeping the median (the machine may be shared with other work).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_CLOCK_H
#define TILEAS_BENCH_CLOCK_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace tileas {
namespace bench {

/// Milliseconds on a monotonic clock (arbitrary origin).
double nowMs();

/// The summary of repeated samples of one measurement.
struct TimingSample {
  double MedianMs = 0;
  double MinMs = 0;
  double MaxMs = 0;
  unsigned Repeats = 0; ///< 0: never measured.
};

/// How often to repeat a measurement: at least once, at most MaxRepeats
/// times, and no further repeat once BudgetMs has been spent on it.
struct RepeatPolicy {
  unsigned MaxRepeats = 5;
  double BudgetMs = 2000;
};

/// Calls Sample until the policy stops it. Sample returns one measurement in
/// milliseconds, or a negative value when the measured thing failed (the
/// repeats then stop; failed samples are not counted).
TimingSample measure(const RepeatPolicy &Policy,
                     llvm::function_ref<double()> Sample);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_CLOCK_H
