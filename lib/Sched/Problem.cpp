//===- Problem.cpp - Scheduling problem validation and footprints ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sched/Problem.h"
#include "tileas/Sched/ProblemSize.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

SmallVector<uint64_t, 8> buildFootprint(ArrayRef<SlotUse> Slots) {
  unsigned Length = 0;
  for (const SlotUse &U : Slots)
    Length = std::max(Length, U.Duration);
  SmallVector<uint64_t, 8> Rows(Length, 0);
  for (const SlotUse &U : Slots)
    for (unsigned K = 0; K < U.Duration; ++K)
      Rows[K] |= slotBit(U.Slot);
  return Rows;
}

static Error problemError(const Twine &Msg) {
  return createStringError(inconvertibleErrorCode(), Msg);
}

/// A chain of leaders must end at a group without one: that group is the
/// one the others merge into. Leaders that come back to where they started
/// name no such group, which is a mistake in the input, not a merge. The
/// first group (in declaration order) on a cycle is named, with the cycle.
/// Every leader names a declared group (checked before).
static Error checkLeaderChains(ArrayRef<GroupDesc> Groups) {
  DenseMap<int, int> LeaderOf;
  for (const GroupDesc &G : Groups)
    LeaderOf.try_emplace(G.Id, G.Leader);
  for (const GroupDesc &G : Groups) {
    std::string Chain = std::to_string(G.Id);
    int Cur = G.Leader;
    // A chain longer than the groups has entered a cycle without G.
    for (size_t Steps = 0; Cur >= 0 && Steps < Groups.size(); ++Steps) {
      Chain += " -> " + std::to_string(Cur);
      if (Cur == G.Id)
        return problemError(formatv("the leaders of groups {0} form a "
                                    "cycle: a chain of leaders must end at "
                                    "a group without one",
                                    Chain));
      Cur = LeaderOf.lookup(Cur);
    }
  }
  return Error::success();
}

Error Problem::validate() const {
  DenseSet<unsigned> SlotIds;
  for (const SlotDesc &S : Model.slots()) {
    if (S.Id < 1 || S.Id > MaxSlotId)
      return problemError(formatv("slot '{0}' has id {1}, outside 1..{2}",
                                  S.Name, S.Id, MaxSlotId));
    if (!SlotIds.insert(S.Id).second)
      return problemError(
          formatv("slot id {0} is defined twice ('{1}')", S.Id, S.Name));
  }
  for (const PoolDesc &P : Model.pools())
    if (P.Capacity == 0)
      return problemError(formatv("pool '{0}' has capacity 0", P.Name));

  for (unsigned I = 0, E = Ops.size(); I != E; ++I) {
    const Operation &Op = Ops[I];
    auto OpError = [&](const Twine &Msg) {
      return problemError("op " + Twine(I) + " '" + Op.Name + "': " + Msg);
    };
    for (unsigned T = 0, TE = Op.Slots.size(); T != TE; ++T) {
      const SlotUse &U = Op.Slots[T];
      if (!Model.findSlot(U.Slot))
        return OpError(
            formatv("triple {0} uses undefined slot {1}", T, U.Slot));
      if (U.Duration == 0)
        return OpError(
            formatv("triple {0} (slot {1}) has duration 0", T, U.Slot));
      if (U.Occupancy != 1)
        return OpError(formatv("triple {0} (slot {1}) has occupancy {2}; a "
                               "singleton slot admits only 1",
                               T, U.Slot, U.Occupancy));
    }
    for (const PoolUse &U : Op.Pools) {
      if (U.Pool >= Model.pools().size())
        return OpError(formatv("charges undefined pool {0}", U.Pool));
      if (U.Duration == 0)
        return OpError(formatv("charges pool '{0}' for 0 cycles",
                               Model.pools()[U.Pool].Name));
      if (U.Units > Model.pools()[U.Pool].Capacity)
        return OpError(formatv("charges {0} units of pool '{1}' whose "
                               "capacity is {2}",
                               U.Units, Model.pools()[U.Pool].Name,
                               Model.pools()[U.Pool].Capacity));
    }
    for (const BudgetUse &U : Op.Budgets)
      if (U.Budget >= Model.budgets().size())
        return OpError(formatv("charges undefined budget pool {0}", U.Budget));
    if (!Op.FootprintRows.empty() &&
        ArrayRef<uint64_t>(Op.FootprintRows) !=
            ArrayRef<uint64_t>(buildFootprint(Op.Slots)))
      return OpError("precomputed footprint rows do not match its triples");
  }

  for (unsigned I = 0, E = Deps.size(); I != E; ++I) {
    const Dependence &D = Deps[I];
    if (D.From >= Ops.size() || D.To >= Ops.size())
      return problemError(formatv("dependence {0} ({1} -> {2}) names an op "
                                  "outside 0..{3}",
                                  I, D.From, D.To, Ops.size() - 1));
    if (D.Distance > MaxDependenceDistance)
      return problemError(formatv("dependence {0} ({1} -> {2}) has distance "
                                  "{3}, above {4}",
                                  I, D.From, D.To, D.Distance,
                                  MaxDependenceDistance));
  }

  if (LoopBranch) {
    if (*LoopBranch >= Ops.size())
      return problemError(formatv("the loop branch is op {0}, outside 0..{1}",
                                  *LoopBranch, Ops.size() - 1));
    const Operation &Op = Ops[*LoopBranch];
    if (!Op.Slots.empty() || !Op.Pools.empty() || !Op.Budgets.empty() ||
        Op.MaxDepth != 1)
      return problemError(formatv("op {0} '{1}' is the loop branch: it must "
                                  "hold nothing and have max depth 1",
                                  *LoopBranch, Op.Name));
  }

  DenseSet<int> GroupIds;
  for (const GroupDesc &G : Groups)
    if (!GroupIds.insert(G.Id).second)
      return problemError(formatv("group {0} is declared twice", G.Id));
  for (const GroupDesc &G : Groups)
    if (G.Leader >= 0 && !GroupIds.contains(G.Leader))
      return problemError(formatv("group {0} names leader group {1}, which "
                                  "does not exist",
                                  G.Id, G.Leader));
  if (Error E = checkLeaderChains(Groups))
    return E;
  for (unsigned I = 0, E = Ops.size(); I != E; ++I)
    if (Ops[I].Group >= 0 && !GroupIds.contains(Ops[I].Group))
      return problemError(formatv("op {0} '{1}' is in group {2}, which is not "
                                  "declared",
                                  I, Ops[I].Name, Ops[I].Group));
  // Last: the caps assume the slot ids and pool indices checked above.
  if (std::optional<SizeExcess> Excess = findSizeExcess(*this))
    return problemError(formatv("op {0} '{1}': {2}", Excess->Op,
                                Ops[Excess->Op].Name, Excess->Message));
  return Error::success();
}

} // namespace tileas
