//===- ExitCodes.h - tileas-run's exit status -------------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The exit status of tileas-run (docs/tileas-run.md). lit's cuda-gpu
// feature is on where `tileas-run --probe` exits with Success; the GPU
// tests are UNSUPPORTED elsewhere, and the NoGPU status (77, the "skipped"
// of Automake's test drivers) is what a script tells a missing GPU by.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_EXITCODES_H
#define TILEAS_RUN_EXITCODES_H

namespace tileas {
namespace run {

enum ExitCode : int {
  Success = 0,     ///< Ran; the result matched the reference (or unchecked).
  WrongResult = 1, ///< Ran; the result differs from the reference.
  BadInput = 2,    ///< Usage, the description, the PTX, or their mismatch.
  CudaFailure = 3, ///< The driver refused something after it started.
  TimedOut = 4,    ///< The GPU work outlasted --timeout (a deadlock?).
  NoGPU = 77,      ///< No usable driver or device: nothing was run.
  WrongArch = 78,  ///< The kernel cannot run on this device: its .target,
                   ///< or more shared memory than the device has.
};

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_EXITCODES_H
