//===- Explorer.cpp - Searches over interleavings -------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Explorer.h"
#include "StateSet.h"

#include <algorithm>

namespace tileas {
namespace protocol {
namespace detail {

Explorer::Explorer(const CompiledProgram &CP, uint64_t MaxStates)
    : CP(CP), MaxStates(MaxStates), W(CP), Pos(CP.NumAgents, 0) {}

bool Explorer::started(unsigned A) const {
  for (auto [J, N] : CP.StartAfter[A])
    if (Pos[J] < N)
      return false;
  return true;
}

uint32_t Explorer::nextStep(unsigned A) const {
  const std::vector<uint32_t> &Seq = CP.Seqs[A];
  if (Pos[A] == Seq.size())
    return None;
  uint32_t St = Seq[Pos[A]];
  if (CP.isIssuer(A))
    return Pos[A] || started(A) ? St : None;
  // The unit's next action exists once its issuer has passed the enqueue.
  return CP.IssuerPos[St] < Pos[CP.Feeder[A]] ? St : None;
}

const CompiledAction *Explorer::actionFor(unsigned A, uint32_t St) const {
  if (CP.isEnqueue(A, St))
    return nullptr;
  return &CP.Actions[St];
}

Outcome Explorer::probeNext(unsigned A, uint32_t &St,
                            const CompiledAction *&Act) const {
  St = nextStep(A);
  Act = nullptr;
  if (St == None) {
    Outcome O;
    O.Kind = Outcome::Blocked;
    return O;
  }
  Act = actionFor(A, St);
  return Act ? W.probe(*Act, A) : Outcome();
}

bool Explorer::canStep(unsigned A) const {
  uint32_t St;
  const CompiledAction *Act;
  return probeNext(A, St, Act).Kind != Outcome::Blocked;
}

uint32_t Explorer::invisibleAgent() const {
  for (unsigned A = 0; A != CP.NumAgents; ++A) {
    uint32_t St = nextStep(A);
    if (St == None)
      continue;
    const CompiledAction *Act = actionFor(A, St);
    if (!Act || Act->Kind == ActionKind::Compute)
      return A;
  }
  return None;
}

CheckResult::Status Explorer::checkState() {
  bool AllDone = true, AnyStep = false;
  for (unsigned A = 0; A != CP.NumAgents; ++A) {
    AllDone &= finished(A);
    AnyStep = AnyStep || canStep(A);
  }
  if (!AllDone)
    return AnyStep ? CheckResult::OK : CheckResult::Deadlock;
  // The unique final state: nobody may still hold a mutex.
  for (unsigned A = 0; A != CP.NumAgents; ++A) {
    uint32_t M = W.mutexHeldBy(A);
    if (M == None)
      continue;
    F = Fault::HeldAtEnd;
    FaultOther = M;
    FaultAt = PathStep{A, None};
    return statusOf(F);
  }
  return CheckResult::OK;
}

std::vector<uint32_t> Explorer::lengths() const {
  std::vector<uint32_t> Lengths;
  for (unsigned A = 0; A != CP.NumAgents; ++A)
    Lengths.push_back(CP.length(A));
  return Lengths;
}

StateSet::Insert Explorer::enter(unsigned A, const CompiledAction *Act,
                                 const StatePacker &Packer, StateSet &Seen,
                                 uint64_t *Key) {
  if (Act)
    W.apply(*Act, A);
  ++Pos[A];
  Packer.pack(Pos, Key);
  StateSet::Insert R = Seen.insert(Key, MaxStates);
  if (R != StateSet::Insert::Inserted)
    leave(A, Act);
  return R;
}

void Explorer::leave(unsigned A, const CompiledAction *Act) {
  --Pos[A];
  if (Act)
    W.undo(*Act, A);
}

namespace {
struct Frame {
  uint32_t Next;  ///< The next agent to try.
  uint32_t End;   ///< One past the last agent to try.
  uint32_t Agent; ///< The agent whose step led here (None at the root).
  uint32_t Step;  ///< That step's trace index.
  bool Visited;   ///< The state-level checks are done.
};
} // namespace

CheckResult::Status Explorer::run(bool PartialOrder) {
  const unsigned NumAgents = CP.NumAgents;
  StatePacker Packer(lengths());
  StateSet Seen(Packer.words());
  std::vector<uint64_t> Key(Packer.words());

  std::vector<Frame> Stack;
  auto TakePath = [&]() {
    Path.clear();
    for (size_t I = 1, E = Stack.size(); I < E; ++I)
      Path.push_back(PathStep{Stack[I].Agent, Stack[I].Step});
  };

  Packer.pack(Pos, Key.data());
  if (Seen.insert(Key.data(), MaxStates) == StateSet::Insert::Full) {
    NumStates = 0;
    return CheckResult::Inconclusive;
  }
  Stack.push_back(Frame{0, NumAgents, None, None, false});

  while (!Stack.empty()) {
    Frame &Top = Stack.back();
    if (!Top.Visited) {
      Top.Visited = true;
      CheckResult::Status S = checkState();
      if (S != CheckResult::OK) {
        NumStates = Seen.size();
        TakePath();
        return S;
      }
      if (PartialOrder) {
        uint32_t A = invisibleAgent();
        if (A != None) {
          Top.Next = A;
          Top.End = A + 1;
        }
      }
    }

    bool Descended = false;
    while (Top.Next < Top.End) {
      unsigned A = Top.Next++;
      uint32_t St;
      const CompiledAction *Act;
      Outcome O = probeNext(A, St, Act);
      if (O.Kind == Outcome::Blocked)
        continue;
      ++NumTransitions;
      if (O.Kind == Outcome::Error) {
        NumStates = Seen.size();
        TakePath();
        Path.push_back(PathStep{A, St});
        F = O.F;
        FaultOther = O.Other;
        FaultAt = PathStep{A, St};
        return statusOf(F);
      }
      StateSet::Insert R = enter(A, Act, Packer, Seen, Key.data());
      if (R == StateSet::Insert::Inserted) {
        Stack.push_back(Frame{0, NumAgents, A, St, false});
        MaxDepth = std::max<uint64_t>(MaxDepth, Stack.size() - 1);
        Descended = true;
        break;
      }
      if (R == StateSet::Insert::Full) {
        NumStates = Seen.size();
        TakePath();
        return CheckResult::Inconclusive;
      }
    }
    if (Descended)
      continue;

    Frame Done = Stack.back();
    Stack.pop_back();
    if (Done.Agent != None)
      leave(Done.Agent, actionFor(Done.Agent, Done.Step));
  }
  NumStates = Seen.size();
  return CheckResult::OK;
}

void Explorer::jumpTo(llvm::ArrayRef<uint32_t> To) {
  for (unsigned A = 0; A != CP.NumAgents; ++A)
    while (Pos[A] > To[A]) {
      uint32_t St = CP.Seqs[A][--Pos[A]];
      if (const CompiledAction *Act = actionFor(A, St))
        W.undo(*Act, A);
    }
  for (unsigned A = 0; A != CP.NumAgents; ++A)
    while (Pos[A] < To[A]) {
      uint32_t St = CP.Seqs[A][Pos[A]++];
      if (const CompiledAction *Act = actionFor(A, St))
        W.apply(*Act, A);
    }
}

bool Explorer::shortest(CheckResult::Status Target) {
  const unsigned NumAgents = CP.NumAgents;
  StatePacker Packer(lengths());
  StateSet Seen(Packer.words());
  std::vector<uint64_t> Key(Packer.words());
  // Per state (by insertion index): the state and step that reached it.
  std::vector<uint32_t> Parent;
  std::vector<PathStep> Via;
  std::vector<uint32_t> At(NumAgents, 0);

  // Where run() stopped, to come back to if this search gives up.
  std::vector<uint32_t> RunPos = Pos;
  Fault RunF = F;
  uint32_t RunOther = FaultOther;
  PathStep RunAt = FaultAt;

  auto Finish = [&](uint32_t Index, const PathStep *Last) {
    Path.clear();
    for (uint32_t I = Index; Parent[I] != None; I = Parent[I])
      Path.push_back(Via[I]);
    std::reverse(Path.begin(), Path.end());
    if (Last)
      Path.push_back(*Last);
    NumShortestStates = Seen.size();
    return true;
  };

  jumpTo(At);
  Packer.pack(Pos, Key.data());
  if (Seen.insert(Key.data(), MaxStates) == StateSet::Insert::Inserted) {
    Parent.push_back(None);
    Via.push_back(PathStep{None, None});
  }
  bool Full = false;
  for (uint64_t Index = 0; Index < Seen.size() && !Full; ++Index) {
    Packer.unpack(Seen.key(Index), At);
    jumpTo(At);
    F = Fault::None;
    CheckResult::Status S = checkState();
    if (S != CheckResult::OK) {
      if (S == Target)
        return Finish(uint32_t(Index), nullptr);
      continue;
    }
    for (unsigned A = 0; A != NumAgents; ++A) {
      uint32_t St;
      const CompiledAction *Act;
      Outcome O = probeNext(A, St, Act);
      if (O.Kind == Outcome::Blocked)
        continue;
      if (O.Kind == Outcome::Error) {
        if (statusOf(O.F) != Target)
          continue;
        F = O.F;
        FaultOther = O.Other;
        FaultAt = PathStep{A, St};
        return Finish(uint32_t(Index), &FaultAt);
      }
      StateSet::Insert R = enter(A, Act, Packer, Seen, Key.data());
      if (R == StateSet::Insert::Inserted)
        leave(A, Act);
      if (R == StateSet::Insert::Full) {
        Full = true;
        break;
      }
      if (R == StateSet::Insert::Inserted) {
        Parent.push_back(uint32_t(Index));
        Via.push_back(PathStep{A, St});
      }
    }
  }
  // The budget ran out (or, impossibly, no such error): keep run()'s result.
  NumShortestStates = Seen.size();
  jumpTo(RunPos);
  F = RunF;
  FaultOther = RunOther;
  FaultAt = RunAt;
  return false;
}

} // namespace detail
} // namespace protocol
} // namespace tileas
