//===- TileASMaterializeCheck.cpp - Self-check of materialized loops ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASMaterializeCheck.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/MIRExecutor.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

#include <map>
#include <tuple>

using namespace llvm;
using namespace tileas;

namespace {

std::string where(const MachineInstr &MI) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << "bb." << MI.getParent()->getNumber() << ": '";
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  OS << "'";
  return Text;
}

bool isPipeOp(unsigned Opc) {
  return Opc == TileAS::PIPE_PRODUCER_ACQUIRE ||
         Opc == TileAS::PIPE_PRODUCER_COMMIT ||
         Opc == TileAS::PIPE_CONSUMER_WAIT ||
         Opc == TileAS::PIPE_CONSUMER_RELEASE;
}

enum : uint8_t {
  Acquired = 1,
  Committed = 2,
  Waited = 4,
  Released = 8,
  Tail = 16, ///< Acquired by the producer's tail after the loop.
};

struct PipeState {
  const pipes::Pipe *Solved = nullptr;
  bool Created = false;
  unsigned Depth = 1;
  int64_t First = 0;
  int64_t Step = 1;
  /// Released by an asynchronous unit: needs the producer's tail.
  bool AsyncRelease = false;
  std::map<int64_t, uint8_t> Iters;
};

struct MutexState {
  const pipes::Mutex *Solved = nullptr;
  bool Held = false;
  unsigned Turn = 0;
  unsigned Locks = 0;
};

enum class Part { Outside, Exit, Prologue, Kernel, Epilogue, Loop };

/// Walks the expansion along each path a trip count takes (the MIR
/// executor's static walk, MIRExecutor::runPathBlock, which computes the
/// values) and checks each instruction it reports.
class Checker : public MIRVisitor {
public:
  explicit Checker(const TileASMaterializedLoop &L) : L(L) {}
  std::string run();

  Error instruction(const MachineInstr &MI, const InstrEvent &) override {
    if (step(MI, CurPart, CurPass))
      return Error::success();
    return createStringError(inconvertibleErrorCode(), Problem);
  }
  Error coordination(const MachineInstr &, const CoordinationEvent &) override {
    llvm_unreachable("a static walk reports coordination as instructions");
  }

private:
  std::string checkBarriers() const;
  std::string checkCreates() const;
  std::string checkBlockOrder(const MachineBasicBlock &MBB, Part P) const;
  std::string simulate(int64_t Trips);

  // One path.
  bool visit(const MachineBasicBlock &MBB, Part P, int64_t Pass);
  bool step(const MachineInstr &MI, Part P, int64_t Pass);
  bool pipeOp(const MachineInstr &MI, Part P, std::optional<int64_t> Expected);
  bool mutexOp(const MachineInstr &MI);
  bool dataOp(const MachineInstr &MI, std::optional<unsigned> OI);
  bool finish();
  bool fail(const MachineInstr &MI, const Twine &Msg) {
    Problem = formatv("{0} (trip count {1}): {2}", where(MI), Trips, Msg.str());
    return false;
  }

  unsigned stageOf(unsigned OI) const {
    return L.Placement[L.SchedIndex[OI]].Stage;
  }
  std::tuple<int64_t, int64_t, unsigned> kernelKey(unsigned OI) const {
    const OpPlacement &P = L.Placement[L.SchedIndex[OI]];
    return {P.Start % L.II, -int64_t(P.Stage), P.Order};
  }
  std::optional<TileASLoopCopy> copyOf(const MachineInstr &MI) const {
    auto It = L.Expanded->Copies.find(&MI);
    if (It == L.Expanded->Copies.end())
      return std::nullopt;
    return It->second;
  }

