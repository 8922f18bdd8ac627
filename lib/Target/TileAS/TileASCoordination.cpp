//===- TileASCoordination.cpp - Pipes and mutexes for a loop --------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASCoordination.h"
#include "TileASOptions.h"
#include "TileASRegisterInfo.h"
#include "TileASScheduleAnalysis.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>

using namespace llvm;
using namespace tileas;

char UnsupportedCoordination::ID = 0;

TileASCoordinationBuilder::TileASCoordinationBuilder(
    const TileASLoopSchedule &S)
    : S(S) {}

/// The event pipe an opcode runs on and whether it is asynchronous; target-
/// independent instructions run on the issuing thread.
static std::pair<unsigned, bool> unitOf(const MachineInstr &MI) {
  if (const model::OpcodeRecord *Rec = model::lookupOpcode(MI.getOpcode())) {
    const model::ResourceVectorRecord &RV = model::resourceVector(*Rec);
    return {RV.Pipe, RV.Async};
  }
  return {unsigned(model::pipeNames().size()), false};
}

static bool isBuffered(const MachineRegisterInfo &MRI, Register R) {
  if (!R.isVirtual())
    return false;
  const TargetRegisterClass *RC = MRI.getRegClass(R);
  return TileAS::TILERegClass.hasSubClassEq(RC) ||
         TileAS::TMEMRegClass.hasSubClassEq(RC);
}

unsigned TileASCoordinationBuilder::agentOf(unsigned Op) const {
  const pipes::LoopOp &L = In.Ops[Op];
  return L.Async ? 1 + L.Unit : 0;
}

