//===- TileASWarpSpecialize.cpp - One loop per agent ----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASWarpSpecialize.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordination.h"
#include "Pipeliner/TileASLoopSchedule.h"
#include "TileASOptions.h"
#include "TileASRegisterInfo.h"
#include "TileASSubtarget.h"
#include "WarpSpecialize/TileASAgentPartition.h"
#include "WarpSpecialize/TileASAgentPrefetch.h"
#include "WarpSpecialize/TileASAgentRegisters.h"
#include "WarpSpecialize/TileASAgentRelease.h"
#include "WarpSpecialize/TileASAgentRewrite.h"
#include "WarpSpecialize/TileASWarpLayout.h"
#include "tileas/MIRExec/ComputeWarpgroups.h"
#include "tileas/MIRExec/CoordinationOperands.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <algorithm>
#include <optional>

using namespace llvm;
using namespace tileas;

unsigned llvm::agentLaunchRegisters(const model::Machine &M) {
  uint64_t Warps = 0, Registers = 0;
  for (const model::AgentRecord &A : M.agents()) {
    Warps += A.Warps;
    Registers += uint64_t(A.Warps) * A.Registers;
  }
  if (!Warps)
    return 0;
  model::AgentRegisterRule Rule = M.agentRegisterRule();
  unsigned Granule = std::max(1u, Rule.Granule);
  unsigned Average = unsigned(Registers / Warps) / Granule * Granule;
  return std::clamp(Average, Rule.MinRegisters, Rule.MaxRegisters);
}

bool AgentRewrite::keeps(unsigned Agent, MachineInstr *MI) const {
  auto It = RingIters.find(MI);
  if (It == RingIters.end())
    return Partition.keeps(Agent, MI);
  return any_of(It->second,
                [&](MachineInstr *Op) { return Partition.keeps(Agent, Op); });
}

Register AgentRewrite::outerValue(Register Outer) const {
  if (!Nest || !Outer.isVirtual())
    return Outer;
  MachineInstr *Def = MRI.getVRegDef(Outer);
  if (!Def || !Def->isPHI() || Def->getParent() != Header)
    return Outer;
  for (unsigned I = 1, E = Def->getNumOperands(); I < E; I += 2)
    if (Def->getOperand(I + 1).getMBB() == OuterPre)
      return Def->getOperand(I).getReg();
  return Outer;
}

/// Copies the instructions of the loop that Agent keeps into a new loop
/// block with fresh registers, between the agent's entry and exit.
void AgentRewrite::cloneLoop(unsigned Agent) {
  AgentRegion &R = Regions[Agent - 1];
  R.Entry = newBlock();
  R.Pre = Nest ? newBlock() : R.Entry;
  // A nest's loops are named by their IR blocks (tileas-protocol-check's
  // and tileas-sim's trip counts per loop): each copy keeps the name.
  R.Loop = newBlock(Nest ? Loop.getBasicBlock() : nullptr);
  // Right after the loop: the copy falls through where the original did.
  R.Exit = newBlock();
  if (!Nest)
    BuildMI(R.Exit, DL, TII.get(TileAS::RET));

  DenseMap<Register, Register> &Renamed = R.Renamed;
  for (MachineInstr &MI : Loop) {
    if (!keeps(Agent, &MI))
      continue;
    MachineInstr *C = MF.CloneMachineInstr(&MI);
    R.Loop->push_back(C);
    R.Copy[&MI] = C;
    for (MachineOperand &Def : C->all_defs()) {
      Register New = MRI.createVirtualRegister(MRI.getRegClass(Def.getReg()));
      Renamed[Def.getReg()] = New;
      Def.setReg(New);
    }
  }
  for (MachineInstr &C : *R.Loop)
    for (MachineOperand &MO : C.operands()) {
      if (MO.isReg() && MO.isUse() && MO.getReg().isVirtual()) {
        auto It = Renamed.find(MO.getReg());
        if (It != Renamed.end())
          MO.setReg(It->second);
      } else if (MO.isMBB()) {
        if (MO.getMBB() == &Loop)
          MO.setMBB(R.Loop);
        else if (MO.getMBB() == &Preheader)
          MO.setMBB(R.Pre);
        else if (MO.getMBB() == &Exit)
          MO.setMBB(R.Exit);
      }
    }
  R.Loop->addSuccessor(R.Loop);
  R.Loop->addSuccessor(R.Exit);
}