  const TileASMaterializedLoop &L;
  std::string Problem;
  int64_t Trips = 0;
  /// The walk of the trip count being checked, and where it is.
  MIRExecOptions ExecOpts;
  std::optional<MIRExecutor> X;
  Part CurPart = Part::Outside;
  int64_t CurPass = 0;
  std::map<unsigned, PipeState> Pipes;
  std::map<unsigned, MutexState> Mutexes;
  /// Set by an acquire: the next instruction is the pipe's owner.
  std::optional<std::pair<unsigned, int64_t>> PendingOwner;
};

std::string Checker::checkBarriers() const {
  // Pipes are mbarriers (no id limit: their bytes are budgeted); a mutex is
  // a named barrier, whose id must be one the loop may use, or an mbarrier
  // where an asynchronous unit releases it (pipes::BarrierCost.h).
  std::map<unsigned, std::string> Mbarriers, Named, MutexNumbers;
  auto Use = [&](std::map<unsigned, std::string> &Users, StringRef Kind,
                 unsigned Bar, const std::string &Who) -> std::string {
    auto [It, New] = Users.try_emplace(Bar, Who);
    if (!New)
      return formatv("{0} {1} is used by both {2} and {3}", Kind, Bar,
                     It->second, Who);
    return "";
  };
  // A consumer-only pipe is over before the loop starts; a drain created at
  // the exit may take its mbarrier. A handoff may borrow a side of a ring.
  std::map<unsigned, std::string> Transient;
  for (const pipes::Pipe &P : L.Solution->Pipes)
    if (P.Kind == pipes::PipeKind::ConsumerOnly)
      Transient[P.FullBarrier] = formatv("pipe {0}", P.Id).str();
  for (const pipes::Pipe &P : L.Solution->Pipes) {
    std::string Who = formatv("pipe {0}", P.Id).str();
    if (P.Kind == pipes::PipeKind::Drain && P.CreateAtExit &&
        Transient.count(P.FullBarrier))
      continue;
    std::string E;
    if (P.FullFrom < 0)
      E = Use(Mbarriers, "mbarrier", P.FullBarrier, Who);
    if (E.empty() && P.Kind == pipes::PipeKind::Ring && P.EmptyFrom < 0 &&
        P.EmptyBarrier != P.FullBarrier)
      E = Use(Mbarriers, "mbarrier", P.EmptyBarrier, Who);
    if (!E.empty())
      return E;
  }
  for (const pipes::Mutex &M : L.Solution->Mutexes) {
    std::string Who = formatv("mutex {0}", M.Id).str();
    if (!M.Mbarrier &&
        (M.Barrier < L.FirstBarrier || M.Barrier >= L.BarrierLimit))
      return formatv("named barrier {0} of {1} is outside the budget (ids "
                     "{2}..{3})",
                     M.Barrier, Who, L.FirstBarrier, int(L.BarrierLimit) - 1);
    std::string E = M.Mbarrier ? Use(Mbarriers, "mbarrier", M.Barrier, Who)
                               : Use(Named, "named barrier", M.Barrier, Who);
    // The checker and the simulator know a mutex by its number alone.
    if (E.empty())
      E = Use(MutexNumbers, "mutex number", M.Barrier, Who);
    if (!E.empty())
      return E;
  }
  return "";
}

