//===- TileASLoopPeel.cpp - A single-block loop's first iteration ---------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "WarpSpecialize/TileASLoopPeel.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstrBuilder.h"
#include "llvm/CodeGen/MachineRegisterInfo.h"
#include "llvm/CodeGen/TargetInstrInfo.h"

using namespace llvm;

bool llvm::canPeelFirstIteration(MachineBasicBlock &L,
                                 const MachineRegisterInfo &MRI) {
  if (L.succ_size() != 2 || L.pred_size() != 2 || !L.isSuccessor(&L))
    return false;
  MachineBasicBlock *Exit =
      *find_if(L.successors(), [&](MachineBasicBlock *S) { return S != &L; });
  // Every value of L read outside it is read by a PHI of Exit.
  for (MachineInstr &MI : L)
    for (const MachineOperand &Def : MI.all_defs()) {
      if (!Def.getReg().isVirtual())
        return false;
      for (const MachineInstr &Use : MRI.use_nodbg_instructions(Def.getReg()))
        if (Use.getParent() != &L && !(Use.isPHI() && Use.getParent() == Exit))
          return false;
    }
  return true;
}

MachineBasicBlock *llvm::peelFirstIteration(MachineBasicBlock &L,
                                            MachineFunction &MF,
                                            MachineRegisterInfo &MRI,
                                            const TargetInstrInfo &TII) {
  if (!canPeelFirstIteration(L, MRI))
    return nullptr;
  MachineBasicBlock *Pre =
      *find_if(L.predecessors(), [&](MachineBasicBlock *P) { return P != &L; });
  MachineBasicBlock *Exit =
      *find_if(L.successors(), [&](MachineBasicBlock *S) { return S != &L; });
  MachineBasicBlock *Peel = MF.CreateMachineBasicBlock(L.getBasicBlock());
  MF.insert(L.getIterator(), Peel);
  DenseMap<Register, Register> Map;
  for (MachineInstr &Phi : L.phis())
    for (unsigned I = 1, E = Phi.getNumOperands(); I + 1 < E; I += 2)
      if (Phi.getOperand(I + 1).getMBB() == Pre)
        Map[Phi.getOperand(0).getReg()] = Phi.getOperand(I).getReg();
  for (MachineInstr &MI : L) {
    if (MI.isPHI())
      continue;
    MachineInstr *C = MF.CloneMachineInstr(&MI);
    Peel->push_back(C);
    for (MachineOperand &MO : C->operands()) {
      if (!MO.isReg() || !MO.getReg().isVirtual())
        continue;
      if (MO.isDef()) {
        Register New = MRI.createVirtualRegister(MRI.getRegClass(MO.getReg()));
        Map[MO.getReg()] = New;
        MO.setReg(New);
      } else if (Register New = Map.lookup(MO.getReg())) {
        MO.setReg(New);
      }
    }
  }
  // L fell through to its exit: the copy, placed before L, branches there.
  if (Peel->back().getOpcode() != TileAS::BRA)
    BuildMI(Peel, DebugLoc(), TII.get(TileAS::BRA)).addMBB(Exit);
  for (auto S = L.succ_begin(), E = L.succ_end(); S != E; ++S)
    Peel->copySuccessor(&L, S);
  Pre->ReplaceUsesOfBlockWith(&L, Peel);
  // L is entered from the copy with the copy's values; Exit is reached
  // from the copy too.
  for (MachineInstr &Phi : L.phis())
    for (unsigned I = 1, E = Phi.getNumOperands(); I + 1 < E; I += 2)
      if (Phi.getOperand(I + 1).getMBB() == Pre) {
        Register Back;
        for (unsigned J = 1; J + 1 < E; J += 2)
          if (Phi.getOperand(J + 1).getMBB() == &L)
            Back = Phi.getOperand(J).getReg();
        Register New = Map.lookup(Back);
        Phi.getOperand(I).setReg(New ? New : Back);
        Phi.getOperand(I + 1).setMBB(Peel);
      }
  for (MachineInstr &Phi : Exit->phis()) {
    Register FromL;
    for (unsigned I = 1, E = Phi.getNumOperands(); I + 1 < E; I += 2)
      if (Phi.getOperand(I + 1).getMBB() == &L)
        FromL = Phi.getOperand(I).getReg();
    if (!FromL)
      continue;
    Register New = Map.lookup(FromL);
    Phi.addOperand(MF, MachineOperand::CreateReg(New ? New : FromL, false));
    Phi.addOperand(MF, MachineOperand::CreateMBB(Peel));
  }
  return Peel;
}
