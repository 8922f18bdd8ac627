//===- MIRRun.cpp - What the agents of one MIR run share ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRRun.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/PipeSides.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Protocol/ProtocolChecker.h"

#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

MIRRun::MIRRun(ArrayRef<AgentEntry> Agents)
    : Agents(Agents.begin(), Agents.end()) {}

std::string MIRRun::agentName(unsigned Agent) const {
  if (Agent == 0 && Agents.front().Region)
    return "the preamble (0)";
  for (const AgentEntry &A : Agents)
    if (A.Id == Agent)
      return formatv("agent {0} ({1})", A.Id, A.Name).str();
  return formatv("agent {0}", Agent).str();
}

unsigned MIRRun::site(const MachineInstr &MI) {
  auto [It, New] = SiteOf.try_emplace(&MI, Sites.size());
  if (New)
    Sites.push_back(&MI);
  return It->second;
}

std::string MIRRun::describe(unsigned Site) const {
  return Site < Sites.size() ? where(*Sites[Site])
                             : formatv("site {0}", Site).str();
}

std::string MIRRun::streamName(unsigned Agent, unsigned EventPipe,
                               std::optional<unsigned> Pipe) const {
  std::string Name = model::pipeNames()[EventPipe];
  if (Pipe && model::isCopyEngine(EventPipe))
    Name += formatv(".pipe{0}", *Pipe).str();
  if (Agents.size() > 1)
    for (const AgentEntry &A : Agents)
      if (A.Id == Agent)
        Name = A.Name + "." + Name;
  return Name;
}

unsigned MIRRun::issueStream(unsigned Agent, unsigned EventPipe,
                             std::optional<unsigned> Pipe) {
  std::string Name = streamName(Agent, EventPipe, Pipe);
  Issued.insert(Name);
  return sim::Catalog::intern(Names.Streams, Name);
}

int MIRRun::performer(unsigned Declared, unsigned Agent,
                      std::optional<unsigned> Pipe) {
  if (!Declared)
    return sim::NoStream;
  unsigned EventPipe = Declared - 1;
  std::string Name = streamName(Agent, EventPipe, Pipe);
  if (Pipe && model::isCopyEngine(EventPipe) && !Issued.count(Name))
    Name = streamName(Agent, EventPipe, std::nullopt);
  return sim::Catalog::intern(Names.Streams, Name);
}

/// Coordination operands are immediates but for the induction values; an
/// agent is 0 (the issuer) or 1 + an event pipe; a pipe has 1 to
/// MaxPipeDepth slots and a nonzero step.
Error MIRRun::checkOperands(const MachineInstr &MI, unsigned Issuer) const {
  for (unsigned I = 0, E = MI.getNumExplicitOperands(); I != E; ++I)
    if (!MI.getOperand(I).isReg() && !MI.getOperand(I).isImm())
      return failAt(MI, formatv("operand {0} is neither a register nor an "
                                "immediate",
                                I));
  auto Agent = [&](unsigned I) -> Error {
    const MachineOperand &MO = MI.getOperand(I);
    int64_t Units = model::pipeNames().size();
    if (!MO.isImm() || MO.getImm() < 0 || MO.getImm() > Units)
      return failAt(MI, formatv("operand {0} names no agent: 0 is the "
                                "issuing agent, 1 to {1} an asynchronous "
                                "unit",
                                I, Units));
    return Error::success();
  };
  auto Imm = [&](unsigned I) -> Error {
    if (!MI.getOperand(I).isImm())
      return failAt(MI, formatv("operand {0} is not an immediate", I));
    return Error::success();
  };
  switch (MI.getOpcode()) {
  case TileAS::PIPE_CREATE: {
    for (unsigned I : {0u, 1u, 8u, 9u, 10u})
      if (Error E = Imm(I))
        return E;
    int64_t Depth = MI.getOperand(1).getImm();
    if (Depth < 1 || Depth > protocol::MaxPipeDepth)
      return failAt(MI, formatv("depth {0} is not in [1, {1}]", Depth,
                                protocol::MaxPipeDepth));
    if (MI.getOperand(8).getImm() == 0)
      return failAt(MI, "a pipe's step is not 0");
    if (Error E = Agent(5))
      return E;
    if (Error E = Agent(6))
      return E;
    // The issuing agents: the unspecialized form's one or the preamble (0),
    // or agents of this function.
    for (unsigned I : {9u, 10u}) {
      int64_t Issuer = MI.getOperand(I).getImm();
      bool Known = Issuer == 0 || any_of(Agents, [&](const AgentEntry &A) {
                     return A.Region && int64_t(A.Id) == Issuer;
                   });
      if (!Known)
        return failAt(MI, formatv("operand {0}: agent {1} issues no region "
                                  "of this function",
                                  I, Issuer));
    }
    if (Error E = checkPipeSidesDiffer(MI, Issuer))
      return E;
    return Error::success();
  }
  case TileAS::MUTEX_LOCK:
    return joinErrors(Imm(0), Imm(1));
  case TileAS::MUTEX_UNLOCK:
    if (Error E = Imm(0))
      return E;
    return Agent(1);
  default:
    return Imm(0);
  }
}