std::string Checker::checkCreates() const {
  std::map<int64_t, const MachineInstr *> Creates;
  for (const MachineBasicBlock *MBB : {L.Preheader, L.Exit})
    for (const MachineInstr &MI : *MBB)
      if (MI.getOpcode() == TileAS::PIPE_CREATE &&
          !Creates
               .try_emplace(namedOperand(MI, TileAS::OpName::pipe).getImm(),
                            &MI)
               .second)
        return formatv("{0}: pipe {1} is created twice", where(MI),
                       namedOperand(MI, TileAS::OpName::pipe).getImm());
  for (const pipes::Pipe &P : L.Solution->Pipes) {
    auto It = Creates.find(P.Id);
    const MachineBasicBlock *Home = P.CreateAtExit ? L.Exit : L.Preheader;
    if (It == Creates.end() || It->second->getParent() != Home)
      return formatv("pipe {0} has no PIPE_CREATE in the {1}", P.Id,
                     P.CreateAtExit ? "exit" : "preheader");
    const MachineInstr &C = *It->second;
    if (namedOperand(C, TileAS::OpName::depth).getImm() != int64_t(P.Depth) ||
        namedOperand(C, TileAS::OpName::bytes).getImm() != int64_t(P.Bytes) ||
        namedOperand(C, TileAS::OpName::full).getImm() !=
            int64_t(P.FullBarrier) ||
        namedOperand(C, TileAS::OpName::empty).getImm() !=
            int64_t(P.EmptyBarrier))
      return formatv("{0}: disagrees with the solve step (depth {1}, {2} "
                     "bytes, barriers {3} and {4})",
                     where(C), P.Depth, P.Bytes, P.FullBarrier, P.EmptyBarrier);
  }
  return "";
}

std::string Checker::checkBlockOrder(const MachineBasicBlock &MBB,
                                     Part P) const {
  const int64_t S = L.StageCount;
  // (step, kernel key) for the expansion's blocks; (cycle, order) for the
  // original loop, which runs one iteration at a time.
  std::optional<std::tuple<int64_t, int64_t, int64_t, unsigned>> Last;
  for (const MachineInstr &MI : MBB) {
    if (MI.isPHI() || MI.isDebugInstr() || MI.isTerminator())
      continue;
    std::tuple<int64_t, int64_t, int64_t, unsigned> Key;
    if (P == Part::Loop) {
      auto It = L.LoopIndex.find(&MI);
      if (It == L.LoopIndex.end())
        return formatv("{0}: not an instruction of the scheduled loop",
                       where(MI));
      const OpPlacement &Pl = L.Placement[L.SchedIndex[It->second]];
      Key = {0, Pl.Start, 0, Pl.Order};
    } else {
      std::optional<TileASLoopCopy> C = copyOf(MI);
      if (!C)
        return formatv("{0}: not a copy of an instruction of the loop",
                       where(MI));
      int64_t Stage = stageOf(C->OrderIndex), StepNo = 0;
      switch (P) {
      case Part::Prologue:
        StepNo = C->Iter + Stage;
        if (C->Iter < 0 || StepNo > S - 2)
          return formatv("{0}: a prologue copy of a stage-{1} instruction "
                         "for iteration {2}, which the prologue does not "
                         "run",
                         where(MI), Stage, C->Iter);
        break;
      case Part::Kernel:
        if (C->Iter != S - 1 - Stage)
          return formatv("{0}: a kernel copy of a stage-{1} instruction "
                         "works on iteration K+{2}; its stage puts it in "
                         "K+{3}",
                         where(MI), Stage, C->Iter, S - 1 - Stage);
        break;
      case Part::Epilogue:
        StepNo = C->Iter + Stage - (S - 1);
        if (StepNo < 1 || StepNo > S - 1)
          return formatv("{0}: an epilogue copy of a stage-{1} instruction "
                         "for iteration T-{2}, which the epilogue does not "
                         "run",
                         where(MI), Stage, S - C->Iter);
        break;
      default:
        break;
      }
      auto [Row, Older, Order] = kernelKey(C->OrderIndex);
      Key = {StepNo, Row, Older, Order};
    }
    if (Last && Key < *Last)
      return formatv("{0}: out of the schedule's order (cycle, stage and "
                     "order of the analysis)",
                     where(MI));
    Last = Key;
  }
  return "";
}

bool Checker::visit(const MachineBasicBlock &MBB, Part P, int64_t Pass) {
  CurPart = P;
  CurPass = Pass;
  if (Error E = X->runPathBlock(MBB)) {
    std::string Msg = toString(std::move(E));
    if (Problem.empty())
      Problem = Msg;
    return false;
  }
  if (PendingOwner) {
    Problem = formatv("bb.{0} (trip count {1}): an acquire of pipe {2} for "
                      "iteration {3} guards nothing",
                      MBB.getNumber(), Trips, PendingOwner->first,
                      PendingOwner->second);
    return false;
  }
  return true;
}

