//===- PlacementArms.cpp - The four placement arms at a fixed II ----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PlacementArms.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace llvm;

namespace tileas {

/// Rotations of a group's member order that PERMUTE tries.
static constexpr unsigned MaxRotations = 4;
/// Units FUSE may lift to make room.
static constexpr unsigned MaxFusedBlockers = 4;
/// Ops RETRY may evict for one seat, and seats it tries per op.
static constexpr unsigned MaxVictims = 4;
static constexpr unsigned MaxRetrySeats = 4;
/// Stages the cost-based arm looks across.
static constexpr unsigned CostStages = 2;
/// Ops a relation check may visit before it assumes a relation.
static constexpr unsigned RelationVisitLimit = 256;

static constexpr unsigned SpillWeight = 17;
static constexpr unsigned SpillCap = 4096;

unsigned spillSurcharge(unsigned Pressure, unsigned Budget) {
  if (Budget == 0 || Pressure <= Budget)
    return 0;
  uint64_t Raw = uint64_t(Pressure - Budget) * SpillWeight;
  return unsigned(std::min<uint64_t>(Raw, SpillCap));
}

PlacementArms::PlacementArms(ModuloState &State, const PriorityOrder &Order,
                             const SchedulerOptions &Opts)
    : State(State), Order(Order), Opts(Opts), Fresh(State.context().size()),
      VisitMark(State.context().size(), 0) {}

SmallVector<unsigned, 8> PlacementArms::membersByPriority(unsigned Unit) const {
  ArrayRef<unsigned> Members = State.context().units().members(Unit);
  SmallVector<unsigned, 8> Sorted(Members.begin(), Members.end());
  llvm::sort(Sorted, [&](unsigned A, unsigned B) {
    return Order.Position[A] < Order.Position[B];
  });
  return Sorted;
}

bool PlacementArms::seatInOrder(ArrayRef<unsigned> Ops) {
  for (unsigned Op : Ops) {
    if (State.isPlaced(Op))
      continue;
    std::optional<int64_t> T = State.firstFit(Op, State.window(Op));
    if (!T) {
      BlockedOp = Op;
      return false;
    }
    State.seat(Op, *T);
  }
  return true;
}

void PlacementArms::scanRange(const Window &W, unsigned Span,
                              SmallVectorImpl<int64_t> &Out) const {
  Out.clear();
  if (W.empty())
    return;
  unsigned Count = unsigned(std::min<int64_t>(W.Hi - W.Lo + 1, Span));
  bool Down = !W.HasPred && W.HasSucc;
  for (unsigned I = 0; I != Count; ++I)
    Out.push_back(Down ? W.Hi - I : W.Lo + I);
}

//===----------------------------------------------------------------------===//
// PERMUTE
//===----------------------------------------------------------------------===//

bool PlacementArms::seatInStage(ArrayRef<unsigned> Members, int64_t Stage) {
  int64_t II = State.ii();
  for (unsigned Op : Members) {
    Window W = State.window(Op);
    W.Lo = std::max(W.Lo, Stage * II);
    W.Hi = std::min(W.Hi, Stage * II + II - 1);
    std::optional<int64_t> T;
    if (!W.empty() && !W.HasUnplacedPred) {
      T = State.packedFit(Op, W.Lo, unsigned(W.Hi - W.Lo + 1));
    } else if (!W.empty()) {
      // Still waiting for predecessors: aim between the ends of the window
      // (the stage end if only the stage bounds it).
      int64_t Aim = W.Latest < Unbounded ? W.Lo + (W.Hi - W.Lo) / 2 : W.Hi;
      T = State.nearestFit(Op, W, Aim);
    }
    if (!T) {
      BlockedOp = Op;
      return false;
    }
    State.seat(Op, *T);
  }
  return true;
}

bool PlacementArms::permute(unsigned Unit) {
  SmallVector<unsigned, 8> Members = membersByPriority(Unit);
  size_t Mark = State.mark();
  if (Members.size() > 1) {
    // A group shares one stage: first try the earliest stage every member
    // can reach, each member as late in it as its window allows when it
    // still waits for predecessors, so that those keep their slack.
    int64_t Stage = 0;
    for (unsigned Op : Members)
      Stage = std::max(Stage, State.stageOfCycle(State.window(Op).Lo));
    if (seatInStage(Members, Stage))
      return true;
    State.rollback(Mark);
  }
  int FirstBlocked = -1;
  unsigned Rotations = std::min<unsigned>(Members.size(), MaxRotations);
  for (unsigned R = 0; R != Rotations; ++R) {
    // Rotation R seats member R first, the rest in priority order.
    SmallVector<unsigned, 8> Try;
    Try.push_back(Members[R]);
    for (unsigned I = 0, E = Members.size(); I != E; ++I)
      if (I != R)
        Try.push_back(Members[I]);
    if (seatInOrder(Try))
      return true;
    if (FirstBlocked < 0)
      FirstBlocked = BlockedOp;
    State.rollback(Mark);
  }
  BlockedOp = FirstBlocked;
  return false;
}

//===----------------------------------------------------------------------===//
// FUSE
//===----------------------------------------------------------------------===//

bool PlacementArms::reaches(ArrayRef<unsigned> From, ArrayRef<unsigned> To) {
  const DepGraph &G = State.context().graph();
  if (++VisitEpoch == 0) {
    std::fill(VisitMark.begin(), VisitMark.end(), 0);
    VisitEpoch = 1;
  }
  // Targets carry epoch + 1 on top of the visit epoch; mark them first.
  SmallVector<unsigned, 16> Stack;
  for (unsigned V : From) {
    VisitMark[V] = VisitEpoch;
    Stack.push_back(V);
  }
  unsigned Visited = 0;
  while (!Stack.empty()) {
    unsigned V = Stack.pop_back_val();
    State.charge(1 + G.succs(V).size());
    if (++Visited > RelationVisitLimit)
      return true; // Too far to tell: assume the relation.
    for (const GraphEdge &E : G.succs(V)) {
      if (E.Distance != 0 || VisitMark[E.Other] == VisitEpoch)
        continue;
      if (is_contained(To, E.Other))
        return true;
      VisitMark[E.Other] = VisitEpoch;
      Stack.push_back(E.Other);
    }
  }
  return false;
}

bool PlacementArms::related(ArrayRef<unsigned> A, ArrayRef<unsigned> B) {
  const DepGraph &G = State.context().graph();
  for (unsigned V : A)
    for (const GraphEdge &E : G.succs(V))
      if (is_contained(B, E.Other))
        return true;
  for (unsigned V : B)
    for (const GraphEdge &E : G.succs(V))
      if (is_contained(A, E.Other))
        return true;
  return reaches(A, B) || reaches(B, A);
}

bool PlacementArms::fuse(unsigned Unit) {
  const PlacementContext &Ctx = State.context();
  const PlacementUnits &Units = Ctx.units();
  SmallVector<unsigned, 8> Members = membersByPriority(Unit);
  size_t Mark = State.mark();

  // Find the member that does not fit, with its predecessors in the unit
  // seated as PERMUTE would seat them.
  if (seatInOrder(Members))
    return true; // Cannot happen after PERMUTE failed, but harmless.
  unsigned Blocked = BlockedOp;
  Window W = State.window(Blocked);
  if (W.empty()) {
    State.rollback(Mark);
    return false; // Only moving its neighbours can widen the window.
  }

  // The seat whose blockers are fewest, all unrelated to this unit.
  SmallVector<int64_t, 64> Seats;
  scanRange(W, State.ii(), Seats);
  State.charge(Seats.size());
  SmallVector<unsigned, 8> Conflicts, BestBlockers;
  bool Found = false;
  for (int64_t T : Seats) {
    State.resourceConflicts(Blocked, T, Conflicts);
    SmallVector<unsigned, 8> BlockerUnits;
    bool Usable = true;
    for (unsigned Op : Conflicts) {
      unsigned U = Units.unitOf(Op);
      if (U == Unit) {
        Usable = false;
        break;
      }
      if (!is_contained(BlockerUnits, U))
        BlockerUnits.push_back(U);
    }
    if (!Usable || BlockerUnits.size() > MaxFusedBlockers ||
        (Found && BlockerUnits.size() >= BestBlockers.size()))
      continue;
    bool Compatible = true;
    for (unsigned U : BlockerUnits)
      if (related(Members, Units.members(U))) {
        Compatible = false;
        break;
      }
    if (!Compatible)
      continue;
    BestBlockers = BlockerUnits;
    Found = true;
  }
  State.rollback(Mark);
  if (!Found)
    return false;

  // Lift the blockers and seat the fused set, largest footprint first.
  SmallVector<unsigned, 16> Fused(Members.begin(), Members.end());
  for (unsigned U : BestBlockers)
    for (unsigned Op : Units.members(U)) {
      State.unseat(Op);
      Fused.push_back(Op);
    }
  llvm::stable_sort(Fused, [&](unsigned A, unsigned B) {
    if (Ctx.area(A) != Ctx.area(B))
      return Ctx.area(A) > Ctx.area(B);
    return Order.Position[A] < Order.Position[B];
  });
  if (seatInOrder(Fused))
    return true;
  State.rollback(Mark);
  return false;
}

//===----------------------------------------------------------------------===//
// RETRY
//===----------------------------------------------------------------------===//

bool PlacementArms::retry(unsigned Unit, RetryOverlay &Overlay) {
  const PlacementUnits &Units = State.context().units();
  SmallVector<unsigned, 8> Members = membersByPriority(Unit);
  size_t Mark = State.mark();
  SmallVector<int64_t, 64> Seats;
  SmallVector<unsigned, 8> Victims;

  for (unsigned Op : Members) {
    if (Overlay.isDead(Op)) {
      State.rollback(Mark);
      return false;
    }
    Window W = State.window(Op);
    if (std::optional<int64_t> T = State.firstFit(Op, W)) {
      State.seat(Op, *T);
      continue;
    }
    if (W.empty()) {
      Overlay.markDead(Op);
      State.rollback(Mark);
      return false;
    }
    // Seats ranked by how few (live, foreign) ops they would evict.
    struct Candidate {
      unsigned NumVictims;
      unsigned ScanIndex;
      int64_t T;
    };
    SmallVector<Candidate, 16> Candidates;
    scanRange(W, State.ii(), Seats);
    State.charge(Seats.size());
    for (unsigned I = 0, E = Seats.size(); I != E; ++I) {
      State.resourceConflicts(Op, Seats[I], Victims);
      if (Victims.empty() || Victims.size() > MaxVictims)
        continue;
      bool Movable = all_of(Victims, [&](unsigned V) {
        return !Overlay.isDead(V) && Units.unitOf(V) != Unit &&
               Units.members(Units.unitOf(V)).size() == 1;
      });
      if (Movable)
        Candidates.push_back({unsigned(Victims.size()), I, Seats[I]});
    }
    llvm::stable_sort(Candidates, [](const Candidate &A, const Candidate &B) {
      return A.NumVictims < B.NumVictims;
    });

    bool Seated = false;
    for (unsigned C = 0,
                  CE = std::min<unsigned>(Candidates.size(), MaxRetrySeats);
         C != CE && !Seated; ++C) {
      size_t Inner = State.mark();
      State.resourceConflicts(Op, Candidates[C].T, Victims);
      // A victim found immovable by an earlier candidate stays put.
      if (any_of(Victims, [&](unsigned V) { return Overlay.isDead(V); }))
        continue;
      for (unsigned V : Victims)
        State.unseat(V);
      if (!State.fits(Op, Candidates[C].T)) {
        State.rollback(Inner);
        continue;
      }
      State.seat(Op, Candidates[C].T);
      llvm::sort(Victims, [&](unsigned A, unsigned B) {
        return Order.Position[A] < Order.Position[B];
      });
      Seated = true;
      for (unsigned V : Victims) {
        std::optional<int64_t> T = State.firstFit(V, State.window(V));
        if (!T) {
          Overlay.markDead(V);
          Seated = false;
          break;
        }
        State.seat(V, *T);
      }
      if (!Seated)
        State.rollback(Inner);
    }
    if (!Seated) {
      // With no seat worth an eviction the op itself is stuck; otherwise the
      // victims that would not move were marked instead.
      if (Candidates.empty())
        Overlay.markDead(Op);
      State.rollback(Mark);
      return false;
    }
  }
  return true;
}

//===----------------------------------------------------------------------===//
// COST-BASED
//===----------------------------------------------------------------------===//

void PlacementArms::buildPressure() {
  // A value is live from its producer's start to its last placed consumer's
  // start in the producer's iteration frame; count lifetimes per modulo row.
  const PlacementContext &Ctx = State.context();
  const DepGraph &G = Ctx.graph();
  unsigned II = State.ii();
  std::vector<int64_t> Delta(II + 1, 0);
  int64_t Everywhere = 0;
  for (unsigned U = 0, N = Ctx.size(); U != N; ++U) {
    if (!State.isPlaced(U))
      continue;
    int64_t Begin = State.start(U), End = Begin;
    for (const GraphEdge &E : G.succs(U))
      if (E.Kind == DepKind::Data && State.isPlaced(E.Other))
        End = std::max(End, State.start(E.Other) + int64_t(II) * E.Distance);
    if (End == Begin)
      continue;
    int64_t Length = End - Begin;
    Everywhere += Length / II;
    unsigned First = State.table().rowOf(Begin), Rest = Length % II;
    if (First + Rest <= II) {
      Delta[First] += 1;
      Delta[First + Rest] -= 1;
    } else {
      Delta[First] += 1;
      Delta[II] -= 1;
      Delta[0] += 1;
      Delta[First + Rest - II] -= 1;
    }
  }
  Live.assign(II, 0);
  State.charge(Ctx.size() + II);
  int64_t Running = Everywhere;
  for (unsigned R = 0; R != II; ++R) {
    Running += Delta[R];
    Live[R] = unsigned(Running);
  }
  LiveValid = true;
}

void PlacementArms::buildInversionIndex(unsigned Op) {
  // Starts of placed ops before and after Op in program order, sorted: the
  // inversions of a seat T are the earlier ops starting after T plus the
  // later ops starting before T.
  InvBelow.clear();
  InvAbove.clear();
  State.charge(State.context().size());
  for (unsigned U = 0, N = State.context().size(); U != N; ++U)
    if (U != Op && State.isPlaced(U))
      (U < Op ? InvBelow : InvAbove).push_back(State.start(U));
  std::sort(InvBelow.begin(), InvBelow.end());
  std::sort(InvAbove.begin(), InvAbove.end());
  InvOp = Op;
}

SeatCost PlacementArms::costOf(unsigned Op, int64_t T, const Window &W) {
  const DepGraph &G = State.context().graph();
  SeatCost Cost;
  int64_t Stage = State.stageOfCycle(T);
  for (const GraphEdge &E : G.preds(Op))
    if (E.Kind == DepKind::Data && E.Other != Op && State.isPlaced(E.Other))
      Cost.PipeSlots += unsigned(std::max<int64_t>(
          0, Stage + E.Distance - State.stageOfCycle(State.start(E.Other))));
  for (const GraphEdge &E : G.succs(Op))
    if (E.Kind == DepKind::Data && E.Other != Op && State.isPlaced(E.Other))
      Cost.PipeSlots += unsigned(std::max<int64_t>(
          0, State.stageOfCycle(State.start(E.Other)) + E.Distance - Stage));
  Cost.Reach = (!W.HasPred && W.HasSucc) ? W.Hi - T : T - W.Lo;
  if (Opts.RegisterBudget) {
    if (!LiveValid)
      buildPressure();
    Cost.Surcharge =
        spillSurcharge(Live[State.table().rowOf(T)] + 1, Opts.RegisterBudget);
  }
  if (InvOp != int(Op))
    buildInversionIndex(Op);
  Cost.Inversions =
      uint64_t(InvBelow.end() -
               std::upper_bound(InvBelow.begin(), InvBelow.end(), T)) +
      uint64_t(std::lower_bound(InvAbove.begin(), InvAbove.end(), T) -
               InvAbove.begin());
  return Cost;
}

SeatCost PlacementArms::seatCost(unsigned Op, int64_t T, const Window &W) {
  InvOp = -1;
  LiveValid = false;
  return costOf(Op, T, W);
}

bool PlacementArms::cheapestSeat(unsigned Op, int64_t RangeLo, int64_t RangeHi,
                                 int64_t &Best, SeatCost &BestCost) {
  Window W = State.window(Op);
  int64_t Lo = std::max(W.Lo, RangeLo), Hi = std::min(W.Hi, RangeHi);
  if (Lo > Hi)
    return false;
  bool Down = !W.HasPred && W.HasSucc;
  int64_t Span = int64_t(State.ii()) * CostStages;
  if (Down)
    Lo = std::max(Lo, Hi - Span + 1);
  else
    Hi = std::min(Hi, Lo + Span - 1);
  // Resource legality is the hard gate; only legal seats are ranked.
  InvOp = -1;
  State.charge(uint64_t(Hi - Lo + 1));
  bool Found = false;
  for (int64_t T = Lo; T <= Hi; ++T) {
    if (!State.fits(Op, T))
      continue;
    SeatCost Cost = costOf(Op, T, W);
    if (!Found || Cost < BestCost) {
      Best = T;
      BestCost = Cost;
      Found = true;
    }
  }
  return Found;
}

bool PlacementArms::costBased(unsigned Unit, RetryOverlay &Overlay) {
  SmallVector<unsigned, 8> Members = membersByPriority(Unit);
  size_t Mark = State.mark();
  LiveValid = false;
  for (unsigned Op : Members)
    if (Overlay.isDead(Op))
      return false;

  // Candidate stages: from the earliest stage any member's window allows.
  int64_t IIs = State.ii();
  int64_t FirstStage = Unbounded;
  for (unsigned Op : Members) {
    Window W = State.window(Op);
    if (W.empty()) {
      Overlay.markDead(Op);
      return false;
    }
    FirstStage = std::min(FirstStage, State.stageOfCycle(W.Lo));
  }

  // Evaluate each stage by seating the members greedily at their cheapest
  // seats; keep the stage with the smallest summed cost.
  auto SeatAll = [&](int64_t Lo, int64_t Hi, SeatCost &Total) {
    Total = SeatCost();
    for (unsigned Op : Members) {
      int64_t T;
      SeatCost Cost;
      if (!cheapestSeat(Op, Lo, Hi, T, Cost))
        return false;
      State.seat(Op, T);
      Total.PipeSlots += Cost.PipeSlots;
      Total.Reach += Cost.Reach;
      Total.Surcharge += Cost.Surcharge;
      Total.Inversions += Cost.Inversions;
    }
    return true;
  };
  if (Members.size() == 1) {
    SeatCost Total;
    if (SeatAll(0, Unbounded, Total))
      return true;
    State.rollback(Mark);
    Overlay.markDead(Members.front());
    return false;
  }
  bool Found = false;
  int64_t BestStage = 0;
  SeatCost BestTotal;
  for (int64_t S = FirstStage; S != FirstStage + CostStages; ++S) {
    SeatCost Total;
    bool Ok = SeatAll(S * IIs, S * IIs + IIs - 1, Total);
    State.rollback(Mark);
    if (Ok && (!Found || Total < BestTotal)) {
      Found = true;
      BestStage = S;
      BestTotal = Total;
    }
  }
  SeatCost Total;
  if (Found && SeatAll(BestStage * IIs, BestStage * IIs + IIs - 1, Total))
    return true;
  State.rollback(Mark);
  Overlay.markDead(Members.front());
  return false;
}

//===----------------------------------------------------------------------===//
// The chain
//===----------------------------------------------------------------------===//

PlacementArm PlacementArms::placeUnit(unsigned Unit, RetryOverlay &Overlay) {
  if (permute(Unit))
    return PlacementArm::Permute;
  int Blocked = BlockedOp;
  PlacementArm Result = PlacementArm::None;
  if (fuse(Unit))
    Result = PlacementArm::Fuse;
  else if (retry(Unit, Overlay))
    Result = PlacementArm::Retry;
  else if (costBased(Unit, Overlay))
    Result = PlacementArm::CostBased;
  else {
    // The desperate retry: the same heavy arms without the dead marks that
    // earlier failures left behind.
    Fresh.clear();
    if (retry(Unit, Fresh)) {
      Result = PlacementArm::DesperateRetry;
    } else {
      Fresh.clear();
      if (costBased(Unit, Fresh))
        Result = PlacementArm::DesperateCostBased;
    }
  }
  BlockedOp = Blocked;
  return Result;
}

} // namespace tileas
