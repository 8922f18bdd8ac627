//===- ProtocolTestUtil.h - Protocol test helpers ---------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A reference model that shares no code with the checker: it follows what
// each ring slot physically holds (the last write into it), keeps its
// barriers and holders in maps, copies its state at every branch and
// enumerates every interleaving without a visited set. It is exponential and
// only meant for tiny programs; the tests compare it with the checker.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TEST_UNIT_PROTOCOL_PROTOCOLTESTUTIL_H
#define TILEAS_TEST_UNIT_PROTOCOL_PROTOCOLTESTUTIL_H

#include "tileas/Protocol/PipelinedLoop.h"
#include "tileas/Protocol/ProtocolChecker.h"

#include <cstdint>
#include <map>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace tileas {
namespace protocol {
namespace test {

using Status = CheckResult::Status;

/// The outcomes reachable over all maximal interleavings: OK, Deadlock, or
/// the error status at the first error of the interleaving.
struct ReferenceOutcomes {
  std::set<Status> Reached;
  /// Per reached status: the fewest steps of an interleaving that reaches it
  /// (the faulting step included; for a deadlock, the steps before it).
  std::map<Status, size_t> Shortest;
  uint64_t Paths = 0;
  bool Truncated = false; ///< MaxPaths was hit; Reached is partial.
};

ReferenceOutcomes enumerateReference(const Program &P, uint64_t MaxPaths);

/// Replays Schedule (the agent of each step) in the reference model. Returns
/// the status at its end: the error of the last step if it errs, Deadlock if
/// afterwards nobody can step and some agent has not finished, OK if every
/// agent has finished, and Inconclusive if the schedule is not a valid
/// interleaving or stops early (an agent blocked, an error before the end).
Status replayReference(const Program &P, const std::vector<unsigned> &Schedule);

/// A random action on pipe 0 or (less often) 1 of P, iteration 0..2, or
/// mutex 0, sometimes with a slot/parity override.
Action randomAction(std::mt19937 &Rng, const Program &P);

/// Two pipes A and B, produced in stage 0 by unit 1 (tma) and consumed in
/// stage ConsumerStage by unit 2 (tc), of depth Depth: the GEMM mainloop.
LoopSpec gemmSpec(unsigned TripCount, unsigned Depth, unsigned ConsumerStage,
                  unsigned ComputePerStage = 0);

/// Issuer steps plus enqueued steps: the length of every complete run.
uint64_t totalActions(const Program &P);

} // namespace test
} // namespace protocol
} // namespace tileas

#endif // TILEAS_TEST_UNIT_PROTOCOL_PROTOCOLTESTUTIL_H
