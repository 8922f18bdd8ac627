//===- Report.h - What tileas-run says about a run --------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The outcome of one run (the device, the kernel, the comparison with the
// reference, the times) and its two forms: lines for a reader, one JSON
// object for scripts (bench/gpu.sh). docs/tileas-run.md lists the fields.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_RUN_REPORT_H
#define TILEAS_RUN_REPORT_H

#include "LaunchPlan.h"
#include "Reference.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace run {

struct RunReport {
  std::string Device;
  unsigned Capability = 0; ///< 10 x major + minor.
  int SMs = 0;
  int DriverVersion = 0;
  std::optional<Comparison> Check; ///< Unset: "check": false.
  double Tolerance = 0;            ///< Per unit of K.
  std::vector<double> TimesMs;     ///< One per timed run.

  double medianMs() const;
  double minMs() const;
  double maxMs() const;
};

/// `sm_90` for 90.
std::string archName(unsigned Capability);

void printReport(llvm::raw_ostream &OS, const RunReport &R, const Problem &P,
                 const PTXKernel &K, const LaunchPlan &L);
void printReportJSON(llvm::raw_ostream &OS, const RunReport &R,
                     const Problem &P, const PTXKernel &K, const LaunchPlan &L);

} // namespace run
} // namespace tileas

#endif // TILEAS_RUN_REPORT_H