Expected<pipes::SolveResult>
TileASCoordinationBuilder::solve(unsigned FirstPipeId) {
  MachineBasicBlock &MBB = *S.Loop;
  MachineFunction &MF = *MBB.getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();

  DenseMap<const MachineInstr *, unsigned> OpIndex;
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    OpIndex[S.Instrs[I]] = I;
    auto [Unit, Async] = unitOf(*S.Instrs[I]);
    In.Ops.push_back({S.Placement[I].Stage, S.Placement[I].Order, Unit, Async});
  }

  ResourceModel RM = model::buildResourceModel(tileasReservedBarriers());
  for (const BudgetDesc &B : RM.budgets()) {
    In.BudgetCapacity.push_back(B.Capacity);
    In.BudgetNames.push_back(B.Name);
  }
  std::optional<unsigned> Barriers = model::namedBarrierBudget();
  const model::CoordinationRecord &Coord = model::coordination();
  unsigned Reserved = tileasReservedBarriers() < 0
                          ? Coord.ReservedBarriers
                          : unsigned(tileasReservedBarriers());
  // Barrier 0 is the CTA-wide one (bar.sync 0): never a pipe's or a mutex's,
  // whatever is reserved, so that 0 can mean "no barrier" (PIPE_CREATE's
  // empty barrier of a pipe without one).
  In.FirstBarrier = std::max(Reserved, 1u);
  In.BarrierLimit =
      Reserved + (Barriers ? RM.budgets()[*Barriers].Capacity : 0);
  In.BarriersPerPipe = Coord.BarriersPerPipe;
  In.BarriersPerMutex = Coord.BarriersPerMutex;
  In.FirstPipeId = FirstPipeId;

  DenseMap<Register, unsigned> ValueIndex;
  auto ValueFor = [&](Register R) {
    auto [It, New] = ValueIndex.try_emplace(R, In.Values.size());
    if (!New)
      return It->second;
    pipes::BufferedValue V;
    const MachineInstr *Def = MRI.getUniqueVRegDef(R);
    auto Op = Def ? OpIndex.find(Def) : OpIndex.end();
    if (Op != OpIndex.end()) {
      V.Producer = Op->second;
      // The buffer's size: the op's per-stage budget charge.
      if (const model::OpcodeRecord *Rec =
              model::lookupOpcode(Def->getOpcode()))
        for (const model::BudgetChargeRecord &C : model::budgetCharges(*Rec))
          if (C.Scaling == BudgetScaling::PerStage && V.Budget < 0) {
            V.Budget = C.Budget;
            V.Bytes = C.OperandIndex >= 0
                          ? uint64_t(Def->getOperand(C.OperandIndex).getImm())
                          : C.Amount;
          }
    } else {
      V.ProducedAsync = Def && unitOf(*Def).second;
      OutsideDefs.resize(In.Values.size() + 1, nullptr);
      OutsideDefs[In.Values.size()] = const_cast<MachineInstr *>(Def);
    }
    for (const MachineInstr &U : MRI.use_nodbg_instructions(R))
      if (U.getParent() != &MBB)
        V.LiveOut = true;
    In.Values.push_back(V);
    return It->second;
  };

  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    const MachineInstr &MI = *S.Instrs[I];
    for (unsigned OpNo = 0, E = MI.getNumOperands(); OpNo != E; ++OpNo) {
      const MachineOperand &MO = MI.getOperand(OpNo);
      if (!MO.isReg() || !MO.isUse() || !isBuffered(MRI, MO.getReg()))
        continue;
      unsigned DefIdx = 0;
      bool InPlace = MI.isRegTiedToDefOperand(OpNo, &DefIdx);
      int Result = -1;
      if (InPlace && isBuffered(MRI, MI.getOperand(DefIdx).getReg()))
        Result = ValueFor(MI.getOperand(DefIdx).getReg());
      // Through the loop's PHIs to the producing iteration.
      Register R = MO.getReg();
      unsigned Distance = 0;
      const MachineInstr *Def = MRI.getUniqueVRegDef(R);
      while (Def && Def->isPHI() && Def->getParent() == &MBB &&
             Distance <= S.Instrs.size()) {
        Register Carried, Init;
        for (unsigned P = 1; P + 1 < Def->getNumOperands(); P += 2)
          (Def->getOperand(P + 1).getMBB() == &MBB ? Carried : Init) =
              Def->getOperand(P).getReg();
        // The first iterations read the value from before the loop.
        if (Init && isBuffered(MRI, Init))
          In.Reads.push_back({I, ValueFor(Init), 0, InPlace, Result});
        R = Carried;
        ++Distance;
        Def = MRI.getUniqueVRegDef(R);
      }
      In.Reads.push_back({I, ValueFor(R), Distance, InPlace, Result});
    }
    // Values defined here but never read still have a producer and may be
    // live out.
    for (const MachineOperand &MO : MI.defs())
      if (isBuffered(MRI, MO.getReg()))
        ValueFor(MO.getReg());
  }

  Expected<pipes::SolveResult> R = pipes::solvePipes(In);
  if (!R)
    return R.takeError();
  const TargetInstrInfo &TII = *MF.getSubtarget().getInstrInfo();
  for (const pipes::Pipe &P : R->Pipes)
    for (const pipes::Read &Rd : P.Consumers)
      if (P.Kind == pipes::PipeKind::Ring && Rd.Distance > 0)
        return make_error<UnsupportedCoordination>(
            formatv("{0} reads a piped value produced {1} iteration(s) "
                    "earlier by {2}; loop-carried reads of piped values are "
                    "not supported",
                    TII.getName(S.Instrs[Rd.Op]->getOpcode()), Rd.Distance,
                    TII.getName(S.Instrs[P.Owner]->getOpcode()))
                .str());
  return R;
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
  for (const pipes::Pipe &P : Solution.Pipes) {
    unsigned ProducerAgent = 0, ConsumerAgent = 0;
    if (P.Owner >= 0)
      ProducerAgent = agentOf(P.Owner);
    else if (!P.Consumers.empty()) {
      const MachineInstr *Def = OutsideDefs[P.Consumers.front().Value];
      if (Def && unitOf(*Def).second)
        ProducerAgent = 1 + unitOf(*Def).first;
    }
    if (P.Kind == pipes::PipeKind::Ring)
      ConsumerAgent = agentOf(P.Consumers.back().Op);
    Created.push_back(
        BuildMI(Preheader, PreEnd, DL, TII.get(TileAS::PIPE_CREATE))
            .addImm(P.Id)
            .addImm(P.Depth)
            .addImm(P.Bytes)
            .addImm(P.FullBarrier)
            .addImm(P.EmptyBarrier)
            .addImm(ProducerAgent)
            .addImm(ConsumerAgent)
            .addReg(First)
            .addImm(Loop.Step)
            .getInstr());
  }

  for (const pipes::Pipe &P : Solution.Pipes) {
    switch (P.Kind) {
    case pipes::PipeKind::Ring: {
      MachineInstr *Owner = S.Instrs[P.Owner];
      place(PipeOp(TileAS::PIPE_PRODUCER_ACQUIRE, P, P.EmptyBarrier, Iter,
                   *S.Loop, At(Owner, true)),
            Owner, true);
      // The slot is full once its last producer wrote it (an in-place chain
      // has several; Producers is sorted by (stage, order)).
      MachineInstr *LastProducer = S.Instrs[P.Producers.back()];
      place(PipeOp(TileAS::PIPE_PRODUCER_COMMIT, P, P.FullBarrier, Iter,
                   *S.Loop, At(LastProducer, false)),
            LastProducer, false);
      MachineInstr *FirstReader = S.Instrs[P.Consumers.front().Op];
      MachineInstr *LastReader = S.Instrs[P.Consumers.back().Op];
      place(PipeOp(TileAS::PIPE_CONSUMER_WAIT, P, P.FullBarrier, Iter, *S.Loop,
                   At(FirstReader, true)),
            FirstReader, true);
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
    case pipes::PipeKind::Drain: {
      // Read after the loop: the producers' unit arrives once everything it
      // was given is done, and the exit waits for that.
      MachineBasicBlock::iterator ExitStart = Exit.getFirstNonPHI();
      PipeOp(TileAS::PIPE_PRODUCER_COMMIT, P, P.FullBarrier, First, Exit,
             ExitStart);
      PipeOp(TileAS::PIPE_CONSUMER_WAIT, P, P.FullBarrier, First, Exit,
             ExitStart);
      break;
    }
    }
  }

  // The producer's tail: a ring whose slots an asynchronous unit releases
  // may still see those releases arrive after the loop. Before the exit
  // ends (and its buffers and barriers are freed or reused by a later
  // loop), acquire every slot once more, for iterations T .. T + depth - 1,
  // which waits until the last depth iterations have been released
  // (CUTLASS's producer_tail). The induction value of iteration T is the
  // loop's last increment.
  MachineRegisterInfo &MRI = MF.getRegInfo();
  MachineBasicBlock::iterator ExitEnd = Exit.getFirstTerminator();
  Register AfterLast = Loop.Increment->getOperand(0).getReg();
  for (const pipes::Pipe &P : Solution.Pipes) {
    if (P.Kind != pipes::PipeKind::Ring || agentOf(P.Consumers.back().Op) == 0)
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
      PipeOp(TileAS::PIPE_PRODUCER_ACQUIRE, P, P.EmptyBarrier, It, Exit,
             ExitEnd);
    }
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
                .addImm(agentOf(LastOp))
                .getInstr(),
            Last, false);
    };
    // The sides alternate in the order iterations issue them. Readers of
    // the previous iteration's value (an accumulator rescaled before it is
    // added to again) come first in their iteration, so they take side 0.
    bool ReadersFirst = S.Placement[Span(M.Consumers).first].Order <
                        S.Placement[Span(M.Producers).first].Order;
    Region(M.Producers, /*Side=*/ReadersFirst ? 1 : 0);
    Region(M.Consumers, /*Side=*/ReadersFirst ? 0 : 1);
  }
}
