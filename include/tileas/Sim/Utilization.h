//===- Utilization.h - Tensor-core utilization of a run --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How busy a run kept the tensor core, and how busy the loop's work lets it
// be (docs/simulator.md, "Tensor-core utilization"):
//
//  * busy cycles: the sum of the MMAs' occupancies of the tensor core
//    (OccupiedUnitResult spans; they never overlap);
//  * the steady state: the main loop's later half, the window of
//    LoopResult::steadyCyclesPerIteration, from its entry
//    Entries[n - 1 - h] to its last entry Entries[n - 1] (h = the later half
//    of the n - 1 intervals): the pipeline's fill lies before it and the
//    drain after it; the steady busy fraction is the part of the window the
//    tensor core is busy, the total one the part of the whole run;
//  * the bound: one iteration's MMA work over the larger of that and the
//    iteration's transfer time at the timing's bytes per cycle; whichever is
//    larger binds. One iteration's work on a unit is counted in the steady
//    state of the agent that issues to it (its loop entered most often, the
//    later half of its entries, as above): the occupancies (bytes) it issued
//    there over the iterations there. (Several agents' loops are not in
//    phase, so the main loop's window would count one agent's work short
//    or over by an iteration.) No MMA work: no bound.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_UTILIZATION_H
#define TILEAS_SIM_UTILIZATION_H

#include "tileas/Sim/Simulator.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace tileas {
namespace sim {

struct TensorCoreUse {
  double BusyCycles = 0;
  /// Null when the main loop did not run twice (no steady state).
  std::optional<double> SteadyBusyFraction;
  double TotalBusyFraction = 0;
  std::optional<double> MmaCyclesPerIteration;
  std::optional<double> TransferCyclesPerIteration;
  std::optional<double> BoundFraction;
  /// The transfer time binds (else the MMA work does).
  bool TransferBinds = false;
};

/// The tensor core's use in R: TensorCore and FarMemory index R.Units (or
/// are negative when the run has no such unit); BytesPerCycle is the
/// far-memory share's bandwidth.
TensorCoreUse tensorCoreUse(const SimResult &R, int TensorCore, int FarMemory,
                            double BytesPerCycle);

/// The "tensor_core" object of the JSON report.
void writeJSONTensorCore(llvm::json::OStream &J, const TensorCoreUse &U);
/// One line: "tensor core: busy N cycles, ...".
void printTensorCore(llvm::raw_ostream &OS, const TensorCoreUse &U);

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_UTILIZATION_H
