//===- Judge.h - Every schedule through the TileAS verifier -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The one place where a schedule - ours, a peer's, the exact solver's - is
// judged: the independent verifier of tileas/Sched/Verifier.h on the loop's
// problem, then the figures the report gives (II, stage count, MaxLive).
// The same code for every scheduler, so no one is judged more kindly; a
// peer's violations are then sorted by whose fault they are (PeerVerdict.h).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_JUDGE_H
#define TILEAS_BENCH_JUDGE_H

#include "LoopRecord.h"
#include "PeerVerdict.h"

namespace tileas {
namespace bench {

/// Records S as O's schedule and judges it: sets HasSchedule, II, Stages,
/// MaxLive, Verified and the violations.
void judgeSchedule(const Problem &P, Schedule S, Outcome &O);

/// The same for a peer's schedule, and each violation classified by whose
/// fault it is, given what the peer was told (C).
void judgePeerSchedule(const Problem &P, Schedule S, const PeerContext &C,
                       Outcome &O);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_JUDGE_H
