//===- LoopControl.h - Trip counts of counted do-while loops ----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The control of a counted do-while loop, independent of MIR: an induction
// value that starts at Start and moves by Step each iteration, and an exit
// test at the end of each iteration. Iteration K (K >= 1) runs exactly when
// the test at the end of iteration K - 1 lets the loop go on, i.e. when
//
//   Start + (K + Offset) * Step + Adjust  Continue  Bound
//
// where Offset is 0 if the test reads the incremented value and -1 if it
// reads the induction value itself or that plus Adjust (as opt -O2 leaves a
// loop it unrolled: the test reads k + 1 while k steps by 2; an unsigned
// test flips the sign bit, which adds 2^31), and Continue is the condition
// under which
// the loop goes on (the compare, or its inverse when the branch back is taken
// on false). Iteration 0 always runs.
//
// tileas-protocol-check uses it to run a loop an exact number of times: it
// sets the bound (or the start) to the value for which the loop runs T
// iterations, and knows the trip count of a loop whose start and bound are
// both constants.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PROTOCOL_LOOPCONTROL_H
#define TILEAS_PROTOCOL_LOOPCONTROL_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>

namespace tileas {
namespace protocol {

/// The condition under which a counted loop goes on.
enum class ContinueIf : uint8_t { LT, LE, NE, GT, GE };

llvm::StringRef toString(ContinueIf C);

struct LoopControl {
  int64_t Step = 1;
  /// 0: the test reads the incremented value; -1: the induction value.
  int Offset = 0;
  ContinueIf Continue = ContinueIf::LT;
  /// Added to the value the test reads, beyond (K + Offset) * Step.
  int64_t Adjust = 0;

  /// True when the values move towards the bound: LT and LE counting up, GT
  /// and GE counting down, NE either way. Only such a loop can end.
  bool movesTowardsBound() const;

  /// The bound for which a loop from Start runs exactly Trips (>= 1)
  /// iterations, or nullopt if it overflows. The loop must move towards its
  /// bound. For LT, NE and GT it is the value the test reads after the last
  /// iteration; LE stops one below it and GE one above.
  std::optional<int64_t> boundFor(int64_t Start, int64_t Trips) const;

  /// The start for which a loop with Bound runs exactly Trips (>= 1)
  /// iterations, or nullopt if it overflows.
  std::optional<int64_t> startFor(int64_t Bound, int64_t Trips) const;

  /// The iterations a loop from Start with Bound runs, or nullopt if it still
  /// goes on after Limit iterations (an NE loop that steps over its bound
  /// never ends).
  std::optional<int64_t> tripCount(int64_t Start, int64_t Bound,
                                   int64_t Limit) const;

private:
  /// Bound minus the value the test reads after the last iteration.
  int64_t boundAdjustment() const;
  /// (Trips + Offset) * Step + Adjust, or nullopt if it overflows.
  std::optional<int64_t> distance(int64_t Trips) const;
  /// Bound minus start for a loop of Trips iterations, or nullopt if it
  /// overflows.
  std::optional<int64_t> span(int64_t Trips) const;
};

} // namespace protocol
} // namespace tileas

#endif // TILEAS_PROTOCOL_LOOPCONTROL_H
