//===- RandomProblem.h - Seeded problems on the td machine ------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A generator of seeded random loop bodies on the machine of td/, shared by
// unit tests and benchmarks. Every operation is a TileAS instruction: its
// slots, pools, footprint, latency and budget charges are those the generated
// tables of the options' machine give its opcode, and the problem's
// resource model is that machine's, so the problems follow any edit of td/. The
// same options give the same problem on every platform: the generator draws
// from SplitMix64 (tileas/Support), never from <random> distributions. A
// test and benchmark fixture: the target and the plugin do not link it.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_UTILS_RANDOMPROBLEM_H
#define TILEAS_UTILS_RANDOMPROBLEM_H

#include "tileas/Sched/Problem.h"

namespace tileas {
namespace model {
class Machine;
} // namespace model
} // namespace tileas

#include <cstdint>

namespace tileas {

struct RandomProblemOptions {
  unsigned NumOps = 100;
  uint64_t Seed = 1;
  /// Probability that an op closes a recurrence back to an op on its operand
  /// chain (distance 1..MaxDistance).
  double RecurrenceRate = 0.06;
  unsigned MaxDistance = 3;
  /// Budget charges: the per-stage charges of the td (buffer bytes; an MMA
  /// chain pays once, at its head, as in-place accumulation does), and the
  /// per-pipe ones (barriers) on the first ops that carry them, up to two
  /// fifths of each budget pool.
  bool Budgets = true;
  /// A few constraint groups (one merged through a leader).
  bool Groups = true;
  /// A few ops near the top of the body with a MaxDepth.
  bool DepthLimits = true;
  /// Scales the per-stage budget charges: 1.0 makes the least possible usage
  /// of each budget pool about a third of its capacity; larger values make
  /// refinement work.
  double BudgetPressure = 1.0;
  /// Loops like those of tileas-loopgen: an op mix dominated by FMA-heavy
  /// ops (so that their slots are nearly full), more global loads, and
  /// conservative memory dependences between every global load and store,
  /// within an iteration in program order and across iterations. The
  /// recurrences through memory then bound II at the same time as the FMA
  /// slots do.
  bool MemoryOrder = false;
  /// The machine whose instructions the ops are (null: the default machine,
  /// Blackwell). A kind whose instruction the machine lacks (tcgen05 and
  /// tensor memory on Hopper) takes its nearest instruction there.
  const model::Machine *Machine = nullptr;
};

/// A loop body of NumOps TileAS instructions in program order: TMA and
/// global loads and stores, MMAs with accumulator chains, shared- and
/// tensor-memory traffic, ALU/FMA chains and transcendentals, operands from
/// nearby earlier ops, and loop-carried recurrences. Always passes
/// Problem::validate.
Problem makeRandomProblem(const RandomProblemOptions &Opts);

} // namespace tileas

#endif // TILEAS_UTILS_RANDOMPROBLEM_H
