//===- ResourceCalendar.cpp - Slot and pool holds over time ---------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/ResourceCalendar.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

using namespace tileas;
using namespace tileas::sim;

ResourceCalendar::ResourceCalendar(const ResourceModel &Model)
    : Model(Model), Defined(Model.definedSlotMask()) {
  reach(64);
}

void ResourceCalendar::reach(unsigned Span) {
  if (Span <= Rows)
    return;
  size_t NewRows = llvm::PowerOf2Ceil(std::max<size_t>(Span, 2 * Rows));
  size_t Pools = Model.pools().size();
  std::vector<uint64_t> Slots(NewRows, 0);
  std::vector<unsigned> PoolUnits(NewRows * Pools, 0);
  // Carry over what is booked from Now on.
  for (size_t I = 0; I != Rows; ++I) {
    Cycle C = Now + I;
    Slots[C & (NewRows - 1)] = SlotRows[row(C)];
    for (size_t P = 0; P != Pools; ++P)
      PoolUnits[(C & (NewRows - 1)) * Pools + P] = PoolRows[row(C) * Pools + P];
  }
  Rows = NewRows;
  SlotRows = std::move(Slots);
  PoolRows = std::move(PoolUnits);
}

void ResourceCalendar::advanceTo(Cycle To) {
  size_t Pools = Model.pools().size();
  // Cycles that fall behind are cleared for reuse by the ring.
  Cycle Clear = std::min<Cycle>(To, Now + Rows);
  for (Cycle C = Now; C < Clear; ++C) {
    SlotRows[row(C)] = 0;
    std::fill_n(PoolRows.begin() + row(C) * Pools, Pools, 0u);
  }
  Now = std::max(Now, To);
}

std::optional<ResourceConflict>
ResourceCalendar::conflict(Cycle Start, const OpClass &Class) const {
  size_t Pools = Model.pools().size();
  for (const SlotUse &U : Class.Slots) {
    // A slot the model does not define is never free.
    if (U.Slot == 0 || U.Slot > MaxSlotId || !(Defined & slotBit(U.Slot)))
      return ResourceConflict{false, U.Slot, Start};
    for (unsigned K = 0; K != U.Duration; ++K) {
      Cycle C = Start + K;
      if (C >= Now + Rows)
        break; // Not booked yet: free.
      if (SlotRows[row(C)] & slotBit(U.Slot))
        return ResourceConflict{false, U.Slot, C};
    }
  }
  for (const PoolUse &P : Class.Pools) {
    if (P.Pool >= Pools || P.Units > Model.pools()[P.Pool].Capacity)
      return ResourceConflict{true, P.Pool, Start};
    for (unsigned K = 0; K != P.Duration; ++K) {
      Cycle C = Start + K;
      if (C >= Now + Rows)
        break;
      if (PoolRows[row(C) * Pools + P.Pool] + P.Units >
          Model.pools()[P.Pool].Capacity)
        return ResourceConflict{true, P.Pool, C};
    }
  }
  return std::nullopt;
}

void ResourceCalendar::reserve(Cycle Start, const OpClass &Class) {
  unsigned Span = 1;
  for (const SlotUse &U : Class.Slots)
    Span = std::max<unsigned>(Span, Start - Now + U.Duration);
  for (const PoolUse &P : Class.Pools)
    Span = std::max<unsigned>(Span, Start - Now + P.Duration);
  reach(Span);
  size_t Pools = Model.pools().size();
  for (const SlotUse &U : Class.Slots)
    for (unsigned K = 0; K != U.Duration; ++K)
      SlotRows[row(Start + K)] |= slotBit(U.Slot);
  for (const PoolUse &P : Class.Pools)
    for (unsigned K = 0; K != P.Duration; ++K)
      PoolRows[row(Start + K) * Pools + P.Pool] += P.Units;
}

std::string ResourceCalendar::name(const ResourceConflict &C) const {
  if (C.IsPool)
    return C.Id < Model.pools().size()
               ? "pool " + Model.pools()[C.Id].Name
               : llvm::formatv("pool #{0} (not in the model)", C.Id).str();
  if (const SlotDesc *S = Model.findSlot(C.Id))
    return "slot " + S->Name;
  return llvm::formatv("slot #{0} (not in the model)", C.Id).str();
}
