//===- Report.cpp - Simulation results as text and JSON -------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Report.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;
using namespace tileas::sim;

std::string tileas::sim::formatCycles(double C) {
  if (C == std::floor(C))
    return formatv("{0}", uint64_t(C)).str();
  return formatv("{0:F2}", C).str();
}

/// A loop's steady-state cycles per iteration as the text shows them (two
/// decimals at most: a binary double would print 72.8 as
/// 72.799999999999997), or null.
static void writeSteadyState(json::OStream &J, const LoopResult *L) {
  std::optional<double> CPI = L ? L->steadyCyclesPerIteration() : std::nullopt;
  J.attributeBegin("cycles_per_iteration");
  if (CPI)
    J.rawValue(formatCycles(*CPI));
  else
    J.value(nullptr);
  J.attributeEnd();
}

void tileas::sim::printDetails(raw_ostream &OS, const SimResult &R) {
  for (const LoopResult &L : R.Loops) {
    OS << "  loop " << L.Name << " (agent " << R.Agents[L.Agent].Name
       << "): " << L.Entries.size()
       << (L.Entries.size() == 1 ? " iteration" : " iterations");
    if (std::optional<double> CPI = L.steadyCyclesPerIteration())
      OS << ", " << formatCycles(*CPI) << " cycles per iteration";
    OS << (&L == R.mainLoop() ? " (steady state)" : "") << "\n";
  }
  for (const AgentResult &A : R.Agents) {
    const StallCounts &S = A.Stalls;
    OS << "  agent " << A.Name << ": " << A.Issued
       << " instructions, returned at cycle " << A.Returned << ", stalls "
       << S.total() << " (operands " << S.Operand << ", memory order "
       << S.Memory << ", resources " << S.Resource << ", pipes and mutexes "
       << S.Barrier << ")\n";
  }
  for (const GroupResult &G : R.Groups)
    if (G.WaitStall || G.AcquireStall)
      OS << "  " << G.Name << ": stalled " << G.WaitStall << " cycles waiting, "
         << G.AcquireStall << " acquiring\n";
  for (const StreamResult &S : R.Streams)
    OS << "  unit " << S.Name << ": " << S.Ops << " operations, done at cycle "
       << S.LastCompletion << "\n";
}

void tileas::sim::writeJSONSummary(json::OStream &J, const SimResult &R) {
  J.attribute("cycles", int64_t(R.Cycles));
  writeSteadyState(J, R.mainLoop());
}

void tileas::sim::writeJSONDetails(json::OStream &J, const SimResult &R) {
  J.attributeArray("loops", [&] {
    for (const LoopResult &L : R.Loops)
      J.object([&] {
        J.attribute("name", L.Name);
        J.attribute("agent", R.Agents[L.Agent].Name);
        J.attribute("iterations", int64_t(L.Entries.size()));
        J.attribute("first_entry", L.Entries.empty()
                                       ? json::Value(nullptr)
                                       : json::Value(int64_t(L.Entries[0])));
        writeSteadyState(J, &L);
      });
  });
  J.attributeArray("agents", [&] {
    for (const AgentResult &A : R.Agents)
      J.object([&] {
        J.attribute("name", A.Name);
        J.attribute("instructions", int64_t(A.Issued));
        J.attribute("taken_branches", int64_t(A.TakenBranches));
        J.attribute("returned", int64_t(A.Returned));
        J.attributeObject("stalls", [&] {
          J.attribute("operands", int64_t(A.Stalls.Operand));
          J.attribute("memory_order", int64_t(A.Stalls.Memory));
          J.attribute("resources", int64_t(A.Stalls.Resource));
          J.attribute("pipes_and_mutexes", int64_t(A.Stalls.Barrier));
        });
      });
  });
  J.attributeArray("pipes", [&] {
    for (const GroupResult &G : R.Groups)
      J.object([&] {
        J.attribute("name", G.Name);
        J.attribute("wait_stall", int64_t(G.WaitStall));
        J.attribute("acquire_stall", int64_t(G.AcquireStall));
      });
  });
  J.attributeArray("units", [&] {
    for (const StreamResult &S : R.Streams)
      J.object([&] {
        J.attribute("name", S.Name);
        J.attribute("operations", int64_t(S.Ops));
        J.attribute("done", int64_t(S.LastCompletion));
      });
  });
}