bool Checker::step(const MachineInstr &MI, Part P, int64_t Pass) {
  std::optional<unsigned> OI;
  std::optional<int64_t> Expected;
  switch (P) {
  case Part::Prologue:
  case Part::Kernel:
  case Part::Epilogue:
    if (std::optional<TileASLoopCopy> C = copyOf(MI)) {
      OI = C->OrderIndex;
      Expected = P == Part::Prologue ? C->Iter
                 : P == Part::Kernel ? Pass + C->Iter
                                     : Trips - L.StageCount + C->Iter;
    }
    break;
  case Part::Loop:
    if (auto It = L.LoopIndex.find(&MI); It != L.LoopIndex.end()) {
      OI = It->second;
      Expected = Pass;
    }
    break;
  default:
    break;
  }

  unsigned Opc = MI.getOpcode();
  // Before and after the loop, the coordination of other loops (the exit of
  // one may be the preheader of the next) is not this check's business.
  if ((P == Part::Outside || P == Part::Exit) &&
      TileAS::isCoordination(MI.getDesc())) {
    bool Mutex = Opc == TileAS::MUTEX_LOCK || Opc == TileAS::MUTEX_UNLOCK;
    unsigned Id =
        namedOperand(MI, Mutex ? TileAS::OpName::bar : TileAS::OpName::pipe)
            .getImm();
    if (Mutex ? !Mutexes.count(Id) : !Pipes.count(Id))
      return true;
  }
  if (Opc == TileAS::PIPE_CREATE) {
    unsigned Id = namedOperand(MI, TileAS::OpName::pipe).getImm();
    PipeState &PS = Pipes[Id];
    if (!PS.Solved)
      return fail(MI, formatv("creates pipe {0}, which the solve step did not "
                              "make for this loop",
                              Id));
    if (PS.Created)
      return fail(MI, formatv("creates pipe {0} a second time", Id));
    PS.Created = true;
    PS.Depth =
        std::max<int64_t>(1, namedOperand(MI, TileAS::OpName::depth).getImm());
    PS.First = X->value(namedOperand(MI, TileAS::OpName::first).getReg()).Int;
    PS.Step = namedOperand(MI, TileAS::OpName::step).getImm();
    PS.AsyncRelease = PS.Solved->Kind == pipes::PipeKind::Ring &&
                      namedOperand(MI, TileAS::OpName::consumer).getImm() != 0;
    return true;
  }
  if (isPipeOp(Opc))
    return pipeOp(MI, P, Expected);
  if (Opc == TileAS::MUTEX_LOCK || Opc == TileAS::MUTEX_UNLOCK)
    return mutexOp(MI);
  if (TileAS::isCoordination(MI.getDesc()))
    return true;

  // Integers the induction values are computed from, and buffered values:
  // the walk has computed them.
  switch (Opc) {
  case TileAS::MOVri:
  case TileAS::MOV64ri:
  case TargetOpcode::COPY:
  case TileAS::MOV_R32:
  case TileAS::MOV_R64:
  case TileAS::MOV_TH:
  case TileAS::MOV_TMH:
  case TileAS::ADDri:
  case TileAS::ADD64ri:
  case TileAS::SUBri:
    return true;
  default:
    break;
  }
  // Anything else is no induction value of this loop: outside it, nothing
  // (and no slot) the check follows.
  if (P == Part::Outside || P == Part::Exit) {
    for (const MachineOperand &MO : MI.all_defs())
      X->set(MO.getReg(), RunValue());
    return true;
  }
  return dataOp(MI, OI);
}

