//===- BarrierPlan.cpp - Barriers and budgets of a loop's pipes -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Every ring slot holds a full and an empty mbarrier, every consumer-only
// pipe and drain one; a mutex is one named barrier, or one mbarrier where an
// asynchronous unit releases it (BarrierCost.h prices them). Mbarriers cost
// shared memory, so they are shared or fused only when the pool that pays
// for them does not fit. Within a loop they are all live from its preheader
// to its exit, except two kinds: a consumer-only pipe is over before the loop
// starts and a drain begins after it ends, so under pressure a drain takes a
// consumer-only pipe's mbarrier (and is created at the exit). Beyond that,
// rings are fused where it saves bytes: one slot per iteration holds the
// buffers of both, filled by producers on one unit (acquired before the
// first, committed after the last) and released after the last consumer.
// Fusing is only done where every consumer of the pair issues after every
// producer's result is ready, so the single wait before the first consumer
// never waits longer than the schedule assumed, and never for a commit that
// comes later in the issue order. Named barriers only mutexes use: nothing
// here can make fewer of them.
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

#include "tileas/Pipes/BarrierCost.h"

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

  bool twoPerSlot() const { return In.Cost.MbarriersPerSlot > 1; }
  /// Named barrier ids left after the reserved ones.
  unsigned capacity() const {
    return In.BarrierLimit > In.FirstBarrier ? In.BarrierLimit - In.FirstBarrier
                                             : 0;
  }
  BarrierUse needed(bool ShareTransient) const {
    return barrierUse(R, In.Cost, ShareTransient);
  }
  /// The pool that pays for mbarriers has room for B's.
  bool mbarriersFit(const BarrierUse &B) const;
  uint64_t ringCost(const Pipe &P) const {
    return P.Budget >= 0 ? P.Bytes * P.Depth : 0;
  }
  /// Ring bytes per budget pool.
  std::vector<uint64_t> ringUsage() const;
  /// Ring bytes plus B's mbarrier bytes and named barriers, per pool.
  std::vector<uint64_t> usage(const BarrierUse &B) const;
  /// Rings A and B are of a kind that can be fused, with producers on one
  /// unit.
  bool compatible(const Pipe &A, const Pipe &B) const;
  /// Bytes by which fusing A and B would exceed their budget pool (the
  /// fused ring is as deep as the deeper one; mbarriers counted where that
  /// pool pays for them).
  uint64_t excess(const Pipe &A, const Pipe &B) const;
  /// Fusing A and B lowers what the mbarrier pool is charged and keeps their
  /// own pool within capacity, or lowers it.
  bool saves(const Pipe &A, const Pipe &B) const;
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

std::vector<uint64_t> Planner::ringUsage() const {
  std::vector<uint64_t> U(In.BudgetCapacity.size(), 0);
  for (const Pipe &P : R.Pipes)
    if (P.Kind == PipeKind::Ring && P.Budget >= 0)
      U[P.Budget] += ringCost(P);
  return U;
}

std::vector<uint64_t> Planner::usage(const BarrierUse &B) const {
  std::vector<uint64_t> U = ringUsage();
  if (In.Cost.MbarrierBudget >= 0 &&
      unsigned(In.Cost.MbarrierBudget) < U.size())
    U[In.Cost.MbarrierBudget] += B.MbarrierBytes;
  if (In.BarrierBudget >= 0)
    U[In.BarrierBudget] = B.NamedBarriers;
  return U;
}

bool Planner::mbarriersFit(const BarrierUse &B) const {
  int Pool = In.Cost.MbarrierBudget;
  if (Pool < 0 || unsigned(Pool) >= In.BudgetCapacity.size())
    return true;
  return ringUsage()[Pool] + B.MbarrierBytes <= In.BudgetCapacity[Pool];
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
  std::vector<uint64_t> U = usage(barrierUse(R, In.Cost));
  Pipe F = fused(A, B);
  uint64_t After = U[A.Budget] - ringCost(A) - ringCost(B) + ringCost(F);
  if (A.Budget == In.Cost.MbarrierBudget)
    After -= uint64_t(pipeMbarriers(A, In.Cost) + pipeMbarriers(B, In.Cost) -
                      pipeMbarriers(F, In.Cost)) *
             In.Cost.MbarrierBytes;
  uint64_t Capacity = In.BudgetCapacity[A.Budget];
  return After > Capacity ? After - Capacity : 0;
}

bool Planner::saves(const Pipe &A, const Pipe &B) const {
  Pipe F = fused(A, B);
  uint64_t Saved =
      uint64_t(pipeMbarriers(A, In.Cost) + pipeMbarriers(B, In.Cost) -
               pipeMbarriers(F, In.Cost)) *
      In.Cost.MbarrierBytes;
  if (!Saved)
    return false;
  if (A.Budget >= 0 && A.Budget == In.Cost.MbarrierBudget)
    return ringCost(F) < ringCost(A) + ringCost(B) + Saved;
  return !excess(A, B);
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
          saves(R.Pipes[I], R.Pipes[J]))
        return std::make_pair(I, J);
  return std::nullopt;
}

