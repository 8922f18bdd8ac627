//===- PeerSchedule.h - A peer's placements ---------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Stock MachinePipeliner and WindowScheduler describe a schedule per machine
// instruction as (stage, cycle), the cycle counted inside the kernel (all of
// them within one window of II cycles, PHIs included). The benchmark turns
// that into a tileas::Schedule over the problem built from the same parsed
// function, matching operations by instruction identity, so that the TileAS
// verifier can judge it:
//
//   Start(op) = (stage - min stage) * II + (cycle - first cycle)
//
// where the first cycle is the least cycle of any placed instruction, PHIs
// included. The shift is uniform (it changes no dependence or modulo row)
// and keeps each instruction's stage exactly as the peer assigned it, so the
// budget rule (which depends on stage differences) sees the peer's stages.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_PEERSCHEDULE_H
#define TILEAS_BENCH_PEERSCHEDULE_H

#include "tileas/Sched/Schedule.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"

namespace llvm {
class MachineInstr;
struct TileASLoopProblem;
} // namespace llvm

namespace tileas {
namespace bench {

struct PeerPlacement {
  int Stage = 0;
  int Cycle = 0;
};

using PeerPlacements =
    llvm::DenseMap<const llvm::MachineInstr *, PeerPlacement>;

/// Builds the schedule of every operation of LP from the peer's placements
/// (which may also hold PHIs; they only enter the first cycle). An
/// operation without a placement, or a cycle outside the II window, is an
/// error naming the instruction.
llvm::Expected<Schedule> buildPeerSchedule(const llvm::TileASLoopProblem &LP,
                                           const PeerPlacements &Placements,
                                           unsigned II);

/// Fills Order (rank by start, then index) and StageCount from the starts
/// and stages of S.
void finishSchedule(Schedule &S);

/// Completes a schedule of LP's instructions (one placement each) into one
/// of LP's problem: the loop branch's op, which no instruction stands for,
/// issues in the kernel's last cycle (II - 1), where an expansion puts the
/// branch; then finishSchedule. Whether the exit test is ready by then is
/// the verifier's to say.
void finishWithLoopBranch(const llvm::TileASLoopProblem &LP, Schedule &S);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_PEERSCHEDULE_H
