//===- Explorer.h - Depth-first search over interleavings -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The search of ProtocolChecker.h: depth-first over position vectors, agents
// tried in increasing index, one World updated on the way down and undone on
// the way up, a StateSet of packed position vectors. It stops at the first
// error transition, the first deadlock state, or when the state budget is
// spent, and leaves the path, positions and World of that moment for the
// report.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROTOCOL_EXPLORER_H
#define TILEAS_LIB_PROTOCOL_EXPLORER_H

#include "Compile.h"
#include "World.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <vector>

namespace tileas {
namespace protocol {
namespace detail {

struct PathStep {
  uint32_t Agent;
  uint32_t Step; ///< Trace index.
};

class Explorer {
public:
  Explorer(const CompiledProgram &CP, uint64_t MaxStates);

  /// Runs the search; returns its status (OK, Deadlock, an error status, or
  /// Inconclusive).
  CheckResult::Status run();

  const CompiledProgram &program() const { return CP; }
  const World &world() const { return W; }
  /// Positions at the end of the search (for an error: before the faulting
  /// step).
  llvm::ArrayRef<uint32_t> positions() const { return Pos; }
  /// The executed steps from the initial state; for an error the faulting
  /// step is the last one.
  const std::vector<PathStep> &path() const { return Path; }
  /// For an error: what went wrong and at which step (HeldAtEnd: the
  /// agent holding the mutex, and Step None).
  Fault fault() const { return F; }
  uint32_t faultOther() const { return FaultOther; }
  PathStep faultStep() const { return FaultAt; }

  uint64_t states() const { return NumStates; }
  uint64_t transitions() const { return NumTransitions; }
  uint64_t maxDepth() const { return MaxDepth; }

  /// The trace index agent A runs next, or None if it has finished or (for
  /// a unit) its next action is not enqueued yet.
  uint32_t nextStep(unsigned A) const;
  /// The action agent A performs for trace step St, or null for an issuer's
  /// enqueue.
  const CompiledAction *actionFor(unsigned A, uint32_t St) const;
  bool finished(unsigned A) const { return Pos[A] == CP.length(A); }

private:
  const CompiledProgram &CP;
  uint64_t MaxStates;
  World W;
  std::vector<uint32_t> Pos;
  std::vector<PathStep> Path;
  Fault F = Fault::None;
  uint32_t FaultOther = None;
  PathStep FaultAt{0, None};
  uint64_t NumStates = 0;
  uint64_t NumTransitions = 0;
  uint64_t MaxDepth = 0;

  bool canStep(unsigned A) const;
};

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_EXPLORER_H
