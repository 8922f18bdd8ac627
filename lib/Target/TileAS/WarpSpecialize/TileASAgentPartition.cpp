//===- TileASAgentPartition.cpp - Which agent issues what -----------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASAgentPartition.h"
#include "Materialize/TileASCoordination.h"
#include "Materialize/TileASCoordinationInput.h"
#include "Pipeliner/TileASCountedLoop.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace tileas;

bool llvm::isScalarRegister(const MachineRegisterInfo &MRI, Register R) {
  if (!R.isVirtual())
    return false;
  const TargetRegisterClass *RC = MRI.getRegClass(R);
  return TileAS::GPR32RegClass.hasSubClassEq(RC) ||
         TileAS::GPR64RegClass.hasSubClassEq(RC) ||
         TileAS::PREDRegClass.hasSubClassEq(RC);
}

/// Integer arithmetic and compares that any agent may recompute: no side
/// effects, no asynchronous unit, scalar registers only, and no memory
/// unless it is a load in a loop that stores nothing (a page table, a
/// work list: the coordinates a producer warp reads for itself).
static bool isScalarInstr(const MachineInstr &MI,
                          const MachineRegisterInfo &MRI, bool LoopStores) {
  if (MI.isPHI() || MI.isTerminator() || MI.mayStore() ||
      (MI.mayLoad() && LoopStores) || MI.hasUnmodeledSideEffects() ||
      TileAS::isCoordination(MI.getDesc()) || coordinationUnitOf(MI).second)
    return false;
  return all_of(MI.operands(), [&](const MachineOperand &MO) {
    return !MO.isReg() || isScalarRegister(MRI, MO.getReg());
  });
}

std::vector<unsigned> llvm::homeAgentsOf(ArrayRef<MachineInstr *> Instrs,
                                         const MachineRegisterInfo &MRI) {
  bool LoopStores = any_of(Instrs, [](const MachineInstr *MI) {
    return MI->mayStore() || MI->hasUnmodeledSideEffects();
  });
  std::vector<unsigned> Home;
  for (const MachineInstr *MI : Instrs)
    Home.push_back(isScalarInstr(*MI, MRI, LoopStores) ? 0 : homeAgentOf(*MI));
  return Home;
}

bool llvm::isPureScalarInstr(const MachineInstr &MI,
                             const MachineRegisterInfo &MRI) {
  return isScalarInstr(MI, MRI, /*LoopStores=*/true);
}

bool llvm::isIdleLoopInstr(const MachineInstr &MI, const MachineInstr *IVPhi,
                           const MachineBasicBlock &Loop,
                           const MachineRegisterInfo &MRI) {
  if (&MI != IVPhi && !MI.isTerminator() && !isPureScalarInstr(MI, MRI))
    return false;
  return all_of(MI.all_defs(), [&](const MachineOperand &Def) {
    return all_of(
        MRI.use_nodbg_instructions(Def.getReg()),
        [&](const MachineInstr &U) { return U.getParent() == &Loop; });
  });
}

/// The value a loop PHI takes from the preheader, and from the loop.
static Register phiIncoming(const MachineInstr &Phi, bool FromLoop) {
  for (unsigned I = 1, E = Phi.getNumOperands(); I + 1 < E; I += 2)
    if ((Phi.getOperand(I + 1).getMBB() == Phi.getParent()) == FromLoop)
      return Phi.getOperand(I).getReg();
  return Register();
}

/// The register an in-place rewrite of R reads (the tied use), if R's
/// definition rewrites a buffer in place.
static Register rewrittenBy(const MachineInstr &Def, Register R) {
  int DefIdx = Def.findRegisterDefOperandIdx(R, /*TRI=*/nullptr);
  unsigned UseIdx = 0;
  if (DefIdx < 0 || !Def.isRegTiedToUseOperand(DefIdx, &UseIdx))
    return Register();
  return Def.getOperand(UseIdx).getReg();
}

