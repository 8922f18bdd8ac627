//===- LifetimeCompactionCones.cpp - Rows placed again by their readers ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// moveRegisterCones (LifetimeCompaction.h): the ops that make rows (a
// tensor-memory load of 64 columns) and everything that reads them within the
// iteration, placed again cycle by cycle at the same II, so that a row is
// consumed before the next one is made. On attention forward the resource
// schedule makes the exponentials of both halves of S in an order the
// reservation table gave them, converts each pair long after, and loads O for
// its rescale while all of them are live (234 registers in the compute agent,
// docs/ii-search.md, "Rows placed by their readers"); placed again, each pair
// is converted and summed as it is made and O waits until the first half is
// stored (202).
//
//===----------------------------------------------------------------------===//

#include "LifetimeCompaction.h"
#include "LifetimeCompactionTable.h"
#include "ScheduleBuilder.h"

#include "tileas/Sched/RegisterPressure.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <tuple>
#include <vector>

using namespace llvm;

namespace tileas {

using compaction::carriesValue;
using compaction::EdgeLists;
using compaction::Table;

namespace {

/// An op whose results take this many registers or more (a row of a
/// tensor-memory load) seeds the cone.
constexpr unsigned RowRegisters = 16;

/// The live registers of the cone's own iteration above which an op that
/// adds registers waits for one that frees some: each is tried, and the
/// schedule with the best fit kept.
constexpr unsigned FirstThreshold = 96, LastThreshold = 224, ThresholdStep = 32;

/// Placements tried per threshold: a dependence from an earlier iteration's
/// cone op, which was placed after the op that reads it, raises that op's
/// earliest start for the next try.
constexpr unsigned PlacementTries = 8;

class ConeMover {
public:
  ConeMover(const Problem &P, const Schedule &S, ArrayRef<unsigned> Limits,
            unsigned MaxStages)
      : P(P), S(S), II(S.II), Limits(Limits), MaxStages(MaxStages),
        Starts(S.Ops.size()), Tab(P, S), Edges(P), InCone(P.size(), false) {
    for (unsigned I = 0; I < P.size(); ++I)
      Starts[I] = S.Ops[I].Start;
  }

  /// The best verified placement of the cone, or S when none fits better.
  Schedule run();

private:
  bool isBranch(unsigned Op) const {
    return P.LoopBranch && *P.LoopBranch == Op;
  }
  Schedule withStarts(ArrayRef<int64_t> At) const;
  int64_t overBy(const Schedule &C) const {
    RegisterFit F = registerFit(P, C, Limits);
    return int64_t(F.Estimate) - int64_t(F.Limit);
  }
  std::vector<unsigned> cone();
  unsigned definedUnits(unsigned Op) const;
  int64_t affinity(unsigned Op, const std::vector<bool> &Placed) const;
  bool listPlace(unsigned Threshold, std::vector<int64_t> &At,
                 std::vector<int64_t> &Floor);

