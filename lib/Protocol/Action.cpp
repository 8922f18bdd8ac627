//===- Action.cpp - Actions, steps and programs of the protocol checker ---===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Protocol/ProtocolChecker.h"

#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace tileas {
namespace protocol {

StringRef toString(ActionKind K) {
  switch (K) {
  case ActionKind::ProducerAcquire:
    return "ProducerAcquire";
  case ActionKind::ProducerCommit:
    return "ProducerCommit";
  case ActionKind::ConsumerWait:
    return "ConsumerWait";
  case ActionKind::ConsumerRelease:
    return "ConsumerRelease";
  case ActionKind::Write:
    return "Write";
  case ActionKind::Read:
    return "Read";
  case ActionKind::MutexLock:
    return "MutexLock";
  case ActionKind::MutexUnlock:
    return "MutexUnlock";
  case ActionKind::MutexAccess:
    return "MutexAccess";
  case ActionKind::Compute:
    return "Compute";
  }
  return "<invalid action>";
}

bool isBarrierAction(ActionKind K) {
  return K == ActionKind::ProducerAcquire || K == ActionKind::ProducerCommit ||
         K == ActionKind::ConsumerWait || K == ActionKind::ConsumerRelease;
}

bool isPipeAction(ActionKind K) {
  return isBarrierAction(K) || K == ActionKind::Write || K == ActionKind::Read;
}

bool isMutexAction(ActionKind K) {
  return K == ActionKind::MutexLock || K == ActionKind::MutexUnlock ||
         K == ActionKind::MutexAccess;
}

static Action make(ActionKind K, unsigned Id, int64_t Iter) {
  Action A;
  A.Kind = K;
  A.Id = Id;
  A.Iter = Iter;
  return A;
}

Action Action::producerAcquire(unsigned Pipe, int64_t K) {
  return make(ActionKind::ProducerAcquire, Pipe, K);
}
Action Action::producerCommit(unsigned Pipe, int64_t K) {
  return make(ActionKind::ProducerCommit, Pipe, K);
}
Action Action::consumerWait(unsigned Pipe, int64_t K) {
  return make(ActionKind::ConsumerWait, Pipe, K);
}
Action Action::consumerRelease(unsigned Pipe, int64_t K) {
  return make(ActionKind::ConsumerRelease, Pipe, K);
}
Action Action::write(unsigned Pipe, int64_t K) {
  return make(ActionKind::Write, Pipe, K);
}
Action Action::read(unsigned Pipe, int64_t K) {
  return make(ActionKind::Read, Pipe, K);
}
Action Action::lock(unsigned Mutex) {
  return make(ActionKind::MutexLock, Mutex, 0);
}
Action Action::unlock(unsigned Mutex) {
  return make(ActionKind::MutexUnlock, Mutex, 0);
}
Action Action::access(unsigned Mutex) {
  return make(ActionKind::MutexAccess, Mutex, 0);
}
Action Action::compute() { return make(ActionKind::Compute, 0, 0); }

Action Action::withOverride(unsigned S, unsigned P) const {
  Action A = *this;
  A.HasOverride = true;
  A.Slot = S;
  A.Parity = P;
  return A;
}

std::string describe(const Action &A) {
  std::string Out;
  raw_string_ostream OS(Out);
  OS << toString(A.Kind);
  if (isPipeAction(A.Kind)) {
    OS << "(pipe " << A.Id << ", k=" << A.Iter;
    if (A.HasOverride)
      OS << ", slot " << A.Slot << ", parity " << A.Parity << " [override]";
    OS << ")";
  } else if (isMutexAction(A.Kind)) {
    OS << "(mutex " << A.Id << ")";
  }
  return Out;
}

void Program::issue(const Action &A, StringRef Where, unsigned I) {
  Trace.push_back(Step{0, A, Where.str(), I});
}

void Program::enqueue(unsigned U, const Action &A, StringRef Where,
                      unsigned I) {
  Trace.push_back(Step{U, A, Where.str(), I});
}

StringRef toString(CheckResult::Status S) {
  switch (S) {
  case CheckResult::OK:
    return "ok";
  case CheckResult::Deadlock:
    return "deadlock";
  case CheckResult::ReadUnfilled:
    return "read-unfilled";
  case CheckResult::OverwriteUnreleased:
    return "overwrite-unreleased";
  case CheckResult::UseAfterRelease:
    return "use-after-release";
  case CheckResult::MutexViolation:
    return "mutex-violation";
  case CheckResult::Inconclusive:
    return "inconclusive";
  case CheckResult::Malformed:
    return "malformed";
  }
  return "<invalid status>";
}

} // namespace protocol
} // namespace tileas
