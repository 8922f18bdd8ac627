//===- TileASBlockRegisterPeak.h - Registers an order keeps -----*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// The most 32-bit registers (TileASRegisterUnits.h) that one order of a
// block's instructions keeps live at once, before register allocation:
// tileas-event-schedule keeps a block's order when the order it would choose
// for its event budgets needs more registers than an agent may hold.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_EVENTSCHEDULE_TILEASBLOCKREGISTERPEAK_H
#define TILEAS_EVENTSCHEDULE_TILEASBLOCKREGISTERPEAK_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm {

class MachineBasicBlock;
class MachineInstr;

/// The peak of live 32-bit registers when MBB's PHIs, then Order (every
/// other non-terminator of MBB once), then its terminators run: a virtual
/// register is live from its definition in the block (or the block's start)
/// to its last use in the block (or the block's end when a later block or a
/// PHI reads it).
unsigned peakLiveRegisterUnits(const MachineBasicBlock &MBB,
                               ArrayRef<const MachineInstr *> Order);

} // namespace llvm

#endif // TILEAS_EVENTSCHEDULE_TILEASBLOCKREGISTERPEAK_H
