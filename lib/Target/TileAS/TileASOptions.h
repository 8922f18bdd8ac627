//===- TileASOptions.h - Options shared by TileAS passes --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASOPTIONS_H
#define TILEAS_TILEASOPTIONS_H

namespace llvm {

/// Named barriers kept for other uses (-tileas-reserved-barriers); negative
/// means the td's CoordinationModel value.
int tileasReservedBarriers();

/// Run the independent schedule verifier in the passes
/// (-tileas-verify-schedule; lit tests turn it on).
bool tileasVerifySchedules();

} // namespace llvm

#endif // TILEAS_TILEASOPTIONS_H
