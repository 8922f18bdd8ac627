//===- Explorer.h - Searches over interleavings -----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The searches of ProtocolChecker.h. run(): depth-first over position
// vectors, agents tried in increasing index (with the partial-order reduction
// if asked), one World updated on the way down and undone on the way up, a
// StateSet of packed position vectors; it stops at the first error
// transition, the first deadlock state, or when the state budget is spent.
// shortest(): breadth-first over the unreduced graph for the shortest path to
// an error of a given status. Either leaves the path, positions and World of
// the moment it stopped for the report.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_PROTOCOL_EXPLORER_H
#define TILEAS_LIB_PROTOCOL_EXPLORER_H

#include "Compile.h"
#include "StateSet.h"
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

  /// Runs the depth-first search; returns its status (OK, Deadlock, an error
  /// status, or Inconclusive).
  CheckResult::Status run(bool PartialOrder);

  /// After run() found Target: searches breadth-first for the shortest path
  /// to an error of status Target and, if it finds one within the state
  /// budget, makes it the result and returns true. Otherwise leaves the
  /// result of run() and returns false.
  bool shortest(CheckResult::Status Target);

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
  uint64_t shortestStates() const { return NumShortestStates; }

  /// The trace index agent A runs next, or None if it has finished or cannot
  /// run yet (an issuer not started, a unit whose next action is not
  /// enqueued yet).
  uint32_t nextStep(unsigned A) const;
  /// The action agent A performs for trace step St, or null for an issuer's
  /// enqueue.
  const CompiledAction *actionFor(unsigned A, uint32_t St) const;
  bool finished(unsigned A) const { return Pos[A] == CP.length(A); }
  /// Issuer A has started (its StartAfter positions are reached).
  bool started(unsigned A) const;

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
  uint64_t NumShortestStates = 0;

  /// Agent A's next step St and its action Act (null for an enqueue), and
  /// whether it can be taken; Blocked also when A has no step to take now.
  Outcome probeNext(unsigned A, uint32_t &St, const CompiledAction *&Act) const;
  bool canStep(unsigned A) const;
  /// Takes agent A's next step (Act, or an enqueue) and adds the state it
  /// reaches to Seen; stays there only if the state is new (Inserted).
  StateSet::Insert enter(unsigned A, const CompiledAction *Act,
                         const StatePacker &Packer, StateSet &Seen,
                         uint64_t *Key);
  /// Reverts agent A's last step (Act, or an enqueue).
  void leave(unsigned A, const CompiledAction *Act);
  /// An agent whose next step is an enqueue or Compute, or None.
  uint32_t invisibleAgent() const;
  /// The state-level checks: sets the fault and returns its status when the
  /// state is a deadlock or a final state with a mutex held, else OK.
  CheckResult::Status checkState();
  /// Moves Pos and W to the positions To, undoing and redoing steps.
  void jumpTo(llvm::ArrayRef<uint32_t> To);
  std::vector<uint32_t> lengths() const;
};

} // namespace detail
} // namespace protocol
} // namespace tileas

#endif // TILEAS_LIB_PROTOCOL_EXPLORER_H
