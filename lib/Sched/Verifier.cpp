//===- Verifier.cpp - Independent checker of modulo schedules -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Written from Problem.h and Schedule.h alone: it shares no code with the
// generators (no reservation table, no footprint builder, not even
// Problem::validate, which builds footprints). Resource occupancy is
// enumerated as (row, resource, holder) events and sorted, so two holders of
// one slot row, or a pool row over capacity, show up as neighbours.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/Verifier.h"
#include "tileas/Sched/Coordination.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <numeric>
#include <tuple>

using namespace llvm;

namespace tileas {

namespace {

class Checker {
public:
  Checker(const Problem &P, const Schedule &S, unsigned MaxStages)
      : P(P), S(S), MaxStages(MaxStages) {}

  std::vector<Violation> run() {
    if (!checkShape())
      return std::move(Found);
    checkStageOrder();
    checkDependences();
    checkSlots();
    checkPools();
    checkBudgets();
    checkCoordination();
    checkGroupsAndDepth();
    checkLoopBranch();
    return std::move(Found);
  }

private:
  template <typename... Ts>
  void report(Violation::KindTy Kind, const char *Fmt, Ts &&...Args) {
    reportOn(Violation::NoSubject, {}, Kind, Fmt, std::forward<Ts>(Args)...);
  }
  /// A violation about Subject involving Ops (see Violation).
  template <typename... Ts>
  void reportOn(unsigned Subject, ArrayRef<unsigned> Ops,
                Violation::KindTy Kind, const char *Fmt, Ts &&...Args) {
    Found.push_back({Kind, formatv(Fmt, std::forward<Ts>(Args)...).str(),
                     Subject, SmallVector<unsigned, 2>(Ops)});
  }
  std::string name(unsigned Op) const {
    return formatv("op {0} '{1}'", Op, P.operations()[Op].Name).str();
  }
  int64_t start(unsigned Op) const { return S.Ops[Op].Start; }
  unsigned row(int64_t Cycle) const { return unsigned(Cycle % S.II); }

  bool checkShape();
  void checkStageOrder();
  void checkDependences();
  void checkSlots();
  void checkPools();
  void checkBudgets();
  void checkCoordination();
  void checkGroupsAndDepth();
  void checkLoopBranch();

