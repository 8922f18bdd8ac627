//===- ProtocolChecker.h - Pipe/mutex protocol checker ----------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Executes a coordination program (the PIPE_ / MUTEX_ protocol that
// tileas-materialize-schedule inserts) under every interleaving of its agents
// and reports the first deadlock or data race found. Independent of MIR: a
// materialized loop is one way to build a Program, the canonical builder of
// PipelinedLoop.h is another.
//
// Agents. The issuers are instruction streams: issuer 0, and in a
// warp-specialized program one issuer per agent (Program::Issuers). Each runs
// its own steps of the trace (those whose Issuer is it) in trace order.
// Units 1..N are asynchronous units. A Step whose Agent is 0 is an action its
// issuer performs; a Step whose Agent is u >= 1 is an action its issuer
// enqueues to unit u (the enqueue itself never blocks and has no other
// effect), which the unit performs later, strictly in queue order. Every unit
// is fed by one issuer, so its queue order is the issue order. An issuer
// other than 0 starts once the issuers its IssuerConfig::StartAfter names
// have run the given number of their own steps: a fork (the dispatch after
// the code every warp runs) or a join (the end of a CTA, after every agent).
//
// Semantics. Pipe p of depth d has, per slot s in [0, d), a FULL and an EMPTY
// barrier, each counting its completed phases from 0. An action for iteration
// k uses slot s = k mod d and phase bit q = (k / d) & 1. A wait with parity x
// on a barrier that has completed C phases passes iff (C & 1) != x.
//
//   ProducerAcquire(p, k)  waits on EMPTY[s] with parity q ^ 1;
//   ProducerCommit(p, k)   completes a phase of FULL[s];
//   ConsumerWait(p, k)     waits on FULL[s] with parity q;
//   ConsumerRelease(p, k)  completes a phase of EMPTY[s], and releases the
//                          data of iteration k;
//   Write(p, k)            writes the data of iteration k into slot s;
//   Read(p, k)             reads the data of iteration k from slot s;
//   MutexLock(m)           waits until no other agent holds m, then holds it;
//   MutexUnlock(m)         gives m up;
//   MutexAccess(m)         a data access that must happen while holding m;
//   Compute                an instruction without coordination effect.
//
// The four barrier actions accept an explicit (slot, parity) instead of the
// derived one, to express an op that computed the wrong slot or phase. The
// parity is the raw operand x of the wait above (for a commit or release only
// the slot matters). A release with an override still releases the data of
// its iteration k, which lives in slot k mod d.
//
// The data of iteration k of pipe p is one item. It is written once Write(p, k)
// has executed, released once ConsumerRelease(p, k) has executed, and live
// while written and not released. Errors (the execution stops at the first):
//
//   OverwriteUnreleased  Write(p, k) while another iteration j of the same slot
//                        is live (writing k again while k is live is a
//                        multi-part fill and allowed);
//   ReadUnfilled         Read(p, k) before any Write(p, k);
//   UseAfterRelease      Read(p, k) or Write(p, k) after ConsumerRelease(p, k):
//                        the consumer said it was done with the slot, so the
//                        producer may refill it at any moment;
//   MutexViolation       unlocking a mutex the agent does not hold, locking
//                        one it already holds, MutexAccess without holding
//                        the mutex, or finishing while still holding one.
//
// On every error-free execution prefix this is the same as following what
// each slot physically holds (the last write into it): a live item is always
// the last write into its slot, because any later write into that slot would
// have been an overwrite error; and once every item of a slot is released,
// which released item the slot holds cannot be observed, since reads and
// writes of released items are errors whichever it is. (That is also why a
// read after the release is an error even if no refill happened to land in
// between: otherwise the order of two writes into a released slot would be
// observable, and the positions alone would not be the state.)
//
// The state argument. Every quantity above is a function of the set of
// executed actions: barrier counts and the write and release counts of items
// are sums over executed actions, and whether an agent holds a mutex is
// decided by the last lock or unlock in its own executed prefix (at most one
// agent holds a mutex, as locks block and errors stop the run). The executed
// set is determined by the position vector (each issuer's position in its own
// steps, and for each unit its position in its queue; a unit's queue is a
// subsequence of its one feeding issuer's steps, and whether an issuer has
// started is decided by the positions StartAfter names). Whether an agent's
// next action is enabled, and whether it is an error, depends only on those
// quantities. Hence the positions are the whole state, however many issuers
// there are, and a search over position vectors with a visited set explores
// every interleaving's behaviour exactly, with no abstraction.
//
// Exploration. Depth-first over position vectors, trying the agents of each
// state in increasing index (issuers first, then units 1..N), with a visited
// set of packed position vectors; the World is updated on the way down and
// undone on the way up. The search stops at the first error transition or
// deadlock state in this order; the result is deterministic. A deadlock is a
// state in which no agent can step and some agent has not finished.
//
// Partial-order reduction (CheckOptions::PartialOrder). An enqueue and a
// Compute step change nothing any other agent observes: they cannot be
// disabled, never fail, commute with every other step, and only enable
// steps. When some agent's next step is one of them, the search takes that
// step alone (the lowest such agent): an ample set of one invisible,
// independent step. The state graph is acyclic (positions only grow), so
// every deadlock and every error transition stays reachable; only
// interleavings that differ in where such steps fall are skipped.
//
// Shortest witness. Once the depth-first search has found an error, a
// breadth-first search over the full (unreduced) state graph finds the
// shortest interleaving that reaches an error of the same status, and that
// is what the result reports. Its World moves between states by undoing and
// redoing steps: every quantity is a count, so the order does not matter.
//
// Limitations of the model. A unit completes its actions in queue order; an
// engine whose operations complete out of order (TMA copies into different
// barriers) is modelled faithfully only with one unit per independently
// completing stream. A barrier phase completes on one arrival. Iterations
// are checked within one program; a release missing in the last wrap, which
// no later acquire needs, is not observable.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROTOCOL_PROTOCOLCHECKER_H
#define TILEAS_PROTOCOL_PROTOCOLCHECKER_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tileas {
namespace protocol {

enum class ActionKind : uint8_t {
  ProducerAcquire,
  ProducerCommit,
  ConsumerWait,
  ConsumerRelease,
  Write,
  Read,
  MutexLock,
  MutexUnlock,
  MutexAccess,
  Compute,
};

llvm::StringRef toString(ActionKind K);

/// True for the four actions that name a barrier (and may carry an override).
bool isBarrierAction(ActionKind K);
/// True for the six actions that name a pipe.
bool isPipeAction(ActionKind K);
/// True for the three actions that name a mutex.
bool isMutexAction(ActionKind K);

struct Action {
  ActionKind Kind = ActionKind::Compute;
  /// Pipe id for pipe actions, mutex id for mutex actions, unused otherwise.
  unsigned Id = 0;
  /// Iteration k of a pipe action.
  int64_t Iter = 0;
  /// Explicit slot and parity of a barrier action (see the file comment).
  bool HasOverride = false;
  unsigned Slot = 0;
  unsigned Parity = 0;