bool Checker::pipeOp(const MachineInstr &MI, Part Where,
                     std::optional<int64_t> Expected) {
  unsigned Opc = MI.getOpcode();
  unsigned Id = namedOperand(MI, TileAS::OpName::pipe).getImm();
  unsigned Bar = namedOperand(MI, TileAS::OpName::bar).getImm();
  auto It = Pipes.find(Id);
  if (It == Pipes.end() || !It->second.Solved)
    return fail(MI, formatv("names pipe {0}, which the solve step did not "
                            "make for this loop",
                            Id));
  PipeState &PS = It->second;
  const pipes::Pipe &SP = *PS.Solved;
  if (!PS.Created)
    return fail(MI, formatv("uses pipe {0} before its PIPE_CREATE", Id));
  int64_t IV = X->value(namedOperand(MI, TileAS::OpName::iter).getReg()).Int;
  if (PS.Step == 0 || (IV - PS.First) % PS.Step != 0)
    return fail(MI, "its induction value is not an iteration of the pipe");
  int64_t K = (IV - PS.First) / PS.Step;
  // A loop-carried release (Hopper) releases the slot of the iteration
  // before the one its stage puts it in: none in the first iteration, and
  // the last one's at the exit.
  bool LoopCarried = Opc == TileAS::PIPE_CONSUMER_RELEASE &&
                     llvm::is_contained(L.LoopCarriedReleases, Id);
  if (LoopCarried && Expected)
    Expected = *Expected - 1;
  if (LoopCarried && K == -1 && Expected && *Expected == -1)
    return true;
  if (K < 0)
    return fail(MI, formatv("names iteration {0}", K));
  if (Expected && K != *Expected)
    return fail(MI, formatv("names iteration {0} (slot {1}, phase {2}), but "
                            "its stage puts it in iteration {3}",
                            K, K % PS.Depth, (K / PS.Depth) & 1, *Expected));
  bool EmptySide = Opc == TileAS::PIPE_PRODUCER_ACQUIRE ||
                   Opc == TileAS::PIPE_CONSUMER_RELEASE;
  unsigned WantBar = EmptySide ? SP.EmptyBarrier : SP.FullBarrier;
  if (Bar != WantBar)
    return fail(MI, formatv("uses barrier {0}; pipe {1}'s {2} barrier is {3}",
                            Bar, Id, EmptySide ? "empty" : "full", WantBar));
  bool Ring = SP.Kind == pipes::PipeKind::Ring;
  uint8_t &F = PS.Iters[K];
  if (Where == Part::Exit) {
    // After the loop only drains and the producer's tail.
    if (Opc == TileAS::PIPE_PRODUCER_ACQUIRE) {
      if (!Ring || K < Trips || K >= Trips + PS.Depth || F)
        return fail(MI, formatv("a producer's tail acquires iteration {0}; "
                                "it should acquire iterations {1}..{2} once "
                                "each",
                                K, Trips, Trips + PS.Depth - 1));
      auto Prev = PS.Iters.find(K - PS.Depth);
      if (K >= PS.Depth &&
          (Prev == PS.Iters.end() || !(Prev->second & Released)))
        return fail(MI, formatv("the producer's tail acquires slot {0} "
                                "before iteration {1} released it",
                                K % PS.Depth, K - PS.Depth));
      F |= Tail;
      return true;
    }
    if (LoopCarried) {
      if (K != Trips - 1)
        return fail(MI, formatv("the exit releases iteration {0}; its "
                                "loop-carried release is of the last "
                                "iteration, {1}",
                                K, Trips - 1));
    } else if (Ring) {
      return fail(MI, "a ring is used after the loop");
    }
  }
  switch (Opc) {
  case TileAS::PIPE_PRODUCER_ACQUIRE: {
    if (!Ring)
      return fail(MI, "acquires a pipe that is not a ring");
    if (F & Acquired)
      return fail(MI, formatv("acquires iteration {0} a second time", K));
    if (K >= PS.Depth) {
      auto Prev = PS.Iters.find(K - PS.Depth);
      if (Prev == PS.Iters.end() || !(Prev->second & Released))
        return fail(MI, formatv("the producer of iteration {0} reuses slot "
                                "{1} before iteration {2} released it "
                                "(depth {3})",
                                K, K % PS.Depth, K - PS.Depth, PS.Depth));
    }
    if (PendingOwner)
      return fail(MI, formatv("an acquire of pipe {0} guards nothing",
                              PendingOwner->first));
    F |= Acquired;
    PendingOwner = {Id, K};
    return true;
  }
  case TileAS::PIPE_PRODUCER_COMMIT:
    if (Ring && !(F & Acquired))
      return fail(MI, formatv("commits iteration {0}, which was not "
                              "acquired",
                              K));
    if (F & Committed)
      return fail(MI, formatv("commits iteration {0} a second time", K));
    if (PendingOwner && PendingOwner->first == Id)
      return fail(MI, formatv("an acquire of pipe {0} guards nothing", Id));
    F |= Committed;
    return true;
  case TileAS::PIPE_CONSUMER_WAIT:
    if (!(F & Committed))
      return fail(MI, formatv("waits for iteration {0} before its producer "
                              "committed it",
                              K));
    if (F & Waited)
      return fail(MI, formatv("waits for iteration {0} a second time", K));
    F |= Waited;
    return true;
  case TileAS::PIPE_CONSUMER_RELEASE:
    if (!Ring)
      return fail(MI, "releases a pipe that is not a ring");
    if (!(F & Waited))
      return fail(MI, formatv("releases iteration {0} without waiting for "
                              "it",
                              K));
    if (F & Released)
      return fail(MI, formatv("releases iteration {0} a second time", K));
    F |= Released;
    return true;
  default:
    llvm_unreachable("not a pipe operation");
  }
}

