//===- MIRProtocol.cpp - The coordination program of materialized MIR -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRProtocol.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/MIRExecutor.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/MIRExec/PipeSides.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <optional>
#include <set>
#include <tuple>

using namespace llvm;

namespace tileas {
namespace {

/// Mutexes are modelled as pipes with ids from here on.
constexpr unsigned MutexPipeBase = 1u << 20;
static_assert(MutexPipeBase > PipeEntryStride * PipeEntryStride,
              "a pipe's entries must not reach the mutexes' ids");

/// What the checker follows of a pipe beyond its PIPE_CREATE.
struct PipeInfo {
  PipeDecl Decl;
  /// The entry of the pipe's loop this PIPE_CREATE began (0 for its first
  /// run), and its id in the protocol program (protocolPipeId).
  unsigned Entry = 0;
  unsigned Proto = 0;
  /// The iterations its slots have been written for in this entry.
  std::set<int64_t> Written;
  bool Ring = false;
  /// The largest iteration any operation named.
  int64_t MaxIter = -1;
  /// Its buffers are gone (the function returned, or its barriers were
  /// initialized again for another pipe).
  bool Retired = false;
  /// A one-slot ring whose full or empty barrier is another live one-slot
  /// ring's, created in the same block (a handoff sharing its lender's
  /// barrier): the pipe whose barrier it is, or -1.
  int FullOf = -1, EmptyOf = -1;
};

/// Turns a run of the function (MIRExecutor) into the protocol checker's
/// program: its coordination events become actions, and the instructions an
/// acquire guards or that read a tagged slot become writes and reads.
class Interpreter : public MIRVisitor {
public:
  Interpreter(const MachineFunction &MF, const MIRProtocolOptions &Opts)
      : MF(MF), ExecOpts{Opts.LiveIns, Opts.Overrides, Opts.MaxSteps} {}

  Expected<MIRProtocolProgram> run();

  Error enterBlock(const MachineBasicBlock &MBB, const MachineBasicBlock *Pred,
                   ArrayRef<PhiMove> Phis) override;
  Error checkCoordination(const MachineInstr &MI) override;
  Error coordination(const MachineInstr &MI,
                     const CoordinationEvent &E) override;
  Error instruction(const MachineInstr &MI, const InstrEvent &E) override;

private:
  Error runAgents(MIRExecutor &AtDispatch);
  Error ret(const MachineInstr &MI);
  Error agentSwitch(const MachineInstr &MI);
  Error slotHandle(const MachineInstr &MI, const CoordinationEvent &E);
  void checkIssuer(const MachineInstr &MI, unsigned Pipe);
  std::string agentName(unsigned Agent) const;
  Error createPipe(const MachineInstr &MI, const PipeDecl &Decl);
  /// The protocol id of the entry of pipe Id that is running.
  unsigned proto(unsigned Id) { return Pipes[Id].Proto; }
  /// The pipe of a protocol id.
  unsigned declOf(unsigned Proto) const {
    return Proto < MutexPipeBase ? Proto % PipeEntryStride : Proto;
  }
  /// Records the write of a slot of pipe Id for iteration K by MI: its
  /// loop, and a ring phase reset if its entry wrote K before.
  void noteWrite(unsigned Id, int64_t K, const MachineInstr &MI);
  Error mutexOp(const MachineInstr &MI, const CoordinationEvent &E);
  Error pipeOp(const MachineInstr &MI, const CoordinationEvent &E);
  void retire(unsigned Pipe, const MachineInstr &MI, StringRef Why);
  void dataOp(const MachineInstr &MI, std::optional<SlotRef> Fills);
  Error fail(const MachineInstr &MI, const Twine &Msg) const {
    return failAt(MI, Msg);
  }
  /// The event pipe of an asynchronous instruction, or none.
  static std::optional<unsigned> asyncPipeOf(const MachineInstr &MI) {
    const model::Machine &M = machineOf(*MI.getMF());
    if (const model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode())) {
      const model::ResourceVectorRecord &RV = M.resourceVector(*Rec);
      if (RV.Async)
        return RV.Pipe;
    }
    return std::nullopt;
  }
  unsigned unitFor(unsigned EventPipe, std::optional<unsigned> Pipe);
  /// The agent of an asynchronous instruction working on Pipe (if any), or
  /// the issuer.
  unsigned agentOf(const MachineInstr &MI, std::optional<unsigned> Pipe) {
    std::optional<unsigned> EventPipe = asyncPipeOf(MI);
    return EventPipe ? unitFor(*EventPipe, Pipe) : 0;
  }
  /// The agent a PIPE_CREATE or MUTEX_UNLOCK names (0, or 1 + event pipe).
  unsigned declaredAgent(unsigned Declared, std::optional<unsigned> Pipe) {
    return Declared ? unitFor(Declared - 1, Pipe) : 0;
  }
  void act(unsigned Agent, const protocol::Action &A, const MachineInstr &MI,
           StringRef Note = "") {
    std::string Where = where(MI) + Note.str();
    if (Agent == 0)
      P.issue(A, Where, Issuer);
    else
      P.enqueue(Agent, A, Where, Issuer);
  }

