//===- PipeSolve.cpp - Group producers and consumers into pipes -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Pipes/PipeSolve.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <map>

using namespace llvm;

namespace tileas {
namespace pipes {

namespace {

struct Group {
  unsigned Id = 0;
  SmallVector<unsigned, 4> Values;
  SmallVector<unsigned, 2> Producers;
  SmallVector<Read, 4> Consumers;
  bool CarriedInPlace = false;
  /// The most iterations an in-place rewrite reaches back: the number of
  /// buffers the group takes turns with (double buffering: 2).
  unsigned CarryDistance = 0;
  bool LiveOut = false;
  bool ProducedAsyncBeforeLoop = false;
};

class Solver {
public:
  explicit Solver(const SolveInput &In) : In(In) {}

  Expected<SolveResult> run() {
    if (Error E = validate())
      return E;
    buildGroups();
    for (Group &G : Groups)
      classify(G);
    if (Error E = assignBarriers())
      return E;
    if (Error E = chargeBudgets())
      return E;
    return std::move(R);
  }

private:
  Error validate() const;
  void buildGroups();
  void classify(Group &G);
  Error assignBarriers();
  Error chargeBudgets();

  /// (stage, order) of an op, the key of every ordering decision.
  std::pair<unsigned, unsigned> key(unsigned Op) const {
    return {In.Ops[Op].Stage, In.Ops[Op].Order};
  }
  bool isAsync(unsigned Op) const { return In.Ops[Op].Async; }
  unsigned unit(unsigned Op) const { return In.Ops[Op].Unit; }