bool Checker::mutexOp(const MachineInstr &MI) {
  unsigned Bar = namedOperand(MI, TileAS::OpName::bar).getImm();
  auto It = Mutexes.find(Bar);
  if (It == Mutexes.end())
    return fail(MI, formatv("names barrier {0}, which is no mutex of this "
                            "loop",
                            Bar));
  MutexState &M = It->second;
  if (MI.getOpcode() == TileAS::MUTEX_LOCK) {
    unsigned Side = namedOperand(MI, TileAS::OpName::side).getImm();
    if (M.Held)
      return fail(MI, "locks a mutex that is already held");
    if (Side != M.Turn)
      return fail(MI, formatv("enters side {0}, but side {1} is next (the "
                              "sides alternate, starting with 0)",
                              Side, M.Turn));
    M.Held = true;
    ++M.Locks;
    return true;
  }
  if (!M.Held)
    return fail(MI, "unlocks a mutex that is not held");
  M.Held = false;
  M.Turn ^= 1;
  return true;
}

bool Checker::dataOp(const MachineInstr &MI, std::optional<unsigned> OI) {
  std::optional<unsigned> SI;
  if (OI)
    SI = L.SchedIndex[*OI];
  auto PipeOf = [&](unsigned Id) { return Pipes[Id].Solved; };

  if (PendingOwner) {
    const pipes::Pipe *P = PipeOf(PendingOwner->first);
    if (!SI || int(*SI) != P->Owner)
      return fail(MI, formatv("the acquire of pipe {0} before it guards "
                              "something other than the pipe's producer",
                              PendingOwner->first));
  }
  // Reads of piped slots.
  for (const MachineOperand &MO : MI.all_uses()) {
    if (!MO.getReg().isVirtual())
      continue;
    std::optional<SlotRef> V = X->value(MO.getReg()).Slot;
    if (!V)
      continue;
    // The owner rewriting an older buffer of its ring in place: its
    // acquire covered that.
    if (PendingOwner && V->Pipe == PendingOwner->first)
      continue;
    const pipes::Pipe *P = PipeOf(V->Pipe);
    uint8_t F = Pipes[V->Pipe].Iters[V->Iteration];
    if (SI && llvm::is_contained(P->Producers, *SI)) {
      if (!(F & Acquired) || (F & Committed))
        return fail(MI, formatv("rewrites pipe {0}'s slot of iteration {1} "
                                "outside its acquire and commit",
                                V->Pipe, V->Iteration));
      continue;
    }
    if (!(F & Waited))
      return fail(MI, formatv("reads pipe {0}'s slot of iteration {1} "
                              "before waiting for it",
                              V->Pipe, V->Iteration));
    if (F & Released)
      return fail(MI, formatv("reads pipe {0}'s slot of iteration {1} after "
                              "releasing it",
                              V->Pipe, V->Iteration));
  }
  // Members of a mutex group run inside a region of the mutex.
  if (SI)
    for (auto &[Bar, M] : Mutexes)
      if ((llvm::is_contained(M.Solved->Producers, *SI) ||
           llvm::is_contained(M.Solved->Consumers, *SI)) &&
          !M.Held)
        return fail(MI, formatv("touches the buffer of mutex {0} (barrier "
                                "{1}) without holding it",
                                M.Solved->Id, Bar));
  // Results: the owner's is the slot it fills; a rewrite in place stays in
  // the slot it rewrote.
  for (unsigned OpNo = 0, E = MI.getNumOperands(); OpNo != E; ++OpNo) {
    const MachineOperand &MO = MI.getOperand(OpNo);
    if (!MO.isReg() || !MO.isDef() || !MO.getReg().isVirtual())
      continue;
    RunValue V;
    // A handoff's slot is the buffer allocated before the loop: what its
    // first side computes is no slot of it (an accumulator read to be
    // rescaled).
    if (PendingOwner && !PipeOf(PendingOwner->first)->Handoff) {
      V.Slot = SlotRef{PendingOwner->first, PendingOwner->second};
    } else if (MO.isTied()) {
      V = X->value(MI.getOperand(MI.findTiedOperandIdx(OpNo)).getReg());
      V.Int = 0;
    }
    X->set(MO.getReg(), V);
  }
  PendingOwner.reset();
  return true;
}