Expected<SmallVector<sim::DynamicOp, 2>> MIRRun::createPipe(
    const MachineInstr &MI, unsigned Agent, bool InPreamble,
    function_ref<Expected<int64_t>(const MachineOperand &)> Value) {
  Expected<int64_t> First = Value(MI.getOperand(7));
  if (!First)
    return First.takeError();
  unsigned Id = MI.getOperand(0).getImm();
  Pipe P;
  P.First = *First;
  P.Step = MI.getOperand(8).getImm();
  P.Depth = MI.getOperand(1).getImm();
  P.Producer = MI.getOperand(5).getImm();
  P.Consumer = MI.getOperand(6).getImm();
  P.ProducerAgent = MI.getOperand(9).getImm();
  P.ConsumerAgent = MI.getOperand(10).getImm();
  P.Group = sim::Catalog::intern(Names.Groups, formatv("pipe{0}", Id).str());
  auto [It, New] = CreateBarriers.try_emplace(site(MI), Names.NumBarriers);
  if (New)
    Names.NumBarriers += 2 * P.Depth + 1;
  P.Base = It->second;
  P.FullBase = P.Base;
  P.EmptyBase = P.Base + P.Depth;
  auto BarrierId = [&](unsigned I) {
    return MI.getOperand(I).isImm() ? MI.getOperand(I).getImm() : -1;
  };
  P.FullId = BarrierId(3);
  P.EmptyId = BarrierId(4);
  P.Block = MI.getParent();
  if (P.Depth == 1 && P.EmptyId != 0 && P.EmptyId != P.FullId)
    for (auto &[Other, O] : Pipes)
      if (Other != Id && O.Depth == 1 && O.Block == P.Block && !O.Shares &&
          O.EmptyId != O.FullId) {
        if (O.FullId == P.FullId && P.FullBase == P.Base)
          P.FullBase = O.FullBase;
        if (O.EmptyId == P.EmptyId && P.EmptyBase == P.Base + 1)
          P.EmptyBase = O.EmptyBase;
      }
  P.Shares = P.FullBase != P.Base || P.EmptyBase != P.Base + P.Depth;
  Pipes[Id] = P;
  unsigned Created = P.Base + 2 * P.Depth;
  sim::DynamicOp Op;
  Op.Barrier = Created;
  if (InPreamble && !actsForPreamble(Agent)) {
    // Until the first agent has initialized the barriers.
    Op.Kind = sim::OpKind::Wait;
    Op.Parity = 0;
    Op.Group = P.Group;
    return SmallVector<sim::DynamicOp, 2>{Op};
  }
  sim::DynamicOp Init;
  Init.Kind = sim::OpKind::Init;
  Init.Barrier = P.Base;
  Init.Count = 2 * P.Depth + 1;
  // In its own region (after an earlier loop's dispatch) an agent creates
  // the pipe for itself: no other agent waits for it.
  if (Agents.size() == 1 || !InPreamble)
    return SmallVector<sim::DynamicOp, 2>{Init};
  Op.Kind = sim::OpKind::Arrive;
  return SmallVector<sim::DynamicOp, 2>{Init, Op};
}

Error MIRRun::checkSide(const MachineInstr &MI, unsigned Id,
                        unsigned Agent) const {
  auto It = Pipes.find(Id);
  if (It == Pipes.end())
    return failAt(MI, formatv("pipe {0} is used before its PIPE_CREATE", Id));
  const Pipe &P = It->second;
  PipeSideUse Use = *pipeSideUse(MI.getOpcode());
  bool Producer = Use == PipeSideUse::Producer;
  unsigned Issuer = Producer ? P.ProducerAgent : P.ConsumerAgent;
  if (mayIssuePipeSide(Use, Issuer, Agent))
    return Error::success();
  return failAt(MI,
                formatv("run by {0}, but PIPE_CREATE gives the {1} side "
                        "of pipe {2} to {3}",
                        agentName(Agent), Producer ? "producer" : "consumer",
                        Id, agentName(Issuer)));
}

