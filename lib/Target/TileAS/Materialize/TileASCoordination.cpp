//===- TileASCoordination.cpp - Pipes and mutexes for a loop --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASCoordinationInput.h"
#include "Pipeliner/TileASScheduleAnalysis.h"
#include "TileASInstrInfo.h"
#include "TileASOptions.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
#include "tileas/Model/MachineModel.h"
#include "tileas/Sched/Coordination.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <tuple>

using namespace llvm;
using namespace tileas;

static cl::opt<bool> HopperLateRelease(
    "tileas-hopper-late-release", cl::Hidden, cl::init(true),
    cl::desc("On Hopper, release a ring slot that wgmmas read after a reader "
             "of the next iteration (loop-carried), so that wgmma.wait_group "
             "leaves that iteration's wgmmas in flight"));

char LoopLeftUnchanged::ID = 0;
char UnsupportedCoordination::ID = 0;
char BarrierShortage::ID = 0;

TileASCoordinationBuilder::TileASCoordinationBuilder(
    const TileASLoopSchedule &S, const TileASPipelinerOptions &Opts)
    : S(S), Opts(Opts) {}

unsigned TileASCoordinationBuilder::unitOf(unsigned Op) const {
  const pipes::LoopOp &L = In.Ops[Op];
  return L.Async ? 1 + L.Unit : 0;
}

TileASCoordinationSolve
llvm::solveLoopCoordination(const TileASLoopSchedule &S,
                            const TileASPipelinerOptions &Opts,
                            bool Specialized, ArrayRef<unsigned> AgentOf) {
  TileASCoordinationInput CI =
      TileASCoordinationInput::build(*S.Loop, S.Instrs, Opts);
  TileASCoordinationSolve Solved;
  Solved.In = std::move(CI.In);
  for (unsigned I = 0; I < AgentOf.size() && I < Solved.In.Ops.size(); ++I)
    if (AgentOf[I])
      Solved.In.Ops[I].Agent = AgentOf[I];
  if (!Specialized) {
    Solved.In.WarpSpecialized = false;
    Solved.In.RingSlack = 0;
  }
  Solved.OutsideDefs = std::move(CI.OutsideDefs);
  Solved.In = placeSchedule(Solved.In, S.Placement, S.II);
  Solved.In.FirstPipeId = 0;
  Expected<pipes::SolveResult> R = pipes::solvePipes(Solved.In);
  if (R)
    Solved.Result = std::move(*R);
  else
    Solved.Error = toString(R.takeError());
  return Solved;
}

void llvm::solveHandoffCoordination(TileASLoopSchedule &S,
                                    const TileASPipelinerOptions &Opts) {
  bool Specialized = S.Form == TileASLoopForm::WarpSpecialized;
  S.Coordination = std::make_shared<const TileASCoordinationSolve>(
      solveLoopCoordination(S, Opts, Specialized));
  if (Specialized)
    S.UnspecializedCoordination =
        std::make_shared<const TileASCoordinationSolve>(
            solveLoopCoordination(S, Opts, /*Specialized=*/false));
}

bool llvm::isCoordinationCurrent(const TileASLoopSchedule &S,
                                 const TileASPipelinerOptions &Opts,
                                 const TileASCoordinationSolve &Solved) {
  TileASCoordinationInput Now =
      TileASCoordinationInput::build(*S.Loop, S.Instrs, Opts);
  const pipes::SolveInput &Was = Solved.In;
  if (Now.OutsideDefs != Solved.OutsideDefs ||
      Now.In.Ops.size() != Was.Ops.size() ||
      Now.In.Values.size() != Was.Values.size() ||
      Now.In.Reads.size() != Was.Reads.size())
    return false;
  for (unsigned I = 0; I < Was.Ops.size(); ++I) {
    const pipes::LoopOp &A = Now.In.Ops[I], &B = Was.Ops[I];
    if (std::tie(A.Unit, A.Async, A.Latency, A.Agent) !=
        std::tie(B.Unit, B.Async, B.Latency, B.Agent))
      return false;
  }
  for (unsigned I = 0; I < Was.Values.size(); ++I) {
    const pipes::BufferedValue &A = Now.In.Values[I], &B = Was.Values[I];
    if (std::tie(A.Producer, A.ProducedAsync, A.Bytes, A.Budget, A.LiveOut) !=
        std::tie(B.Producer, B.ProducedAsync, B.Bytes, B.Budget, B.LiveOut))
      return false;
  }
  for (unsigned I = 0; I < Was.Reads.size(); ++I) {
    const pipes::Read &A = Now.In.Reads[I], &B = Was.Reads[I];
    if (std::tie(A.Op, A.Value, A.Distance, A.InPlace, A.Result) !=
        std::tie(B.Op, B.Value, B.Distance, B.InPlace, B.Result))
      return false;
  }
  return true;
}

