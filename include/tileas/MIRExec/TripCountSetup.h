//===- TripCountSetup.h - Run a function's loop T iterations ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How tileas-sim makes a function's loop run T iterations of the loop as
// written, whatever form the function has:
//
//  * a materialized loop with pipes: planTripCount (TripCountPlan.h), which
//    takes the loop's start from its PIPE_CREATE;
//  * otherwise, the counted loops that run as written, i.e. whose start is
//    defined in the entry block (an expansion's kernel starts from what its
//    prologue computed, elsewhere): planAsWrittenTripCount sets their bound
//    (or start) from their own control (protocol::LoopControl);
//  * with a reference (the same function as written, before any
//    pipelining): the plan of the reference, as values of the physical
//    registers its bound and start are copied from. This is how an
//    expansion without pipes (stock MachinePipeliner's, or ours of a loop
//    that needs no coordination) runs exactly the iterations of the
//    original: they read the same live-ins.
//
// A loop whose start and bound are both constants runs its own trip count
// only; anything else is an error naming the loop's block.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_MIREXEC_TRIPCOUNTSETUP_H
#define TILEAS_MIREXEC_TRIPCOUNTSETUP_H

#include "tileas/MIRExec/LoopTripCounts.h"
#include "tileas/MIRExec/RegisterOverride.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/CodeGen/Register.h"
#include "llvm/Support/Error.h"

#include <string>
#include <utility>
#include <vector>

namespace llvm {
class MachineFunction;
} // namespace llvm

namespace tileas {

struct TripCountSetup {
  std::vector<RegisterOverride> Overrides;
  /// Live-in values to add (from a reference).
  std::vector<std::pair<llvm::MCRegister, int64_t>> LiveIns;
  /// What is set, for reports ("%ktiles = 16", "$r0 = 16").
  std::string Description;
};

/// Runs MF's loop Trips iterations from its own control.
llvm::Expected<TripCountSetup> planOwnTripCount(llvm::MachineFunction &MF,
                                                int64_t Trips);

/// The same for trip counts that may be per loop (LoopTripCounts.h): a loop
/// nest's loops each run their own, named loops without pipes as written.
llvm::Expected<TripCountSetup> planOwnTripCount(llvm::MachineFunction &MF,
                                                const LoopTripCounts &Counts);

/// Runs any form of Reference's function Trips iterations of Reference's
/// loop, through the live-ins its bound (or start) is copied from. LiveIns
/// are the values given for the other live-ins.
llvm::Expected<TripCountSetup> planReferenceTripCount(
    llvm::MachineFunction &Reference, int64_t Trips,
    llvm::ArrayRef<std::pair<llvm::MCRegister, int64_t>> LiveIns);

} // namespace tileas

#endif // TILEAS_MIREXEC_TRIPCOUNTSETUP_H
