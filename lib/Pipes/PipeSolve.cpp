//===- PipeSolve.cpp - Group producers and consumers into pipes -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Pipes/PipeSolve.h"
#include "BarrierPlan.h"

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
    findUncoordinatedRead();
    if (In.WarpSpecialized)
      makeHandoffs();
    // A TMA or the tensor core cannot arrive on a named barrier.
    for (Mutex &M : R.Mutexes)
      M.Mbarrier = releasedByUnit(M, In.Ops, In.WarpSpecialized);
    planBarriers(In, R);
    return std::move(R);
  }

private:
  Error validate() const;
  void buildGroups();
  void classify(Group &G);
  void findUncoordinatedRead();
  void makeHandoffs();

  /// (stage, order) of an op, the key of every ordering decision.
  std::pair<unsigned, unsigned> key(unsigned Op) const {
    return {In.Ops[Op].Stage, In.Ops[Op].Order};
  }
  bool isAsync(unsigned Op) const { return In.Ops[Op].Async; }
  unsigned unit(unsigned Op) const { return In.Ops[Op].Unit; }
  void deepenForRelease(Pipe &P) const;

  const SolveInput &In;
  std::vector<Group> Groups;
  SolveResult R;
};

/// An asynchronous reader (the tensor core) releases its slot when its unit
/// completes the read, its latency after it issues; the owner refills the
/// slot Depth iterations later, at Start(owner) + Depth * II. So the ring
/// needs Depth >= ceil((Start(reader) + Latency - Start(owner)) / II) for
/// every asynchronous reader, beyond 1 + the stage distance; where that
/// deepens it, Release says which ordering would make it unnecessary.
void Solver::deepenForRelease(Pipe &P) const {
  if (!In.II || P.Owner < 0)
    return;
  int64_t II = In.II, Owner = In.Ops[P.Owner].Start;
  unsigned StageDepth = P.Depth;
  for (const Read &Rd : P.Consumers) {
    if (!isAsync(Rd.Op) || Rd.Distance)
      continue;
    const LoopOp &Reader = In.Ops[Rd.Op];
    int64_t Busy = Reader.Start + Reader.Latency - Owner;
    unsigned Depth = unsigned(std::max<int64_t>(1, (Busy + II - 1) / II));
    if (Depth <= P.Depth)
      continue;
    P.Depth = Depth;
    P.Release = Ordering{Rd.Op, unsigned(P.Owner), Reader.Latency, StageDepth};
  }
}

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
  if (In.BarrierBudget >= int(In.BudgetCapacity.size()))
    return Bad(formatv("the barrier budget is pool {0}", In.BarrierBudget));
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
      P.Turns = true;
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
    deepenForRelease(P);
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

void Solver::findUncoordinatedRead() {
  auto Flat = [&](unsigned Op, unsigned Distance) {
    return std::make_pair(In.Ops[Op].Start + int64_t(In.II) * Distance,
                          In.Ops[Op].Order);
  };
  for (const Pipe &P : R.Pipes) {
    if (P.Kind != PipeKind::Ring)
      continue;
    for (const Read &Rd : P.Consumers) {
      if (Rd.Distance > 0) {
        R.Unsupported = {UncoordinatedRead::Carried, Rd, unsigned(P.Owner),
                         std::nullopt};
        return;
      }
      // The wait before the first reader must come after the commit that
      // follows the last rewrite.
      if (In.II && Flat(Rd.Op, 0) < Flat(P.Producers.back(), 0)) {
        R.Unsupported = {UncoordinatedRead::BetweenRewrites, Rd,
                         P.Producers.back(), std::nullopt};
        return;
      }
    }
  }
  // A mutex's two regions, from its first to its last producer and from its
  // first to its last reader in the order an iteration issues them, must
  // not overlap: each is one lock.
  for (const Mutex &M : R.Mutexes) {
    auto ByOrder = [&](unsigned A, unsigned B) {
      return In.Ops[A].Order < In.Ops[B].Order;
    };
    auto [PFirst, PLast] =
        std::minmax_element(M.Producers.begin(), M.Producers.end(), ByOrder);
    auto [CFirst, CLast] =
        std::minmax_element(M.Consumers.begin(), M.Consumers.end(), ByOrder);
    bool ReadersFirst = ByOrder(*CLast, *PFirst);
    if (ByOrder(*PLast, *CFirst) || ReadersFirst) {
      // Each iteration must leave both regions before the next one enters
      // the first: its last op issues before the next iteration's first.
      unsigned First = ReadersFirst ? *CFirst : *PFirst;
      unsigned Last = ReadersFirst ? *PLast : *CLast;
      auto Flat = [&](unsigned Op, int64_t Shift) {
        return std::make_pair(In.Ops[Op].Start + Shift, In.Ops[Op].Order);
      };
      if (!In.II || Flat(Last, 0) < Flat(First, In.II))
        continue;
      Read Rd;
      Rd.Op = ReadersFirst ? *CLast : *CFirst;
      R.Unsupported = {UncoordinatedRead::OverlapsNextIteration, Rd,
                       ReadersFirst ? *PLast : *PFirst,
                       Ordering{Last, First, 1, 1}};
      return;
    }
    Read Rd;
    Rd.Op = ByOrder(*CFirst, *PFirst) ? *CFirst : *CLast;
    R.Unsupported = {UncoordinatedRead::BetweenRewrites, Rd,
                     ByOrder(*CFirst, *PFirst) ? *PFirst : *PLast,
                     std::nullopt};
    return;
  }
}

