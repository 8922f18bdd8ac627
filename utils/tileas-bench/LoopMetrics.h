//===- LoopMetrics.h - Figures of merit of a modulo schedule ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Maximum live values (MaxLive), the register-pressure figure the report
// gives for every schedule:
//
//  * a value is the result of an operation that has at least one Data or
//    Accumulate dependence in the problem (memory, token and order edges
//    carry no value);
//  * it is live from the start of its producer, S(def), up to the latest
//    start of a consumer in the iteration that reads it,
//    max over its Data/Accumulate edges e of S(use) + II * Distance(e)
//    (half-open: live in cycles S(def) .. end - 1);
//  * in the steady state every iteration's copy overlaps the others, so the
//    values live in kernel row r are the cycles t of every lifetime with
//    t mod II = r; MaxLive is the largest such count over the II rows.
//
// Values used only after the loop are invisible to the problem and are not
// counted; the figure is the same for every scheduler, so it compares them.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_LOOPMETRICS_H
#define TILEAS_BENCH_LOOPMETRICS_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

namespace tileas {
namespace bench {

/// MaxLive as defined above (0 for an II of 0).
unsigned maxLiveValues(const Problem &P, const Schedule &S);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_LOOPMETRICS_H
