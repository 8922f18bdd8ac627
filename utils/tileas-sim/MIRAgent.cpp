//===- MIRAgent.cpp - One agent of a MIR function -------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRAgent.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/BlockWalk.h"
#include "tileas/MIRExec/ScalarSemantics.h"
#include "tileas/MIRExec/Where.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

MIRAgent::MIRAgent(const MachineFunction &MF, MIRRun &Run,
                   const AgentEntry &Entry, const MIRAgentOptions &Opts)
    : MF(MF), Run(Run), Entry(Entry), Opts(Opts),
      NumVirtRegs(MF.getRegInfo().getNumVirtRegs()) {
  NumValues =
      1 + NumVirtRegs + MF.getSubtarget().getRegisterInfo()->getNumRegs();
  for (auto [Reg, V] : Opts.LiveIns)
    Ints[Reg] = V;
  Block = Entry.Entry;
  InPreamble = Entry.Region != nullptr;
}

unsigned MIRAgent::valueId(Register R) const {
  if (R.isVirtual())
    return 1 + R.virtRegIndex();
  return 1 + NumVirtRegs + R.id();
}

Expected<int64_t> MIRAgent::valueOf(const MachineOperand &MO) const {
  if (MO.isImm())
    return MO.getImm();
  if (!MO.isReg())
    return createStringError(inconvertibleErrorCode(),
                             "an operand without an integer value");
  return Ints.lookup(MO.getReg()); // An unset live-in reads 0.
}

sim::DynamicOp MIRAgent::opAt(const MachineInstr &MI, sim::OpKind Kind) {
  sim::DynamicOp Op;
  Op.Kind = Kind;
  Op.Site = Run.site(MI);
  return Op;
}

Error MIRAgent::applyOverrides(const MachineInstr &MI) {
  return tileas::applyOverrides(
      MI, Opts.Overrides,
      [&](Register R) -> std::optional<int64_t> {
        auto It = Ints.find(R);
        if (It == Ints.end())
          return std::nullopt;
        return It->second;
      },
      [&](Register R, int64_t V) { Ints[R] = V; });
}

Error MIRAgent::enter(const MachineBasicBlock &MBB) {
  PendingWrite.reset();
  sim::DynamicOp Renames;
  Renames.Kind = sim::OpKind::Rename;
  SmallVector<std::pair<Register, int64_t>, 8> PhiInts;
  for (const MachineInstr &Phi : MBB.phis()) {
    Register Incoming = phiIncoming(Phi, Pred);
    if (!Incoming)
      return failAt(Phi, Pred ? formatv("no value for the edge from bb.{0}",
                                        Pred->getNumber())
                                    .str()
                              : "a PHI in the block the agent starts in");
    Register Dst = Phi.getOperand(0).getReg();
    Renames.Site = Run.site(Phi);
    Renames.Moves.push_back({valueId(Dst), valueId(Incoming)});
    PhiInts.push_back({Dst, Ints.lookup(Incoming)});
  }
  for (auto [R, V] : PhiInts)
    Ints[R] = V;
  for (const MachineInstr &Phi : MBB.phis())
    if (Error E = applyOverrides(Phi))
      return E;
  if (!Renames.Moves.empty())
    Queue.push_back(std::move(Renames));
  if (MBB.isSuccessor(&MBB)) {
    sim::DynamicOp Marker;
    Marker.Kind = sim::OpKind::Marker;
    Marker.Loop = sim::Catalog::intern(
        Run.names().Loops, formatv("bb.{0}", MBB.getNumber()).str());
    Queue.push_back(Marker);
  }
  return Error::success();
}

Error MIRAgent::branch(const MachineInstr &MI) {
  sim::DynamicOp Op = opAt(MI, sim::OpKind::Branch);
  if (MI.getOpcode() == TileAS::BRA) {
    Op.Taken = true;
  } else {
    const MachineOperand &Pred = MI.getOperand(0);
    Expected<int64_t> C = valueOf(Pred);
    if (!C)
      return failAt(MI, toString(C.takeError()));
    Op.Taken = isBranchTaken(MI, *C);
    if (Pred.isReg())
      Op.Uses.push_back(valueId(Pred.getReg()));
  }
  if (Op.Taken)
    Next = branchDestination(MI);
  Queue.push_back(std::move(Op));
  return Error::success();
}

