//===- PeerSchedule.cpp - A peer's placements as a TileAS schedule --------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "PeerSchedule.h"

#include "Pipeliner/TileASLoopProblem.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <climits>
#include <numeric>

using namespace llvm;
using namespace tileas;
using namespace tileas::bench;

static std::string describe(const MachineInstr &MI, unsigned Index) {
  const TargetInstrInfo *TII = MI.getMF()->getSubtarget().getInstrInfo();
  return formatv("op {0} ({1})", Index, TII->getName(MI.getOpcode())).str();
}

Expected<Schedule>
tileas::bench::buildPeerSchedule(const TileASLoopProblem &LP,
                                 const PeerPlacements &Placements,
                                 unsigned II) {
  if (II == 0)
    return createStringError(inconvertibleErrorCode(), "II of 0");
  int FirstCycle = INT_MAX;
  for (const auto &KV : Placements)
    FirstCycle = std::min(FirstCycle, KV.second.Cycle);
  int MinStage = INT_MAX;
  for (unsigned I = 0; I < LP.Instrs.size(); ++I) {
    auto It = Placements.find(LP.Instrs[I]);
    if (It == Placements.end())
      return createStringError(inconvertibleErrorCode(),
                               "the peer placed no " +
                                   describe(*LP.Instrs[I], I));
    MinStage = std::min(MinStage, It->second.Stage);
  }
  Schedule S;
  S.II = II;
  S.Ops.resize(LP.Instrs.size());
  for (unsigned I = 0; I < LP.Instrs.size(); ++I) {
    const PeerPlacement &P = Placements.find(LP.Instrs[I])->second;
    int64_t Offset = int64_t(P.Cycle) - FirstCycle;
    if (Offset >= int64_t(II))
      return createStringError(
          inconvertibleErrorCode(),
          formatv("{0}: cycle {1} lies outside the kernel window [{2}, {3})",
                  describe(*LP.Instrs[I], I), P.Cycle, FirstCycle,
                  int64_t(FirstCycle) + II)
              .str());
    S.Ops[I].Stage = unsigned(P.Stage - MinStage);
    S.Ops[I].Start = int64_t(S.Ops[I].Stage) * II + Offset;
  }
  finishWithLoopBranch(LP, S);
  return S;
}

void tileas::bench::finishWithLoopBranch(const TileASLoopProblem &LP,
                                         Schedule &S) {
  S.Ops.resize(LP.Problem.size());
  if (LP.Problem.LoopBranch && S.II) {
    OpPlacement &Branch = S.Ops[*LP.Problem.LoopBranch];
    Branch.Stage = 0;
    Branch.Start = S.II - 1;
  }
  finishSchedule(S);
}

void tileas::bench::finishSchedule(Schedule &S) {
  std::vector<unsigned> Rank(S.Ops.size());
  std::iota(Rank.begin(), Rank.end(), 0);
  llvm::stable_sort(Rank, [&](unsigned A, unsigned B) {
    return S.Ops[A].Start < S.Ops[B].Start;
  });
  unsigned MaxStage = 0;
  for (unsigned R = 0; R < Rank.size(); ++R) {
    S.Ops[Rank[R]].Order = R;
    MaxStage = std::max(MaxStage, S.Ops[Rank[R]].Stage);
  }
  S.StageCount = S.Ops.empty() ? 0 : MaxStage + 1;
}
