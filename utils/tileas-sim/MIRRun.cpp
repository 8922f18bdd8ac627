//===- MIRRun.cpp - What the agents of one MIR run share ------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRRun.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/PipeSides.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Protocol/ProtocolChecker.h"

#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

MIRRun::MIRRun(const model::Machine &M, ArrayRef<AgentEntry> Agents,
               std::optional<timing::Timing> T)
    : M(M), Agents(Agents.begin(), Agents.end()), Classes(T) {
  if (T)
    Names.Units = OpClasses::unitNames();
}

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
  std::string Name = M.pipeNames()[EventPipe];
  if (Pipe && M.isCopyEngine(EventPipe))
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
  if (Pipe && M.isCopyEngine(EventPipe) && !Issued.count(Name))
    Name = streamName(Agent, EventPipe, std::nullopt);
  return sim::Catalog::intern(Names.Streams, Name);
}

/// Coordination operands are immediates but for the induction values; an
/// agent is 0 (the issuer) or 1 + an event pipe; a pipe has 1 to
/// MaxPipeDepth slots and a nonzero step.
Error MIRRun::checkOperands(const MachineInstr &MI, unsigned Issuer) const {
  using TileAS::OpName;
  for (unsigned I = 0, E = MI.getNumExplicitOperands(); I != E; ++I)
    if (!MI.getOperand(I).isReg() && !MI.getOperand(I).isImm())
      return failAt(MI, formatv("operand {0} is neither a register nor an "
                                "immediate",
                                I));
  auto Agent = [&](OpName Name) -> Error {
    unsigned I = namedOperandIndex(MI, Name);
    const MachineOperand &MO = MI.getOperand(I);
    int64_t Units = M.pipeNames().size();
    if (!MO.isImm() || MO.getImm() < 0 || MO.getImm() > Units)
      return failAt(MI, formatv("operand {0} names no agent: 0 is the "
                                "issuing agent, 1 to {1} an asynchronous "
                                "unit",
                                I, Units));
    return Error::success();
  };
  auto Imm = [&](OpName Name) -> Error {
    return namedImm(MI, Name).takeError();
  };
  switch (MI.getOpcode()) {
  case TileAS::PIPE_CREATE: {
    for (OpName Name : {OpName::pipe, OpName::depth, OpName::step,
                        OpName::pagent, OpName::cagent})
      if (Error E = Imm(Name))
        return E;
    int64_t Depth = namedOperand(MI, OpName::depth).getImm();
    if (Depth < 1 || Depth > protocol::MaxPipeDepth)
      return failAt(MI, formatv("depth {0} is not in [1, {1}]", Depth,
                                protocol::MaxPipeDepth));
    if (namedOperand(MI, OpName::step).getImm() == 0)
      return failAt(MI, "a pipe's step is not 0");
    if (Error E = Agent(OpName::producer))
      return E;
    if (Error E = Agent(OpName::consumer))
      return E;
    // The issuing agents: the unspecialized form's one or the preamble (0),
    // or agents of this function.
    for (OpName Name : {OpName::pagent, OpName::cagent}) {
      unsigned I = namedOperandIndex(MI, Name);
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
    return joinErrors(Imm(OpName::bar), Imm(OpName::side));
  case TileAS::MUTEX_UNLOCK:
    if (Error E = Imm(OpName::bar))
      return E;
    return Agent(OpName::agent);
  default:
    return Imm(OpName::pipe);
  }
}

SmallVector<sim::DynamicOp, 2> MIRRun::createPipe(const MachineInstr &MI,
                                                  const PipeDecl &Decl,
                                                  unsigned Agent,
                                                  bool InPreamble) {
  unsigned Id = Decl.Id;
  Pipe P;
  P.Decl = Decl;
  P.Group = sim::Catalog::intern(Names.Groups, formatv("pipe{0}", Id).str());
  auto [It, New] = CreateBarriers.try_emplace(site(MI), Names.NumBarriers);
  if (New)
    Names.NumBarriers += 2 * Decl.Depth + 1;
  P.Base = It->second;
  P.FullBase = P.Base;
  P.EmptyBase = P.Base + Decl.Depth;
  if (Decl.Depth == 1 && Decl.Empty != 0 && Decl.Empty != Decl.Full)
    for (auto &[Other, O] : Pipes)
      if (Other != Id && O.Decl.Depth == 1 && O.Decl.Block == Decl.Block &&
          !O.Shares && O.Decl.Empty != O.Decl.Full) {
        if (O.Decl.Full == Decl.Full && P.FullBase == P.Base)
          P.FullBase = O.FullBase;
        if (O.Decl.Empty == Decl.Empty && P.EmptyBase == P.Base + 1)
          P.EmptyBase = O.EmptyBase;
      }
  P.Shares = P.FullBase != P.Base || P.EmptyBase != P.Base + Decl.Depth;
  Pipes[Id] = P;
  unsigned Created = P.Base + 2 * Decl.Depth;
  sim::DynamicOp Op;
  Op.Barrier = Created;
  if (InPreamble && !actsForPreamble(Agent)) {
    // Until the first agent has initialized the barriers.
    Op.Kind = sim::OpKind::Wait;
    Op.Parity = 0;
    Op.Group = P.Group;
    return {Op};
  }
  sim::DynamicOp Init;
  Init.Kind = sim::OpKind::Init;
  Init.Barrier = P.Base;
  Init.Count = 2 * Decl.Depth + 1;
  // In its own region (after an earlier loop's dispatch) an agent creates
  // the pipe for itself: no other agent waits for it.
  if (Agents.size() == 1 || !InPreamble)
    return {Init};
  Op.Kind = sim::OpKind::Arrive;
  return {Init, Op};
}

Error MIRRun::checkSide(const MachineInstr &MI, unsigned Id,
                        unsigned Agent) const {
  auto It = Pipes.find(Id);
  if (It == Pipes.end())
    return failAt(MI, formatv("pipe {0} is used before its PIPE_CREATE", Id));
  const Pipe &P = It->second;
  PipeSideUse Use = *pipeSideUse(MI.getOpcode());
  bool Producer = Use == PipeSideUse::Producer;
  unsigned Issuer = Producer ? P.Decl.ProducerIssuer : P.Decl.ConsumerIssuer;
  if (mayIssuePipeSide(Use, Issuer, Agent))
    return Error::success();
  return failAt(MI,
                formatv("run by {0}, but PIPE_CREATE gives the {1} side "
                        "of pipe {2} to {3}",
                        agentName(Agent), Producer ? "producer" : "consumer",
                        Id, agentName(Issuer)));
}

sim::DynamicOp MIRRun::mutexOp(const CoordinationEvent &E, unsigned Agent) {
  auto [It, New] = MutexBarriers.try_emplace(E.Barrier, Names.NumBarriers);
  if (New)
    ++Names.NumBarriers;
  sim::DynamicOp Op;
  Op.Barrier = It->second;
  if (E.Kind == CoordinationKind::Lock) {
    // The producer side (0) enters on an even count, the consumer side (1)
    // on an odd one.
    Op.Kind = sim::OpKind::Wait;
    Op.Parity = 1 - (E.Side & 1);
    Op.Group = sim::Catalog::intern(Names.Groups,
                                    formatv("mutex{0}", E.Barrier).str());
  } else {
    Op.Kind = sim::OpKind::Arrive;
    Op.Stream = performer(E.Performer, Agent, std::nullopt);
  }
  return Op;
}

Expected<sim::DynamicOp> MIRRun::pipeOp(const MachineInstr &MI,
                                        const CoordinationEvent &E,
                                        unsigned Agent) {
  unsigned Id = E.Pipe->Id;
  // Waits belong to the consumer's side too (PipeSides.h).
  if (Error Err = checkSide(MI, Id, Agent))
    return Err;
  const Pipe &P = Pipes.find(Id)->second;
  unsigned Full = P.FullBase + E.Slot, Empty = P.EmptyBase + E.Slot;
  sim::DynamicOp Op;
  Op.Group = P.Group;
  switch (E.Kind) {
  case CoordinationKind::Acquire:
    Op.Kind = sim::OpKind::Wait;
    Op.Barrier = Empty;
    Op.Parity = E.Phase ^ 1;
    Op.Acquire = true;
    break;
  case CoordinationKind::Commit:
    Op.Kind = sim::OpKind::Arrive;
    Op.Barrier = Full;
    Op.Stream = performer(E.Performer, Agent, Id);
    break;
  case CoordinationKind::Wait:
    Op.Kind = sim::OpKind::Wait;
    Op.Barrier = Full;
    Op.Parity = E.Phase;
    break;
  case CoordinationKind::Release:
    Op.Kind = sim::OpKind::Arrive;
    Op.Barrier = Empty;
    Op.Stream = performer(E.Performer, Agent, Id);
    break;
  default:
    return failAt(MI, "not a coordination instruction the simulator knows");
  }
  return Op;
}

Expected<SmallVector<sim::DynamicOp, 2>>
MIRRun::coordinate(const MachineInstr &MI, const CoordinationEvent &E,
                   unsigned Agent, bool InPreamble) {
  bool Waits =
      E.Kind == CoordinationKind::Wait || E.Kind == CoordinationKind::Lock;
  Expected<SmallVector<sim::DynamicOp, 2>> Ops =
      [&]() -> Expected<SmallVector<sim::DynamicOp, 2>> {
    if (E.Kind == CoordinationKind::Create)
      return createPipe(MI, *E.Pipe, Agent, InPreamble);
    // The preamble arrives and acquires once, in the first agent; every
    // agent may wait.
    if (InPreamble && !Waits && !actsForPreamble(Agent)) {
      sim::DynamicOp Skip;
      Skip.Kind = sim::OpKind::Rename;
      return SmallVector<sim::DynamicOp, 2>{Skip};
    }
    unsigned Issuer = issuer(Agent, InPreamble);
    if (E.Kind == CoordinationKind::Lock || E.Kind == CoordinationKind::Unlock)
      return SmallVector<sim::DynamicOp, 2>{mutexOp(E, Issuer)};
    Expected<sim::DynamicOp> Op = pipeOp(MI, E, Issuer);
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