/// The buffer allocated before the loop that R names, when R is that buffer
/// rewritten in place inside the loop (directly, or through a PHI whose
/// value from the loop is a chain of in-place rewrites of the PHI itself);
/// else an invalid register.
static Register inPlaceRoot(const MachineRegisterInfo &MRI,
                            const MachineBasicBlock &Loop, Register R) {
  auto LoopDef = [&](Register V) -> const MachineInstr * {
    const MachineInstr *D = V.isVirtual() ? MRI.getVRegDef(V) : nullptr;
    return D && D->getParent() == &Loop ? D : nullptr;
  };
  // Follows in-place rewrites back to a PHI or a value from outside.
  auto Back = [&](Register V) {
    while (const MachineInstr *D = LoopDef(V)) {
      if (D->isPHI())
        break;
      Register Read = rewrittenBy(*D, V);
      if (!Read)
        return Register();
      V = Read;
    }
    return V;
  };
  Register V = Back(R);
  if (!V)
    return Register();
  const MachineInstr *Phi = LoopDef(V);
  if (!Phi)
    return V;
  Register Init = phiIncoming(*Phi, /*FromLoop=*/false);
  Register Carried = phiIncoming(*Phi, /*FromLoop=*/true);
  if (!Init || LoopDef(Init) || !Carried || Back(Carried) != V)
    return Register();
  return Init;
}

TileASAgentPartition::TileASAgentPartition(const TileASLoopSchedule &S,
                                           const pipes::SolveResult &Sol)
    : S(S), Sol(Sol) {}

const model::Machine &TileASAgentPartition::machine() const {
  return tileasMachine(*S.Loop->getParent());
}

unsigned TileASAgentPartition::homeOf(const MachineInstr &MI) const {
  auto It = SchedIndex.find(&MI);
  if (It != SchedIndex.end())
    return Home[It->second];
  if (MI.isPHI()) {
    // A PHI belongs to whoever makes its value from the loop.
    const MachineRegisterInfo &MRI = MI.getMF()->getRegInfo();
    Register Carried = phiIncoming(MI, /*FromLoop=*/true);
    const MachineInstr *D = Carried ? MRI.getVRegDef(Carried) : nullptr;
    if (D && D->getParent() == MI.getParent() && !D->isPHI())
      return homeOf(*D);
  }
  return 0;
}

std::string TileASAgentPartition::agentName(unsigned Agent) const {
  return formatv("{0} ({1})", Agent, agentNameOf(machine(), Agent)).str();
}

std::string TileASAgentPartition::describe(const MachineInstr &MI) const {
  std::string Text;
  raw_string_ostream OS(Text);
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return "'" + Text + "'";
}

std::string TileASAgentPartition::describe(Register R) const {
  const MachineFunction &MF = *S.Loop->getParent();
  std::string Text;
  raw_string_ostream OS(Text);
  OS << printReg(R, MF.getSubtarget().getRegisterInfo(), 0, &MF.getRegInfo());
  return Text;
}

void TileASAgentPartition::add(unsigned Agent, MachineInstr *MI) {
  if (Keep[Agent - 1].insert(MI).second)
    Worklist[Agent - 1].push_back(MI);
}

