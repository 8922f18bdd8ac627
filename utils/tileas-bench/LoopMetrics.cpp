//===- LoopMetrics.cpp - Figures of merit of a modulo schedule ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "LoopMetrics.h"

#include <algorithm>
#include <vector>

using namespace tileas;

unsigned tileas::bench::maxLiveValues(const Problem &P, const Schedule &S) {
  unsigned II = S.II;
  if (II == 0 || S.Ops.size() != P.size())
    return 0;
  std::vector<int64_t> End(P.size(), INT64_MIN);
  for (const Dependence &D : P.dependences()) {
    if (D.Kind != DepKind::Data && D.Kind != DepKind::Accumulate)
      continue;
    int64_t UseAt = S.Ops[D.To].Start + int64_t(II) * D.Distance;
    End[D.From] = std::max(End[D.From], UseAt);
  }
  // Per modulo row: whole wraps of a lifetime add to every row; the rest
  // adds to a run of rows starting at the def's row (difference array over
  // the rows, with wrap-around).
  int64_t Wraps = 0;
  std::vector<int64_t> Delta(II + 1, 0);
  for (unsigned V = 0; V < P.size(); ++V) {
    int64_t Begin = S.Ops[V].Start;
    if (End[V] <= Begin)
      continue;
    int64_t Length = End[V] - Begin;
    Wraps += Length / II;
    int64_t Rest = Length % II;
    if (!Rest)
      continue;
    int64_t Row = ((Begin % II) + II) % II;
    int64_t Last = Row + Rest; // exclusive
    if (Last <= II) {
      Delta[Row] += 1;
      Delta[Last] -= 1;
    } else {
      Delta[Row] += 1;
      Delta[II] -= 1;
      Delta[0] += 1;
      Delta[Last - II] -= 1;
    }
  }
  int64_t Best = 0, Running = 0;
  for (unsigned R = 0; R < II; ++R) {
    Running += Delta[R];
    Best = std::max(Best, Running);
  }
  return unsigned(Best + Wraps);
}