/// Turns each mutex that needs a handoff into a depth-1 ring between its
/// two sides, appended after the other pipes (so that their ids and
/// barriers stay as they were).
void Solver::makeHandoffs() {
  std::vector<Mutex> Kept;
  for (Mutex &M : R.Mutexes) {
    SmallVector<unsigned, 4> First, Second;
    if (!needsHandoff(M, In.Ops) ||
        !mutexSides(M, In.Ops, /*UseAgents=*/true, First, Second)) {
      Kept.push_back(std::move(M));
      continue;
    }
    unsigned Value = 0;
    while (R.GroupOf[Value] != M.Group)
      ++Value;
    Pipe P;
    P.Kind = PipeKind::Ring;
    P.Group = M.Group;
    P.Owner = First.front();
    P.Producers.assign(First.begin(), First.end());
    for (unsigned Op : Second)
      P.Consumers.push_back({Op, Value, 0, false, -1});
    P.Depth = 1;
    P.Turns = true;
    P.Handoff = true;
    R.Pipes.push_back(std::move(P));
  }
  R.Mutexes = std::move(Kept);
}

} // namespace

bool mutexSides(const Mutex &M, ArrayRef<LoopOp> Ops, bool UseAgents,
                SmallVectorImpl<unsigned> &First,
                SmallVectorImpl<unsigned> &Second) {
  auto ByOrder = [&](unsigned A, unsigned B) {
    return Ops[A].Order < Ops[B].Order;
  };
  SmallVector<unsigned, 8> All(M.Producers.begin(), M.Producers.end());
  All.append(M.Consumers.begin(), M.Consumers.end());
  llvm::sort(All, ByOrder);
  All.erase(std::unique(All.begin(), All.end()), All.end());
  auto AgentOf = [&](unsigned Op) { return UseAgents ? Ops[Op].Agent : 0; };
  bool OneAgent = llvm::all_of(
      All, [&](unsigned Op) { return AgentOf(Op) == AgentOf(All.front()); });
  First.clear();
  Second.clear();
  if (OneAgent) {
    // The sides alternate in the order iterations issue them. Readers of
    // the previous iteration's value (an accumulator rescaled before it is
    // added to again) come first in their iteration, so they take side 0.
    bool ReadersFirst = llvm::is_contained(M.Consumers, All.front());
    ArrayRef<unsigned> Readers = M.Consumers, Writers = M.Producers;
    ArrayRef<unsigned> A = ReadersFirst ? Readers : Writers;
    ArrayRef<unsigned> B = ReadersFirst ? Writers : Readers;
    First.assign(A.begin(), A.end());
    Second.assign(B.begin(), B.end());
    return true;
  }
  // Warp-specialized, two agents: each agent's ops are one side (a read,
  // modify and write of an accumulator by the compute warps, then the MMA
  // warp's accumulation), which the mutex alternates as long as each
  // agent's ops are one run in the iteration's order.
  for (unsigned Op : All)
    (AgentOf(Op) == AgentOf(All.front()) ? First : Second).push_back(Op);
  return llvm::all_of(Second,
                      [&](unsigned Op) {
                        return AgentOf(Op) == AgentOf(Second.front());
                      }) &&
         ByOrder(First.back(), Second.front());
}

bool needsHandoff(const Mutex &M, ArrayRef<LoopOp> Ops) {
  SmallVector<unsigned, 4> First, Second;
  if (!mutexSides(M, Ops, /*UseAgents=*/true, First, Second) ||
      Ops[First.front()].Agent == Ops[Second.front()].Agent)
    return false;
  // A side ends where its last op (in issue order) ends.
  return Ops[First.back()].Async || Ops[Second.back()].Async;
}

Expected<SolveResult> solvePipes(const SolveInput &In) {
  return Solver(In).run();
}

bool exceedsBarriers(const SolveInput &In, const SolveResult &R) {
  return R.Exceeded &&
         (R.Exceeded->Budget < 0 || R.Exceeded->Budget == In.BarrierBudget);
}

std::string describeOverrun(const SolveInput &In, const SolveResult &R) {
  if (!R.Exceeded)
    return "";
  const Overrun &O = *R.Exceeded;
  if (exceedsBarriers(In, R)) {
    // Ids below FirstBarrier are reserved (0 always: the CTA-wide one).
    std::string Left;
    if (In.BarrierLimit <= In.FirstBarrier)
      Left = formatv("none is available (ids 0..{0} are reserved)",
                     In.FirstBarrier - 1);
    else if (In.BarrierLimit == In.FirstBarrier + 1)
      Left = formatv("only id {0} is available", In.FirstBarrier);
    else
      Left = formatv("only ids {0}..{1} are available", In.FirstBarrier,
                     In.BarrierLimit - 1);
    unsigned Named =
        count_if(R.Mutexes, [](const Mutex &M) { return !M.Mbarrier; });
    return formatv("the loop needs {0} named barriers for {1} mutexes "
                   "between thread groups, but {2}",
                   O.Need, Named, Left);
  }
  std::string Mbarriers;
  if (O.Budget == In.Cost.MbarrierBudget && R.Barriers.Mbarriers)
    Mbarriers = formatv(" ({0} of them for {1} mbarriers)",
                        R.Barriers.MbarrierBytes, R.Barriers.Mbarriers);
  return formatv(
      "the loop's pipes need {0} of {1}{2} but {3} is available", O.Need,
      unsigned(O.Budget) < In.BudgetNames.size() ? In.BudgetNames[O.Budget]
                                                 : std::string("a budget"),
      Mbarriers, O.Capacity);
}

Error budgetError(const SolveInput &In, const SolveResult &R) {
  if (!R.Exceeded)
    return Error::success();
  return createStringError(inconvertibleErrorCode(),
                           "internal error: " + describeOverrun(In, R) +
                               "; the scheduler should have bounded this");
}

} // namespace pipes
} // namespace tileas