void TileASAgentPartition::need(unsigned Agent, Register R,
                                const MachineInstr *User) {
  const MachineRegisterInfo &MRI = S.Loop->getParent()->getRegInfo();
  MachineInstr *Def = R.isVirtual() ? MRI.getVRegDef(R) : nullptr;
  if (!Def || Def->getParent() != S.Loop || Keep[Agent - 1].count(Def) ||
      Crossings[Agent - 1].count(R))
    return;
  unsigned From = homeOf(*Def);
  // Recomputed (a scalar instruction, or a PHI of scalars), or this
  // agent's own.
  if (From == 0 || From == Agent ||
      (Def->isPHI() && isScalarRegister(MRI, R))) {
    add(Agent, Def);
    return;
  }
  if (isBufferedRegister(MRI, R)) {
    if (Register Outer = inPlaceRoot(MRI, *S.Loop, R)) {
      Crossings[Agent - 1][R] = {Outer, -1, 0, From};
      return;
    }
    auto It = SchedIndex.find(Def);
    if (User && It != SchedIndex.end())
      if (std::optional<TileASCrossing> X = ringSlot(It->second, From)) {
        Crossings[Agent - 1][R] = *X;
        return;
      }
  }
  if (Why.empty())
    Why = formatv("{0}, defined by {1} in agent {2}, is read by {3} in agent "
                  "{4}; only tiles and tensor-memory buffers cross agents, "
                  "through pipes and mutexes",
                  describe(R), describe(*Def), agentName(From),
                  User ? describe(*User) : "the code after the loop",
                  agentName(Agent));
}

/// The first instruction of the in-place chain that Op's result ends: the
/// fresh definition, or the first rewrite of a PHI's buffer.
static const MachineInstr *chainStart(const MachineInstr &Op) {
  const MachineRegisterInfo &MRI = Op.getMF()->getRegInfo();
  const MachineInstr *MI = &Op;
  while (MI->getNumDefs()) {
    Register Read = rewrittenBy(*MI, MI->getOperand(0).getReg());
    const MachineInstr *Prev = Read ? MRI.getVRegDef(Read) : nullptr;
    if (!Prev || Prev->getParent() != Op.getParent() || Prev->isPHI())
      break;
    MI = Prev;
  }
  return MI;
}

std::optional<TileASCrossing>
TileASAgentPartition::ringSlot(unsigned Op, unsigned From) const {
  for (const pipes::Pipe &P : Sol.Pipes) {
    if (P.Kind != pipes::PipeKind::Ring || P.Handoff ||
        !is_contained(P.Producers, Op))
      continue;
    // A fused ring's slot holds one buffer per member: the members are the
    // distinct chains among its producers, in the producers' order.
    SmallVector<const MachineInstr *, 4> Chains;
    for (unsigned Producer : P.Producers) {
      const MachineInstr *Start = chainStart(*S.Instrs[Producer]);
      if (!is_contained(Chains, Start))
        Chains.push_back(Start);
    }
    unsigned Member = find(Chains, chainStart(*S.Instrs[Op])) - Chains.begin();
    return TileASCrossing{Register(), int(P.Id), Member, From};
  }
  return std::nullopt;
}

void TileASAgentPartition::close(unsigned Agent) {
  std::vector<MachineInstr *> &Work = Worklist[Agent - 1];
  for (size_t I = 0; I < Work.size() && Why.empty(); ++I) {
    MachineInstr *MI = Work[I];
    for (const MachineOperand &MO : MI->uses())
      if (MO.isReg() && MO.getReg().isVirtual())
        need(Agent, MO.getReg(), MI);
  }
  Work.clear();
}