bool Checker::finish() {
  for (auto &[Id, PS] : Pipes) {
    const pipes::Pipe &SP = *PS.Solved;
    if (!PS.Created) {
      Problem = formatv("trip count {0}: pipe {1} is never created", Trips, Id);
      return false;
    }
    bool Ring = SP.Kind == pipes::PipeKind::Ring;
    int64_t Expected = Ring ? Trips : 1;
    uint8_t All = Ring ? (Acquired | Committed | Waited | Released)
                       : (Committed | Waited);
    for (int64_t K = 0; K < Expected; ++K) {
      uint8_t F = PS.Iters.count(K) ? PS.Iters[K] : 0;
      if (F != All) {
        const char *Missing = !(F & Acquired) && Ring ? "acquired"
                              : !(F & Committed)      ? "committed"
                              : !(F & Waited)         ? "waited for"
                                                      : "released";
        Problem = formatv("trip count {0}: iteration {1} of pipe {2} is "
                          "never {3}",
                          Trips, K, Id, Missing);
        return false;
      }
    }
    if (PS.AsyncRelease)
      for (int64_t K = Trips; K < Trips + PS.Depth; ++K)
        if (!PS.Iters.count(K) || PS.Iters[K] != Tail) {
          Problem = formatv("trip count {0}: pipe {1} is released by an "
                            "asynchronous unit, but after the loop its "
                            "producer never waits for slot {2} to be "
                            "released (iteration {3} of its tail)",
                            Trips, Id, K % PS.Depth, K);
          return false;
        }
    for (auto &[K, F] : PS.Iters)
      if ((K < 0 || K >= Expected) && F && F != Tail) {
        Problem = formatv("trip count {0}: pipe {1} is used for iteration "
                          "{2}, which does not run",
                          Trips, Id, K);
        return false;
      }
  }
  for (auto &[Bar, M] : Mutexes) {
    if (M.Held) {
      Problem = formatv("trip count {0}: mutex {1} (barrier {2}) is still "
                        "held after the loop",
                        Trips, M.Solved->Id, Bar);
      return false;
    }
    if (M.Locks != 2 * Trips) {
      Problem = formatv("trip count {0}: mutex {1} (barrier {2}) is locked "
                        "{3} times; each iteration has two regions",
                        Trips, M.Solved->Id, Bar, M.Locks);
      return false;
    }
  }
  return true;
}

