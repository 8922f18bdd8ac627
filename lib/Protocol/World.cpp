//===- World.cpp - The semantic state of a protocol execution -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "World.h"

#include <algorithm>

namespace tileas {
namespace protocol {
namespace detail {

CheckResult::Status statusOf(Fault F) {
  switch (F) {
  case Fault::None:
    return CheckResult::OK;
  case Fault::ReadUnfilled:
    return CheckResult::ReadUnfilled;
  case Fault::ReadReleased:
  case Fault::WriteReleased:
    return CheckResult::UseAfterRelease;
  case Fault::Overwrite:
    return CheckResult::OverwriteUnreleased;
  case Fault::UnlockNotHeld:
  case Fault::Relock:
  case Fault::AccessOutside:
  case Fault::HeldAtEnd:
    return CheckResult::MutexViolation;
  }
  return CheckResult::Malformed;
}

World::World(const CompiledProgram &CP)
    : CP(CP), Count(CP.Barriers.size(), 0), Writes(CP.Items.size(), 0),
      Releases(CP.Items.size(), 0), LiveCount(CP.NumSlots, 0),
      LiveSum(CP.NumSlots, 0),
      Held(CP.Source->Mutexes.size() * CP.NumAgents, 0),
      NumAgents(CP.NumAgents) {}

int World::holder(uint32_t M) const {
  for (unsigned A = 0; A != NumAgents; ++A)
    if (held(M, A))
      return int(A);
  return -1;
}

static Outcome ready() { return Outcome(); }
static Outcome blocked() {
  Outcome O;
  O.Kind = Outcome::Blocked;
  return O;
}
static Outcome error(Fault F, uint32_t Other = None) {
  Outcome O;
  O.Kind = Outcome::Error;
  O.F = F;
  O.Other = Other;
  return O;
}

Outcome World::probe(const CompiledAction &A, unsigned Agent) const {
  switch (A.Kind) {
  case ActionKind::ProducerAcquire:
  case ActionKind::ConsumerWait:
    return (Count[A.Barrier] & 1) != A.Parity ? ready() : blocked();
  case ActionKind::ProducerCommit:
  case ActionKind::ConsumerRelease:
  case ActionKind::Compute:
    return ready();
  case ActionKind::Write: {
    uint32_t L = liveItem(CP.Items[A.Item].Slot);
    if (L != None && L != A.Item)
      return error(Fault::Overwrite, L);
    if (Releases[A.Item])
      return error(Fault::WriteReleased);
    return ready();
  }
  case ActionKind::Read:
    if (!Writes[A.Item])
      return error(Fault::ReadUnfilled);
    if (Releases[A.Item])
      return error(Fault::ReadReleased);
    return ready();
  case ActionKind::MutexLock:
    if (held(A.Mutex, Agent))
      return error(Fault::Relock);
    return holder(A.Mutex) < 0 ? ready() : blocked();
  case ActionKind::MutexUnlock:
    return held(A.Mutex, Agent) ? ready() : error(Fault::UnlockNotHeld);
  case ActionKind::MutexAccess:
    return held(A.Mutex, Agent) ? ready() : error(Fault::AccessOutside);
  }
  return ready();
}

void World::setLive(uint32_t I, bool L) {
  uint32_t S = CP.Items[I].Slot;
  if (L) {
    ++LiveCount[S];
    LiveSum[S] += I;
  } else {
    --LiveCount[S];
    LiveSum[S] -= I;
  }
}

void World::apply(const CompiledAction &A, unsigned Agent) {
  switch (A.Kind) {
  case ActionKind::ProducerCommit:
    ++Count[A.Barrier];
    break;
  case ActionKind::ConsumerRelease: {
    ++Count[A.Barrier];
    bool Was = live(A.Item);
    ++Releases[A.Item];
    if (Was)
      setLive(A.Item, false);
    break;
  }
  case ActionKind::Write: {
    bool Was = live(A.Item);
    ++Writes[A.Item];
    if (!Was && live(A.Item))
      setLive(A.Item, true);
    break;
  }
  case ActionKind::MutexLock:
    ++held(A.Mutex, Agent);
    break;
  case ActionKind::MutexUnlock:
    --held(A.Mutex, Agent);
    break;
  default:
    break;
  }
}

void World::undo(const CompiledAction &A, unsigned Agent) {
  switch (A.Kind) {
  case ActionKind::ProducerCommit:
    --Count[A.Barrier];
    break;
  case ActionKind::ConsumerRelease: {
    --Count[A.Barrier];
    --Releases[A.Item];
    if (live(A.Item))
      setLive(A.Item, true);
    break;
  }
  case ActionKind::Write: {
    bool Was = live(A.Item);
    --Writes[A.Item];
    if (Was && !live(A.Item))
      setLive(A.Item, false);
    break;
  }
  case ActionKind::MutexLock:
    --held(A.Mutex, Agent);
    break;
  case ActionKind::MutexUnlock:
    ++held(A.Mutex, Agent);
    break;
  default:
    break;
  }
}

uint32_t World::mutexHeldBy(unsigned Agent) const {
  for (uint32_t M = 0, E = uint32_t(Held.size() / std::max(1u, NumAgents));
       M != E; ++M)
    if (held(M, Agent))
      return M;
  return None;
}

} // namespace detail
} // namespace protocol
} // namespace tileas
