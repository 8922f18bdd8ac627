//===- ResourceModel.h - Machine resources a schedule is checked against --===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The three kinds of resources of the TileAS machine model, independent of
// any IR:
//
//  * singleton slots: at most one holder per modulo cycle; slot id N (1..64)
//    is bit (N - 1) of a 64-bit reservation row;
//  * per-cycle counting pools: up to Capacity units per modulo cycle;
//  * budget pools: a capacity over the live ranges of the whole pipelined
//    loop (shared-memory bytes, tensor-memory bytes, named barriers); they
//    bound how deep pipes may be, and therefore the stage count.
//
// The TileAS target builds its model from the tables that tileas-tblgen
// generates from td/; problem files from other benchmark sets build their own.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_SCHED_RESOURCEMODEL_H
#define TILEAS_SCHED_RESOURCEMODEL_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace tileas {

/// The largest slot id a 64-bit reservation row can hold.
constexpr unsigned MaxSlotId = 64;

enum class SlotKind : uint8_t { Coarse, Fine, Test };

struct SlotDesc {
  unsigned Id = 0; ///< One-based; the row bit is 1 << (Id - 1).
  std::string Name;
  SlotKind Kind = SlotKind::Fine;
};

/// A per-cycle counting pool: several units may be held in the same cycle.
struct PoolDesc {
  std::string Name;
  unsigned Capacity = 1;
};

/// A budget pool: capacity over the live ranges of the whole pipelined loop.
/// The capacity is what the loop may use: whoever builds the model subtracts
/// reserved amounts (such as named barriers kept for other uses) first.
struct BudgetDesc {
  std::string Name;
  uint64_t Capacity = 0;
};

/// Returns the reservation-row bit of a one-based slot id.
inline uint64_t slotBit(unsigned SlotId) { return uint64_t(1) << (SlotId - 1); }

class ResourceModel {
public:
  /// Adds a slot; the caller guarantees 1 <= Id <= MaxSlotId and uniqueness
  /// (the problem validator reports violations with context).
  void addSlot(unsigned Id, llvm::StringRef Name, SlotKind Kind) {
    Slots.push_back({Id, Name.str(), Kind});
  }
  /// Adds a counting pool and returns its index.
  unsigned addPool(llvm::StringRef Name, unsigned Capacity) {
    Pools.push_back({Name.str(), Capacity});
    return Pools.size() - 1;
  }
  /// Adds a budget pool and returns its index.
  unsigned addBudget(llvm::StringRef Name, uint64_t Capacity) {
    Budgets.push_back({Name.str(), Capacity});
    return Budgets.size() - 1;
  }

  llvm::ArrayRef<SlotDesc> slots() const { return Slots; }
  llvm::ArrayRef<PoolDesc> pools() const { return Pools; }
  llvm::ArrayRef<BudgetDesc> budgets() const { return Budgets; }

  const SlotDesc *findSlot(unsigned Id) const {
    for (const SlotDesc &S : Slots)
      if (S.Id == Id)
        return &S;
    return nullptr;
  }
  std::optional<unsigned> findPool(llvm::StringRef Name) const {
    for (unsigned I = 0, E = Pools.size(); I != E; ++I)
      if (Pools[I].Name == Name)
        return I;
    return std::nullopt;
  }
  std::optional<unsigned> findBudget(llvm::StringRef Name) const {
    for (unsigned I = 0, E = Budgets.size(); I != E; ++I)
      if (Budgets[I].Name == Name)
        return I;
    return std::nullopt;
  }

  /// Mask of all slot bits that are defined.
  uint64_t definedSlotMask() const {
    uint64_t M = 0;
    for (const SlotDesc &S : Slots)
      M |= slotBit(S.Id);
    return M;
  }

private:
  llvm::SmallVector<SlotDesc, 24> Slots;
  llvm::SmallVector<PoolDesc, 8> Pools;
  llvm::SmallVector<BudgetDesc, 4> Budgets;
};

} // namespace tileas

#endif // TILEAS_SCHED_RESOURCEMODEL_H
