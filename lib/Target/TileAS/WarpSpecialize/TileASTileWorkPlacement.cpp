//===- TileASTileWorkPlacement.cpp - Tile work where the warp idles -------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASTileWorkPlacement.h"
#include "TileASSubtarget.h"

#include "tileas/Model/MachineModel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"

#include <algorithm>

using namespace llvm;

namespace {
/// When each instruction of a block would issue in an in-order warp: no
/// earlier than the instruction before it, its operands' results (the
/// model's latency after their issue) and the end of the holds of its
/// slots. Instructions the model does not time (PHIs, coordination,
/// branches) take nothing. An estimate: barrier waits are taken as passed.
class IssueTimeline {
public:
  explicit IssueTimeline(const tileas::model::Machine &M) : M(M) {}

  /// The cycle MI would issue at now, reading each register R as Rename(R).
  template <typename RenameT>
  unsigned earliest(const MachineInstr &MI, RenameT Rename) const {
    unsigned Cycle = Now;
    for (const MachineOperand &MO : MI.uses())
      if (MO.isReg() && MO.getReg().isVirtual())
        Cycle = std::max(Cycle, Ready.lookup(Rename(MO.getReg())));
    if (const tileas::model::ResourceVectorRecord *RV = vectorOf(MI))
      for (const tileas::model::SlotTripleRecord &S : M.triples(*RV))
        Cycle = std::max(Cycle, SlotFree.lookup(S.Slot));
    return Cycle;
  }
  unsigned earliest(const MachineInstr &MI) const {
    return earliest(MI, [](Register R) { return R; });
  }

  /// Issues MI (its results in the registers it defines) at Cycle.
  void issue(const MachineInstr &MI, unsigned Cycle) {
    Now = std::max(Now, Cycle);
    const tileas::model::ResourceVectorRecord *RV = vectorOf(MI);
    if (!RV)
      return;
    for (const tileas::model::SlotTripleRecord &S : M.triples(*RV))
      SlotFree[S.Slot] = std::max(SlotFree.lookup(S.Slot), Cycle + S.Duration);
    for (const MachineOperand &Def : MI.all_defs())
      if (Def.getReg().isVirtual())
        Ready[Def.getReg()] = Cycle + RV->Latency;
  }

  unsigned now() const { return Now; }

private:
  const tileas::model::ResourceVectorRecord *
  vectorOf(const MachineInstr &MI) const {
    if (MI.isPHI() || MI.isTerminator())
      return nullptr;
    const tileas::model::OpcodeRecord *Rec = M.lookupOpcode(MI.getOpcode());
    return Rec ? &M.resourceVector(*Rec) : nullptr;
  }

  const tileas::model::Machine &M;
  unsigned Now = 0;
  DenseMap<Register, unsigned> Ready;
  DenseMap<unsigned, unsigned> SlotFree;
};
} // namespace

unsigned llvm::estimateIssueCycles(const MachineBasicBlock &Site) {
  IssueTimeline Timeline(tileasMachine(*Site.getParent()));
  for (const MachineInstr &MI : Site)
    Timeline.issue(MI, Timeline.earliest(MI));
  return Timeline.now();
}

DenseMap<Register, Register>
llvm::placeTileWorkChain(ArrayRef<MachineInstr *> Chain,
                         MachineBasicBlock &Site) {
  MachineFunction &MF = *Site.getParent();
  MachineRegisterInfo &MRI = MF.getRegInfo();
  const tileas::model::Machine &M = tileasMachine(MF);
  DenseMap<Register, Register> Map;
  auto Rename = [&](Register R) {
    Register New = Map.lookup(R);
    return New ? New : R;
  };

  // Each step's chain position, the steps it reads, and its height: its
  // latency plus the longest height of a step that reads it.
  DenseMap<Register, unsigned> StepOf;
  for (unsigned I = 0, E = Chain.size(); I != E; ++I)
    StepOf[Chain[I]->getOperand(0).getReg()] = I;
  SmallVector<SmallVector<unsigned, 2>, 16> Reads(Chain.size());
  for (unsigned I = 0, E = Chain.size(); I != E; ++I)
    for (const MachineOperand &MO : Chain[I]->uses())
      if (MO.isReg() && StepOf.count(MO.getReg()))
        Reads[I].push_back(StepOf.lookup(MO.getReg()));
  SmallVector<unsigned, 16> Height(Chain.size(), 0);
  for (unsigned I = Chain.size(); I-- > 0;) {
    const tileas::model::OpcodeRecord *Rec =
        M.lookupOpcode(Chain[I]->getOpcode());
    Height[I] += Rec ? M.resourceVector(*Rec).Latency : 0;
    for (unsigned R : Reads[I])
      Height[R] = std::max(Height[R], Height[I]);
  }

  SmallVector<bool, 16> Placed(Chain.size(), false);
  auto IsReady = [&](unsigned I) {
    return !Placed[I] &&
           all_of(Reads[I], [&](unsigned R) { return Placed[R]; });
  };
  auto CopyBefore = [&](unsigned I, MachineBasicBlock::iterator At) {
    MachineInstr *C = MF.CloneMachineInstr(Chain[I]);
    Site.insert(At, C);
    for (MachineOperand &MO : C->uses())
      if (MO.isReg()) {
        MO.setIsKill(false);
        MO.setReg(Rename(MO.getReg()));
      }
    MachineOperand &Def = C->getOperand(0);
    Register New = MRI.createVirtualRegister(MRI.getRegClass(Def.getReg()));
    Map[Def.getReg()] = New;
    Def.setReg(New);
    Placed[I] = true;
    return C;
  };
  // The ready step with the greatest height (the earliest in the chain on a
  // tie), or none.
  auto Highest = [&](function_ref<bool(unsigned)> Fits) -> int {
    int Best = -1;
    for (unsigned I = 0, E = Chain.size(); I != E; ++I)
      if (IsReady(I) && Fits(I) && (Best < 0 || Height[I] > Height[Best]))
        Best = I;
    return Best;
  };

  IssueTimeline Timeline(M);
  MachineBasicBlock::iterator End = Site.getFirstTerminator();
  for (MachineBasicBlock::iterator It = Site.getFirstNonPHI(); It != End;
       ++It) {
    MachineInstr &Own = *It;
    // Steps that issue before Own would and do not delay it.
    for (;;) {
      unsigned OwnCycle = Timeline.earliest(Own);
      int Step = Highest([&](unsigned I) {
        unsigned Cycle = Timeline.earliest(*Chain[I], Rename);
        if (Cycle > OwnCycle)
          return false;
        IssueTimeline After = Timeline;
        After.issue(*Chain[I], Cycle);
        return After.earliest(Own) <= OwnCycle;
      });
      if (Step < 0)
        break;
      unsigned Cycle = Timeline.earliest(*Chain[Step], Rename);
      Timeline.issue(*CopyBefore(Step, It), Cycle);
    }
    Timeline.issue(Own, Timeline.earliest(Own));
  }
  // The rest before the terminators, the highest ready step first.
  for (int Step; (Step = Highest([](unsigned) { return true; })) >= 0;) {
    MachineInstr *C = CopyBefore(Step, End);
    Timeline.issue(*C, Timeline.earliest(*C));
  }
  return Map;
}
