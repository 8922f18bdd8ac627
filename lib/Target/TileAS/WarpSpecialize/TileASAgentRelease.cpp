//===- TileASAgentRelease.cpp - Copy-filled slots released late -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASAgentRelease.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASInstrInfo.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineInstr.h"

#include <optional>

using namespace llvm;
using namespace tileas;

static bool isSlotRead(const MachineInstr &MI) {
  return MI.getOpcode() == TileAS::PIPE_TILE ||
         MI.getOpcode() == TileAS::PIPE_TMEM;
}

unsigned llvm::deferCopySlotReleases(std::vector<MachineInstr *> &Order,
                                     const SmallSet<unsigned, 8> &TmaFilled,
                                     const SmallSet<unsigned, 8> &StoreFilled) {
  if (TmaFilled.empty() || StoreFilled.empty())
    return 0;
  // The last wait for a stored tile in the kernel's issue order.
  std::optional<size_t> Wait;
  for (size_t J = 0; J < Order.size(); ++J)
    if (Order[J]->getOpcode() == TileAS::PIPE_CONSUMER_WAIT &&
        StoreFilled.count(
            namedOperand(*Order[J], TileAS::OpName::pipe).getImm()))
      Wait = J;
  if (!Wait)
    return 0;
  // After the instruction the wait guards: the release of an asynchronous
  // consumer lands when the unit completes what the agent issued before it.
  size_t After = *Wait + 1;
  while (After < Order.size() &&
         (isSlotRead(*Order[After]) ||
          TileAS::isCoordination(Order[After]->getDesc())))
    ++After;
  if (After < Order.size())
    ++After;
  // The releases of copied tiles before it go right after it, in their
  // order, each in its own stage.
  std::vector<MachineInstr *> Deferred, Kept;
  for (size_t I = 0; I < After; ++I) {
    MachineInstr *MI = Order[I];
    bool Copy =
        MI->getOpcode() == TileAS::PIPE_CONSUMER_RELEASE &&
        TmaFilled.count(namedOperand(*MI, TileAS::OpName::pipe).getImm());
    (Copy ? Deferred : Kept).push_back(MI);
  }
  if (Deferred.empty())
    return 0;
  llvm::append_range(Kept, Deferred);
  std::copy(Kept.begin(), Kept.end(), Order.begin());
  return Deferred.size();
}
