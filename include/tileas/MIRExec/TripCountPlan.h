//===- TripCountPlan.h - Run each loop an exact number of times -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How a run of a materialized function makes its loops run exactly T
// iterations, from each loop's own control (tileas-protocol-check, and
// tileas-sim through TripCountSetup.h).
//
// A coordinated loop is a counted loop (TileASCountedLoop) whose block holds
// PIPE_ operations: a pipelined kernel, or the original loop that stays as
// the path for short trip counts (or that was left alone). Its control is its
// step and exit test (protocol::LoopControl), with the start its pipes count
// iterations from (the first induction value of their PIPE_CREATE): the
// original loop's start, which the kernel's own induction PHI does not start
// from, since the prologue ran the first iterations. A loop that locks
// mutexes but names no pipe is planned after the others: nothing is set if
// they have set its bound already (the agents of a warp-specialized loop
// share it); otherwise it starts from its induction PHI's incoming value,
// which must be computed in the entry block (before any prologue).
//
// When the loop's bound is not a constant, the run sets the bound register to
// the value for which the loop runs T iterations from its start; otherwise,
// when the start is not a constant (counting down from a live-in), it sets
// the start. Registers are set where they are defined, so that everything
// computed from them (the trip-count guard before a pipelined loop, the exit
// tests of the kernel and of the original loop) sees the same value. A bound
// set relative to a start defined later (selection copies the live-in
// parameters last first; or the start is computed in a block after the
// bound's, which that block dominates) is set where the start is defined,
// where both are known; a plan is refused if something may read the bound
// before, or if neither definition comes first on every path. A loop
// whose start and bound are both constants runs a fixed number of times, and
// any other T is refused; so are a T below 1 (the exit test ends each
// iteration, so a loop runs at least once) and loops of one function that
// need different values of one register.
//
// A function without pipes runs its loops as written: planAsWrittenTripCount
// plans the same way every counted loop whose start is computed in the entry
// block, from its induction PHI's incoming value (an expansion's kernel
// starts from what its prologue computed, elsewhere, and is left alone).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_TRIPCOUNTPLAN_H
#define TILEAS_MIREXEC_TRIPCOUNTPLAN_H

#include "tileas/MIRExec/LoopTripCounts.h"
#include "tileas/MIRExec/RegisterOverride.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>

#include <string>
#include <vector>

namespace llvm {
class MachineFunction;
class MachineOperand;
class MachineRegisterInfo;
} // namespace llvm

namespace tileas {

struct TripCountPlan {
  std::vector<RegisterOverride> Overrides;
  /// What is set, for reports: "%n = 6", "%n = %s + 3"; empty if nothing.
  std::string Description;
};

/// How to run every coordinated loop of MF for Trips iterations, or why that
/// cannot be done (naming the loop's block).
llvm::Expected<TripCountPlan> planTripCount(llvm::MachineFunction &MF,
                                            int64_t Trips);

/// The same for a trip count per loop (LoopTripCounts.h): each coordinated
/// loop runs the trip count of its name, and each loop of several blocks
/// that is named (the outer loop of a nest, NestLoopControl.h) runs its own,
/// its bound set from its induction and exit test.
llvm::Expected<TripCountPlan> planTripCount(llvm::MachineFunction &MF,
                                            const LoopTripCounts &Counts);

/// How to run every loop of MF that runs as written for Trips iterations, or
/// why that cannot be done: when no such loop can be set and a loop starts
/// from a value computed outside the entry block (a prologue's).
llvm::Expected<TripCountPlan> planAsWrittenTripCount(llvm::MachineFunction &MF,
                                                     int64_t Trips);

/// The value of an immediate, or of a register that a MOVri sets.
std::optional<int64_t> constantOf(const llvm::MachineRegisterInfo &MRI,
                                  const llvm::MachineOperand &MO);

} // namespace tileas

#endif // TILEAS_MIREXEC_TRIPCOUNTPLAN_H
