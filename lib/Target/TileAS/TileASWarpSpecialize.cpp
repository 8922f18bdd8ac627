//===- TileASWarpSpecialize.cpp - One loop per agent ----------------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASWarpSpecialize.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "TileASAgentPartition.h"
#include "TileASCoordination.h"
#include "TileASLoopSchedule.h"
#include "TileASRegisterInfo.h"
#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"

#include <algorithm>

using namespace llvm;
using namespace tileas;

unsigned llvm::agentLaunchRegisters() {
  uint64_t Warps = 0, Registers = 0;
  for (const model::AgentRecord &A : model::agents()) {
    Warps += A.Warps;
    Registers += uint64_t(A.Warps) * A.Registers;
  }
  if (!Warps)
    return 0;
  model::AgentRegisterRule Rule = model::agentRegisterRule();
  unsigned Granule = std::max(1u, Rule.Granule);
  unsigned Average = unsigned(Registers / Warps) / Granule * Granule;
  return std::clamp(Average, Rule.MinRegisters, Rule.MaxRegisters);
}

namespace {

/// One agent's part: the block that opens its region, its loop, its exit.
struct AgentRegion {
  MachineBasicBlock *Entry = nullptr;
  MachineBasicBlock *Loop = nullptr;
  MachineBasicBlock *Exit = nullptr;
  /// The agent's copy of each instruction of the original loop it keeps.
  DenseMap<MachineInstr *, MachineInstr *> Copy;
  /// PIPE_TILE / PIPE_TMEM after each wait that has some.
  DenseMap<MachineInstr *, SmallVector<MachineInstr *, 2>> SlotReads;
};

class WarpSpecializer {
public:
  WarpSpecializer(const TileASLoopSchedule &S, const TileASCountedLoop &L,
                  MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
                  TileASCoordinationBuilder &Coord,
                  const pipes::SolveResult &Sol,
                  const TileASAgentPartition &Partition)
      : S(S), L(L), Loop(*L.Loop), Preheader(Preheader), Exit(Exit),
        Coord(Coord), Sol(Sol), Partition(Partition), MF(*Loop.getParent()),
        MRI(MF.getRegInfo()), TII(*MF.getSubtarget().getInstrInfo()),
        Regions(Partition.numAgents()) {}

  std::vector<TileASExpandedLoop>
  run(ArrayRef<MachineInstr *> Ordered,
      const DenseMap<MachineInstr *, int> &Stage);

private:
  MachineBasicBlock *newBlock() {
    MachineBasicBlock *MBB = MF.CreateMachineBasicBlock();
    MF.insert(Loop.getIterator(), MBB);
    return MBB;
  }
  void cloneLoop(unsigned Agent);
  void readCrossings(unsigned Agent);
  void pruneDefault();
  void removeDeadPhis(MachineBasicBlock &MBB);
  void buildDispatch();
  bool skipIdleLoop(AgentRegion &R, const TileASCountedLoop &Counted);

  const TileASLoopSchedule &S;
  const TileASCountedLoop &L;
  MachineBasicBlock &Loop;
  MachineBasicBlock &Preheader;
  MachineBasicBlock &Exit;
  TileASCoordinationBuilder &Coord;
  const pipes::SolveResult &Sol;
  const TileASAgentPartition &Partition;
  MachineFunction &MF;
  MachineRegisterInfo &MRI;
  const TargetInstrInfo &TII;
  std::vector<AgentRegion> Regions;
  DebugLoc DL;
};

} // namespace

