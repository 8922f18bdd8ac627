//===- TileASTileWork.cpp - The tile loop's own work, per agent -----------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASTileWork.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "Materialize/TileASCoordinationInput.h"
#include "WarpSpecialize/TileASAgentPartition.h"

#include "tileas/Model/MachineModel.h"

#include "TileASSubtarget.h"
#include "llvm/ADT/STLExtras.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineLoopInfo.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetRegisterInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

using namespace llvm;
using namespace tileas;

static std::string agentName(const MachineFunction &MF, unsigned Agent) {
  return formatv("{0} ({1})", Agent, tileasMachine(MF).agents()[Agent - 1].Name)
      .str();
}

static std::string describe(const MachineInstr &MI) {
  std::string Text;
  raw_string_ostream OS(Text);
  MI.print(OS, /*IsStandalone=*/true, /*SkipOpers=*/false,
           /*SkipDebugLoc=*/true, /*AddNewLine=*/false);
  return "'" + Text + "'";
}

static std::string describe(const MachineFunction &MF, Register R) {
  std::string Text;
  raw_string_ostream OS(Text);
  OS << printReg(R, MF.getSubtarget().getRegisterInfo(), 0, &MF.getRegInfo());
  return Text;
}

/// The objects MMO reads or writes through (looking through the tile
/// loop's pointer PHIs), if they are all identified objects (noalias
/// arguments, allocations, globals): distinct ones do not alias.
static bool identifiedObjectsOf(const MachineMemOperand &MMO,
                                SmallVectorImpl<const Value *> &Objects) {
  const Value *V = MMO.getValue();
  if (!V)
    return false;
  SmallVector<const Value *, 4> Found;
  getUnderlyingObjects(V, Found);
  for (const Value *O : Found) {
    if (!isIdentifiedObject(O))
      return false;
    Objects.push_back(O);
  }
  return !Found.empty();
}

bool TileASTileWork::isUnwrittenLoad(const MachineInstr &MI) const {
  const MachineRegisterInfo &MRI = Nest->Inner->getParent()->getRegInfo();
  if (!MI.mayLoad() || MI.mayStore() || MI.hasUnmodeledSideEffects() ||
      MI.memoperands_empty() || MI.hasOrderedMemoryRef() ||
      TileAS::isCoordination(MI.getDesc()) || coordinationUnitOf(MI).second ||
      !all_of(MI.operands(), [&](const MachineOperand &MO) {
        return !MO.isReg() || isScalarRegister(MRI, MO.getReg());
      }))
    return false;
  // What it reads is reached only through identified objects...
  SmallVector<const Value *, 2> Read;
  for (const MachineMemOperand *MMO : MI.memoperands())
    if (!identifiedObjectsOf(*MMO, Read))
      return false;
  // ... that nothing the nest stores to is based on.
  for (const MachineBasicBlock *MBB : Nest->Outer->blocks())
    for (const MachineInstr &Other : *MBB) {
      if (!Other.mayStore() && !Other.hasUnmodeledSideEffects())
        continue;
      if (!Other.mayStore() || Other.memoperands_empty())
        return false;
      for (const MachineMemOperand *MMO : Other.memoperands()) {
        SmallVector<const Value *, 2> Written;
        if (!identifiedObjectsOf(*MMO, Written) ||
            any_of(Written,
                   [&](const Value *W) { return is_contained(Read, W); }))
          return false;
      }
    }
  return true;
}

bool TileASTileWork::loadsUnwritten(const MachineInstr &MI) const {
  return MI.mayLoad() && !MI.memoperands_empty() &&
         all_of(MI.memoperands(), [&](const MachineMemOperand *MMO) {
           return UnwrittenReads.count(MMO);
         });
}

bool TileASTileWork::isOwn(const MachineInstr &MI) const {
  const MachineBasicBlock *MBB = MI.getParent();
  return MBB != Nest->Inner && Nest->Outer->contains(MBB);
}

void TileASTileWork::add(unsigned Agent, const MachineInstr &MI) {
  if (Keep[Agent - 1].insert(&MI).second)
    Worklist[Agent - 1].push_back(&MI);
}

