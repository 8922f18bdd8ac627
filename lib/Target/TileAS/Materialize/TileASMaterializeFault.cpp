//===- TileASMaterializeFault.cpp - Faults for the self-check -------------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "Materialize/TileASMaterializeFault.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"
#include "tileas/MIRExec/CoordinationOperands.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/Support/ErrorHandling.h"

#include <tuple>

using namespace llvm;
using namespace tileas;

void llvm::injectMaterializeFault(StringRef Fault, TileASExpandedLoop &E,
                                  pipes::SolveResult &Solved,
                                  const TileASMaterializedLoop &C) {
  if (Fault.empty())
    return;
  using TileAS::OpName;
  MachineBasicBlock *Body = E.Kernel ? E.Kernel : E.Fallback;
  auto First = [&](unsigned Opc) -> MachineInstr * {
    for (MachineInstr &MI : *Body)
      if (MI.getOpcode() == Opc)
        return &MI;
    return nullptr;
  };
  auto Erase = [&](MachineInstr *MI) {
    if (MI) {
      E.Copies.erase(MI);
      MI->eraseFromParent();
    }
  };
  if (Fault == "drop-wait") {
    Erase(First(TileAS::PIPE_CONSUMER_WAIT));
  } else if (Fault == "drop-release") {
    Erase(First(TileAS::PIPE_CONSUMER_RELEASE));
  } else if (Fault == "wrong-iteration") {
    MachineInstr *Wait = First(TileAS::PIPE_CONSUMER_WAIT);
    MachineInstr *Acquire = First(TileAS::PIPE_PRODUCER_ACQUIRE);
    if (Wait && Acquire)
      namedOperand(*Wait, OpName::iter)
          .setReg(namedOperand(*Acquire, OpName::iter).getReg());
  } else if (Fault == "early-release") {
    // A loop-carried release (Hopper) of this iteration's slot instead of
    // the previous one's: before this iteration's later wgmmas read it.
    for (MachineInstr &MI : *Body) {
      if (MI.getOpcode() != TileAS::PIPE_CONSUMER_RELEASE)
        continue;
      MachineOperand &It = namedOperand(MI, OpName::iter);
      MachineInstr *Def = MI.getPrevNode();
      if (Def && Def->getOpcode() == TileAS::ADDri &&
          Def->getOperand(0).getReg() == It.getReg()) {
        It.setReg(Def->getOperand(1).getReg());
        break;
      }
    }
  } else if (Fault == "shallow-ring") {
    for (pipes::Pipe &P : Solved.Pipes)
      if (P.Kind == pipes::PipeKind::Ring && P.Depth > 1) {
        --P.Depth;
        for (MachineInstr &MI : *C.Preheader)
          if (MI.getOpcode() == TileAS::PIPE_CREATE &&
              namedOperand(MI, OpName::pipe).getImm() == P.Id)
            namedOperand(MI, OpName::depth).setImm(P.Depth);
        // Its tail after the loop is one acquire shorter too.
        MachineInstr *LastTail = nullptr;
        for (MachineInstr &MI : *C.Exit)
          if (MI.getOpcode() == TileAS::PIPE_PRODUCER_ACQUIRE &&
              namedOperand(MI, OpName::pipe).getImm() == P.Id)
            LastTail = &MI;
        if (LastTail)
          LastTail->eraseFromParent();
        break;
      }
  } else if (Fault == "mutex-side") {
    if (MachineInstr *Lock = First(TileAS::MUTEX_LOCK)) {
      MachineOperand &Side = namedOperand(*Lock, OpName::side);
      Side.setImm(1 - Side.getImm());
    }
  } else if (Fault == "barrier-budget") {
    // A named barrier beyond the ids left, or else two pipes on one
    // mbarrier.
    auto Named = llvm::find_if(
        Solved.Mutexes, [](const pipes::Mutex &M) { return !M.Mbarrier; });
    if (Named != Solved.Mutexes.end())
      Named->Barrier = C.BarrierLimit;
    else if (Solved.Pipes.size() > 1)
      Solved.Pipes.back().FullBarrier = Solved.Pipes.front().FullBarrier;
  } else if (Fault == "kernel-order") {
    // Swap two neighbours that the schedule orders and that do not depend
    // on each other.
    auto Key = [&](const MachineInstr &MI) {
      return kernelOrderKey(
          C.Placement[C.SchedIndex[E.Copies.lookup(&MI).OrderIndex]], C.II);
    };
    for (MachineInstr &A : *Body) {
      MachineInstr *B = A.getNextNode();
      if (!B || !E.Copies.count(&A) || !E.Copies.count(B) ||
          TileAS::isCoordination(A.getDesc()) ||
          TileAS::isCoordination(B->getDesc()) || Key(A) == Key(*B))
        continue;
      bool Depends = false;
      for (const MachineOperand &Def : A.all_defs())
        Depends |= B->readsRegister(Def.getReg(), /*TRI=*/nullptr);
      if (Depends)
        continue;
      Body->splice(A.getIterator(), Body, B->getIterator());
      break;
    }
  } else {
    report_fatal_error("unknown -tileas-materialize-inject-fault '" +
                       Twine(Fault) + "'");
  }
}
