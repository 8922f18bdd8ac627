//===- ProtocolTestUtil.cpp - Helpers of the protocol checker tests -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include <algorithm>
#include <map>
#include <tuple>
#include <utility>

namespace tileas {
namespace protocol {
namespace test {

namespace {

/// The reference state: positions plus everything physical.
struct RefState {
  // Per agent (issuers 0 .. I-1, then unit u as I + u - 1): the steps of
  // its own sequence it has run.
  std::vector<size_t> Pos;
  // (pipe id, slot, full?) -> completed phases.
  std::map<std::tuple<unsigned, unsigned, bool>, unsigned> Phases;
  // (pipe id, slot) -> iteration last written into it.
  std::map<std::pair<unsigned, unsigned>, int64_t> Content;
  std::set<std::pair<unsigned, int64_t>> Written, Released;
  std::map<unsigned, unsigned> Holder; // mutex id -> agent
};

enum class StepKind { Cannot, Blocked, Done, Error };

struct StepResult {
  StepKind K = StepKind::Cannot;
  Status Err = Status::OK;
};

class Reference {
public:
  explicit Reference(const Program &P)
      : P(P), NumIssuers(P.numIssuers()), Seqs(P.numIssuers() + P.NumUnits),
        Index(P.Trace.size()) {
    for (size_t I = 0; I != P.Trace.size(); ++I) {
      const Step &St = P.Trace[I];
      Index[I] = Seqs[St.Issuer].size();
      Seqs[St.Issuer].push_back(I);
      if (St.Agent != 0)
        Seqs[NumIssuers + St.Agent - 1].push_back(I);
    }
  }

  unsigned numAgents() const { return unsigned(Seqs.size()); }

  RefState initial() const {
    RefState S;
    S.Pos.assign(Seqs.size(), 0);
    return S;
  }

  bool finished(const RefState &S) const {
    for (size_t A = 0; A != Seqs.size(); ++A)
      if (S.Pos[A] != Seqs[A].size())
        return false;
    return true;
  }

  bool holdsAtEnd(const RefState &S) const { return !S.Holder.empty(); }

  /// Tries one step of agent A, mutating S when it is Done.
  StepResult step(RefState &S, unsigned A) const {
    StepResult R;
    if (S.Pos[A] == Seqs[A].size())
      return R;
    size_t I = Seqs[A][S.Pos[A]];
    if (A < NumIssuers) {
      if (S.Pos[A] == 0 && A < P.Issuers.size())
        for (auto [J, N] : P.Issuers[A].StartAfter)
          if (S.Pos[J] < N)
            return R;
      if (P.Trace[I].Agent != 0) { // An enqueue.
        ++S.Pos[A];
        R.K = StepKind::Done;
        return R;
      }
    } else if (Index[I] >= S.Pos[P.Trace[I].Issuer]) {
      return R; // Not enqueued yet.
    }
    const Action &Act = P.Trace[I].A;
    R = perform(S, A, Act);
    if (R.K == StepKind::Done)
      ++S.Pos[A];
    return R;
  }

private:
  const Program &P;
  unsigned NumIssuers;
  /// Per agent: the trace indices it runs.
  std::vector<std::vector<size_t>> Seqs;
  /// Per trace index: its position among its issuer's steps.
  std::vector<size_t> Index;

  unsigned depth(unsigned Pipe) const {
    for (const PipeConfig &C : P.Pipes)
      if (C.Id == Pipe)
        return C.Depth;
    return 1;
  }

  static StepResult done() { return StepResult{StepKind::Done, Status::OK}; }
  static StepResult blocked() {
    return StepResult{StepKind::Blocked, Status::OK};
  }
  static StepResult error(Status E) { return StepResult{StepKind::Error, E}; }

