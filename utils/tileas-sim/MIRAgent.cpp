//===- MIRAgent.cpp - One agent of a MIR function -------------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "MIRAgent.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/MIRExec/MIRFile.h"
#include "tileas/MIRExec/Where.h"
#include "tileas/Model/MachineModel.h"

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
    : MF(MF), Run(Run), Entry(Entry), Opts(Opts), Exec(MF, this->Opts),
      NumVirtRegs(MF.getRegInfo().getNumVirtRegs()) {
  NumValues =
      1 + NumVirtRegs + MF.getSubtarget().getRegisterInfo()->getNumRegs();
  Exec.setVisitor(*this);
  Exec.startAt(*Entry.Entry);
  InPreamble = Entry.Region != nullptr;
}

unsigned MIRAgent::valueId(Register R) const {
  if (R.isVirtual())
    return 1 + R.virtRegIndex();
  return 1 + NumVirtRegs + R.id();
}

sim::DynamicOp MIRAgent::opAt(const MachineInstr &MI, sim::OpKind Kind) {
  sim::DynamicOp Op;
  Op.Kind = Kind;
  Op.Site = Run.site(MI);
  return Op;
}

/// Entering a block: its PHIs are one parallel rename, and a block that
/// branches to itself (a loop) marks each entry.
Error MIRAgent::enterBlock(const MachineBasicBlock &MBB,
                           const MachineBasicBlock *, ArrayRef<PhiMove> Phis) {
  if (!Phis.empty()) {
    sim::DynamicOp Renames;
    Renames.Kind = sim::OpKind::Rename;
    for (const PhiMove &M : Phis) {
      // Every PHI gets its site number, in order; the rename is the last's.
      Renames.Site = Run.site(*M.Phi);
      Renames.Moves.push_back({valueId(M.Dst), valueId(M.Src)});
    }
    Queue.push_back(std::move(Renames));
  }
  if (MBB.isSuccessor(&MBB)) {
    sim::DynamicOp Marker;
    Marker.Kind = sim::OpKind::Marker;
    Marker.Loop = sim::Catalog::intern(
        Run.names().Loops, formatv("bb.{0}", MBB.getNumber()).str());
    Queue.push_back(Marker);
  }
  return Error::success();
}

Error MIRAgent::branch(const MachineInstr &MI, bool Taken) {
  sim::DynamicOp Op = opAt(MI, sim::OpKind::Branch);
  Op.Taken = Taken;
  if (MI.getOpcode() != TileAS::BRA && MI.getOperand(0).isReg())
    Op.Uses.push_back(valueId(MI.getOperand(0).getReg()));
  Queue.push_back(std::move(Op));
  return Error::success();
}

Error MIRAgent::executeTiming(const MachineInstr &MI,
                              std::optional<SlotRef> Fills) {
  Expected<const OpTiming *> Looked = Run.classes().lookup(MI);
  if (!Looked)
    return Looked.takeError();
  const OpTiming *T = *Looked;
  const model::Machine &M = machineOf(MF);
  if (!T && M.isUnsupported(MI.getOpcode()))
    return failAt(
        MI, formatv("{0} has no instruction on machine {1} (--mcpu={2})",
                    MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode()),
                    M.name(), MF.getSubtarget().getCPU()));
  if (!T)
    return failAt(
        MI, formatv("{0} has no resource vector in td/: the "
                    "simulator cannot time it",
                    MF.getSubtarget().getInstrInfo()->getName(MI.getOpcode())));
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
  // The instruction an acquire guards fills the acquired slot: a copy
  // engine's goes to that pipe's stream.
  if (T->AsyncPipe)
    Op.Stream = Run.issueStream(issuer(), *T->AsyncPipe,
                                Fills ? std::optional<unsigned>(Fills->Pipe)
                                      : std::nullopt);
  Queue.push_back(std::move(Op));
  return Error::success();
}

Error MIRAgent::instruction(const MachineInstr &MI, const InstrEvent &E) {
  switch (E.Kind) {
  case InstrKind::Copy:
    if (MI.getOpcode() != TargetOpcode::COPY)
      return executeTiming(MI, std::nullopt);
    [[fallthrough]];
  case InstrKind::ImplicitDef: {
    // Free renames, as the scheduler assumes.
    sim::DynamicOp Op = opAt(MI, sim::OpKind::Rename);
    Register Src =
        E.Kind == InstrKind::Copy ? MI.getOperand(1).getReg() : Register();
    Op.Moves.push_back(
        {valueId(MI.getOperand(0).getReg()), Src ? valueId(Src) : 0});
    Queue.push_back(std::move(Op));
    return Error::success();
  }
  case InstrKind::Branch:
    return branch(MI, E.Taken);
  case InstrKind::Return:
    Queue.push_back(opAt(MI, sim::OpKind::Return));
    return Error::success();
  case InstrKind::Scalar:
    return executeTiming(MI, std::nullopt);
  case InstrKind::Other:
    break;
  }
  switch (MI.getOpcode()) {
  case TileAS::WARP_IDX:
    if (Error Err = executeTiming(MI, E.Fills))
      return Err;
    Exec.setInt(MI.getOperand(0).getReg(), Entry.FirstWarp);
    return Error::success();
  case TileAS::AGENT_SWITCH:
    if (&MI != Entry.Region)
      return failAt(MI, formatv("warp {0}, the first of agent {1} ({2}), "
                                "reaches another agent's region (the "
                                "dispatch does not follow the warps its "
                                "AGENT_SWITCHes name)",
                                Entry.FirstWarp, Entry.Id, Entry.Name));
    InPreamble = false;
    return Error::success();
  default:
    return executeTiming(MI, E.Fills);
  }
}

Error MIRAgent::checkCoordination(const MachineInstr &MI) {
  if (MI.getOpcode() != TileAS::PIPE_TILE &&
      MI.getOpcode() != TileAS::PIPE_TMEM)
    return Run.checkOperands(MI, issuer());
  const MachineOperand &Pipe = namedOperand(MI, TileAS::OpName::pipe);
  if (!Pipe.isImm() || !Run.hasPipe(Pipe.getImm()))
    return failAt(MI, "names no pipe a PIPE_CREATE has set up");
  return Run.checkSide(MI, Pipe.getImm(), issuer());
}

Error MIRAgent::coordination(const MachineInstr &MI,
                             const CoordinationEvent &E) {
  if (E.Kind == CoordinationKind::SlotHandle) {
    // The slot's buffer, ready once the wait before it has passed.
    sim::DynamicOp Op = opAt(MI, sim::OpKind::Rename);
    Op.Moves.push_back({valueId(MI.getOperand(0).getReg()), 0});
    Queue.push_back(std::move(Op));
    return Error::success();
  }
  Expected<SmallVector<sim::DynamicOp, 2>> Ops =
      Run.coordinate(MI, E, Entry.Id, InPreamble);
  if (!Ops)
    return Ops.takeError();
  for (sim::DynamicOp &Op : *Ops)
    Queue.push_back(std::move(Op));
  return Error::success();
}

Expected<bool> MIRAgent::next(sim::DynamicOp &Op) {
  while (Queue.empty()) {
    if (Exec.returned())
      return false;
    Expected<MIRExecutor::Status> S = Exec.step();
    if (!S)
      return S.takeError();
  }
  Op = std::move(Queue.front());
  Queue.pop_front();
  return true;
}

} // namespace tileas