/// Agent reads R in User (an instruction it keeps, of the tile loop or of
/// the inner loop).
void TileASTileWork::need(unsigned Agent, Register R,
                          const MachineInstr &User) {
  if (!R.isVirtual())
    return;
  const MachineFunction &MF = *Nest->Inner->getParent();
  const MachineRegisterInfo &MRI = MF.getRegInfo();
  const MachineInstr *Def = MRI.getVRegDef(R);
  if (!Def)
    return;
  if (Def->getParent() == Nest->Inner) {
    // A value of the inner loop read by the tile loop.
    if (Keeps(Agent, *Def))
      return;
    unsigned From = homeAgentOf(*Def);
    if (isBufferedRegister(MRI, R) && From != Agent) {
      Crossings.insert({R, TileASTileCrossing{From, Agent}});
      return;
    }
    fail(formatv("agent {0} would read {1}, which only agent {2}'s copy of "
                 "the inner loop makes ({3}), in {4}",
                 agentName(MF, Agent), describe(MF, R), agentName(MF, From),
                 describe(*Def), describe(User))
             .str());
    return;
  }
  if (!isOwn(*Def))
    return; // Made before the tile loop: every warp has it.
  if (!Def->isPHI() && !isPureScalarInstr(*Def, MRI) &&
      !isUnwrittenLoad(*Def)) {
    unsigned Home = homeAgentOf(*Def);
    if (Home != Agent && User.getParent() == Nest->Inner &&
        is_contained(Nest->Before, Def->getParent()) &&
        isBufferedRegister(MRI, R) && coordinationUnitOf(*Def).second) {
      readTileInput(Agent, Home, R, *Def, User);
      return;
    }
    if (Home != Agent) {
      fail(formatv("agent {0} would read {1}, made by agent {2} in the tile "
                   "loop ({3}), in {4}",
                   agentName(MF, Agent), describe(MF, R), agentName(MF, Home),
                   describe(*Def), describe(User))
               .str());
      return;
    }
  }
  add(Agent, *Def);
}

void TileASTileWork::readTileInput(unsigned Agent, unsigned Home, Register R,
                                   const MachineInstr &Def,
                                   const MachineInstr &User) {
  const MachineFunction &MF = *Nest->Inner->getParent();
  auto [It, New] = TileInputs.insert({R, TileASTileCrossing{Home, Agent}});
  if (New || It->second.To == Agent)
    return;
  fail(formatv("agents {0} and {1} would both read {2}, made by agent {3} in "
               "the tile loop ({4}), in their inner loops ({5}): a per-tile "
               "pipe has one reading agent",
               agentName(MF, It->second.To), agentName(MF, Agent),
               describe(MF, R), agentName(MF, Home), describe(Def),
               describe(User))
           .str());
}

void TileASTileWork::close(unsigned Agent) {
  std::vector<const MachineInstr *> &Work = Worklist[Agent - 1];
  while (!Work.empty()) {
    const MachineInstr *MI = Work.back();
    Work.pop_back();
    for (const MachineOperand &MO : MI->uses())
      if (MO.isReg())
        need(Agent, MO.getReg(), *MI);
  }
}

TileASTileWork TileASTileWork::analyze(const TileASTileNest &Nest,
                                       unsigned NumAgents, InnerKeeps Keeps) {
  TileASTileWork W(Nest, NumAgents, Keeps);
  const MachineRegisterInfo &MRI = Nest.Inner->getParent()->getRegInfo();
  SmallVector<const MachineBasicBlock *, 8> OwnBlocks(Nest.Before.begin(),
                                                      Nest.Before.end());
  append_range(OwnBlocks, Nest.After);
  for (const MachineBasicBlock *MBB : OwnBlocks)
    for (const MachineInstr &MI : *MBB) {
      if (MI.isDebugInstr())
        continue;
      // The tile loop's control: every agent's.
      if (MI.isTerminator()) {
        for (unsigned A = 1; A <= NumAgents; ++A)
          W.add(A, MI);
        continue;
      }
      // Each agent that reads a scalar computes it, or loads it when the
      // nest does not write what it loads (a grouped GEMM's k-tile count).
      if (MI.isPHI() || isPureScalarInstr(MI, MRI))
        continue;
      if (W.isUnwrittenLoad(MI)) {
        W.UnwrittenReads.insert(MI.memoperands_begin(), MI.memoperands_end());
        continue;
      }
      if (TileAS::isCoordination(MI.getDesc())) {
        W.fail(formatv("the tile loop already holds coordination ({0})",
                       describe(MI))
                   .str());
        continue;
      }
      W.add(homeAgentOf(MI), MI);
    }
  // What each agent's inner loop reads from the tile loop (what it reads
  // from the inner loop is the inner partition's business).
  for (const MachineInstr &MI : *Nest.Inner)
    for (unsigned A = 1; A <= NumAgents; ++A)
      if (Keeps(A, MI))
        for (const MachineOperand &MO : MI.uses())
          if (MO.isReg() && MO.getReg().isVirtual())
            if (const MachineInstr *Def = MRI.getVRegDef(MO.getReg()))
              if (W.isOwn(*Def))
                W.need(A, MO.getReg(), MI);
  for (unsigned A = 1; A <= NumAgents; ++A)
    W.close(A);
  W.Nest = nullptr;
  W.Keeps = nullptr;
  return W;
}
