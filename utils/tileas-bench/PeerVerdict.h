//===- PeerVerdict.h - Whose fault is a peer's violation --------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A peer's schedule is judged against the TileAS problem of its loop, which
// holds more than the peer was told. Each violation the verifier finds is
// put in one of three classes:
//
//  * Peer: the peer's own error. It breaks a dependence of the loop itself
//    (a register dependence at the latency LLVM's scheduling model gives it
//    too, memory order, the order around a side effect), holds a slot twice
//    in a row although its own model holds that slot for the same cycles,
//    or over-subscribes a pool its own model charges the same way.
//  * Unseen: it violates only what the peer cannot see: budget pools (not
//    in LLVM's model), pools whose multi-unit charges LLVM's model spreads
//    over cycles, the latency TileAS gives memory order (LLVM orders memory
//    with latency 0), buffers rewritten in place (SSA does not show it),
//    TileAS constraint groups and max depths.
//  * Harness: an artefact of the harness's own settings. SMS, asked to leave
//    the exit test to the loop control, moves the exit test and what it
//    depends on into stage 0 after its search, each to the cycle of a
//    predecessor, without latency or resources: a violation involving an op
//    it placed so is not its search's. WindowScheduler, told it may
//    pipeline the exit test, is judged against TileAS's stage-0 pin of it.
//    And an inconsistent conversion of the peer's placements.
//
// Only the first class makes a peer schedule illegal; so does an expansion
// that LLVM's machine verifier rejects.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_BENCH_PEERVERDICT_H
#define TILEAS_BENCH_PEERVERDICT_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/Schedule.h"
#include "tileas/Sched/Verifier.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
struct TileASLoopProblem;
} // namespace llvm

namespace tileas {
namespace bench {

/// What the peer was told about a loop, beyond LLVM's scheduling model.
struct PeerContext {
  /// The op of the loop's exit test (its compare), if the loop is counted.
  std::optional<unsigned> ExitTest;
  /// The harness asked the peer to leave the exit test to the loop control
  /// (-tileas-pipeliner-ignore-exit-test).
  bool ExitTestIgnored = false;
  /// The exit test and what it depends on, transitively, with the
  /// successors one iteration later of those: what MachinePipeliner keeps
  /// out of later stages when it leaves the exit test alone.
  llvm::BitVector LoopControl;
  /// The ops whose instructions have unmodelled side effects.
  llvm::BitVector SideEffects;
};

/// The context of LP's loop (ExitTestIgnored left false). It reads the
/// loop's instructions: call it before a peer rewrites the loop.
PeerContext peerContext(const llvm::TileASLoopProblem &LP);

enum class Blame : uint8_t { Peer, Unseen, Harness };

/// "peer", "unseen" or "harness".
llvm::StringRef blameName(Blame B);

struct JudgedViolation {
  Blame Class;
  /// Why, in words shared by every violation of its sort.
  std::string Reason;
  /// The verifier's message ("kind: message").
  std::string Message;
};

/// Classifies each violation the verifier found in S (a schedule of P).
std::vector<JudgedViolation> classifyViolations(const Problem &P,
                                                const Schedule &S,
                                                llvm::ArrayRef<Violation> Found,
                                                const PeerContext &C);

/// The violations of one (class, reason): how many, and the first message.
struct ViolationGroup {
  Blame Class;
  std::string Reason;
  unsigned Count = 0;
  std::string First;
};

/// Groups by class (peer first), then by the first appearance of a reason.
std::vector<ViolationGroup>
groupViolations(llvm::ArrayRef<JudgedViolation> Judged);

/// A peer schedule's verdict: "legal", "illegal" (a violation of its own or
/// an expansion the machine verifier rejects), "tileas-only" (it violates
/// only what it cannot see, perhaps with harness artefacts) or "harness"
/// (only harness artefacts).
llvm::StringRef peerVerdict(llvm::ArrayRef<JudgedViolation> Judged,
                            bool MachineVerifierFailed);

} // namespace bench
} // namespace tileas

#endif // TILEAS_BENCH_PEERVERDICT_H
