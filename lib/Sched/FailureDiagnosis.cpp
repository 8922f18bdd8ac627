//===- FailureDiagnosis.cpp - Why an op found no seat ---------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "FailureDiagnosis.h"
#include "ModuloState.h"

#include "llvm/Support/FormatVariadic.h"

#include <limits>

using namespace llvm;

namespace tileas {

static constexpr unsigned MaxReportedRows = 4;

static ScheduleFailure baseFailure(const PlacementContext &Ctx, unsigned II,
                                   unsigned Op) {
  ScheduleFailure F;
  F.CandidateII = II;
  F.Op = int(Op);
  F.Group = Ctx.units().groupId(Ctx.units().unitOf(Op));
  return F;
}

static std::string opName(const PlacementContext &Ctx, unsigned Op) {
  return formatv("op {0} '{1}'", Op, Ctx.problem().operations()[Op].Name);
}

static std::string rowList(const ScheduleFailure &F) {
  std::string S;
  for (auto [Row, Occupancy] : F.ConflictRows)
    S += formatv("{0}{1}", S.empty() ? "" : ", ", Row).str();
  return S;
}

ScheduleFailure diagnoseBlockedOp(const ModuloState &State, unsigned Op) {
  const PlacementContext &Ctx = State.context();
  const ReservationTable &Table = State.table();
  const Operation &O = Ctx.problem().operations()[Op];
  unsigned II = State.ii();
  ScheduleFailure F = baseFailure(Ctx, II, Op);
  Window W = State.window(Op);
  F.EarliestStart = W.Lo;
  F.LatestStart =
      W.Hi >= Unbounded ? std::numeric_limits<int64_t>::max() : W.Hi;
  if (W.empty()) {
    F.Stage = unsigned(std::max<int64_t>(0, State.stageOfCycle(W.Lo)));
    F.Reason = formatv("{0} at II {1}: its dependence window [{2}, {3}] is "
                       "empty",
                       opName(Ctx, Op), II, W.Lo, W.Hi);
    return F;
  }

  // The seat with the fewest colliding rows explains the most.
  auto Collisions = [&](int64_t T) {
    unsigned Count = 0;
    Footprint Fp = Ctx.footprint(Op);
    for (unsigned K = 0, E = Fp.Rows.size(); K != E; ++K)
      Count += (Table.row(Table.rowOf(T + K)) & Fp.Rows[K]) != 0;
    for (const PoolUse &U : Fp.Pools)
      for (unsigned K = 0; K != std::min(U.Duration, II); ++K) {
        unsigned Row = Table.rowOf(T + K);
        Count +=
            Table.poolCount(U.Pool, Row) + U.Units > Table.poolCapacity(U.Pool);
      }
    return Count;
  };
  bool Down = !W.HasPred && W.HasSucc;
  unsigned Span = unsigned(std::min<int64_t>(W.Hi - W.Lo + 1, II));
  int64_t Best = Down ? W.Hi : W.Lo;
  unsigned BestCount = ~0u;
  for (unsigned I = 0; I != Span; ++I) {
    int64_t T = Down ? W.Hi - I : W.Lo + I;
    unsigned Count = Collisions(T);
    if (Count < BestCount) {
      BestCount = Count;
      Best = T;
    }
  }
  F.Stage = unsigned(State.stageOfCycle(Best));

  for (unsigned I = 0, E = O.Slots.size(); I != E && F.SlotTriple < 0; ++I) {
    const SlotUse &U = O.Slots[I];
    for (unsigned K = 0; K != U.Duration; ++K) {
      unsigned Row = Table.rowOf(Best + K);
      if (!(Table.row(Row) & slotBit(U.Slot)))
        continue;
      F.SlotTriple = int(I);
      if (F.ConflictRows.size() < MaxReportedRows)
        F.ConflictRows.push_back({Row, Table.row(Row)});
    }
  }
  if (F.SlotTriple >= 0) {
    const SlotUse &U = O.Slots[F.SlotTriple];
    F.Reason =
        formatv("{0} finds no seat at II {1}: at its best start {2} "
                "triple {3} (slot {4}, {5} cycles) collides on rows "
                "{6}; window [{7}, {8}]",
                opName(Ctx, Op), II, Best, F.SlotTriple, U.Slot, U.Duration,
                rowList(F), F.EarliestStart,
                W.Hi >= Unbounded ? std::string("inf") : std::to_string(W.Hi));
    return F;
  }
  for (const PoolUse &U : O.Pools) {
    for (unsigned K = 0; K != std::min(U.Duration, II); ++K) {
      unsigned Row = Table.rowOf(Best + K);
      unsigned Count = Table.poolCount(U.Pool, Row);
      if (Count + U.Units <= Table.poolCapacity(U.Pool))
        continue;
      F.Pool = int(U.Pool);
      if (F.ConflictRows.size() < MaxReportedRows)
        F.ConflictRows.push_back({Row, Count});
    }
    if (F.Pool >= 0)
      break;
  }
  if (F.Pool >= 0) {
    F.Reason =
        formatv("{0} finds no seat at II {1}: at its best start {2} pool "
                "'{3}' is full on rows {4}",
                opName(Ctx, Op), II, Best,
                Ctx.problem().model().pools()[F.Pool].Name, rowList(F));
    return F;
  }
  F.Reason = formatv("{0} finds no seat at II {1} in its window [{2}, {3}]",
                     opName(Ctx, Op), II, F.EarliestStart, F.LatestStart);
  return F;
}

ScheduleFailure diagnoseSelfCollision(const PlacementContext &Ctx, unsigned II,
                                      unsigned Op) {
  ScheduleFailure F = baseFailure(Ctx, II, Op);
  const Operation &O = Ctx.problem().operations()[Op];
  // The first triple that reaches a row some longer-held bit wraps onto.
  for (unsigned I = 0, E = O.Slots.size(); I != E && F.SlotTriple < 0; ++I)
    if (O.Slots[I].Duration > II) {
      F.SlotTriple = int(I);
      F.ConflictRows.push_back({0, slotBit(O.Slots[I].Slot)});
    }
  if (F.SlotTriple < 0)
    for (const PoolUse &U : O.Pools)
      if (U.Duration > II) {
        F.Pool = int(U.Pool);
        break;
      }
  F.Reason = formatv("{0}: its footprint ({1} cycles) wraps onto itself at "
                     "II {2}",
                     opName(Ctx, Op), Ctx.footprint(Op).Rows.size(), II);
  return F;
}

} // namespace tileas