bool TileASAgentPartition::checkSides() {
  std::vector<unsigned> Issuer = issuingAgents();
  auto OneAgent = [&](ArrayRef<unsigned> Ops, const Twine &What) {
    for (unsigned Op : Ops)
      if (Issuer[Op] != Issuer[Ops.front()]) {
        Why = formatv("{0} is issued by agents {1} and {2}: {3} and {4}",
                      What.str(), agentName(Issuer[Ops.front()]),
                      agentName(Issuer[Op]), describe(*S.Instrs[Ops.front()]),
                      describe(*S.Instrs[Op]))
                  .str();
        return false;
      }
    return true;
  };
  for (const pipes::Pipe &P : Sol.Pipes) {
    // A drain's producers may take turns (an accumulator rescaled by one
    // agent and accumulated into by another, under a mutex): the last one
    // commits it after the loop.
    if (P.Kind != pipes::PipeKind::Drain &&
        !OneAgent(P.Producers, formatv("the producer side of pipe {0}", P.Id)))
      return false;
    SmallVector<unsigned, 4> Readers;
    for (const pipes::Read &R : P.Consumers)
      Readers.push_back(R.Op);
    if (P.Kind == pipes::PipeKind::Ring &&
        !OneAgent(Readers, formatv("the consumer side of pipe {0}", P.Id)))
      return false;
  }
  // The sides of a mutex, in the order an iteration issues them, with the
  // agents that issue them.
  std::vector<pipes::LoopOp> Ops(S.Instrs.size());
  for (unsigned I = 0; I < Ops.size(); ++I) {
    Ops[I].Order = S.Placement[I].Order;
    Ops[I].Async = coordinationUnitOf(*S.Instrs[I]).second;
    Ops[I].Agent = Issuer[I];
  }
  for (const pipes::Mutex &M : Sol.Mutexes) {
    SmallVector<unsigned, 4> First, Second;
    if (!pipes::mutexSides(M, Ops, /*UseAgents=*/true, First, Second)) {
      Why = formatv("the ops of mutex {0} cannot be split into one region "
                    "per agent, alternating (they span three agents, or the "
                    "agents' ops interleave within an iteration)",
                    M.Id);
      return false;
    }
    // The solve makes such a mutex a two-barrier handoff when it knows the
    // loop is warp-specialized; one barrier cannot tell an asynchronous
    // unit's late release from the next phase.
    if (pipes::needsHandoff(M, Ops)) {
      Why = formatv("mutex {0} alternates agents {1} and {2} and an "
                    "asynchronous unit releases it, but its coordination "
                    "was solved without a handoff",
                    M.Id, agentName(Ops[First.front()].Agent),
                    agentName(Ops[Second.front()].Agent));
      return false;
    }
  }
  return true;
}

bool llvm::touchesUnbufferedMemory(const MachineInstr &MI) {
  if (TileAS::isCoordination(MI.getDesc()))
    return false;
  if (MI.hasUnmodeledSideEffects())
    return true;
  if (!MI.mayLoad() && !MI.mayStore())
    return false;
  const model::OpcodeRecord *Rec =
      tileasMachine(*MI.getMF()).lookupOpcode(MI.getOpcode());
  return !Rec || Rec->Space != model::MemorySpace::Value;
}

bool TileASAgentPartition::checkMemoryOrder(ArrayRef<Dependence> Deps) {
  std::vector<unsigned> Issuer = issuingAgents();
  for (const Dependence &D : Deps) {
    // Register values are the crossings' business (need()).
    if (D.Kind == DepKind::Data || D.Kind == DepKind::Accumulate ||
        D.From >= Issuer.size() || D.To >= Issuer.size() ||
        Issuer[D.From] == Issuer[D.To])
      continue;
    const MachineInstr &From = *S.Instrs[D.From], &To = *S.Instrs[D.To];
    if (!touchesUnbufferedMemory(From) || !touchesUnbufferedMemory(To))
      continue;
    Why = formatv("{0} in agent {1} must stay ordered before {2} in agent {3} "
                  "({4} iteration(s) later: they may touch the same memory, "
                  "or have side effects), but agents meet only at pipes and "
                  "mutexes, which order buffers, not memory",
                  describe(From), agentName(Issuer[D.From]), describe(To),
                  agentName(Issuer[D.To]), D.Distance);
    return false;
  }
  return true;
}

std::vector<unsigned> TileASAgentPartition::issuingAgents() const {
  std::vector<unsigned> Agents;
  for (unsigned H : Home)
    Agents.push_back(H ? H : machine().defaultAgent());
  return Agents;
}

