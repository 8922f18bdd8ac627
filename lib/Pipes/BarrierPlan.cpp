//===- BarrierPlan.cpp - Barriers and budgets of a loop's pipes -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every ring holds a full and an empty barrier, every consumer-only pipe,
// drain and mutex one. Within a loop they are all live from its preheader to
// its exit, except two kinds: a consumer-only pipe is over before the loop
// starts and a drain begins after it ends, so under pressure a drain takes a
// consumer-only pipe's barrier (and is created at the exit). Beyond that,
// rings are fused: one slot per iteration holds the buffers of both, filled
// by producers on one unit (acquired before the first, committed after the
// last) and released after the last consumer. Fusing is only done where every
// consumer of the pair issues after every producer's result is ready, so the
// single wait before the first consumer never waits longer than the schedule
// assumed, and never for a commit that comes later in the issue order.
//
// Warp-specialized, a handoff (a mutex between two agents, as a one-slot
// ring) may then share a barrier with a one-slot ring whose phase already
// says what the handoff's would (shareHandoffBarriers). Attention's O: the
// compute warps rescale O, then store P; the MMA warp waits for P before PV
// and PV accumulates into O; the tensor core releases P's slot after the
// last PV. So "P full" of iteration k implies "O rescaled" of k (one
// committer, later in its order), and "P empty" of k implies "O accumulated"
// of k (one releaser, at or after the same op). The handoff keeps its own
// acquire and wait, on the lender's barriers, and drops the commit or
// release the lender makes for it. One slot on both sides means iteration k
// is slot 0, phase k & 1 in both. No wait can mistake a phase:
//  * full: the handoff's wait for k wants the lender's commit of k; the
//    lender's commit of k + 1 needs its release of k, after its last reader,
//    which the waiting agent issues no earlier than the handoff's first
//    reader, so the barrier is never two phases ahead; and the wait for
//    k - 1, earlier in the same agent, saw the commit of k - 1;
//  * empty: the handoff's acquire for k wants the lender's release of k - 1;
//    the lender's release of k needs its commit of k, which the acquiring
//    agent makes only after the handoff's acquire of k, so the barrier is
//    never a phase ahead; and the acquire of k - 1 saw the release of k - 2.
//
//===----------------------------------------------------------------------===//

#include "BarrierPlan.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <optional>
#include <tuple>

using namespace llvm;

namespace tileas {
namespace pipes {

namespace {

/// Questions about a solve result's pipes; planBarriers changes the result
/// between them.
class Planner {
public:
  Planner(const SolveInput &In, const SolveResult &R) : In(In), R(R) {}

  std::vector<FusionProposal> proposals() const;
  /// The first pair of rings that can be fused as scheduled, if any.
  std::optional<std::pair<unsigned, unsigned>> fusablePair() const;

