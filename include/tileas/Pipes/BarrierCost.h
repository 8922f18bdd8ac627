//===- BarrierCost.h - What a loop's coordination barriers cost -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The one cost function for coordination barriers (td CoordinationModel). The
// machine has two kinds:
//
//  * mbarriers: MbarrierBytes of shared memory each, no count limit. Every
//    pipe is made of them: a ring has MbarriersPerSlot per slot (a full and
//    an empty one), a consumer-only pipe and a drain one per slot (no empty
//    side), and a mutex that an asynchronous unit releases (a TMA or the
//    tensor core cannot arrive on a named barrier) MbarriersPerMutex. Their
//    bytes are charged to the budget pool MbarrierBudget (shared memory).
//  * named barriers (bar.sync / bar.arrive ids): BarriersPerMutex for each
//    mutex between thread groups, taken from the named-barrier pool whose
//    first ids are reserved (SolveInput::FirstBarrier, BarrierLimit).
//
// The scheduler's budget bounds and acceptance, the coordination solve
// (which shares and fuses barriers only when this cost does not fit),
// materialization and its self-check, the remarks and the PTX printer all
// count barriers with these functions.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_PIPES_BARRIERCOST_H
#define TILEAS_PIPES_BARRIERCOST_H

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace tileas {
namespace pipes {

struct LoopOp;
struct Pipe;
struct Mutex;
struct SolveResult;

/// The prices of the td CoordinationModel.
struct BarrierCostModel {
  unsigned MbarrierBytes = 8;
  /// Mbarriers per ring slot: 2 (full and empty) or 1 (one barrier serves
  /// both sides).
  unsigned MbarriersPerSlot = 2;
  /// Mbarriers of a mutex an asynchronous unit releases.
  unsigned MbarriersPerMutex = 1;
  /// Named barriers of a mutex between thread groups.
  unsigned BarriersPerMutex = 1;
  /// The budget pool that pays for mbarrier bytes, or -1 (free).
  int MbarrierBudget = -1;
};

/// What a loop's coordination uses of both kinds.
struct BarrierUse {
  unsigned Mbarriers = 0;
  uint64_t MbarrierBytes = 0;
  unsigned NamedBarriers = 0;

  bool operator==(const BarrierUse &O) const {
    return Mbarriers == O.Mbarriers && MbarrierBytes == O.MbarrierBytes &&
           NamedBarriers == O.NamedBarriers;
  }
};

/// Mbarriers per ring slot: 2 (full and empty) or 1 (one for both sides).
unsigned ringSlotMbarriers(const BarrierCostModel &C);

/// The mbarriers of a pipe of Depth slots as PIPE_CREATE declares it, for
/// readers of materialized MIR (the printer): a ring (HasEmpty: an $empty
/// barrier of its own) ringSlotMbarriers per slot, a consumer-only pipe or
/// a drain one per slot.
unsigned pipeMbarriers(unsigned Depth, bool HasEmpty,
                       const BarrierCostModel &C);

/// The mbarriers pipe P holds of its own (shared ones are the lender's): a
/// ring ringSlotMbarriers per slot, less the slot barrier of each side it
/// borrows; a consumer-only pipe and a drain one per slot.
unsigned pipeMbarriers(const Pipe &P, const BarrierCostModel &C);

/// Whether mutex M is released by an asynchronous unit on either side (the
/// last op of a side, in issue order, is asynchronous), so that it must be
/// an mbarrier. UseAgents as for mutexSides.
bool releasedByUnit(const Mutex &M, llvm::ArrayRef<LoopOp> Ops, bool UseAgents);

/// What R's pipes and mutexes need; with ShareTransient, a drain takes a
/// consumer-only pipe's mbarrier (one is over before the loop starts, the
/// other begins after it ends). Mutex::Mbarrier says each mutex's kind.
BarrierUse barrierUse(const SolveResult &R, const BarrierCostModel &C,
                      bool ShareTransient);

/// What a solved loop needs (its drains share when the solve made them).
BarrierUse barrierUse(const SolveResult &R, const BarrierCostModel &C);

} // namespace pipes
} // namespace tileas

#endif // TILEAS_PIPES_BARRIERCOST_H