  const Problem &P;
  const Schedule &S;
  const unsigned II;
  ArrayRef<unsigned> Limits;
  const unsigned MaxStages;
  std::vector<int64_t> Starts;
  Table Tab;
  EdgeLists Edges;
  std::vector<bool> InCone;
  std::vector<unsigned> Cone;
};

} // namespace

Schedule ConeMover::withStarts(ArrayRef<int64_t> At) const {
  Schedule R = buildSchedule(II, At);
  R.Bounds = S.Bounds;
  R.Refined = S.Refined;
  R.Flags = S.Flags;
  R.ConstraintIterations = S.ConstraintIterations;
  R.Registers = S.Registers;
  R.BudgetUsage = computeBudgetUsage(P, R);
  return R;
}

/// The rows' makers, the ops that depend on them within the iteration
/// (transitively), and the ops that make registers only for those (O's load
/// for its rescale), in InCone; returned in an order that puts every
/// same-iteration dependence's source first.
std::vector<unsigned> ConeMover::cone() {
  std::vector<unsigned> Work;
  for (unsigned I = 0; I < P.size(); ++I) {
    const Operation &O = P.operations()[I];
    if (!O.Registers || isBranch(I))
      continue;
    unsigned Units = 0;
    for (unsigned R = 0; R < O.numResults(); ++R)
      Units += O.resultRegisters(R);
    if (Units >= RowRegisters) {
      InCone[I] = true;
      Work.push_back(I);
    }
  }
  while (!Work.empty()) {
    unsigned Op = Work.back();
    Work.pop_back();
    for (unsigned E : Edges.Out[Op]) {
      const Dependence &D = P.dependences()[E];
      if (D.Distance || InCone[D.To] || isBranch(D.To))
        continue;
      InCone[D.To] = true;
      Work.push_back(D.To);
    }
  }
  for (bool Grew = true; Grew;) {
    Grew = false;
    for (unsigned Op = 0; Op < P.size(); ++Op) {
      if (InCone[Op] || !P.operations()[Op].Registers || isBranch(Op))
        continue;
      bool Feeds = false, Only = true, Root = true;
      for (unsigned E : Edges.Out[Op]) {
        const Dependence &D = P.dependences()[E];
        if (D.Distance || D.To == Op)
          continue;
        Feeds = true;
        Only = Only && InCone[D.To];
      }
      for (unsigned E : Edges.In[Op]) {
        const Dependence &D = P.dependences()[E];
        Root = Root && (D.Distance || D.From == Op);
      }
      if (Feeds && Only && Root)
        InCone[Op] = Grew = true;
    }
  }
  // Kahn's order, the earlier start (then the lower index) first.
  std::vector<unsigned> Pending(P.size(), 0), Ready, Order;
  for (unsigned Op = 0; Op < P.size(); ++Op)
    if (InCone[Op])
      for (unsigned E : Edges.In[Op]) {
        const Dependence &D = P.dependences()[E];
        if (!D.Distance && D.From != Op && InCone[D.From])
          ++Pending[Op];
      }
  for (unsigned Op = 0; Op < P.size(); ++Op)
    if (InCone[Op] && !Pending[Op])
      Ready.push_back(Op);
  auto Later = [&](unsigned A, unsigned B) {
    return std::make_pair(Starts[A], A) > std::make_pair(Starts[B], B);
  };
  std::make_heap(Ready.begin(), Ready.end(), Later);
  while (!Ready.empty()) {
    std::pop_heap(Ready.begin(), Ready.end(), Later);
    unsigned Op = Ready.back();
    Ready.pop_back();
    Order.push_back(Op);
    for (unsigned E : Edges.Out[Op]) {
      const Dependence &D = P.dependences()[E];
      if (D.Distance || D.To == Op || !InCone[D.To] || --Pending[D.To])
        continue;
      Ready.push_back(D.To);
      std::push_heap(Ready.begin(), Ready.end(), Later);
    }
  }
  return Order;
}

/// The registers of Op's results that something reads.
unsigned ConeMover::definedUnits(unsigned Op) const {
  const Operation &O = P.operations()[Op];
  if (!O.Registers)
    return 0;
  unsigned Units = 0;
  for (unsigned R = 0; R < O.numResults(); ++R)
    if (any_of(Edges.Out[Op], [&](unsigned E) {
          const Dependence &D = P.dependences()[E];
          return carriesValue(D) && D.Result == R;
        }))
      Units += O.resultRegisters(R);
  return Units;
}

/// How near placing Op brings a reader that frees registers: the share of
/// its readers' same-iteration inputs already placed (in 1/1024ths), plus
/// half that of their readers' (the other half of a pair converted, the
/// other rows of a store).
int64_t ConeMover::affinity(unsigned Op,
                            const std::vector<bool> &Placed) const {
  auto Share = [&](unsigned Reader) -> int64_t {
    unsigned Inputs = 0, Done = 0;
    for (unsigned E : Edges.In[Reader]) {
      const Dependence &D = P.dependences()[E];
      if (!carriesValue(D) || D.Distance || !InCone[D.From] || D.From == Reader)
        continue;
      ++Inputs;
      Done += Placed[D.From];
    }
    return Inputs ? int64_t(Done) * 1024 / Inputs : 0;
  };
  int64_t Best = 0;
  for (unsigned E : Edges.Out[Op]) {
    const Dependence &D = P.dependences()[E];
    if (!carriesValue(D) || D.Distance || !InCone[D.To] || D.To == Op)
      continue;
    int64_t Score = Share(D.To);
    for (unsigned F : Edges.Out[D.To]) {
      const Dependence &G = P.dependences()[F];
      if (carriesValue(G) && !G.Distance && InCone[G.To] && G.To != D.To)
        Score = std::max(Score, Share(D.To) + Share(G.To) / 2);
    }
    Best = std::max(Best, Score);
  }
  return Best;
}

/// Places the cone cycle by cycle from its first op's earliest start: at
/// each cycle the ready ops that fit the table, those that free the most
/// registers first (then by affinity, then by their old start), holding an
/// op that adds registers while the cone's live registers would pass
/// Threshold, unless nothing was placed for an eighth of the II. At holds
/// the result; false when the cone does not end within its stages plus one
/// or a dependence breaks (Floor then raised for the next try).
bool ConeMover::listPlace(unsigned Threshold, std::vector<int64_t> &At,
                          std::vector<int64_t> &Floor) {
  const unsigned N = P.size();
  // Per cone value (op, result): its same-iteration cone readers' edges not
  // placed yet; per op, its same-iteration cone sources not placed yet.
  std::vector<SmallVector<unsigned, 2>> Pending(N);
  std::vector<unsigned> PredsLeft(N, 0);
  std::vector<bool> Placed(N, false);
  for (unsigned Op : Cone)
    Pending[Op].assign(P.operations()[Op].numResults(), 0);
  for (unsigned Op : Cone)
    for (unsigned E : Edges.Out[Op]) {
      const Dependence &D = P.dependences()[E];
      if (D.To == Op || !InCone[D.To] || D.Distance)
        continue;
      ++PredsLeft[D.To];
      if (carriesValue(D) && D.Result < Pending[Op].size())
        ++Pending[Op][D.Result];
    }
  // The registers placing Op frees: the values it reads last, but those
  // read beyond the cone's iteration (by the next one, after the loop).
  auto Frees = [&](unsigned Op) {
    int64_t Freed = 0;
    SmallVector<std::pair<unsigned, unsigned>, 8> Seen;
    for (unsigned E : Edges.In[Op]) {
      const Dependence &D = P.dependences()[E];
      if (!carriesValue(D) || D.Distance || !InCone[D.From] || D.From == Op ||
          D.Result >= Pending[D.From].size())
        continue;
      std::pair<unsigned, unsigned> V{D.From, D.Result};
      if (is_contained(Seen, V))
        continue;
      Seen.push_back(V);
      unsigned Mine = 0;
      bool Beyond = false;
      for (unsigned F : Edges.Out[D.From]) {
        const Dependence &G = P.dependences()[F];
        if (!carriesValue(G) || G.Result != D.Result)
          continue;
        if (G.Distance || !InCone[G.To])
          Beyond = true;
        else if (G.To == Op)
          ++Mine;
      }
      if (!Beyond && Pending[D.From][D.Result] == Mine)
        Freed += P.operations()[D.From].resultRegisters(D.Result);
    }
    return Freed;
  };
  // An earlier iteration's cone op not placed yet counts where it was.
  auto EarliestOf = [&](unsigned Op) {
    int64_t Earliest = Floor[Op];
    for (unsigned E : Edges.In[Op]) {
      const Dependence &D = P.dependences()[E];
      if (D.From == Op)
        continue;
      int64_t From =
          InCone[D.From] && !Placed[D.From] ? Starts[D.From] : At[D.From];
      Earliest =
          std::max(Earliest, From + D.Latency - int64_t(II) * D.Distance);
    }
    return Earliest;
  };

  int64_t First = std::numeric_limits<int64_t>::max();
  for (unsigned Op : Cone)
    if (!PredsLeft[Op])
      First = std::min(First, EarliestOf(Op));
  const int64_t Horizon = First + int64_t(S.StageCount + 1) * II;
  std::vector<unsigned> Done;
  // The ops not placed whose same-iteration cone sources all are.
  std::vector<unsigned> Candidates;
  for (unsigned Op : Cone)
    if (!PredsLeft[Op])
      Candidates.push_back(Op);
  int64_t Live = 0, LastPlaced = First;
  for (int64_t T = First; Done.size() < Cone.size() && T <= Horizon; ++T) {
    llvm::erase_if(Candidates, [&](unsigned Op) { return Placed[Op]; });
    SmallVector<std::tuple<int64_t, int64_t, int64_t, unsigned>, 16> Ready;
    // An op that does not fit the table now will not once others are
    // placed in this cycle.
    for (unsigned Op : Candidates)
      if (EarliestOf(Op) <= T && Tab.fits(Op, T))
        Ready.emplace_back(int64_t(definedUnits(Op)) - Frees(Op),
                           -affinity(Op, Placed), Starts[Op], Op);
    llvm::sort(Ready);
    for (const auto &[Adds, NegAffinity, OldStart, Op] : Ready) {
      if (!Tab.fits(Op, T))
        continue;
      if (Adds > 0 && Live + Adds > int64_t(Threshold) &&
          T - LastPlaced < int64_t(II) / 8)
        continue;
      // Frees reads Pending before this op's readings are taken off it.
      Live += int64_t(definedUnits(Op)) - Frees(Op);
      LastPlaced = T;
      At[Op] = T;
      Tab.place(Op, T);
      Placed[Op] = true;
      Done.push_back(Op);
      for (unsigned E : Edges.In[Op]) {
        const Dependence &D = P.dependences()[E];
        if (carriesValue(D) && !D.Distance && InCone[D.From] && D.From != Op &&
            D.Result < Pending[D.From].size())
          --Pending[D.From][D.Result];
      }
      for (unsigned E : Edges.Out[Op]) {
        const Dependence &D = P.dependences()[E];
        if (D.To != Op && InCone[D.To] && !D.Distance && !--PredsLeft[D.To])
          Candidates.push_back(D.To);
      }
    }
  }
  for (unsigned Op : Done)
    Tab.remove(Op, At[Op]);
  if (Done.size() < Cone.size())
    return false;
  bool Holds = true;
  for (unsigned Op : Cone) {
    for (unsigned E : Edges.Out[Op]) {
      const Dependence &D = P.dependences()[E];
      if (At[D.To] + int64_t(II) * D.Distance < At[Op] + D.Latency)
        Holds = false;
    }
    for (unsigned E : Edges.In[Op]) {
      const Dependence &D = P.dependences()[E];
      int64_t Need = At[D.From] + D.Latency - int64_t(II) * D.Distance;
      if (At[Op] < Need) {
        Floor[Op] = std::max(Floor[Op], Need);
        Holds = false;
      }
    }
  }
  return Holds;
}

Schedule ConeMover::run() {
  Cone = cone();
  if (Cone.empty())
    return S;
  const int64_t Current = overBy(S);
  for (unsigned Op : Cone)
    Tab.remove(Op, Starts[Op]);
  // (over by, threshold) of each placement that fits better, compacted.
  std::vector<std::pair<int64_t, Schedule>> Better;
  for (unsigned Threshold = FirstThreshold; Threshold <= LastThreshold;
       Threshold += ThresholdStep) {
    std::vector<int64_t> Floor(P.size(), 0), At;
    bool Placed = false;
    for (unsigned Try = 0; Try < PlacementTries && !Placed; ++Try) {
      At = Starts;
      Placed = listPlace(Threshold, At, Floor);
    }
    if (!Placed)
      continue;
    Schedule C = withStarts(At);
    if (C.StageCount > S.StageCount)
      continue;
    C = compactLifetimes(P, C);
    int64_t Over = overBy(C);
    if (Over < Current)
      Better.emplace_back(Over, std::move(C));
  }
  llvm::stable_sort(
      Better, [](const auto &A, const auto &B) { return A.first < B.first; });
  for (auto &[Over, C] : Better)
    if (verifySchedule(P, C, MaxStages).empty())
      return std::move(C);
  return S;
}

Schedule moveRegisterCones(const Problem &P, const Schedule &S,
                           ArrayRef<unsigned> Limits, unsigned MaxStages) {
  if (!S.II || S.Ops.size() != P.size() || Limits.empty())
    return S;
  return ConeMover(P, S, Limits, MaxStages).run();
}

} // namespace tileas