/// Numbers the pipes of R from FirstPipeId instead of From, and the pipes
/// they borrow barriers from with them.
static void renumberPipes(pipes::SolveResult &R, unsigned From,
                          unsigned FirstPipeId) {
  for (pipes::Pipe &P : R.Pipes) {
    P.Id = P.Id - From + FirstPipeId;
    if (P.FullFrom >= 0)
      P.FullFrom = int(P.FullFrom - From + FirstPipeId);
    if (P.EmptyFrom >= 0)
      P.EmptyFrom = int(P.EmptyFrom - From + FirstPipeId);
  }
}

Expected<pipes::SolveResult>
TileASCoordinationBuilder::solve(unsigned FirstPipeId, bool Specialized,
                                 ArrayRef<unsigned> AgentOf) {
  return adopt(solveLoopCoordination(S, Opts, Specialized, AgentOf),
               FirstPipeId);
}

unsigned TileASCoordinationBuilder::drainReader(const pipes::Pipe &P) const {
  auto It = DrainReaders.find(P.Id);
  return It != DrainReaders.end() ? It->second : issuingAgent(-1);
}

Expected<pipes::SolveResult>
TileASCoordinationBuilder::adopt(const TileASCoordinationSolve &Solved,
                                 unsigned FirstPipeId) {
  In = Solved.In;
  In.FirstPipeId = FirstPipeId;
  OutsideDefs = Solved.OutsideDefs;
  if (!Solved.Result)
    return createStringError(inconvertibleErrorCode(), Solved.Error);
  pipes::SolveResult R = *Solved.Result;
  renumberPipes(R, Solved.In.FirstPipeId, FirstPipeId);
  if (R.Unsupported) {
    const TargetInstrInfo &TII =
        *S.Loop->getParent()->getSubtarget().getInstrInfo();
    return make_error<UnsupportedCoordination>(
        describeUnsupported(R, [&](unsigned Op) {
          return TII.getName(S.Instrs[Op]->getOpcode()).str();
        }));
  }
  if (!R.Exceeded)
    return R;
  // A schedule from the MIR was not bounded by this run's budgets.
  if (!S.Annotated)
    return pipes::budgetError(In, R);
  std::string Why = "the schedule from the MIR does not fit: " +
                    pipes::describeOverrun(In, R);
  if (!pipes::exceedsBarriers(In, R))
    return createStringError(inconvertibleErrorCode(), Why);
  int Reserved = Opts.ReservedBarriers;
  Why += Reserved < 0
             ? std::string(", with the machine description's reservation")
             : formatv(", with -tileas-reserved-barriers={0}", Reserved).str();
  return make_error<BarrierShortage>(std::move(Why));
}

unsigned TileASCoordinationBuilder::issuingAgent(int Op) const {
  if (IssuingAgent.empty())
    return StreamAgent;
  return Op >= 0 ? IssuingAgent[Op]
                 : tileasMachine(*S.Loop->getParent()).defaultAgent();
}

unsigned TileASCoordinationBuilder::producerAgent(const pipes::Pipe &P) const {
  // The agent of the last producer, which commits (a ring's producers are
  // all one agent's; a drain's may be several, ordered by a mutex). A value
  // made before the loop was made before the dispatch, by every warp: the
  // one stream before the loop, whoever runs it.
  if (P.Owner < 0)
    return IssuingAgent.empty() ? StreamAgent : 0;
  return issuingAgent(P.Producers.back());
}