  const MachineFunction &MF;
  MIRExecOptions ExecOpts;
  /// The run in progress (before the dispatch, or an agent's).
  MIRExecutor *X = nullptr;
  std::map<unsigned, PipeInfo> Pipes;
  std::set<unsigned> Mutexes;
  /// (issuer, mutex barrier, side) -> locks so far.
  std::map<std::tuple<unsigned, unsigned, unsigned>, int64_t> LockCount;
  /// (issuer, mutex barrier) -> the turn its last lock entered, until its
  /// unlock.
  std::map<std::pair<unsigned, unsigned>, int64_t> LastTurn;
  /// (issuer, event pipe, stream) -> unit agent: each unit has one issuer.
  std::map<std::tuple<unsigned, unsigned, int64_t>, unsigned> Units;
  /// Set by the wait of a pipe that shares a lender's barrier: the next
  /// instruction reads this pipe (a handoff's buffer is the one allocated
  /// before the loop, which no slot handle tags), and so does every rewrite
  /// in place of its results (sharing(): the reads the lender's phase must
  /// cover).
  std::optional<std::pair<unsigned, int64_t>> PendingRead;
  protocol::Program P;
  /// The issuer running: 0 before the dispatch (and in an unspecialized
  /// function), agent k's warps after it.
  unsigned Issuer = 0;
  /// The WARP_IDX that dispatches to the agents, once reached. Every
  /// agent's warps go on from the first instruction after it that reads the
  /// warp index, or the block after the WARP_IDX's (what comes before runs
  /// alike in every warp: once, before the dispatch): the run pauses there.
  const MachineInstr *Dispatch = nullptr;
  /// The agent's warps have reached their AGENT_SWITCH.
  bool Switched = false;
  const MachineInstr *LastReturn = nullptr;
  std::vector<std::string> WrongAgents;
  std::map<unsigned, PipeEntryInfo> Entries;
  std::vector<std::string> PhaseResets;
  /// The instructions already in WrongAgents (each is listed once).
  std::set<const MachineInstr *> WrongAgentSeen;
};

std::string Interpreter::agentName(unsigned Agent) const {
  const model::Machine &M = machineOf(MF);
  if (Agent == 0)
    return "the code before the dispatch (0)";
  if (Agent >= 1 && Agent <= maxAgentId(M))
    return formatv("agent {0} ({1})", Agent, agentNameOf(M, Agent)).str();
  return formatv("agent {0}", Agent).str();
}

/// Copy engines (TMA, async copy) complete transfers into different barriers
/// in any order: each pipe they serve is its own in-order stream. The tensor
/// core and the other units complete in issue order: one stream each.
unsigned Interpreter::unitFor(unsigned EventPipe,
                              std::optional<unsigned> Pipe) {
  StringRef Name = machineOf(MF).pipeNames()[EventPipe];
  bool CopyEngine = machineOf(MF).isCopyEngine(EventPipe);
  int64_t Stream = CopyEngine && Pipe ? int64_t(*Pipe) : -1;
  auto [It, New] =
      Units.try_emplace({Issuer, EventPipe, Stream}, Units.size() + 1);
  if (New) {
    P.NumUnits = Units.size();
    std::string UnitName =
        Stream < 0 ? Name.str() : formatv("{0}.pipe{1}", Name, Stream).str();
    if (Issuer)
      UnitName += " of " + agentName(Issuer);
    P.UnitNames.push_back(UnitName);
  }
  return It->second;
}

/// The ring's buffers are freed (the CTA exits) or its barriers initialized
/// again for another pipe: as if the issuer overwrote every slot with a new
/// iteration. Any iteration still live then, one that an asynchronous unit
/// has not released yet, is an overwrite of an unreleased slot.
void Interpreter::retire(unsigned Pipe, const MachineInstr &MI, StringRef Why) {
  PipeInfo &Info = Pipes[Pipe];
  if (Info.Retired || !Info.Ring)
    return;
  Info.Retired = true;
  unsigned Depth = Info.Decl.Depth;
  int64_t Base = (std::max<int64_t>(Info.MaxIter, 0) / Depth + 2) * Depth;
  for (unsigned S = 0; S < Depth; ++S)
    P.issue(protocol::Action::write(Info.Proto, Base + S),
            where(MI) + " " + RetireMarker.str() + " " + Why.str(), Issuer);
}

/// Coordination operands are immediates, but for the induction values; an
/// agent is 0 (the issuer) or 1 + an event pipe of the machine model; a pipe
/// has 1 to MaxPipeDepth slots.
Error Interpreter::checkCoordination(const MachineInstr &MI) {
  using TileAS::OpName;
  for (unsigned I = 0, E = MI.getNumExplicitOperands(); I != E; ++I)
    if (!MI.getOperand(I).isReg() && !MI.getOperand(I).isImm())
      return fail(MI, formatv("operand {0} is not an immediate", I));
  auto CheckAgent = [&](OpName Name) -> Error {
    unsigned I = namedOperandIndex(MI, Name);
    int64_t Agent = MI.getOperand(I).getImm();
    int64_t Units = machineOf(MF).pipeNames().size();
    if (Agent < 0 || Agent > Units)
      return fail(MI, formatv("agent {0} (operand {1}) is neither the issuer "
                              "(0) nor an event pipe (1 to {2})",
                              Agent, I, Units));
    return Error::success();
  };
  switch (MI.getOpcode()) {
  case TileAS::PIPE_CREATE: {
    int64_t Depth = namedOperand(MI, OpName::depth).getImm();
    if (Depth < 1 || Depth > protocol::MaxPipeDepth)
      return fail(MI, formatv("depth {0} is not in [1, {1}]", Depth,
                              protocol::MaxPipeDepth));
    if (Error E = CheckAgent(OpName::producer))
      return E;
    if (Error E = CheckAgent(OpName::consumer))
      return E;
    for (OpName Name : {OpName::pagent, OpName::cagent}) {
      unsigned I = namedOperandIndex(MI, Name);
      int64_t Agent = MI.getOperand(I).getImm();
      int64_t Agents = functionAgentCount(MF, machineOf(MF));
      if (Agent < 0 || Agent > Agents)
        return fail(MI, formatv("issuing agent {0} (operand {1}) is neither "
                                "the one stream of the unspecialized form (0) "
                                "nor an agent of the model (1 to {2})",
                                Agent, I, Agents));
    }
    if (Error E = checkPipeSidesDiffer(MI, Issuer))
      return E;
    return Error::success();
  }
  case TileAS::MUTEX_UNLOCK:
    return CheckAgent(OpName::agent);
  default:
    return Error::success();
  }
}

Error Interpreter::coordination(const MachineInstr &MI,
                                const CoordinationEvent &E) {
  switch (E.Kind) {
  case CoordinationKind::Create:
    return createPipe(MI, *E.Pipe);
  case CoordinationKind::Lock:
  case CoordinationKind::Unlock:
    return mutexOp(MI, E);
  case CoordinationKind::SlotHandle:
    return slotHandle(MI, E);
  default:
    return pipeOp(MI, E);
  }
}

Error Interpreter::createPipe(const MachineInstr &MI, const PipeDecl &Decl) {
  unsigned Id = Decl.Id;
  PipeInfo Info;
  Info.Decl = Decl;
  // A PIPE_CREATE run again (its loop entered again: the next tile of a
  // persistent kernel) initializes the pipe's barriers anew: the ring of
  // the entry before ends there, and this entry counts its iterations from
  // 0 as a pipe of its own.
  if (auto Old = Pipes.find(Id); Old != Pipes.end()) {
    retire(Id, MI, "initializes its barriers again for its loop's next entry");
    Info.Entry = Old->second.Entry + 1;
  }
  if (Id >= PipeEntryStride || Info.Entry >= PipeEntryStride)
    return fail(MI, formatv("pipe {0}, entry {1}: the checker numbers pipes "
                            "and their loop's entries below {2}",
                            Id, Info.Entry, PipeEntryStride));
  Info.Proto = protocolPipeId(Id, Info.Entry);
  PipeEntryInfo &Entry = Entries[Info.Proto];
  Entry.Pipe = Id;
  Entry.Entry = Info.Entry;
  Entry.CreatedIn = MI.getParent();
  // A ring has an empty barrier of its own (the others' is unused).
  Info.Ring = Decl.Empty != 0 && Decl.Empty != Decl.Full;
  // A one-slot ring naming the full or empty barrier of a live one-slot
  // ring created in the same block shares it: a handoff whose lender's
  // phase says what its own would (docs/warp-specialization.md).
  if (Info.Ring && Decl.Depth == 1)
    for (auto &[Other, OI] : Pipes)
      if (Other != Id && !OI.Retired && OI.Ring && OI.Decl.Depth == 1 &&
          OI.Decl.Block == Decl.Block && OI.FullOf < 0 && OI.EmptyOf < 0) {
        if (OI.Decl.Full == Decl.Full)
          Info.FullOf = int(Other);
        if (OI.Decl.Empty == Decl.Empty)
          Info.EmptyOf = int(Other);
      }
  // Initializing a barrier that an earlier pipe still uses ends that
  // pipe, unless both share it with one lender.
  auto SameFull = [&](unsigned Other, const PipeInfo &OI) {
    return Info.FullOf >= 0 &&
           (Info.FullOf == int(Other) || OI.FullOf == Info.FullOf);
  };
  auto SameEmpty = [&](unsigned Other, const PipeInfo &OI) {
    return Info.EmptyOf >= 0 &&
           (Info.EmptyOf == int(Other) || OI.EmptyOf == Info.EmptyOf);
  };
  for (auto &[Other, OI] : Pipes)
    if (Other != Id && !OI.Retired &&
        ((OI.Decl.Full == Decl.Full && !SameFull(Other, OI)) ||
         (OI.Ring && OI.Decl.Empty == Decl.Full) ||
         (Info.Ring &&
          (OI.Decl.Full == Decl.Empty ||
           (OI.Ring && OI.Decl.Empty == Decl.Empty && !SameEmpty(Other, OI))))))
      retire(Other, MI,
             formatv("initializes a barrier of pipe {0} again", Other).str());
  Pipes[Id] = Info;
  P.Pipes.push_back({Info.Proto, Decl.Depth,
                     Info.Entry
                         ? formatv("pipe{0}.entry{1}", Id, Info.Entry).str()
                         : formatv("pipe{0}", Id).str()});
  return Error::success();
}

/// A mutex is one barrier that the two sides take in turns: as a pipe of
/// depth 1 whose FULL barrier alone counts the turns, a side enters with a
/// wait of the right parity and leaves with an arrival.
Error Interpreter::mutexOp(const MachineInstr &MI, const CoordinationEvent &E) {
  unsigned Bar = unsigned(E.Barrier);
  unsigned Pipe = MutexPipeBase + Bar;
  if (Mutexes.insert(Bar).second)
    P.Pipes.push_back({Pipe, 1, formatv("mutex{0}", Bar).str()});
  // Each side's region is a turn: side s's c-th lock is turn 2c + s, an
  // item of the mutex's one slot, written when the side enters and released
  // when it leaves. A side entering while the other's turn is live (two
  // agents inside at once) is an overwrite of that turn.
  if (E.Kind == CoordinationKind::Lock) {
    int64_t Side = E.Side;
    if (Side != 0 && Side != 1)
      return fail(MI, formatv("side {0} (operand 1) is neither 0 (the "
                              "producer) nor 1 (the consumer)",
                              Side));
    // The producer side needs an even count, i.e. a wait on parity 1.
    act(0,
        protocol::Action::consumerWait(Pipe, 0).withOverride(
            0, unsigned(1 - Side)),
        MI);
    int64_t Turn = 2 * LockCount[{Issuer, Bar, unsigned(Side)}]++ + Side;
    LastTurn[{Issuer, Bar}] = Turn;
    act(0, protocol::Action::write(Pipe, Turn), MI);
    return Error::success();
  }
  unsigned Agent = declaredAgent(E.Performer, std::nullopt);
  auto It = LastTurn.find({Issuer, Bar});
  if (It != LastTurn.end()) {
    act(Agent, protocol::Action::consumerRelease(Pipe, It->second), MI);
    LastTurn.erase(It);
  }
  act(Agent, protocol::Action::producerCommit(Pipe, 0).withOverride(0, 0), MI);
  return Error::success();
}

Error Interpreter::pipeOp(const MachineInstr &MI, const CoordinationEvent &E) {
  unsigned Pipe = E.Pipe->Id;
  int64_t K = E.Iteration;
  PipeInfo &Info = Pipes[Pipe];
  Info.MaxIter = std::max(Info.MaxIter, K);
  checkIssuer(MI, Pipe);
  // The barrier actions of a pipe sharing a lender's barrier act on the
  // lender's (one slot each: the same slot and phase for iteration K).
  unsigned FullPipe = proto(Info.FullOf >= 0 ? unsigned(Info.FullOf) : Pipe);
  unsigned EmptyPipe = proto(Info.EmptyOf >= 0 ? unsigned(Info.EmptyOf) : Pipe);
  switch (E.Kind) {
  case CoordinationKind::Acquire:
    // The executor names the instruction it guards: its writer (dataOp).
    act(0, protocol::Action::producerAcquire(EmptyPipe, K), MI);
    break;
  case CoordinationKind::Commit: {
    unsigned Agent = declaredAgent(E.Performer, Pipe);
    // A pipe without slots of its own (a drain, a consumer-only pipe) has
    // no writer that an acquire guards: its value is final when the commit
    // is made, by the agent that makes it.
    if (!Info.Ring)
      act(Agent, protocol::Action::write(Info.Proto, K), MI,
          (" " + FillMarker).str());
    act(Agent, protocol::Action::producerCommit(FullPipe, K), MI);
    break;
  }
  case CoordinationKind::Wait:
    act(0, protocol::Action::consumerWait(FullPipe, K), MI);
    if (Info.FullOf >= 0 || Info.EmptyOf >= 0)
      PendingRead = {Pipe, K};
    break;
  case CoordinationKind::Release: {
    unsigned Agent = declaredAgent(E.Performer, Pipe);
    // The release of a lender's empty barrier also ends the iteration of
    // every pipe sharing it (on that pipe's own barrier, which nothing
    // waits on): its phase says that pipe's reader is done too. One arrival
    // does both, so the sharing pipe's item is released first, by the same
    // agent, before anyone can see the phase.
    for (auto &[Other, OI] : Pipes)
      if (OI.EmptyOf == int(Pipe) && !OI.Retired)
        act(Agent, protocol::Action::consumerRelease(OI.Proto, K), MI,
            formatv(" [for pipe {0}, sharing the barrier]", Other).str());
    act(Agent, protocol::Action::consumerRelease(EmptyPipe, K), MI);
    break;
  }
  default:
    llvm_unreachable("not a pipe operation");
  }
  return Error::success();
}

/// In a warp-specialized function, each side of a pipe is issued by the
/// agent its PIPE_CREATE names: 0 for the code before the dispatch, k for
/// agent k's warps after it, waits and slot handles included
/// (mayIssuePipeSide, PipeSides.h, as the simulator requires).
void Interpreter::checkIssuer(const MachineInstr &MI, unsigned Pipe) {
  const PipeDecl &Decl = Pipes[Pipe].Decl;
  PipeSideUse Use = *pipeSideUse(MI.getOpcode());
  bool Producer = Use == PipeSideUse::Producer;
  unsigned Named = Producer ? Decl.ProducerIssuer : Decl.ConsumerIssuer;
  if (mayIssuePipeSide(Use, Named, Issuer) ||
      !WrongAgentSeen.insert(&MI).second)
    return;
  WrongAgents.push_back(
      formatv("{0}: issued by {1}, but PIPE_CREATE of pipe {2} names {3} as "
              "the {4}",
              where(MI), agentName(Issuer), Pipe, agentName(Named),
              Producer ? "producer" : "consumer")
          .str());
}

/// AGENT_SWITCH k opens agent k's region: only agent k's warps may reach it.
Error Interpreter::agentSwitch(const MachineInstr &MI) {
  if (!Dispatch)
    return fail(MI, "AGENT_SWITCH before the WARP_IDX dispatch");
  Expected<int64_t> Agent = namedImm(MI, TileAS::OpName::agent);
  if (!Agent)
    return Agent.takeError();
  if (*Agent != int64_t(Issuer))
    return fail(MI, formatv("the warps of {0} reach the region of agent {1}: "
                            "the dispatch sends them to another agent",
                            agentName(Issuer), *Agent));
  if (Switched)
    return fail(MI, formatv("the warps of {0} reach a second AGENT_SWITCH",
                            agentName(Issuer)));
  Switched = true;
  return Error::success();
}

/// PIPE_TILE and PIPE_TMEM: the slot of iteration k of a pipe, in an agent
/// that consumes it; the value is tagged like the producer's (for a drain or
/// a consumer-only pipe, with the item its commit fills).
Error Interpreter::slotHandle(const MachineInstr &MI,
                              const CoordinationEvent &E) {
  checkIssuer(MI, E.Pipe->Id);
  X->set(MI.getOperand(0).getReg(),
         RunValue{0, SlotRef{proto(E.Pipe->Id), E.Iteration}});
  return Error::success();
}

void Interpreter::dataOp(const MachineInstr &MI, std::optional<SlotRef> Fills) {
  // Reads of piped slots, once per (pipe, iteration) per instruction.
  std::set<std::pair<unsigned, int64_t>> Seen;
  for (const MachineOperand &MO : MI.uses()) {
    if (!MO.isReg())
      continue;
    std::optional<SlotRef> Slot = X->value(MO.getReg()).Slot;
    if (Slot && Seen.insert({Slot->Pipe, Slot->Iteration}).second)
      act(agentOf(MI, declOf(Slot->Pipe)),
          protocol::Action::read(Slot->Pipe, Slot->Iteration), MI);
  }
  // What the tied sources hold, read before the defs change (after register
  // allocation a tied def is its source's register).
  SmallVector<std::pair<Register, RunValue>, 2> TiedDefs;
  for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I) {
    const MachineOperand &MO = MI.getOperand(I);
    if (MO.isReg() && MO.isDef() && MO.isTied())
      TiedDefs.push_back(
          {MO.getReg(),
           X->value(MI.getOperand(MI.findTiedOperandIdx(I)).getReg())});
  }
  // A def holds a new value, in no slot unless said below: after register
  // allocation its register may have held a slot's value before.
  for (const MachineOperand &MO : MI.defs())
    X->set(MO.getReg(), RunValue{});
  if (PendingRead) {
    auto [Pipe, K] = *PendingRead;
    PendingRead.reset();
    unsigned Proto = proto(Pipe);
    if (Seen.insert({Proto, K}).second)
      act(agentOf(MI, Pipe), protocol::Action::read(Proto, K), MI);
    for (const MachineOperand &MO : MI.defs())
      X->set(MO.getReg(), RunValue{0, SlotRef{Proto, K}});
  }
  // A rewrite in place of a sharing pipe's buffer stays that pipe's.
  for (auto &[Def, Tied] : TiedDefs) {
    if (!Tied.Slot)
      continue;
    const PipeInfo &Info = Pipes[declOf(Tied.Slot->Pipe)];
    if (Info.FullOf >= 0 || Info.EmptyOf >= 0)
      X->set(Def, Tied);
  }
  // The instruction an acquire guards is the slot's writer.
  if (Fills) {
    unsigned Proto = proto(Fills->Pipe);
    noteWrite(Fills->Pipe, Fills->Iteration, MI);
    act(agentOf(MI, Fills->Pipe),
        protocol::Action::write(Proto, Fills->Iteration), MI);
    for (const MachineOperand &MO : MI.defs())
      X->set(MO.getReg(), RunValue{0, SlotRef{Proto, Fills->Iteration}});
  }
}