Expected<sim::DynamicOp> MIRRun::mutexOp(const MachineInstr &MI,
                                         unsigned Agent) {
  int64_t Bar = MI.getOperand(0).getImm();
  auto [It, New] = MutexBarriers.try_emplace(Bar, Names.NumBarriers);
  if (New)
    ++Names.NumBarriers;
  sim::DynamicOp Op;
  Op.Barrier = It->second;
  if (MI.getOpcode() == TileAS::MUTEX_LOCK) {
    // The producer side (0) enters on an even count, the consumer side (1)
    // on an odd one.
    Op.Kind = sim::OpKind::Wait;
    Op.Parity = 1 - (MI.getOperand(1).getImm() & 1);
    Op.Group =
        sim::Catalog::intern(Names.Groups, formatv("mutex{0}", Bar).str());
  } else {
    Op.Kind = sim::OpKind::Arrive;
    Op.Stream = performer(MI.getOperand(1).getImm(), Agent, std::nullopt);
  }
  return Op;
}

Expected<sim::DynamicOp>
MIRRun::pipeOp(const MachineInstr &MI, unsigned Agent,
               function_ref<Expected<int64_t>(const MachineOperand &)> Value,
               std::optional<unsigned> &PendingWrite) {
  unsigned Id = MI.getOperand(0).getImm();
  // Waits belong to the consumer's side too (PipeSides.h).
  if (Error E = checkSide(MI, Id, Agent))
    return E;
  const Pipe &P = Pipes.find(Id)->second;
  Expected<int64_t> IV = Value(MI.getOperand(2));
  if (!IV)
    return IV.takeError();
  int64_t Distance = int64_t(uint64_t(*IV) - uint64_t(P.First));
  if (Distance % P.Step != 0 || Distance / P.Step < 0)
    return failAt(MI, formatv("induction value {0} is not an iteration of "
                              "pipe {1} (first {2}, step {3})",
                              *IV, Id, P.First, P.Step));
  int64_t K = Distance / P.Step;
  unsigned Slot = K % P.Depth, Phase = (K / P.Depth) & 1;
  unsigned Full = P.FullBase + Slot, Empty = P.EmptyBase + Slot;
  sim::DynamicOp Op;
  Op.Group = P.Group;
  switch (MI.getOpcode()) {
  case TileAS::PIPE_PRODUCER_ACQUIRE:
    Op.Kind = sim::OpKind::Wait;
    Op.Barrier = Empty;
    Op.Parity = Phase ^ 1;
    Op.Acquire = true;
    PendingWrite = Id;
    break;
  case TileAS::PIPE_PRODUCER_COMMIT:
    Op.Kind = sim::OpKind::Arrive;
    Op.Barrier = Full;
    Op.Stream = performer(P.Producer, Agent, Id);
    break;
  case TileAS::PIPE_CONSUMER_WAIT:
    Op.Kind = sim::OpKind::Wait;
    Op.Barrier = Full;
    Op.Parity = Phase;
    break;
  case TileAS::PIPE_CONSUMER_RELEASE:
    Op.Kind = sim::OpKind::Arrive;
    Op.Barrier = Empty;
    Op.Stream = performer(P.Consumer, Agent, Id);
    break;
  default:
    return failAt(MI, "not a coordination instruction the simulator knows");
  }
  return Op;
}

Expected<SmallVector<sim::DynamicOp, 2>> MIRRun::coordinate(
    const MachineInstr &MI, unsigned Agent, bool InPreamble,
    function_ref<Expected<int64_t>(const MachineOperand &)> Value,
    std::optional<unsigned> &PendingWrite) {
  if (Error E = checkOperands(MI, issuer(Agent, InPreamble)))
    return E;
  unsigned Opc = MI.getOpcode();
  bool Waits = Opc == TileAS::PIPE_CONSUMER_WAIT || Opc == TileAS::MUTEX_LOCK;
  Expected<SmallVector<sim::DynamicOp, 2>> Ops =
      [&]() -> Expected<SmallVector<sim::DynamicOp, 2>> {
    if (Opc == TileAS::PIPE_CREATE)
      return createPipe(MI, Agent, InPreamble, Value);
    // The preamble arrives and acquires once, in the first agent; every
    // agent may wait.
    if (InPreamble && !Waits && !actsForPreamble(Agent)) {
      sim::DynamicOp Skip;
      Skip.Kind = sim::OpKind::Rename;
      return SmallVector<sim::DynamicOp, 2>{Skip};
    }
    unsigned Issuer = issuer(Agent, InPreamble);
    Expected<sim::DynamicOp> Op =
        Opc == TileAS::MUTEX_LOCK || Opc == TileAS::MUTEX_UNLOCK
            ? mutexOp(MI, Issuer)
            : pipeOp(MI, Issuer, Value, PendingWrite);
    if (!Op)
      return Op.takeError();
    return SmallVector<sim::DynamicOp, 2>{*Op};
  }();
  if (Ops)
    for (sim::DynamicOp &Op : *Ops)
      Op.Site = site(MI);
  return Ops;
}

} // namespace tileas