/// Gives Agent's loop the buffers other agents define: the buffer from
/// before the loop for an in-place chain, the ring slot after the wait for a
/// fresh value.
void AgentRewrite::readCrossings(unsigned Agent) {
  AgentRegion &R = Regions[Agent - 1];
  for (const auto &[Reg, X] : Partition.crossings(Agent)) {
    Register New = outerValue(X.Outer);
    if (!New) {
      MachineInstr *Wait = nullptr;
      for (MachineInstr &MI : *R.Loop)
        if (MI.getOpcode() == TileAS::PIPE_CONSUMER_WAIT &&
            namedOperand(MI, TileAS::OpName::pipe).getImm() == X.Pipe) {
          Wait = &MI;
          break;
        }
      assert(Wait && "the partition checked that the agent waits on the ring");
      const TargetRegisterClass *RC = MRI.getRegClass(Reg);
      unsigned Opc = TileAS::TMEMRegClass.hasSubClassEq(RC) ? TileAS::PIPE_TMEM
                                                            : TileAS::PIPE_TILE;
      New = MRI.createVirtualRegister(RC);
      SmallVector<MachineInstr *, 2> &Reads = R.SlotReads[Wait];
      MachineBasicBlock::iterator Where =
          std::next((Reads.empty() ? Wait : Reads.back())->getIterator());
      Reads.push_back(
          BuildMI(*R.Loop, Where, DL, TII.get(Opc), New)
              .addImm(X.Pipe)
              .addReg(namedOperand(*Wait, TileAS::OpName::iter).getReg())
              .addImm(X.Member)
              .getInstr());
    }
    for (MachineOperand &MO : make_early_inc_range(MRI.use_operands(Reg)))
      if (MO.getParent()->getParent() == R.Loop)
        MO.setReg(New);
  }
}

/// The code after the loop that an extra compute warpgroup runs moves to
/// the end of its exit (the scalars it reads that others read too, such as
/// a row's address, copied there), reading its own copies of the loop's
/// values, and the buffers other agents rewrite in place as they were
/// allocated.
void AgentRewrite::moveEpilogues() {
  const TileASWarpgroupSplit *Split = Partition.split();
  if (!Split)
    return;
  // Each warpgroup's copies of the exit's scalars.
  DenseMap<std::pair<unsigned, Register>, Register> Copied;
  SmallVector<MachineInstr *, 8> Originals;
  for (const TileASWarpgroupSplit::EpilogueInstr &E : Split->Epilogue) {
    unsigned A = E.Agent;
    AgentRegion &R = Regions[A - 1];
    MachineInstr *MI = E.MI;
    if (E.Copy) {
      MI = MF.CloneMachineInstr(E.MI);
      R.Exit->insert(R.Exit->getFirstTerminator(), MI);
      for (MachineOperand &Def : MI->all_defs()) {
        Register New = MRI.createVirtualRegister(MRI.getRegClass(Def.getReg()));
        Copied[{A, Def.getReg()}] = New;
        Def.setReg(New);
      }
      if (!is_contained(Originals, E.MI))
        Originals.push_back(E.MI);
    } else {
      R.Exit->splice(R.Exit->getFirstTerminator(), MI->getParent(),
                     MI->getIterator());
    }
    for (MachineOperand &MO : MI->uses()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      MO.setIsKill(false);
      Register Reg = MO.getReg();
      if (Register C = Copied.lookup({A, Reg})) {
        MO.setReg(C);
        continue;
      }
      const MachineInstr *Def = MRI.getVRegDef(Reg);
      if (!Def || Def->getParent() != &Loop)
        continue;
      const auto &Crossings = Partition.crossings(A);
      auto X = Crossings.find(Reg);
      if (X != Crossings.end() && X->second.Outer) {
        MO.setReg(outerValue(X->second.Outer));
        continue;
      }
      auto It = R.Renamed.find(Reg);
      assert(It != R.Renamed.end() &&
             "the partition gave the warpgroup what it reads after the loop");
      MO.setReg(It->second);
    }
  }
  // A copied scalar that the default agent no longer reads goes.
  for (MachineInstr *MI : reverse(Originals))
    if (all_of(MI->all_defs(), [&](const MachineOperand &D) {
          return MRI.use_nodbg_empty(D.getReg());
        }))
      MI->eraseFromParent();
}

