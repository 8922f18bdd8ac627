//===- Barriers.cpp - mbarrier phases with arrival times ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Barriers.h"

#include <algorithm>

using namespace tileas::sim;

Barriers::State &Barriers::at(unsigned B) {
  if (B >= States.size())
    States.resize(B + 1);
  return States[B];
}

void Barriers::init(unsigned First, unsigned Count) {
  for (unsigned B = First; B != First + Count; ++B)
    at(B) = State();
}

void Barriers::arrive(unsigned B, Cycle At) {
  State &S = at(B);
  if (At <= Now) {
    ++S.Completed;
    return;
  }
  S.Pending.insert(std::upper_bound(S.Pending.begin(), S.Pending.end(), At),
                   At);
}

void Barriers::advanceTo(Cycle To) {
  Now = std::max(Now, To);
  for (State &S : States) {
    auto Done = std::upper_bound(S.Pending.begin(), S.Pending.end(), Now);
    S.Completed += Done - S.Pending.begin();
    S.Pending.erase(S.Pending.begin(), Done);
  }
}

bool Barriers::passes(unsigned B, unsigned Parity) const {
  uint64_t Completed = B < States.size() ? States[B].Completed : 0;
  return (Completed & 1) != (Parity & 1);
}

std::optional<Cycle> Barriers::nextArrival(unsigned B) const {
  if (B >= States.size() || States[B].Pending.empty())
    return std::nullopt;
  return States[B].Pending.front();
}

std::optional<Cycle> Barriers::nextArrival() const {
  std::optional<Cycle> Next;
  for (const State &S : States)
    if (!S.Pending.empty() && (!Next || S.Pending.front() < *Next))
      Next = S.Pending.front();
  return Next;
}