TileASAgentPartition TileASAgentPartition::analyze(
    const TileASLoopSchedule &S, const TileASCountedLoop &Counted,
    const pipes::SolveResult &Sol, ArrayRef<Dependence> Deps,
    std::optional<TileASWarpgroupSplit> Split) {
  TileASAgentPartition P(S, Sol);
  unsigned N = P.machine().agents().size();
  if (N && Split)
    N += Split->Warpgroups - 1;
  P.Split = std::move(Split);
  if (!N) {
    P.Why = "the machine model has no agents (td Agent records)";
    return P;
  }
  P.Keep.resize(N);
  P.Worklist.resize(N);
  P.Crossings.resize(N);
  const MachineRegisterInfo &MRI = S.Loop->getParent()->getRegInfo();
  std::vector<unsigned> Homes = homeAgentsOf(S.Instrs, MRI);
  for (unsigned I = 0; I < S.Instrs.size(); ++I) {
    P.SchedIndex[S.Instrs[I]] = I;
    P.Home.push_back(Homes[I]);
    // An extra compute warpgroup's component.
    if (P.Split && P.Split->OpAgent[I] && P.Home.back())
      P.Home.back() = P.Split->OpAgent[I];
  }
  // One agent issuing every op but the recomputed scalars overlaps
  // nothing: it would be the unspecialized loop behind the dispatch, which
  // only costs cycles.
  SmallVector<unsigned, 4> Issued(N + 1, 0);
  for (unsigned H : P.Home)
    ++Issued[H];
  unsigned Busy = count_if(drop_begin(Issued), [](unsigned C) { return C; });
  if (Busy < 2) {
    unsigned Only = find_if(drop_begin(Issued), [](unsigned C) { return C; }) -
                    Issued.begin();
    P.Why = Busy ? formatv("only agent {0} issues the loop's instructions "
                           "({1} of {2}; the others are scalars every agent "
                           "recomputes), so no agent would run ahead of "
                           "another and the dispatch would only add cycles",
                           P.agentName(Only), Issued[Only], S.Instrs.size())
                 : std::string("no agent issues any of the loop's "
                               "instructions (all are recomputed scalars)");
    return P;
  }
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    if (P.Home[I])
      P.add(P.Home[I], S.Instrs[I]);
  // Every agent runs the loop control.
  for (unsigned A = 1; A <= N; ++A) {
    P.add(A, Counted.IVPhi);
    P.add(A, Counted.Increment);
    P.add(A, Counted.Compare);
    for (MachineInstr &T : S.Loop->terminators())
      P.add(A, &T);
  }
  if (!P.checkSides())
    return P;
  // The default agent runs the code after the loop (an extra compute
  // warpgroup its own part of it).
  unsigned Default = P.machine().defaultAgent();
  for (MachineInstr &MI : *S.Loop)
    for (const MachineOperand &Def : MI.all_defs()) {
      if (!Def.getReg().isVirtual())
        continue;
      if (P.Split) {
        for (unsigned Reader : P.Split->LiveOutReaders.lookup(Def.getReg()))
          P.need(Reader, Def.getReg(), nullptr);
        continue;
      }
      if (any_of(
              MRI.use_instructions(Def.getReg()),
              [&](const MachineInstr &U) { return U.getParent() != S.Loop; }))
        P.need(Default, Def.getReg(), nullptr);
    }
  for (unsigned A = 1; A <= N && P.Why.empty(); ++A)
    P.close(A);
  // After the values, whose reasons name the exact register.
  if (P.Why.empty())
    P.checkMemoryOrder(Deps);
  return P;
}

void TileASAgentPartition::addCoordination(
    ArrayRef<PlacedCoordination> Placed) {
  for (const PlacedCoordination &PC : Placed) {
    unsigned Agent = machine().defaultAgent();
    auto It = SchedIndex.find(PC.Anchor);
    if (It != SchedIndex.end() && Home[It->second])
      Agent = Home[It->second];
    add(Agent, PC.MI);
  }
  for (unsigned A = 1; A <= numAgents(); ++A)
    close(A);
}
