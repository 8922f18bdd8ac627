//===- TileASAgentPrefetch.cpp - Far-memory loads issued stages ahead ----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASAgentPrefetch.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASSubtarget.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/EquivalenceClasses.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"

#include <algorithm>
#include <map>
#include <utility>

using namespace llvm;
using namespace tileas;

bool llvm::isSynchronousFarMemoryLoad(const MachineInstr &MI) {
  if (!MI.mayLoad() || MI.mayStore())
    return false;
  const model::Machine &M = tileasMachine(*MI.getMF());
  const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode());
  if (!Rec)
    return false;
  const model::ResourceVectorRecord &RV = M.resourceVector(*Rec);
  return RV.FarMemory && !RV.Async;
}

/// The barrier resources a coordination instruction names: its pipe and its
/// barrier (a pipe op), or its barrier (a mutex op). Two instructions that
/// name one of them must keep their order, so they move together.
static SmallVector<std::pair<char, int64_t>, 2>
coordinationKeys(const MachineInstr &MI) {
  using TileAS::OpName;
  switch (MI.getOpcode()) {
  case TileAS::PIPE_PRODUCER_ACQUIRE:
  case TileAS::PIPE_PRODUCER_COMMIT:
  case TileAS::PIPE_CONSUMER_WAIT:
  case TileAS::PIPE_CONSUMER_RELEASE:
    return {{'p', namedOperand(MI, OpName::pipe).getImm()},
            {'b', namedOperand(MI, OpName::bar).getImm()}};
  case TileAS::PIPE_TILE:
  case TileAS::PIPE_TMEM:
    return {{'p', namedOperand(MI, OpName::pipe).getImm()}};
  case TileAS::MUTEX_LOCK:
  case TileAS::MUTEX_UNLOCK:
    return {{'b', namedOperand(MI, OpName::bar).getImm()}};
  default:
    return {};
  }
}

TileASAgentPrefetch llvm::prefetchFarMemoryLoads(
    ArrayRef<MachineInstr *> Order, DenseMap<MachineInstr *, int> &Stage,
    const DenseMap<MachineInstr *, MachineInstr *> &AnchorOf,
    const MachineInstr &Compare, unsigned Distance,
    const MachineRegisterInfo &MRI) {
  TileASAgentPrefetch Result;
  for (const MachineInstr *MI : Order) {
    Result.Loads += isSynchronousFarMemoryLoad(*MI);
    if (!TileAS::isCoordination(MI->getDesc()) &&
        (MI->mayStore() || MI->hasUnmodeledSideEffects() || MI->isCall())) {
      Result.WhyNot = "the agent's loop stores to memory or has side effects";
      Result.Loads = 0;
      return Result;
    }
  }
  if (!Result.Loads || !Distance || Order.empty())
    return Result;

  const MachineBasicBlock *Loop = Order.front()->getParent();
  DenseMap<const MachineInstr *, unsigned> Index;
  for (unsigned I = 0; I < Order.size(); ++I)
    Index[Order[I]] = I;

  // Instructions that move together: the coordination of one pipe, mutex or
  // barrier, and what it is anchored to.
  EquivalenceClasses<unsigned> Together;
  std::map<std::pair<char, int64_t>, unsigned> FirstWithKey;
  for (unsigned I = 0; I < Order.size(); ++I) {
    Together.insert(I);
    for (std::pair<char, int64_t> Key : coordinationKeys(*Order[I])) {
      auto [It, New] = FirstWithKey.try_emplace(Key, I);
      if (!New)
        Together.unionSets(It->second, I);
    }
    auto Anchor = AnchorOf.find(Order[I]);
    if (Anchor != AnchorOf.end()) {
      auto AI = Index.find(Anchor->second);
      if (AI != Index.end())
        Together.unionSets(AI->second, I);
    }
  }

  std::vector<unsigned> Leader(Order.size());
  for (unsigned I = 0; I < Order.size(); ++I)
    Leader[I] = Together.getLeaderValue(I);

  // The defining instruction of R in the loop, through the loop's PHIs to
  // the value the previous iteration made (with whether it did).
  auto LoopDef = [&](Register R) -> std::pair<const MachineInstr *, bool> {
    bool Carried = false;
    for (unsigned Hops = 0; R.isVirtual() && Hops <= Order.size(); ++Hops) {
      const MachineInstr *Def = MRI.getVRegDef(R);
      if (!Def || Def->getParent() != Loop)
        return {nullptr, Carried};
      if (!Def->isPHI())
        return {Def, Carried};
      Carried = true;
      Register Next;
      for (unsigned I = 1, E = Def->getNumOperands(); I + 1 < E; I += 2)
        if (Def->getOperand(I + 1).getMBB() == Loop)
          Next = Def->getOperand(I).getReg();
      R = Next;
    }
    return {nullptr, Carried};
  };

  // What moves ahead of the rest is a far-memory load and the instructions
  // its address is computed from: on this machine a scalar register comes
  // only from scalar arithmetic, a copy or a load from global or local
  // memory (no instruction reads a tile, fragment or tensor-memory value
  // into one), so none of them reads a buffer another agent hands over, and
  // no wait is passed by moving them.
  //
  // Ahead: far-memory loads on the longest chain of register reads from the
  // instruction on within an iteration (the instruction itself included); a
  // value carried to the next iteration needs its reader's (never less), as
  // the two must keep their distance. An instruction is issued Distance
  // stages earlier per unit of Ahead below the most any has: the loads and
  // what their addresses need move ahead, everything else keeps its
  // distances. The exit test must stay in stage 0: it gets the most.
  std::vector<unsigned> Ahead(Order.size(), 0);
  auto Settle = [&]() {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (unsigned I = Order.size(); I-- > 0;) {
        for (const MachineOperand &MO : Order[I]->uses()) {
          if (!MO.isReg())
            continue;
          auto [Def, Carried] = LoopDef(MO.getReg());
          auto DI = Def ? Index.find(Def) : Index.end();
          if (DI == Index.end())
            continue;
          unsigned Need =
              Ahead[I] + (!Carried && isSynchronousFarMemoryLoad(*Def));
          if (Need > Ahead[DI->second]) {
            Ahead[DI->second] = Need;
            Changed = true;
          }
        }
      }
      std::vector<unsigned> GroupMax(Order.size(), 0);
      for (unsigned I = 0; I < Order.size(); ++I)
        GroupMax[Leader[I]] = std::max(GroupMax[Leader[I]], Ahead[I]);
      for (unsigned I = 0; I < Order.size(); ++I)
        if (Ahead[I] < GroupMax[Leader[I]]) {
          Ahead[I] = GroupMax[Leader[I]];
          Changed = true;
        }
      if (any_of(Ahead, [&](unsigned A) { return A > Result.Loads; }))
        return false;
    }
    return true;
  };
  if (!Settle()) {
    Result.WhyNot = "a far-memory load is on a recurrence of the agent";
    return Result;
  }
  unsigned Most = *std::max_element(Ahead.begin(), Ahead.end());
  auto CI = Index.find(&Compare);
  if (CI != Index.end() && Ahead[CI->second] < Most) {
    Ahead[CI->second] = Most;
    if (!Settle() || *std::max_element(Ahead.begin(), Ahead.end()) != Most) {
      Result.WhyNot = "the loop's exit test reads a far-memory load";
      return Result;
    }
  }
  for (unsigned I = 0; I < Order.size(); ++I)
    Stage[Order[I]] += int(Distance * (Most - Ahead[I]));
  Result.AddedStages = Distance * Most;
  return Result;
}
