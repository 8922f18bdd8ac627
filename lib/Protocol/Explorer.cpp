//===- Explorer.cpp - Depth-first search over interleavings ---------------===//
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

uint32_t Explorer::nextStep(unsigned A) const {
  if (A == 0)
    return Pos[0] < CP.length(0) ? Pos[0] : None;
  const std::vector<uint32_t> &Q = CP.Queues[A];
  // The unit's next action exists once the issuer has passed its enqueue.
  return Pos[A] < Q.size() && Q[Pos[A]] < Pos[0] ? Q[Pos[A]] : None;
}

const CompiledAction *Explorer::actionFor(unsigned A, uint32_t St) const {
  if (A == 0 && CP.agentOf(St) != 0)
    return nullptr;
  return &CP.Actions[St];
}

bool Explorer::canStep(unsigned A) const {
  uint32_t St = nextStep(A);
  if (St == None)
    return false;
  const CompiledAction *Act = actionFor(A, St);
  return !Act || W.probe(*Act, A).Kind != Outcome::Blocked;
}

namespace {
struct Frame {
  uint32_t Next;  ///< The next agent to try.
  uint32_t Agent; ///< The agent whose step led here (None at the root).
  uint32_t Step;  ///< That step's trace index.
  bool Visited;   ///< The state-level checks are done.
};
} // namespace

CheckResult::Status Explorer::run() {
  const unsigned NumAgents = CP.NumAgents;
  std::vector<uint32_t> Lengths;
  for (unsigned A = 0; A != NumAgents; ++A)
    Lengths.push_back(CP.length(A));
  StatePacker Packer(Lengths);
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
  Stack.push_back(Frame{0, None, None, false});

  while (!Stack.empty()) {
    Frame &Top = Stack.back();
    if (!Top.Visited) {
      Top.Visited = true;
      bool AllDone = true, AnyStep = false;
      for (unsigned A = 0; A != NumAgents; ++A) {
        AllDone &= finished(A);
        AnyStep = AnyStep || canStep(A);
      }
      if (AllDone) {
        // The unique final state: nobody may still hold a mutex.
        for (unsigned A = 0; A != NumAgents; ++A) {
          uint32_t M = W.mutexHeldBy(A);
          if (M == None)
            continue;
          NumStates = Seen.size();
          TakePath();
          F = Fault::HeldAtEnd;
          FaultOther = M;
          FaultAt = PathStep{A, None};
          return statusOf(F);
        }
      } else if (!AnyStep) {
        NumStates = Seen.size();
        TakePath();
        return CheckResult::Deadlock;
      }
    }

    bool Descended = false;
    while (Top.Next < NumAgents) {
      unsigned A = Top.Next++;
      uint32_t St = nextStep(A);
      if (St == None)
        continue;
      const CompiledAction *Act = actionFor(A, St);
      Outcome O = Act ? W.probe(*Act, A) : Outcome();
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
      if (Act)
        W.apply(*Act, A);
      ++Pos[A];
      Packer.pack(Pos, Key.data());
      StateSet::Insert R = Seen.insert(Key.data(), MaxStates);
      if (R == StateSet::Insert::Inserted) {
        Stack.push_back(Frame{0, A, St, false});
        MaxDepth = std::max<uint64_t>(MaxDepth, Stack.size() - 1);
        Descended = true;
        break;
      }
      --Pos[A];
      if (Act)
        W.undo(*Act, A);
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
    if (Done.Agent == None)
      continue;
    --Pos[Done.Agent];
    if (const CompiledAction *Act = actionFor(Done.Agent, Done.Step))
      W.undo(*Act, Done.Agent);
  }
  NumStates = Seen.size();
  return CheckResult::OK;
}

} // namespace detail
} // namespace protocol
} // namespace tileas