/// The default agent keeps the original loop, without what other agents
/// issue; after the loop it reads in-place buffers as they were allocated.
void AgentRewrite::pruneDefault() {
  unsigned Default = tileasMachine(MF).defaultAgent();
  for (const auto &[Reg, X] : Partition.crossings(Default))
    if (X.Outer) {
      Register Outer = outerValue(X.Outer);
      for (MachineOperand &MO : make_early_inc_range(MRI.use_operands(Reg)))
        if (MO.getParent()->getParent() != &Loop)
          MO.setReg(Outer);
    }
  for (MachineInstr &MI : make_early_inc_range(reverse(Loop)))
    if (!keeps(Default, &MI))
      MI.eraseFromParent();
}

void AgentRewrite::removeDeadPhis(MachineBasicBlock &MBB) {
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (MachineInstr &Phi : make_early_inc_range(MBB.phis())) {
      Register R = Phi.getOperand(0).getReg();
      if (all_of(MRI.use_nodbg_instructions(R),
                 [&](const MachineInstr &U) { return &U == &Phi; })) {
        Phi.eraseFromParent();
        Changed = true;
      }
    }
  }
}

/// The order the dispatch tests the agents in: the agent whose first own
/// op comes earliest in the schedule first (the load warp's first TMA
/// starts the longest latency chain of a GEMM; each test before an agent's
/// own delays it by a compare's latency and a branch), agents with nothing
/// of their own in the loop last; ties in td order. An agent of one warp is
/// tested by equality; one of several warps by the end of its range (LT),
/// which needs every agent still untested to lie above it in the warp
/// layout, or by its first warp (GE), which needs them all below. When
/// neither holds, the agents go
/// in layout order, each by the end of its range.
SmallVector<unsigned, 4> AgentRewrite::dispatchOrder() const {
  const model::Machine &M = tileasMachine(MF);
  unsigned N = Regions.size();
  std::vector<int64_t> FirstOp(N + 1, INT64_MAX);
  for (unsigned I = 0; I < S.Instrs.size(); ++I)
    if (unsigned A = Partition.homeAgent(I))
      FirstOp[A] = std::min(FirstOp[A], S.Placement[I].Start);
  SmallVector<unsigned, 4> Order;
  for (unsigned A = 1; A <= N; ++A)
    Order.push_back(A);
  llvm::stable_sort(
      Order, [&](unsigned X, unsigned Y) { return FirstOp[X] < FirstOp[Y]; });
  for (unsigned I = 0; I + 1 < N; ++I) {
    unsigned A = Order[I];
    if (agentRecordOf(M, A).Warps == 1)
      continue;
    auto Rest = ArrayRef<unsigned>(Order).drop_front(I + 1);
    if (all_of(Rest, [&](unsigned B) { return FirstWarp[B] > FirstWarp[A]; }) ||
        all_of(Rest, [&](unsigned B) { return FirstWarp[B] < FirstWarp[A]; }))
      continue;
    llvm::sort(Order, [&](unsigned X, unsigned Y) {
      return FirstWarp[X] < FirstWarp[Y];
    });
    break;
  }
  return Order;
}

unsigned AgentRewrite::launchRegisters() const {
  if (const TileASWarpgroupSplit *Split = Partition.split())
    return Split->Placement.LaunchRegisters;
  return agentLaunchRegisters(tileasMachine(MF));
}

void AgentRewrite::setAgentSwitchBudget(unsigned A, unsigned Budget) {
  unsigned Launch = launchRegisters();
  for (MachineInstr &MI : *Regions[A - 1].Entry) {
    if (MI.getOpcode() != TileAS::AGENT_SWITCH)
      continue;
    MI.getOperand(2).setImm(Budget);
    MI.getOperand(3).setImm(Budget > Launch ? 1 : 0);
  }
}