  const Problem &P;
  const Schedule &S;
  unsigned MaxStages;
  std::vector<Violation> Found;
};

} // namespace

bool Checker::checkShape() {
  unsigned N = P.size();
  if (S.Ops.size() != N)
    report(Violation::Shape, "{0} placements for {1} ops", S.Ops.size(), N);
  if (S.II == 0)
    report(Violation::Shape, "II is 0");
  for (unsigned Op = 0; Op != N && Op < S.Ops.size(); ++Op)
    if (S.Ops[Op].Start < 0)
      report(Violation::Shape, "{0} starts at negative cycle {1}", name(Op),
             S.Ops[Op].Start);
  // References the other checks follow must be in range.
  for (const Dependence &D : P.dependences())
    if (D.From >= N || D.To >= N)
      report(Violation::Shape,
             "a dependence names op {0} -> {1}, outside the "
             "problem",
             D.From, D.To);
  for (unsigned Op = 0; Op != N; ++Op) {
    for (const SlotUse &U : P.operations()[Op].Slots)
      if (U.Slot < 1 || U.Slot > MaxSlotId)
        report(Violation::Shape, "{0} uses slot id {1}", name(Op), U.Slot);
    for (const PoolUse &U : P.operations()[Op].Pools)
      if (U.Pool >= P.model().pools().size())
        report(Violation::Shape, "{0} charges undefined pool {1}", name(Op),
               U.Pool);
    for (const BudgetUse &U : P.operations()[Op].Budgets)
      if (U.Budget >= P.model().budgets().size())
        report(Violation::Shape, "{0} charges undefined budget pool {1}",
               name(Op), U.Budget);
  }
  return Found.empty();
}

void Checker::checkStageOrder() {
  unsigned N = P.size();
  unsigned MaxStage = 0;
  for (unsigned Op = 0; Op != N; ++Op) {
    uint64_t Stage = uint64_t(start(Op)) / S.II;
    if (S.Ops[Op].Stage != Stage)
      report(Violation::StageOrder,
             "{0} starts at {1} (stage {2} at II {3}) "
             "but is recorded in stage {4}",
             name(Op), start(Op), Stage, S.II, S.Ops[Op].Stage);
    MaxStage = std::max<unsigned>(MaxStage, unsigned(Stage));
  }
  std::vector<unsigned> Rank(N);
  std::iota(Rank.begin(), Rank.end(), 0);
  std::sort(Rank.begin(), Rank.end(), [&](unsigned A, unsigned B) {
    return std::make_pair(start(A), A) < std::make_pair(start(B), B);
  });
  for (unsigned I = 0; I != N; ++I)
    if (S.Ops[Rank[I]].Order != I)
      report(Violation::StageOrder,
             "{0} has order {1}; its rank by (start, "
             "index) is {2}",
             name(Rank[I]), S.Ops[Rank[I]].Order, I);
  bool CountOk = N ? S.StageCount == MaxStage + 1 : S.StageCount <= 1;
  if (!CountOk)
    report(Violation::StageOrder, "stage count {0}, but the last stage is {1}",
           S.StageCount, MaxStage);
}

void Checker::checkDependences() {
  ArrayRef<Dependence> Deps = P.dependences();
  for (unsigned I = 0, E = Deps.size(); I != E; ++I) {
    const Dependence &D = Deps[I];
    int64_t Lhs = start(D.To) + int64_t(S.II) * D.Distance;
    int64_t Rhs = start(D.From) + D.Latency;
    if (Lhs < Rhs)
      reportOn(
          I, {D.From, D.To}, Violation::Dependence,
          "{0} -> {1} (latency {2}, distance {3}): {4} + {5} * {6} < {7} + "
          "{2}",
          name(D.From), name(D.To), D.Latency, D.Distance, start(D.To), S.II,
          D.Distance, start(D.From));
  }
}

void Checker::checkSlots() {
  // (row, slot, op, triple) for every cycle a triple holds its slot.
  std::vector<std::tuple<unsigned, unsigned, unsigned, unsigned>> Held;
  for (unsigned Op = 0, N = P.size(); Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    for (unsigned T = 0, E = O.Slots.size(); T != E; ++T)
      for (unsigned K = 0; K != O.Slots[T].Duration; ++K)
        Held.emplace_back(row(start(Op) + K), O.Slots[T].Slot, Op, T);
  }
  std::sort(Held.begin(), Held.end());
  for (size_t I = 1; I < Held.size(); ++I) {
    auto [Row, Slot, Op, Triple] = Held[I];
    auto [PrevRow, PrevSlot, PrevOp, PrevTriple] = Held[I - 1];
    if (Row == PrevRow && Slot == PrevSlot)
      reportOn(Slot, {PrevOp, Op}, Violation::Slot,
               "slot {0} in modulo row {1} is held by {2} (triple {3}) and {4} "
               "(triple {5})",
               Slot, Row, name(PrevOp), PrevTriple, name(Op), Triple);
  }
}

void Checker::checkPools() {
  // (pool, row, op, units) per charged cycle, summed per (pool, row).
  std::vector<std::tuple<unsigned, unsigned, unsigned, unsigned>> Charged;
  for (unsigned Op = 0, N = P.size(); Op != N; ++Op)
    for (const PoolUse &U : P.operations()[Op].Pools)
      for (unsigned K = 0; K != U.Duration; ++K)
        Charged.emplace_back(U.Pool, row(start(Op) + K), Op, U.Units);
  std::sort(Charged.begin(), Charged.end());
  for (size_t I = 0; I < Charged.size();) {
    auto [Pool, Row, FirstOp, Units] = Charged[I];
    uint64_t Sum = 0;
    SmallVector<unsigned, 2> Holders;
    size_t J = I;
    for (; J < Charged.size() && std::get<0>(Charged[J]) == Pool &&
           std::get<1>(Charged[J]) == Row;
         ++J) {
      Sum += std::get<3>(Charged[J]);
      if (Holders.empty() || Holders.back() != std::get<2>(Charged[J]))
        Holders.push_back(std::get<2>(Charged[J]));
    }
    const PoolDesc &D = P.model().pools()[Pool];
    if (Sum > D.Capacity)
      reportOn(Pool, Holders, Violation::Pool,
               "pool '{0}' holds {1} units in modulo row {2}; "
               "its capacity is {3}",
               D.Name, Sum, Row, D.Capacity);
    I = J;
  }
}

void Checker::checkBudgets() {
  SmallVector<uint64_t, 4> Usage = computeBudgetUsage(P, S);
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  for (unsigned B = 0, E = Budgets.size(); B != E; ++B)
    if (Usage[B] > Budgets[B].Capacity)
      reportOn(B, {}, Violation::Budget,
               "budget pool '{0}' needs {1}; its capacity is "
               "{2}",
               Budgets[B].Name, Usage[B], Budgets[B].Capacity);
  if (!S.BudgetUsage.empty() &&
      ArrayRef<uint64_t>(S.BudgetUsage) != ArrayRef<uint64_t>(Usage))
    report(Violation::Budget, "the schedule records budget usage that differs "
                              "from the usage its stages imply");
}

void Checker::checkGroupsAndDepth() {
  ArrayRef<GroupDesc> Groups = P.groups();
  DenseMap<int, unsigned> IndexOf;
  for (unsigned I = 0, E = Groups.size(); I != E; ++I)
    IndexOf.try_emplace(Groups[I].Id, I);
  // Union-find over declared groups, following leaders.
  std::vector<unsigned> Parent(Groups.size());
  std::iota(Parent.begin(), Parent.end(), 0);
  auto Find = [&](unsigned X) {
    while (Parent[X] != X)
      X = Parent[X] = Parent[Parent[X]];
    return X;
  };
  for (unsigned I = 0, E = Groups.size(); I != E; ++I) {
    auto It = IndexOf.find(Groups[I].Leader);
    if (Groups[I].Leader >= 0 && It != IndexOf.end())
      Parent[Find(I)] = Find(It->second);
  }
  // The first member seen fixes each merged group's stage.
  std::vector<int> FirstMember(Groups.size(), -1);
  for (unsigned Op = 0, N = P.size(); Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    unsigned Stage = S.Ops[Op].Stage;
    if (O.MaxDepth && Stage >= O.MaxDepth)
      reportOn(Op, {Op}, Violation::Depth,
               "{0} is in stage {1}; its max depth is {2}", name(Op), Stage,
               O.MaxDepth);
    if (MaxStages && Stage >= MaxStages)
      reportOn(Op, {Op}, Violation::Depth,
               "{0} is in stage {1}; at most {2} stages are "
               "allowed",
               name(Op), Stage, MaxStages);
    auto It = O.Group >= 0 ? IndexOf.find(O.Group) : IndexOf.end();
    if (It == IndexOf.end())
      continue;
    unsigned MaxDepth = Groups[It->second].MaxDepth;
    if (MaxDepth && Stage >= MaxDepth)
      reportOn(Op, {Op}, Violation::Depth,
               "{0} is in stage {1}; group {2} has max depth "
               "{3}",
               name(Op), Stage, O.Group, MaxDepth);
    int &First = FirstMember[Find(It->second)];
    if (First < 0)
      First = int(Op);
    else if (S.Ops[First].Stage != Stage)
      reportOn(Op, {unsigned(First), Op}, Violation::Group,
               "{0} (stage {1}) and {2} (stage {3}) share "
               "constraint group {4}",
               name(unsigned(First)), S.Ops[First].Stage, name(Op), Stage,
               O.Group);
  }
}

/// The branch that closes the kernel waits for the exit test: each result
/// it reads must be ready by the kernel's last cycle, II - 1 of the
/// iteration the branch closes. Checked from the producers' starts, not from
/// where the branch op was placed.
void Checker::checkLoopBranch() {
  if (!P.LoopBranch)
    return;
  ArrayRef<Dependence> Deps = P.dependences();
  for (unsigned I = 0, E = Deps.size(); I != E; ++I) {
    const Dependence &D = Deps[I];
    if (D.To != *P.LoopBranch)
      continue;
    int64_t Ready = start(D.From) + D.Latency;
    int64_t LastCycle = int64_t(S.II) * (int64_t(D.Distance) + 1) - 1;
    if (Ready > LastCycle)
      reportOn(I, {D.From, D.To}, Violation::LoopBranch,
               "the loop branch waits for {0}, ready at cycle {1} ({2} + {3}), "
               "after the kernel's last cycle {4} (II {5})",
               name(D.From), Ready, start(D.From), D.Latency, LastCycle, S.II);
  }
}

void Checker::checkCoordination() {
  if (!P.Coordination)
    return;
  // The solve is the definition of what coordination costs (Problem.h):
  // the verifier asks it, as materialization will.
  Expected<pipes::SolveResult> R = solveCoordination(P, S);
  if (!R) {
    report(Violation::Coordination, "the coordination cannot be solved: {0}",
           toString(R.takeError()));
    return;
  }
  if (R->Unsupported)
    report(Violation::Coordination, "{0}",
           describeUnsupported(*R, [&](unsigned Op) { return name(Op); }));
  if (R->Exceeded) {
    const pipes::Overrun &O = *R->Exceeded;
    std::string Pool =
        O.Budget >= 0 && unsigned(O.Budget) < P.model().budgets().size()
            ? P.model().budgets()[O.Budget].Name
            : std::string("barriers");
    report(Violation::Coordination,
           "its pipes and mutexes need {0} of '{1}'; its capacity is {2}",
           O.Need, Pool, O.Capacity);
  }
}

SmallVector<uint64_t, 4> computeBudgetUsage(const Problem &P,
                                            const Schedule &S) {
  ArrayRef<BudgetDesc> Budgets = P.model().budgets();
  SmallVector<uint64_t, 4> Usage(Budgets.size(), 0);
  unsigned N = P.size();
  if (S.Ops.size() != N)
    return Usage;
  // Per producer: the widest Stage(v) + Distance - Stage(op) over its Data
  // edges, and whether a Data consumer sits in a later stage.
  std::vector<int64_t> Span(N, 0);
  std::vector<bool> Later(N, false);
  for (const Dependence &D : P.dependences()) {
    if (D.Kind != DepKind::Data || D.From >= N || D.To >= N)
      continue;
    int64_t From = S.Ops[D.From].Stage, To = S.Ops[D.To].Stage;
    Span[D.From] = std::max(Span[D.From], To + int64_t(D.Distance) - From);
    if (To > From)
      Later[D.From] = true;
  }
  for (unsigned Op = 0; Op != N; ++Op) {
    const Operation &O = P.operations()[Op];
    uint64_t Depth = uint64_t(1 + Span[Op]);
    bool Pipes = O.Async || Later[Op];
    for (const BudgetUse &U : O.Budgets) {
      if (U.Budget >= Usage.size())
        continue;
      if (U.Scaling == BudgetScaling::PerStage)
        Usage[U.Budget] += U.Amount * Depth;
      else if (Pipes)
        Usage[U.Budget] += U.Amount;
    }
  }
  return Usage;
}

std::vector<Violation> verifySchedule(const Problem &P, const Schedule &S,
                                      unsigned MaxStages) {
  return Checker(P, S, MaxStages).run();
}

std::vector<Violation> verifySchedule(const Problem &P, const Schedule &S) {
  return verifySchedule(P, S, 0);
}

} // namespace tileas
