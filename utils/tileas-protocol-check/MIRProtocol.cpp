//===- MIRProtocol.cpp - The coordination program of materialized MIR -----===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRProtocol.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/BlockWalk.h"
#include "tileas/MIRExec/PipeSides.h"
#include "tileas/MIRExec/ScalarSemantics.h"
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

/// A register's content: an integer, or a buffered value tagged with the pipe
/// and iteration that produced it.
struct Value {
  int64_t Int = 0;
  bool Tagged = false;
  unsigned Pipe = 0;
  int64_t Iter = 0;
};

/// Mutexes are modelled as pipes with ids from here on.
constexpr unsigned MutexPipeBase = 1u << 20;

struct PipeInfo {
  int64_t First = 0;
  int64_t Step = 1;
  unsigned ProducerAgent = 0;
  unsigned ConsumerAgent = 0;
  /// The agents (1-based; 0: any) that issue the producer and the consumer
  /// side in a warp-specialized function.
  unsigned ProducerIssuer = 0, ConsumerIssuer = 0;
  unsigned Depth = 1;
  unsigned Full = 0, Empty = 0;
  bool Ring = false;
  /// The largest iteration any operation named.
  int64_t MaxIter = -1;
  /// Its buffers are gone (the function returned, or its barriers were
  /// initialized again for another pipe).
  bool Retired = false;
  /// The block of its PIPE_CREATE.
  const MachineBasicBlock *Block = nullptr;
  /// A one-slot ring whose full or empty barrier is another live one-slot
  /// ring's, created in the same block (a handoff sharing its lender's
  /// barrier): the pipe whose barrier it is, or -1.
  int FullOf = -1, EmptyOf = -1;
};

class Interpreter {
public:
  Interpreter(const MachineFunction &MF, const MIRProtocolOptions &Opts)
      : MF(MF), Opts(Opts), TII(*MF.getSubtarget().getInstrInfo()) {}

