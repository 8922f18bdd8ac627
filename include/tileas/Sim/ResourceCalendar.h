//===- ResourceCalendar.h - Slot and pool holds over time -------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The machine's slots and counting pools, cycle by cycle, from the current
// cycle on (the simulator never issues in the past). An op issued at cycle S
// holds slot U.Slot in cycles S .. S + U.Duration - 1 and P.Units units of
// pool P.Pool in cycles S .. S + P.Duration - 1: the semantics of the
// scheduling core (Problem.h), without the modulo.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SIM_RESOURCECALENDAR_H
#define TILEAS_SIM_RESOURCECALENDAR_H

#include "tileas/Sched/ResourceModel.h"
#include "tileas/Sim/DynamicOp.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tileas {
namespace sim {

/// What keeps an op from issuing: a slot (by id) or a pool (by index).
struct ResourceConflict {
  bool IsPool = false;
  unsigned Id = 0;
  Cycle At = 0;
};

class ResourceCalendar {
public:
  explicit ResourceCalendar(const ResourceModel &Model);

  /// Forgets every cycle before Now; Now never decreases.
  void advanceTo(Cycle Now);
  /// The first slot or pool that Class would overflow if issued at Start
  /// (>= the current cycle), or nullopt if it fits.
  std::optional<ResourceConflict> conflict(Cycle Start,
                                           const OpClass &Class) const;
  /// Holds Class's slots and pools from Start (it must fit).
  void reserve(Cycle Start, const OpClass &Class);

  /// A slot's or pool's name, for reports.
  std::string name(const ResourceConflict &C) const;

private:
  /// Makes room for cycles up to Now + Span - 1.
  void reach(unsigned Span);
  size_t row(Cycle C) const { return size_t(C) & (Rows - 1); }

  const ResourceModel &Model;
  uint64_t Defined = 0;
  Cycle Now = 0;
  /// A ring of Rows cycles (a power of two): slot bits, and pool units per
  /// cycle (Rows x pools).
  size_t Rows = 0;
  std::vector<uint64_t> SlotRows;
  std::vector<unsigned> PoolRows;
};

} // namespace sim
} // namespace tileas

#endif // TILEAS_SIM_RESOURCECALENDAR_H
