//===- GpuRun.h - One problem launched on the GPU ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Loads the PTX (the driver JIT-compiles it), allocates and fills the
// operands, encodes the tensor maps of the plan, launches once for the
// result (C is first filled with NaN bytes, so a value the kernel never
// writes fails the comparison), then times the warm-up and timed runs one
// by one between CUDA events.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_GPURUN_H
#define TILEAS_RUN_GPURUN_H

#include "CudaDriver.h"
#include "LaunchPlan.h"
#include "Reference.h"

#include <vector>

namespace tileas {
namespace run {

struct GpuResult {
  std::vector<float> C;        ///< After the first launch.
  std::vector<double> TimesMs; ///< One per timed run.
};

llvm::Expected<GpuResult> runOnGpu(CudaDriver &D, llvm::StringRef PTX,
                                   const Problem &P, const LaunchPlan &L,
                                   const HostMatrix &A, const HostMatrix &B);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_GPURUN_H