void Interpreter::noteWrite(unsigned Id, int64_t K, const MachineInstr &MI) {
  PipeInfo &Info = Pipes[Id];
  PipeEntryInfo &Entry = Entries[Info.Proto];
  if (!Entry.Loop)
    Entry.Loop = MI.getParent();
  if (Info.Written.insert(K).second || Entry.PhaseReset)
    return;
  // The same entry writes iteration K twice: its iterations started again
  // (a loop around it entered again) while its barriers, not initialized
  // again, kept counting phases.
  Entry.PhaseReset = true;
  PhaseResets.push_back(
      formatv("pipe {0}{1}: {2} writes iteration {3} a second time without "
              "a PIPE_CREATE in between: the pipe's iterations start again "
              "at an entry of its loop (a tile boundary) while its "
              "mbarriers keep the phases of the iterations before, so the "
              "ring's slots and phases are reset where its barriers are "
              "not; create the ring again on each entry, or keep its "
              "iterations counting across the entries",
              Id, Info.Entry ? formatv(" (entry {0})", Info.Entry).str() : "",
              where(MI), K)
          .str());
}

Error Interpreter::ret(const MachineInstr &MI) {
  LastReturn = &MI;
  if (Dispatch) {
    // The rings are freed when every agent has returned (runAgents).
    if (!Switched)
      return fail(MI, formatv("the warps of {0} return without reaching "
                              "an AGENT_SWITCH",
                              agentName(Issuer)));
    return Error::success();
  }
  for (auto &[Pipe, Info] : Pipes)
    retire(Pipe, MI, "the function returns and frees the ring's buffers");
  return Error::success();
}