  unsigned ringBarriers() const { return In.BarriersPerPipe > 1 ? 2 : 1; }
  unsigned mutexBarriers() const { return std::max(1u, In.BarriersPerMutex); }
  unsigned capacity() const {
    return In.BarrierLimit > In.FirstBarrier ? In.BarrierLimit - In.FirstBarrier
                                             : 0;
  }
  unsigned needed(bool ShareTransient) const;
  uint64_t ringCost(const Pipe &P) const {
    return P.Budget >= 0 ? P.Bytes * P.Depth : 0;
  }
  std::vector<uint64_t> usage() const;
  /// Rings A and B are of a kind that can be fused, with producers on one
  /// unit.
  bool compatible(const Pipe &A, const Pipe &B) const;
  /// Bytes by which fusing A and B would exceed their budget pool (the
  /// fused ring is as deep as the deeper one).
  uint64_t excess(const Pipe &A, const Pipe &B) const;
  /// How many cycles the latest consumer of the pair issues before a
  /// producer's result of the other ring is ready (<= 0: fusable as is).
  int64_t lateness(const Pipe &A, const Pipe &B,
                   SmallVectorImpl<Ordering> *Orderings) const;
  Pipe fused(const Pipe &A, const Pipe &B) const;
  /// Ring L's full barrier can stand for handoff H's (file comment).
  bool lendsFull(const Pipe &H, const Pipe &L) const;
  /// Ring E's empty barrier can stand for handoff H's (file comment).
  bool lendsEmpty(const Pipe &H, const Pipe &E) const;

private:
  std::pair<unsigned, unsigned> key(unsigned Op) const {
    return {In.Ops[Op].Stage, In.Ops[Op].Order};
  }
  std::pair<unsigned, unsigned> readKey(const Read &Rd) const {
    return {In.Ops[Rd.Op].Stage + Rd.Distance, In.Ops[Rd.Op].Order};
  }
  /// Who arrives for an op's commit or release: its agent's issuing thread,
  /// or an asynchronous unit of that agent, which completes in order.
  std::tuple<unsigned, bool, unsigned> arriver(unsigned Op) const {
    const LoopOp &L = In.Ops[Op];
    return {L.Agent, L.Async, L.Async ? L.Unit : 0u};
  }
  /// A ring that can lend a barrier: one slot, its own barriers.
  bool canLend(const Pipe &L) const {
    return L.Kind == PipeKind::Ring && !L.Handoff && L.Depth == 1 &&
           L.FullFrom < 0 && L.EmptyFrom < 0 && L.Owner >= 0 &&
           !L.Consumers.empty();
  }