/// The preheader goes to a chain of warp-index tests (dispatchOrder), each
/// agent owning Warps warps from FirstWarp (the layout warpLayout chose);
/// each agent's entry sets its registers and names its first warp.
void AgentRewrite::buildDispatch() {
  const model::Machine &M = tileasMachine(MF);
  unsigned N = Regions.size();
  unsigned Launch = launchRegisters();
  for (unsigned A = 1; A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    const model::AgentRecord &Rec = agentRecordOf(M, A);
    BuildMI(R.Entry, DL, TII.get(TileAS::AGENT_SWITCH))
        .addImm(A)
        .addImm(Rec.Warps)
        .addImm(agentBudget(MF, A))
        .addImm(agentBudget(MF, A) > Launch ? 1 : 0)
        .addImm(FirstWarp[A]);
    // A tile nest's agent enters its own tile loop (the default agent the
    // original one).
    MachineBasicBlock *Body = R.Loop;
    if (Nest)
      Body = R.TileHead ? R.TileHead : Header;
    TII.insertBranch(*R.Entry, Body, nullptr, {}, DL);
    R.Entry->addSuccessor(Body);
  }

  SmallVector<unsigned, 4> Order = dispatchOrder();
  MachineBasicBlock *First = Regions[Order.back() - 1].Entry;
  if (N > 1) {
    for (unsigned I = 1; I < N; ++I) {
      MachineBasicBlock *T = MF.CreateMachineBasicBlock();
      MF.insert(Regions.front().Entry->getIterator(), T);
      Tests.push_back(T);
    }
    Register Warp = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
    BuildMI(Tests.front(), DL, TII.get(TileAS::WARP_IDX), Warp);
    for (unsigned I = 0; I + 1 < N; ++I) {
      unsigned A = Order[I];
      MachineBasicBlock *T = Tests[I];
      // Equality for one warp; else LT the end of its range when every
      // agent still untested lies above it, GE its first warp otherwise.
      unsigned Warps = agentRecordOf(M, A).Warps;
      bool OneWarp = Warps == 1;
      bool Above =
          all_of(ArrayRef<unsigned>(Order).drop_front(I + 1),
                 [&](unsigned B) { return FirstWarp[B] > FirstWarp[A]; });
      unsigned Bound = OneWarp || !Above ? FirstWarp[A] : FirstWarp[A] + Warps;
      Register Mine = MRI.createVirtualRegister(&TileAS::PREDRegClass);
      BuildMI(T, DL, TII.get(TileAS::SETPri), Mine)
          .addReg(Warp)
          .addImm(Bound)
          .addImm(OneWarp ? TileAS::EQ
                  : Above ? TileAS::LT
                          : TileAS::GE);
      MachineBasicBlock *Next =
          I + 2 < N ? Tests[I + 1] : Regions[Order.back() - 1].Entry;
      MachineOperand Cond[] = {MachineOperand::CreateImm(TileAS::BR_P),
                               MachineOperand::CreateReg(Mine, false)};
      TII.insertBranch(*T, Regions[A - 1].Entry, Next, Cond, DL);
      T->addSuccessor(Regions[A - 1].Entry);
      T->addSuccessor(Next);
    }
    First = Tests.front();
  }
  // A tile nest dispatches before its tile loop.
  MachineBasicBlock &From = Nest ? *OuterPre : Preheader;
  MachineBasicBlock &To = Nest ? *Header : Loop;
  TII.removeBranch(From);
  From.removeSuccessor(&To);
  From.addSuccessor(First);
  TII.insertBranch(From, First, nullptr, {}, DL);
  if (Nest)
    Header->replacePhiUsesWith(
        OuterPre, Regions[tileasMachine(MF).defaultAgent() - 1].Entry);
}

