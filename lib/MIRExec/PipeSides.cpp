//===- PipeSides.cpp - The agents on the two sides of a pipe --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/PipeSides.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

Error checkPipeSidesDiffer(const MachineInstr &MI, unsigned CreatedBy) {
  // $pagent and $cagent: the agents issuing the producer and consumer sides.
  std::optional<int64_t> PAgent = namedImmIfAny(MI, TileAS::OpName::pagent);
  std::optional<int64_t> CAgent = namedImmIfAny(MI, TileAS::OpName::cagent);
  if (!PAgent || !CAgent)
    return Error::success();
  int64_t Producer = *PAgent;
  int64_t Consumer = *CAgent;
  const model::Machine &M = machineOf(*MI.getMF());
  if (Producer != Consumer || Producer <= 0 ||
      Producer > int64_t(maxAgentId(M)) || Producer == int64_t(CreatedBy))
    return Error::success();
  return failAt(MI, formatv("both sides of the pipe are issued by agent {0} "
                            "({1}); a warp-specialized pipe connects two "
                            "agents",
                            Producer, agentNameOf(M, Producer)));
}

std::optional<PipeSideUse> pipeSideUse(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::PIPE_PRODUCER_ACQUIRE:
  case TileAS::PIPE_PRODUCER_COMMIT:
    return PipeSideUse::Producer;
  case TileAS::PIPE_CONSUMER_RELEASE:
    return PipeSideUse::Consumer;
  case TileAS::PIPE_CONSUMER_WAIT:
  case TileAS::PIPE_TILE:
  case TileAS::PIPE_TMEM:
    return PipeSideUse::Observe;
  default:
    return std::nullopt;
  }
}

bool mayIssuePipeSide(PipeSideUse Use, unsigned Named, unsigned Issuer) {
  if (Named == Issuer)
    return true;
  // Observing is the consumer's too (PipeSides.h), but every warp runs the
  // code before the dispatch, and every warp is on a side named 0.
  return Use == PipeSideUse::Observe && (Issuer == 0 || Named == 0);
}

} // namespace tileas
