//===- TileASTileWorkPlacement.h - Tile work where warps idle ---*- C++ -*-===//
//
// Part of the TileAS project.
//
//===----------------------------------------------------------------------===//
//
// An agent's tile loop carries scalar work for a later tile (a grouped
// GEMM's next k-tile count: its index, address and load) that no
// instruction of the current tile reads. In an in-order warp such work costs
// nothing where the warp would wait anyway: for an operand's latency, for a
// slot an asynchronous operation holds (the tensor core between MMAs, the
// copy engine between TMAs). placeTileWorkChain estimates when each
// instruction of a block issues (the machine model's latencies and slot
// holds, as tileas-sim counts them) and puts each step of the work in the
// first cycle where it is ready and delays nothing of the block's own,
// the steps with the longest way to their end first; what finds no such
// cycle goes before the block's terminators.
//
//===----------------------------------------------------------------------===//

#ifndef TILEAS_TILEASTILEWORKPLACEMENT_H
#define TILEAS_TILEASTILEWORKPLACEMENT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/CodeGen/Register.h"

namespace llvm {

class MachineBasicBlock;
class MachineInstr;

/// Copies Chain into Site: single-result instructions in dependence order,
/// each reading registers available in all of Site or the results of
/// instructions before it in Chain (the copies read the copies). Chain's
/// instructions stay where they are. Returns each Chain result's copy by
/// the result.
DenseMap<Register, Register> placeTileWorkChain(ArrayRef<MachineInstr *> Chain,
                                                MachineBasicBlock &Site);

/// The cycles the in-order issue of Site's instructions would take by the
/// same estimate (from its first instruction to its last, everything
/// defined before it ready at once): what placeTileWorkChain may add to.
unsigned estimateIssueCycles(const MachineBasicBlock &Site);

} // namespace llvm

#endif // TILEAS_TILEASTILEWORKPLACEMENT_H
