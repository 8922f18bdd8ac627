//===- ScheduleBuilder.cpp - Schedules from start cycles ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ScheduleBuilder.h"

#include <algorithm>
#include <numeric>

using namespace llvm;

namespace tileas {

Schedule buildSchedule(unsigned II, ArrayRef<int64_t> Starts) {
  Schedule S;
  S.II = II;
  unsigned N = Starts.size();
  S.Ops.resize(N);
  if (N == 0)
    return S;
  int64_t Earliest = *std::min_element(Starts.begin(), Starts.end());
  int64_t Shift =
      (Earliest >= 0 ? Earliest / II : -((-Earliest + II - 1) / int64_t(II))) *
      int64_t(II);
  std::vector<unsigned> ByStart(N);
  std::iota(ByStart.begin(), ByStart.end(), 0);
  std::stable_sort(ByStart.begin(), ByStart.end(), [&](unsigned A, unsigned B) {
    return Starts[A] < Starts[B];
  });
  unsigned MaxStage = 0;
  for (unsigned Rank = 0; Rank != N; ++Rank) {
    unsigned Op = ByStart[Rank];
    OpPlacement &Pl = S.Ops[Op];
    Pl.Start = Starts[Op] - Shift;
    Pl.Stage = unsigned(Pl.Start / II);
    Pl.Order = Rank;
    MaxStage = std::max(MaxStage, Pl.Stage);
  }
  S.StageCount = MaxStage + 1;
  return S;
}

} // namespace tileas
