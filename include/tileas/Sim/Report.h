//===- Report.h - Simulation results as text and JSON -----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// How a SimResult is printed. The JSON writers emit attributes into an
// object the caller has begun, so that a tool can put its own (function,
// trip count, scheduled II) around them:
//
//   "cycles": 1234, "cycles_per_iteration": 64,         (writeJSONSummary)
//   "loops": [...], "agents": [...], "pipes": [...],
//   "units": [...]                                       (writeJSONDetails)
//
// cycles_per_iteration is the main loop's steady state (SimResult::mainLoop),
// null when no loop ran twice.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_REPORT_H
#define TILEAS_SIM_REPORT_H

#include "tileas/Sim/Simulator.h"

#include "llvm/Support/JSON.h"
#include "llvm/Support/raw_ostream.h"

namespace tileas {
namespace sim {

/// A cycle count as text: an integer when it is one, else two decimals.
std::string formatCycles(double C);

/// The lines below a run's headline: the main loop's steady state, then one
/// line per loop, agent, pipe or mutex with stalls, and unit stream.
void printDetails(llvm::raw_ostream &OS, const SimResult &R);

void writeJSONSummary(llvm::json::OStream &J, const SimResult &R);
void writeJSONDetails(llvm::json::OStream &J, const SimResult &R);

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_REPORT_H
