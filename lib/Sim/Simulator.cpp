//===- Simulator.cpp - Cycle timing of issuing agents and units -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/Sim/Simulator.h"
#include "tileas/Sim/Barriers.h"
#include "tileas/Sim/Jitter.h"
#include "tileas/Sim/ResourceCalendar.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <limits>
#include <map>

using namespace llvm;
using namespace tileas;
using namespace tileas::sim;

unsigned Catalog::intern(std::vector<std::string> &Names, StringRef Name) {
  for (unsigned I = 0, E = Names.size(); I != E; ++I)
    if (Names[I] == Name)
      return I;
  Names.push_back(Name.str());
  return Names.size() - 1;
}

std::optional<double> LoopResult::steadyCyclesPerIteration() const {
  size_t Intervals = Entries.empty() ? 0 : Entries.size() - 1;
  if (!Intervals)
    return std::nullopt;
  size_t Later = (Intervals + 1) / 2;
  Cycle Last = Entries.back(), From = Entries[Entries.size() - 1 - Later];
  return double(Last - From) / double(Later);
}

const LoopResult *SimResult::mainLoop() const {
  // Warp-specialized agents each run the kernel as many times; the slowest
  // sets the pace (an agent with nothing but loop control runs ahead and
  // waits at the end).
  auto Pace = [](const LoopResult &L) {
    return L.steadyCyclesPerIteration().value_or(0.0);
  };
  const LoopResult *Best = nullptr;
  for (const LoopResult &L : Loops)
    if (!Best || L.Entries.size() > Best->Entries.size() ||
        (L.Entries.size() == Best->Entries.size() && Pace(L) > Pace(*Best)))
      Best = &L;
  return Best;
}

namespace {

constexpr Cycle Never = std::numeric_limits<Cycle>::max();

/// Why an agent's next instruction did not issue.
enum class Block : uint8_t {
  None,
  InOrder,
  Operand,
  Memory,
  Resource,
  Barrier
};

struct Agent {
  AgentProgram *Program = nullptr;
  DynamicOp Head;
  bool HasHead = false;
  bool Done = false;
  /// The earliest cycle the head may issue in program order.
  Cycle Earliest = 0;
  /// When a blocked head is worth trying again.
  Cycle RetryAt = 0;
  std::vector<Cycle> Ready;
  /// Per value: the occupied unit whose op made it, if that op forwards its
  /// result on its unit (OpClass::ForwardsOnUnit), and when it issued.
  std::vector<int> ForwardUnit;
  std::vector<Cycle> ForwardAt;
  /// Completion of the latest store per memory space: of any store, of a
  /// store to no named object, and per (space, object) of named objects.
  std::vector<Cycle> StoreDone;
  /// When the agent's thread stores into buffers (OpClass::BufferStore)
  /// issued so far complete.
  Cycle BufferStoresDone = 0;
  std::vector<Cycle> AnyObjectStoreDone;
  std::map<std::pair<unsigned, unsigned>, Cycle> ObjectStoreDone;
  /// The last failed attempt, whose cycles count as a stall of that kind
  /// until the next attempt.
  Block LastBlock = Block::None;
  Cycle LastAttempt = 0;
  std::string BlockNote;
  AgentResult Result;
};

class Machine {
public:
  Machine(const ResourceModel &Model, const Catalog &Names,
          ArrayRef<AgentProgram *> Programs, const SimOptions &Opts);
  Expected<SimResult> run();

private:
  /// Tries to make progress with A at cycle Now: true if it consumed an
  /// instruction (and may go on).
  Expected<bool> step(Agent &A, unsigned Index);
  Error checkOp(const Agent &A, const DynamicOp &Op) const;
  /// Makes room for streams, pipes and loops the front end named since.
  void followCatalog();
  /// Records that A's head did not issue at Now, for reason B, until Retry.
  bool blocked(Agent &A, Block B, Cycle Retry, unsigned Group = 0,
               bool Acquire = false);
  void chargeStall(Agent &A);
  void issue(Agent &A);
  /// When every register operand of Op is ready.
  static Cycle readyAt(const Agent &A, const DynamicOp &Op);
  /// When the earlier stores a load of Op must follow have completed.
  static Cycle storesBefore(const Agent &A, const DynamicOp &Op);
  Error stuck(StringRef What) const;
  void trace(const Agent &A, const DynamicOp &Op) const;