/// Every agent's expansion begins with a trip-count test (and its
/// arithmetic) after its AGENT_SWITCH: computed there, its latency adds to
/// the dispatch's on every agent's way to its first instruction. Computed
/// in the dispatch instead, right after WARP_IDX, it overlaps the latency of
/// the warp-index tests (in-order issue: placed before WARP_IDX it would
/// delay the dispatch by its own latency). Agents whose loops have the same
/// stage count share one test. An agent whose test differs (its loop has
/// more stages: TileASAgentPrefetch) computes its own in the dispatch block
/// that sends its warps to it, which the warps of agents tested before it
/// never run.
/// The prefetched loop Long has more stages than the schedule, so at trip
/// counts from the schedule's stage count up to its own it would run its
/// original loop one iteration at a time (blockscale's compute warps at
/// T = 4: 672 cycles against 418 unspecialized). Pipelines that original
/// loop too, under the schedule's stages (Scheduled), behind a guard block
/// of its own between Long's trip-count test and it: T below the prefetched
/// stages runs the plain pipelined loop, T below the schedule's the original
/// one. Returns the plain loop's kernel (null if not expanded).
MachineBasicBlock *
AgentRewrite::expandShortPath(const TileASExpandedLoop &Long,
                              MachineBasicBlock &Entry,
                              ArrayRef<MachineInstr *> Order,
                              const DenseMap<MachineInstr *, int> &Scheduled) {
  MachineBasicBlock *Body = Long.Fallback;
  if (!Body || !Long.Kernel)
    return nullptr;
  std::optional<TileASCountedLoop> Before = TileASCountedLoop::analyze(*Body);
  if (!Before)
    return nullptr;
  MachineBasicBlock *Join = Before->Exit;
  // A dedicated preheader: Entry's test branches to the guard instead.
  MachineBasicBlock *Guard = MF.CreateMachineBasicBlock(Body->getBasicBlock());
  MF.insert(Body->getIterator(), Guard);
  Entry.ReplaceUsesOfBlockWith(Body, Guard);
  TII.insertBranch(*Guard, Body, nullptr, {}, DL);
  Guard->addSuccessor(Body);
  Body->replacePhiUsesWith(&Entry, Guard);
  // A dedicated exit: the original loop's edge to the join goes through it.
  MachineBasicBlock *Out = MF.CreateMachineBasicBlock(Body->getBasicBlock());
  MF.insert(std::next(Body->getIterator()), Out);
  Body->ReplaceUsesOfBlockWith(Join, Out);
  TII.insertBranch(*Out, Join, nullptr, {}, DL);
  Out->addSuccessor(Join);
  Join->replacePhiUsesWith(Body, Out);

  std::optional<TileASCountedLoop> Plain = TileASCountedLoop::analyze(*Body);
  if (!Plain || Plain->Exit != Out)
    return nullptr;
  std::vector<MachineInstr *> Own(Order.begin(), Order.end());
  TileASExpandedLoop Short =
      expandPipelinedLoop(*Plain, *Guard, Own, Scheduled, S.StageCount);
  return Short.Kernel == Body ? nullptr : Short.Kernel;
}

void AgentRewrite::hoistTripCountTests() {
  SmallVector<MachineInstr *, 8> Hoisted;
  MachineBasicBlock &Head = *Preheader.getSingleSuccessor();
  auto WarpIdx = find_if(Head, [](const MachineInstr &MI) {
    return MI.getOpcode() == TileAS::WARP_IDX;
  });
  if (WarpIdx == Head.end())
    return; // One agent: no dispatch to overlap.
  // Agents in the order the dispatch tests them: each block of the chain
  // runs after the ones before it, so what they hoisted is there to reuse.
  for (unsigned A : dispatchOrder()) {
    AgentRegion &R = Regions[A - 1];
    MachineBasicBlock *Block =
        R.Entry->pred_size() == 1 ? *R.Entry->pred_begin() : &Head;
    MachineBasicBlock::iterator Where =
        Block == &Head ? std::next(WarpIdx) : Block->begin();
    for (MachineInstr &MI : make_early_inc_range(*R.Entry)) {
      if (MI.isTerminator() || MI.getOpcode() == TileAS::AGENT_SWITCH)
        continue;
      if (MI.mayLoadOrStore() || MI.hasUnmodeledSideEffects() ||
          MI.getNumDefs() != 1 ||
          any_of(MI.uses(), [&](const MachineOperand &MO) {
            if (!MO.isReg() || !MO.getReg().isVirtual())
              return false;
            MachineInstr *Def = MRI.getVRegDef(MO.getReg());
            return Def && Def->getParent() != &Preheader &&
                   Def->getParent() != &Head && Def->getParent() != Block &&
                   !llvm::is_contained(Hoisted, Def);
          }))
        break;
      MI.removeFromParent();
      // The same computation hoisted for an agent tested earlier: reuse it.
      auto Same = find_if(Hoisted, [&](MachineInstr *H) {
        return H->isIdenticalTo(MI, MachineInstr::IgnoreDefs);
      });
      if (Same != Hoisted.end()) {
        MRI.replaceRegWith(MI.getOperand(0).getReg(),
                           (*Same)->getOperand(0).getReg());
        MF.deleteMachineInstr(&MI);
        continue;
      }
      // Arithmetic at the top (right after WARP_IDX), the compare after the
      // warp-index test: neither waits in line behind the other's latency.
      bool Compare = TileAS::PREDRegClass.hasSubClassEq(
          MRI.getRegClass(MI.getOperand(0).getReg()));
      Block->insert(Compare ? Block->getFirstTerminator() : Where, &MI);
      Hoisted.push_back(&MI);
    }
  }
}

