//===- PoolHolders.h - Who charges each pool row ----------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// For each (pool, row) of a partial schedule, the ops charging it, one entry
// per charge, in the order they came, a removal moving the last entry into
// the hole. Eviction reads these lists to pick the holders to evict.
//
// The lists live in one node pool with a head per row: four bytes per row
// and pool instead of a small vector each (32), since the rows are many (II
// runs to thousands of cycles) and the charges few. Fresh memory costs a
// page fault per page touched, which at large II used to be a good part of
// the time the scheduler spent in a compiler run.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_LIB_SCHED_POOLHOLDERS_H
#define TILEAS_LIB_SCHED_POOLHOLDERS_H

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tileas {

class PoolHolders {
public:
  /// Empties every list and makes NumLists of them, keeping the storage.
  void reset(size_t NumLists);
  /// Appends Op to list L.
  void add(size_t L, unsigned Op);
  /// Removes the first entry of Op from list L (which must hold it): the
  /// list's last entry takes its place.
  void remove(size_t L, unsigned Op);
  /// Calls Visit on the entries of list L in order while it returns true.
  template <typename Fn> void visit(size_t L, Fn Visit) const {
    for (uint32_t N = Head[L]; N != None; N = Next[N])
      if (!Visit(Holder[N]))
        return;
  }

private:
  static constexpr uint32_t None = ~uint32_t(0);
  std::vector<uint32_t> Head;
  /// The node pool: the op of each node and the node after it.
  std::vector<uint32_t> Holder, Next;
  uint32_t FreeNodes = None;
};

} // namespace tileas

#endif // TILEAS_LIB_SCHED_POOLHOLDERS_H
