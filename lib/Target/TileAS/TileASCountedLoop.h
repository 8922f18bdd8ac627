//===- TileASCountedLoop.h - Counted one-block loops ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A counted loop is a single-block do-while loop
//
//   %iv   = PHI %init, %preheader, %next, %loop
//   %next = ADDri %iv, Step
//   %p    = SETPri/SETPrr (%next or %iv), Bound, CC
//   BR_P %p, %loop          (or BR_NP %p, %exit; BRA %loop)
//
// whose Init and Bound are defined outside the loop. Its trip count T is at
// least 1, and T > K holds exactly when iteration K runs, i.e. when the
// compare at the end of iteration K - 1 lets the loop continue:
// Init + (K + Offset) * Step CC' Bound, where Offset is 0 if the compare
// reads %next and -1 if it reads %iv, and CC' is the continue condition (for
// an NE loop, which must meet its bound exactly, LT counting up and GT
// counting down: NE would also hold for a bound the first K values passed
// already). Both stock
// MachinePipeliner (through PipelinerLoopInfo) and tileas-materialize-schedule
// use this to guard prologues.
//
// The compare stays in the loop (a "soft" loop, unlike a hardware loop
// counter set up in the preheader), in stage 0 of the schedule: then the
// kernel's copy tests the newest iteration and decides whether the next one
// starts, and the kernel runs exactly T - (stages - 1) times without any
// adjustment of its bound.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASCOUNTEDLOOP_H
#define TILEAS_TILEASCOUNTEDLOOP_H

#include "MCTargetDesc/TileASMCTargetDesc.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/CodeGen/MachineBasicBlock.h"
#include "llvm/CodeGen/MachineOperand.h"

#include <optional>

namespace llvm {

class MachineInstr;
class TargetInstrInfo;

struct TileASCountedLoop {
  MachineBasicBlock *Loop = nullptr;
  MachineBasicBlock *Exit = nullptr;
  MachineInstr *IVPhi = nullptr;
  MachineInstr *Increment = nullptr;
  MachineInstr *Compare = nullptr;
  MachineInstr *Branch = nullptr; ///< The conditional branch.
  Register Init;                  ///< Incoming value from the preheader.
  int64_t Step = 0;
  int Offset = 0; ///< 0 when the compare reads %next, -1 when it reads %iv.
  TileAS::CondCode CC = TileAS::LT;
  /// True when the loop continues if the compare is false (BR_NP to loop, or
  /// BR_P to the exit).
  bool ContinueOnFalse = false;

  /// Recognizes the counted loop in the single-block loop MBB, or returns
  /// nullopt (the caller then leaves the loop alone).
  static std::optional<TileASCountedLoop> analyze(MachineBasicBlock &MBB);

  /// The bound operand of the compare (a register or an immediate).
  const MachineOperand &bound() const { return Compare->getOperand(2); }

  /// If the trip count is known at compile time, returns it.
  std::optional<int64_t> constantTripCount() const;

  /// Emits at the end of MBB (before its terminators) a test of "trip count
  /// > K" and returns the branch condition in Cond ([opcode, predicate]).
  /// Returns true/false instead when the answer is known statically.
  std::optional<bool>
  emitTripCountGreater(int64_t K, MachineBasicBlock &MBB,
                       SmallVectorImpl<MachineOperand> &Cond,
                       const TargetInstrInfo &TII) const;
};

} // namespace llvm

#endif // TILEAS_TILEASCOUNTEDLOOP_H