void TileASCoordinationBuilder::create(const pipes::Pipe &P,
                                       const TileASCountedLoop &Loop,
                                       MachineBasicBlock &MBB,
                                       MachineBasicBlock::iterator Where) {
  MachineFunction &MF = *S.Loop->getParent();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  unsigned ProducerUnit = 0, ConsumerUnit = 0;
  // The slot is full once its last producer (by stage and order) is done:
  // that producer's unit commits it. For an in-place chain of ops on
  // several units (an accumulator rescaled by the issuing thread, then
  // accumulated into by the tensor core) that is not the owner's unit.
  if (P.Owner >= 0)
    ProducerUnit = unitOf(P.Producers.back());
  else if (!P.Consumers.empty()) {
    const MachineInstr *Def = OutsideDefs[P.Consumers.front().Value];
    if (Def && coordinationUnitOf(*Def).second)
      ProducerUnit = 1 + coordinationUnitOf(*Def).first;
  }
  if (P.Kind == pipes::PipeKind::Ring)
    ConsumerUnit = unitOf(P.Consumers.back().Op);
  // Who issues each side: the consumers' agent, or for a drain the default
  // agent, which runs the code after the loop.
  unsigned ConsumerAgent = P.Consumers.empty()
                               ? drainReader(P)
                               : issuingAgent(int(P.Consumers.back().Op));
  Created.push_back(
      BuildMI(MBB, Where, DebugLoc(), TII.get(TileAS::PIPE_CREATE))
          .addImm(P.Id)
          .addImm(P.Depth)
          .addImm(P.Bytes)
          .addImm(P.FullBarrier)
          .addImm(P.EmptyBarrier)
          .addImm(ProducerUnit)
          .addImm(ConsumerUnit)
          .addReg(Loop.Init)
          .addImm(Loop.Step)
          .addImm(producerAgent(P))
          .addImm(ConsumerAgent)
          .getInstr());
}

void TileASCoordinationBuilder::emitExit(const pipes::SolveResult &Solution,
                                         const TileASCountedLoop &Loop,
                                         MachineBasicBlock &Exit,
                                         unsigned Agent, bool DrainWaits) {
  MachineFunction &MF = *Exit.getParent();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  MachineRegisterInfo &MRI = MF.getRegInfo();
  DebugLoc DL;
  Register First = Loop.Init;
  auto PipeOp = [&](unsigned Opc, const pipes::Pipe &P, unsigned Bar,
                    Register It, MachineBasicBlock::iterator Where) {
    Created.push_back(BuildMI(Exit, Where, DL, TII.get(Opc))
                          .addImm(P.Id)
                          .addImm(Bar)
                          .addReg(It)
                          .getInstr());
  };
  auto Mine = [&](const pipes::Pipe &P) {
    return IssuingAgent.empty() || producerAgent(P) == Agent;
  };

  // Read after the loop: the producers' unit arrives once everything it was
  // given is done, and the exit waits for that.
  for (const pipes::Pipe &P : Solution.Pipes) {
    if (P.Kind != pipes::PipeKind::Drain)
      continue;
    MachineBasicBlock::iterator ExitStart = Exit.getFirstNonPHI();
    if (P.CreateAtExit && IssuingAgent.empty())
      create(P, Loop, Exit, ExitStart);
    if (Mine(P))
      PipeOp(TileAS::PIPE_PRODUCER_COMMIT, P, P.FullBarrier, First, ExitStart);
    if (DrainWaits && (IssuingAgent.empty() || drainReader(P) == Agent))
      PipeOp(TileAS::PIPE_CONSUMER_WAIT, P, P.FullBarrier, First, ExitStart);
  }

  // The producer's tail: a ring whose slots an asynchronous unit releases
  // may still see those releases arrive after the loop. Before the exit
  // ends (and its buffers and barriers are freed or reused by a later
  // loop), acquire every slot once more, for iterations T .. T + depth - 1,
  // which waits until the last depth iterations have been released
  // (CUTLASS's producer_tail). The induction value of iteration T is the
  // loop's last increment.
  MachineBasicBlock::iterator ExitEnd = Exit.getFirstTerminator();
  Register AfterLast = Loop.Increment->getOperand(0).getReg();
  // The loop-carried releases of the last iteration (whose next iteration
  // does not run), before the tails wait for them.
  for (const pipes::Pipe &P : Solution.Pipes) {
    if (!llvm::is_contained(LateReleases, P.Id) ||
        (!IssuingAgent.empty() &&
         issuingAgent(int(P.Consumers.back().Op)) != Agent))
      continue;
    Register Last = MRI.createVirtualRegister(MRI.getRegClass(AfterLast));
    Created.push_back(BuildMI(Exit, ExitEnd, DL, TII.get(TileAS::ADDri), Last)
                          .addReg(AfterLast)
                          .addImm(-Loop.Step)
                          .getInstr());
    PipeOp(TileAS::PIPE_CONSUMER_RELEASE, P, P.EmptyBarrier, Last, ExitEnd);
  }
  for (const pipes::Pipe &P : Solution.Pipes) {
    if (P.Kind != pipes::PipeKind::Ring || unitOf(P.Consumers.back().Op) == 0 ||
        !Mine(P))
      continue;
    for (unsigned J = 0; J < P.Depth; ++J) {
      Register It = AfterLast;
      if (J) {
        It = MRI.createVirtualRegister(MRI.getRegClass(AfterLast));
        Created.push_back(BuildMI(Exit, ExitEnd, DL, TII.get(TileAS::ADDri), It)
                              .addReg(AfterLast)
                              .addImm(int64_t(J) * Loop.Step)
                              .getInstr());
      }
      PipeOp(TileAS::PIPE_PRODUCER_ACQUIRE, P, P.EmptyBarrier, It, ExitEnd);
    }
  }
}