std::string Checker::simulate(int64_t T) {
  Trips = T;
  X.emplace(*L.Preheader->getParent(), ExecOpts);
  X->setVisitor(*this);
  Pipes.clear();
  Mutexes.clear();
  PendingOwner.reset();
  for (const pipes::Pipe &P : L.Solution->Pipes)
    Pipes[P.Id].Solved = &P;
  for (const pipes::Mutex &M : L.Solution->Mutexes)
    Mutexes[M.Barrier].Solved = &M;

  const int64_t S = L.StageCount;
  const TileASExpandedLoop &E = *L.Expanded;
  if (!visit(*L.Preheader, Part::Outside, 0))
    return Problem;
  bool Pipelined = E.Kernel && E.Kernel != L.Loop && T >= S;
  if (Pipelined) {
    if (!visit(*E.Prologue, Part::Prologue, 0))
      return Problem;
    for (int64_t K = 0; K <= T - S; ++K)
      if (!visit(*E.Kernel, Part::Kernel, K))
        return Problem;
    if (!visit(*E.Epilogue, Part::Epilogue, 0))
      return Problem;
  } else {
    for (int64_t K = 0; K < T; ++K)
      if (!visit(*L.Loop, Part::Loop, K))
        return Problem;
  }
  if (!visit(*L.Exit, Part::Exit, 0) || !finish())
    return Problem;
  return "";
}

std::string Checker::run() {
  if (std::string E = checkBarriers(); !E.empty())
    return E;
  if (std::string E = checkCreates(); !E.empty())
    return E;
  const TileASExpandedLoop &E = *L.Expanded;
  bool Pipelined = E.Kernel && E.Kernel != L.Loop;
  if (Pipelined)
    for (auto [MBB, P] : {std::make_pair(E.Prologue, Part::Prologue),
                          std::make_pair(E.Kernel, Part::Kernel),
                          std::make_pair(E.Epilogue, Part::Epilogue)})
      if (std::string Err = checkBlockOrder(*MBB, P); !Err.empty())
        return Err;
  if (L.Loop)
    if (std::string Err = checkBlockOrder(*L.Loop, Part::Loop); !Err.empty())
      return Err;

  // Trip counts: below, at and past the stage count, until every ring has
  // wrapped at least once.
  SmallVector<int64_t, 16> TripCounts;
  if (L.ConstantTripCount) {
    TripCounts.push_back(*L.ConstantTripCount);
  } else {
    unsigned MaxDepth = 1;
    for (const pipes::Pipe &P : L.Solution->Pipes)
      MaxDepth = std::max(MaxDepth, P.Depth);
    int64_t Low = Pipelined && !E.Fallback ? L.StageCount : 1;
    for (int64_t T = Low; T <= int64_t(L.StageCount) + MaxDepth + 1; ++T)
      TripCounts.push_back(T);
  }
  for (int64_t T : TripCounts) {
    if (!Pipelined && !L.Loop)
      break;
    if (Pipelined && T < int64_t(L.StageCount) && !E.Fallback)
      continue;
    if (std::string Err = simulate(T); !Err.empty())
      return Err;
  }
  return "";
}

} // namespace

std::string llvm::checkMaterializedLoop(const TileASMaterializedLoop &L) {
  return Checker(L).run();
}