Error Interpreter::instruction(const MachineInstr &MI, const InstrEvent &E) {
  switch (E.Kind) {
  case InstrKind::Return:
    return ret(MI);
  case InstrKind::Other:
    break;
  default:
    // Copies, scalars and branches only steer the run (the executor's).
    return Error::success();
  }
  switch (MI.getOpcode()) {
  case TileAS::WARP_IDX:
    if (Dispatch)
      return fail(MI, "a second WARP_IDX: only one loop per function is "
                      "warp-specialized");
    Dispatch = &MI;
    X->pauseBeforeReader(MI.getOperand(0).getReg());
    return Error::success();
  case TileAS::AGENT_SWITCH:
    return agentSwitch(MI);
  default:
    // Everything else only matters for the slots it reads and writes; its
    // results (loads, arithmetic on fragments) never steer control.
    dataOp(MI, E.Fills);
    return Error::success();
  }
}

Error Interpreter::enterBlock(const MachineBasicBlock &,
                              const MachineBasicBlock *, ArrayRef<PhiMove>) {
  PendingRead.reset();
  return Error::success();
}

/// After the WARP_IDX dispatch: each agent's warps run on from where the run
/// paused (the first reader of the warp index or the end of the WARP_IDX's
/// block, whichever comes first: the code before reads nothing that differs
/// between warps), with the values the code before it computed and their own
/// warp index, as issuer k; an exit issuer frees the rings once every agent
/// has returned.
Error Interpreter::runAgents(MIRExecutor &AtDispatch) {
  const model::Machine &M = machineOf(MF);
  // The td's agents, then the extra compute warpgroups the function runs.
  unsigned NumAgents = functionAgentCount(MF, M);
  if (!NumAgents)
    return fail(*Dispatch, "WARP_IDX, but the machine model has no agents");
  uint32_t Before = uint32_t(P.Trace.size());
  P.Issuers.push_back({"before the dispatch", {}});
  for (unsigned K = 1; K <= NumAgents; ++K)
    P.Issuers.push_back({agentNameOf(M, K), {{0, Before}}});

  std::map<unsigned, PipeInfo> PipesAtDispatch = Pipes;
  std::optional<std::pair<unsigned, int64_t>> ReadAtDispatch = PendingRead;
  std::map<unsigned, int64_t> MaxIter;
  // Each agent's first warp, as its AGENT_SWITCH names it (the layout the
  // materialization chose); an agent without a region takes the warps after
  // the previous agent's in td order.
  std::vector<std::optional<int64_t>> Named(NumAgents + 1);
  for (const MachineBasicBlock &MBB : *Dispatch->getMF())
    for (const MachineInstr &MI : MBB) {
      if (MI.getOpcode() != TileAS::AGENT_SWITCH)
        continue;
      const MachineOperand &Agent = namedOperand(MI, TileAS::OpName::agent);
      const MachineOperand &First = namedOperand(MI, TileAS::OpName::first);
      if (Agent.isImm() && First.isImm() && Agent.getImm() >= 1 &&
          uint64_t(Agent.getImm()) <= NumAgents)
        Named[Agent.getImm()] = First.getImm();
    }
  unsigned FirstWarp = 0;
  uint64_t Steps = AtDispatch.steps();
  for (unsigned K = 1; K <= NumAgents; ++K) {
    MIRExecutor Run = AtDispatch;
    X = &Run;
    Run.setVisitor(*this);
    Run.setSteps(Steps);
    Pipes = PipesAtDispatch;
    PendingRead = ReadAtDispatch;
    Issuer = K;
    Switched = false;
    Run.setInt(Dispatch->getOperand(0).getReg(), Named[K].value_or(FirstWarp));
    if (Error E = Run.applyOverrides(*Dispatch))
      return E;
    FirstWarp += agentRecordOf(M, K).Warps;
    Expected<MIRExecutor::Status> S = Run.run();
    if (!S)
      return S.takeError();
    if (*S != MIRExecutor::Status::Returned)
      return createStringError(inconvertibleErrorCode(), "the warps of " +
                                                             agentName(K) +
                                                             " do not return");
    Steps = Run.steps();
    for (auto &[Pipe, Info] : Pipes)
      MaxIter[Pipe] = std::max(MaxIter[Pipe], Info.MaxIter);
  }
  X = nullptr;

  protocol::IssuerConfig Exit{"exit", {}};
  std::vector<uint32_t> IssuerSteps(P.Issuers.size(), 0);
  for (const protocol::Step &St : P.Trace)
    ++IssuerSteps[St.Issuer];
  for (unsigned I = 0; I != IssuerSteps.size(); ++I)
    Exit.StartAfter.push_back({I, IssuerSteps[I]});
  Issuer = P.Issuers.size();
  P.Issuers.push_back(Exit);
  for (auto &[Pipe, Info] : Pipes) {
    Info.MaxIter = MaxIter[Pipe];
    retire(Pipe, *LastReturn,
           "every agent has returned and the CTA frees the ring's buffers");
  }
  return Error::success();
}

Expected<MIRProtocolProgram> Interpreter::run() {
  MIRExecutor Run(MF, ExecOpts);
  Run.setVisitor(*this);
  X = &Run;
  Expected<MIRExecutor::Status> S = Run.run();
  if (!S)
    return S.takeError();
  // The run pauses only at the dispatch.
  if (*S == MIRExecutor::Status::Paused)
    if (Error E = runAgents(Run))
      return E;
  X = nullptr;
  MIRProtocolProgram Out;
  Out.Program = std::move(P);
  Out.WrongAgents = std::move(WrongAgents);
  Out.Entries = std::move(Entries);
  Out.PhaseResets = std::move(PhaseResets);
  return std::move(Out);
}

} // namespace

Expected<MIRProtocolProgram>
buildProtocolProgram(const MachineFunction &MF,
                     const MIRProtocolOptions &Opts) {
  return Interpreter(MF, Opts).run();
}

} // namespace tileas