  const SolveInput &In;
  std::vector<Group> Groups;
  SolveResult R;
};

Error Solver::validate() const {
  auto Bad = [](const Twine &Msg) {
    return createStringError(inconvertibleErrorCode(),
                             "pipe solve: malformed input: " + Msg);
  };
  for (unsigned V = 0; V < In.Values.size(); ++V) {
    const BufferedValue &BV = In.Values[V];
    if (BV.Producer >= int(In.Ops.size()))
      return Bad(formatv("value {0} names producer op {1}", V, BV.Producer));
    if (BV.Budget >= int(In.BudgetCapacity.size()))
      return Bad(formatv("value {0} names budget pool {1}", V, BV.Budget));
  }
  for (const Read &Rd : In.Reads)
    if (Rd.Op >= In.Ops.size() || Rd.Value >= In.Values.size() ||
        Rd.Result >= int(In.Values.size()))
      return Bad(formatv("a read names op {0}, value {1}, result {2}", Rd.Op,
                         Rd.Value, Rd.Result));
  return Error::success();
}

void Solver::buildGroups() {
  // Values rewritten in place share their buffer.
  EquivalenceClasses<unsigned> Buffers;
  for (unsigned V = 0; V < In.Values.size(); ++V)
    Buffers.insert(V);
  for (const Read &Rd : In.Reads)
    if (Rd.InPlace && Rd.Result >= 0)
      Buffers.unionSets(Rd.Value, unsigned(Rd.Result));

  // Number groups by their smallest value: deterministic.
  std::map<unsigned, unsigned> LeaderToGroup;
  R.GroupOf.assign(In.Values.size(), 0);
  for (unsigned V = 0; V < In.Values.size(); ++V) {
    unsigned Leader = Buffers.getLeaderValue(V);
    auto [It, New] = LeaderToGroup.try_emplace(Leader, Groups.size());
    if (New) {
      Groups.emplace_back();
      Groups.back().Id = It->second;
    }
    Group &G = Groups[It->second];
    G.Values.push_back(V);
    R.GroupOf[V] = G.Id;
    const BufferedValue &BV = In.Values[V];
    if (BV.Producer >= 0)
      G.Producers.push_back(BV.Producer);
    else if (BV.ProducedAsync)
      G.ProducedAsyncBeforeLoop = true;
    G.LiveOut |= BV.LiveOut;
  }
  for (const Read &Rd : In.Reads) {
    Group &G = Groups[R.GroupOf[Rd.Value]];
    if (Rd.InPlace) {
      // The read half of a rewrite: the op is a producer of the buffer. A
      // buffer rewritten from the previous iteration, or one that lives
      // outside the loop, is the same memory every iteration.
      G.Producers.push_back(Rd.Op);
      G.CarriedInPlace |= Rd.Distance > 0 || In.Values[Rd.Value].Producer < 0;
      G.CarryDistance = std::max(G.CarryDistance, Rd.Distance);
    } else {
      G.Consumers.push_back(Rd);
    }
  }
  for (Group &G : Groups) {
    llvm::sort(G.Producers,
               [&](unsigned A, unsigned B) { return key(A) < key(B); });
    G.Producers.erase(std::unique(G.Producers.begin(), G.Producers.end()),
                      G.Producers.end());
    llvm::stable_sort(G.Consumers, [&](const Read &A, const Read &B) {
      return std::make_pair(In.Ops[A.Op].Stage + A.Distance,
                            In.Ops[A.Op].Order) <
             std::make_pair(In.Ops[B.Op].Stage + B.Distance,
                            In.Ops[B.Op].Order);
    });
  }
}

void Solver::classify(Group &G) {
  if (G.Producers.empty()) {
    // Produced before the loop: an asynchronous producer must be waited for
    // once before the loop reads it.
    if (G.ProducedAsyncBeforeLoop && !G.Consumers.empty()) {
      Pipe P;
      P.Kind = PipeKind::ConsumerOnly;
      P.Group = G.Id;
      P.Consumers = G.Consumers;
      R.Pipes.push_back(std::move(P));
    }
    return;
  }
  unsigned Owner = G.Producers.front();
  bool ProducerAsync =
      llvm::any_of(G.Producers, [&](unsigned Op) { return isAsync(Op); });
  bool CrossesUnitOrStage = llvm::any_of(G.Consumers, [&](const Read &Rd) {
    return unit(Rd.Op) != unit(Owner) || isAsync(Rd.Op) ||
           In.Ops[Rd.Op].Stage + Rd.Distance != In.Ops[Owner].Stage;
  });

  if (G.CarriedInPlace) {
    bool ReadsInOwnIteration = llvm::all_of(
        G.Consumers, [](const Read &Rd) { return Rd.Distance == 0; });
    if (G.Consumers.empty() || !(ProducerAsync || CrossesUnitOrStage)) {
      // Nobody else reads it inside the loop.
    } else if (G.CarryDistance >= 2 && ReadsInOwnIteration) {
      // D buffers taking turns, each read in the iteration that rewrote it:
      // a ring over them, of depth D. The buffers were allocated before the
      // loop, so the ring costs no budget.
      Pipe P;
      P.Kind = PipeKind::Ring;
      P.Group = G.Id;
      P.Owner = Owner;
      P.Producers = G.Producers;
      P.Consumers = G.Consumers;
      P.Depth = G.CarryDistance;
      for (unsigned V : G.Values)
        if (In.Values[V].Producer == int(Owner))
          P.Bytes = In.Values[V].Bytes;
      R.Pipes.push_back(std::move(P));
    } else {
      // One buffer rewritten every iteration: no ring is possible. Readers on
      // another unit must never overlap the producers.
      Mutex M;
      M.Group = G.Id;
      M.Producers = G.Producers;
      for (const Read &Rd : G.Consumers)
        if (!llvm::is_contained(M.Consumers, Rd.Op))
          M.Consumers.push_back(Rd.Op);
      R.Mutexes.push_back(std::move(M));
    }
  } else if (!G.Consumers.empty() && (ProducerAsync || CrossesUnitOrStage)) {
    Pipe P;
    P.Kind = PipeKind::Ring;
    P.Group = G.Id;
    P.Owner = Owner;
    P.Producers = G.Producers;
    P.Consumers = G.Consumers;
    unsigned Distance = 0;
    for (const Read &Rd : G.Consumers) {
      unsigned ReadStage = In.Ops[Rd.Op].Stage + Rd.Distance;
      if (ReadStage > In.Ops[Owner].Stage)
        Distance = std::max(Distance, ReadStage - In.Ops[Owner].Stage);
    }
    P.Depth = Distance + 1;
    for (unsigned V : G.Values)
      if (In.Values[V].Producer == int(Owner)) {
        P.Bytes = In.Values[V].Bytes;
        P.Budget = In.Values[V].Budget;
      }
    R.Pipes.push_back(std::move(P));
  }

  // Read after the loop: the exit waits until the last producers finished.
  if (G.LiveOut && ProducerAsync) {
    Pipe P;
    P.Kind = PipeKind::Drain;
    P.Group = G.Id;
    P.Owner = Owner;
    P.Producers = G.Producers;
    R.Pipes.push_back(std::move(P));
  }
}

Error Solver::assignBarriers() {
  // All pipes and mutexes of a loop live from its preheader to its exit, so
  // within a loop they are all live at once: lowest free first is a simple
  // count. Loops are disjoint lifetimes; each starts again from FirstBarrier.
  unsigned Next = In.FirstBarrier;
  for (unsigned I = 0; I < R.Pipes.size(); ++I) {
    Pipe &P = R.Pipes[I];
    P.Id = In.FirstPipeId + I;
    P.FullBarrier = Next++;
    if (P.Kind == PipeKind::Ring)
      P.EmptyBarrier = In.BarriersPerPipe > 1 ? Next++ : P.FullBarrier;
  }
  for (unsigned I = 0; I < R.Mutexes.size(); ++I) {
    R.Mutexes[I].Id = I;
    R.Mutexes[I].Barrier = Next;
    Next += std::max(1u, In.BarriersPerMutex);
  }
  R.BarriersUsed = Next - In.FirstBarrier;
  if (Next > In.BarrierLimit)
    return createStringError(
        inconvertibleErrorCode(),
        formatv("internal error: the loop needs {0} barriers for {1} pipes "
                "and {2} mutexes, but only ids {3}..{4} are available; the "
                "scheduler should have bounded this",
                R.BarriersUsed, R.Pipes.size(), R.Mutexes.size(),
                In.FirstBarrier, In.BarrierLimit - 1));
  return Error::success();
}

Error Solver::chargeBudgets() {
  R.BudgetUsage.assign(In.BudgetCapacity.size(), 0);
  for (const Pipe &P : R.Pipes)
    if (P.Kind == PipeKind::Ring && P.Budget >= 0)
      R.BudgetUsage[P.Budget] += P.Bytes * P.Depth;
  for (unsigned B = 0; B < R.BudgetUsage.size(); ++B)
    if (R.BudgetUsage[B] > In.BudgetCapacity[B])
      return createStringError(
          inconvertibleErrorCode(),
          formatv("internal error: the loop's pipes need {0} of {1} but {2} "
                  "is available; the scheduler should have bounded this",
                  R.BudgetUsage[B],
                  B < In.BudgetNames.size() ? In.BudgetNames[B] : "a budget",
                  In.BudgetCapacity[B]));
  return Error::success();
}

} // namespace

Expected<SolveResult> solvePipes(const SolveInput &In) {
  return Solver(In).run();
}

} // namespace pipes
} // namespace tileas
