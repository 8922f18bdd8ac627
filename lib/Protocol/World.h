//===- World.h - The semantic state of a protocol execution -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The quantities the semantics of ProtocolChecker.h talk about: completed
// phases per barrier, write and release counts per data item, the live item
// of every ring slot, and the holder of every mutex. All of them are counts
// (a mutex's holder too: locks minus unlocks per agent), so apply() and undo()
// are exact inverses that commute: the explorer walks its search tree
// without copying, and the breadth-first search moves between any two states
// by undoing and redoing steps in any order.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROTOCOL_WORLD_H
#define TILEAS_LIB_PROTOCOL_WORLD_H

#include "Compile.h"

#include <cstdint>
#include <vector>

namespace tileas {
namespace protocol {
namespace detail {

enum class Fault : uint8_t {
  None,
  ReadUnfilled,  ///< Read of an item never written.
  ReadReleased,  ///< Read of a released item.
  WriteReleased, ///< Write of a released item.
  Overwrite,     ///< Write while another item of the slot is live.
  UnlockNotHeld, ///< Unlock of a mutex the agent does not hold.
  Relock,        ///< Lock of a mutex the agent already holds.
  AccessOutside, ///< MutexAccess without holding the mutex.
  HeldAtEnd,     ///< The run finished with the agent holding a mutex.
};

CheckResult::Status statusOf(Fault F);

struct Outcome {
  enum KindTy : uint8_t { Ready, Blocked, Error } Kind = Ready;
  Fault F = Fault::None;
  /// Overwrite: the live item; otherwise None.
  uint32_t Other = None;
};

class World {
public:
  explicit World(const CompiledProgram &CP);

  /// Whether agent Agent can perform A now, and whether doing so is an error.
  Outcome probe(const CompiledAction &A, unsigned Agent) const;
  /// Performs A (which probe() found Ready).
  void apply(const CompiledAction &A, unsigned Agent);
  /// Reverts apply(A, Agent) of the most recent not yet reverted step.
  void undo(const CompiledAction &A, unsigned Agent);

  uint32_t barrierCount(uint32_t B) const { return Count[B]; }
  /// The agent holding mutex M, or -1.
  int holder(uint32_t M) const;
  /// The live item of global ring slot S, or None.
  uint32_t liveItem(uint32_t S) const {
    return LiveCount[S] ? uint32_t(LiveSum[S]) : None;
  }
  /// The first mutex (by index) that Agent holds, or None.
  uint32_t mutexHeldBy(unsigned Agent) const;

private:
  const CompiledProgram &CP;
  std::vector<uint32_t> Count;     ///< Per barrier: completed phases.
  std::vector<uint32_t> Writes;    ///< Per item: executed writes.
  std::vector<uint32_t> Releases;  ///< Per item: executed releases.
  std::vector<uint32_t> LiveCount; ///< Per slot: live items (at most 1).
  std::vector<uint64_t> LiveSum;   ///< Per slot: sum of live item indices.
  /// Per (mutex, agent): its locks minus its unlocks (0 or 1 on every
  /// error-free prefix).
  std::vector<uint32_t> Held;
  unsigned NumAgents;

  uint32_t &held(uint32_t M, unsigned Agent) {
    return Held[size_t(M) * NumAgents + Agent];
  }
  uint32_t held(uint32_t M, unsigned Agent) const {
    return Held[size_t(M) * NumAgents + Agent];
  }

  bool live(uint32_t I) const { return Writes[I] && !Releases[I]; }
  void setLive(uint32_t I, bool L);
};

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_WORLD_H
