//===- PipelinedLoop.h - Canonical pipelined-loop programs ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Builds the coordination program of a single-issuer software-pipelined loop,
// in the shape tileas-materialize-schedule produces, for tests and for users
// of the protocol checker.
//
// The loop has NumStages stages and TripCount iterations. Kernel iteration
// j = 0 .. TripCount + NumStages - 2 runs stage s of iteration k = j - s for
// every s with 0 <= k < TripCount (prologue: j < NumStages - 1; epilogue:
// j >= TripCount; kernel otherwise), the stages in StageOrder (default: later
// stages first). Stage s of iteration k emits, in this order:
//
//   for each pipe produced in stage s (declaration order):
//     issuer:        ProducerAcquire(p, k)
//     producer unit: Write(p, k), ProducerCommit(p, k)
//   ComputePerStage issuer Compute steps;
//   for each pipe consumed in stage s: issuer ConsumerWait(p, k);
//   for each pipe consumed in stage s: consumer unit Read(p, k);
//   for each pipe consumed in stage s: consumer unit ConsumerRelease(p, k).
//
// A unit of 0 means the issuer performs those actions itself. The release is
// queued behind the read on the consumer unit, as a tensor-core commit that
// arrives on the EMPTY barrier once the MMA has read its operands.
//
// Where strings read "kernel j=4 s=1 k=3: wait A".
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROTOCOL_PIPELINEDLOOP_H
#define TILEAS_PROTOCOL_PIPELINEDLOOP_H

#include "tileas/Protocol/ProtocolChecker.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tileas {
namespace protocol {

struct PipeSpec {
  unsigned Id = 0;
  std::string Name;
  unsigned Depth = 2;
  unsigned ProducerUnit = 1;
  unsigned ConsumerUnit = 2;
  unsigned ProducerStage = 0;
  unsigned ConsumerStage = 1;
};

enum class MistakeKind : uint8_t {
  DepthTooSmall,     ///< The pipe's depth is minimumDepth() - 1.
  MissingRelease,    ///< No ConsumerRelease for iteration Iter.
  WrongWaitPhase,    ///< The wait of Iter uses the flipped parity.
  WrongAcquirePhase, ///< The acquire of Iter uses the flipped parity.
  MissingWait,       ///< No ConsumerWait for iteration Iter.
  MissingAcquire,    ///< No ProducerAcquire for iteration Iter.
};

struct Mistake {
  MistakeKind Kind = MistakeKind::MissingRelease;
  unsigned Pipe = 0; ///< Index into LoopSpec::Pipes.
  int64_t Iter = 0;  ///< Ignored by DepthTooSmall.
};

struct LoopSpec {
  std::vector<PipeSpec> Pipes;
  unsigned NumStages = 2;
  unsigned TripCount = 1;
  unsigned NumUnits = 2;
  std::vector<std::string> UnitNames;
  /// A permutation of [0, NumStages): the order of the stages inside a
  /// kernel iteration. Empty means NumStages - 1 down to 0.
  std::vector<unsigned> StageOrder;
  unsigned ComputePerStage = 0;
  std::vector<Mistake> Mistakes;
};

/// The smallest depth with which pipe PipeIndex of L cannot deadlock: the
/// acquire of iteration k needs the release of k - d to be enqueued before
/// it, and that release follows the wait of k - d, which the issuer reaches
/// in kernel iteration k - d + ConsumerStage. Hence
///   ConsumerStage - ProducerStage        if the consumer stage runs first
///                                        inside a kernel iteration,
///   ConsumerStage - ProducerStage + 1    otherwise,
/// and 1 when both stages are equal. 0 when the consumer stage precedes the
/// producer stage, which deadlocks at any depth.
unsigned minimumDepth(const LoopSpec &L, unsigned PipeIndex);

/// The program of L, mistakes included. A malformed spec (stage out of
/// range, unit out of range) yields a program the checker reports as
/// Malformed or that deadlocks; it never crashes.
Program buildPipelinedLoop(const LoopSpec &L);

} // namespace protocol
} // namespace tileas

#endif // TILEAS_PROTOCOL_PIPELINEDLOOP_H
