//===- Report.cpp - What tileas-run says about a run ----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Report.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <cmath>

using namespace llvm;
using namespace tileas;
using namespace tileas::run;

double RunReport::medianMs() const {
  if (TimesMs.empty())
    return 0;
  std::vector<double> V = TimesMs;
  std::sort(V.begin(), V.end());
  size_t H = V.size() / 2;
  return V.size() % 2 ? V[H] : (V[H - 1] + V[H]) / 2;
}

double RunReport::minMs() const {
  return TimesMs.empty() ? 0 : *llvm::min_element(TimesMs);
}

double RunReport::maxMs() const {
  return TimesMs.empty() ? 0 : *llvm::max_element(TimesMs);
}

std::string run::archName(unsigned Capability) {
  return formatv("sm_{0}", Capability).str();
}

/// 2 M N K over the median, in TFLOP/s.
static double teraFlops(const RunReport &R, const LaunchPlan &L) {
  double Ms = R.medianMs();
  return Ms > 0 ? L.Flops / (Ms * 1e-3) / 1e12 : 0;
}

void run::printReport(raw_ostream &OS, const RunReport &R, const Problem &P,
                      const PTXKernel &K, const LaunchPlan &L) {
  OS << formatv("device: {0} ({1}, {2} SMs, driver {3}.{4})\n", R.Device,
                archName(R.Capability), R.SMs, R.DriverVersion / 1000,
                R.DriverVersion % 1000 / 10);
  OS << formatv("kernel: {0} ({1}), M {2} N {3} K {4} {5}, grid {6} {7} {8}, "
                "block {9}, {10} bytes of shared memory\n",
                P.Kernel, K.Target, P.Shape.M, P.Shape.N, P.Shape.K,
                elementName(P.AType), L.Grid[0], L.Grid[1], L.Grid[2],
                L.Block[0] * L.Block[1] * L.Block[2], L.SharedBytes);
  if (const std::optional<Comparison> &C = R.Check)
    OS << formatv("result: {0}: max |error| {1:e} at C[{2}][{3}] ({4} vs "
                  "{5}), {6} not finite; bound {7:e} x K = {8:e}\n",
                  C->Pass ? "correct" : "WRONG", C->MaxError, C->Row, C->Col,
                  C->Got, C->Want, C->NonFinite, R.Tolerance, C->Bound);
  else
    OS << "result: not checked (\"check\": false)\n";
  OS << formatv("time: median {0:f3} us of {1} runs (min {2:f3}, max "
                "{3:f3})\n",
                R.medianMs() * 1e3, R.TimesMs.size(), R.minMs() * 1e3,
                R.maxMs() * 1e3);
  OS << formatv("throughput: {0:f2} TFLOP/s\n", teraFlops(R, L));
}

void run::printReportJSON(raw_ostream &OS, const RunReport &R, const Problem &P,
                          const PTXKernel &K, const LaunchPlan &L) {
  json::OStream J(OS, 2);
  J.object([&] {
    J.attribute("kernel", P.Kernel);
    J.attribute("target", K.Target);
    J.attribute("device", R.Device);
    J.attribute("device_arch", archName(R.Capability));
    J.attribute("m", int64_t(P.Shape.M));
    J.attribute("n", int64_t(P.Shape.N));
    J.attribute("k", int64_t(P.Shape.K));
    J.attribute("type", elementName(P.AType));
    J.attribute("checked", R.Check.has_value());
    if (const std::optional<Comparison> &C = R.Check) {
      J.attribute("correct", C->Pass);
      // JSON has no infinity: a NaN in C is null.
      J.attribute("max_error", std::isfinite(C->MaxError)
                                   ? json::Value(C->MaxError)
                                   : json::Value(nullptr));
      J.attribute("error_bound", C->Bound);
      J.attribute("non_finite", int64_t(C->NonFinite));
    }
    J.attribute("runs", int64_t(R.TimesMs.size()));
    J.attribute("median_ms", R.medianMs());
    J.attribute("min_ms", R.minMs());
    J.attribute("max_ms", R.maxMs());
    J.attribute("tflops", teraFlops(R, L));
  });
  OS << "\n";
}
