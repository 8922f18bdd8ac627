//===- TileASMaterializeCheck.cpp - Self-check of materialized loops ------===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//

#include "TileASMaterializeCheck.h"
#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/CodeGen/MachineFunction.h"
#include "llvm/CodeGen/MachineInstr.h"
#include "llvm/CodeGen/TargetInstrInfo.h"
#include "llvm/CodeGen/TargetSubtargetInfo.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

using namespace llvm;
using namespace tileas;

static bool isCoordination(const MachineInstr &MI) {
  return TileAS::isCoordination(MI.getDesc());
}

/// The next instruction after I in its block that is not coordination, or
/// null.
static const MachineInstr *nextGuarded(const MachineInstr &I) {
  for (MachineBasicBlock::const_iterator
           It = std::next(MachineBasicBlock::const_iterator(I)),
           E = I.getParent()->end();
       It != E; ++It)
    if (!isCoordination(*It) && !It->isDebugInstr())
      return It->isTerminator() ? nullptr : &*It;
  return nullptr;
}

std::string llvm::checkMaterializedLoop(MachineFunction &MF,
                                        const pipes::SolveResult &Solution,
                                        unsigned Copies) {
  std::map<int64_t, bool> IsRing;
  for (const pipes::Pipe &P : Solution.Pipes)
    IsRing[P.Id] = P.Kind == pipes::PipeKind::Ring;
  // (pipe, opcode) -> count; pipe -> its PIPE_CREATE.
  std::map<std::pair<int64_t, unsigned>, unsigned> Count;
  std::map<int64_t, const MachineInstr *> Creates;
  std::map<int64_t, int> MutexBalance;
  for (const MachineBasicBlock &MBB : MF)
    for (const MachineInstr &MI : MBB) {
      unsigned Opc = MI.getOpcode();
      if (Opc == TileAS::PIPE_CREATE) {
        Creates[MI.getOperand(0).getImm()] = &MI;
        continue;
      }
      if (Opc == TileAS::MUTEX_LOCK)
        ++MutexBalance[MI.getOperand(0).getImm()];
      if (Opc == TileAS::MUTEX_UNLOCK)
        --MutexBalance[MI.getOperand(0).getImm()];
      if (!isCoordination(MI) || Opc == TileAS::MUTEX_LOCK ||
          Opc == TileAS::MUTEX_UNLOCK)
        continue;
      int64_t Pipe = MI.getOperand(0).getImm();
      ++Count[{Pipe, Opc}];
      if (Opc == TileAS::PIPE_PRODUCER_ACQUIRE) {
        if (!nextGuarded(MI))
          return formatv("bb.{0}: an acquire of pipe {1} guards nothing",
                         MBB.getNumber(), Pipe);
        // The commit of the same iteration follows the producers (one, or
        // an in-place chain) before the pipe is acquired again.
        MachineBasicBlock::const_iterator It =
            std::next(MachineBasicBlock::const_iterator(MI));
        while (It != MBB.end() &&
               !((It->getOpcode() == TileAS::PIPE_PRODUCER_COMMIT ||
                  It->getOpcode() == TileAS::PIPE_PRODUCER_ACQUIRE) &&
                 It->getOperand(0).getImm() == Pipe))
          ++It;
        if (It == MBB.end() ||
            It->getOpcode() != TileAS::PIPE_PRODUCER_COMMIT ||
            It->getOperand(2).getReg() != MI.getOperand(2).getReg())
          return formatv("bb.{0}: an acquire of pipe {1} is not followed by "
                         "its commit for the same iteration",
                         MBB.getNumber(), Pipe);
      }
      if (Opc == TileAS::PIPE_CONSUMER_WAIT && IsRing[Pipe] && !nextGuarded(MI))
        return formatv("bb.{0}: a wait on pipe {1} guards nothing",
                       MBB.getNumber(), Pipe);
    }

  for (const pipes::Pipe &P : Solution.Pipes) {
    auto It = Creates.find(P.Id);
    if (It == Creates.end())
      return formatv("pipe {0} has no PIPE_CREATE", P.Id);
    const MachineInstr &C = *It->second;
    if (C.getOperand(1).getImm() != int64_t(P.Depth) ||
        C.getOperand(3).getImm() != int64_t(P.FullBarrier) ||
        C.getOperand(4).getImm() != int64_t(P.EmptyBarrier))
      return formatv("PIPE_CREATE of pipe {0} disagrees with the solve step",
                     P.Id);
    if (P.Kind != pipes::PipeKind::Ring)
      continue;
    for (unsigned Opc : {unsigned(TileAS::PIPE_PRODUCER_ACQUIRE),
                         unsigned(TileAS::PIPE_PRODUCER_COMMIT),
                         unsigned(TileAS::PIPE_CONSUMER_WAIT),
                         unsigned(TileAS::PIPE_CONSUMER_RELEASE)}) {
      unsigned N = Count[{P.Id, Opc}];
      if (N != Copies)
        return formatv("pipe {0} has {1} copies of {2}; the expanded loop "
                       "needs {3}",
                       P.Id, N, MF.getSubtarget().getInstrInfo()->getName(Opc),
                       Copies);
    }
  }
  for (auto [Bar, Balance] : MutexBalance)
    if (Balance != 0)
      return formatv("mutex barrier {0} has {1} more locks than unlocks", Bar,
                     Balance);
  return "";
}