  static Action producerAcquire(unsigned Pipe, int64_t K);
  static Action producerCommit(unsigned Pipe, int64_t K);
  static Action consumerWait(unsigned Pipe, int64_t K);
  static Action consumerRelease(unsigned Pipe, int64_t K);
  static Action write(unsigned Pipe, int64_t K);
  static Action read(unsigned Pipe, int64_t K);
  static Action lock(unsigned Mutex);
  static Action unlock(unsigned Mutex);
  static Action access(unsigned Mutex);
  static Action compute();

  /// A copy with an explicit slot and parity.
  Action withOverride(unsigned S, unsigned P) const;
};

/// A compact description such as "ConsumerWait(pipe 1, k=5)" or
/// "ProducerAcquire(pipe 0, k=2, slot 1, parity 0 [override])".
std::string describe(const Action &A);

struct Step {
  /// 0: the issuer performs A; u >= 1: the issuer enqueues A to unit u.
  unsigned Agent = 0;
  Action A;
  /// The instruction, for reports.
  std::string Where;
  /// The issuer whose instruction stream holds this step.
  unsigned Issuer = 0;
};

/// An instruction stream of a program with several issuers.
struct IssuerConfig {
  /// For reports ("compute", "load", "exit").
  std::string Name;
  /// (issuer j, n): this issuer starts once issuer j has run n of its own
  /// steps. Empty: it starts at once. Issuer 0 starts at once.
  std::vector<std::pair<unsigned, uint32_t>> StartAfter;
};

/// The deepest pipe a program may have; a deeper one is Malformed.
constexpr unsigned MaxPipeDepth = 1u << 16;

struct PipeConfig {
  unsigned Id = 0;
  /// 1 .. MaxPipeDepth.
  unsigned Depth = 1;
  /// Optional, for reports.
  std::string Name;
};

struct Program {
  std::vector<PipeConfig> Pipes;
  std::vector<unsigned> Mutexes;
  unsigned NumUnits = 0;
  std::vector<Step> Trace;
  /// Optional names of units 1..N (UnitNames[u - 1]), for reports.
  std::vector<std::string> UnitNames;
  /// The issuers; empty means the one issuer 0 (reported as "issuer").
  std::vector<IssuerConfig> Issuers;