  Expected<MIRProtocolProgram> run();

private:
  Error execute(const MachineBasicBlock *BB,
                MachineBasicBlock::const_iterator From,
                const MachineBasicBlock *Pred);
  Error runAgents();
  Error step(const MachineInstr &MI);
  Error agentSwitch(const MachineInstr &MI);
  Error slotHandle(const MachineInstr &MI);
  void checkIssuer(const MachineInstr &MI, unsigned Pipe);
  std::string agentName(unsigned Agent) const;
  Error applyOverrides(const MachineInstr &MI);
  Error pipeOp(const MachineInstr &MI);
  Error checkCoordinationOperands(const MachineInstr &MI) const;
  void retire(unsigned Pipe, const MachineInstr &MI, StringRef Why);
  void dataOp(const MachineInstr &MI);
  Expected<int64_t> intOf(const MachineOperand &MO) const;
  Expected<int64_t> iterationOf(const MachineInstr &MI, unsigned Pipe,
                                unsigned IterOp = 2) const;
  Error fail(const MachineInstr &MI, const Twine &Msg) const {
    return failAt(MI, Msg);
  }
  /// The event pipe of an asynchronous instruction, or none.
  static std::optional<unsigned> asyncPipeOf(const MachineInstr &MI) {
    if (const model::OpcodeRecord *Rec = model::lookupOpcode(MI.getOpcode())) {
      const model::ResourceVectorRecord &RV = model::resourceVector(*Rec);
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
  const MIRProtocolOptions &Opts;
  const TargetInstrInfo &TII;
  DenseMap<Register, Value> Regs;
  std::map<unsigned, PipeInfo> Pipes;
  std::set<unsigned> Mutexes;
  /// (issuer, mutex barrier, side) -> locks so far.
  std::map<std::tuple<unsigned, unsigned, unsigned>, int64_t> LockCount;
  /// (issuer, mutex barrier) -> the turn its last lock entered, until its
  /// unlock.
  std::map<std::pair<unsigned, unsigned>, int64_t> LastTurn;
  /// (issuer, event pipe, stream) -> unit agent: each unit has one issuer.
  std::map<std::tuple<unsigned, unsigned, int64_t>, unsigned> Units;
  /// Set by an acquire: the next guarded instruction writes this pipe.
  std::optional<std::pair<unsigned, int64_t>> PendingWrite;
  /// Set by the wait of a pipe that shares a lender's barrier: the next
  /// instruction reads this pipe (a handoff's buffer is the one allocated
  /// before the loop, which no slot handle tags), and so does every rewrite
  /// in place of its results (sharing(): the reads the lender's phase must
  /// cover).
  std::optional<std::pair<unsigned, int64_t>> PendingRead;
  const MachineBasicBlock *Next = nullptr;
  bool Returned = false;
  uint64_t StepCount = 0;
  protocol::Program P;
  /// The issuer running: 0 before the dispatch (and in an unspecialized
  /// function), agent k's warps after it.
  unsigned Issuer = 0;
  /// The WARP_IDX that dispatches to the agents, once reached.
  const MachineInstr *Dispatch = nullptr;
  /// Where every agent's warps go on from: the first instruction after the
  /// WARP_IDX that reads the warp index, or the block after the WARP_IDX's
  /// (what comes before runs alike in every warp: once, before the
  /// dispatch); and the block they come from.
  const MachineBasicBlock *DispatchTo = nullptr;
  MachineBasicBlock::const_iterator DispatchAt;
  const MachineBasicBlock *DispatchFrom = nullptr;
  /// The agent's warps have reached their AGENT_SWITCH.
  bool Switched = false;
  const MachineInstr *LastReturn = nullptr;
  std::vector<std::string> WrongAgents;
  /// The instructions already in WrongAgents (each is listed once).
  std::set<const MachineInstr *> WrongAgentSeen;
};

std::string Interpreter::agentName(unsigned Agent) const {
  ArrayRef<model::AgentRecord> Agents = model::agents();
  if (Agent == 0)
    return "the code before the dispatch (0)";
  if (Agent >= 1 && Agent <= Agents.size())
    return formatv("agent {0} ({1})", Agent, Agents[Agent - 1].Name).str();
  return formatv("agent {0}", Agent).str();
}

/// Copy engines (TMA, async copy) complete transfers into different barriers
/// in any order: each pipe they serve is its own in-order stream. The tensor
/// core and the other units complete in issue order: one stream each.
unsigned Interpreter::unitFor(unsigned EventPipe,
                              std::optional<unsigned> Pipe) {
  StringRef Name = model::pipeNames()[EventPipe];
  bool CopyEngine = model::isCopyEngine(EventPipe);
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

Expected<int64_t> Interpreter::intOf(const MachineOperand &MO) const {
  if (MO.isImm())
    return MO.getImm();
  if (!MO.isReg())
    return createStringError(inconvertibleErrorCode(), "not a value operand");
  auto It = Regs.find(MO.getReg());
  if (It == Regs.end())
    return 0; // An unset live-in or an undefined value.
  if (It->second.Tagged)
    return createStringError(inconvertibleErrorCode(),
                             "a tile handle used as an integer");
  return It->second.Int;
}

Expected<int64_t> Interpreter::iterationOf(const MachineInstr &MI,
                                           unsigned Pipe,
                                           unsigned IterOp) const {
  auto It = Pipes.find(Pipe);
  if (It == Pipes.end())
    return fail(MI, formatv("pipe {0} is used before its PIPE_CREATE", Pipe));
  Expected<int64_t> IV = intOf(MI.getOperand(IterOp));
  if (!IV)
    return IV.takeError();
  const PipeInfo &Info = It->second;
  if (Info.Step == 0 || (*IV - Info.First) % Info.Step != 0)
    return fail(MI, "its induction value is not an iteration of the pipe");
  return (*IV - Info.First) / Info.Step;
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
  int64_t Base =
      (std::max<int64_t>(Info.MaxIter, 0) / Info.Depth + 2) * Info.Depth;
  for (unsigned S = 0; S < Info.Depth; ++S)
    P.issue(protocol::Action::write(Pipe, Base + S),
            where(MI) + " " + RetireMarker.str() + " " + Why.str(), Issuer);
}

/// Coordination operands are immediates, but for the induction values; an
/// agent is 0 (the issuer) or 1 + an event pipe of the machine model; a pipe
/// has 1 to MaxPipeDepth slots.
Error Interpreter::checkCoordinationOperands(const MachineInstr &MI) const {
  for (unsigned I = 0, E = MI.getNumExplicitOperands(); I != E; ++I)
    if (!MI.getOperand(I).isReg() && !MI.getOperand(I).isImm())
      return fail(MI, formatv("operand {0} is not an immediate", I));
  auto CheckAgent = [&](unsigned I) -> Error {
    int64_t Agent = MI.getOperand(I).getImm();
    int64_t Units = model::pipeNames().size();
    if (Agent < 0 || Agent > Units)
      return fail(MI, formatv("agent {0} (operand {1}) is neither the issuer "
                              "(0) nor an event pipe (1 to {2})",
                              Agent, I, Units));
    return Error::success();
  };
  switch (MI.getOpcode()) {
  case TileAS::PIPE_CREATE: {
    int64_t Depth = MI.getOperand(1).getImm();
    if (Depth < 1 || Depth > protocol::MaxPipeDepth)
      return fail(MI, formatv("depth {0} is not in [1, {1}]", Depth,
                              protocol::MaxPipeDepth));
    if (Error E = CheckAgent(5))
      return E;
    if (Error E = CheckAgent(6))
      return E;
    for (unsigned I : {9u, 10u}) {
      int64_t Agent = MI.getOperand(I).getImm();
      int64_t Agents = model::agents().size();
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
    return CheckAgent(1);
  default:
    return Error::success();
  }
}

Error Interpreter::pipeOp(const MachineInstr &MI) {
  if (Error E = checkCoordinationOperands(MI))
    return E;
  unsigned Opc = MI.getOpcode();
  if (Opc == TileAS::PIPE_CREATE) {
    unsigned Id = MI.getOperand(0).getImm();
    Expected<int64_t> First = intOf(MI.getOperand(7));
    if (!First)
      return First.takeError();
    PipeInfo Info;
    Info.First = *First;
    Info.Step = MI.getOperand(8).getImm();
    Info.ProducerAgent = MI.getOperand(5).getImm();
    Info.ConsumerAgent = MI.getOperand(6).getImm();
    Info.ProducerIssuer = MI.getOperand(9).getImm();
    Info.ConsumerIssuer = MI.getOperand(10).getImm();
    Info.Depth = MI.getOperand(1).getImm();
    Info.Full = MI.getOperand(3).getImm();
    Info.Empty = MI.getOperand(4).getImm();
    // A ring has an empty barrier of its own (the others' is unused).
    Info.Ring = Info.Empty != 0 && Info.Empty != Info.Full;
    Info.Block = MI.getParent();
    // A one-slot ring naming the full or empty barrier of a live one-slot
    // ring created in the same block shares it: a handoff whose lender's
    // phase says what its own would (docs/warp-specialization.md).
    if (Info.Ring && Info.Depth == 1)
      for (auto &[Other, OI] : Pipes)
        if (Other != Id && !OI.Retired && OI.Ring && OI.Depth == 1 &&
            OI.Block == Info.Block && OI.FullOf < 0 && OI.EmptyOf < 0) {
          if (OI.Full == Info.Full)
            Info.FullOf = int(Other);
          if (OI.Empty == Info.Empty)
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
          ((OI.Full == Info.Full && !SameFull(Other, OI)) ||
           (OI.Ring && OI.Empty == Info.Full) ||
           (Info.Ring &&
            (OI.Full == Info.Empty ||
             (OI.Ring && OI.Empty == Info.Empty && !SameEmpty(Other, OI))))))
        retire(Other, MI,
               formatv("initializes a barrier of pipe {0} again", Other).str());
    Pipes[Id] = Info;
    P.Pipes.push_back({Id, unsigned(MI.getOperand(1).getImm()),
                       formatv("pipe{0}", Id).str()});
    return Error::success();
  }
  if (Opc == TileAS::MUTEX_LOCK || Opc == TileAS::MUTEX_UNLOCK) {
    // A mutex is one barrier that the two sides take in turns: as a pipe of
    // depth 1 whose FULL barrier alone counts the turns, a side enters with
    // a wait of the right parity and leaves with an arrival.
    unsigned Bar = MI.getOperand(0).getImm();
    unsigned Pipe = MutexPipeBase + Bar;
    if (Mutexes.insert(Bar).second)
      P.Pipes.push_back({Pipe, 1, formatv("mutex{0}", Bar).str()});
    // Each side's region is a turn: side s's c-th lock is turn 2c + s, an
    // item of the mutex's one slot, written when the side enters and released
    // when it leaves. A side entering while the other's turn is live (two
    // agents inside at once) is an overwrite of that turn.
    if (Opc == TileAS::MUTEX_LOCK) {
      int64_t Side = MI.getOperand(1).getImm();
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
    } else {
      unsigned Agent = declaredAgent(MI.getOperand(1).getImm(), std::nullopt);
      auto It = LastTurn.find({Issuer, Bar});
      if (It != LastTurn.end()) {
        act(Agent, protocol::Action::consumerRelease(Pipe, It->second), MI);
        LastTurn.erase(It);
      }
      act(Agent, protocol::Action::producerCommit(Pipe, 0).withOverride(0, 0),
          MI);
    }
    return Error::success();
  }
  unsigned Pipe = MI.getOperand(0).getImm();
  Expected<int64_t> K = iterationOf(MI, Pipe);
  if (!K)
    return K.takeError();
  PipeInfo &Info = Pipes[Pipe];
  Info.MaxIter = std::max(Info.MaxIter, *K);
  checkIssuer(MI, Pipe);
  // The barrier actions of a pipe sharing a lender's barrier act on the
  // lender's (one slot each: the same slot and phase for iteration K).
  unsigned FullPipe = Info.FullOf >= 0 ? unsigned(Info.FullOf) : Pipe;
  unsigned EmptyPipe = Info.EmptyOf >= 0 ? unsigned(Info.EmptyOf) : Pipe;
  switch (Opc) {
  case TileAS::PIPE_PRODUCER_ACQUIRE:
    act(0, protocol::Action::producerAcquire(EmptyPipe, *K), MI);
    PendingWrite = {Pipe, *K};
    break;
  case TileAS::PIPE_PRODUCER_COMMIT: {
    unsigned Agent = declaredAgent(Info.ProducerAgent, Pipe);
    // A pipe without slots of its own (a drain, a consumer-only pipe) has
    // no writer that an acquire guards: its value is final when the commit
    // is made, by the agent that makes it.
    if (!Info.Ring)
      act(Agent, protocol::Action::write(Pipe, *K), MI,
          (" " + FillMarker).str());
    act(Agent, protocol::Action::producerCommit(FullPipe, *K), MI);
    break;
  }
  case TileAS::PIPE_CONSUMER_WAIT:
    act(0, protocol::Action::consumerWait(FullPipe, *K), MI);
    if (Info.FullOf >= 0 || Info.EmptyOf >= 0)
      PendingRead = {Pipe, *K};
    break;
  case TileAS::PIPE_CONSUMER_RELEASE: {
    unsigned Agent = declaredAgent(Info.ConsumerAgent, Pipe);
    // The release of a lender's empty barrier also ends the iteration of
    // every pipe sharing it (on that pipe's own barrier, which nothing
    // waits on): its phase says that pipe's reader is done too. One arrival
    // does both, so the sharing pipe's item is released first, by the same
    // agent, before anyone can see the phase.
    for (auto &[Other, OI] : Pipes)
      if (OI.EmptyOf == int(Pipe) && !OI.Retired)
        act(Agent, protocol::Action::consumerRelease(Other, *K), MI,
            formatv(" [for pipe {0}, sharing the barrier]", Other).str());
    act(Agent, protocol::Action::consumerRelease(EmptyPipe, *K), MI);
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
  const PipeInfo &Info = Pipes[Pipe];
  PipeSideUse Use = *pipeSideUse(MI.getOpcode());
  bool Producer = Use == PipeSideUse::Producer;
  unsigned Named = Producer ? Info.ProducerIssuer : Info.ConsumerIssuer;
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
  if (!MI.getOperand(0).isImm())
    return fail(MI, "operand 0 is not an immediate");
  int64_t Agent = MI.getOperand(0).getImm();
  if (Agent != int64_t(Issuer))
    return fail(MI, formatv("the warps of {0} reach the region of agent {1}: "
                            "the dispatch sends them to another agent",
                            agentName(Issuer), Agent));
  if (Switched)
    return fail(MI, formatv("the warps of {0} reach a second AGENT_SWITCH",
                            agentName(Issuer)));
  Switched = true;
  return Error::success();
}

/// PIPE_TILE and PIPE_TMEM: the slot of iteration k of a pipe, in an agent
/// that consumes it; the value is tagged like the producer's (for a drain or
/// a consumer-only pipe, with the item its commit fills).
Error Interpreter::slotHandle(const MachineInstr &MI) {
  if (!MI.getOperand(1).isImm())
    return fail(MI, "operand 1 is not an immediate");
  unsigned Pipe = MI.getOperand(1).getImm();
  Expected<int64_t> K = iterationOf(MI, Pipe, 2);
  if (!K)
    return K.takeError();
  checkIssuer(MI, Pipe);
  Regs[MI.getOperand(0).getReg()] = Value{0, true, Pipe, *K};
  return Error::success();
}

void Interpreter::dataOp(const MachineInstr &MI) {
  // Reads of piped slots, once per (pipe, iteration) per instruction.
  std::set<std::pair<unsigned, int64_t>> Seen;
  for (const MachineOperand &MO : MI.uses()) {
    if (!MO.isReg())
      continue;
    auto It = Regs.find(MO.getReg());
    if (It != Regs.end() && It->second.Tagged &&
        Seen.insert({It->second.Pipe, It->second.Iter}).second)
      act(agentOf(MI, It->second.Pipe),
          protocol::Action::read(It->second.Pipe, It->second.Iter), MI);
  }
  if (PendingRead) {
    auto [Pipe, K] = *PendingRead;
    PendingRead.reset();
    if (Seen.insert({Pipe, K}).second)
      act(agentOf(MI, Pipe), protocol::Action::read(Pipe, K), MI);
    for (const MachineOperand &MO : MI.defs())
      Regs[MO.getReg()] = Value{0, true, Pipe, K};
  }
  // A rewrite in place of a sharing pipe's buffer stays that pipe's.
  for (unsigned I = 0, E = MI.getNumOperands(); I != E; ++I) {
    const MachineOperand &MO = MI.getOperand(I);
    if (!MO.isReg() || !MO.isDef() || !MO.isTied())
      continue;
    auto It = Regs.find(MI.getOperand(MI.findTiedOperandIdx(I)).getReg());
    if (It == Regs.end() || !It->second.Tagged)
      continue;
    const PipeInfo &Info = Pipes[It->second.Pipe];
    if (Info.FullOf >= 0 || Info.EmptyOf >= 0)
      Regs[MO.getReg()] = It->second;
  }
  if (PendingWrite) {
    auto [Pipe, K] = *PendingWrite;
    PendingWrite.reset();
    act(agentOf(MI, Pipe), protocol::Action::write(Pipe, K), MI);
    for (const MachineOperand &MO : MI.defs())
      Regs[MO.getReg()] = Value{0, true, Pipe, K};
  }
}

Error Interpreter::step(const MachineInstr &MI) {
  auto Set = [&](int64_t V) {
    Regs[MI.getOperand(0).getReg()] = Value{V, false, 0, 0};
  };
  switch (MI.getOpcode()) {
  case TargetOpcode::COPY:
  case TileAS::MOV_R32:
  case TileAS::MOV_R64:
  case TileAS::MOV_PR:
  case TileAS::MOV_TH:
  case TileAS::MOV_TMH:
  case TileAS::MOV_FR:
  case TileAS::CVT64_32:
    Regs[MI.getOperand(0).getReg()] = Regs.lookup(MI.getOperand(1).getReg());
    return Error::success();
  case TargetOpcode::IMPLICIT_DEF:
    Set(0);
    return Error::success();
  case TileAS::BRA:
    Next = branchDestination(MI);
    return Error::success();
  case TileAS::BR_P:
  case TileAS::BR_NP: {
    Expected<int64_t> C = intOf(MI.getOperand(0));
    if (!C)
      return C.takeError();
    if (isBranchTaken(MI, *C))
      Next = branchDestination(MI);
    return Error::success();
  }
  case TileAS::RET:
    Returned = true;
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
  case TileAS::WARP_IDX:
    if (Dispatch)
      return fail(MI, "a second WARP_IDX: only one loop per function is "
                      "warp-specialized");
    Dispatch = &MI;
    return Error::success();
  case TileAS::AGENT_SWITCH:
    return agentSwitch(MI);
  case TileAS::PIPE_TILE:
  case TileAS::PIPE_TMEM:
    return slotHandle(MI);
  default:
    break;
  }
  if (TileAS::isCoordination(MI.getDesc()))
    return pipeOp(MI);
  Expected<std::optional<int64_t>> Scalar =
      evaluateScalar(MI, [&](const MachineOperand &MO) { return intOf(MO); });
  if (!Scalar)
    return fail(MI, toString(Scalar.takeError()));
  if (*Scalar) {
    Set(**Scalar);
    return Error::success();
  }
  // Everything else only matters for the slots it reads and writes; its
  // results (loads, arithmetic on fragments) never steer control.
  dataOp(MI);
  return Error::success();
}

Error Interpreter::applyOverrides(const MachineInstr &MI) {
  return tileas::applyOverrides(
      MI, Opts.Overrides,
      [&](Register R) -> std::optional<int64_t> {
        auto It = Regs.find(R);
        if (It == Regs.end() || It->second.Tagged)
          return std::nullopt;
        return It->second.Int;
      },
      [&](Register R, int64_t V) {
        Regs[R] = Value{V, false, 0, 0};
      });
}

Error Interpreter::execute(const MachineBasicBlock *BB,
                           MachineBasicBlock::const_iterator From,
                           const MachineBasicBlock *Pred) {
  const MachineInstr *Fork = Dispatch;
  uint64_t &Steps = StepCount;
  while (BB) {
    if (From == BB->begin()) {
      // PHIs read their inputs together, on entry.
      SmallVector<std::pair<Register, Value>, 8> PhiValues;
      for (const MachineInstr &Phi : BB->phis())
        if (Register Incoming = phiIncoming(Phi, Pred))
          PhiValues.push_back(
              {Phi.getOperand(0).getReg(), Regs.lookup(Incoming)});
      for (auto &[R, V] : PhiValues)
        Regs[R] = V;
      for (const MachineInstr &Phi : BB->phis())
        if (Error E = applyOverrides(Phi))
          return E;
      // An acquire guards the next instruction of its own block; one at the
      // end of a block (the producer's tail after a loop) guards nothing.
      PendingWrite.reset();
      PendingRead.reset();
    }

    Next = nullptr;
    for (const MachineInstr &MI :
         make_range(From, MachineBasicBlock::const_iterator(BB->end()))) {
      if (MI.isPHI() || MI.isDebugInstr())
        continue;
      if (Dispatch != Fork &&
          MI.readsRegister(Dispatch->getOperand(0).getReg(), nullptr)) {
        DispatchTo = BB;
        DispatchAt = MI.getIterator();
        DispatchFrom = Pred;
        return Error::success();
      }
      if (Error E = countStep(MI, Steps, Opts.MaxSteps))
        return E;
      if (Error E = step(MI))
        return E;
      if (Error E = applyOverrides(MI))
        return E;
      if (Next || Returned)
        break;
    }
    if (Returned)
      return Error::success();
    if (!Next) {
      Next = fallThroughSuccessor(*BB);
      if (!Next)
        return createStringError(inconvertibleErrorCode(),
                                 formatv("bb.{0} ends without a branch to "
                                         "follow",
                                         BB->getNumber()));
    }
    if (Dispatch != Fork) {
      // The dispatch is the end of the WARP_IDX's block: each agent's warps
      // run on from there (runAgents).
      DispatchFrom = BB;
      DispatchTo = Next;
      DispatchAt = Next->begin();
      return Error::success();
    }
    Pred = BB;
    BB = Next;
    From = BB->begin();
  }
  return Error::success();
}

/// After the WARP_IDX dispatch: each agent's warps run on from the first
/// reader of the warp index or the end of the WARP_IDX's block, whichever
/// comes first (the code before reads nothing that differs between warps),
/// with the values the code before it computed and their own warp index, as
/// issuer k;
/// an exit issuer frees the rings once every agent has returned.
Error Interpreter::runAgents() {
  ArrayRef<model::AgentRecord> Agents = model::agents();
  if (Agents.empty())
    return fail(*Dispatch, "WARP_IDX, but the machine model has no agents");
  uint32_t Before = uint32_t(P.Trace.size());
  P.Issuers.push_back({"before the dispatch", {}});
  for (const model::AgentRecord &A : Agents)
    P.Issuers.push_back({A.Name, {{0, Before}}});

  DenseMap<Register, Value> RegsAtDispatch = Regs;
  std::map<unsigned, PipeInfo> PipesAtDispatch = Pipes;
  std::map<unsigned, int64_t> MaxIter;
  // Each agent's first warp, as its AGENT_SWITCH names it (the layout the
  // materialization chose); an agent without a region takes the warps after
  // the previous agent's in td order.
  std::vector<std::optional<int64_t>> Named(Agents.size() + 1);
  for (const MachineBasicBlock &MBB : *Dispatch->getMF())
    for (const MachineInstr &MI : MBB)
      if (MI.getOpcode() == TileAS::AGENT_SWITCH && MI.getNumOperands() >= 5 &&
          MI.getOperand(0).isImm() && MI.getOperand(4).isImm() &&
          MI.getOperand(0).getImm() >= 1 &&
          uint64_t(MI.getOperand(0).getImm()) <= Agents.size())
        Named[MI.getOperand(0).getImm()] = MI.getOperand(4).getImm();
  unsigned FirstWarp = 0;
  for (unsigned K = 1; K <= Agents.size(); ++K) {
    Regs = RegsAtDispatch;
    Pipes = PipesAtDispatch;
    Issuer = K;
    Switched = false;
    Returned = false;
    Regs[Dispatch->getOperand(0).getReg()] =
        Value{Named[K].value_or(FirstWarp), false, 0, 0};
    if (Error E = applyOverrides(*Dispatch))
      return E;
    FirstWarp += Agents[K - 1].Warps;
    if (Error E = execute(DispatchTo, DispatchAt, DispatchFrom))
      return E;
    if (!Returned)
      return createStringError(inconvertibleErrorCode(), "the warps of " +
                                                             agentName(K) +
                                                             " do not return");
    for (auto &[Pipe, Info] : Pipes)
      MaxIter[Pipe] = std::max(MaxIter[Pipe], Info.MaxIter);
  }

  protocol::IssuerConfig Exit{"exit", {}};
  std::vector<uint32_t> Steps(P.Issuers.size(), 0);
  for (const protocol::Step &St : P.Trace)
    ++Steps[St.Issuer];
  for (unsigned I = 0; I != Steps.size(); ++I)
    Exit.StartAfter.push_back({I, Steps[I]});
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
  for (auto [Reg, V] : Opts.LiveIns)
    Regs[Reg] = Value{V, false, 0, 0};
  if (Error E = execute(&MF.front(), MF.front().begin(), nullptr))
    return std::move(E);
  if (Dispatch)
    if (Error E = runAgents())
      return std::move(E);
  MIRProtocolProgram Out;
  Out.Program = std::move(P);
  Out.WrongAgents = std::move(WrongAgents);
  return std::move(Out);
}

} // namespace

Expected<MIRProtocolProgram>
buildProtocolProgram(const MachineFunction &MF,
                     const MIRProtocolOptions &Opts) {
  return Interpreter(MF, Opts).run();
}

} // namespace tileas
