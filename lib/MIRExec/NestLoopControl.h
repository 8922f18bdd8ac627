//===- NestLoopControl.h - The control of an outer loop ---------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The outer loop of a nest (a persistent kernel's loop over output tiles)
// has several blocks: its induction PHI is in its header, its exit test and
// branch in its one latch. Its control is read in the form of a counted loop
// (TileASCountedLoop.h) whose Loop is the header, so that the trip-count
// plan sets its bound as it sets a single-block loop's:
//
//   header: %iv   = PHI %init, %preheader, %next, %latch
//   ...
//   latch:  %next = ADDri %iv, Step    (or SUBri; in any block of the loop)
//           %p    = SETPri/SETPrr %iv + D, Bound, CC   (or Bound, %iv + D)
//           BR_P %p, %header   (or BR_NP %p, %exit; BRA %header)
//
// or, a while loop, with the exit test in the header (and the latch only
// branching back): the test before iteration K decides whether it runs.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_MIREXEC_NESTLOOPCONTROL_H
#define TILEAS_LIB_MIREXEC_NESTLOOPCONTROL_H

#include "Pipeliner/TileASCountedLoop.h"

#include <optional>
#include <string>

namespace llvm {
class MachineLoop;
} // namespace llvm

namespace tileas {

/// The control of loop L read as a counted loop whose Loop is L's header, or
/// nullopt with WhyNot saying which part is not counted.
std::optional<llvm::TileASCountedLoop> analyzeNestLoop(llvm::MachineLoop &L,
                                                       std::string &WhyNot);

} // namespace tileas

#endif // TILEAS_LIB_MIREXEC_NESTLOOPCONTROL_H
