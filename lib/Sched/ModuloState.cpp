//===- ModuloState.cpp - A partial modulo schedule at one II --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ModuloState.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/bit.h"

#include <algorithm>
#include <cassert>

using namespace llvm;

namespace tileas {

/// A slot is tight at II when its demand reaches this share of the rows.
static constexpr uint64_t TightPercent = 85;
/// A slot that all holders hold equally long is laid out on a grid when its
/// demand reaches this share of the rows.
static constexpr uint64_t GridPercent = 90;
/// Free seats packedFit compares.
static constexpr unsigned MaxPackedCandidates = 64;

ModuloState::ModuloState(const PlacementContext &Ctx, unsigned II)
    : Ctx(Ctx), Table(Ctx.problem().model().pools()) {
  unsigned Nodes = Ctx.numNodes();
  Est.resize(Nodes);
  Lst.resize(Nodes);
  Mark.assign(Nodes, 0);
  Need.assign(Nodes, 0);
  Pending.assign((Nodes + 63) / 64, 0);
  NodeAtRank.resize(Nodes);
  for (unsigned V = 0; V != Nodes; ++V)
    NodeAtRank[Ctx.propagationRank()[V]] = V;
  Pinned.assign(Nodes, 0);
  BaseLst.resize(Nodes);
  OutBegin.assign(1, 0);
  InBegin.assign(1, 0);
  OutNode.reserve(Ctx.numArcs());
  InNode.reserve(Ctx.numArcs());
  // Whether an arc into Head is detached under neighbour bounds (see
  // detached()), which does not depend on the II.
  auto Detachable = [&](const PlacementContext::Arc &A, unsigned Head) {
    return A.Dependence && !(Head < Ctx.size() && Ctx.stageLimit(Head));
  };
  for (unsigned V = 0; V != Nodes; ++V) {
    for (const PlacementContext::Arc &A : Ctx.arcsOut(V)) {
      OutNode.push_back(A.Other);
      OutA.push_back(A.A);
      OutB.push_back(A.B);
      OutDetachable.push_back(Detachable(A, A.Other));
    }
    for (const PlacementContext::Arc &A : Ctx.arcsIn(V)) {
      InNode.push_back(A.Other);
      InA.push_back(A.A);
      InB.push_back(A.B);
      InDetachable.push_back(Detachable(A, V));
    }
    OutBegin.push_back(OutNode.size());
    InBegin.push_back(InNode.size());
  }
  OutWeight.resize(OutNode.size());
  InWeight.resize(InNode.size());
  reset(II);
}

/// The weight of a dependence arc under DependenceBounds::PlacedNeighbours:
/// so low that it never raises an earliest bound or lowers a latest one (nor
/// overflows), which detaches it from every propagation and push.
static constexpr int64_t DetachedWeight = -2 * Unbounded;

bool ModuloState::detached(const PlacementContext::Arc &A,
                           unsigned Head) const {
  // A dependence into an op with a stage limit stays: no eviction can move
  // that limit, so its tail must see it before it is placed (the loop
  // branch's compare, pinned to stage 0, would otherwise find its operands
  // placed too late and nothing to evict).
  return Bounds == DependenceBounds::PlacedNeighbours && A.Dependence &&
         !(Head < Ctx.size() && Ctx.stageLimit(Head));
}

void ModuloState::refreshWeights(std::vector<int64_t> &Weight,
                                 ArrayRef<int32_t> A, ArrayRef<int32_t> B,
                                 ArrayRef<uint8_t> Detachable) const {
  int64_t IIs = II;
  for (size_t I = 0, E = Weight.size(); I != E; ++I)
    Weight[I] = A[I] + int64_t(B[I]) * IIs;
  if (Bounds == DependenceBounds::PlacedNeighbours)
    for (size_t I = 0, E = Weight.size(); I != E; ++I)
      if (Detachable[I])
        Weight[I] = DetachedWeight;
}

void ModuloState::reset(unsigned NewII, DependenceBounds NewBounds) {
  II = NewII;
  Bounds = NewBounds;
  Table.reset(II);
  unsigned N = Ctx.size();
  Start.assign(N, Unplaced);
  std::fill(Pinned.begin(), Pinned.end(), 0);
  NumPlaced = 0;
  UnitPlaced.assign(Ctx.units().numUnits(), 0);
  UnitStage.assign(Ctx.units().numUnits(), 0);
  size_t OwnerSize = size_t(II) * Ctx.numColumns();
  size_t HolderSize = size_t(Table.numPools()) * II;
  // Room to grow: the II search resets one state at rising IIs.
  if (Owner.capacity() < OwnerSize)
    Owner.reserve(OwnerSize + OwnerSize / 2);
  Owner.assign(OwnerSize, -1);
  Holders.reset(HolderSize);
  TightBits = 0;
  LayoutBits = 0;
  Layouts.clear();
  std::fill(std::begin(LayoutOfBit), std::end(LayoutOfBit), 0);
  std::fill(std::begin(BitHolders), std::end(BitHolders), 0);
  std::fill(std::begin(GridAnchor), std::end(GridAnchor), 0);
  for (unsigned Bit = 0; Bit != 64; ++Bit) {
    if (Ctx.demandOfBit(Bit) * 100 >= uint64_t(II) * TightPercent)
      TightBits |= uint64_t(1) << Bit;
    if (Ctx.longestHold(Bit) <= 1)
      continue;
    if (Ctx.demandOfBit(Bit) == II)
      buildLayout(Bit);
    else if (Ctx.uniformHold(Bit) &&
             Ctx.demandOfBit(Bit) * 100 >= uint64_t(II) * GridPercent)
      buildGrid(Bit);
  }

  // Bounds with nothing placed: longest paths from cycle 0 and back from the
  // stage limits. A positive cycle (which only stage gaps can add above the
  // recurrence bound) shows as propagation that does not settle.
  unsigned Nodes = Ctx.numNodes();
  Recording = false; // The initial bounds are not undoable.
  Log.clear();
  Trail.clear();
  // Every attempt resets: the weights come from flat arrays in a loop the
  // compiler vectorizes, and only neighbour bounds look at which arcs they
  // detach.
  refreshWeights(OutWeight, OutA, OutB, OutDetachable);
  refreshWeights(InWeight, InA, InB, InDetachable);
  for (unsigned V = 0; V != Nodes; ++V) {
    unsigned StageLimit = V < N ? Ctx.stageLimit(V) : 0;
    BaseLst[V] = StageLimit ? int64_t(StageLimit) * II - 1 : Unbounded;
  }
  for (unsigned V = 0; V != Nodes; ++V) {
    Est[V] = baseEarliest(V);
    Lst[V] = baseLatest(V);
  }
  Effort += II / 8 + Nodes;
  // Sweeps in propagation order settle in at most Nodes + 1 passes without
  // a positive cycle; each pass improves each node at most once per arc.
  uint64_t Limit = (uint64_t(Nodes) + 2) * (Ctx.numArcs() + Nodes) + 1024;
  Work.assign(NodeAtRank.begin(), NodeAtRank.end());
  Consistent = raiseEarliest(Limit);
  Work.assign(NodeAtRank.begin(), NodeAtRank.end());
  Consistent = Consistent && lowerLatest(Limit);
  for (unsigned V = 0; V != Nodes && Consistent; ++V)
    Consistent = Est[V] <= Lst[V];
  Recording = true;
}

bool ModuloState::boundsAreExact() const {
  unsigned N = Ctx.numNodes();
  std::vector<int64_t> E(N), L(N);
  for (unsigned V = 0; V != N; ++V) {
    E[V] = pinned(V) ? Start[V] : baseEarliest(V);
    L[V] = pinned(V) ? Start[V] : baseLatest(V);
  }
  // Plain Bellman-Ford rounds; the system is consistent, so N rounds do.
  for (unsigned Round = 0; Round <= N; ++Round) {
    bool Changed = false;
    for (unsigned X = 0; X != N; ++X)
      for (const PlacementContext::Arc &A : Ctx.arcsOut(X)) {
        unsigned Y = A.Other;
        if (Y == X || pinned(Y) || detached(A, Y))
          continue;
        if (E[X] + A.weight(II) > E[Y]) {
          E[Y] = E[X] + A.weight(II);
          Changed = true;
        }
      }
    for (unsigned X = 0; X != N; ++X)
      for (const PlacementContext::Arc &A : Ctx.arcsIn(X)) {
        unsigned Y = A.Other;
        if (Y == X || pinned(Y) || L[X] >= Unbounded || detached(A, X))
          continue;
        if (L[X] - A.weight(II) < L[Y]) {
          L[Y] = L[X] - A.weight(II);
          Changed = true;
        }
      }
    if (!Changed)
      break;
  }
  return E == Est && L == Lst;
}

// Label-correcting longest paths from the nodes in Work, taken in sweeps
// over the propagation order (upward for earliest bounds, downward for
// latest ones): a bound that travels along distance-0 dependences settles
// within one sweep, and only loop-carried arcs (and hubs) start another.
// A FIFO queue instead revisits a node once per distinct path length that
// reaches it, which near a critical recurrence means dozens of times.
template <bool Forward> bool ModuloState::propagate(uint64_t Limit) {
  const unsigned *Rank = Ctx.propagationRank().data();
  const unsigned *AtRank = NodeAtRank.data();
  unsigned Last = Ctx.numNodes() - 1;
  uint64_t *Bits = Pending.data();
  unsigned Words = Pending.size();
  // Locals, not members: the stores to the bounds below could alias them.
  unsigned Count = NumPending;
  uint64_t Spent = 0;
  auto Push = [&](unsigned V) {
    unsigned K = Forward ? Rank[V] : Last - Rank[V];
    uint64_t Bit = uint64_t(1) << (K % 64);
    Count += !(Bits[K / 64] & Bit);
    Bits[K / 64] |= Bit;
  };
  for (unsigned X : Work)
    Push(X);
  Work.clear();
  int64_t *Bound = Forward ? Est.data() : Lst.data();
  const unsigned *Begin = Forward ? OutBegin.data() : InBegin.data();
  const unsigned *Node = Forward ? OutNode.data() : InNode.data();
  const int64_t *Weight = Forward ? OutWeight.data() : InWeight.data();
  const uint8_t *Fixed = Pinned.data();
  uint64_t Steps = 0;
  unsigned Cursor = 0;
  bool Settled = true;
  while (Count) {
    // The next pending key at or after the cursor, wrapping around.
    unsigned Word = Cursor / 64;
    uint64_t Word64 = Bits[Word] & (~uint64_t(0) << (Cursor % 64));
    while (!Word64) {
      Word = Word + 1 == Words ? 0 : Word + 1;
      Word64 = Bits[Word];
    }
    unsigned K = Word * 64 + countr_zero(Word64);
    Bits[Word] &= ~(uint64_t(1) << (K % 64));
    --Count;
    Cursor = K;
    unsigned X = AtRank[Forward ? K : Last - K];

    int64_t From = Bound[X];
    if (!Forward && From >= Unbounded)
      continue;
    unsigned I = Begin[X], E = Begin[X + 1];
    Spent += E - I + 1;
    for (; I != E; ++I) {
      unsigned Y = Node[I];
      int64_t Candidate = Forward ? From + Weight[I] : From - Weight[I];
      if (Forward ? Candidate <= Bound[Y] : Candidate >= Bound[Y])
        continue;
      if (Y == X || Fixed[Y])
        continue;
      if (++Steps > Limit) {
        // Does not settle: drop what is pending and report.
        std::fill(Pending.begin(), Pending.end(), 0);
        Count = 0;
        Settled = false;
        break;
      }
      if (Recording)
        Trail.emplace_back(Y, Forward, Bound[Y]);
      Bound[Y] = Candidate;
      Push(Y);
    }
  }
  NumPending = Count;
  Effort += Spent;
  return Settled;
}

template <bool Forward>
void ModuloState::collectCone(ArrayRef<unsigned> Seeds) {
  std::vector<unsigned> &Cone = ConeScratch;
  Cone.clear();
  if (++Epoch == 0) {
    std::fill(Mark.begin(), Mark.end(), 0);
    Epoch = 1;
  }
  for (unsigned Op : Seeds) {
    Mark[Op] = Epoch;
    Cone.push_back(Op);
  }
  const int64_t *Bound = Forward ? Est.data() : Lst.data();
  const unsigned *Begin = Forward ? OutBegin.data() : InBegin.data();
  const unsigned *Node = Forward ? OutNode.data() : InNode.data();
  const int64_t *Weight = Forward ? OutWeight.data() : InWeight.data();
  uint32_t *Seen = Mark.data();
  uint32_t Now = Epoch;
  uint64_t Spent = 0;
  for (size_t I = 0; I != Cone.size(); ++I) {
    unsigned X = Cone[I];
    int64_t From = Bound[X];
    unsigned J = Begin[X], E = Begin[X + 1];
    Spent += E - J + 1;
    for (; J != E; ++J) {
      unsigned Y = Node[J];
      if (Y == X || Pinned[Y] || Seen[Y] == Now)
        continue;
      // Only ops whose bound came through X along this arc can fall.
      if (Bound[Y] == (Forward ? From + Weight[J] : From - Weight[J])) {
        Seen[Y] = Now;
        Cone.push_back(Y);
      }
    }
  }
  Effort += Spent;
}

void ModuloState::relaxAfterUnseat(ArrayRef<unsigned> Ops) {
  // The ops whose earliest bound came through the unseated ops along tight
  // arcs are the only ones that can fall: reset them and recompute from the
  // rest.
  std::vector<unsigned> &Cone = ConeScratch;
  collectCone</*Forward=*/true>(Ops);
  for (unsigned Y : Cone) {
    int64_t Bound = baseEarliest(Y);
    unsigned J = InBegin[Y], E = InBegin[Y + 1];
    Effort += E - J;
    for (; J != E; ++J) {
      unsigned X = InNode[J];
      if (X != Y && (Pinned[X] || Mark[X] != Epoch))
        Bound = std::max(Bound, Est[X] + InWeight[J]);
    }
    if (Bound != Est[Y])
      setBound(/*Earliest=*/true, Y, Bound);
  }
  Work.assign(Cone.begin(), Cone.end());
  raiseEarliest();

  collectCone</*Forward=*/false>(Ops);
  for (unsigned Y : Cone) {
    int64_t Bound = baseLatest(Y);
    unsigned J = OutBegin[Y], E = OutBegin[Y + 1];
    Effort += E - J;
    for (; J != E; ++J) {
      unsigned X = OutNode[J];
      if (X != Y && (Pinned[X] || Mark[X] != Epoch) && Lst[X] < Unbounded)
        Bound = std::min(Bound, Lst[X] - OutWeight[J]);
    }
    if (Bound != Lst[Y])
      setBound(/*Earliest=*/false, Y, Bound);
  }
  Work.assign(Cone.begin(), Cone.end());
  lowerLatest();
}

Window ModuloState::window(unsigned Op) const {
  assert(!isPlaced(Op) && "window of a placed op");
  const DepGraph &G = Ctx.graph();
  Window W;
  W.Earliest = W.Lo = Est[Op];
  W.Latest = W.Hi = Lst[Op];
  int64_t IIs = II;
  Effort += G.preds(Op).size() + G.succs(Op).size();
  // The propagated bounds cover every dependence; the exact stage rules are
  // not difference constraints and come from the placed neighbours.
  bool Neighbours = Bounds == DependenceBounds::PlacedNeighbours;
  for (const GraphEdge &E : G.preds(Op)) {
    if (E.Other == Op)
      continue;
    if (!isPlaced(E.Other)) {
      W.HasUnplacedPred |= E.Distance == 0;
      continue;
    }
    W.HasPred = true;
    if (Neighbours) {
      W.Earliest = std::max(W.Earliest, Start[E.Other] + E.Latency -
                                            IIs * int64_t(E.Distance));
      W.Lo = std::max(W.Lo, W.Earliest);
    }
    int Gap = Ctx.stageGap(E.Dep);
    if (Gap != NoStageGap)
      W.Hi = std::min(W.Hi, IIs * (stageOfCycle(Start[E.Other]) + Gap + 1) - 1);
  }
  for (const GraphEdge &E : G.succs(Op)) {
    if (E.Other == Op || !isPlaced(E.Other))
      continue;
    W.HasSucc |= LoopCarriedAnchors || E.Distance == 0;
    if (Neighbours) {
      W.Latest = std::min(W.Latest, Start[E.Other] - E.Latency +
                                        IIs * int64_t(E.Distance));
      W.Hi = std::min(W.Hi, W.Latest);
    }
    int Gap = Ctx.stageGap(E.Dep);
    if (Gap != NoStageGap)
      W.Lo = std::max(W.Lo, IIs * (stageOfCycle(Start[E.Other]) - Gap));
  }
  unsigned Unit = Ctx.units().unitOf(Op);
  if (UnitPlaced[Unit]) {
    W.Lo = std::max(W.Lo, UnitStage[Unit] * IIs);
    W.Hi = std::min(W.Hi, UnitStage[Unit] * IIs + IIs - 1);
    W.HasPred = true;
  }
  return W;
}

std::optional<int64_t> ModuloState::firstFit(unsigned Op,
                                             const Window &W) const {
  if (W.empty())
    return std::nullopt;
  unsigned Count = unsigned(std::min<int64_t>(W.Hi - W.Lo + 1, II));
  if (W.Hi < Unbounded && W.HasSucc && W.HasUnplacedPred)
    return nearestFit(Op, W, W.Lo + (W.Hi - W.Lo) / 2);
  if (W.Hi < Unbounded && W.HasSucc && !W.HasPred)
    return packedFit(Op, W.Hi, Count, /*Down=*/true);
  return packedFit(Op, W.Lo, Count);
}

std::optional<int64_t> ModuloState::nearestFit(unsigned Op, const Window &W,
                                               int64_t Aim) const {
  if (W.empty())
    return std::nullopt;
  Aim = std::clamp(Aim, W.Lo, W.Hi);
  unsigned Below = unsigned(std::min<int64_t>(Aim - W.Lo + 1, II));
  std::optional<int64_t> Down = packedFit(Op, Aim, Below, /*Down=*/true);
  std::optional<int64_t> Up;
  if (Aim < W.Hi)
    Up = packedFit(Op, Aim + 1, unsigned(std::min<int64_t>(W.Hi - Aim, II)));
  return !Down || (Up && *Up - Aim < Aim - *Down) ? Up : Down;
}

void ModuloState::buildGrid(unsigned Bit) {
  BinLayout L;
  L.Bit = Bit;
  L.LengthAt.assign(II, 0);
  unsigned Pitch = Ctx.shortestHold(Bit);
  for (unsigned Row = 0; Row + Pitch <= II; Row += Pitch)
    L.LengthAt[Row] = Pitch;
  LayoutOfBit[Bit] = Layouts.size();
  LayoutBits |= uint64_t(1) << Bit;
  Layouts.push_back(std::move(L));
}

void ModuloState::buildLayout(unsigned Bit) {
  // Spread each length's bins evenly around the cycle (smooth weighted
  // round robin), so that every op finds a bin of its length near any seat.
  ArrayRef<PlacementContext::HoldCount> Counts = Ctx.holdCounts(Bit);
  unsigned Bins = 0;
  for (const PlacementContext::HoldCount &C : Counts)
    Bins += C.Count;
  BinLayout L;
  L.Bit = Bit;
  L.LengthAt.assign(II, 0);
  SmallVector<int64_t, 4> Credit(Counts.size(), 0);
  unsigned Row = 0;
  for (unsigned I = 0; I != Bins; ++I) {
    unsigned Pick = 0;
    for (unsigned J = 0; J != Counts.size(); ++J) {
      Credit[J] += Counts[J].Count;
      if (Credit[J] > Credit[Pick])
        Pick = J;
    }
    Credit[Pick] -= Bins;
    L.LengthAt[Row] = Counts[Pick].Length;
    Row += Counts[Pick].Length;
  }
  assert(Row == II && "an exactly saturated slot's holds sum to II");
  LayoutOfBit[Bit] = Layouts.size();
  LayoutBits |= uint64_t(1) << Bit;
  Layouts.push_back(std::move(L));
}

/// The first row of Op's footprint that holds Bit, and how many rows do.
static std::pair<unsigned, unsigned> holdOf(const Footprint &F, uint64_t Bit) {
  unsigned First = 0, Length = 0;
  for (unsigned K = 0, E = F.Rows.size(); K != E; ++K)
    if (F.Rows[K] & Bit) {
      if (!Length)
        First = K;
      ++Length;
    }
  return {First, Length};
}

void ModuloState::layoutHolds(unsigned Op,
                              SmallVectorImpl<LayoutHold> &Out) const {
  Out.clear();
  if (!LayoutBits)
    return;
  Footprint F = Ctx.footprint(Op);
  uint64_t Held = 0;
  for (uint64_t Row : F.Rows)
    Held |= Row & LayoutBits;
  for (uint64_t B = Held; B; B &= B - 1) {
    unsigned Bit = countr_zero(B);
    if (!BitHolders[Bit])
      continue; // The first holder places the layout.
    auto [First, Length] = holdOf(F, uint64_t(1) << Bit);
    Out.push_back({&Layouts[LayoutOfBit[Bit]], First, Length});
  }
}

bool ModuloState::onLayout(ArrayRef<LayoutHold> Holds, int64_t T) const {
  for (const LayoutHold &H : Holds) {
    // The anchor is a row (< II): one modulo of the shifted cycle does.
    unsigned LayoutRow = Table.rowOf(T + H.First - int64_t(H.L->Anchor));
    if (H.L->LengthAt[LayoutRow] != H.Length)
      return false;
  }
  return true;
}

bool ModuloState::onLayout(unsigned Op, int64_t T) const {
  if (!LayoutBits)
    return true;
  SmallVector<LayoutHold, 2> Holds;
  layoutHolds(Op, Holds);
  return onLayout(Holds, T);
}

int64_t ModuloState::nextOnLayout(unsigned Op, int64_t T) const {
  if (!LayoutBits)
    return T;
  SmallVector<LayoutHold, 2> Holds;
  layoutHolds(Op, Holds);
  for (int64_t Step = 0; Step != int64_t(II); ++Step)
    if (onLayout(Holds, T + Step)) {
      Effort += Step;
      return T + Step;
    }
  Effort += II;
  return T;
}

std::optional<int64_t> ModuloState::packedFit(unsigned Op, int64_t From,
                                              unsigned Count, bool Down) const {
  Footprint F = Ctx.footprint(Op);
  uint64_t Tight = 0;
  for (uint64_t Row : F.Rows)
    Tight |= Row & TightBits;
  Effort += 1 + Count / 64;
  if (!Tight)
    return Down ? Table.findLastFit(F, From, Count)
                : Table.findFirstFit(F, From, Count);

  // What the score and the layout test need of the footprint is the same at
  // every candidate seat: work it out once, not per candidate.
  struct TightHold {
    unsigned BitIndex;
    int64_t FirstRow, LastRow, Shortest;
    bool OnGrid; ///< Every holder holds it equally long, and one is placed.
  };
  SmallVector<TightHold, 4> Holds;
  for (uint64_t B = Tight; B; B &= B - 1) {
    unsigned BitIndex = countr_zero(B);
    uint64_t Bit = uint64_t(1) << BitIndex;
    int64_t FirstRow = 0, LastRow = int64_t(F.Rows.size()) - 1;
    while (!(F.Rows[FirstRow] & Bit))
      ++FirstRow;
    while (!(F.Rows[LastRow] & Bit))
      --LastRow;
    Holds.push_back({BitIndex, FirstRow, LastRow,
                     int64_t(Ctx.shortestHold(BitIndex)),
                     Ctx.uniformHold(BitIndex) && BitHolders[BitIndex] != 0});
  }
  SmallVector<LayoutHold, 2> Layout;
  layoutHolds(Op, Layout);

  // Each tight bit is held over a run of rows. At each end of the run the
  // seat scores 2 if it touches a held row, 1 if it leaves a hole that some
  // op could still use, 0 if it leaves a hole shorter than any hold (or, for
  // a bit every holder holds equally long, a hole off the holders' grid).
  auto Score = [&](int64_t T) {
    unsigned Total = 0;
    for (const TightHold &H : Holds) {
      uint64_t Bit = uint64_t(1) << H.BitIndex;
      bool OffGrid = false;
      if (H.OnGrid) {
        unsigned FromAnchor =
            (Table.rowOf(T + H.FirstRow) + II - GridAnchor[H.BitIndex]) % II;
        OffGrid = FromAnchor % H.Shortest != 0;
      }
      // Steps row by row from the edge of the hold, wrapping by hand: a
      // modulo per row costs a division.
      auto Side = [&](int64_t Edge, bool Up) {
        unsigned Row = Table.rowOf(Edge);
        for (int64_t J = 1; J <= H.Shortest; ++J) {
          if (Up)
            Row = Row + 1 == II ? 0 : Row + 1;
          else
            Row = Row == 0 ? II - 1 : Row - 1;
          if (Table.row(Row) & Bit)
            return J == 1 ? 2u : 0u;
        }
        return OffGrid ? 0u : 1u;
      };
      Total +=
          Side(T + H.FirstRow, /*Up=*/false) + Side(T + H.LastRow, /*Up=*/true);
    }
    return Total;
  };
  std::optional<int64_t> Best;
  unsigned BestScore = 0, Perfect = 4 * popcount(Tight), Seen = 0;
  // Off-layout seats are ruled out before the table probes them: on a
  // laid-out slot most free seats are not where a bin starts.
  auto OnLayout = [&](int64_t T) { return onLayout(Layout, T); };
  Table.visitFits(
      F, From, Count, Down,
      [&](int64_t T) {
        unsigned S = Score(T);
        ++Effort;
        if (!Best || S > BestScore) {
          Best = T;
          BestScore = S;
        }
        return BestScore != Perfect && ++Seen != MaxPackedCandidates;
      },
      Layout.empty() ? function_ref<bool(int64_t)>() : OnLayout);
  return Best;
}

void ModuloState::anchorLayout(unsigned Op, unsigned Bit, int64_t T) {
  // Turn the layout so that a bin of the op's length starts where its hold
  // does.
  BinLayout &L = Layouts[LayoutOfBit[Bit]];
  auto [First, Length] = holdOf(Ctx.footprint(Op), uint64_t(1) << Bit);
  unsigned Bin = 0;
  while (L.LengthAt[Bin] != Length)
    ++Bin;
  L.Anchor = (Table.rowOf(T + First) + II - Bin) % II;
}

void ModuloState::record(unsigned Op, int64_t T, bool Add) {
  Footprint F = Ctx.footprint(Op);
  unsigned Columns = Ctx.numColumns();
  unsigned Row = Table.rowOf(T);
  // Count the op once per slot bit it holds; only the first holder of a bit
  // needs the row where its hold begins (a rare search, so not per row).
  uint64_t Held = 0;
  for (uint64_t Bits : F.Rows)
    Held |= Bits;
  for (uint64_t B = Held; B; B &= B - 1) {
    unsigned Bit = countr_zero(B);
    if (!Add) {
      --BitHolders[Bit];
      continue;
    }
    if (BitHolders[Bit]++ != 0)
      continue;
    unsigned K = 0;
    while (!((F.Rows[K] >> Bit) & 1))
      ++K;
    GridAnchor[Bit] = Table.rowOf(T + K);
    if ((LayoutBits >> Bit) & 1)
      anchorLayout(Op, Bit, T);
  }
  for (uint64_t Bits : F.Rows) {
    for (uint64_t B = Bits; B; B &= B - 1) {
      int &Slot = Owner[size_t(Row) * Columns + Ctx.columnOf(countr_zero(B))];
      assert((Add ? Slot == -1 : Slot == int(Op)) && "owner table out of sync");
      Slot = Add ? int(Op) : -1;
    }
    if (++Row == II)
      Row = 0;
  }
  for (const PoolUse &U : F.Pools) {
    Row = Table.rowOf(T);
    for (unsigned K = 0; K != U.Duration; ++K) {
      if (Add)
        Holders.add(size_t(U.Pool) * II + Row, Op);
      else
        Holders.remove(size_t(U.Pool) * II + Row, Op);
      if (++Row == II)
        Row = 0;
    }
  }
}

void ModuloState::occupy(unsigned Op, int64_t T) {
  Table.commit(Ctx.footprint(Op), T);
  record(Op, T, /*Add=*/true);
  Start[Op] = T;
  Pinned[Op] = 1;
  ++NumPlaced;
  unsigned Unit = Ctx.units().unitOf(Op);
  if (UnitPlaced[Unit]++ == 0)
    UnitStage[Unit] = stageOfCycle(T);
  assert(UnitStage[Unit] == stageOfCycle(T) && "unit members in two stages");
}

void ModuloState::vacate(unsigned Op) {
  int64_t T = Start[Op];
  Table.release(Ctx.footprint(Op), T);
  record(Op, T, /*Add=*/false);
  Start[Op] = Unplaced;
  Pinned[Op] = 0;
  --NumPlaced;
  --UnitPlaced[Ctx.units().unitOf(Op)];
}

void ModuloState::seat(unsigned Op, int64_t T) {
  assert(!isPlaced(Op) && T >= 0 && "seating a placed op or before cycle 0");
  assert(T >= Est[Op] && T <= Lst[Op] && "seat outside the propagated bounds");
  size_t TrailSize = Trail.size();
  occupy(Op, T);
  setBound(/*Earliest=*/true, Op, T);
  setBound(/*Earliest=*/false, Op, T);
  Work.assign(1, Op);
  raiseEarliest();
  Work.assign(1, Op);
  lowerLatest();
  assert((Ctx.size() > 128 || boundsAreExact()) && "bounds out of sync");
  if (Recording)
    Log.push_back({Op, Unplaced, TrailSize});
}

void ModuloState::unseat(unsigned Op) {
  assert(isPlaced(Op) && "unseating an op that is not placed");
  size_t TrailSize = Trail.size();
  int64_t T = Start[Op];
  vacate(Op);
  relaxAfterUnseat(Op);
  assert((Ctx.size() > 128 || boundsAreExact()) && "bounds out of sync");
  if (Recording)
    Log.push_back({Op, T, TrailSize});
}

void ModuloState::unseatAll(ArrayRef<unsigned> Ops) {
  if (Recording || Ops.size() == 1) {
    for (unsigned Op : Ops)
      unseat(Op);
    return;
  }
  for (unsigned Op : Ops) {
    assert(isPlaced(Op) && "unseating an op that is not placed");
    vacate(Op);
  }
  relaxAfterUnseat(Ops);
  assert((Ctx.size() > 128 || boundsAreExact()) && "bounds out of sync");
}

void ModuloState::rollback(size_t Mark) {
  assert(Recording && "rollback without an undo log");
  while (Log.size() > Mark) {
    LogEntry Entry = Log.back();
    Log.pop_back();
    // Undo the placement, then every bound it changed, newest first.
    if (Entry.PrevStart == Unplaced)
      vacate(Entry.Op);
    else
      occupy(Entry.Op, Entry.PrevStart);
    while (Trail.size() > Entry.TrailSize) {
      const BoundChange &C = Trail.back();
      (C.Earliest ? Est : Lst)[C.Node] = C.Old;
      Trail.pop_back();
    }
  }
  assert((Ctx.size() > 128 || boundsAreExact()) && "bounds out of sync");
}

void ModuloState::setRecording(bool On) {
  Recording = On;
  Log.clear();
  Trail.clear();
}

void ModuloState::resourceConflicts(unsigned Op, int64_t T,
                                    SmallVectorImpl<unsigned> &Out) const {
  Out.clear();
  Footprint F = Ctx.footprint(Op);
  unsigned Columns = Ctx.numColumns();
  unsigned StartRow = Table.rowOf(T), Row = StartRow;
  Effort += F.Rows.size() + F.Pools.size();
  for (uint64_t Bits : F.Rows) {
    for (uint64_t B = Bits & Table.row(Row); B; B &= B - 1)
      Out.push_back(
          Owner[size_t(Row) * Columns + Ctx.columnOf(countr_zero(B))]);
    if (++Row == II)
      Row = 0;
  }
  ArrayRef<Operation> Ops = Ctx.problem().operations();
  for (const PoolUse &U : F.Pools) {
    unsigned Capacity = Table.poolCapacity(U.Pool);
    for (unsigned K = 0, E = std::min(U.Duration, II); K != E; ++K) {
      Row = StartRow + K >= II ? StartRow + K - II : StartRow + K;
      unsigned Own = Table.ownPoolDemand(F, U.Pool, K);
      int64_t Excess = int64_t(Table.poolCount(U.Pool, Row)) + Own - Capacity;
      Holders.visit(size_t(U.Pool) * II + Row, [&](unsigned Holder) {
        if (Excess <= 0)
          return false;
        Out.push_back(Holder);
        for (const PoolUse &V : Ops[Holder].Pools)
          if (V.Pool == U.Pool)
            Excess -= V.Units;
        return true;
      });
    }
  }
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
}

bool ModuloState::constraintConflicts(unsigned Op, int64_t T,
                                      SmallVectorImpl<unsigned> &Out,
                                      size_t Limit) const {
  Out.clear();
  bool Repairable = T >= 0 && T <= baseLatest(Op);
  const DepGraph &G = Ctx.graph();
  int64_t Stage = stageOfCycle(T);
  // Exact stage rules against placed neighbours.
  // With neighbour bounds, the dependences on placed neighbours are checked
  // here, one by one, as Rau checks them.
  bool Neighbours = Bounds == DependenceBounds::PlacedNeighbours;
  int64_t IIs = II;
  for (const GraphEdge &E : G.preds(Op)) {
    if (E.Other == Op || !isPlaced(E.Other))
      continue;
    int Gap = Ctx.stageGap(E.Dep);
    if ((Gap != NoStageGap && Stage - stageOfCycle(Start[E.Other]) > Gap) ||
        (Neighbours &&
         Start[E.Other] + E.Latency - IIs * int64_t(E.Distance) > T))
      Out.push_back(E.Other);
  }
  for (const GraphEdge &E : G.succs(Op)) {
    if (E.Other == Op || !isPlaced(E.Other))
      continue;
    int Gap = Ctx.stageGap(E.Dep);
    if ((Gap != NoStageGap && stageOfCycle(Start[E.Other]) - Stage > Gap) ||
        (Neighbours &&
         T + E.Latency - IIs * int64_t(E.Distance) > Start[E.Other]))
      Out.push_back(E.Other);
  }
  unsigned Unit = Ctx.units().unitOf(Op);
  if (UnitPlaced[Unit] && UnitStage[Unit] != Stage)
    for (unsigned M : Ctx.units().members(Unit))
      if (M != Op && isPlaced(M))
        Out.push_back(M);

  // Outside its bounds, Op pushes the bounds of the ops it constrains, through
  // unplaced ops too; every placed op that the push passes must go.
  auto Push = [&](bool Forward) {
    if (++Epoch == 0) {
      std::fill(Mark.begin(), Mark.end(), 0);
      Epoch = 1;
    }
    Need[Op] = T;
    Mark[Op] = Epoch;
    Scratch.assign(1, Op);
    for (size_t Head = 0; Head != Scratch.size() && Out.size() < Limit;
         ++Head) {
      unsigned X = Scratch[Head];
      ArrayRef<unsigned> Begin = Forward ? OutBegin : InBegin;
      const unsigned *Node = Forward ? OutNode.data() : InNode.data();
      const int64_t *Weight = Forward ? OutWeight.data() : InWeight.data();
      Effort += Begin[X + 1] - Begin[X] + 1;
      for (unsigned I = Begin[X], E = Begin[X + 1]; I != E; ++I) {
        unsigned Y = Node[I];
        if (Y == Op || Y == X)
          continue;
        int64_t N = Forward ? Need[X] + Weight[I] : Need[X] - Weight[I];
        bool Pushed = Forward ? N > Est[Y] : N < Lst[Y];
        if (!Pushed)
          continue;
        if (Mark[Y] == Epoch && (Forward ? N <= Need[Y] : N >= Need[Y]))
          continue;
        if (pinned(Y) && Mark[Y] != Epoch)
          Out.push_back(Y);
        // Evictions cannot lift the limits every op has by itself.
        if (Forward ? N > baseLatest(Y) : N < baseEarliest(Y))
          Repairable = false;
        Mark[Y] = Epoch;
        Need[Y] = N;
        Scratch.push_back(Y);
      }
    }
  };
  if (Repairable && T > Lst[Op])
    Push(/*Forward=*/true);
  if (Repairable && T < Est[Op])
    Push(/*Forward=*/false);
  std::sort(Out.begin(), Out.end());
  Out.erase(std::unique(Out.begin(), Out.end()), Out.end());
  // A search cut short has not seen everything it would break.
  return Repairable && Out.size() < Limit;
}

} // namespace tileas