Error MIRAgent::executeTiming(const MachineInstr &MI) {
  const OpTiming *T = Run.classes().lookup(MI);
  if (!T)
    return failAt(
        MI, formatv("{0} has no resource vector in td/: the "
                    "simulator cannot time it",
                    MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode())));
  Expected<std::optional<int64_t>> Scalar =
      evaluateScalar(MI, [&](const MachineOperand &MO) { return valueOf(MO); });
  if (!Scalar)
    return failAt(MI, toString(Scalar.takeError()));
  if (*Scalar)
    Ints[MI.getOperand(0).getReg()] = **Scalar;

  if (InPreamble && T->AsyncPipe && !Run.actsForPreamble(Entry.Id)) {
    // The first agent issues the preamble's asynchronous instructions; here
    // their results are renames, waited for through their pipes.
    sim::DynamicOp Skip = opAt(MI, sim::OpKind::Rename);
    for (const MachineOperand &Def : MI.all_defs())
      Skip.Moves.push_back({valueId(Def.getReg()), 0});
    Queue.push_back(std::move(Skip));
    return Error::success();
  }
  sim::DynamicOp Op = opAt(MI, sim::OpKind::Issue);
  Op.Class = &T->Class;
  if (T->Class.LoadSpace || T->Class.StoreSpace)
    Op.Object = Run.objects().objectOf(MI);
  for (const MachineOperand &MO : MI.operands()) {
    if (!MO.isReg() || !MO.getReg())
      continue;
    if (MO.isDef())
      Op.Defs.push_back(valueId(MO.getReg()));
    else if (!MO.isUndef())
      Op.Uses.push_back(valueId(MO.getReg()));
  }
  if (T->AsyncPipe)
    Op.Stream = Run.issueStream(Run.issuer(Entry.Id, InPreamble), *T->AsyncPipe,
                                PendingWrite);
  // The instruction after an acquire fills the acquired slot; scalar
  // instructions (its address arithmetic) do not.
  if (!*Scalar)
    PendingWrite.reset();
  Queue.push_back(std::move(Op));
  return Error::success();
}

Error MIRAgent::execute(const MachineInstr &MI) {
  switch (MI.getOpcode()) {
  case TargetOpcode::COPY: {
    sim::DynamicOp Op = opAt(MI, sim::OpKind::Rename);
    Register Dst = MI.getOperand(0).getReg(), Src = MI.getOperand(1).getReg();
    Op.Moves.push_back({valueId(Dst), valueId(Src)});
    Ints[Dst] = Ints.lookup(Src);
    Queue.push_back(std::move(Op));
    return Error::success();
  }
  case TargetOpcode::IMPLICIT_DEF: {
    sim::DynamicOp Op = opAt(MI, sim::OpKind::Rename);
    Op.Moves.push_back({valueId(MI.getOperand(0).getReg()), 0});
    Ints[MI.getOperand(0).getReg()] = 0;
    Queue.push_back(std::move(Op));
    return Error::success();
  }
  case TileAS::BRA:
  case TileAS::BR_P:
  case TileAS::BR_NP:
    return branch(MI);
  case TileAS::WARP_IDX: {
    if (Error E = executeTiming(MI))
      return E;
    Ints[MI.getOperand(0).getReg()] = Entry.FirstWarp;
    return Error::success();
  }
  case TileAS::AGENT_SWITCH:
    if (&MI != Entry.Region)
      return failAt(MI, formatv("warp {0}, the first of agent {1} ({2}), "
                                "reaches another agent's region (the "
                                "dispatch does not follow the warps its "
                                "AGENT_SWITCHes name)",
                                Entry.FirstWarp, Entry.Id, Entry.Name));
    InPreamble = false;
    return Error::success();
  case TileAS::PIPE_TILE:
  case TileAS::PIPE_TMEM: {
    // The slot's buffer, ready once the wait before it has passed.
    const MachineOperand &Pipe = MI.getOperand(1);
    if (!Pipe.isImm() || !Run.hasPipe(Pipe.getImm()))
      return failAt(MI, "names no pipe a PIPE_CREATE has set up");
    if (Error E =
            Run.checkSide(MI, Pipe.getImm(), Run.issuer(Entry.Id, InPreamble)))
      return E;
    sim::DynamicOp Op = opAt(MI, sim::OpKind::Rename);
    Op.Moves.push_back({valueId(MI.getOperand(0).getReg()), 0});
    Queue.push_back(std::move(Op));
    return Error::success();
  }
  case TileAS::RET:
    Returned = true;
    Queue.push_back(opAt(MI, sim::OpKind::Return));
    return Error::success();
  default:
    break;
  }
  if (!TileAS::isCoordination(MI.getDesc()))
    return executeTiming(MI);
  Expected<SmallVector<sim::DynamicOp, 2>> Ops = Run.coordinate(
      MI, Entry.Id, InPreamble,
      [&](const MachineOperand &MO) { return valueOf(MO); }, PendingWrite);
  if (!Ops)
    return Ops.takeError();
  for (sim::DynamicOp &Op : *Ops)
    Queue.push_back(std::move(Op));
  return Error::success();
}

Expected<bool> MIRAgent::next(sim::DynamicOp &Op) {
  while (Queue.empty()) {
    if (Returned)
      return false;
    if (Entering) {
      Entering = false;
      At = Block->begin();
      if (Error E = enter(*Block))
        return E;
      continue;
    }
    if (Next || At == Block->end()) {
      if (!Next) {
        Next = fallThroughSuccessor(*Block);
        if (!Next)
          return createStringError(
              inconvertibleErrorCode(),
              formatv("{0}: bb.{1} ends without a branch to follow",
                      MF.getName(), Block->getNumber()));
      }
      Pred = Block;
      Block = Next;
      Next = nullptr;
      Entering = true;
      continue;
    }
    const MachineInstr &MI = *At++;
    if (MI.isPHI() || MI.isDebugInstr())
      continue;
    if (Error E = countStep(MI, Steps, Opts.MaxSteps))
      return E;
    if (Error E = execute(MI))
      return E;
    if (Error E = applyOverrides(MI))
      return E;
  }
  Op = std::move(Queue.front());
  Queue.pop_front();
  return true;
}

} // namespace tileas