/// An agent with nothing to issue in the loop (only its control: the
/// induction variable, its compare and what the compare reads, such as the
/// sign-bit flips of an unsigned compare) and no value read after it goes
/// straight from its entry to its exit.
bool AgentRewrite::skipIdleLoop(AgentRegion &R,
                                const TileASCountedLoop &Counted) {
  if (!all_of(*R.Loop, [&](const MachineInstr &MI) {
        return isIdleLoopInstr(MI, Counted.IVPhi, *R.Loop, MRI);
      }))
    return false;
  if (!R.Exit->phis().empty())
    return false;
  TII.removeBranch(*R.Pre);
  R.Pre->removeSuccessor(R.Loop);
  R.Pre->addSuccessor(R.Exit);
  TII.insertBranch(*R.Pre, R.Exit, nullptr, {}, DL);
  R.Loop->removeSuccessor(R.Exit);
  R.Loop->removeSuccessor(R.Loop);
  R.Loop->eraseFromParent();
  R.Loop = nullptr;
  return true;
}

/// What the preheader computes for one agent alone (a compute warpgroup's
/// query fragments loaded from global memory, its constants) every warp
/// would compute before the dispatch, on its way to its own first
/// instruction. Such an instruction moves into that agent's entry: a pure
/// one, or a load that no store or call after it in the preheader could
/// change (the coordination there touches no memory a load reads). A PHI
/// reads it in the block the value comes from: an accumulator's initial
/// value (blockscale's zeroed fragments) goes to the agent whose loop
/// starts from it.
void AgentRewrite::sinkPreambleIntoAgents() {
  // The blocks each agent's warps run after the dispatch; a block two
  // agents reach belongs to neither (0).
  DenseMap<const MachineBasicBlock *, unsigned> AgentOf;
  for (unsigned A = 1; A <= Regions.size(); ++A) {
    SmallPtrSet<MachineBasicBlock *, 16> Seen;
    SmallVector<MachineBasicBlock *, 16> Work{Regions[A - 1].Entry};
    while (!Work.empty()) {
      MachineBasicBlock *MBB = Work.pop_back_val();
      if (!Seen.insert(MBB).second)
        continue;
      auto [It, New] = AgentOf.try_emplace(MBB, A);
      if (!New && It->second != A)
        It->second = 0;
      append_range(Work, MBB->successors());
    }
  }
  bool StoreBelow = false;
  for (MachineInstr &MI : make_early_inc_range(reverse(Preheader))) {
    bool Coordination = TileAS::isCoordination(MI.getDesc());
    if (MI.isTerminator() || Coordination)
      continue;
    bool Movable = !MI.hasUnmodeledSideEffects() && !MI.mayStore() &&
                   !MI.isCall() && !(MI.mayLoad() && StoreBelow) &&
                   MI.getNumDefs() == 1 &&
                   all_of(MI.operands(), [](const MachineOperand &MO) {
                     return !MO.isReg() || MO.getReg().isVirtual();
                   });
    std::optional<unsigned> Agent;
    if (Movable) {
      for (const MachineOperand &Use :
           MRI.use_nodbg_operands(MI.getOperand(0).getReg())) {
        // A PHI reads the value at the end of the block it comes from (an
        // accumulator's initial value, read by the agent's first loop).
        const MachineInstr &U = *Use.getParent();
        const MachineBasicBlock *Where =
            U.isPHI() ? U.getOperand(Use.getOperandNo() + 1).getMBB()
                      : U.getParent();
        unsigned UA = AgentOf.lookup(Where);
        if (!UA || (Agent && *Agent != UA)) {
          Movable = false;
          break;
        }
        Agent = UA;
      }
    }
    if (!Movable || !Agent) {
      StoreBelow |=
          MI.mayStore() || MI.isCall() || MI.hasUnmodeledSideEffects();
      continue;
    }
    MachineBasicBlock &Entry = *Regions[*Agent - 1].Entry;
    Entry.splice(std::next(Entry.begin()), &Preheader, MI.getIterator());
  }
}