  const SolveInput &In;
  const SolveResult &R;
};

unsigned Planner::needed(bool ShareTransient) const {
  unsigned N = 0, ConsumerOnly = 0, Drains = 0;
  for (const Pipe &P : R.Pipes)
    switch (P.Kind) {
    case PipeKind::Ring:
      N += ringBarriers() - (P.FullFrom >= 0) - (P.EmptyFrom >= 0);
      break;
    case PipeKind::ConsumerOnly:
      ++ConsumerOnly;
      break;
    case PipeKind::Drain:
      ++Drains;
      break;
    }
  N += ShareTransient ? std::max(ConsumerOnly, Drains) : ConsumerOnly + Drains;
  return N + R.Mutexes.size() * mutexBarriers();
}

std::vector<uint64_t> Planner::usage() const {
  std::vector<uint64_t> U(In.BudgetCapacity.size(), 0);
  for (const Pipe &P : R.Pipes)
    if (P.Kind == PipeKind::Ring && P.Budget >= 0)
      U[P.Budget] += ringCost(P);
  return U;
}

bool Planner::compatible(const Pipe &A, const Pipe &B) const {
  if (A.Kind != PipeKind::Ring || B.Kind != PipeKind::Ring || A.Turns ||
      B.Turns || A.Budget != B.Budget || A.Owner < 0 || B.Owner < 0 ||
      A.Consumers.empty() || B.Consumers.empty() || !In.II)
    return false;
  // One unit fills the slot, so that the commit after the last producer
  // covers every producer (an asynchronous unit completes in order).
  const LoopOp &Owner = In.Ops[A.Owner];
  auto SameIssue = [&](unsigned Op) {
    const LoopOp &L = In.Ops[Op];
    return L.Unit == Owner.Unit && L.Async == Owner.Async;
  };
  return llvm::all_of(A.Producers, SameIssue) &&
         llvm::all_of(B.Producers, SameIssue);
}

uint64_t Planner::excess(const Pipe &A, const Pipe &B) const {
  if (A.Budget < 0)
    return 0;
  std::vector<uint64_t> U = usage();
  uint64_t After =
      U[A.Budget] - ringCost(A) - ringCost(B) + ringCost(fused(A, B));
  uint64_t Capacity = In.BudgetCapacity[A.Budget];
  return After > Capacity ? After - Capacity : 0;
}

int64_t Planner::lateness(const Pipe &A, const Pipe &B,
                          SmallVectorImpl<Ordering> *Orderings) const {
  int64_t Worst = INT64_MIN;
  auto Check = [&](const Pipe &Producing, const Pipe &Reading) {
    for (unsigned P : Producing.Producers) {
      const LoopOp &Prod = In.Ops[P];
      unsigned Ready = std::max(1u, Prod.Latency);
      for (const Read &Rd : Reading.Consumers) {
        if (Rd.Op == P)
          continue;
        int64_t Issue = In.Ops[Rd.Op].Start + int64_t(In.II) * Rd.Distance;
        int64_t Late = Prod.Start + Ready - Issue;
        Worst = std::max(Worst, Late);
        // Every cross pair, so that a new schedule keeps the pair fusable.
        if (Orderings)
          Orderings->push_back({P, Rd.Op, Ready, Rd.Distance});
      }
    }
  };
  Check(A, B);
  Check(B, A);
  return Worst;
}

Pipe Planner::fused(const Pipe &A, const Pipe &B) const {
  Pipe F = A;
  F.Producers.append(B.Producers.begin(), B.Producers.end());
  llvm::sort(F.Producers,
             [&](unsigned X, unsigned Y) { return key(X) < key(Y); });
  F.Producers.erase(std::unique(F.Producers.begin(), F.Producers.end()),
                    F.Producers.end());
  F.Consumers.append(B.Consumers.begin(), B.Consumers.end());
  llvm::stable_sort(F.Consumers, [&](const Read &X, const Read &Y) {
    return readKey(X) < readKey(Y);
  });
  F.Owner = F.Producers.front();
  unsigned OwnerStage = In.Ops[F.Owner].Stage;
  unsigned Distance = 0;
  for (const Read &Rd : F.Consumers)
    Distance = std::max(Distance, readKey(Rd).first > OwnerStage
                                      ? readKey(Rd).first - OwnerStage
                                      : 0u);
  // The stage distance from the fused owner, but never shallower than
  // either ring: a ring that an asynchronous reader releases late was made
  // deeper for it (PipeSolve.cpp, deepenForRelease), and its refill, at the
  // owner's place or later, needs those slots still.
  F.Depth = std::max({Distance + 1, A.Depth, B.Depth});
  F.Bytes = A.Bytes + B.Bytes;
  F.Members = A.Members + B.Members;
  return F;
}

bool Planner::lendsFull(const Pipe &H, const Pipe &L) const {
  if (!canLend(L) || &H == &L)
    return false;
  unsigned HLast = H.Producers.back(), LLast = L.Producers.back();
  if (arriver(HLast) != arriver(LLast) || !(key(HLast) < key(LLast)))
    return false;
  const Read &HFirst = H.Consumers.front(), &LLastRead = L.Consumers.back();
  return In.Ops[HFirst.Op].Agent == In.Ops[LLastRead.Op].Agent &&
         !(readKey(LLastRead) < readKey(HFirst));
}

bool Planner::lendsEmpty(const Pipe &H, const Pipe &E) const {
  if (!canLend(E) || &H == &E)
    return false;
  const Read &HLast = H.Consumers.back(), &ELast = E.Consumers.back();
  if (arriver(HLast.Op) != arriver(ELast.Op) || readKey(ELast) < readKey(HLast))
    return false;
  unsigned HOwner = unsigned(H.Owner), EFilled = E.Producers.back();
  return In.Ops[HOwner].Agent == In.Ops[EFilled].Agent &&
         key(HOwner) < key(EFilled);
}

std::optional<std::pair<unsigned, unsigned>> Planner::fusablePair() const {
  for (unsigned I = 0; I < R.Pipes.size(); ++I)
    for (unsigned J = I + 1; J < R.Pipes.size(); ++J)
      if (compatible(R.Pipes[I], R.Pipes[J]) &&
          lateness(R.Pipes[I], R.Pipes[J], nullptr) <= 0 &&
          !excess(R.Pipes[I], R.Pipes[J]))
        return std::make_pair(I, J);
  return std::nullopt;
}

/// Warp-specialized and still over the barrier budget after fusing: each
/// handoff, in pipe order, takes the full and then the empty barrier of the
/// first one-slot ring that can lend it (file comment), while the plan
/// needs more barriers than there are. Lenders are never handoffs, which
/// come after every other pipe, so a lender's barriers are assigned first.
void shareHandoffBarriers(const SolveInput &In, const Planner &Plan,
                          SolveResult &R) {
  if (!In.WarpSpecialized || In.BarriersPerPipe < 2)
    return;
  auto OverBudget = [&] {
    return Plan.needed(/*ShareTransient=*/true) > Plan.capacity();
  };
  for (Pipe &H : R.Pipes) {
    if (!H.Handoff || H.Depth != 1 || H.Owner < 0 || H.Consumers.empty())
      continue;
    for (unsigned Side = 0; Side < 2 && OverBudget(); ++Side) {
      int &From = Side == 0 ? H.FullFrom : H.EmptyFrom;
      for (unsigned I = 0; I < R.Pipes.size() && From < 0; ++I)
        if (Side == 0 ? Plan.lendsFull(H, R.Pipes[I])
                      : Plan.lendsEmpty(H, R.Pipes[I]))
          From = int(In.FirstPipeId + I);
    }
  }
}

void assignIds(const SolveInput &In, const Planner &Plan, bool ShareTransient,
               SolveResult &R) {
  unsigned Next = In.FirstBarrier;
  auto Lender = [&](int Id) -> const Pipe & {
    return R.Pipes[unsigned(Id) - In.FirstPipeId];
  };
  auto Ring = [&](Pipe &P) {
    P.FullBarrier = P.FullFrom >= 0 ? Lender(P.FullFrom).FullBarrier : Next++;
    P.EmptyBarrier = P.EmptyFrom >= 0         ? Lender(P.EmptyFrom).EmptyBarrier
                     : In.BarriersPerPipe > 1 ? Next++
                                              : P.FullBarrier;
  };
  for (unsigned I = 0; I < R.Pipes.size(); ++I)
    R.Pipes[I].Id = In.FirstPipeId + I;
  if (!ShareTransient) {
    // The plain plan: every pipe in order, then the mutexes.
    for (Pipe &P : R.Pipes) {
      if (P.Kind == PipeKind::Ring)
        Ring(P);
      else
        P.FullBarrier = Next++;
    }
  } else {
    for (Pipe &P : R.Pipes)
      if (P.Kind == PipeKind::Ring)
        Ring(P);
    unsigned Base = Next, ConsumerOnly = 0, Drains = 0;
    for (Pipe &P : R.Pipes) {
      if (P.Kind == PipeKind::ConsumerOnly)
        P.FullBarrier = Base + ConsumerOnly++;
      if (P.Kind == PipeKind::Drain) {
        P.FullBarrier = Base + Drains++;
        P.CreateAtExit = true;
      }
    }
    Next = Base + std::max(ConsumerOnly, Drains);
  }
  for (unsigned I = 0; I < R.Mutexes.size(); ++I) {
    R.Mutexes[I].Id = I;
    R.Mutexes[I].Barrier = Next;
    Next += Plan.mutexBarriers();
  }
  R.BarriersUsed = Next - In.FirstBarrier;
}

void findOverrun(const SolveInput &In, const Planner &Plan, SolveResult &R) {
  R.BudgetUsage = Plan.usage();
  if (In.BarrierBudget >= 0)
    R.BudgetUsage[In.BarrierBudget] = R.BarriersUsed;
  if (R.BarriersUsed > Plan.capacity()) {
    R.Exceeded = Overrun{In.BarrierBudget, R.BarriersUsed, Plan.capacity()};
    return;
  }
  for (unsigned B = 0; B < R.BudgetUsage.size(); ++B)
    if (int(B) != In.BarrierBudget && R.BudgetUsage[B] > In.BudgetCapacity[B]) {
      R.Exceeded = Overrun{int(B), R.BudgetUsage[B], In.BudgetCapacity[B]};
      return;
    }
}

/// Warp-specialized, a ring that an asynchronous unit fills for another
/// agent (a load warp's TMA tiles for the MMA warp) lets its producer run
/// ahead by its free slots. Give such rings up to In.RingSlack more slots,
/// one round at a time over the rings in pipe order, while their budget
/// pool has room (as CUTLASS sizes its stage count from the shared memory
/// left): the depth the schedule needs plus this slack. Barriers do not
/// change (a ring has a full and an empty barrier whatever its depth).
void addRingSlack(const SolveInput &In, SolveResult &R) {
  if (!In.WarpSpecialized || !In.RingSlack)
    return;
  // A ring that lends a barrier to a handoff keeps its one slot: the two
  // name an iteration by the same slot and phase.
  auto Lends = [&](const Pipe &P) {
    return llvm::any_of(R.Pipes, [&](const Pipe &H) {
      return H.FullFrom == int(P.Id) || H.EmptyFrom == int(P.Id);
    });
  };
  auto Eligible = [&](const Pipe &P) {
    if (P.Kind != PipeKind::Ring || P.Turns || P.Handoff || P.Budget < 0 ||
        P.Owner < 0 || !P.Bytes || Lends(P))
      return false;
    const LoopOp &Owner = In.Ops[P.Owner];
    return Owner.Async && llvm::all_of(P.Consumers, [&](const Read &Rd) {
             return In.Ops[Rd.Op].Agent != Owner.Agent;
           });
  };
  for (unsigned Round = 0; Round < In.RingSlack; ++Round)
    for (Pipe &P : R.Pipes) {
      if (!Eligible(P) ||
          R.BudgetUsage[P.Budget] + P.Bytes > In.BudgetCapacity[P.Budget])
        continue;
      ++P.Depth;
      ++P.Slack;
      R.BudgetUsage[P.Budget] += P.Bytes;
    }
}

std::vector<FusionProposal> Planner::proposals() const {
  std::vector<FusionProposal> Out;
  for (unsigned I = 0; I < R.Pipes.size(); ++I)
    for (unsigned J = I + 1; J < R.Pipes.size(); ++J) {
      const Pipe &A = R.Pipes[I], &B = R.Pipes[J];
      if (!compatible(A, B))
        continue;
      FusionProposal F;
      F.PipeA = I;
      F.PipeB = J;
      F.Lateness = std::max<int64_t>(0, lateness(A, B, &F.Orderings));
      F.Excess = excess(A, B);
      if (F.Lateness > 0 || F.Excess > 0)
        Out.push_back(std::move(F));
    }
  // Orderings alone first, least late first; then those that also need
  // shallower rings, least excess first.
  llvm::stable_sort(Out, [](const FusionProposal &X, const FusionProposal &Y) {
    return std::make_tuple(X.Excess > 0, X.Lateness, X.Excess) <
           std::make_tuple(Y.Excess > 0, Y.Lateness, Y.Excess);
  });
  return Out;
}

} // namespace

void planBarriers(const SolveInput &In, SolveResult &R) {
  Planner Plan(In, R);
  R.BarriersUnshared = Plan.needed(/*ShareTransient=*/false);
  bool Share = R.BarriersUnshared > Plan.capacity();
  while (Share && Plan.needed(/*ShareTransient=*/true) > Plan.capacity()) {
    std::optional<std::pair<unsigned, unsigned>> Pair = Plan.fusablePair();
    if (!Pair)
      break;
    R.Pipes[Pair->first] =
        Plan.fused(R.Pipes[Pair->first], R.Pipes[Pair->second]);
    R.Pipes.erase(R.Pipes.begin() + Pair->second);
  }
  if (Share)
    shareHandoffBarriers(In, Plan, R);
  assignIds(In, Plan, Share, R);
  findOverrun(In, Plan, R);
  if (!R.Exceeded)
    addRingSlack(In, R);
}

std::vector<FusionProposal> proposeFusions(const SolveInput &In,
                                           const SolveResult &R) {
  return Planner(In, R).proposals();
}

} // namespace pipes
} // namespace tileas
