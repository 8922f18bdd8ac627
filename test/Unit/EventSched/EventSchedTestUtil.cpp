//===- EventSchedTestUtil.cpp - Helpers of the event scheduler tests ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "EventSchedTestUtil.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <functional>
#include <set>

using namespace llvm;

namespace tileas {
namespace evtest {

PipeTable machinePipes() {
  PipeTable Pipes;
  for (const char *Name : {"tma", "mma", "tmem", "smem", "alu", "xu", "lsu"})
    Pipes.add(Name);
  return Pipes;
}

static OpEffects effects(Pipe P, const std::string &Name,
                         std::initializer_list<unsigned> Reads,
                         std::initializer_list<unsigned> Writes) {
  OpEffects Op;
  Op.Pipe = P;
  Op.Name = Name;
  Op.Reads.assign(Reads.begin(), Reads.end());
  Op.Writes.assign(Writes.begin(), Writes.end());
  return Op;
}

unsigned Block::op(Pipe P, const std::string &Name,
                   std::initializer_list<unsigned> Reads,
                   std::initializer_list<unsigned> Writes) {
  return Builder.addOp(effects(P, Name, Reads, Writes));
}

unsigned Block::blackBox(Pipe P, const std::string &Name,
                         std::initializer_list<unsigned> Reads,
                         std::initializer_list<unsigned> Writes) {
  OpEffects Op = effects(P, Name, Reads, Writes);
  Op.BlackBox = true;
  return Builder.addOp(std::move(Op));
}

unsigned Block::unknownEffects(Pipe P, const std::string &Name) {
  OpEffects Op = effects(P, Name, {}, {});
  Op.UnknownSideEffects = true;
  return Builder.addOp(std::move(Op));
}

EventDAG Block::build() const {
  Expected<EventDAG> G = Builder.build();
  if (!G) {
    ADD_FAILURE() << toString(G.takeError());
    return EventDAG(NumPipes);
  }
  return std::move(*G);
}

std::vector<std::string> names(const EventDAG &G, ArrayRef<unsigned> Order) {
  std::vector<std::string> Result;
  for (unsigned V : Order)
    Result.push_back(G.name(V).str());
  return Result;
}

std::vector<unsigned> ids(const EventDAG &G,
                          std::initializer_list<const char *> Names) {
  std::vector<unsigned> Result;
  for (const char *Name : Names) {
    unsigned Found = ~0u;
    for (unsigned V = 0; V != G.size(); ++V)
      if (G.name(V) == Name)
        Found = V;
    EXPECT_NE(Found, ~0u) << "no node named " << Name;
    Result.push_back(Found);
  }
  return Result;
}

bool keepsDependences(const EventDAG &G, ArrayRef<unsigned> Order) {
  std::vector<bool> Done(G.size(), false);
  if (Order.size() != G.size())
    return false;
  for (unsigned V : Order) {
    if (V >= G.size() || Done[V])
      return false;
    // Every predecessor must already be done.
    for (const EventEdge &E : G.edges())
      if (E.To == V && !Done[E.From])
        return false;
    Done[V] = true;
  }
  return true;
}

std::map<std::pair<unsigned, unsigned>, unsigned>
simulatePeaks(const EventDAG &G, ArrayRef<unsigned> Order) {
  std::set<std::pair<unsigned, unsigned>> Live; // (producer, dst pipe)
  std::map<std::pair<unsigned, unsigned>, unsigned> Peaks;
  for (unsigned V : Order) {
    for (const EventEdge &E : G.edges()) {
      if (E.To != V || E.Kind == EventEdgeKind::Order ||
          G.pipe(E.From) == G.pipe(V))
        continue;
      Live.erase({E.From, G.pipe(V)});
    }
    for (const EventEdge &E : G.edges()) {
      if (E.From != V || E.Kind == EventEdgeKind::Order ||
          G.pipe(E.To) == G.pipe(V))
        continue;
      Live.insert({V, G.pipe(E.To)});
      Peaks.try_emplace({G.pipe(V), G.pipe(E.To)}, 0);
    }
    std::map<std::pair<unsigned, unsigned>, unsigned> Now;
    for (auto [Producer, Dst] : Live)
      ++Now[{G.pipe(Producer), Dst}];
    for (auto [Pair, Count] : Now)
      Peaks[Pair] = std::max(Peaks[Pair], Count);
  }
  return Peaks;
}

int simulatedWorstExcess(const EventDAG &G, const EventBudget &B,
                         ArrayRef<unsigned> Order) {
  int Worst = INT_MIN;
  for (auto [Pair, Peak] : simulatePeaks(G, Order))
    Worst = std::max(Worst, int(Peak) - int(B.get(Pair.first, Pair.second)));
  return Worst;
}

BruteForceResult bruteForce(const EventDAG &G, const EventBudget &B) {
  unsigned N = G.size();
  std::vector<std::vector<unsigned>> All;
  std::vector<unsigned> Prefix;
  std::vector<bool> Done(N, false);
  // Choosing the smallest index first enumerates orders lexicographically.
  std::function<void()> Recurse = [&] {
    if (Prefix.size() == N) {
      All.push_back(Prefix);
      return;
    }
    for (unsigned V = 0; V != N; ++V) {
      if (Done[V])
        continue;
      bool Ready = true;
      for (const EventEdge &E : G.edges())
        Ready &= E.To != V || Done[E.From];
      if (!Ready)
        continue;
      Done[V] = true;
      Prefix.push_back(V);
      Recurse();
      Prefix.pop_back();
      Done[V] = false;
    }
  };
  Recurse();

  BruteForceResult R;
  R.NumOrders = All.size();
  std::vector<int> Excess;
  for (const std::vector<unsigned> &Order : All) {
    Excess.push_back(simulatedWorstExcess(G, B, Order));
    R.MinExcess = Excess.size() == 1 ? Excess.back()
                                     : std::min(R.MinExcess, Excess.back());
  }
  int Target = std::max(0, R.MinExcess);
  for (unsigned I = 0; I != All.size(); ++I)
    if (Excess[I] <= Target) {
      R.LexSmallestBest = All[I];
      break;
    }
  return R;
}

int leastWorstExcessDP(const EventDAG &G, const EventBudget &B) {
  unsigned N = G.size();
  std::vector<uint32_t> PredMask(N, 0);
  for (const EventEdge &E : G.edges())
    PredMask[E.To] |= 1u << E.From;
  // Excess of the state "these nodes are scheduled": event (P, D) is live
  // when P is scheduled and none of its consumers on D is.
  auto StateExcess = [&](uint32_t S) {
    std::set<std::pair<unsigned, unsigned>> Live;
    for (unsigned P = 0; P != N; ++P) {
      if (!(S >> P & 1))
        continue;
      for (const EventEdge &E : G.edges())
        if (E.From == P && E.Kind != EventEdgeKind::Order &&
            G.pipe(E.To) != G.pipe(P))
          Live.insert({P, G.pipe(E.To)});
    }
    for (const EventEdge &E : G.edges())
      if ((S >> E.To & 1) && E.Kind != EventEdgeKind::Order &&
          G.pipe(E.To) != G.pipe(E.From))
        Live.erase({E.From, G.pipe(E.To)});
    std::map<std::pair<unsigned, unsigned>, int> Count;
    for (auto [P, D] : Live)
      ++Count[{G.pipe(P), D}];
    int Worst = INT_MIN;
    for (auto [Pair, C] : Count)
      Worst = std::max(Worst, C - int(B.get(Pair.first, Pair.second)));
    return Worst;
  };
  std::vector<int> Memo(size_t(1) << N, INT_MAX);
  uint32_t Full = (uint32_t(1) << N) - 1;
  std::function<int(uint32_t)> Best = [&](uint32_t S) -> int {
    if (Memo[S] != INT_MAX)
      return Memo[S];
    int Here = StateExcess(S);
    int Rest = INT_MAX;
    if (S == Full)
      Rest = INT_MIN;
    for (unsigned V = 0; V != N; ++V)
      if (!(S >> V & 1) && (PredMask[V] & S) == PredMask[V])
        Rest = std::min(Rest, Best(S | 1u << V));
    return Memo[S] = std::max(Here, Rest);
  };
  return Best(0);
}

std::vector<unsigned> lexSmallestBestDP(const EventDAG &G,
                                        const EventBudget &B) {
  unsigned N = G.size();
  if (N == 0)
    return {};
  // Events (producer, destination pipe) with the mask of their consumers.
  struct Event {
    unsigned Producer, Src, Dst;
    uint32_t Consumers = 0;
  };
  std::vector<Event> Events;
  std::vector<uint32_t> PredMask(N, 0);
  for (const EventEdge &E : G.edges()) {
    PredMask[E.To] |= 1u << E.From;
    if (E.Kind == EventEdgeKind::Order || G.pipe(E.From) == G.pipe(E.To))
      continue;
    auto It = std::find_if(Events.begin(), Events.end(), [&](const Event &X) {
      return X.Producer == E.From && X.Dst == G.pipe(E.To);
    });
    if (It == Events.end()) {
      Events.push_back({E.From, G.pipe(E.From), G.pipe(E.To), 0});
      It = Events.end() - 1;
    }
    It->Consumers |= 1u << E.To;
  }
  // Worst excess of the state "these nodes are scheduled".
  auto StateExcess = [&](uint32_t S) {
    std::map<std::pair<unsigned, unsigned>, int> Count;
    for (const Event &X : Events)
      if ((S >> X.Producer & 1) && !(S & X.Consumers))
        ++Count[{X.Src, X.Dst}];
    int Worst = INT_MIN;
    for (auto [Pair, C] : Count)
      Worst = std::max(Worst, C - int(B.get(Pair.first, Pair.second)));
    return Worst;
  };
  int Target = std::max(0, leastWorstExcessDP(G, B));
  uint32_t Full = N == 32 ? ~0u : (uint32_t(1) << N) - 1;
  // Ok[S]: S is within Target and has a completion that stays within it.
  std::vector<int8_t> Ok(size_t(1) << N, -1);
  std::function<bool(uint32_t)> Feasible = [&](uint32_t S) -> bool {
    if (Ok[S] >= 0)
      return Ok[S];
    bool Result = false;
    if (StateExcess(S) <= Target) {
      Result = S == Full;
      for (unsigned V = 0; V != N && !Result; ++V)
        if (!(S >> V & 1) && (PredMask[V] & S) == PredMask[V])
          Result = Feasible(S | 1u << V);
    }
    Ok[S] = Result;
    return Result;
  };
  std::vector<unsigned> Order;
  if (!Feasible(0))
    return Order;
  for (uint32_t S = 0; S != Full;) {
    for (unsigned V = 0; V != N; ++V)
      if (!(S >> V & 1) && (PredMask[V] & S) == PredMask[V] &&
          Feasible(S | 1u << V)) {
        Order.push_back(V);
        S |= 1u << V;
        break;
      }
  }
  return Order;
}

RandomDAG makeRandomDAG(uint64_t Seed, unsigned N, unsigned NumPipes) {
  Rng R(Seed);
  RandomDAG Result;
  Result.B = EventBudget(NumPipes, R.chance(70) ? 1 : 2);
  for (unsigned S = 0; S != NumPipes; ++S)
    for (unsigned D = 0; D != NumPipes; ++D)
      if (R.chance(25))
        Result.B.set(S, D, R.chance(20) ? 0 : 1 + R.below(3));

  if (R.chance(50)) {
    // Random read/write sets over a few locations.
    EventDAGBuilder Builder(NumPipes);
    unsigned NumLocs = 2 + R.below(N + 1);
    for (unsigned I = 0; I != N; ++I) {
      OpEffects Op;
      Op.Pipe = R.below(NumPipes);
      Op.Name = "n" + std::to_string(I);
      unsigned NumReads = R.below(3), NumWrites = R.below(2) + (I == 0);
      for (unsigned K = 0; K != NumReads; ++K)
        Op.Reads.push_back(R.below(NumLocs));
      for (unsigned K = 0; K != NumWrites; ++K)
        Op.Writes.push_back(R.below(NumLocs));
      Op.BlackBox = R.chance(5);
      Op.UnknownSideEffects = R.chance(3);
      Builder.addOp(std::move(Op));
    }
    Expected<EventDAG> G = Builder.build();
    EXPECT_TRUE(bool(G));
    if (G)
      Result.G = std::move(*G);
    else
      consumeError(G.takeError());
    return Result;
  }

  // Random forward edges. The first third or so of the ops are sources (like
  // loads issued up front), which is what makes original orders overflow.
  EventDAG G(NumPipes);
  for (unsigned I = 0; I != N; ++I)
    G.addNode(R.below(NumPipes), "n" + std::to_string(I));
  unsigned Sources = 1 + R.below(N / 2 + 1);
  unsigned Density = 5 + R.below(30);
  for (unsigned To = Sources; To < N; ++To) {
    unsigned Forced = R.below(To); // every non-source gets an in-edge
    for (unsigned From = 0; From != To; ++From)
      if (From == Forced || R.chance(Density)) {
        unsigned K = R.below(10);
        EventEdgeKind Kind = K < 6   ? EventEdgeKind::RAW
                             : K < 7 ? EventEdgeKind::WAR
                             : K < 8 ? EventEdgeKind::WAW
                                     : EventEdgeKind::Order;
        G.addEdge(From, To, Kind);
      }
  }
  if (Error E = G.finalize())
    ADD_FAILURE() << toString(std::move(E));
  Result.G = std::move(G);
  return Result;
}

} // namespace evtest
} // namespace tileas