  const ResourceModel &Model;
  const Catalog &Names;
  SimOptions Opts;
  ResourceCalendar Calendar;
  Barriers Bars;
  Jitter Rand;
  std::vector<Agent> Agents;
  /// Last completion per stream.
  std::vector<StreamResult> Streams;
  std::vector<GroupResult> Groups;
  /// Per occupied unit: its spans, and when it can take the next op.
  std::vector<OccupiedUnitResult> Units;
  std::vector<uint64_t> UnitFreeX100;
  /// Per (agent, loop): index into Loops, or -1.
  std::vector<std::vector<int>> LoopIndex;
  std::vector<LoopResult> Loops;
  /// Pending stall group of each agent's last failed attempt.
  std::vector<std::pair<unsigned, bool>> BlockedGroup;
  Cycle Now = 0;
  /// The latest completion or arrival of anything.
  Cycle Quiet = 0;
};

Machine::Machine(const ResourceModel &Model, const Catalog &Names,
                 ArrayRef<AgentProgram *> Programs, const SimOptions &Opts)
    : Model(Model), Names(Names), Opts(Opts), Calendar(Model),
      Rand(Opts.JitterPercent, Opts.Seed, Opts.TailPercent, Opts.TailFactor) {
  for (AgentProgram *P : Programs) {
    Agent A;
    A.Program = P;
    A.Ready.assign(P->numValues(), 0);
    A.ForwardUnit.assign(P->numValues(), NoUnit);
    A.ForwardAt.assign(P->numValues(), 0);
    A.Result.Name = P->name();
    Agents.push_back(std::move(A));
  }
  LoopIndex.resize(Agents.size());
  BlockedGroup.assign(Agents.size(), {0, false});
  followCatalog();
}

void Machine::followCatalog() {
  for (size_t I = Streams.size(); I < Names.Streams.size(); ++I)
    Streams.push_back({Names.Streams[I], 0, 0});
  for (size_t I = Groups.size(); I < Names.Groups.size(); ++I)
    Groups.push_back({Names.Groups[I], 0, 0});
  for (size_t I = Units.size(); I < Names.Units.size(); ++I) {
    Units.push_back({Names.Units[I], {}, 0});
    UnitFreeX100.push_back(0);
  }
  for (std::vector<int> &L : LoopIndex)
    L.resize(Names.Loops.size(), -1);
}

Error Machine::checkOp(const Agent &A, const DynamicOp &Op) const {
  auto Bad = [&](const Twine &What) {
    return createStringError(inconvertibleErrorCode(),
                             A.Program->describe(Op.Site) + ": " + What);
  };
  auto Value = [&](unsigned V) { return V < A.Ready.size(); };
  switch (Op.Kind) {
  case OpKind::Issue:
    if (!Op.Class)
      return Bad("an instruction without a timing class");
    if (!all_of(Op.Uses, Value) || !all_of(Op.Defs, Value))
      return Bad("a register value out of range");
    if (Op.Class->Unit != NoUnit && unsigned(Op.Class->Unit) >= Units.size())
      return Bad(formatv("occupied unit {0} out of range", Op.Class->Unit));
    [[fallthrough]];
  case OpKind::Arrive:
    if (Op.Stream != NoStream && unsigned(Op.Stream) >= Streams.size())
      return Bad(formatv("unit stream {0} out of range", Op.Stream));
    if (Op.Kind == OpKind::Arrive && Op.Barrier >= Names.NumBarriers)
      return Bad(formatv("barrier {0} out of range", Op.Barrier));
    return Error::success();
  case OpKind::Rename:
    for (auto [Dst, Src] : Op.Moves)
      if (!Value(Dst) || !Value(Src))
        return Bad("a register value out of range");
    return Error::success();
  case OpKind::Wait:
    if (Op.Barrier >= Names.NumBarriers)
      return Bad(formatv("barrier {0} out of range", Op.Barrier));
    if (Op.Group >= Groups.size())
      return Bad(formatv("pipe or mutex {0} out of range", Op.Group));
    return Error::success();
  case OpKind::Init:
    if (Op.Barrier + uint64_t(Op.Count) > Names.NumBarriers)
      return Bad("barriers out of range");
    return Error::success();
  case OpKind::Marker:
    if (Op.Loop >= Names.Loops.size())
      return Bad(formatv("loop {0} out of range", Op.Loop));
    return Error::success();
  case OpKind::Branch:
    if (!all_of(Op.Uses, Value))
      return Bad("a register value out of range");
    return Error::success();
  case OpKind::Return:
    return Error::success();
  }
  llvm_unreachable("unknown op kind");
}

void Machine::chargeStall(Agent &A) {
  Cycle Lost = Now - A.LastAttempt;
  unsigned Index = &A - Agents.data();
  StallCounts &S = A.Result.Stalls;
  switch (A.LastBlock) {
  case Block::Operand:
    S.Operand += Lost;
    break;
  case Block::Memory:
    S.Memory += Lost;
    break;
  case Block::Resource:
    S.Resource += Lost;
    break;
  case Block::Barrier: {
    S.Barrier += Lost;
    auto [Group, Acquire] = BlockedGroup[Index];
    (Acquire ? Groups[Group].AcquireStall : Groups[Group].WaitStall) += Lost;
    break;
  }
  case Block::None:
  case Block::InOrder:
    break;
  }
  A.LastBlock = Block::None;
}

bool Machine::blocked(Agent &A, Block B, Cycle Retry, unsigned Group,
                      bool Acquire) {
  chargeStall(A);
  A.LastBlock = B;
  A.LastAttempt = Now;
  A.RetryAt = Retry;
  BlockedGroup[&A - Agents.data()] = {Group, Acquire};
  return false;
}

Cycle Machine::readyAt(const Agent &A, const DynamicOp &Op) {
  Cycle Operands = 0;
  int Unit = Op.Kind == OpKind::Issue ? Op.Class->Unit : NoUnit;
  for (unsigned U : Op.Uses) {
    // A result its unit forwards to the unit's next op (an accumulator the
    // tensor core keeps): the reader queues behind its producer.
    bool Forwarded = Unit != NoUnit && A.ForwardUnit[U] == Unit;
    Operands = std::max(Operands, Forwarded ? A.ForwardAt[U] : A.Ready[U]);
  }
  return Operands;
}

Cycle Machine::storesBefore(const Agent &A, const DynamicOp &Op) {
  unsigned Space = Op.Class->LoadSpace;
  if (!Space || Space >= A.StoreDone.size())
    return 0;
  if (!Op.Object)
    return A.StoreDone[Space];
  // A named object: stores to it, and stores that may touch anything.
  auto It = A.ObjectStoreDone.find({Space, Op.Object});
  Cycle Named = It == A.ObjectStoreDone.end() ? 0 : It->second;
  return std::max(Named, A.AnyObjectStoreDone[Space]);
}

void Machine::issue(Agent &A) {
  const DynamicOp &Op = A.Head;
  const OpClass &C = *Op.Class;
  Calendar.reserve(Now, C);
  unsigned Latency = C.FarMemory ? Rand.draw(C.Latency) : C.Latency;
  Cycle Done = Now + Latency;
  if (C.Unit != NoUnit) {
    // It starts when the unit has finished the ops before it.
    uint64_t &Free = UnitFreeX100[C.Unit];
    uint64_t StartX100 = std::max(Now * 100, Free);
    Free = StartX100 + C.OccupancyX100;
    OccupiedUnitResult &U = Units[C.Unit];
    U.Spans.push_back(
        {StartX100, Free, Now, C.TransferBytes, unsigned(&A - Agents.data())});
    U.BusyX100 += C.OccupancyX100;
    Done = (StartX100 + 99) / 100 + Latency;
  }
  if (Op.Stream != NoStream) {
    StreamResult &S = Streams[Op.Stream];
    Done = std::max(Done, S.LastCompletion);
    S.LastCompletion = Done;
    ++S.Ops;
  }
  for (unsigned D : Op.Defs) {
    A.Ready[D] = Done;
    A.ForwardUnit[D] = C.ForwardsOnUnit ? C.Unit : NoUnit;
    A.ForwardAt[D] = Now;
  }
  if (C.BufferStore)
    A.BufferStoresDone = std::max(A.BufferStoresDone, Done);
  if (unsigned Space = C.StoreSpace) {
    if (A.StoreDone.size() <= Space) {
      A.StoreDone.resize(Space + 1, 0);
      A.AnyObjectStoreDone.resize(Space + 1, 0);
    }
    A.StoreDone[Space] = std::max(A.StoreDone[Space], Done);
    Cycle &Named = Op.Object ? A.ObjectStoreDone[{Space, Op.Object}]
                             : A.AnyObjectStoreDone[Space];
    Named = std::max(Named, Done);
  }
  Quiet = std::max(Quiet, Done);
  ++A.Result.Issued;
}

Expected<bool> Machine::step(Agent &A, unsigned Index) {
  if (A.Done)
    return false;
  if (!A.HasHead) {
    Expected<bool> More = A.Program->next(A.Head);
    if (!More)
      return More.takeError();
    if (!*More)
      return createStringError(inconvertibleErrorCode(),
                               "agent " + A.Result.Name +
                                   " ended without a return");
    followCatalog();
    if (Error E = checkOp(A, A.Head))
      return E;
    A.HasHead = true;
  }
  DynamicOp &Op = A.Head;
  // Renames and barrier setup take no issue cycle: they happen as soon as
  // the instruction before them has issued.
  if (Op.Kind == OpKind::Rename) {
    struct Moved {
      Cycle Ready;
      int ForwardUnit;
      Cycle ForwardAt;
    };
    SmallVector<Moved, 8> Values;
    for (auto [Dst, Src] : Op.Moves)
      Values.push_back({A.Ready[Src], A.ForwardUnit[Src], A.ForwardAt[Src]});
    for (auto [Move, V] : zip(Op.Moves, Values)) {
      A.Ready[Move.first] = V.Ready;
      A.ForwardUnit[Move.first] = V.ForwardUnit;
      A.ForwardAt[Move.first] = V.ForwardAt;
    }
    A.HasHead = false;
    return true;
  }
  if (Op.Kind == OpKind::Init) {
    Bars.init(Op.Barrier, Op.Count);
    A.HasHead = false;
    return true;
  }
  if (Now < A.Earliest)
    return blocked(A, Block::InOrder, A.Earliest);

  switch (Op.Kind) {
  case OpKind::Wait:
    if (!Bars.passes(Op.Barrier, Op.Parity)) {
      std::optional<Cycle> Next = Bars.nextArrival(Op.Barrier);
      return blocked(A, Block::Barrier, Next ? *Next : Never, Op.Group,
                     Op.Acquire);
    }
    break;
  case OpKind::Issue: {
    if (Cycle Operands = readyAt(A, Op); Operands > Now)
      return blocked(A, Block::Operand, Operands);
    if (Cycle Stores = storesBefore(A, Op); Stores > Now)
      return blocked(A, Block::Memory, Stores);
    if (Calendar.conflict(Now, *Op.Class))
      return blocked(A, Block::Resource, Now + 1);
    issue(A);
    break;
  }
  case OpKind::Arrive: {
    Cycle At = Now;
    if (Op.Stream != NoStream)
      At = std::max(At, Streams[Op.Stream].LastCompletion);
    else
      // A thread's arrival releases the buffer stores before it: the
      // barrier's waiters read what they wrote (the P tile's STS, O's
      // TMEM_ST before the MMA warp's PV reads it).
      At = std::max(At, A.BufferStoresDone);
    At += Opts.ArriveLatency;
    Bars.arrive(Op.Barrier, At);
    Quiet = std::max(Quiet, At);
    break;
  }
  case OpKind::Branch:
    // A branch reads its predicate; a taken one ends the issue cycle.
    if (Cycle Operands = readyAt(A, Op); !Opts.FreeBranches && Operands > Now)
      return blocked(A, Block::Operand, Operands);
    if (Op.Taken) {
      if (!Opts.FreeBranches)
        A.Earliest = Now + 1;
      ++A.Result.TakenBranches;
    }
    break;
  case OpKind::Marker: {
    int &L = LoopIndex[Index][Op.Loop];
    if (L < 0) {
      L = Loops.size();
      Loops.push_back({Index, Op.Loop, Names.Loops[Op.Loop], {}});
    }
    Loops[L].Entries.push_back(Now);
    break;
  }
  case OpKind::Return:
    A.Done = true;
    A.Result.Returned = Now;
    Quiet = std::max(Quiet, Now + 1);
    break;
  case OpKind::Rename:
  case OpKind::Init:
    llvm_unreachable("handled above");
  }
  chargeStall(A);
  trace(A, Op);
  A.HasHead = false;
  return !A.Done;
}

void Machine::trace(const Agent &A, const DynamicOp &Op) const {
  if (!Opts.Trace)
    return;
  raw_ostream &OS = *Opts.Trace;
  OS << Now << ' ' << A.Result.Name << ": ";
  if (Op.Kind == OpKind::Marker) {
    OS << "enters loop " << Names.Loops[Op.Loop] << "\n";
    return;
  }
  OS << A.Program->describe(Op.Site);
  if (Op.Kind == OpKind::Issue && !Op.Defs.empty())
    OS << " -> ready at " << A.Ready[Op.Defs.front()];
  if (Op.Kind == OpKind::Issue && Op.Stream != NoStream)
    OS << " (" << Streams[Op.Stream].Name << ")";
  if (Op.Kind == OpKind::Arrive && Op.Stream != NoStream)
    OS << " -> lands at "
       << std::max(Now, Streams[Op.Stream].LastCompletion) + Opts.ArriveLatency
       << " (" << Streams[Op.Stream].Name << ")";
  OS << "\n";
}

Error Machine::stuck(StringRef What) const {
  std::string Msg = What.str() + ":";
  for (const Agent &A : Agents) {
    if (A.Done || !A.HasHead)
      continue;
    Msg += "\n  agent " + A.Result.Name + " is blocked at " +
           A.Program->describe(A.Head.Site);
    switch (A.LastBlock) {
    case Block::Barrier: {
      unsigned Group = BlockedGroup[&A - Agents.data()].first;
      Msg += formatv(" ({0} on {1}, which nothing will complete)",
                     A.Head.Acquire ? "acquiring a slot" : "waiting",
                     Groups[Group].Name)
                 .str();
      break;
    }
    case Block::Operand:
      Msg += " (an operand)";
      break;
    case Block::Memory:
      Msg += " (an earlier store)";
      break;
    case Block::Resource:
      Msg += " (a slot or pool)";
      break;
    case Block::None:
    case Block::InOrder:
      break;
    }
  }
  return createStringError(inconvertibleErrorCode(), Msg);
}

Expected<SimResult> Machine::run() {
  while (true) {
    Calendar.advanceTo(Now);
    Bars.advanceTo(Now);
    bool Progress = true;
    while (Progress) {
      Progress = false;
      for (unsigned I = 0, E = Agents.size(); I != E; ++I) {
        while (true) {
          Expected<bool> Went = step(Agents[I], I);
          if (!Went)
            return Went.takeError();
          if (!*Went)
            break;
          Progress = true;
        }
      }
    }
    if (all_of(Agents, [](const Agent &A) { return A.Done; }))
      break;
    Cycle Next = Never;
    for (const Agent &A : Agents)
      if (!A.Done)
        Next = std::min(Next, A.RetryAt);
    if (std::optional<Cycle> Arrival = Bars.nextArrival())
      Next = std::min(Next, *Arrival);
    if (Next == Never)
      return stuck(formatv("deadlock at cycle {0}", Now).str());
    if (Next > Opts.MaxCycles)
      return stuck(formatv("still running at cycle {0}, the limit is {1}", Now,
                           Opts.MaxCycles)
                       .str());
    Now = std::max(Next, Now + 1);
  }

  SimResult R;
  R.Cycles = Quiet;
  for (const Agent &A : Agents)
    R.Agents.push_back(A.Result);
  R.Loops = std::move(Loops);
  R.Groups = std::move(Groups);
  R.Streams = std::move(Streams);
  R.Units = std::move(Units);
  return R;
}

} // namespace

AgentProgram::~AgentProgram() = default;

Expected<bool> ListProgram::next(DynamicOp &Op) {
  if (Next == Ops.size())
    return false;
  Op = Ops[Next++];
  return true;
}

std::string ListProgram::describe(unsigned Site) const {
  return formatv("op {0}", Site).str();
}

Expected<SimResult> tileas::sim::simulate(const ResourceModel &Model,
                                          const Catalog &Names,
                                          ArrayRef<AgentProgram *> Agents,
                                          const SimOptions &Opts) {
  return Machine(Model, Names, Agents, Opts).run();
}
