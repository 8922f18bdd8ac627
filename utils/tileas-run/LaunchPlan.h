//===- LaunchPlan.h - A problem matched to its PTX kernel -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Everything a launch needs, decided before the driver is touched: each
// parameter of the description matched with the kernel's .param of the
// same position (a tensor map with a 128-byte .b8 array aligned to at
// least 64, a pointer with a .u64, a scalar with its width), the tensor
// maps' encoder arguments, the scalars' values, the grid, the block (the
// description's, else .reqntid) and the dynamic shared memory (the
// description's, else the arena's bytes + 1024; the GPU's own limit is
// checked once the driver is up). `tileas-run --dry-run` prints it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_LAUNCHPLAN_H
#define TILEAS_RUN_LAUNCHPLAN_H

#include "PTXKernel.h"
#include "Problem.h"
#include "TensorMapPlan.h"

#include "llvm/Support/raw_ostream.h"

namespace tileas {
namespace run {

struct PlannedParam {
  KernelParam::Kind TheKind;
  Operand Of = Operand::A;
  TensorMapArgs Map; ///< TensorMap.
  uint64_t Scalar = 0;
};

struct LaunchPlan {
  llvm::SmallVector<PlannedParam, 8> Params;
  std::array<uint64_t, 3> Grid = {1, 1, 1};
  std::array<uint64_t, 3> Block = {1, 1, 1};
  uint64_t SharedBytes = 0;
  /// 2 M N K: the flops of one run.
  double Flops = 0;
};

llvm::Expected<LaunchPlan> planLaunch(const Problem &P, const PTXKernel &K);

void printLaunchPlan(llvm::raw_ostream &OS, const Problem &P,
                     const PTXKernel &K, const LaunchPlan &L);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_LAUNCHPLAN_H