/// Warp-specialized and the mbarriers still over their pool after fusing:
/// each handoff, in pipe order, takes the full and then the empty barrier of
/// the first one-slot ring that can lend it (file comment), while the plan
/// needs more than there is. Lenders are never handoffs, which come after
/// every other pipe, so a lender's barriers are assigned first.
void shareHandoffBarriers(const SolveInput &In, const Planner &Plan,
                          SolveResult &R) {
  if (!In.WarpSpecialized || !Plan.twoPerSlot())
    return;
  auto OverBudget = [&] {
    return !Plan.mbarriersFit(Plan.needed(/*ShareTransient=*/true));
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
  // Mbarrier numbers name shared memory, not bar ids: they start at 1
  // whatever is reserved (0 is "no barrier" in PIPE_CREATE).
  unsigned Next = FirstMbarrier;
  auto Lender = [&](int Id) -> const Pipe & {
    return R.Pipes[unsigned(Id) - In.FirstPipeId];
  };
  auto Ring = [&](Pipe &P) {
    P.FullBarrier = P.FullFrom >= 0 ? Lender(P.FullFrom).FullBarrier : Next++;
    P.EmptyBarrier = P.EmptyFrom >= 0    ? Lender(P.EmptyFrom).EmptyBarrier
                     : Plan.twoPerSlot() ? Next++
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
  // Mutexes between thread groups take named barrier ids from the first
  // unreserved one; those an asynchronous unit releases are mbarriers,
  // numbered after the pipes' and after every named id, so that no two
  // mutexes share a number.
  unsigned Named = In.FirstBarrier;
  unsigned PerNamed = std::max(1u, In.Cost.BarriersPerMutex);
  for (const Mutex &M : R.Mutexes)
    if (!M.Mbarrier)
      Named += PerNamed;
  if (Named != In.FirstBarrier)
    Next = std::max(Next, Named);
  Named = In.FirstBarrier;
  for (unsigned I = 0; I < R.Mutexes.size(); ++I) {
    Mutex &M = R.Mutexes[I];
    M.Id = I;
    if (M.Mbarrier) {
      M.Barrier = Next;
      Next += std::max(1u, In.Cost.MbarriersPerMutex);
    } else {
      M.Barrier = Named;
      Named += PerNamed;
    }
  }
}

/// Charges the plan's barriers: mbarrier bytes to their pool, named
/// barriers to theirs.
void account(const SolveInput &In, const Planner &Plan, SolveResult &R) {
  R.Barriers = barrierUse(R, In.Cost);
  R.BarriersUsed = R.Barriers.NamedBarriers;
  R.BudgetUsage = Plan.usage(R.Barriers);
}

void findOverrun(const SolveInput &In, const Planner &Plan, SolveResult &R) {
  account(In, Plan, R);
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
/// left): the depth the schedule needs plus this slack. A slot more is its
/// bytes and its mbarriers (BarrierCost.h); named barriers do not change.
void addRingSlack(const SolveInput &In, const Planner &Plan, SolveResult &R) {
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
  int MPool = In.Cost.MbarrierBudget;
  for (unsigned Round = 0; Round < In.RingSlack; ++Round)
    for (Pipe &P : R.Pipes) {
      if (!Eligible(P))
        continue;
      uint64_t SlotMbarriers =
          uint64_t(ringSlotMbarriers(In.Cost)) * In.Cost.MbarrierBytes;
      std::vector<uint64_t> After = R.BudgetUsage;
      After[P.Budget] += P.Bytes;
      if (MPool >= 0 && unsigned(MPool) < After.size())
        After[MPool] += SlotMbarriers;
      bool Fits = true;
      for (unsigned B = 0; B < After.size(); ++B)
        Fits &= int(B) == In.BarrierBudget || After[B] <= In.BudgetCapacity[B];
      if (!Fits)
        continue;
      ++P.Depth;
      ++P.Slack;
      R.BudgetUsage = std::move(After);
    }
  account(In, Plan, R);
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
  R.Unshared = Plan.needed(/*ShareTransient=*/false);
  // Only the mbarriers' bytes can be made smaller: sharing and fusing
  // change nothing about named barriers.
  bool Share = !Plan.mbarriersFit(R.Unshared);
  while (Share && !Plan.mbarriersFit(Plan.needed(/*ShareTransient=*/true))) {
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
    addRingSlack(In, Plan, R);
}

std::vector<FusionProposal> proposeFusions(const SolveInput &In,
                                           const SolveResult &R) {
  return Planner(In, R).proposals();
}

} // namespace pipes
} // namespace tileas