/// Copies the instructions of the loop that Agent keeps into a new loop
/// block with fresh registers, between the agent's entry and exit.
void WarpSpecializer::cloneLoop(unsigned Agent) {
  AgentRegion &R = Regions[Agent - 1];
  R.Entry = newBlock();
  R.Loop = newBlock();
  // Right after the loop: the copy falls through where the original did.
  R.Exit = newBlock();
  BuildMI(R.Exit, DL, TII.get(TileAS::RET));

  DenseMap<Register, Register> Renamed;
  for (MachineInstr &MI : Loop) {
    if (!Partition.keeps(Agent, &MI))
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
          MO.setMBB(R.Entry);
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
void WarpSpecializer::readCrossings(unsigned Agent) {
  AgentRegion &R = Regions[Agent - 1];
  for (const auto &[Reg, X] : Partition.crossings(Agent)) {
    Register New = X.Outer;
    if (!New) {
      MachineInstr *Wait = nullptr;
      for (MachineInstr &MI : *R.Loop)
        if (MI.getOpcode() == TileAS::PIPE_CONSUMER_WAIT &&
            MI.getOperand(0).getImm() == X.Pipe) {
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
      Reads.push_back(BuildMI(*R.Loop, Where, DL, TII.get(Opc), New)
                          .addImm(X.Pipe)
                          .addReg(Wait->getOperand(2).getReg())
                          .addImm(X.Member)
                          .getInstr());
    }
    for (MachineOperand &MO : make_early_inc_range(MRI.use_operands(Reg)))
      if (MO.getParent()->getParent() == R.Loop)
        MO.setReg(New);
  }
}

/// The default agent keeps the original loop, without what other agents
/// issue; after the loop it reads in-place buffers as they were allocated.
void WarpSpecializer::pruneDefault() {
  unsigned Default = model::defaultAgent();
  for (const auto &[Reg, X] : Partition.crossings(Default))
    if (X.Outer)
      for (MachineOperand &MO : make_early_inc_range(MRI.use_operands(Reg)))
        if (MO.getParent()->getParent() != &Loop)
          MO.setReg(X.Outer);
  for (MachineInstr &MI : make_early_inc_range(reverse(Loop)))
    if (!Partition.keeps(Default, &MI))
      MI.eraseFromParent();
}

void WarpSpecializer::removeDeadPhis(MachineBasicBlock &MBB) {
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

/// The preheader goes to a chain of warp-index tests, each agent owning
/// the next Warps warps in td order; each agent's entry sets its registers.
void WarpSpecializer::buildDispatch() {
  ArrayRef<model::AgentRecord> Agents = model::agents();
  unsigned N = Agents.size();
  unsigned Launch = agentLaunchRegisters();
  for (unsigned A = 1; A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    const model::AgentRecord &Rec = Agents[A - 1];
    BuildMI(R.Entry, DL, TII.get(TileAS::AGENT_SWITCH))
        .addImm(A)
        .addImm(Rec.Warps)
        .addImm(Rec.Registers)
        .addImm(Rec.Registers > Launch ? 1 : 0);
    TII.insertBranch(*R.Entry, R.Loop, nullptr, {}, DL);
    R.Entry->addSuccessor(R.Loop);
  }

  MachineBasicBlock *First = Regions.front().Entry;
  if (N > 1) {
    std::vector<MachineBasicBlock *> Tests;
    for (unsigned A = 1; A < N; ++A) {
      MachineBasicBlock *T = MF.CreateMachineBasicBlock();
      MF.insert(Regions.front().Entry->getIterator(), T);
      Tests.push_back(T);
    }
    Register Warp = MRI.createVirtualRegister(&TileAS::GPR32RegClass);
    BuildMI(Tests.front(), DL, TII.get(TileAS::WARP_IDX), Warp);
    unsigned End = 0;
    for (unsigned A = 1; A < N; ++A) {
      MachineBasicBlock *T = Tests[A - 1];
      End += Agents[A - 1].Warps;
      Register Below = MRI.createVirtualRegister(&TileAS::PREDRegClass);
      BuildMI(T, DL, TII.get(TileAS::SETPri), Below)
          .addReg(Warp)
          .addImm(End)
          .addImm(TileAS::LT);
      MachineBasicBlock *Next = A + 1 < N ? Tests[A] : Regions[N - 1].Entry;
      MachineOperand Cond[] = {MachineOperand::CreateImm(TileAS::BR_P),
                               MachineOperand::CreateReg(Below, false)};
      TII.insertBranch(*T, Regions[A - 1].Entry, Next, Cond, DL);
      T->addSuccessor(Regions[A - 1].Entry);
      T->addSuccessor(Next);
    }
    First = Tests.front();
  }
  TII.removeBranch(Preheader);
  Preheader.removeSuccessor(&Loop);
  Preheader.addSuccessor(First);
  TII.insertBranch(Preheader, First, nullptr, {}, DL);
}

/// An agent with nothing to issue in the loop (only its control) and no
/// value read after it goes straight from its entry to its exit.
bool WarpSpecializer::skipIdleLoop(AgentRegion &R,
                                   const TileASCountedLoop &Counted) {
  for (MachineInstr &MI : *R.Loop) {
    if (&MI != Counted.IVPhi && &MI != Counted.Increment &&
        &MI != Counted.Compare && !MI.isTerminator())
      return false;
    for (const MachineOperand &Def : MI.all_defs())
      for (const MachineInstr &U : MRI.use_nodbg_instructions(Def.getReg()))
        if (U.getParent() != R.Loop)
          return false;
  }
  if (!R.Exit->phis().empty())
    return false;
  TII.removeBranch(*R.Entry);
  R.Entry->removeSuccessor(R.Loop);
  R.Entry->addSuccessor(R.Exit);
  TII.insertBranch(*R.Entry, R.Exit, nullptr, {}, DL);
  R.Loop->removeSuccessor(R.Exit);
  R.Loop->removeSuccessor(R.Loop);
  R.Loop->eraseFromParent();
  R.Loop = nullptr;
  return true;
}

std::vector<TileASExpandedLoop>
WarpSpecializer::run(ArrayRef<MachineInstr *> Ordered,
                     const DenseMap<MachineInstr *, int> &Stage) {
  unsigned N = Partition.numAgents();
  unsigned Default = model::defaultAgent();
  for (unsigned A = 1; A <= N; ++A)
    if (A != Default)
      cloneLoop(A);
  AgentRegion &Own = Regions[Default - 1];
  Own.Entry = newBlock();
  Own.Loop = &Loop;
  Own.Exit = &Exit;
  for (MachineInstr &MI : Loop)
    if (Partition.keeps(Default, &MI))
      Own.Copy[&MI] = &MI;
  Loop.replacePhiUsesWith(&Preheader, Own.Entry);

  pruneDefault();
  for (unsigned A = 1; A <= N; ++A)
    readCrossings(A);
  for (AgentRegion &R : Regions)
    removeDeadPhis(*R.Loop);
  buildDispatch();

  std::vector<TileASExpandedLoop> Expanded;
  for (unsigned A = 1; A <= N; ++A) {
    AgentRegion &R = Regions[A - 1];
    std::optional<TileASCountedLoop> Counted =
        TileASCountedLoop::analyze(*R.Loop);
    assert(Counted && "every agent keeps the loop control");
    Coord.emitExit(Sol, *Counted, *R.Exit, A, /*DrainWaits=*/A == Default);
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
      AgentStage[C] = Stage.lookup(MI);
      for (MachineInstr *Read : R.SlotReads.lookup(C)) {
        Order.push_back(Read);
        AgentStage[Read] = Stage.lookup(MI);
      }
    }
    Expanded.push_back(expandPipelinedLoop(*Counted, *R.Entry, Order,
                                           AgentStage, S.StageCount));
  }
  return Expanded;
}

std::vector<TileASExpandedLoop> llvm::warpSpecializeLoop(
    const TileASLoopSchedule &S, const TileASCountedLoop &Loop,
    MachineBasicBlock &Preheader, MachineBasicBlock &Exit,
    TileASCoordinationBuilder &Coord, const pipes::SolveResult &Sol,
    const TileASAgentPartition &Partition, ArrayRef<MachineInstr *> Ordered,
    const DenseMap<MachineInstr *, int> &Stage) {
  return WarpSpecializer(S, Loop, Preheader, Exit, Coord, Sol, Partition)
      .run(Ordered, Stage);
}