std::vector<TileASExpandedLoop>
AgentRewrite::run(ArrayRef<MachineInstr *> Ordered,
                  const DenseMap<MachineInstr *, int> &Stage) {
  unsigned N = Partition.numAgents();
  unsigned Default = tileasMachine(MF).defaultAgent();
  // The rings a TMA fills and those a thread's shared-memory stores fill,
  // by the instruction each commit is anchored to (TileASAgentRelease.h),
  // read while the loop is whole.
  SmallSet<unsigned, 8> TmaFilled, StoreFilled;
  for (const PlacedCoordination &PC : Coord.placed()) {
    if (PC.MI->getOpcode() != TileAS::PIPE_PRODUCER_COMMIT || !PC.Anchor)
      continue;
    unsigned Pipe = namedOperand(*PC.MI, TileAS::OpName::pipe).getImm();
    if (PC.Anchor->getOpcode() == TileAS::TMA_LOAD)
      TmaFilled.insert(Pipe);
    else if (PC.Anchor->mayStore() && !PC.Anchor->mayLoad())
      StoreFilled.insert(Pipe);
  }

  // A tile nest's rings count their iterations across tiles: the loop's
  // pipe ops read base + induction value.
  std::vector<MachineInstr *> OrderedNest(Ordered.begin(), Ordered.end());
  DenseMap<MachineInstr *, int> StageNest(Stage);
  if (Nest) {
    // Read while the loop is whole (whyTileNestNotRewritten accepted them).
    std::string Why;
    TileInputs = tileInputPipesOf(Sol, S.Instrs, *Nest->Work, Default, Why);
    assert(Why.empty() && "the tile nest's tile inputs were checked");
    countRingsAcrossTiles(OrderedNest, StageNest);
    Ordered = OrderedNest;
  }
  const DenseMap<MachineInstr *, int> &StageOf = Nest ? StageNest : Stage;

  // Every agent's copy reads what the loop reads, and buffers from before
  // the loop are read after it in another agent: a kill flag from
  // instruction selection would be wrong in all but one place.
  for (MachineInstr &MI : Loop)
    for (MachineOperand &MO : MI.uses())
      if (MO.isReg() && MO.getReg().isVirtual())
        MRI.clearKillFlags(MO.getReg());
  for (unsigned A = 1; A <= N; ++A)
    if (A != Default)
      cloneLoop(A);
  AgentRegion &Own = Regions[Default - 1];
  Own.Entry = newBlock();
  Own.Pre = Nest ? &Preheader : Own.Entry;
  Own.Loop = &Loop;
  Own.Exit = &Exit;
  for (MachineInstr &MI : Loop)
    if (keeps(Default, &MI))
      Own.Copy[&MI] = &MI;
  for (MachineInstr &MI : Loop)
    for (const MachineOperand &Def : MI.all_defs())
      Own.Renamed[Def.getReg()] = Def.getReg();
  if (!Nest)
    Loop.replacePhiUsesWith(&Preheader, Own.Entry);

  moveEpilogues();
  pruneDefault();
  for (unsigned A = 1; A <= N; ++A)
    readCrossings(A);
  if (Nest) {
    hoistRingCreation();
    if (Nest->AccumulatorCopies == 2)
      allocateSecondCopies();
    for (unsigned A = 1; A <= N; ++A)
      if (A != Default)
        cloneTileLoop(A);
    pruneDefaultTileLoop();
    makeTileInputPipes();
  }
  for (AgentRegion &R : Regions)
    removeDeadPhis(*R.Loop);
  if (const TileASWarpgroupSplit *Split = Partition.split()) {
    // The placement the plan chose: the extra warpgroups after every
    // agent's warps.
    FirstWarp = Split->Placement.FirstWarp;
    FirstWarp.resize(N + 1, 0);
    for (unsigned G = 1; G < Split->Warpgroups; ++G)
      FirstWarp[computeWarpgroupAgent(tileasMachine(MF), G)] =
          Split->Placement.ExtraFirstWarp[G - 1];
  } else {
    FirstWarp = placeAgentWarps(tileasMachine(MF), warpLayout(S, Partition));
  }
  buildDispatch();

  std::vector<TileASExpandedLoop> Expanded;
  Fits.assign(N, TileASAgentFit());
  for (unsigned A = 1; A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    std::optional<TileASCountedLoop> Counted =
        TileASCountedLoop::analyze(*R.Loop);
    assert(Counted && "every agent keeps the loop control");
    size_t Before = Coord.created().size();
    Coord.emitExit(Sol, *Counted, *R.Exit, A,
                   /*DrainWaits=*/A == Default ||
                       isExtraWarpgroupAgent(tileasMachine(MF), A));
    if (Nest)
      placeTileExit(A, *Counted, Coord.created().drop_front(Before));
    if (skipIdleLoop(R, *Counted)) {
      Expanded.emplace_back();
      continue;
    }

    std::vector<MachineInstr *> Order;
    DenseMap<MachineInstr *, int> AgentStage;
    for (MachineInstr *MI : Ordered) {
      MachineInstr *C = R.Copy.lookup(MI);
      if (!C || C->getParent() != R.Loop)
        continue;
      Order.push_back(C);
      AgentStage[C] = StageOf.lookup(MI);
      for (MachineInstr *Read : R.SlotReads.lookup(C)) {
        Order.push_back(Read);
        AgentStage[Read] = StageOf.lookup(MI);
      }
    }
    // Each coordination instruction (and slot read) guards an instruction
    // of the agent's own: they move together.
    DenseMap<MachineInstr *, MachineInstr *> AnchorOf;
    for (const PlacedCoordination &PC : Coord.placed())
      if (MachineInstr *C = R.Copy.lookup(PC.MI))
        if (MachineInstr *A = R.Copy.lookup(PC.Anchor))
          AnchorOf[C] = A;
    for (const auto &[Wait, Reads] : R.SlotReads)
      for (MachineInstr *Read : Reads)
        AnchorOf[Read] = Wait;
    deferCopySlotReleases(Order, TmaFilled, StoreFilled);
    // Prefetch keeps more iterations of the loads' values live: where the
    // requested distance takes the agent over its budget, a shorter one
    // (down to none) is used.
    TileASAgentFit &Fit = Fits[A - 1];
    Fit.Budget = agentBudget(MF, A);
    Fit.Requested = Coord.options().PrefetchDistance;
    const DenseMap<MachineInstr *, int> Scheduled = AgentStage;
    TileASAgentPrefetch Prefetch = fitPrefetchDistance(
        Order, AgentStage, AnchorOf, *Counted->Compare, MRI, Fit);
    // Its coordination and slot reads can keep a few registers more live
    // than the schedule's order the partition was judged on
    // (gemm-fp8-blockscale's compute agent: 211 and 24 over 232, which
    // ptxas spilled): the register file's room is taken then. The prefetch
    // distance stays the one fitted to the budget before (fitted again to
    // 256, blockscale prefetched a stage more and ptxas spilled at 255).
    unsigned Raised =
        raiseAgentBudget(S, Partition, A, Fit.Need + Fit.Sequences);
    if (Raised != Fit.Budget) {
      Fit.Budget = Raised;
      setAgentSwitchBudget(A, Raised);
    }
    Expanded.push_back(
        expandPipelinedLoop(*Counted, *R.Pre, Order, AgentStage,
                            S.StageCount + Prefetch.AddedStages));
    if (Prefetch.AddedStages && S.StageCount > 1 &&
        Coord.options().PrefetchShortPath)
      Fit.ShortKernel =
          expandShortPath(Expanded.back(), *R.Pre, Order, Scheduled);
  }
  if (Nest) {
    // The dispatch's refinements below assume it sits right before the
    // loop; a tile nest's sits before the tile loop.
    removeUnusedCounters();
    removeDeadTileWork();
    loadNextTileAhead();
    hoistTileInvariants();
    computeNextTileEarly();
    return Expanded;
  }
  hoistTripCountTests();
  unsigned First = dispatchOrder().front();
  if (Regions[First - 1].Loop) {
    if (Expanded[First - 1].Prologue)
      hoistFirstAgentAddresses(Expanded[First - 1]);
    else
      rotateFirstAgentAddresses(*Regions[First - 1].Loop);
  }
  sinkPreambleIntoAgents();
  // Only for the warps that win the issue slots: behind other agents' warps,
  // an earlier WARP_IDX only lets those take the slots sooner (blockscale's
  // load warp, on warp 4 behind the compute warps: 2 cycles later).
  if (FirstWarp[First] == 0) {
    readWarpIndexFirst();
    enterFirstAgentByFallThrough(First);
  }
  fallThroughDispatch();
  return Expanded;
}

std::vector<TileASExpandedLoop> llvm::warpSpecializeLoop(
    const TileASLoopSchedule &S, const TileASCountedLoop &Loop,
    MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
    TileASCoordinationBuilder &Coord, const pipes::SolveResult &Sol,
    const TileASAgentPartition &Partition, ArrayRef<MachineInstr *> Ordered,
    const DenseMap<MachineInstr *, int> &Stage,
    std::vector<TileASAgentFit> &Fits, const TileASTileNestRewrite *Nest) {
  return AgentRewrite(S, Loop, Preheader, Exit, Coord, Sol, Partition, Fits,
                      Nest)
      .run(Ordered, Stage);
}
