//===- SerialScheduler.cpp - The non-overlapped generator -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "SerialScheduler.h"
#include "Bounds.h"
#include "DepGraph.h"
#include "ScheduleBuilder.h"

#include "tileas/Sched/ReservationTable.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <functional>
#include <queue>

using namespace llvm;

namespace tileas {

SerialPlacement placeSerially(const Problem &P, const DepGraph &G) {
  SerialPlacement Result;
  unsigned N = P.size();
  ArrayRef<Operation> Ops = P.operations();

  std::vector<SmallVector<uint64_t, 8>> Rows(N);
  std::vector<int64_t> Length(N, 1);
  int64_t MaxLength = 1;
  for (unsigned Op = 0; Op != N; ++Op) {
    Rows[Op] = Ops[Op].FootprintRows.empty()
                   ? buildFootprint(Ops[Op].Slots)
                   : SmallVector<uint64_t, 8>(Ops[Op].FootprintRows);
    Length[Op] = std::max<int64_t>(Length[Op], Rows[Op].size());
    for (const PoolUse &U : Ops[Op].Pools)
      Length[Op] = std::max<int64_t>(Length[Op], U.Duration);
    MaxLength = std::max(MaxLength, Length[Op]);
  }

  // Starts never decrease, so a small ring stands in for a table that never
  // wraps: ops that end before the next earliest start are released, the
  // ones left started at most MaxLength earlier, and seats are searched in
  // the next MaxLength + 1 cycles, by which time all of them have ended.
  // With a ring of 3 * MaxLength + 2 rows no live row aliases a searched one.
  ReservationTable Table(P.model().pools());
  Table.reset(unsigned(3 * MaxLength + 2));
  using Active = std::pair<int64_t, unsigned>; // (end, op)
  std::priority_queue<Active, std::vector<Active>, std::greater<Active>> Live;

  Result.Starts.assign(N, -1);
  int64_t Previous = 0;
  for (unsigned Op : G.kahnOrder()) {
    int64_t Earliest = Previous;
    for (const GraphEdge &E : G.preds(Op))
      if (E.Distance == 0 && E.Other != Op && Result.Starts[E.Other] >= 0)
        Earliest = std::max(Earliest, Result.Starts[E.Other] + E.Latency);
    while (!Live.empty() && Live.top().first <= Earliest) {
      unsigned Done = Live.top().second;
      Live.pop();
      Table.release({Rows[Done], Ops[Done].Pools}, Result.Starts[Done]);
    }
    Footprint F{Rows[Op], Ops[Op].Pools};
    std::optional<int64_t> T =
        Table.findFirstFit(F, Earliest, unsigned(MaxLength + 1));
    if (!T) {
      Result.Reason = formatv("op {0} '{1}' does not fit even without overlap",
                              Op, Ops[Op].Name);
      return Result;
    }
    Table.commit(F, *T);
    Live.push({*T + Length[Op], Op});
    Result.Starts[Op] = *T;
    Previous = *T;
  }

  int64_t II = 1;
  for (unsigned Op = 0; Op != N; ++Op)
    II = std::max(II, Result.Starts[Op] + Length[Op]);
  for (const Dependence &D : P.dependences()) {
    int64_t Need = Result.Starts[D.From] + D.Latency - Result.Starts[D.To];
    if (Need <= 0)
      continue;
    if (D.Distance == 0) {
      // Only a distance-0 cycle (which Kahn had to break) can get here.
      Result.Reason =
          formatv("distance-0 cycle through op {0} '{1}' and op {2} '{3}' "
                  "cannot be ordered",
                  D.From, Ops[D.From].Name, D.To, Ops[D.To].Name);
      return Result;
    }
    II = std::max<int64_t>(II, (Need + D.Distance - 1) / D.Distance);
  }
  if (II >= int64_t(InfeasibleII)) {
    Result.Reason = "the serial schedule is longer than any II";
    return Result;
  }
  Result.II = unsigned(II);
  Result.Success = true;
  return Result;
}

ScheduleResult scheduleSerial(const Problem &P, const SchedulerOptions &Opts) {
  if (Error E = P.validate()) {
    ScheduleResult R;
    R.Failure.Reason = "invalid problem: " + toString(std::move(E));
    return R;
  }
  return scheduleValidSerial(P, Opts);
}

ScheduleResult scheduleValidSerial(const Problem &P,
                                   const SchedulerOptions &Opts) {
  ScheduleResult R;
  R.Bounds = computeValidBounds(P, Opts);
  DepGraph G(P);
  SerialPlacement S = placeSerially(P, G);
  if (!S.Success) {
    R.Failure.Reason = S.Reason;
    R.Sched.Flags = SF_Serial;
    return R;
  }
  R.Success = true;
  R.Sched = buildSchedule(S.II, S.Starts);
  R.Sched.Bounds = R.Bounds;
  R.Sched.Flags = SF_Serial;
  R.LastArm = PlacementArm::Serial;
  R.ArmSeats[unsigned(PlacementArm::Serial)] = P.size();
  return R;
}

} // namespace tileas
