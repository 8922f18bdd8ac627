//===- TileASLoopPeel.h - A single-block loop's first iteration -*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// Peeling the first iteration of a single-block loop: a copy of its body
// runs before it and enters it only if the loop goes on. The grouped GEMM's
// agents peel the original k-loop's first iteration to give the next
// tiles' count chain a place between asynchronous work
// (TileASTileLoopControl.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_WARPSPECIALIZE_TILEASLOOPPEEL_H
#define TILEAS_WARPSPECIALIZE_TILEASLOOPPEEL_H

namespace llvm {

class MachineBasicBlock;
class MachineFunction;
class MachineRegisterInfo;
class TargetInstrInfo;

/// Is L a single-block loop, entered from one block outside it and leaving
/// to one, Exit, which reads L's values only through its PHIs?
bool canPeelFirstIteration(MachineBasicBlock &L,
                           const MachineRegisterInfo &MRI);

/// Peels the first iteration of L (canPeelFirstIteration): a copy of L's
/// body runs before L and enters L only if the loop goes on. Returns the
/// copy, or null (nothing changed) when L is not of that shape.
MachineBasicBlock *peelFirstIteration(MachineBasicBlock &L, MachineFunction &MF,
                                      MachineRegisterInfo &MRI,
                                      const TargetInstrInfo &TII);

} // namespace llvm

#endif // TILEAS_WARPSPECIALIZE_TILEASLOOPPEEL_H
