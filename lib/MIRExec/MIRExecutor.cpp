//===- MIRExecutor.cpp - One walker for materialized TileAS MIR -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "tileas/MIRExec/MIRExecutor.h"
#include "TileASRegisterInfo.h"
#include "tileas/MIRExec/BlockWalk.h"
#include "tileas/MIRExec/ScalarSemantics.h"
#include "tileas/MIRExec/Where.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;

namespace tileas {

MIRVisitor::~MIRVisitor() = default;

Error MIRVisitor::enterBlock(const MachineBasicBlock &,
                             const MachineBasicBlock *, ArrayRef<PhiMove>) {
  return Error::success();
}

Error MIRVisitor::checkCoordination(const MachineInstr &) {
  return Error::success();
}

MIRExecutor::MIRExecutor(const MachineFunction &MF, const MIRExecOptions &Opts)
    : MF(&MF), Opts(&Opts), OverrideUses(Opts.Overrides.size()) {
  for (auto [Reg, V] : Opts.LiveIns)
    setInt(Reg, V);
  startAt(MF.front());
}

void MIRExecutor::startAt(const MachineBasicBlock &MBB) {
  Block = &MBB;
  Pred = nullptr;
  Next = nullptr;
  Entering = true;
  Returned = false;
}

Expected<int64_t> MIRExecutor::intOf(const MachineOperand &MO) const {
  if (MO.isImm())
    return MO.getImm();
  if (!MO.isReg())
    return createStringError(inconvertibleErrorCode(), "not a value operand");
  auto It = Regs.find(MO.getReg());
  if (It == Regs.end())
    return 0; // An unset live-in or an undefined value.
  if (It->second.Slot)
    return createStringError(inconvertibleErrorCode(),
                             "a tile handle used as an integer");
  return It->second.Int;
}

/// Whether MI writes a buffered value: a tile, tensor memory or a register
/// fragment (virtual registers of those classes, or their physical
/// registers after allocation).
static bool definesBuffer(const MachineInstr &MI) {
  const MachineRegisterInfo &MRI = MI.getMF()->getRegInfo();
  for (const MachineOperand &MO : MI.all_defs()) {
    Register R = MO.getReg();
    if (R.isVirtual()) {
      const TargetRegisterClass *RC = MRI.getRegClass(R);
      if (TileAS::TILERegClass.hasSubClassEq(RC) ||
          TileAS::TMEMRegClass.hasSubClassEq(RC) ||
          TileAS::FRAGRegClass.hasSubClassEq(RC))
        return true;
    } else if (R.isPhysical() && (TileAS::TILERegClass.contains(R) ||
                                  TileAS::TMEMRegClass.contains(R) ||
                                  TileAS::FRAGRegClass.contains(R))) {
      return true;
    }
  }
  return false;
}

const PipeDecl *MIRExecutor::pipe(unsigned Id) const {
  auto It = Pipes.find(Id);
  return It == Pipes.end() ? nullptr : &It->second;
}

Error MIRExecutor::applyOverrides(const MachineInstr &MI) {
  return tileas::applyOverrides(
      MI, Opts->Overrides,
      [&](Register R) -> std::optional<int64_t> {
        auto It = Regs.find(R);
        if (It == Regs.end() || It->second.Slot)
          return std::nullopt;
        return It->second.Int;
      },
      [&](Register R, int64_t V) { setInt(R, V); }, OverrideUses);
}

/// PHIs read their inputs together, on entry; then the plan sets what they
/// define, and an acquire of the block before guards nothing here.
Error MIRExecutor::enter() {
  PendingFill.reset();
  SmallVector<PhiMove, 8> Moves;
  SmallVector<std::pair<Register, RunValue>, 8> Values;
  for (const MachineInstr &Phi : Block->phis()) {
    Register Incoming = phiIncoming(Phi, Pred);
    if (!Incoming)
      return failAt(Phi, Pred ? formatv("no value for the edge from bb.{0}",
                                        Pred->getNumber())
                                    .str()
                              : "a PHI in the block the run starts in");
    Register Dst = Phi.getOperand(0).getReg();
    Moves.push_back({&Phi, Dst, Incoming});
    Values.push_back({Dst, value(Incoming)});
  }
  for (auto &[R, V] : Values)
    Regs[R] = V;
  for (const MachineInstr &Phi : Block->phis())
    if (Error E = applyOverrides(Phi))
      return E;
  return Visitor->enterBlock(*Block, Pred, Moves);
}

Expected<MIRExecutor::Status> MIRExecutor::step() {
  if (Returned)
    return Status::Returned;
  if (Entering) {
    Entering = false;
    At = Block->begin();
    if (Error E = enter())
      return E;
    return Status::Running;
  }
  if (Next || At == Block->end()) {
    if (!Next) {
      Next = fallThroughSuccessor(*Block);
      if (!Next)
        return createStringError(
            inconvertibleErrorCode(),
            formatv("{0}: bb.{1} ends without a branch to follow",
                    MF->getName(), Block->getNumber()));
    }
    Pred = Block;
    Block = Next;
    Next = nullptr;
    Entering = true;
    if (PauseOnLeave) {
      PauseOnLeave = false;
      PauseReg = Register();
      return Status::Paused;
    }
    return Status::Running;
  }
  const MachineInstr &MI = *At;
  if (MI.isPHI() || MI.isDebugInstr()) {
    ++At;
    return Status::Running;
  }
  if (PauseReg && MI.readsRegister(PauseReg, nullptr)) {
    PauseOnLeave = false;
    PauseReg = Register();
    return Status::Paused;
  }
  ++At;
  if (Error E = countStep(MI, Steps, Opts->MaxSteps))
    return E;
  if (Error E = execute(MI))
    return E;
  if (Error E = applyOverrides(MI))
    return E;
  return Returned ? Status::Returned : Status::Running;
}

Expected<MIRExecutor::Status> MIRExecutor::run() {
  while (true) {
    Expected<Status> S = step();
    if (!S || *S != Status::Running)
      return S;
  }
}

static std::optional<CoordinationKind> coordinationKind(unsigned Opcode) {
  switch (Opcode) {
  case TileAS::PIPE_CREATE:
    return CoordinationKind::Create;
  case TileAS::PIPE_PRODUCER_ACQUIRE:
    return CoordinationKind::Acquire;
  case TileAS::PIPE_PRODUCER_COMMIT:
    return CoordinationKind::Commit;
  case TileAS::PIPE_CONSUMER_WAIT:
    return CoordinationKind::Wait;
  case TileAS::PIPE_CONSUMER_RELEASE:
    return CoordinationKind::Release;
  case TileAS::MUTEX_LOCK:
    return CoordinationKind::Lock;
  case TileAS::MUTEX_UNLOCK:
    return CoordinationKind::Unlock;
  case TileAS::PIPE_TILE:
  case TileAS::PIPE_TMEM:
    return CoordinationKind::SlotHandle;
  default:
    return std::nullopt;
  }
}

Expected<bool> MIRExecutor::computeValue(const MachineInstr &MI,
                                         InstrEvent &E) {
  switch (MI.getOpcode()) {
  case TargetOpcode::COPY:
  case TileAS::MOV_R32:
  case TileAS::MOV_R64:
  case TileAS::MOV_PR:
  case TileAS::MOV_TH:
  case TileAS::MOV_TMH:
  case TileAS::MOV_FR:
  case TileAS::CVT64_32: {
    const MachineOperand &Src = MI.getOperand(1);
    if (Src.isReg()) {
      Regs[MI.getOperand(0).getReg()] = value(Src.getReg());
    } else {
      Expected<int64_t> V = intOf(Src);
      if (!V)
        return failAt(MI, toString(V.takeError()));
      setInt(MI.getOperand(0).getReg(), *V);
    }
    E.Kind = InstrKind::Copy;
    return true;
  }
  case TargetOpcode::IMPLICIT_DEF:
    setInt(MI.getOperand(0).getReg(), 0);
    E.Kind = InstrKind::ImplicitDef;
    return true;
  default:
    break;
  }
  if (TileAS::isCoordination(MI.getDesc()))
    return false;
  Expected<std::optional<int64_t>> Scalar =
      evaluateScalar(MI, [&](const MachineOperand &MO) { return intOf(MO); });
  if (!Scalar)
    return failAt(MI, toString(Scalar.takeError()));
  if (!*Scalar)
    return false;
  setInt(MI.getOperand(0).getReg(), **Scalar);
  E.Kind = InstrKind::Scalar;
  return true;
}

Error MIRExecutor::execute(const MachineInstr &MI) {
  InstrEvent E;
  switch (MI.getOpcode()) {
  case TileAS::BRA:
  case TileAS::BR_P:
  case TileAS::BR_NP: {
    E.Kind = InstrKind::Branch;
    E.Taken = true;
    if (MI.getOpcode() != TileAS::BRA) {
      Expected<int64_t> C = intOf(MI.getOperand(0));
      if (!C)
        return failAt(MI, toString(C.takeError()));
      E.Taken = isBranchTaken(MI, *C);
    }
    if (E.Taken)
      Next = branchDestination(MI);
    return Visitor->instruction(MI, E);
  }
  case TileAS::RET:
    Returned = true;
    E.Kind = InstrKind::Return;
    return Visitor->instruction(MI, E);
  case TileAS::WARP_IDX:
  case TileAS::AGENT_SWITCH:
    return Visitor->instruction(MI, E);
  default:
    break;
  }
  if (std::optional<CoordinationKind> Kind = coordinationKind(MI.getOpcode()))
    return coordinate(MI, *Kind);
  Expected<bool> Computed = computeValue(MI, E);
  if (!Computed)
    return Computed.takeError();
  // What an acquire guards is the next instruction that writes a buffered
  // value: instructions that later passes placed between them (a scalar
  // load the machine scheduler moved into the region after the acquire)
  // fill nothing.
  if (!*Computed && definesBuffer(MI)) {
    E.Fills = PendingFill;
    PendingFill.reset();
  }
  return Visitor->instruction(MI, E);
}

Error MIRExecutor::runPathBlock(const MachineBasicBlock &MBB) {
  SmallVector<std::pair<Register, RunValue>, 8> Values;
  for (const MachineInstr &Phi : MBB.phis())
    if (Register Incoming = phiIncoming(Phi, PathPred))
      Values.push_back({Phi.getOperand(0).getReg(), value(Incoming)});
  for (auto &[R, V] : Values)
    Regs[R] = V;
  for (const MachineInstr &MI : MBB) {
    if (MI.isPHI() || MI.isDebugInstr() || MI.isTerminator())
      continue;
    InstrEvent E;
    Expected<bool> Computed = computeValue(MI, E);
    if (!Computed)
      return Computed.takeError();
    if (Error Err = Visitor->instruction(MI, E))
      return Err;
  }
  PathPred = &MBB;
  return Error::success();
}

Expected<int64_t> MIRExecutor::iteration(const MachineInstr &MI,
                                         const PipeDecl &P) const {
  Expected<int64_t> IV = intOf(namedOperand(MI, TileAS::OpName::iter));
  if (!IV)
    return failAt(MI, toString(IV.takeError()));
  // Induction values wrap around, as the machine's do.
  int64_t Distance = int64_t(uint64_t(*IV) - uint64_t(P.First));
  if (P.Step == 0 || Distance % P.Step != 0 || Distance / P.Step < 0)
    return failAt(MI, formatv("induction value {0} is not an iteration of "
                              "pipe {1} (first {2}, step {3})",
                              *IV, P.Id, P.First, P.Step));
  return Distance / P.Step;
}

Error MIRExecutor::coordinate(const MachineInstr &MI, CoordinationKind Kind) {
  using TileAS::OpName;
  if (Error E = Visitor->checkCoordination(MI))
    return E;
  CoordinationEvent E;
  E.Kind = Kind;
  switch (Kind) {
  case CoordinationKind::Create: {
    Expected<int64_t> First = intOf(namedOperand(MI, OpName::first));
    if (!First)
      return failAt(MI, toString(First.takeError()));
    Expected<PipeDecl> D = decodePipeCreate(MI, *First);
    if (!D)
      return D.takeError();
    PipeDecl &P = Pipes[D->Id];
    P = *D;
    E.Pipe = &P;
    return Visitor->coordination(MI, E);
  }
  case CoordinationKind::Lock:
  case CoordinationKind::Unlock: {
    Expected<int64_t> Bar = namedImm(MI, OpName::bar);
    if (!Bar)
      return Bar.takeError();
    Expected<int64_t> Arg = namedImm(
        MI, Kind == CoordinationKind::Lock ? OpName::side : OpName::agent);
    if (!Arg)
      return Arg.takeError();
    E.Barrier = *Bar;
    if (Kind == CoordinationKind::Lock)
      E.Side = *Arg;
    else
      E.Performer = unsigned(*Arg);
    return Visitor->coordination(MI, E);
  }
  default:
    break;
  }
  Expected<int64_t> Id = namedImm(MI, OpName::pipe);
  if (!Id)
    return Id.takeError();
  const PipeDecl *P = pipe(unsigned(*Id));
  if (!P)
    return failAt(MI, formatv("pipe {0} is used before its PIPE_CREATE", *Id));
  // A loop-carried release (Hopper: iteration k releases the slot of
  // iteration k - 1) in the first iteration releases nothing.
  if (Kind == CoordinationKind::Release) {
    Expected<int64_t> IV = intOf(namedOperand(MI, OpName::iter));
    if (IV && int64_t(uint64_t(*IV) - uint64_t(P->First)) == -P->Step &&
        P->Step != 0)
      return Error::success();
    if (!IV)
      consumeError(IV.takeError());
  }
  Expected<int64_t> K = iteration(MI, *P);
  if (!K)
    return K.takeError();
  E.Pipe = P;
  E.Iteration = *K;
  E.Slot = unsigned(*K % P->Depth);
  E.Phase = unsigned((*K / P->Depth) & 1);
  if (Kind == CoordinationKind::Acquire)
    PendingFill = SlotRef{P->Id, *K};
  else if (Kind == CoordinationKind::Commit)
    E.Performer = P->Producer;
  else if (Kind == CoordinationKind::Release)
    E.Performer = P->Consumer;
  return Visitor->coordination(MI, E);
}

} // namespace tileas
