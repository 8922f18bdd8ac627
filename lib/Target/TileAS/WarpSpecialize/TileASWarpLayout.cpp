//===- TileASWarpLayout.cpp - Which agent gets the first warps ------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASWarpLayout.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentPartition.h"

#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/Scheduler.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <tuple>

using namespace llvm;
using namespace tileas;

SmallVector<unsigned, 4>
llvm::warpLayout(const TileASLoopSchedule &S,
                 const TileASAgentPartition &Partition) {
  unsigned N = Partition.numAgents();
  std::vector<int64_t> FirstOp(N + 1, INT64_MAX);
  std::vector<Problem> Own;
  const model::Machine &M = tileasMachine(*S.Loop->getParent());
  for (unsigned A = 0; A <= N; ++A)
    Own.emplace_back(M.buildResourceModel(/*ReservedBarriers=*/-1));
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    unsigned A = Partition.homeAgent(I);
    if (!A)
      continue;
    FirstOp[A] = std::min(FirstOp[A], S.Placement[I].Start);
    if (const model::OpcodeRecord *Rec =
            M.lookupOpcode(S.Instrs[I]->getOpcode())) {
      Operation Op;
      M.fillResources(M.resourceVector(*Rec), Op);
      Own[A].addOperation(std::move(Op));
    }
  }
  std::vector<bool> Saturates(N + 1, false);
  for (unsigned A = 1; A <= N; ++A) {
    if (FirstOp[A] == INT64_MAX)
      continue;
    MIIBounds B = computeBounds(Own[A], SchedulerOptions());
    Saturates[A] = std::max(B.Resource, B.FineDensity) >= S.II;
  }
  unsigned Default = M.defaultAgent();
  // Rule 0 (TileASWarpLayout.h): the starter ahead of a saturating agent
  // that is not the compute agent.
  int64_t Earliest = *std::min_element(FirstOp.begin() + 1, FirstOp.end());
  bool AnySaturates = false;
  for (unsigned A = 1; A <= N; ++A)
    AnySaturates |= Saturates[A] && A != Default;
  auto Key = [&](unsigned A) {
    bool BusyDefault = A == Default && FirstOp[A] != INT64_MAX;
    bool Starter =
        AnySaturates && !Saturates[A] && A != Default && FirstOp[A] == Earliest;
    return std::make_tuple(!Starter, !Saturates[A], !BusyDefault, FirstOp[A]);
  };
  SmallVector<unsigned, 4> Layout;
  for (unsigned A = 1; A <= N; ++A)
    Layout.push_back(A);
  llvm::stable_sort(Layout,
                    [&](unsigned X, unsigned Y) { return Key(X) < Key(Y); });
  return Layout;
}

SmallVector<unsigned, 4> llvm::placeAgentWarps(const model::Machine &M,
                                               ArrayRef<unsigned> Layout) {
  ArrayRef<model::AgentRecord> Agents = M.agents();
  constexpr unsigned WarpgroupWarps = 4;
  // Indexed by agent id: the td's, and any extra compute warpgroup laid out.
  size_t Ids = Agents.size();
  for (unsigned A : Layout)
    Ids = std::max<size_t>(Ids, A);
  SmallVector<unsigned, 4> FirstWarp(Ids + 1, 0);
  unsigned Warp = 0;
  std::optional<unsigned> GroupBudget;
  for (unsigned A : Layout) {
    const model::AgentRecord &Rec = agentRecordOf(M, A);
    if (Warp % WarpgroupWarps && GroupBudget != Rec.Registers)
      Warp = alignTo(Warp, WarpgroupWarps);
    FirstWarp[A] = Warp;
    Warp += Rec.Warps;
    GroupBudget = Rec.Registers;
  }
  return FirstWarp;
}

uint64_t llvm::agentRegisterFileUse(const model::Machine &M,
                                    ArrayRef<unsigned> Layout,
                                    ArrayRef<unsigned> Budgets) {
  constexpr unsigned WarpgroupWarps = 4, WarpThreads = 32;
  // The same walk as placeAgentWarps, with Budgets for the td's: a budget
  // that differs from the current warpgroup's starts the next warpgroup.
  std::vector<unsigned> GroupBudget;
  unsigned Warp = 0;
  std::optional<unsigned> Current;
  for (unsigned A : Layout) {
    unsigned Budget = Budgets[A];
    if (Warp % WarpgroupWarps && Current != Budget)
      Warp = alignTo(Warp, WarpgroupWarps);
    for (unsigned End = Warp + agentRecordOf(M, A).Warps; Warp != End; ++Warp) {
      unsigned G = Warp / WarpgroupWarps;
      if (GroupBudget.size() <= G)
        GroupBudget.resize(G + 1, 0);
      GroupBudget[G] = std::max(GroupBudget[G], Budget);
    }
    Current = Budget;
  }
  uint64_t Use = 0;
  for (unsigned B : GroupBudget)
    Use += uint64_t(B) * WarpgroupWarps * WarpThreads;
  return Use;
}

unsigned llvm::largestAgentBudget(const model::Machine &M,
                                  ArrayRef<unsigned> Layout,
                                  ArrayRef<unsigned> Budgets, unsigned Agent) {
  model::AgentRegisterRule Rule = M.agentRegisterRule();
  unsigned Granule = std::max(1u, Rule.Granule);
  SmallVector<unsigned, 4> Try(Budgets.begin(), Budgets.end());
  for (unsigned B = Rule.MaxRegisters / Granule * Granule;
       B >= Rule.MinRegisters && B >= Granule; B -= Granule) {
    Try[Agent] = B;
    if (agentRegisterFileUse(M, Layout, Try) <= Rule.RegisterFile)
      return B;
  }
  return 0;
}

TileASWarpgroupPlacement
llvm::placeComputeWarpgroups(const model::Machine &M, ArrayRef<unsigned> Layout,
                             ArrayRef<unsigned> Budgets,
                             unsigned ComputeWarpgroups) {
  constexpr unsigned WarpgroupWarps = 4, WarpThreads = 32;
  ArrayRef<model::AgentRecord> Agents = M.agents();
  TileASWarpgroupPlacement P;
  P.FirstWarp = placeAgentWarps(M, Layout);
  uint64_t BusyWarps = 0, Registers = 0;
  for (unsigned A : Layout) {
    unsigned Warps = agentRecordOf(M, A).Warps;
    P.Warps = std::max(P.Warps, P.FirstWarp[A] + Warps);
    BusyWarps += Warps;
    Registers += uint64_t(Warps) * Budgets[A];
  }
  unsigned Default = M.defaultAgent();
  for (unsigned G = 1; Default && G < ComputeWarpgroups; ++G) {
    unsigned First = alignTo(P.Warps, WarpgroupWarps);
    P.ExtraFirstWarp.push_back(First);
    P.Warps = First + Agents[Default - 1].Warps;
    BusyWarps += Agents[Default - 1].Warps;
    Registers += uint64_t(Agents[Default - 1].Warps) * Budgets[Default];
  }
  if (!BusyWarps)
    return P;
  model::AgentRegisterRule Rule = M.agentRegisterRule();
  unsigned Granule = std::max(1u, Rule.Granule);
  uint64_t Launch =
      std::min<uint64_t>(Registers / BusyWarps,
                         Rule.RegisterFile / (uint64_t(P.Warps) * WarpThreads));
  P.LaunchRegisters = std::clamp(unsigned(Launch) / Granule * Granule,
                                 Rule.MinRegisters, Rule.MaxRegisters);
  return P;
}
