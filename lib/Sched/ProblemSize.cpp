//===- ProblemSize.cpp - Caps on what a problem may make the core allocate ===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/ProblemSize.h"
#include "tileas/Sched/Problem.h"

#include "llvm/ADT/bit.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <array>
#include <vector>

using namespace llvm;

namespace tileas {

/// The slots (as a bit set by id - 1) that the ops hold.
static uint64_t heldSlots(const Problem &P) {
  uint64_t Held = 0;
  for (const Operation &Op : P.operations())
    for (const SlotUse &U : Op.Slots)
      Held |= uint64_t(1) << (U.Slot - 1);
  return Held;
}

unsigned tableColumns(const Problem &P) {
  return std::max<unsigned>(1,
                            popcount(heldSlots(P)) + P.model().pools().size());
}

unsigned maxTableII(const Problem &P) {
  return unsigned(MaxTableCells / tableColumns(P));
}

namespace {

/// The resources' lower bound on II and the running totals behind it, over
/// the ops added so far.
class SizeTally {
public:
  explicit SizeTally(const Problem &P)
      : P(P), PoolDemand(P.model().pools().size(), 0) {}

  void add(const Operation &Op);
  /// Nonempty when the ops added so far exceed a cap.
  std::string excess() const;

private:
  std::string bottleneck() const;

  const Problem &P;
  std::array<uint64_t, MaxSlotId> SlotRows{}; ///< By slot id - 1.
  std::array<unsigned, MaxSlotId> OpRows{};   ///< The op being added's.
  std::vector<uint64_t> PoolDemand;           ///< Units x cycles, by pool.
  uint64_t HeldSlots = 0;
  uint64_t FootprintCycles = 0;
  uint64_t LowerII = 0;
  /// What sets LowerII: a slot bit, or (when BottleneckIsPool) a pool.
  unsigned Bottleneck = 0;
  bool BottleneckIsPool = false;
};

} // namespace

void SizeTally::add(const Operation &Op) {
  // A slot that several triples of the op hold is held for the longest.
  uint64_t Mask = 0;
  for (const SlotUse &U : Op.Slots) {
    unsigned Bit = U.Slot - 1;
    OpRows[Bit] =
        (Mask >> Bit) & 1 ? std::max(OpRows[Bit], U.Duration) : U.Duration;
    Mask |= uint64_t(1) << Bit;
  }
  HeldSlots |= Mask;
  for (; Mask; Mask &= Mask - 1) {
    unsigned Bit = countr_zero(Mask);
    SlotRows[Bit] = SaturatingAdd(SlotRows[Bit], uint64_t(OpRows[Bit]));
    FootprintCycles = SaturatingAdd(FootprintCycles, uint64_t(OpRows[Bit]));
    if (SlotRows[Bit] > LowerII) {
      LowerII = SlotRows[Bit];
      Bottleneck = Bit;
      BottleneckIsPool = false;
    }
  }
  for (const PoolUse &U : Op.Pools) {
    FootprintCycles = SaturatingAdd(FootprintCycles, uint64_t(U.Duration));
    uint64_t &Demand = PoolDemand[U.Pool];
    Demand = SaturatingAdd(
        Demand, SaturatingMultiply(uint64_t(U.Units), uint64_t(U.Duration)));
    uint64_t Rows =
        divideCeil(Demand, std::max(1u, P.model().pools()[U.Pool].Capacity));
    if (Rows > LowerII) {
      LowerII = Rows;
      Bottleneck = U.Pool;
      BottleneckIsPool = true;
    }
  }
}

std::string SizeTally::bottleneck() const {
  if (BottleneckIsPool) {
    const PoolDesc &Pool = P.model().pools()[Bottleneck];
    return formatv("charge pool '{0}' {1} unit-cycles against its capacity "
                   "of {2}",
                   Pool.Name, PoolDemand[Bottleneck], Pool.Capacity);
  }
  const SlotDesc *S = P.model().findSlot(Bottleneck + 1);
  return formatv("hold slot {0} ('{1}') for {2} cycles", Bottleneck + 1,
                 S ? S->Name : "", SlotRows[Bottleneck]);
}

std::string SizeTally::excess() const {
  unsigned Columns =
      std::max<unsigned>(1, popcount(HeldSlots) + P.model().pools().size());
  uint64_t Cells = SaturatingMultiply(LowerII, uint64_t(Columns));
  if (Cells > MaxTableCells)
    return formatv("the ops up to this one {0}, so II >= {1}; with {2} "
                   "table column(s), a slot or a pool each, an II attempt "
                   "needs {3} reservation-table cells, above the limit of {4} "
                   "(MaxTableCells)",
                   bottleneck(), LowerII, Columns, Cells, MaxTableCells);
  if (FootprintCycles > MaxFootprintCycles)
    return formatv("the ops up to this one hold slots and pools for {0} "
                   "cycles in all, above the limit of {1} "
                   "(MaxFootprintCycles)",
                   FootprintCycles, MaxFootprintCycles);
  return "";
}

std::optional<SizeExcess> findSizeExcess(const Problem &P) {
  SizeTally Tally(P);
  ArrayRef<Operation> Ops = P.operations();
  for (unsigned I = 0, E = Ops.size(); I != E; ++I) {
    Tally.add(Ops[I]);
    if (std::string Why = Tally.excess(); !Why.empty())
      return SizeExcess{I, std::move(Why)};
  }
  return std::nullopt;
}

} // namespace tileas
