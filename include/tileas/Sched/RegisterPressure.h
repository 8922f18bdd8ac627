//===- RegisterPressure.h - Registers a modulo schedule keeps live --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// MaxLive of a modulo schedule, per thread, in 32-bit registers, from the
// register model of its operations (Operation::Registers, RegisterGroup,
// LiveOut; Problem::InvariantRegisters):
//
//  * an op's results are live from its start to the start of their last
//    reader (Data and Accumulate out-edges, II * distance later), at least
//    one cycle; a result read after the loop, and not by the next
//    iteration (whose value replaces it), at least to the end of the kernel
//    iteration it is made in (where the loop may exit);
//  * at a row r of the kernel (cycle modulo II) a value live over
//    [Start, End) has an instance live per k with Start <= r + k * II < End
//    (MaxLive: a value read s stages later is counted where it is live, not
//    for the whole kernel; ptxas allocates the PHI copies that carry it
//    across the kernel's back edge into one register where their ranges
//    do not overlap, which the attention kernels' allocation confirms,
//    docs/ptx.md);
//  * an op's results are separate values when it has several
//    (Operation::ResultRegisters: a tensor-memory load of a row defines
//    sixteen fragments, each dead after its own last reader);
//  * the invariants of a group are live throughout.
//
// A group's estimate is its invariants plus its most over the rows. The
// registers an allocator needs without spilling can be more (it also holds
// the prologue's and epilogue's values, and instruction sequences' own
// temporaries); the estimate is checked against ptxas in docs/ptx.md.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_REGISTERPRESSURE_H
#define TILEAS_SCHED_REGISTERPRESSURE_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

namespace tileas {

/// Where the live range of a result that is read after the loop ends at
/// the least (the end of the kernel iteration of the cycle Start).
int64_t liveOutEnd(int64_t Start, unsigned II);

/// The estimate of each register group (index = Operation::RegisterGroup;
/// as many groups as the problem's ops and invariants name, at least one).
llvm::SmallVector<unsigned, 4> estimateRegisters(const Problem &P,
                                                 const Schedule &S);

/// The estimate of every op in one group (the groups summed as one register
/// file: the unspecialized loop).
unsigned estimateTotalRegisters(const Problem &P, const Schedule &S);

/// The register fit of S against Limits (SchedulerOptions::RegisterLimits;
/// a single limit is against estimateTotalRegisters, Group 0): the group
/// furthest over its limit, else the one closest to it (the first on ties);
/// Limit 0 when no group has a limit. Leaves the Resource* fields, Retries and
/// Rescheduled unset.
RegisterFit registerFit(const Problem &P, const Schedule &S,
                        llvm::ArrayRef<unsigned> Limits);

} // namespace tileas

#endif // TILEAS_SCHED_REGISTERPRESSURE_H
