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

#include <cstdint>

namespace tileas {

/// One value's live range on a line of times that repeats every Period (the
/// scheduler's cycles modulo II, or an agent's kernel positions): Units
/// 32-bit registers from Start to End (exclusive; an empty range, a value
/// nobody reads, holds nothing: the scheduler gives every result at least a
/// cycle itself).
struct LiveRange {
  int64_t Start = 0, End = 0;
  unsigned Units = 0;
};

/// The register model that the scheduler's register-aware search and
/// warp specialization's agent check share: MaxLive. At a time t of the
/// kernel (0 <= t < Period) a range has one instance per k with
/// Start <= t + k * Period < End; the most over t of the instances' units.
/// A value carried across the kernel's back edge once counts only where
/// its copies are live: its PHI copy and the value it copies do not
/// overlap, and share a register (attention forward: MaxLive 234, ptxas 245
/// unspecialized, where counting it for the whole kernel gave 398). One
/// carried across two back edges or more rotates through a chain of PHIs,
/// each copied into the next at the latch: its most copies count at every
/// time (the grouped MoE GEMM's load warp prefetching two iterations ahead:
/// 43 so, 39 counted where live, 56 after TileAS's allocation).
/// docs/ii-search.md, "Registers", lists the model against ptxas.
unsigned maxLiveRegisters(llvm::ArrayRef<LiveRange> Ranges, unsigned Period);

/// The registers of an agent whose instructions print as fragment
/// sequences (the compute agent: tcgen05.ld destinations, f32x2 halves,
/// conversions, addresses) that its IR values do not name: its need is
/// MaxLive, its invariants and these, against its setmaxnreg budget. On
/// attention forward warp-specialized ptxas spills 72 B at 255 registers
/// where MaxLive is 238 (docs/warp-specialization.md).
constexpr unsigned FragmentSequenceRegisters = 24;

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