MachineInstr *llvm::loopCarriedReleaseIteration(Register Iter, Register IV,
                                                MachineBasicBlock &Loop) {
  MachineRegisterInfo &MRI = Loop.getParent()->getRegInfo();
  MachineInstr *Def = Iter.isVirtual() ? MRI.getVRegDef(Iter) : nullptr;
  if (!Def || Def->getParent() != &Loop || Def->getOpcode() != TileAS::ADDri ||
      !Def->getOperand(1).isReg() || Def->getOperand(1).getReg() != IV ||
      !Def->getOperand(2).isImm() || Def->getOperand(2).getImm() != -1)
    return nullptr;
  return Def;
}

int TileASCoordinationBuilder::lateReleaseAnchor(
    const pipes::Pipe &P, ArrayRef<pipes::Pipe> Pipes) const {
  if (!HopperLateRelease || P.Kind != pipes::PipeKind::Ring ||
      P.EmptyFrom >= 0 || P.Handoff || P.Owner < 0 || P.Depth < 2 ||
      P.Consumers.empty())
    return -1;
  const MachineFunction &MF = *S.Loop->getParent();
  const auto &ST = MF.getSubtarget<TileASSubtarget>();
  unsigned Last = P.Consumers.back().Op;
  if (ST.hasTensorMemory() || !ST.hasWgmma() || !unitOf(Last) ||
      !TileAS::wgmmaLanes(S.Instrs[Last]->getOpcode()))
    return -1;
  // Where an op of iteration It issues in the pipelined loop: at step
  // It + stage, in the kernel order.
  auto Issue = [&](unsigned Op, int64_t It) {
    const OpPlacement &Pl = S.Placement[Op];
    return std::tuple_cat(std::make_tuple(It + int64_t(Pl.Stage)),
                          kernelOrderKey(Pl, S.II));
  };
  // Every reader of iteration k issues before the wait of iteration k + 1
  // (anchored before its first reader): the printer counts the groups to
  // leave in flight from that wait.
  unsigned First = P.Consumers.front().Op;
  for (const pipes::Read &R : P.Consumers)
    if (Issue(R.Op, 0) < Issue(First, 0))
      First = R.Op;
  if (!(Issue(Last, 0) < Issue(First, 1)))
    return -1;
  // The slot is acquired again for iteration k + depth: the release must
  // come before that acquire (unspecialized, one stream would wait on
  // itself). Among the readers of iteration k + 1 before it, the first one
  // that issues once the last reader of iteration k has completed, else the
  // latest.
  int64_t Done = S.Placement[Last].Start + In.Ops[Last].Latency;
  auto Reuse = Issue(unsigned(P.Owner), int64_t(P.Depth));
  // Nor may the refill wait for it: the anchor (of iteration k + 1)
  // completes by the time the schedule refills the slot, depth iterations
  // after iteration k's owner.
  int64_t Refill =
      S.Placement[P.Owner].Start + int64_t(P.Depth) * int64_t(S.II);
  // Warp-specialized, the consumer now waits for iteration k + 1 before it
  // releases iteration k: every producer of iteration k + 1 must come
  // before the refill's acquire in the producers' order, or the producer
  // agent would wait for the release while the consumer waits for it.
  if (!IssuingAgent.empty())
    for (const pipes::Pipe &Q : Pipes)
      if (Q.Kind == pipes::PipeKind::Ring && Q.Owner >= 0 &&
          !(Issue(unsigned(Q.Producers.back()), 1) < Reuse))
        return -1;
  int Best = -1;
  bool BestDone = false;
  for (const pipes::Read &R : P.Consumers) {
    if (!TileAS::wgmmaLanes(S.Instrs[R.Op]->getOpcode()) ||
        !(Issue(R.Op, 1) < Reuse) ||
        S.Placement[R.Op].Start + int64_t(S.II) + In.Ops[R.Op].Latency > Refill)
      continue;
    bool IsDone = S.Placement[R.Op].Start + int64_t(S.II) >= Done;
    if (Best < 0 || (IsDone && !BestDone) ||
        (IsDone == BestDone &&
         (IsDone ? Issue(R.Op, 1) < Issue(unsigned(Best), 1)
                 : Issue(unsigned(Best), 1) < Issue(R.Op, 1)))) {
      Best = int(R.Op);
      BestDone = IsDone;
    }
  }
  return Best;
}

