//===- ProtocolTestUtil.cpp - Helpers of the protocol checker tests -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "ProtocolTestUtil.h"

#include <map>
#include <tuple>
#include <utility>

namespace tileas {
namespace protocol {
namespace test {

namespace {

/// The reference state: positions plus everything physical.
struct RefState {
  std::vector<size_t> Pos; // Pos[0] issuer trace index, Pos[u] queue index.
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
  explicit Reference(const Program &P) : P(P), Queues(P.NumUnits + 1) {
    for (size_t I = 0; I != P.Trace.size(); ++I)
      if (P.Trace[I].Agent != 0)
        Queues[P.Trace[I].Agent].push_back(I);
  }

  RefState initial() const {
    RefState S;
    S.Pos.assign(P.NumUnits + 1, 0);
    return S;
  }

  bool finished(const RefState &S) const {
    if (S.Pos[0] != P.Trace.size())
      return false;
    for (unsigned U = 1; U <= P.NumUnits; ++U)
      if (S.Pos[U] != Queues[U].size())
        return false;
    return true;
  }

  bool holdsAtEnd(const RefState &S) const { return !S.Holder.empty(); }

  /// Tries one step of agent A, mutating S when it is Done.
  StepResult step(RefState &S, unsigned A) const {
    StepResult R;
    size_t Index;
    if (A == 0) {
      if (S.Pos[0] == P.Trace.size())
        return R;
      Index = S.Pos[0];
      if (P.Trace[Index].Agent != 0) { // An enqueue.
        ++S.Pos[0];
        R.K = StepKind::Done;
        return R;
      }
    } else {
      if (S.Pos[A] == Queues[A].size() || Queues[A][S.Pos[A]] >= S.Pos[0])
        return R;
      Index = Queues[A][S.Pos[A]];
    }
    const Action &Act = P.Trace[Index].A;
    R = perform(S, A, Act);
    if (R.K == StepKind::Done)
      ++S.Pos[A];
    return R;
  }

private:
  const Program &P;
  std::vector<std::vector<size_t>> Queues;

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

void explore(const Reference &Ref, const RefState &S, unsigned NumAgents,
             uint64_t MaxPaths, ReferenceOutcomes &Out) {
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
      Out.Reached.insert(R.Err);
      ++Out.Paths;
      continue;
    }
    explore(Ref, Next, NumAgents, MaxPaths, Out);
  }
  if (Any)
    return;
  ++Out.Paths;
  if (!Ref.finished(S))
    Out.Reached.insert(Status::Deadlock);
  else
    Out.Reached.insert(Ref.holdsAtEnd(S) ? Status::MutexViolation : Status::OK);
}

} // namespace

ReferenceOutcomes enumerateReference(const Program &P, uint64_t MaxPaths) {
  Reference Ref(P);
  ReferenceOutcomes Out;
  explore(Ref, Ref.initial(), P.NumUnits + 1, MaxPaths, Out);
  return Out;
}

Status replayReference(const Program &P,
                       const std::vector<unsigned> &Schedule) {
  Reference Ref(P);
  RefState S = Ref.initial();
  for (size_t I = 0; I != Schedule.size(); ++I) {
    if (Schedule[I] > P.NumUnits)
      return Status::Inconclusive;
    StepResult R = Ref.step(S, Schedule[I]);
    if (R.K == StepKind::Error)
      return I + 1 == Schedule.size() ? R.Err : Status::Inconclusive;
    if (R.K != StepKind::Done)
      return Status::Inconclusive;
  }
  if (Ref.finished(S))
    return Ref.holdsAtEnd(S) ? Status::MutexViolation : Status::OK;
  for (unsigned A = 0; A <= P.NumUnits; ++A) {
    RefState Copy = S;
    StepKind K = Ref.step(Copy, A).K;
    if (K == StepKind::Done || K == StepKind::Error)
      return Status::Inconclusive;
  }
  return Status::Deadlock;
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
