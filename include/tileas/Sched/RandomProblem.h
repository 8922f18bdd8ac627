//===- RandomProblem.h - Seeded TileAS-like scheduling problems -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A hand-written stand-in for the generated machine model (the 24 slots,
// counting pools and budget pools of docs slot-model.md) and a generator of
// seeded random loop bodies on it, shared by unit tests and benchmarks. The
// same options give the same problem on every platform: the generator uses
// its own integer PRNG, never <random> distributions.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_RANDOMPROBLEM_H
#define TILEAS_SCHED_RANDOMPROBLEM_H

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/ResourceModel.h"

#include <cstdint>

namespace tileas {

namespace blackwell {
/// Slot ids of the model (slot-model.md).
enum SlotId : unsigned {
  Issue = 1,
  XU = 2,
  XU64 = 3,
  FP32x2 = 4,
  Alu = 5,
  AluOrFmaHeavy = 6,
  DualAlu = 7,
  Lsu = 8,
  Tmem = 9,
  Mma = 10,
  TcAndMma = 11,
  Tma = 12,
  TpGnicRd = 13,
  TpGnicWr = 14,
  TpSmemRd = 15,
  TpSmemWr = 16,
  TpTmemRd = 17,
  TpTmemWr = 18,
  TpMma = 19,
  Unknown = 20,
  OmittedSimt = 21,
  TestSimt = 22,
  TestMma = 23,
  TestDma = 24,
};
/// Counting-pool indices of makeBlackwellModel().
enum PoolIndex : unsigned {
  CoarseIssue, ///< 5 per cycle.
  AluIssue,    ///< 3 per cycle.
  FmaIssue,    ///< ALU-or-FMA-heavy issue, 4 per cycle.
  DualIssue,   ///< 3 per cycle.
  RegBankPair, ///< 2 per cycle.
};
/// Budget-pool indices of makeBlackwellModel().
enum BudgetIndex : unsigned {
  SharedMemory,  ///< 232448 bytes per CTA.
  TensorMemory,  ///< 262144 bytes.
  NamedBarriers, ///< 16 per CTA minus the reserved ones.
};
} // namespace blackwell

/// The Blackwell-like model: 24 slots, 5 counting pools, 3 budget pools.
ResourceModel makeBlackwellModel(unsigned ReservedBarriers = 1);

struct RandomProblemOptions {
  unsigned NumOps = 100;
  uint64_t Seed = 1;
  /// Probability that an op closes a recurrence back to an op on its operand
  /// chain (distance 1..MaxDistance).
  double RecurrenceRate = 0.06;
  unsigned MaxDistance = 3;
  /// Budget charges (shared/tensor memory per ring copy, barriers per pipe).
  bool Budgets = true;
  /// A few constraint groups (one merged through a leader).
  bool Groups = true;
  /// A few ops near the top of the body with a MaxDepth.
  bool DepthLimits = true;
  /// Scales the shared-memory footprint: 1.0 makes the least possible usage
  /// about a third of the capacity; larger values make refinement work.
  double BudgetPressure = 1.0;
  /// Loops like those of tileas-loopgen: an op mix dominated by FMA-heavy
  /// ops (so that their slot is nearly full), global loads of 100 cycles,
  /// and conservative memory dependences between every global load and
  /// store, within an iteration in program order and across iterations.
  /// The recurrences through memory then bound II at the same time as the
  /// FMA slot does.
  bool MemoryOrder = false;
};

/// A loop body of NumOps ops in program order: TMA and global loads, MMAs
/// with accumulator chains, shared/tensor-memory traffic, ALU/FMA chains and
/// transcendental (XU) ops, operands from nearby earlier ops, and
/// loop-carried recurrences. Always passes Problem::validate.
Problem makeRandomProblem(const RandomProblemOptions &Opts);

} // namespace tileas

#endif // TILEAS_SCHED_RANDOMPROBLEM_H
