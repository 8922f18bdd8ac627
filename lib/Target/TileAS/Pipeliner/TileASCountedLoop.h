//===- TileASCountedLoop.h - Counted one-block loops ------------*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// A counted loop is a single-block do-while loop
//
//   %iv   = PHI %init, %preheader, %next, %loop
//   %next = ADDri %iv, Step                       (or SUBri)
//   %v    = %iv + D, through ADDri/SUBri/XORri     (D = Step for %next)
//   %p    = SETPri/SETPrr %v, Bound, CC            (or Bound, %v)
//   BR_P %p, %loop          (or BR_NP %p, %exit; BRA %loop)
//
// whose Init and Bound are defined outside the loop. The compared value %v
// is the induction value plus a constant: the IV itself, its increment, or
// (as opt -O2 leaves a loop it unrolled) either plus or minus a constant,
// or flipped in its sign bit (an unsigned compare: XORri 0x80000000, which
// in 32-bit arithmetic is adding 2^31). Its trip count T is at least 1, and
// T > K holds exactly when iteration K runs, i.e. when the compare at the
// end of iteration K - 1 lets the loop continue:
//
//   Init + (K + Offset) * Step + Adjust  CC'  Bound    (32-bit, wrapping)
//
// where Offset is 0 if the compare reads %next (Adjust 0) and -1 otherwise
// (Adjust is then D), and CC' is the continue condition (for an NE loop,
// which must meet its bound exactly, LT counting up and GT counting down: NE
// would also hold for a bound the first K values passed already). Both stock
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
#include <string>

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
  int Offset = 0; ///< 0 when the compare reads %next, -1 otherwise.
  /// Added to Init + (K + Offset) * Step to give the compared value; in
  /// [-2^31, 2^31), the arithmetic being 32-bit.
  int64_t Adjust = 0;
  /// The compare with the compared value first: CC is the compare's own
  /// condition code, or its mirror when the bound is the first operand.
  TileAS::CondCode CC = TileAS::LT;
  /// The compare's operand holding the bound (2, or 1 when mirrored).
  unsigned BoundIdx = 2;
  /// True when the loop continues if the compare is false (BR_NP to loop, or
  /// BR_P to the exit).
  bool ContinueOnFalse = false;

  /// Recognizes the counted loop in the single-block loop MBB, or returns
  /// nullopt (the caller then leaves the loop alone) and, if WhyNot is
  /// given, says there what part of the loop control is not counted.
  static std::optional<TileASCountedLoop>
  analyze(MachineBasicBlock &MBB, std::string *WhyNot = nullptr);

  /// Reads Init again from the induction PHI: expanding an earlier loop of
  /// the function may have renamed the value the induction starts from.
  void refreshInit();

  /// The bound operand of the compare (a register or an immediate).
  const MachineOperand &bound() const { return Compare->getOperand(BoundIdx); }

  /// The condition under which the loop goes on, with the compared value
  /// first.
  TileAS::CondCode continueCondition() const {
    return ContinueOnFalse ? TileAS::inverseCondCode(CC) : CC;
  }

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
