//===- EventReport.cpp - Human-readable event schedule summaries ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/EventSched/EventScheduler.h"

using namespace llvm;

namespace tileas {

static void printPipe(raw_ostream &OS, unsigned Pipe, const PipeTable *Pipes) {
  if (Pipes && Pipe < Pipes->size())
    OS << Pipes->name(Pipe);
  else
    OS << "pipe" << Pipe;
}

static void printPair(raw_ostream &OS, const PairPeak &P,
                      const PipeTable *Pipes) {
  printPipe(OS, P.Src, Pipes);
  OS << "->";
  printPipe(OS, P.Dst, Pipes);
}

void printEventSchedule(raw_ostream &OS, const EventDAG &G,
                        const EventScheduleResult &R, const PipeTable *Pipes) {
  OS << "strategy " << toString(R.Strategy) << ", "
     << (R.Feasible ? "within budget" : "OVER BUDGET")
     << (R.Changed ? ", reordered" : ", unchanged")
     << (R.ProvenBest ? "" : ", not proven best") << "\n";
  if (const PairPeak *W = R.worst()) {
    OS << "worst pair ";
    printPair(OS, *W, Pipes);
    OS << ": peak " << W->Peak << ", budget " << W->Budget << "\n";
  }
  for (unsigned I = 0, E = R.After.Pairs.size(); I != E; ++I) {
    const PairPeak &After = R.After.Pairs[I];
    OS << "  ";
    printPair(OS, After, Pipes);
    OS << ": peak " << R.Before.Pairs[I].Peak << " -> " << After.Peak
       << " (budget " << After.Budget << ")\n";
  }
  OS << "order:";
  for (unsigned V : R.Order) {
    OS << ' ';
    if (G.name(V).empty())
      OS << V;
    else
      OS << G.name(V);
  }
  OS << "\n";
}

} // namespace tileas