  unsigned numIssuers() const {
    return Issuers.empty() ? 1 : unsigned(Issuers.size());
  }
  /// Appends a step that issuer I performs.
  void issue(const Action &A, llvm::StringRef Where, unsigned I = 0);
  /// Appends a step that issuer I enqueues to unit U (U >= 1).
  void enqueue(unsigned U, const Action &A, llvm::StringRef Where,
               unsigned I = 0);
};

struct CheckOptions {
  /// Distinct states the search may visit; beyond it the result is
  /// Inconclusive.
  uint64_t MaxStates = 16000000;
  /// Witness lines kept (the last ones, after a summary line); 0 keeps all.
  unsigned WitnessLimit = 40;
  /// Take an enqueue or Compute step alone where one is next (see the file
  /// comment); false explores every interleaving.
  bool PartialOrder = true;
  /// Search again, breadth-first, for the shortest witness of an error.
  bool ShortestWitness = true;
};

struct AgentReport {
  unsigned Agent = 0;
  /// The trace index of the step the agent is stuck at, or -1 when the agent
  /// has nothing to run yet (a unit whose enqueued actions are all done).
  int64_t TraceIndex = -1;
  std::string Text;
};

struct CheckResult {
  enum Status {
    OK,
    Deadlock,
    ReadUnfilled,
    OverwriteUnreleased,
    UseAfterRelease,
    MutexViolation,
    Inconclusive,
    Malformed,
  } S = OK;
  std::string Message;
  /// The interleaving that leads to the error, one line per executed step
  /// ("issuer: ...", "unit 1: ..."), shortened to CheckOptions::WitnessLimit;
  /// the last line is the faulting step for a data or mutex error.
  std::vector<std::string> Witness;
  /// The same interleaving in full: the agent of each executed step (issuers
  /// 0 .. I-1, then unit u as I + u - 1; with one issuer, unit u is u).
  /// Replaying it reproduces the error.
  std::vector<unsigned> Schedule;
  /// The witness is a shortest one (the breadth-first search finished).
  bool Shortest = false;
  /// For a deadlock: every agent that has not finished, in agent order.
  std::vector<AgentReport> Agents;
  /// For a data or mutex error: the faulting step, and a related step (the
  /// write of the live iteration that is overwritten, the release that came
  /// first, the lock of the mutex holder), or -1.
  int64_t FaultStep = -1;
  int64_t RelatedStep = -1;

  /// Distinct states visited, transitions taken, longest path (in steps).
  uint64_t States = 0;
  uint64_t Transitions = 0;
  uint64_t MaxDepth = 0;
  /// States the breadth-first search for the shortest witness visited.
  uint64_t ShortestStates = 0;
  /// Wall-clock seconds of the whole check (for reports, never for tests).
  double Seconds = 0;

  bool ok() const { return S == OK; }
};

llvm::StringRef toString(CheckResult::Status S);

/// Explores every interleaving of P (up to Opts.MaxStates states).
CheckResult checkProtocol(const Program &P, const CheckOptions &Opts = {});

/// Prints status, message, agents, witness and statistics.
void printResult(llvm::raw_ostream &OS, const CheckResult &R);

} // namespace protocol
} // namespace tileas

#endif // TILEAS_PROTOCOL_PROTOCOLCHECKER_H