  StepResult perform(RefState &S, unsigned A, const Action &Act) const {
    unsigned D = depth(Act.Id);
    unsigned Slot = unsigned(Act.Iter % D);
    unsigned Phase = unsigned(Act.Iter / D) % 2;
    if (Act.HasOverride)
      Slot = Act.Slot;
    auto Item = std::make_pair(Act.Id, Act.Iter);
    unsigned DataSlot = unsigned(Act.Iter % D);
    switch (Act.Kind) {
    case ActionKind::ProducerAcquire:
    case ActionKind::ConsumerWait: {
      bool Full = Act.Kind == ActionKind::ConsumerWait;
      unsigned Parity = Full ? Phase : 1 - Phase;
      if (Act.HasOverride)
        Parity = Act.Parity;
      unsigned C = S.Phases[{Act.Id, Slot, Full}];
      return C % 2 != Parity ? done() : blocked();
    }
    case ActionKind::ProducerCommit:
      ++S.Phases[{Act.Id, Slot, true}];
      return done();
    case ActionKind::ConsumerRelease:
      ++S.Phases[{Act.Id, Slot, false}];
      S.Released.insert(Item);
      return done();
    case ActionKind::Write: {
      auto It = S.Content.find({Act.Id, DataSlot});
      if (It != S.Content.end() && It->second != Act.Iter &&
          !S.Released.count({Act.Id, It->second}))
        return error(Status::OverwriteUnreleased);
      if (S.Released.count(Item))
        return error(Status::UseAfterRelease);
      S.Content[{Act.Id, DataSlot}] = Act.Iter;
      S.Written.insert(Item);
      return done();
    }
    case ActionKind::Read: {
      auto It = S.Content.find({Act.Id, DataSlot});
      bool Holds = It != S.Content.end() && It->second == Act.Iter;
      if (S.Released.count(Item) && (Holds || S.Written.count(Item)))
        return error(Status::UseAfterRelease);
      return Holds ? done() : error(Status::ReadUnfilled);
    }
    case ActionKind::MutexLock: {
      auto It = S.Holder.find(Act.Id);
      if (It == S.Holder.end()) {
        S.Holder[Act.Id] = A;
        return done();
      }
      return It->second == A ? error(Status::MutexViolation) : blocked();
    }
    case ActionKind::MutexUnlock: {
      auto It = S.Holder.find(Act.Id);
      if (It == S.Holder.end() || It->second != A)
        return error(Status::MutexViolation);
      S.Holder.erase(It);
      return done();
    }
    case ActionKind::MutexAccess: {
      auto It = S.Holder.find(Act.Id);
      return It != S.Holder.end() && It->second == A
                 ? done()
                 : error(Status::MutexViolation);
    }
    case ActionKind::Compute:
      return done();
    }
    return done();
  }
};

void reach(ReferenceOutcomes &Out, Status S, size_t Steps) {
  Out.Reached.insert(S);
  auto [It, New] = Out.Shortest.try_emplace(S, Steps);
  if (!New)
    It->second = std::min(It->second, Steps);
}

void explore(const Reference &Ref, const RefState &S, unsigned NumAgents,
             uint64_t MaxPaths, ReferenceOutcomes &Out, size_t Depth) {
  if (Out.Paths >= MaxPaths) {
    Out.Truncated = true;
    return;
  }
  bool Any = false;
  for (unsigned A = 0; A != NumAgents; ++A) {
    RefState Next = S;
    StepResult R = Ref.step(Next, A);
    if (R.K == StepKind::Cannot || R.K == StepKind::Blocked)
      continue;
    Any = true;
    if (R.K == StepKind::Error) {
      reach(Out, R.Err, Depth + 1);
      ++Out.Paths;
      continue;
    }
    explore(Ref, Next, NumAgents, MaxPaths, Out, Depth + 1);
  }
  if (Any)
    return;
  ++Out.Paths;
  if (!Ref.finished(S))
    reach(Out, Status::Deadlock, Depth);
  else
    reach(Out, Ref.holdsAtEnd(S) ? Status::MutexViolation : Status::OK, Depth);
}

} // namespace

ReferenceOutcomes enumerateReference(const Program &P, uint64_t MaxPaths) {
  Reference Ref(P);
  ReferenceOutcomes Out;
  explore(Ref, Ref.initial(), Ref.numAgents(), MaxPaths, Out, 0);
  return Out;
}

Status replayReference(const Program &P,
                       const std::vector<unsigned> &Schedule) {
  Reference Ref(P);
  RefState S = Ref.initial();
  for (size_t I = 0; I != Schedule.size(); ++I) {
    if (Schedule[I] >= Ref.numAgents())
      return Status::Inconclusive;
    StepResult R = Ref.step(S, Schedule[I]);
    if (R.K == StepKind::Error)
      return I + 1 == Schedule.size() ? R.Err : Status::Inconclusive;
    if (R.K != StepKind::Done)
      return Status::Inconclusive;
  }
  if (Ref.finished(S))
    return Ref.holdsAtEnd(S) ? Status::MutexViolation : Status::OK;
  for (unsigned A = 0; A != Ref.numAgents(); ++A) {
    RefState Copy = S;
    StepKind K = Ref.step(Copy, A).K;
    if (K == StepKind::Done || K == StepKind::Error)
      return Status::Inconclusive;
  }
  return Status::Deadlock;
}

Action randomAction(std::mt19937 &Rng, const Program &P) {
  auto Pick = [&](unsigned N) { return unsigned(Rng() % N); };
  unsigned Pipe = Pick(4) == 0 ? 1 : 0;
  int64_t K = Pick(3);
  Action A;
  switch (Pick(13)) {
  case 0:
  case 1:
    A = Action::producerAcquire(Pipe, K);
    break;
  case 2:
  case 3:
    A = Action::producerCommit(Pipe, K);
    break;
  case 4:
  case 5:
    A = Action::consumerWait(Pipe, K);
    break;
  case 6:
    A = Action::consumerRelease(Pipe, K);
    break;
  case 7:
  case 8:
    A = Action::write(Pipe, K);
    break;
  case 9:
    A = Action::read(Pipe, K);
    break;
  case 10:
    A = Action::lock(0);
    break;
  case 11:
    A = Pick(2) ? Action::unlock(0) : Action::access(0);
    break;
  default:
    A = Action::compute();
    break;
  }
  if (isBarrierAction(A.Kind) && Pick(8) == 0)
    A = A.withOverride(Pick(P.Pipes[Pipe].Depth), Pick(2));
  return A;
}

LoopSpec gemmSpec(unsigned TripCount, unsigned Depth, unsigned ConsumerStage,
                  unsigned ComputePerStage) {
  LoopSpec L;
  L.NumStages = ConsumerStage + 1;
  L.TripCount = TripCount;
  L.NumUnits = 2;
  L.UnitNames = {"tma", "tc"};
  L.ComputePerStage = ComputePerStage;
  for (unsigned I = 0; I != 2; ++I) {
    PipeSpec S;
    S.Id = I;
    S.Name = I == 0 ? "A" : "B";
    S.Depth = Depth;
    S.ProducerUnit = 1;
    S.ConsumerUnit = 2;
    S.ProducerStage = 0;
    S.ConsumerStage = ConsumerStage;
    L.Pipes.push_back(S);
  }
  return L;
}

uint64_t totalActions(const Program &P) {
  uint64_t N = P.Trace.size();
  for (const Step &S : P.Trace)
    N += S.Agent != 0;
  return N;
}

} // namespace test
} // namespace protocol
} // namespace tileas