void TileASCoordinationBuilder::place(MachineInstr *MI, MachineInstr *Anchor,
                                      bool Before) {
  Placed.push_back({MI, Anchor, Before});
  if (!llvm::is_contained(Created, MI))
    Created.push_back(MI);
}

void TileASCoordinationBuilder::emit(const pipes::SolveResult &Solution,
                                     const TileASCountedLoop &Loop,
                                     MachineBasicBlock &Preheader,
                                     MachineBasicBlock &Exit) {
  MachineFunction &MF = *S.Loop->getParent();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  Register Iter = Loop.IVPhi->getOperand(0).getReg();
  Register First = Loop.Init;
  DebugLoc DL;

  auto At = [&](MachineInstr *Anchor, bool Before) {
    return Before ? Anchor->getIterator() : std::next(Anchor->getIterator());
  };
  auto PipeOp = [&](unsigned Opc, const pipes::Pipe &P, unsigned Bar,
                    Register It, MachineBasicBlock &MBB,
                    MachineBasicBlock::iterator Where) {
    MachineInstr *MI = BuildMI(MBB, Where, DL, TII.get(Opc))
                           .addImm(P.Id)
                           .addImm(Bar)
                           .addReg(It)
                           .getInstr();
    Created.push_back(MI);
    return MI;
  };

  MachineBasicBlock::iterator PreEnd = Preheader.getFirstTerminator();

  // A drain that took a consumer-only pipe's barrier is created at the exit
  // (below), once that pipe is over.
  for (const pipes::Pipe &P : Solution.Pipes)
    if (!P.CreateAtExit)
      create(P, Loop, Preheader, PreEnd);

  for (const pipes::Pipe &P : Solution.Pipes) {
    switch (P.Kind) {
    case pipes::PipeKind::Ring: {
      MachineInstr *Owner = S.Instrs[P.Owner];
      place(PipeOp(TileAS::PIPE_PRODUCER_ACQUIRE, P, P.EmptyBarrier, Iter,
                   *S.Loop, At(Owner, true)),
            Owner, true);
      // The slot is full once its last producer wrote it (an in-place chain
      // has several; Producers is sorted by (stage, order)). A handoff that
      // shares a ring's barrier makes no commit or release on it: the
      // lender's says it (pipes::Pipe::FullFrom, EmptyFrom).
      MachineInstr *LastProducer = S.Instrs[P.Producers.back()];
      if (P.FullFrom < 0)
        place(PipeOp(TileAS::PIPE_PRODUCER_COMMIT, P, P.FullBarrier, Iter,
                     *S.Loop, At(LastProducer, false)),
              LastProducer, false);
      MachineInstr *FirstReader = S.Instrs[P.Consumers.front().Op];
      MachineInstr *LastReader = S.Instrs[P.Consumers.back().Op];
      place(PipeOp(TileAS::PIPE_CONSUMER_WAIT, P, P.FullBarrier, Iter, *S.Loop,
                   At(FirstReader, true)),
            FirstReader, true);
      if (P.EmptyFrom >= 0)
        break;
      if (int Late = lateReleaseAnchor(P, Solution.Pipes); Late >= 0) {
        // Iteration k releases the slot of iteration k - 1 (none in the
        // first iteration; the last one's at the exit).
        MachineInstr *Anchor = S.Instrs[Late];
        MachineRegisterInfo &MRI = MF.getRegInfo();
        Register Prev = MRI.createVirtualRegister(MRI.getRegClass(Iter));
        MachineInstr *Sub = BuildMI(*S.Loop, At(Anchor, false), DL,
                                    TII.get(TileAS::ADDri), Prev)
                                .addReg(Iter)
                                .addImm(-Loop.Step)
                                .getInstr();
        place(Sub, Anchor, false);
        place(PipeOp(TileAS::PIPE_CONSUMER_RELEASE, P, P.EmptyBarrier, Prev,
                     *S.Loop, std::next(Sub->getIterator())),
              Anchor, false);
        LateReleases.push_back(P.Id);
        break;
      }
      place(PipeOp(TileAS::PIPE_CONSUMER_RELEASE, P, P.EmptyBarrier, Iter,
                   *S.Loop, At(LastReader, false)),
            LastReader, false);
      break;
    }
    case pipes::PipeKind::ConsumerOnly:
      // Made before the loop: the loop waits for it once, up front.
      PipeOp(TileAS::PIPE_PRODUCER_COMMIT, P, P.FullBarrier, First, Preheader,
             PreEnd);
      PipeOp(TileAS::PIPE_CONSUMER_WAIT, P, P.FullBarrier, First, Preheader,
             PreEnd);
      break;
    case pipes::PipeKind::Drain:
      // Read after the loop (below, or per agent).
      break;
    }
  }
  if (IssuingAgent.empty()) {
    emitExit(Solution, Loop, Exit, /*Agent=*/0, /*DrainWaits=*/true);
  } else {
    // Warp-specialized: each agent's exit gets its drains' commits and its
    // rings' tails (emitExit, per agent); a drain sharing a consumer-only
    // pipe's barrier is created once that pipe is over, before the
    // dispatch.
    for (const pipes::Pipe &P : Solution.Pipes)
      if (P.CreateAtExit)
        create(P, Loop, Preheader, Preheader.getFirstTerminator());
  }

  for (const pipes::Mutex &M : Solution.Mutexes) {
    // A region spans its ops in the order an iteration issues them.
    auto Span = [&](ArrayRef<unsigned> Ops) {
      auto [First, Last] = std::minmax_element(
          Ops.begin(), Ops.end(), [&](unsigned A, unsigned B) {
            return S.Placement[A].Order < S.Placement[B].Order;
          });
      return std::make_pair(*First, *Last);
    };
    auto Region = [&](ArrayRef<unsigned> Ops, unsigned Side) {
      auto [FirstOp, LastOp] = Span(Ops);
      MachineInstr *First = S.Instrs[FirstOp];
      MachineInstr *Last = S.Instrs[LastOp];
      place(BuildMI(*S.Loop, At(First, true), DL, TII.get(TileAS::MUTEX_LOCK))
                .addImm(M.Barrier)
                .addImm(Side)
                .getInstr(),
            First, true);
      place(BuildMI(*S.Loop, At(Last, false), DL, TII.get(TileAS::MUTEX_UNLOCK))
                .addImm(M.Barrier)
                .addImm(unitOf(LastOp))
                .getInstr(),
            Last, false);
    };
    SmallVector<unsigned, 4> First, Second;
    bool Split =
        pipes::mutexSides(M, In.Ops, !IssuingAgent.empty(), First, Second);
    assert(Split && "the agent partition checked the mutex's sides");
    (void)Split;
    Region(First, /*Side=*/0);
    Region(Second, /*Side=*/1);
  }
}
